"""The pace of a game's events from games columns with the event's number in their name (say
`entry_{k}_turn`: the turn of the k-th entry on a track, null when the game made fewer), as a
game's ``Pace`` section declares it (``simulate/core/sections.py``)."""
import re

import numpy as np
import polars as pl

from .load import CELL, collect
from simulate.core.stats import wilson_interval, z_value


def pace_columns(games, template):
    """{k: column} of the games columns matching `template` ("entry_{k}_turn"), k in order."""
    head, _, tail = template.partition("{k}")
    pattern = re.compile(re.escape(head) + r"(\d+)" + re.escape(tail) + "$")
    found = {int(m.group(1)): c for c in games.collect_schema().names() if (m := pattern.match(c))}
    return dict(sorted(found.items()))


def pace(games, template, confidence=0.95):
    """Per cell and k: `reached` (games with a k-th event) of `games`, the share that reached it
    with its Wilson interval (`share_lo`, `share_hi`), and the mean turn of the k-th event over
    those games with a normal interval (`lo`, `hi`), its sd. One pass over games. None without
    such columns."""
    cols = pace_columns(games, template)
    if not cols:
        return None
    aggs = {"games": pl.len().cast(pl.Int64)}
    for k, c in cols.items():
        x = pl.col(c).cast(pl.Float64)
        aggs[f"r{k}"], aggs[f"m{k}"], aggs[f"s{k}"] = pl.col(c).is_not_null().sum().cast(pl.Int64), x.mean(), x.std()
    wide = collect(games.group_by(*CELL).agg(**aggs))
    out = pl.concat([wide.select(*CELL, "games", k=pl.lit(k, pl.Int16), reached=pl.col(f"r{k}"),
                                 mean=pl.col(f"m{k}"), sd=pl.col(f"s{k}")) for k in cols])
    out = out.filter(pl.col("reached") > 0)
    lo, hi = wilson_interval(out["reached"].to_numpy(), out["games"].to_numpy(), confidence)
    z = z_value(confidence)
    se = out["sd"].to_numpy() / np.sqrt(out["reached"].to_numpy())
    return out.with_columns(share=pl.col("reached") / pl.col("games"), share_lo=pl.Series(np.atleast_1d(lo)),
                            share_hi=pl.Series(np.atleast_1d(hi)), lo=pl.col("mean") - z * pl.Series(se),
                            hi=pl.col("mean") + z * pl.Series(se)).sort(*CELL, "k")
