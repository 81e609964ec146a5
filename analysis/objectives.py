"""What `windtunnel balance` minimises: a weighted sum of distances from a fair game, computed
from a candidate's sufficient statistics (``Tally``) so that batches of games add up.

Terms (each 0 when met; weights by ``NAME:WEIGHT``):

- ``seat``: the largest seat's distance from a fair share (1/P), in win-rate points;
- a game's balance group (``Game.balance_groups``, e.g. ``nation``): the same for the group's
  labels, each label's win rate over the seat-games it played (a label no seat played is left out);
- ``diversity``: the spread (highest minus lowest) of the strategies' win rates, in points,
  for a run of several styles (seats rotated): no style dominates;
- ``variety``: how far the styles' meta-game is from every style being worth playing
  (``analysis.landscape``): 100 x (1 - the entropy of its equilibrium mix over its greatest), 0
  when the equilibrium mixes every style equally, 100 when it plays one style alone; with the
  seat objective kept within its threshold (``SEAT_KEPT`` points: each point of the largest
  seat gap beyond it costs ``SEAT_COST``; the seats' win shares, a shared win split, so a game
  of many ties is not taken for a seat's edge). Its candidates play every profile of the styles;
- ``length=T``: the mean game length's distance from T turns;
- ``score=T``: the mean winner's score's distance from T;
- ``close``: the distance from the printed game: per searched value, one point for changing it
  at all plus ten points times its change over its searched range (so a value moved across its
  whole range costs as much as a 10-point seat gap).

The objective's 95% interval is a parametric bootstrap of the terms from each rate's and
mean's normal approximation (``interval``); `close` has no noise. A search over several player
counts is judged by its worst count: ``value``, ``interval`` and ``anytime_upper`` take a
``Tallies`` ({players: Tally}) as well as one Tally.
"""
import math
from dataclasses import dataclass, field

import numpy as np

from simulate.core.errors import UserError

from .landscape import MetaGame, profiles, variety
from .sequential import confidence_sequence

TERMS = ("seat", "diversity", "variety", "length", "score", "close")
SEAT_KEPT, SEAT_COST = 3.0, 10.0         # variety: the seat gap (points) it keeps within, and each point beyond's cost
VARIETY_DRAWS = 200                      # resampled meta-games behind variety's interval
TARGETED = ("length", "score")
CLOSE_STEP, CLOSE_RANGE = 1.0, 10.0


@dataclass
class Term:
    name: str
    weight: float = 1.0
    target: float = None


def parse_objective(texts, groups=()):
    """--objective items 'seat', 'close:0.2', 'length=30:0.5' (comma-separated or repeated) ->
    [Term]; `groups`: the game's balance groups, terms too ('nation'). One UserError naming the
    first bad one."""
    items = [p.strip() for t in ([texts] if isinstance(texts, str) else list(texts or ())) for p in t.split(",")]
    items = [p for p in items if p] or ["seat"]
    out = []
    for item in items:
        body, _, weight = item.partition(":")
        name, eq, target = body.partition("=")
        name = name.strip()
        if name not in TERMS + tuple(groups):
            raise UserError(f"--objective {item}: no objective {name!r} (known: seat, "
                            + "".join(f"{g}, " for g in groups) + "diversity, variety, length=TURNS, score=POINTS, "
                            "close; "
                            "a weight after a colon, e.g. close:0.2)")
        if (name in TARGETED) != bool(eq):
            raise UserError(f"--objective {item}: {name} " + ("needs a target (e.g. length=30)" if name in TARGETED
                                                               else "takes no target"))
        try:
            w = float(weight) if weight else 1.0
            t = float(target) if eq else None
        except ValueError:
            raise UserError(f"--objective {item}: the weight and target are numbers") from None
        if not (math.isfinite(w) and (t is None or math.isfinite(t))):
            raise UserError(f"--objective {item}: the weight and target are finite numbers")
        if w <= 0:
            raise UserError(f"--objective {item}: a weight is more than 0")
        out.append(Term(name, w, t))
    if len({t.name for t in out}) != len(out):
        raise UserError("--objective names one objective twice")
    return out


@dataclass
class Tally:
    """Sufficient statistics of a candidate's games: games, wins per seat and per strategy name,
    sums of turns and winner scores (and their squares), wins and seat-games per label of each
    balance group."""

    games: int
    seat_wins: np.ndarray
    strategy_wins: np.ndarray          # per distinct strategy
    strategy_seats: np.ndarray         # seat-games each played
    turns: float = 0.0
    turns2: float = 0.0
    winner: float = 0.0
    winner2: float = 0.0
    per_game: np.ndarray = None        # (games, seats + strategies + groups' labels) in game order: each seat's
                                       # win, each strategy's and label's share of its seats' wins (NaN in a game
                                       # it did not play) (the anytime-valid stop's data)
    group_wins: dict = field(default_factory=dict)     # balance group -> wins per label
    group_seats: dict = field(default_factory=dict)    # balance group -> seat-games per label
    meta_share: np.ndarray = None      # variety: (profiles, styles) win shares of the styles' meta-game
    meta_games: np.ndarray = None      # ... and each profile's games (``analysis.landscape.MetaGame``)
    seat_shares: np.ndarray = None     # each seat's win shares (a tie for first between k seats: 1/k each)

    def __add__(self, other):
        """`other`'s games follow this one's (a race adds its rounds in game order; a meta-game's
        profiles add up)."""
        seq = None if self.per_game is None or other.per_game is None else np.vstack([self.per_game, other.per_game])
        meta = [None if a is None or b is None else a + b
                for a, b in ((self.meta_share, other.meta_share), (self.meta_games, other.meta_games),
                             (self.seat_shares, other.seat_shares))]
        return Tally(self.games + other.games, self.seat_wins + other.seat_wins,
                     self.strategy_wins + other.strategy_wins, self.strategy_seats + other.strategy_seats,
                     self.turns + other.turns, self.turns2 + other.turns2, self.winner + other.winner,
                     self.winner2 + other.winner2, seq,
                     {g: w + other.group_wins[g] for g, w in self.group_wins.items()},
                     {g: n + other.group_seats[g] for g, n in self.group_seats.items()}, *meta)

    def meta(self, players):
        """The styles' meta-game of a variety candidate's games (``analysis.landscape.MetaGame``)."""
        k = self.meta_share.shape[1]
        return MetaGame(tuple(range(k)), players, profiles(k, players), self.meta_share, self.meta_games)

    def rates(self):
        """{name: rate or mean} and {name: its standard error}: "seat" and "strategy" win rates,
        "turns" and "winner" (score) means, and each balance group's win rates (NaN for a label
        no seat played)."""
        n = max(self.games, 1)
        rate, se = {}, {}
        shares = [] if self.seat_shares is None else [("seat_share", self.seat_shares, np.full(len(self.seat_wins), n))]
        for name, wins, seats in [("seat", self.seat_wins, np.full(len(self.seat_wins), n)), *shares,
                                  ("strategy", self.strategy_wins, self.strategy_seats),
                                  *((g, w, self.group_seats[g]) for g, w in self.group_wins.items())]:
            seats = np.asarray(seats, float)
            with np.errstate(invalid="ignore", divide="ignore"):
                rate[name] = np.where(seats > 0, wins / seats, np.nan)
                se[name] = np.sqrt(rate[name] * (1 - rate[name]) / seats)
        for name, total, squares in [("turns", self.turns, self.turns2), ("winner", self.winner, self.winner2)]:
            rate[name] = total / n
            se[name] = np.sqrt(max(squares / n - rate[name] ** 2, 0) / n)
        return rate, se


class Tallies(dict):
    """{players: Tally} of a search over several player counts; its games add up count by count."""

    def __add__(self, other):
        return Tallies({p: t + other[p] for p, t in self.items()})


def objective_words(terms_):
    """The objective in words: "the largest gap of a seat's win rate from a fair share (points)
    plus 0.2 times the distance from the printed game"."""
    def one(t):
        what = {"diversity": "the spread of the strategies' win rates (points)",
                "variety": f"100 times one minus the styles' equilibrium entropy (a seat gap beyond {SEAT_KEPT:g} "
                           f"points costing {SEAT_COST:g} a point)",
                "length": f"the mean game length's distance from {t.target:g} turns" if t.target is not None else "",
                "score": f"the mean winner's score's distance from {t.target:g}" if t.target is not None else "",
                "close": "the distance from the printed game (a point per value changed, ten per whole range "
                         "moved)"}.get(t.name, f"the largest gap of a {t.name}'s win rate from a fair share (points)")
        return what if t.weight == 1 else f"{t.weight:g} times {what}"
    return " plus ".join(one(t) for t in terms_)


def _by_count(tally, players):
    return dict(tally) if isinstance(tally, dict) else {players: tally}


def terms(terms_, rates, players, closeness=0.0):
    """Each term's value (points, turns or score) for the given rates and means (``Tally.rates``'s
    names; a leading axis of draws is kept)."""
    out = {}
    for t in terms_:
        if t.name == "diversity":
            out[t.name] = 100 * (np.nanmax(rates["strategy"], axis=-1) - np.nanmin(rates["strategy"], axis=-1))
        elif t.name == "variety":             # (the seats' win shares, a shared win split, where the tally has them)
            seat = 100 * np.nanmax(np.abs(rates.get("seat_share", rates["seat"]) - 1 / players), axis=-1)
            out[t.name] = rates["unvaried"] + SEAT_COST * np.maximum(seat - SEAT_KEPT, 0)
        elif t.name == "length":
            out[t.name] = np.abs(rates["turns"] - t.target)
        elif t.name == "score":
            out[t.name] = np.abs(rates["winner"] - t.target)
        elif t.name == "close":
            out[t.name] = np.full(np.shape(rates["turns"]), closeness)
        else:                                   # seat, or a balance group: the farthest from a fair share
            out[t.name] = 100 * np.nanmax(np.abs(rates[t.name] - 1 / players), axis=-1)
    return out


def value(terms_, tally, players, closeness=0.0):
    """The objective (lower is fairer) of a candidate's games, and its terms; over several player
    counts (a ``Tallies``), the worst count's."""
    out = []
    for p, t in _by_count(tally, players).items():
        rate = t.rates()[0]
        if any(term.name == "variety" for term in terms_):
            rate["unvaried"] = unvaried(t.meta(p))
        parts = terms(terms_, rate, p, closeness)
        out.append((float(sum(term.weight * parts[term.name] for term in terms_)),
                    {k: float(v) for k, v in parts.items()}))
    return max(out, key=lambda o: o[0])


def interval(terms_, tally, players, closeness=0.0, draws=4000, seed=0, confidence=0.95):
    """A 95% interval of the objective (and of each term) by parametric bootstrap; over several
    player counts, of the worst count's (each draw's largest)."""
    rng = np.random.default_rng(seed)
    total, parts = None, {}
    for p, t in _by_count(tally, players).items():
        rate, se = t.rates()
        drawn = {k: v + se[k] * rng.standard_normal((draws,) + np.shape(v)) for k, v in rate.items()}
        if any(term.name == "variety" for term in terms_):     # the meta-game resampled, its draws repeated
            meta = t.meta(p)
            drawn["unvaried"] = np.resize([unvaried(meta.resampled(rng)) for _ in range(VARIETY_DRAWS)], draws)
        mine = terms(terms_, drawn, p, closeness)
        objective = sum(term.weight * mine[term.name] for term in terms_)
        total = objective if total is None else np.maximum(total, objective)
        parts = {k: np.maximum(parts[k], v) if k in parts else v for k, v in mine.items()}
    q = [(1 - confidence) / 2, (1 + confidence) / 2]
    return tuple(np.quantile(total, q)), {k: tuple(np.quantile(v, q)) for k, v in parts.items()}


def unvaried(meta):
    """100 x (1 - the entropy of the meta-game's equilibrium mix over its greatest): variety's."""
    return 100 * (1 - variety(meta))


STOPPABLE = ("seat", "diversity", "close")      # terms an anytime-valid bound covers (win rates, no noise)


def anytime_upper(terms_, tally, players, close=0.0, tolerance=1.0, alpha=0.05):
    """An upper bound of the objective that holds whenever it is looked at (the confidence
    sequence of ``analysis.sequential`` on each seat's, strategy's and group label's per-game
    results, its bets tuned to half the `tolerance`; over several player counts the worst
    count's, each count's at alpha / counts), or None when a term has no such bound (length,
    score) or the tally kept no per-game results."""
    by_count = _by_count(tally, players)
    bounds = [_anytime_upper(terms_, t, p, close, tolerance, alpha / len(by_count)) for p, t in by_count.items()]
    return None if None in bounds else max(bounds)


def _anytime_upper(terms_, tally, players, close, tolerance, alpha):
    if tally.per_game is None or any(t.name not in STOPPABLE and t.name not in tally.group_wins for t in terms_):
        return None
    target = tolerance / 200                    # the bets tuned to half the tolerance, in rate units
    lo, hi = [], []
    for col in tally.per_game.T:
        col = col[~np.isnan(col)]               # a strategy's or label's games: those it played
        center, half = confidence_sequence(col, target, alpha) if col.size else ([0.5], [0.5])
        lo.append(center[-1] - half[-1])
        hi.append(center[-1] + half[-1])
    lo, hi = np.array(lo), np.array(hi)
    columns, at = {}, 0                         # each quantity's columns, in per_game's order
    for name, size in [("seat", len(tally.seat_wins)), ("strategy", len(tally.strategy_wins)),
                       *((g, len(w)) for g, w in tally.group_wins.items())]:
        columns[name], at = slice(at, at + size), at + size
    out = 0.0
    for t in terms_:
        if t.name == "diversity":
            out += t.weight * 100 * (np.max(hi[columns["strategy"]]) - np.min(lo[columns["strategy"]]))
        elif t.name == "close":
            out += t.weight * close
        else:
            c = columns[t.name]
            out += t.weight * 100 * max(np.max(hi[c] - 1 / players), np.max(1 / players - lo[c]))
    return float(out)


def closeness(params, x):
    """The `close` term of values `x` of `params` (``simulate.running.autobalance.Param``)."""
    out = 0.0
    for p, v in zip(params, x):
        if v != p.printed:
            out += CLOSE_STEP + CLOSE_RANGE * abs(v - p.printed) / max(p.hi - p.lo, 1e-12)
    return out
