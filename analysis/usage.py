"""Content the players never or rarely use (issue #33): a balance tool whose players ignore a
mechanic reports nothing about it, so each item a game declares (``Usage`` sections,
``simulate/core/sections.py``: its ``Use`` kinds) is counted where it was there to use.

Per cell, kind and item: the seat-games it was there for (available: every seat-game, those of
its owner, those of the games that offered it, or those that held it, as its kind says) and the
games among them; its uses; the share of those seat-games and of those games in which it was used
(Wilson intervals); each way of using it (an Angel's hero or patron side). An item is

- **never used**: no use at all where it was there;
- **rarely used**: used in fewer than the section's `rare` share (5%) of the games in which it
  was there (games, not seat-games: an Angel only one seat of a game can awaken is judged as
  an upgrade every seat may buy);
- **one-sided**: a watched side (an Angel's hero or patron, a journey card played face up)
  under the section's `one_sided` share (10%) of its uses;
- **not available**: never there (no verdict).

Against skill tiers (the same games played by stronger strategies, ``analysis.robustness``),
an item the run's players never or rarely use (or use one-sidedly) is a **bot gap** when the
strongest tier uses it, a **design finding** when no tier does; an item the run's players use and
a tier leaves is a **hole in stronger play** (that tier's numbers say nothing of it: issue #42's
coverage holes, named per tier). Usage is behaviour, not value:
"rarely used" says what these players did, not that the item is weak.
"""
import numpy as np
import polars as pl

from simulate.core.sections import Usage
from simulate.core.stats import wilson_interval

from .load import CELL, by_game_ranges, collect, open_tables, protocol, source_config
from .long_value import row_state, row_where
from .words import possessive

NEVER, RARE, ONE_SIDED, USED, NOT_THERE = "never used", "rarely used", "one-sided", "used", "not available"
FLAGGED = (NEVER, RARE, ONE_SIDED)
BOT_GAP = "bot gap: the heuristics miss it"
DESIGN = "design finding: nobody uses it (or the assumed numbers make it weak)"
DESIGN_SIDE = "design finding: every tier leaves its {side} side (or the assumed numbers make it weak)"
HOLE = "hole in stronger play: {tiers} leave{s} it (the run's players use it)"
VERDICT_KINDS = ("design finding", "bot gap", "hole in stronger play", "unclear", "too few games",
                 "not measured")   # each verdict's first words
COUNTS = ("seat_games", "games", "used", "uses", "games_used")


def _sides(use):
    return [f"n_{st.name}" for st in (*use.sides, *use.outcomes)]


def _long_counts(tables, use):
    """Per cell and item of a long-table kind: seat-games with a row (`held`), used, uses, the
    games of each, and each side's and outcome's seat-games."""
    lf = tables.table(use.table)
    if lf is None:
        return None
    used = (row_state(use.used) if use.used is not None
            else pl.col(use.count) > 0 if use.count else pl.lit(True))
    uses = pl.col(use.count).cast(pl.Int64) if use.count else pl.lit(1, pl.Int64)
    flags = {f"n_{st.name}": used & row_state(st) for st in use.sides}
    flags.update({f"n_{st.name}": row_state(st) for st in use.outcomes})

    def summarize(part):
        rows = part.filter(row_where(use)).select(*CELL, "game_id", item=pl.col(use.column).cast(pl.String),
                                                  _used=used, _uses=pl.when(used).then(uses).otherwise(0), **flags)
        return rows.group_by(*CELL, "item").agg(
            held=pl.len().cast(pl.Int64), used=pl.col("_used").sum().cast(pl.Int64),
            uses=pl.col("_uses").sum().cast(pl.Int64), games_held=pl.col("game_id").n_unique().cast(pl.Int64),
            games_used=pl.col("game_id").filter(pl.col("_used")).n_unique().cast(pl.Int64),
            **{k: pl.col(k).sum().cast(pl.Int64) for k in flags})
    out = by_game_ranges(lf, summarize)
    return out.group_by(*CELL, "item").agg(pl.all().sum()) if out.height else None


def _seat_counts(tables, use, items):
    """Per cell and item of a seats kind (a count column per item): used, uses, games used."""
    have = set(tables.seats.collect_schema().names())
    cols = {i: use.column.format(item=i) for i in items if use.column.format(item=i) in have}
    if not cols:
        return None
    aggs = {}
    for k, c in enumerate(cols.values()):
        aggs[f"u{k}"] = (pl.col(c) > 0).sum().cast(pl.Int64)
        aggs[f"s{k}"] = pl.col(c).cast(pl.Int64).sum()
        aggs[f"g{k}"] = pl.col("game_id").filter(pl.col(c) > 0).n_unique().cast(pl.Int64)
    wide = by_game_ranges(tables.seats, lambda part: part.group_by(*CELL).agg(**aggs)).group_by(*CELL).sum()
    return pl.concat([wide.select(*CELL, item=pl.lit(i), used=f"u{k}", uses=f"s{k}", games_used=f"g{k}")
                      for k, i in enumerate(cols)])


def _cell_totals(tables, by=()):
    return collect(tables.seats.group_by(*CELL, *by).agg(seat_games=pl.len().cast(pl.Int64),
                                                          games=pl.col("game_id").n_unique().cast(pl.Int64)))


def _available(tables, use, grid, counts):
    """`grid` (cell, item, owner) with the seat-games and games in which each item was there."""
    if use.held:
        got = (counts.select(*CELL, "item", seat_games="held", games="games_held") if counts is not None
               else grid.select(*CELL, "item").clear())
        return grid.join(got, on=[*CELL, "item"], how="left")
    if use.offered:
        listed = collect(tables.games.select(*CELL, item=pl.col(use.offered).str.split(",")).explode("item")
                         .filter(pl.col("item") != "").group_by(*CELL, "item").agg(games=pl.len().cast(pl.Int64)))
        return grid.join(listed, on=[*CELL, "item"], how="left").with_columns(
            seat_games=pl.col("games") * pl.col("n_players").cast(pl.Int64))
    totals = _cell_totals(tables)
    if not use.within or use.within not in tables.seats.collect_schema().names():
        return grid.join(totals, on=list(CELL), how="left")
    owned = _cell_totals(tables, (use.within,)).with_columns(pl.col(use.within).cast(pl.String).alias("owner"))
    mine = grid.filter(pl.col("owner").is_not_null()).join(owned.drop(use.within), on=[*CELL, "owner"], how="left")
    anyone = grid.filter(pl.col("owner").is_null()).join(totals, on=list(CELL), how="left")
    return pl.concat([mine, anyone], how="diagonal_relaxed")


def _items(use, items, counts, cells):
    """The kind's items by cell, with owners: the declared ones (`items`: the game's content_items
    of the kind, else the kind's own), and any the data holds beside them."""
    declared = dict(items.get(use.kind) or dict.fromkeys(use.items))
    seen = [] if counts is None else counts["item"].unique().to_list()
    declared.update({i: None for i in seen if i not in declared})
    names = pl.DataFrame({"item": list(declared), "owner": list(declared.values())},
                         schema={"item": pl.String, "owner": pl.String})
    return cells.join(names, how="cross")


def _rates(df, confidence):
    out = {}
    for name, k, n in (("", "used", "seat_games"), ("game_", "games_used", "games")):
        lo, hi = wilson_interval(df[k].to_numpy(), df[n].to_numpy(), confidence)
        out[f"{name}lo"], out[f"{name}hi"] = np.atleast_1d(lo), np.atleast_1d(hi)
    return df.with_columns(share=pl.col("used") / pl.col("seat_games"),
                           game_share=pl.col("games_used") / pl.col("games"),
                           uses_per_seat_game=pl.col("uses") / pl.col("seat_games"),
                           **{k: pl.Series(v) for k, v in out.items()})


def _least_side(df, use, confidence):
    """The least-used watched side (``Use.one_sided``: names of `sides`) and its share of the uses."""
    watched = [st.name for st in use.sides if st.name in use.one_sided]
    if not watched:
        return df
    n = pl.min_horizontal(*(pl.col(f"n_{w}") for w in watched))
    side = pl.coalesce(*(pl.when(pl.col(f"n_{w}") == n).then(pl.lit(w)) for w in watched))
    df = df.with_columns(side=side, side_n=n)
    lo, hi = wilson_interval(df["side_n"].to_numpy(), df["used"].to_numpy(), confidence)
    return df.with_columns(side_share=pl.col("side_n") / pl.col("used"), side_lo=pl.Series(np.atleast_1d(lo)),
                           side_hi=pl.Series(np.atleast_1d(hi)))


def status(rare, one_sided=None):
    """An item's class (NOT_THERE, NEVER, RARE, ONE_SIDED, USED) from its frame's columns;
    `one_sided` None: a kind without watched sides."""
    side = pl.lit(False) if one_sided is None else (pl.col("side_share") < one_sided).fill_null(False)
    return (pl.when(pl.col("seat_games") == 0).then(pl.lit(NOT_THERE))
            .when(pl.col("used") == 0).then(pl.lit(NEVER))
            .when(pl.col("game_share") < rare).then(pl.lit(RARE))
            .when(side).then(pl.lit(ONE_SIDED))
            .otherwise(pl.lit(USED)))


def usage(tables, section, items=None, confidence=0.95):
    """One ``Usage`` section's table: per cell (variant, n_players), kind and item (the order of
    the section's kinds, then the items'): label, owner, seat_games and games it was there for,
    used (seat-games), uses, uses_per_seat_game, share of the seat-games used (lo, hi: Wilson),
    games_used and game_share (game_lo, game_hi), n_<side> and n_<outcome> per side and outcome,
    for a kind with watched sides the least-used one (side, side_n, side_share, side_lo,
    side_hi: of the uses), and `status`. `items`: the game's ``content_items`` ({kind: {item:
    owner}}), so that an item never used is listed too."""
    items = items or {}
    cells = collect(tables.games.select(*CELL).unique()).sort(list(CELL))
    parts = []
    for order, use in enumerate(section.uses):
        if use.table == "seats":
            counts = _seat_counts(tables, use, list(items.get(use.kind) or use.items))
        else:
            counts = _long_counts(tables, use)
        grid = _items(use, items, counts, cells)
        if not grid.height:
            continue
        df = _available(tables, use, grid, counts)
        if counts is not None:
            df = df.join(counts.drop("held", "games_held", strict=False), on=[*CELL, "item"], how="left")
        df = df.with_columns(*(pl.col(c).fill_null(0).cast(pl.Int64) if c in df.columns
                               else pl.lit(0, pl.Int64).alias(c) for c in (*COUNTS, *_sides(use))))
        df = _least_side(_rates(df, confidence), use, confidence)
        watched = section.one_sided if "side_share" in df.columns else None
        parts.append(df.with_columns(kind=pl.lit(use.kind), label=pl.lit(use.label), _order=pl.lit(order),
                                     status=status(section.rare, watched)))
    if not parts:
        return pl.DataFrame()
    out = pl.concat(parts, how="diagonal_relaxed")
    first = [*CELL, "kind", "label", "item", "owner", "status", "seat_games", "games", "used", "share", "lo", "hi",
             "games_used", "game_share", "game_lo", "game_hi", "uses", "uses_per_seat_game"]
    rest = [c for c in out.columns if c not in first and c != "_order"]
    return out.sort(*CELL, "_order", "item").select(*first, *sorted(rest))


def content_usage(run, confidence=0.95):
    """Every ``Usage`` section of a run's game, one frame (a `section` column first): `run` a run
    or comparison folder, a Run, a CompareResult or ``analysis.load`` Tables; the items come from
    the game's ``content_items`` of the run's config."""
    tables = open_tables(run)
    game = protocol(tables)
    config = source_config(run)
    items = game.content_items(config) if config else {}
    parts = [usage(tables, s, items, confidence).with_columns(section=pl.lit(s.name))
             for s in game.sections if isinstance(s, Usage)]
    parts = [p for p in parts if p.height]
    if not parts:
        return pl.DataFrame()
    out = pl.concat(parts, how="diagonal_relaxed")
    return out.select("section", *(c for c in out.columns if c != "section"))


def flagged(df):
    """The items never used, rarely used or one-sided, in that order, then by kind as declared."""
    if not df.height:
        return df
    rank = pl.col("status").replace_strict({s: i for i, s in enumerate(FLAGGED)}, default=len(FLAGGED),
                                           return_dtype=pl.Int8)
    return df.filter(pl.col("status").is_in(FLAGGED)).with_row_index("_at").sort(rank, "_at").drop("_at")


KEY = [*CELL, "kind", "item"]
TIER_COLUMNS = ("status", "games", "game_share", "game_lo", "game_hi", "side", "side_share", "side_lo", "side_hi")


def _clearly(r, k, rare, one_sided):
    """Whether tier k's 95% intervals show that it uses the item (True), leaves it (False: under
    `rare` of its games, or a watched side under `one_sided` of its uses) or cannot tell (None)."""
    lo, hi, side_lo, side_hi = (r.get(f"{k}_{c}") for c in ("game_lo", "game_hi", "side_lo", "side_hi"))
    if lo is None or lo != lo:                      # never there in the tier's games
        return None
    watched = side_lo is not None and side_lo == side_lo
    if hi < rare or (watched and side_hi < one_sided):
        return False
    if lo >= rare and (not watched or side_lo >= one_sided):
        return True
    return None


def tier_verdicts(own, tiers, section, strongest=None):
    """Each of `own`'s flagged items (``usage`` of the run) against the same item in each tier
    (`tiers`: [(name, usage frame)], weakest first): its numbers there (columns `<k>_<column>`
    of TIER_COLUMNS for the k-th tier) and a `verdict` from the strongest tier's (`strongest`,
    else the last) 95% intervals against the section's thresholds: it uses the item (in at
    least `rare` of its games, and a watched side in at least `one_sided` of its uses) where the
    run's players do not, BOT_GAP; it leaves it, and so does every tier, DESIGN (DESIGN_SIDE for
    a side left); a weaker tier only uses it, "unclear"; an interval holding the threshold, too
    few games; never there in its games, not measured. Then the items the run's players use that
    a tier clearly leaves, HOLE naming those tiers (`left_by`, a list): a coverage hole of
    stronger play (that tier's games say nothing of its value), after the flagged ones."""
    rows = flagged(own)
    if not tiers:
        return rows.with_columns(verdict=pl.lit(None, pl.String), verdict_kind=pl.lit(None, pl.String),
                                 left_by=pl.lit([], pl.List(pl.String)))
    names = [name for name, _ in tiers]
    top = names.index(strongest_tier(names, strongest))
    rows = pl.concat([rows, own.filter(pl.col("status") == USED)], how="diagonal_relaxed")
    for k, (_, df) in enumerate(tiers):
        have = [c for c in TIER_COLUMNS if c in df.columns] if df.height else []
        rows = (rows.join(df.select(*KEY, *(pl.col(c).alias(f"{k}_{c}") for c in have)), on=KEY, how="left")
                if have else rows)
        rows = rows.with_columns(*(pl.lit(None).alias(f"{k}_{c}") for c in TIER_COLUMNS if c not in have))
    verdicts, left = [], []
    for r in rows.iter_rows(named=True):
        clear = [_clearly(r, k, section.rare, section.one_sided) for k in range(len(names))]
        users = [n for n, c in zip(names, clear) if c]
        left.append([n for n, c in zip(names, clear) if c is False] if r["status"] == USED else [])
        if r["status"] == USED:
            leave = left[-1]
            verdicts.append(HOLE.format(tiers=" and ".join(leave), s="s" if len(leave) == 1 else "")
                            if leave else None)
        elif r.get(f"{top}_games") in (None, 0):
            verdicts.append(f"not measured: {names[top]} never had it")
        elif clear[top]:
            verdicts.append(BOT_GAP)
        elif clear[top] is None:
            verdicts.append(f"too few games: {possessive(names[top])} 95% interval holds the threshold")
        elif users:
            verdicts.append(f"unclear: {', '.join(users)} use{'s' if len(users) == 1 else ''} it, "
                            f"the strongest ({names[top]}) does not")
        elif r[f"{top}_status"] == ONE_SIDED or (r["status"] == ONE_SIDED and r[f"{top}_status"] == USED):
            verdicts.append(DESIGN_SIDE.format(side=str(r[f"{top}_side"] or r["side"]).replace("_", " ")))
        else:
            verdicts.append(DESIGN)
    kinds = [v and next(k for k in VERDICT_KINDS if v.startswith(k)) for v in verdicts]
    rows = rows.with_columns(verdict=pl.Series(verdicts, dtype=pl.String),
                             verdict_kind=pl.Series(kinds, dtype=pl.String),
                             left_by=pl.Series(left, dtype=pl.List(pl.String)))
    return rows.filter(pl.col("verdict").is_not_null() | (pl.col("status") != USED))


def strongest_tier(names, strongest=None):
    """The tier a verdict goes by: the game's strongest (`strongest`) if it was played, else the last."""
    return strongest if strongest in names else names[-1]
