"""The strategy landscape: the meta-game of a game's styles (empirical game-theoretic analysis,
Wellman 2006) and what a designer reads from it: is one style dominant, which mix of styles is
the meta-game's equilibrium, which styles beat which, where they cycle, and a ranking that
respects the cycles (alpha-rank, Omidshafiei et al. 2019).

The meta-game is symmetric: a **profile** is how many seats play each style (two players: a
pair), its payoff each style's mean win share per seat, played on common random numbers with
the seats rotated (``simulate.running.landscape``). A profile of one style pays 1/players to
every seat by symmetry, and is not played. Sampling noise is carried by resampling each
profile's games (a multinomial over which style won each game), so every verdict comes with
how often it holds (docs/landscape.md).
"""
import itertools
import math
from dataclasses import dataclass

import numpy as np

from simulate.core.stats import wilson_interval

from .significance import holm, normal_sf2

ALPHA, POPULATION = 10.0, 50    # alpha-rank's selection intensity (per unit of win share) and population
MIX_FLOOR = 0.05                # a style below this share of the mix is "not worth playing" in the words


def profiles(k, players):
    """Every profile of `k` styles over `players` seats with two or more styles in it: an int
    (n, k) array of seat counts, in lexicographic order (two players: the pairs i < j)."""
    out = [c for c in itertools.product(range(players + 1), repeat=k) if sum(c) == players and max(c) < players]
    return np.array(sorted(out, reverse=True), np.int64).reshape(len(out), k)


@dataclass
class MetaGame:
    """The styles' payoff table: `share[q, i]` the total win share style i's seats took over the
    `games[q]` games of profile `counts[q]` (a tie for first between k seats: 1/k each)."""

    styles: tuple
    players: int
    counts: np.ndarray
    share: np.ndarray
    games: np.ndarray

    def payoff(self):
        """(n, k): each style's mean win share per seat in each profile (nan where absent)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(self.counts > 0, self.share / (self.counts * self.games[:, None]), np.nan)

    def resampled(self, rng):
        """The same table with each profile's games drawn again: which style took each game's win
        (a multinomial on the profile's shares; a game without a winner keeps its mass)."""
        p = self.share / np.maximum(self.games[:, None], 1)
        rest = np.clip(1 - p.sum(axis=1, keepdims=True), 0, None)
        share = np.array([rng.multinomial(n, np.append(q, r) / (q.sum() + r))[:-1] if n else q
                          for n, q, r in zip(self.games, p, rest[:, 0])], float)
        return MetaGame(self.styles, self.players, self.counts, share, self.games)

    def _row(self, counts):
        hit = np.flatnonzero((self.counts == counts).all(axis=1))
        return hit[0] if len(hit) else -1

    def head_to_head(self):
        """(k, k) edge of style i over j: i's win share per seat minus j's in the profile of one
        seat of i and every other seat j (two players: 2 x i's win rate - 1), its standard error,
        and the games behind it. 0 on the diagonal."""
        k = len(self.styles)
        edge, se, n = np.zeros((k, k)), np.zeros((k, k)), np.zeros((k, k), np.int64)
        for i, j in itertools.permutations(range(k), 2):
            c = np.zeros(k, np.int64)
            c[i], c[j] = 1, self.players - 1
            q = self._row(c)
            if q < 0:
                continue
            g = self.games[q]
            pi, pj = self.share[q, i] / g, self.share[q, j] / g
            m = self.players - 1
            edge[i, j] = pi - pj / m
            var = pi * (1 - pi) + pj * (1 - pj) / m ** 2 + 2 * pi * pj / m    # a multinomial's: shares sum to 1
            se[i, j], n[i, j] = math.sqrt(max(var, 0) / g), g
        return edge, se, n

    def tensor(self):
        """U[i, o1, ..., o_{P-1}]: style i's win share per seat when the other seats play styles
        o1..o_{P-1} (a profile of one style: 1/players, the symmetric game's own)."""
        k, pay, P = len(self.styles), self.payoff(), self.players
        U = np.full((k,) * P, 1.0 / P)
        row = {tuple(c): q for q, c in enumerate(self.counts.tolist())}
        for seats in itertools.product(range(k), repeat=P):
            q = row.get(tuple(np.bincount(seats, minlength=k).tolist()))
            if q is not None:
                U[seats] = pay[q, seats[0]]
        return U

    def against(self, x, U=None):
        """Each style's expected win share per seat when the other seats play mix `x` (each seat
        a style drawn from it): the symmetric meta-game's payoff against a population."""
        T = self.tensor() if U is None else U
        for _ in range(self.players - 1):
            T = T @ x
        return T


def beats(meta, alpha=0.05):
    """(k, k) bool: style i beats j, its head-to-head edge over j above 0 (Holm-corrected over
    the tests), and the edges. Two players: one test a pair (i's win rate against j is j's
    against i turned round). More: one a direction, each its own profile (one seat of i among
    j's: i beats j where that seat does better than them, i "invades" j); both, neither or one
    of i and j may beat the other."""
    edge, se, n = meta.head_to_head()
    k = len(meta.styles)
    both = meta.players == 2
    pairs = [(i, j) for i in range(k) for j in range(k) if i != j and n[i, j] > 0 and (i < j or not both)]
    with np.errstate(divide="ignore", invalid="ignore"):
        p = [normal_sf2(edge[i, j] / se[i, j]) if se[i, j] > 0 else float(edge[i, j] == 0) for i, j in pairs]
    significant = holm(np.array(p)) < alpha if pairs else []
    out = np.zeros((k, k), bool)
    for (i, j), s in zip(pairs, significant):
        if s:
            out[i, j] = edge[i, j] > 0
            if both:
                out[j, i] = edge[i, j] < 0
    return out, edge


def dominant(edge):
    """The style whose head-to-head edge is above 0 against every other (-1: none)."""
    k = edge.shape[0]
    for i in range(k):
        if all(edge[i, j] > 0 for j in range(k) if j != i):
            return i
    return -1


def cycles(win):
    """The simple cycles of the 'beats' graph (`win[i, j]`: i beats j), each as a list of style
    indices starting at its smallest, shortest first: A beats B beats C beats A."""
    k = win.shape[0]
    found = []

    def walk(path):
        for j in range(k):
            if win[path[-1], j]:
                if j == path[0] and len(path) >= 3:
                    found.append(list(path))
                elif j > path[0] and j not in path:
                    walk(path + [j])
    for s in range(k):
        walk([s])
    return sorted(found, key=lambda c: (len(c), c))


def equilibrium(meta, iterations=5_000, tol=1e-9, step=2.0, regret=1e-3):
    """The meta-game's maximum-entropy equilibrium mix and whether it was found: two players,
    the mix of highest entropy among those no style beats on average (a linear program for
    the game's value, then the entropy over that set: the answer is unique); more players,
    replicator dynamics from the uniform mix (x_i times (f_i / mean f)^step: the replicator's
    rest points, reached in fewer steps), the mix it settles at where no style gains more than
    `regret` against it (a rest point on the simplex's edge can be none: an absent style that
    would invade it). Where the dynamics do not settle so in `iterations` steps (around a cycle
    they circle), False and the mix averaged over their path (the centre they circle)."""
    k = len(meta.styles)
    if meta.players == 2:
        return _max_entropy_2p(meta), True
    U, x = meta.tensor(), np.full(k, 1.0 / k)
    path = np.zeros(k)
    for t in range(iterations):
        f = meta.against(x, U)
        new = x * (f / max(float(x @ f), 1e-12)) ** step
        new /= new.sum()
        if np.abs(new - x).max() < tol:
            if f.max() - float(x @ f) <= regret:
                return new, True
            new = 0.5 * new + 0.5 / k                     # a rest point someone invades: start from nearer the middle
        x = new
        path += x
    return path / iterations, False


def _max_entropy_2p(meta):
    from scipy.optimize import linprog, minimize

    k = len(meta.styles)
    edge, _, _ = meta.head_to_head()
    A = 0.5 + edge / 2                                      # A[i, j]: i's win rate against j (0.5 on the diagonal)
    # the value: max v with every column j held to v by the mix (x . A[:, j] >= v)
    res = linprog(np.r_[np.zeros(k), -1.0], A_ub=np.c_[-A.T, np.ones(k)], b_ub=np.zeros(k),
                  A_eq=np.r_[np.ones(k), 0.0][None], b_eq=[1.0], bounds=[(0, 1)] * k + [(None, None)])
    value, start = -res.fun, res.x[:k]
    eps = 1e-7

    def neg_entropy(x):
        x = np.clip(x, 1e-12, 1)
        return float(x @ np.log(x))

    cons = [{"type": "eq", "fun": lambda x: x.sum() - 1},
            {"type": "ineq", "fun": lambda x: x @ A - value + eps}]
    out = minimize(neg_entropy, 0.9 * start + 0.1 / k, method="SLSQP",
                   bounds=[(0, 1)] * k, constraints=cons, options={"maxiter": 500, "ftol": 1e-12})
    x = out.x if out.success and (out.x @ A >= value - 1e-5).all() else start
    x = np.clip(x, 0, None)
    return x / x.sum()


def fixation(z, m):
    """The probability that one mutant whose fitness exceeds the residents' by `z` takes over a
    population of `m` (Moran process, Fermi selection): (1 - e^-z) / (1 - e^-mz), 1/m at z = 0."""
    if abs(z) < 1e-12:
        return 1.0 / m
    if z > 0:
        return math.expm1(-z) / math.expm1(-m * z)
    a = -z                                                  # a worse mutant: e^-(m-1)a, without overflow
    return math.expm1(a) / math.expm1(m * a) if m * a < 700 else math.exp((1 - m) * a)


def alpha_rank(meta, alpha=ALPHA, m=POPULATION):
    """Alpha-rank's stationary mass per style: a population playing one style is invaded by a
    single mutant of another with the fixation probability of its edge in their profile (one
    mutant seat, the rest the residents); the long-run share of time each style is the
    population's. Respects cycles where a rating cannot (a cycle's styles share the mass)."""
    k = len(meta.styles)
    edge, _, n = meta.head_to_head()
    C = np.zeros((k, k))
    for s, r in itertools.permutations(range(k), 2):
        C[s, r] = fixation(alpha * (edge[r, s] if n[r, s] else 0.0), m) / (k - 1)   # mutant r among residents s
    np.fill_diagonal(C, 1 - C.sum(axis=1))
    w, v = np.linalg.eig(C.T)
    pi = np.abs(np.real(v[:, np.argmin(np.abs(w - 1))]))
    return pi / pi.sum()


def entropy(x):
    """The mix's entropy over its greatest (log k, k its styles): 0 for one style, 1 for all equally."""
    x = np.asarray(x, float)
    k = len(x)
    x = x[x > 0]
    return max(0.0, float(-(x * np.log(x)).sum() / math.log(k))) if k > 1 else 0.0


def variety(meta):
    """The equilibrium mix's entropy (``entropy``): balance's variety objective."""
    return entropy(equilibrium(meta)[0])


def summarize(meta, resamples=200, seed=0):
    """What the landscape says, with how sure: a dict (``landscape.json``'s) of the styles, the
    head-to-head edges with their intervals, who beats whom (Holm), the dominant style (-1 none)
    and the share of resampled tables in which it beats every other, the equilibrium mix with
    percentile intervals over the resamples, whether the dynamics settled, its variety (entropy
    over log k), the cycles and alpha-rank's masses."""
    rng = np.random.default_rng(seed)
    win, edge = beats(meta)
    _, se, n = meta.head_to_head()
    mix, settled = equilibrium(meta)
    k = len(meta.styles)
    again = [meta.resampled(rng) for _ in range(resamples)]
    dominant_in = np.zeros(k)
    mixes = []
    for other in again:
        e, _, _ = other.head_to_head()
        d = dominant(e)
        if d >= 0:
            dominant_in[d] += 1
        mixes.append(equilibrium(other)[0])
    mixes = np.array(mixes).reshape(len(again), k)
    lo, hi = (np.percentile(mixes, [2.5, 97.5], axis=0) if resamples else (mix, mix))
    sure = [int(i) for i in range(k) if all(win[i, j] for j in range(k) if j != i)]
    spread = np.percentile([entropy(m) for m in mixes], [2.5, 97.5]) if resamples else (entropy(mix),) * 2
    low, high = edge - 1.96 * se, edge + 1.96 * se
    if meta.players == 2:                                   # a win rate: Wilson's interval, sound at 0% and 100%
        w_lo, w_hi = wilson_interval((1 + edge) / 2 * n, n)
        low, high = np.where(n > 0, 2 * w_lo - 1, 0), np.where(n > 0, 2 * w_hi - 1, 0)
    return {"styles": list(meta.styles), "players": meta.players, "games": int(meta.games.sum()),
            "profiles": len(meta.counts), "resamples": resamples,
            "edge": edge.tolist(), "edge_low": low.tolist(), "edge_high": high.tolist(),
            "games_per_pair": n.tolist(), "beats": win.tolist(),
            "dominant": sure[0] if sure else -1, "leader": int(np.argmax(dominant_in)) if dominant_in.any() else -1,
            "dominant_share": (dominant_in / max(resamples, 1)).tolist(),
            "mix": mix.tolist(), "mix_low": np.asarray(lo).tolist(), "mix_high": np.asarray(hi).tolist(),
            "settled": bool(settled), "variety": entropy(mix),
            "variety_low": float(spread[0]), "variety_high": float(spread[1]),
            "cycles": cycles(win), "alpha_rank": alpha_rank(meta).tolist()}


def edge_text(s, i, j, sep=", ", between=", "):
    """Style i's head-to-head against j in a summary `s`, as a table cell: two players its win
    rate [interval] (the bounds joined by `sep`), more its edge in points [interval] (`between`)."""
    edge, lo, hi = s["edge"][i][j], s["edge_low"][i][j], s["edge_high"][i][j]
    if s["players"] == 2:
        return f"{(1 + edge) / 2:.1%} [{(1 + lo) * 50:.0f}{sep}{(1 + hi) * 50:.0f}]"
    return f"{edge * 100:+.1f} [{round(lo * 100) + 0:+d}{between}{round(hi * 100) + 0:+d}]"


def _share(v):
    return f"{round(100 * v):.0f}%"


def _names(items):
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def words(s):
    """The landscape in plain words: [verdict, mix, cycles, ranking, next step]."""
    names, k = s["styles"], len(s["styles"])
    d, share = s["dominant"], s["dominant_share"]
    if d >= 0:
        edge, lo, hi = (np.array(s[key]) for key in ("edge", "edge_low", "edge_high"))
        c = min((j for j in range(k) if j != d), key=lambda j: edge[d, j])
        closest = (f"wins {(1 + edge[d, c]) / 2:.1%} [{(1 + lo[d, c]) * 50:.1f}, {(1 + hi[d, c]) * 50:.1f}] of "
                   f"their games" if s["players"] == 2 else
                   f"takes {edge[d, c] * 100:+.1f} points [{lo[d, c] * 100:+.1f}, {hi[d, c] * 100:+.1f}] more win "
                   f"share a seat")
        verdict = (f"{names[d]} beats every other style (each head-to-head edge above even after a Holm "
                   f"correction; in {_share(share[d])} of {s['resamples']} resampled tables); against its closest "
                   f"rival, {names[c]}, it {closest}. Among these styles the game has one best way to play.")
    elif s["leader"] >= 0 and share[s["leader"]] >= 0.5:
        lead = s["leader"]
        verdict = (f"No style surely beats every other: {names[lead]} does at the measured rates, and in "
                   f"{_share(share[lead])} of the resampled tables, but not every edge is clear of even; "
                   f"more games would tell.")
    else:
        verdict = "No style beats every other" + (
            f" (the closest, {names[s['leader']]}, in {_share(share[s['leader']])} of the resampled tables)."
            if s["leader"] >= 0 else ".")
    order = [int(i) for i in np.argsort(s["mix"])[::-1]]
    kept = [i for i in order if s["mix"][i] >= MIX_FLOOR]
    shown = [i for i in order if s["mix"][i] >= MIX_FLOOR or s["mix_high"][i] >= MIX_FLOOR]
    parts = ", ".join(f"{names[i]} {_share(s['mix'][i])} [{_share(s['mix_low'][i])}, {_share(s['mix_high'][i])}]"
                      for i in shown)
    dropped = [names[i] for i in order if s["mix_high"][i] < MIX_FLOOR]
    if len(kept) == 1:
        mix = f"The equilibrium plays {names[kept[0]]} alone: no other style does as well against it"
    else:
        mix = (f"A player should mix {_names(names[i] for i in kept)} about "
               f"{'/'.join(str(round(100 * s['mix'][i])) for i in kept)}")
    mix += f" (the equilibrium mix, 95% intervals: {parts}; variety {s['variety']:.2f} of 1)."
    noise = [names[i] for i in shown if i not in kept]
    if noise:
        whose = "its share is" if len(noise) == 1 else "their shares are"
        mix += f" {_names(noise)} could be in it: {whose} within the noise."
    if dropped:
        mix += f" {_names(dropped)} {'is' if len(dropped) == 1 else 'are'} not worth playing against that mix."
    if not s["settled"]:
        mix += " (The dynamics did not settle: they circle; the mix is their average, the centre they circle.)"
    if s["cycles"]:
        c = s["cycles"][0]
        loop = ", ".join(f"{names[a]} beats {names[b]}" for a, b in zip(c, c[1:] + c[:1]))
        cyc = f"A cycle: {loop}: each style has a counter" + (
            f" ({len(s['cycles'])} cycles in all)." if len(s["cycles"]) > 1 else ".")
    else:
        cyc = "No cycle among the styles (no style's counter is itself countered, at these games)."
    ranked = np.argsort(s["alpha_rank"])[::-1]
    rank = "Alpha-rank (time a population spends on each style, cycles shared): " + ", ".join(
        f"{names[i]} {s['alpha_rank'][i]:.2f}" for i in ranked) + "."
    if d >= 0:
        step = (f"Next: weaken {names[d]} or strengthen its counters (`windtunnel landscape --set ...` measures "
                f"a change on the same deals).")
    elif dropped:
        step = (f"Next: {_names(dropped)} need{'s' if len(dropped) == 1 else ''} a reason to be played "
                f"(`windtunnel landscape --set ...` measures a change on the same deals).")
    else:
        step = "Next: nothing to fix here; every style is worth playing."
    return [verdict, mix, cyc, rank, step]
