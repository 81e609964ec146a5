"""The value of the items of a long per-seat table, in the spirit of 17lands, as a game's
``LongValue`` sections declare it (``simulate/core/sections.py``): a seat's events (a thing
taken on one side or the other, a foe defeated) and cards (held, played, gained).

The unit is a seat in a game, as in ``value``: the seat-games with a row of the item (in a
state) against the others. The long table is never pivoted to a column per item: one pass
joins its rows to the seats' `won` and `score_total` (keys run_id, game_id, seat), game-id
range by range, and groups them by cell, item and the columns the states test, a small frame
(`long_counts`); "the rest" is the cell's seat-games minus those with a row of the item. A
section therefore needs at most one row per seat-game and item among the rows it reads (true
of feats and cards: an item is taken, or held, once).

These are associations, not causes: a seat that is doing well draws, buys and plays more.
"""
import numpy as np
import polars as pl
import polars.selectors as cs

from .load import CELL, by_game_ranges, collect
from .significance import holm
from simulate.core.stats import wilson_interval
from .value import contrast, states_table

KEYS = ("run_id", "game_id", "seat")
SUMS = ("n", "wins", "vp_sum", "vp_sq")
ANY = "_any"            # the seat-games with any row of the item (the rest's complement)
BITS = "_bits"          # the pass's flags of a row, one bit each (grouping by an integer, not by strings)
RANGE = 50_000          # game ids per join: ~6M rows of a 4-player run's cards, a few hundred MB at most


def _is(column, values):
    """column is one of values (== for one value: cheaper than a set lookup on millions of rows)."""
    values = list(values)
    return pl.col(column) == values[0] if len(values) == 1 else pl.col(column).is_in(values)


def row_where(section):
    """The rows of its table a section reads (all rows when it says nothing)."""
    return pl.all_horizontal(pl.lit(True), *(_is(c, v) for c, v in section.where))


def row_state(state):
    """A state's rows among a section's."""
    if state.column is None:
        return pl.lit(True)
    return _is(state.column, state.values) if state.values else pl.col(state.column).is_not_null()


def _where_flag(section):
    return f"_w:{section.name}"


def _state_flag(section, state):
    return f"_s:{section.name}:{state.name}"


def flag_plan(sections):
    """[(flag column, row expression)]: each section's where and each state's test; the pass
    groups by them packed into one integer (BITS) and `long_counts` unpacks them."""
    plan = []
    for s in sections:
        plan.append((_where_flag(s), row_where(s)))
        plan += [(_state_flag(s, st), row_state(st)) for st in s.states]
    if len(plan) > 62:
        raise ValueError("more than 62 sections and states on one table")
    return plan


def where_expr(section):
    """A section's rows of `long_counts`."""
    return pl.col(_where_flag(section))


def state_expr(section, state):
    """A state's rows of `long_counts` (among its section's)."""
    return pl.col(_state_flag(section, state))


def who_columns(sections):
    """The seats columns the pass carries: each section's `who` and `within`."""
    return list(dict.fromkeys([*(c for s in sections for c in s.who), *(s.within for s in sections if s.within)]))


def _sums(won="won", score="score_total"):
    x = pl.col(score).cast(pl.Float64)
    return dict(n=pl.len().cast(pl.Int64), wins=pl.col(won).cast(pl.Int64).sum(), vp_sum=x.sum(), vp_sq=(x * x).sum())


def runs_of(tables):
    """{run id: its cell (variant, n_players)} of the data: one run for a run folder, one per
    cell for a comparison. A run is one cell; the passes below attach it after aggregating
    (carrying it through a join of millions of rows costs more than the join)."""
    cells = collect(tables.games.group_by("run_id").agg(*(pl.col(c).first() for c in CELL),
                                                        k=pl.struct(*CELL).n_unique()))
    if (cells["k"] > 1).any():
        raise ValueError("a run with games of more than one cell (variant, player count)")
    types = tables.games.collect_schema()
    return {r["run_id"]: tuple(pl.lit(r[c], dtype=types[c]) for c in CELL)
            for r in cells.sort("run_id").iter_rows(named=True)}


def _in_run(lf, run, runs):
    """`lf`'s rows of one run (all of them when the data holds one run)."""
    return lf if len(runs) == 1 else lf.filter(pl.col("run_id") == run)


def _with_cell(df, cell):
    return df.with_columns(**dict(zip(CELL, cell)))


def seat_key():
    """A seat-game within a run as one integer: a join on it is several times faster than on
    (run_id, game_id, seat)."""
    return (pl.col("game_id") * 256 + pl.col("seat").cast(pl.Int64)).alias("_key")


def long_counts(tables, sections):
    """One pass over the long table of `sections` (all on one table): the rows any of them
    reads, joined to the seats' won, score_total and `who` columns (one integer key per
    seat-game), grouped by cell, item columns, flags (`flag_plan`: each section's rows, each
    state's) and who: n, wins, vp_sum, vp_sq. Run by run, game-id range by range. Returns
    (counts, games): `games` (None without a `per_game` section) has, per such section, cell
    and item, the games in which a row of the item was among the section's rows (distinct
    games: the same scan) and the cell's games. Both collected (small)."""
    items = list(dict.fromkeys(s.item for s in sections))
    who = who_columns(sections)
    plan = flag_plan(sections)
    bit = {name: 1 << i for i, (name, _) in enumerate(plan)}
    bits = pl.sum_horizontal(*(e.cast(pl.Int64) * bit[name] for name, e in plan)).alias(BITS)
    wheres = sum(bit[_where_flag(s)] for s in sections)
    per_game = [s for s in sections if s.per_game]
    group = [*items, BITS, *who]
    runs = runs_of(tables)

    def summarize(part, seats_part):
        part = part.select("game_id", seat_key(), *items, bits).filter((pl.col(BITS) & wheres) != 0)
        joined = (part.join(seats_part.select(seat_key(), "won", "score_total", *who), on="_key")
                  .group_by(group).agg(**_sums()))
        games = [part.filter((pl.col(BITS) & bit[_where_flag(s)]) != 0).group_by(pl.col(s.item).alias("_item"))
                 .agg(games_with=pl.col("game_id").n_unique().cast(pl.Int64)).with_columns(_section=pl.lit(s.name))
                 for s in per_game]
        return pl.concat([joined, *games], how="diagonal_relaxed")

    long, seats = tables.table(sections[0].table), tables.seats
    out = pl.concat([_with_cell(by_game_ranges(_in_run(long, r, runs), summarize, _in_run(seats, r, runs),
                                               size=RANGE), cell) for r, cell in runs.items()], how="diagonal_relaxed")
    if "_section" not in out.columns:           # no per-game section, or no row at all
        out = out.with_columns(_section=pl.lit(None, pl.String), _item=pl.lit(None, pl.String),
                               games_with=pl.lit(None, pl.Int64))
    counts = (out.filter(pl.col("_section").is_null()).group_by(*CELL, *group).agg(pl.col(*SUMS).sum())
              .with_columns(**{name: (pl.col(BITS) & b) != 0 for name, b in bit.items()}).drop(BITS))
    if not per_game:
        return counts, None
    games = (out.filter(pl.col("_section").is_not_null())
             .group_by(pl.col("_section").alias("section"), *CELL, pl.col("_item").alias("item"))
             .agg(pl.col("games_with").sum()))
    cells = collect(tables.games.group_by(*CELL).agg(games=pl.len().cast(pl.Int64)))
    return counts, games.join(cells, on=list(CELL), how="left")


def seat_totals(seats, who=()):
    """Per cell and `who` columns: the seat-games n, wins, vp_sum, vp_sq (the rest's complement)."""
    return collect(seats.group_by(*CELL, *who).agg(**_sums()))


def _summed(frame, by, state):
    return frame.group_by(by).agg(pl.col(*SUMS).sum()).with_columns(state=pl.lit(state))


def state_long(counts, totals, section):
    """The section's long state counts (*CELL, subject, state, n, wins, vp_sum, vp_sq): each
    state's rows, and `rest` = the cell's seat-games minus those with any row of the item
    (with `within`: the seat-games of each value where the item occurs, minus those)."""
    by = [*CELL, section.item]
    rows = counts.filter(where_expr(section))
    anyrow = _summed(rows, by, ANY)
    grid = anyrow.select(by)
    parts = []
    for st in section.states:
        got = _summed(rows.filter(state_expr(section, st)), by, st.name).drop("state")
        parts.append(grid.join(got, on=by, how="left", nulls_equal=True)
                     .with_columns(pl.col(*SUMS).fill_null(0), state=pl.lit(st.name)))
    within = [section.within] if section.within else []     # the rest: within these values where the item occurs
    anyrow_w = rows.group_by(*by, *within).agg(pl.col(*SUMS).sum())
    cell = totals.group_by(*CELL, *within).agg(pl.col(*SUMS).sum())
    rest = (anyrow_w.join(cell, on=[*CELL, *within], suffix="_all", nulls_equal=True)
            .group_by(by).agg(*((pl.col(f"{c}_all") - pl.col(c)).sum().alias(c) for c in SUMS))
            .with_columns(state=pl.lit(section.rest)))
    out = pl.concat([p.select(*by, "state", *SUMS) for p in (*parts, rest, anyrow.with_columns(state=pl.lit(ANY)))])
    return out.rename({section.item: "subject"}).with_columns(pl.col("n", "wins").cast(pl.Int64))


def long_value(counts, totals, section, games=None, confidence=0.95):
    """Per cell and item of a ``LongValue`` section, items by name: each state's (and the rest's)
    seat-games `n_<state>`, win rate with Wilson interval and mean score `vp_<state>`; for each
    of `section.pairs` (i = 0 the headline) the win-rate difference `d<i>` (Newcombe interval,
    pooled test, `d<i>_p`; Holm over the section's rows, `d<i>_p_adj`) and mean score difference
    `g<i>` (Welch); `seat_games` (the cell's) and `share_<state>`; with `games`
    (``long_counts``) the games in which the item happened, `game_rate` with its Wilson
    interval. The item is in column `item`. None when no row of the table is the section's."""
    long = state_long(counts, totals, section)
    if not long.height:
        return None
    names = [st.name for st in section.states] + [section.rest]
    df = states_table(long, [*names, ANY], CELL, confidence)
    for i, (a, b) in enumerate(section.pairs):
        df = contrast(df, f"d{i}", a, b, confidence)
        df = contrast(df, f"g{i}", a, b, confidence, vp=True)
        df = df.with_columns(pl.Series(f"d{i}_p_adj", holm(df[f"d{i}_p"].to_numpy())))
    df = df.with_columns(seat_games=pl.col(f"n_{ANY}") + pl.col(f"n_{section.rest}")).with_columns(
        **{f"share_{s}": pl.col(f"n_{s}") / pl.col("seat_games") for s in names[:-1]})
    df = df.drop(cs.starts_with("_var_"), cs.ends_with(f"_{ANY}")).rename({"subject": "item"})
    if games is not None:
        g = games.filter(pl.col("section") == section.name).drop("section")
        df = df.join(g, on=[*CELL, "item"], how="left", nulls_equal=True, maintain_order="left")
        lo, hi = wilson_interval(df["games_with"].fill_null(0).to_numpy(), df["games"].to_numpy(), confidence)
        df = df.with_columns(game_rate=pl.col("games_with") / pl.col("games"),
                             game_lo=pl.Series(np.atleast_1d(lo)), game_hi=pl.Series(np.atleast_1d(hi)))
    return df.sort(*CELL, "item")


def who_table(counts, totals, section, confidence=0.95):
    """By whom: per cell, item and value of each `who` column, the share of that value's seat-games
    with a row of the item (Wilson interval). Columns *CELL, item, column, value, k, n, rate, lo, hi."""
    if not section.who:
        return None
    rows = counts.filter(where_expr(section))
    parts = []
    for col in section.who:
        k = rows.group_by(*CELL, section.item, col).agg(k=pl.col("n").sum())
        n = totals.group_by(*CELL, col).agg(n=pl.col("n").sum())
        parts.append(k.join(n, on=[*CELL, col], how="left", nulls_equal=True)
                     .select(*CELL, pl.col(section.item).alias("item"), column=pl.lit(col),
                             value=pl.col(col).cast(pl.String), k="k", n="n"))
    out = pl.concat(parts)
    if not out.height:
        return None
    lo, hi = wilson_interval(out["k"].to_numpy(), out["n"].to_numpy(), confidence)
    return out.with_columns(rate=pl.col("k") / pl.col("n"), lo=pl.Series(np.atleast_1d(lo)),
                            hi=pl.Series(np.atleast_1d(hi))).sort(*CELL, "item", "column", "value")


def long_values(tables, sections, confidence=0.95):
    """Every ``LongValue`` section of a game: {section: (value frame or None, who frame or None)},
    one pass over each long table (all its sections at once) and one over seats."""
    out = {}
    by_table = {}
    for s in sections:
        by_table.setdefault(s.table, []).append(s)
    if not by_table:
        return out
    totals = seat_totals(tables.seats, who_columns(sections))
    for table, group in by_table.items():
        if tables.table(table) is None:
            out.update({s: (None, None) for s in group})
            continue
        counts, games = long_counts(tables, group)
        for s in group:
            out[s] = (long_value(counts, totals, s, games, confidence), who_table(counts, totals, s, confidence))
    return out
