"""Games won by stages done in order (``simulate.core.sections.Stages``: a solo scenario's four tasks):
win rates per group, and the stage at which the lost seat-games stopped."""
import polars as pl

from .load import CELL, collect
from simulate.core.stats import wilson_exprs
from .winrates import win_rates


def stage_results(seats, done, by=("strategy",), confidence=0.95):
    """{"rates": win rate per cell, `by` column (`by`) and value (`value`) with its Wilson interval
    and n; "stuck": per cell, `by[0]` value (`value`, "all" for every one) and stage (`stuck`, the
    first not done), the lost seat-games stuck there (`lost`) of `n` lost, `share` and interval}.
    None without a non-null `done` (not a game won by stages)."""
    have = seats.collect_schema().names()
    if done not in have:
        return None
    staged = seats.filter(pl.col(done).is_not_null())
    if collect(staged.select(pl.len())).item() == 0:
        return None
    by = [b for b in by if b in have]
    rates = pl.concat([win_rates(staged, (*CELL, b)).rename({b: "value"})
                       .with_columns(pl.col("value").cast(pl.String), by=pl.lit(b)) for b in by])
    lost = staged.filter(~pl.col("won")).with_columns(stuck=(pl.col(done) + 1).cast(pl.Int64))
    parts = []
    for key, value in ((by[0], pl.col(by[0]).cast(pl.String)), ("all", pl.lit("all"))):
        counts = lost.with_columns(value=value).group_by(*CELL, "value", "stuck").agg(lost=pl.len().cast(pl.Int64))
        parts.append(collect(counts))
    lo, hi = wilson_exprs("lost", "n", confidence)
    stuck = (pl.concat(parts).with_columns(n=pl.col("lost").sum().over([*CELL, "value"]))
             .with_columns(share=pl.col("lost") / pl.col("n"), lo=lo, hi=hi).sort(*CELL, "value", "stuck"))
    return {"rates": rates, "stuck": stuck}
