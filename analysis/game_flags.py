"""The effect of a game flag: per name in a comma-separated games column (say, the
curses in play), the games with it against the games without, as a game's ``FlagEffect``
section declares it (``simulate/core/sections.py``).

A metric is a games column (turns, rounds) or a seats column averaged over each game's seats
(score_total: the game's mean final score). "Without" is the cell's games minus those with
the name, computed from sums and sums of squares (one pass; no column per name). The
difference of means has a Welch interval; p-values are Holm-adjusted over the names of each
metric. Games with a flag differ in more than the flag (a curse comes with its Demon Lord),
so these too are associations.
"""
import numpy as np
import polars as pl

from .load import CELL, by_game_ranges
from .significance import difference, holm, mean_difference_se

KEYS = ("run_id", "game_id")


def _sums(metrics):
    out = {"n": pl.len().cast(pl.Int64)}
    for m in metrics:
        x = pl.col(m).cast(pl.Float64)
        out[f"{m}__sum"], out[f"{m}__sq"] = x.sum(), (x * x).sum()
    return out


def flag_effects(tables, column, metrics=("turns", "score_total"), confidence=0.95):
    """Per cell, name in `column` and metric: games with it (`n_with`, `mean_with`) and without,
    `diff` = mean with - mean without with its Welch interval (`lo`, `hi`), `p_value` and
    `p_adjusted` (Holm over the names, per metric). None without the column or a name in it."""
    if column not in tables.games.collect_schema().names():
        return None
    have = tables.games.collect_schema().names()
    game_metrics = [m for m in metrics if m in have]
    seat_metrics = [m for m in metrics if m not in have]

    def per_game(games, seats):
        g = games.select(*KEYS, *CELL, column, *game_metrics)
        if seat_metrics:
            means = seats.group_by(*KEYS).agg(*(pl.col(m).cast(pl.Float64).mean() for m in seat_metrics))
            g = g.join(means, on=list(KEYS), how="left")
        totals = g.group_by(*CELL).agg(**_sums(metrics)).with_columns(name=pl.lit(None, pl.String))
        named = (g.with_columns(name=pl.col(column).str.split(",")).explode("name")
                 .filter(pl.col("name").is_not_null() & (pl.col("name") != ""))
                 .group_by(*CELL, "name").agg(**_sums(metrics)))
        return pl.concat([totals, named.select(totals.collect_schema().names())])

    parts = by_game_ranges(tables.games, per_game, tables.seats)
    sums = parts.group_by(*CELL, "name").agg(pl.exclude(*CELL, "name").sum())
    total = sums.filter(pl.col("name").is_null()).drop("name")
    named = sums.filter(pl.col("name").is_not_null())
    if not named.height:
        return None
    df = named.join(total, on=list(CELL), suffix="_all").sort(*CELL, "name")
    rows = []
    for m in metrics:
        nw, na = df["n"].to_numpy().astype(float), df["n_all"].to_numpy().astype(float)
        sw, qa = df[f"{m}__sum"].to_numpy(), df[f"{m}__sq_all"].to_numpy()
        sa, qw = df[f"{m}__sum_all"].to_numpy(), df[f"{m}__sq"].to_numpy()
        no, so, qo = na - nw, sa - sw, qa - qw
        with np.errstate(invalid="ignore", divide="ignore"):
            mw, mo = sw / nw, so / no
            vw, vo = (qw - nw * mw ** 2) / (nw - 1), (qo - no * mo ** 2) / (no - 1)
        diff = mw - mo
        lo, hi, p = difference(diff, mean_difference_se(vw, nw, vo, no), confidence)
        rows.append(df.select(*CELL, "name").with_columns(
            metric=pl.lit(m), n_with=pl.Series(nw.astype(np.int64)), n_without=pl.Series(no.astype(np.int64)),
            mean_with=pl.Series(mw), mean_without=pl.Series(mo), diff=pl.Series(diff),
            lo=pl.Series(np.atleast_1d(lo)), hi=pl.Series(np.atleast_1d(hi)), p_value=pl.Series(np.atleast_1d(p)),
            p_adjusted=pl.Series(holm(np.atleast_1d(p)))))
    return pl.concat(rows)
