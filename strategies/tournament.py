"""Seat-rotated round robin: every strategy against every other, a win-rate matrix
with Wilson intervals and a Bradley-Terry rating per strategy (Elo scale).

Cell (i, j) is i's win rate with i in one seat and j in all the others (fair:
1/P). With two players a match and its mirror are the same games, so each pair
is played once. Pairs run on parallel joblib workers; every pair uses the same
seed, so all pairs play the same deals.
"""
from dataclasses import dataclass, field

import numpy as np

from analysis.ratings import bradley_terry, rating_intervals
from analysis.stats import wilson_interval
from simulate.games import get_game


def _pair_worker(game, config, n_players, a, b, games, seed, plugin_files):
    from .match import play_match, worker_setup

    rules, first, second = worker_setup(game, config, plugin_files, a, b)
    r = play_match(game, rules, n_players, first, second, games, seed)
    return r.wins, r.games


@dataclass
class Tournament:
    game: str                   # the game's name
    names: list
    n_players: int
    wins: np.ndarray            # wins[i, j]: games i won against j (a tie for first of k counts 1/k)
    games: np.ndarray           # games[i, j]: games i played against j
    rating: np.ndarray = field(default=None)
    rating_lo: np.ndarray = field(default=None)
    rating_hi: np.ndarray = field(default=None)

    def rate(self):
        with np.errstate(invalid="ignore", divide="ignore"):
            return self.wins / self.games

    def intervals(self):
        lo, hi = wilson_interval(self.wins, self.games)
        return lo, hi

    def pairwise(self):
        """Pairwise 'i beat j' counts for Bradley-Terry. With more than two players a
        cell's rate is against P-1 copies; i's share of the pair is its rate over the
        sum of both directions' rates (exact for two players)."""
        r = np.nan_to_num(self.rate())
        n = self.games + self.games.T
        if self.n_players == 2:
            n = self.games.astype(float)
            return self.wins.astype(float), n
        with np.errstate(invalid="ignore", divide="ignore"):
            share = np.where(r + r.T > 0, r / (r + r.T), 0.5)
        np.fill_diagonal(share, 0)
        return share * n, n.astype(float)

    def to_dict(self):
        lo, hi = self.intervals()
        rate = self.rate()
        cells = [{"strategy": a, "against": b, "wins": float(self.wins[i, j]), "games": int(self.games[i, j]),
                  "rate": float(rate[i, j]), "lo": float(lo[i, j]), "hi": float(hi[i, j])}
                 for i, a in enumerate(self.names) for j, b in enumerate(self.names) if i != j]
        ratings = [{"strategy": a, "rating": float(self.rating[i]), "lo": float(self.rating_lo[i]),
                    "hi": float(self.rating_hi[i])} for i, a in enumerate(self.names)]
        return {"game": self.game, "players": self.n_players, "strategies": self.names, "matrix": cells,
                "ratings": ratings}


def run_tournament(game, rules, n_players, names, games, seed=1, jobs=-1, plugin_files=()):
    """Play the round robin (`games` games per pair and direction) and rate it."""
    from joblib import Parallel, delayed

    game = get_game(game)
    k = len(names)
    if n_players == 2:
        pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
    else:
        pairs = [(i, j) for i in range(k) for j in range(k) if i != j]
    results = Parallel(n_jobs=jobs)(
        delayed(_pair_worker)(game, rules.config, n_players, names[i], names[j], games, seed, list(plugin_files))
        for i, j in pairs)
    wins = np.zeros((k, k))
    played = np.zeros((k, k), dtype=int)
    for (i, j), (w, n) in zip(pairs, results):
        wins[i, j], played[i, j] = w, n
        if n_players == 2:
            wins[j, i], played[j, i] = n - w, n
    t = Tournament(game.name, list(names), n_players, wins, played)
    pw, pn = t.pairwise()
    t.rating = bradley_terry(pw, pn)
    t.rating_lo, t.rating_hi = rating_intervals(pw, pn, seed=seed)
    return t


def to_text(t):
    """The matrix (row strategy's win rate against the column, 95% interval) and the ratings."""
    rate = t.rate()
    lo, hi = t.intervals()
    width = max(len(n) for n in t.names)
    cell = 17
    lines = [f"Win rate of the row strategy against the column strategy in the other seats "
             f"({t.n_players} players, fair = {1 / t.n_players:.0%}), 95% Wilson intervals:",
             " " * (width + 2) + "".join(f"{n[:cell - 1]:>{cell}}" for n in t.names)]
    for i, a in enumerate(t.names):
        row = []
        for j in range(len(t.names)):
            row.append(f"{'-':>{cell}}" if i == j else
                       f"{rate[i, j]:>6.1%} [{lo[i, j] * 100:.0f}-{hi[i, j] * 100:.0f}]".rjust(cell))
        lines.append(f"{a:<{width}}  " + "".join(row))
    lines.append(f"games per cell: {int(t.games[0, 1]) if len(t.names) > 1 else 0}")
    lines.append("")
    lines.append("Bradley-Terry rating (Elo scale, mean 0), 95% bootstrap interval:")
    for i in np.argsort(-t.rating):
        lines.append(f"  {t.names[i]:<{width}}  {t.rating[i]:>+7.0f}  [{t.rating_lo[i]:+.0f}, {t.rating_hi[i]:+.0f}]")
    return "\n".join(lines)
