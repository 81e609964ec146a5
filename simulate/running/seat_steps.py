"""A balance search for a seat knob: root-finding, not sampling.

When every searched value is the game's seat knob (``Game.seat_knob``: a compensation or a
starting resource, one value per seat) and the objective is the seat term alone, "fair" is a root:
the knob values at which every seat wins 1/P. A sampled search (the cross-entropy method) spends
most of its games on settings far from it and, from the printed corner (no compensation), missed
the fair region at 4 and 5 EOS players by 5-7 points (docs/balance.md). This search steps to the
root instead (a stochastic Newton method, as Robbins-Monro, on a model of the win rates):

    log p_s = c_s + b * x_s + (the same for every seat in a game)

each seat's win rate rising (or falling) by one common factor per unit of its knob. Each step plays
one setting on fresh seeds, twice the games of the step before, fits c_s and b to every step so
far by least squares (each seat's log win rate relative to the seats the search does not move, or
to the mean of all seats when it moves every one), and moves every knob to where the model puts
each seat at the reference's rate. The first step past the printed values is a probe of a quarter
of each range towards fair (b is unknown until two settings are played). Typically three or four
steps reach the fair region; the rest of the budget narrows it.
"""
import numpy as np

STEPS = 7                    # settings played, each on twice the games of the one before
PROBE = 0.25                 # the first move, as a share of each range


def seat_params(game, params, players, terms_):
    """Each param's seat where every one is the game's seat knob at a distinct seat of `players`
    (one count) and the objective is the seat term alone; else None (the sampled search applies)."""
    if not game.seat_knob or not isinstance(players, int) or [t.name for t in terms_] != ["seat"]:
        return None
    keys = {knob.split("=")[0].replace(" ", ""): s for s in range(players)
            for knob in game.seat_params(players, s, above=False)}           # the knob at seat s itself
    seats = [keys.get(p.key.replace(" ", "")) for p in params]
    if None in seats or len(set(seats)) != len(seats):
        return None
    return seats


def log_rates(seat_wins, games):
    """Each seat's log win rate, a half win added to each seat (a seat that never won stays finite)."""
    return np.log((np.asarray(seat_wins, float) + 0.5) / (games + 0.5 * len(seat_wins)))


def relative(logs, seats):
    """Log win rates of the moved `seats` against the reference: the mean of the seats not moved,
    or of every seat when all move."""
    fixed = [s for s in range(len(logs)) if s not in seats]
    ref = np.mean(logs[fixed]) if fixed else np.mean(logs)
    return logs[seats] - ref


def fit(xs, ys, weights):
    """Least squares of y[k, i] = c_i + b * x[k, i] (step k, searched seat i), each step weighted
    by its games: (c, b); b None until two settings differ."""
    xs, ys, w = np.asarray(xs, float), np.asarray(ys, float), np.asarray(weights, float)
    k, n = xs.shape
    a = np.zeros((k * n, n + 1))
    a[np.arange(k * n), np.tile(np.arange(n), k)] = 1
    a[:, n] = xs.ravel()
    root = np.sqrt(np.repeat(w, n))
    if np.ptp(xs, axis=0).max() == 0:
        return ys.T @ w / w.sum(), None
    sol, *_ = np.linalg.lstsq(a * root[:, None], ys.ravel() * root, rcond=None)
    return sol[:n], sol[n]


def next_setting(xs, ys, weights, lo, hi, all_seats):
    """The knob values where the fitted model has every searched seat at the reference's rate
    (with every seat searched, the mean knob kept where it is), clipped to the ranges; the first
    move (one setting played) a probe of PROBE of each range towards fair."""
    x = np.asarray(xs[-1], float)
    given = np.asarray(xs, float)
    # every seat searched: only the knobs' differences move the win rates (a common shift is no change)
    c, b = fit(given - given.mean(axis=1, keepdims=True) if all_seats else given, ys, weights)
    if b is None or not np.isfinite(b) or b == 0:
        y = np.asarray(ys[-1], float)
        move = -np.sign(y) * PROBE * (hi - lo)
        if b is not None:        # settings differ yet no slope: go on in the same direction, half as far
            move = move / 2
        return np.clip(x + move, lo, hi)
    target = -c / b
    if all_seats:
        target += x.mean() - target.mean()
    return np.clip(target, lo, hi)


def plan(budget, players, least=200):
    """(the first step's games, steps): at most STEPS steps, each twice the one before, within
    `budget`, the first of at least `least` games (whole multiples of `players`); fewer steps where
    the budget is small."""
    first = max(-(-least // players), int(budget / (2 ** STEPS - 1)) // players) * players
    steps = max(1, min(STEPS, int(np.log2(budget / first + 1))))
    return first, steps
