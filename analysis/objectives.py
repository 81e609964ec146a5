"""What `windtunnel balance` minimises: a weighted sum of distances from a fair game, computed
from a candidate's sufficient statistics (``Tally``) so that batches of games add up.

Terms (each 0 when met; weights by ``NAME:WEIGHT``):

- ``seat``: the largest seat's distance from a fair share (1/P), in win-rate points;
- ``diversity``: the spread (highest minus lowest) of the strategies' win rates, in points,
  for a run of several styles (seats rotated): no style dominates;
- ``length=T``: the mean game length's distance from T turns;
- ``score=T``: the mean winner's score's distance from T;
- ``close``: the distance from the printed game: per searched value, one point for changing it
  at all plus ten points times its change over its searched range (so a value moved across its
  whole range costs as much as a 10-point seat gap).

The objective's 95% interval is a parametric bootstrap of the terms from each rate's and
mean's normal approximation (``interval``); `close` has no noise.
"""
from dataclasses import dataclass

import numpy as np

from simulate.errors import UserError

TERMS = ("seat", "diversity", "length", "score", "close")
TARGETED = ("length", "score")
CLOSE_STEP, CLOSE_RANGE = 1.0, 10.0


@dataclass
class Term:
    name: str
    weight: float = 1.0
    target: float = None


def parse_objective(texts):
    """--objective items 'seat', 'close:0.2', 'length=30:0.5' (comma-separated or repeated) ->
    [Term]; one UserError naming the first bad one."""
    items = [p.strip() for t in ([texts] if isinstance(texts, str) else list(texts or ())) for p in t.split(",")]
    items = [p for p in items if p] or ["seat"]
    out = []
    for item in items:
        body, _, weight = item.partition(":")
        name, eq, target = body.partition("=")
        name = name.strip()
        if name not in TERMS:
            raise UserError(f"--objective {item}: no objective {name!r} (known: seat, diversity, length=TURNS, "
                            "score=POINTS, close; a weight after a colon, e.g. close:0.2)")
        if (name in TARGETED) != bool(eq):
            raise UserError(f"--objective {item}: {name} " + ("needs a target (e.g. length=30)" if name in TARGETED
                                                               else "takes no target"))
        try:
            w = float(weight) if weight else 1.0
            t = float(target) if eq else None
        except ValueError:
            raise UserError(f"--objective {item}: the weight and target are numbers") from None
        if w <= 0:
            raise UserError(f"--objective {item}: a weight is more than 0")
        out.append(Term(name, w, t))
    if len({t.name for t in out}) != len(out):
        raise UserError("--objective names one objective twice")
    return out


@dataclass
class Tally:
    """Sufficient statistics of a candidate's games: games, wins per seat and per strategy name,
    sums of turns and winner scores (and their squares)."""

    games: int
    seat_wins: np.ndarray
    strategy_wins: np.ndarray          # per distinct strategy
    strategy_seats: np.ndarray         # seat-games each played
    turns: float = 0.0
    turns2: float = 0.0
    winner: float = 0.0
    winner2: float = 0.0
    per_game: np.ndarray = None        # (games, seats + strategies) in game order: each seat's win, each
                                       # strategy's share of its seats' wins (the anytime-valid stop's data)

    def __add__(self, other):
        """`other`'s games follow this one's (a race adds its rounds in game order)."""
        seq = None if self.per_game is None or other.per_game is None else np.vstack([self.per_game, other.per_game])
        return Tally(self.games + other.games, self.seat_wins + other.seat_wins,
                     self.strategy_wins + other.strategy_wins, self.strategy_seats + other.strategy_seats,
                     self.turns + other.turns, self.turns2 + other.turns2, self.winner + other.winner,
                     self.winner2 + other.winner2, seq)

    def rates(self):
        """(seat win rates, strategy win rates, mean turns, mean winner score) and their standard errors."""
        n = max(self.games, 1)
        seat = self.seat_wins / n
        strat = self.strategy_wins / np.maximum(self.strategy_seats, 1)
        mt, mw = self.turns / n, self.winner / n
        se = (np.sqrt(seat * (1 - seat) / n), np.sqrt(strat * (1 - strat) / np.maximum(self.strategy_seats, 1)),
              np.sqrt(max(self.turns2 / n - mt ** 2, 0) / n), np.sqrt(max(self.winner2 / n - mw ** 2, 0) / n))
        return (seat, strat, mt, mw), se


def terms(terms_, seat, strat, turns, winner, players, closeness=0.0):
    """Each term's value (points, turns or score) for the given rates and means."""
    out = {}
    for t in terms_:
        if t.name == "seat":
            out[t.name] = 100 * np.max(np.abs(seat - 1 / players), axis=-1)
        elif t.name == "diversity":
            out[t.name] = 100 * (np.max(strat, axis=-1) - np.min(strat, axis=-1))
        elif t.name == "length":
            out[t.name] = np.abs(turns - t.target)
        elif t.name == "score":
            out[t.name] = np.abs(winner - t.target)
        else:
            out[t.name] = closeness + 0 * np.asarray(turns, dtype=float)
    return out


def value(terms_, tally, players, closeness=0.0):
    """The objective (lower is fairer) of a candidate's games, and its terms."""
    (seat, strat, turns, winner), _ = tally.rates()
    parts = terms(terms_, seat, strat, turns, winner, players, closeness)
    return float(sum(t.weight * parts[t.name] for t in terms_)), {k: float(v) for k, v in parts.items()}


def interval(terms_, tally, players, closeness=0.0, draws=4000, seed=0, confidence=0.95):
    """A 95% interval of the objective (and of each term) by parametric bootstrap."""
    rng = np.random.default_rng(seed)
    (seat, strat, turns, winner), (s_se, g_se, t_se, w_se) = tally.rates()
    parts = terms(terms_, seat + s_se * rng.standard_normal((draws, seat.size)),
                  strat + g_se * rng.standard_normal((draws, strat.size)), turns + t_se * rng.standard_normal(draws),
                  winner + w_se * rng.standard_normal(draws), players, closeness)
    total = sum(t.weight * parts[t.name] for t in terms_)
    q = [(1 - confidence) / 2, (1 + confidence) / 2]
    return tuple(np.quantile(total, q)), {k: tuple(np.quantile(v, q)) for k, v in parts.items()}


STOPPABLE = ("seat", "diversity", "close")      # terms an anytime-valid bound covers (win rates, no noise)


def anytime_upper(terms_, tally, players, close=0.0, tolerance=1.0, alpha=0.05):
    """An upper bound of the objective that holds whenever it is looked at (the confidence
    sequence of ``analysis.sequential`` on each seat's and strategy's per-game results, its bets
    tuned to half the `tolerance`), or None
    when a term has no such bound (length, score) or the tally kept no per-game results."""
    from .sequential import confidence_sequence

    if tally.per_game is None or any(t.name not in STOPPABLE for t in terms_):
        return None
    seats = players
    target = tolerance / 200                    # the bets tuned to half the tolerance, in rate units
    bounds = []
    for col in range(tally.per_game.shape[1]):
        center, half = confidence_sequence(tally.per_game[:, col], target, alpha)
        bounds.append((center[-1] - half[-1], center[-1] + half[-1]))
    lo, hi = np.array(bounds).T
    out = 0.0
    for t in terms_:
        if t.name == "seat":
            out += t.weight * 100 * max(np.max(hi[:seats] - 1 / players), np.max(1 / players - lo[:seats]))
        elif t.name == "diversity":
            out += t.weight * 100 * (np.max(hi[seats:]) - np.min(lo[seats:]))
        else:
            out += t.weight * close
    return float(out)


def closeness(params, x):
    """The `close` term of values `x` of `params` (``simulate.autobalance.Param``)."""
    out = 0.0
    for p, v in zip(params, x):
        if v != p.printed:
            out += CLOSE_STEP + CLOSE_RANGE * abs(v - p.printed) / max(p.hi - p.lo, 1e-12)
    return out
