"""Seat-rotated round robin: every strategy against every other, a win-rate matrix
with Wilson intervals and a Bradley-Terry rating per strategy (Elo scale).

Cell (i, j) is i's win rate with i in one seat and j in all the others (fair:
1/P). With two players a match and its mirror are the same games, so each pair
is played once. Pairs run on parallel joblib workers; every pair uses the same
seed, so all pairs play the same deals.
"""
import io
import json
from dataclasses import dataclass, field

import numpy as np
import polars as pl

from analysis.ratings import bradley_terry, rating_intervals
from simulate.core.games import get_game
from simulate.core.run_files import write_atomic
from simulate.core.run_progress import Progress
from simulate.core.stats import wilson_interval
from simulate.core.workers import local_jobs

from .roster import strategy_label


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


def run_tournament(game, rules, n_players, names, games, seed=1, jobs=-1, plugin_files=(), progress=False):
    """Play the round robin (`games` games per pair and direction) and rate it. `progress`: as
    ``simulate.run``'s (None: a bar on a terminal, lines elsewhere; False: none)."""
    from joblib import Parallel, delayed

    game = get_game(game)
    k = len(names)
    if n_players == 2:
        pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
    else:
        pairs = [(i, j) for i in range(k) for j in range(k) if i != j]
    bar = None if progress is False else Progress(len(pairs) * games, 0, mode=progress, label="tournament")
    results = Parallel(n_jobs=local_jobs(jobs), return_as="generator")(
        delayed(_pair_worker)(game, rules.config, n_players, names[i], names[j], games, seed, list(plugin_files))
        for i, j in pairs)
    wins = np.zeros((k, k))
    played = np.zeros((k, k), dtype=int)
    for (i, j), (w, n) in zip(pairs, results):
        if bar is not None:
            bar.advance(games)
        wins[i, j], played[i, j] = w, n
        if n_players == 2:
            wins[j, i], played[j, i] = n - w, n
    if bar is not None:
        bar.close()
    t = Tournament(game.name, [strategy_label(n) for n in names], n_players, wins, played)   # a file by its name
    pw, pn = t.pairwise()
    t.rating = bradley_terry(pw, pn)
    t.rating_lo, t.rating_hi = rating_intervals(pw, pn, seed=seed)
    return t


SAVED = (".csv", ".parquet", ".json")      # what --out writes


def results_table(t):
    """The matrix as rows (strategy, against, wins, games, rate, lo, hi) with both strategies'
    Bradley-Terry ratings and intervals: one table holds the matrix and the ratings."""
    d = t.to_dict()
    ratings = pl.DataFrame(d["ratings"]).rename({"rating": "rating", "lo": "rating_lo", "hi": "rating_hi"})
    rows = pl.DataFrame(d["matrix"]).join(ratings, on="strategy", how="left")
    return rows.join(ratings.rename({"strategy": "against", "rating": "against_rating",
                                     "rating_lo": "against_rating_lo", "rating_hi": "against_rating_hi"}),
                     on="against", how="left").with_columns(players=pl.lit(t.n_players))


def save_tournament(t, path):
    """Write the results to `path` (.csv, .parquet: ``results_table``; .json: ``to_dict``) so that
    a reader sees the whole file or none."""
    suffix = path.suffix.lower()
    if suffix == ".json":
        data = json.dumps(t.to_dict(), indent=1).encode()
    else:
        buffer = io.BytesIO()
        table = results_table(t)
        table.write_csv(buffer) if suffix == ".csv" else table.write_parquet(buffer)
        data = buffer.getvalue()
    write_atomic(path, data)


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
