"""The value of what a game's `Subject`s name (cards drawn, actions taken, abilities dealt), in
the spirit of 17lands: how seats that have it fare against seats that do not.

The unit is a seat in a game. A count subject (its column has `{item}`) splits the seats
into those whose count is above 0 and those at 0, with an optional third state, the seats
whose `played` count is above 0; a categorical one (one column) into the seats with that
value and the seats with another. "Improvement" is the win rate with minus without
(17lands' improvement when drawn); the score difference compares mean final score the
same way. These are associations, not causes: a seat that draws more cards may be one
that is doing well.
"""
import re

import numpy as np
import polars as pl
import polars.selectors as cs

from .load import CELL, collect
from .significance import difference, mean_difference_se, rate_difference
from simulate.core.stats import wilson_interval

PLAYED = "played"


def is_count(subject):
    return "{item}" in subject.column


def item_columns(seats, template, items=()):
    """{item: column} of a per-item column template ("drawn_{item}") among the seats'
    columns: `items` in their order (those with a column), or every matching column in schema order."""
    have = seats.collect_schema().names()
    if items:
        return {i: template.format(item=i) for i in items if template.format(item=i) in have}
    head, _, tail = template.partition("{item}")
    pattern = re.compile(re.escape(head) + "(.+)" + re.escape(tail) + "$")
    return {m.group(1): c for c in have if (m := pattern.match(c))}


def state_counts(seats, items, by=CELL):
    """One pass over seats: for each item and each of its states (a boolean expression), the
    seat-games `n`, `wins` and the sum and sum of squares of the final score; long format, collected."""
    by = list(by)
    score = pl.col("score_total").cast(pl.Float64)
    won = pl.col("won").cast(pl.Float64)
    aggs, index = {}, []
    for i, (item, states) in enumerate(items.items()):
        for j, (state, mask) in enumerate(states.items()):
            k = f"{i}_{j}"
            index.append((k, item, state))
            aggs[f"n_{k}"] = mask.cast(pl.Int64).sum()
            aggs[f"w_{k}"] = (won * mask.cast(pl.Float64)).sum()
            aggs[f"s_{k}"] = score.filter(mask).sum()
            aggs[f"q_{k}"] = (score * score).filter(mask).sum()
    wide = collect(seats.group_by(*by).agg(**aggs))
    parts = [wide.select(*by, subject=pl.lit(item), state=pl.lit(state), n=pl.col(f"n_{k}"),
                         wins=pl.col(f"w_{k}").cast(pl.Int64), vp_sum=pl.col(f"s_{k}"), vp_sq=pl.col(f"q_{k}"))
             for k, item, state in index]
    return pl.concat(parts).sort(*by, maintain_order=True)


def _state(long, state, by, confidence):
    """One state's columns, suffixed with the state name: n, win rate with Wilson interval, mean score."""
    d = long.filter(pl.col("state") == state)
    n, k = d["n"].to_numpy(), d["wins"].to_numpy()
    lo, hi = wilson_interval(k, n, confidence)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = d["vp_sum"].to_numpy() / n
        var = (d["vp_sq"].to_numpy() - n * mean ** 2) / (n - 1)
    return d.select(*by, "subject").with_columns(**{
        f"n_{state}": pl.Series(n), f"wins_{state}": pl.Series(k),
        f"win_rate_{state}": pl.Series(np.where(n > 0, k / np.maximum(n, 1), np.nan)),
        f"lo_{state}": pl.Series(np.atleast_1d(lo)), f"hi_{state}": pl.Series(np.atleast_1d(hi)),
        f"vp_{state}": pl.Series(mean), f"_var_{state}": pl.Series(var)})


def contrast(df, name, a, b, confidence=0.95, vp=False):
    """Columns `name`, `name_lo`, `name_hi`, `name_p`: state a minus state b, win rates (Newcombe
    interval, pooled or, for a small group, Fisher's test) or, with vp, mean score (Welch)."""
    na, nb = df[f"n_{a}"].to_numpy().astype(float), df[f"n_{b}"].to_numpy().astype(float)
    if vp:
        diff = df[f"vp_{a}"].to_numpy() - df[f"vp_{b}"].to_numpy()
        se = mean_difference_se(df[f"_var_{a}"].to_numpy(), na, df[f"_var_{b}"].to_numpy(), nb)
        lo, hi, p = difference(diff, se, confidence)
    else:
        ka, kb = df[f"wins_{a}"].to_numpy(), df[f"wins_{b}"].to_numpy()
        diff, lo, hi, p = rate_difference(ka, na, kb, nb, confidence)
    return df.with_columns(**{name: pl.Series(np.atleast_1d(diff)), f"{name}_lo": pl.Series(np.atleast_1d(lo)),
                              f"{name}_hi": pl.Series(np.atleast_1d(hi)), f"{name}_p": pl.Series(np.atleast_1d(p))})



def states_table(long, states, by=CELL, confidence=0.95):
    """The long counts of `state_counts` (columns *by, subject, state, n, wins, vp_sum, vp_sq) ->
    one row per (group, subject) with each state's n, wins, win rate and Wilson interval and mean
    score suffixed with the state's name (and the score variance `_var_<state>`, for `contrast`)."""
    by = list(by)
    df = None
    for state in states:
        part = _state(long, state, by, confidence)
        df = part if df is None else df.join(part, on=[*by, "subject"], how="left", nulls_equal=True,
                                             maintain_order="left")
    return df


def value_table(seats, items, states, with_state, without_state, by=CELL, confidence=0.95, key="subject"):
    """Wide table per (group, item), the item in column `key`: each state's n, win rate and
    interval, mean score; `improvement` (win rate with - without) and `vp_difference` (mean score
    with - without), each with interval and p-value; `improvement_played` when a state is played."""
    df = states_table(state_counts(seats, items, by), states, by, confidence)
    df = contrast(df, "improvement", with_state, without_state, confidence)
    df = contrast(df, "vp_difference", with_state, without_state, confidence, vp=True)
    if PLAYED in states:
        df = contrast(df, "improvement_played", PLAYED, without_state, confidence)
    return df.drop(cs.starts_with("_var_")).rename({"subject": key})


def one_to_one(seats, a, b):
    """Whether categorical columns a and b of the seats pair each value of one with one value of
    the other (False when b is empty or not a column)."""
    if not b or b not in seats.collect_schema().names():
        return False
    n = collect(seats.select(pl.struct(a, b).n_unique().alias("pairs"), pl.col(a).n_unique().alias("a"),
                             pl.col(b).n_unique().alias("b")))
    return n["pairs"][0] == n["a"][0] == n["b"][0]


def value(seats, subject, by=CELL, confidence=0.95):
    """Per group and item of `subject` (a ``simulate.core.protocol.Subject``), in item order: the
    seat-games in each of its states (`n_<state>`, win rate with Wilson interval, mean score),
    `improvement` = win rate with - without (Newcombe interval, pooled test), `vp_difference`
    = mean final score with - without (Welch), `improvement_played` = played - without when the
    subject has a played column, and `share_<with>` (the share of seat-games with it); a count
    subject also `mean_count` per seat-game. The item is in column `subject.name`. None when
    the seats table has no column of it (or a categorical column that is always null, or one
    the data holds one-to-one with the subject's `same_as` column)."""
    with_, without = subject.states
    if is_count(subject):
        cols = item_columns(seats, subject.column, subject.items)
        played = item_columns(seats, subject.played, cols) if subject.played else {}
        items = {i: {with_: pl.col(c) > 0, **({PLAYED: pl.col(played[i]) > 0} if i in played else {}),
                     without: pl.col(c) == 0} for i, c in cols.items()}
        states = (with_, PLAYED, without) if played else (with_, without)
    else:
        c = subject.column
        if c not in seats.collect_schema().names() or one_to_one(seats, c, subject.same_as):
            return None
        found = subject.items or sorted(collect(seats.select(pl.col(c).unique().drop_nulls()))[c].to_list())
        items = {v: {with_: pl.col(c) == v, without: (pl.col(c) != v) & pl.col(c).is_not_null()} for v in found}
        states = (with_, without)
    if not items:
        return None
    df = value_table(seats, items, states, with_, without, by, confidence, subject.name)
    df = df.with_columns(pl.col(f"n_{with_}").truediv(pl.col(f"n_{with_}") + pl.col(f"n_{without}"))
                         .alias(f"share_{with_}"))
    if not is_count(subject):
        return df
    by = list(by)
    means = collect(seats.group_by(*by).agg(**{f"m{j}": pl.col(c).cast(pl.Float64).mean()
                                                for j, c in enumerate(cols.values())}))
    means = pl.concat([means.select(*by, pl.lit(i).alias(subject.name), mean_count=pl.col(f"m{j}"))
                       for j, i in enumerate(cols)])
    return df.join(means, on=[*by, subject.name], how="left", nulls_equal=True, maintain_order="left")


def card_timing(cards, by=CELL, confidence=0.95):
    """Per group and card, from the cards table (None when the game writes none): draws, the
    share dealt at setup, the share played (Wilson interval), mean turn drawn, mean turn played
    and mean turns held before playing."""
    if cards is None:
        return None
    by = list(by)
    played = pl.col("turn_played").is_not_null()
    out = collect(cards.group_by(*by, "card").agg(
        draws=pl.len().cast(pl.Int64), at_setup=pl.col("at_setup").sum().cast(pl.Int64),
        played=played.sum().cast(pl.Int64), mean_turn_drawn=pl.col("turn_drawn").cast(pl.Float64).mean(),
        mean_turn_played=pl.col("turn_played").cast(pl.Float64).mean(),
        mean_turns_held=(pl.col("turn_played") - pl.col("turn_drawn")).cast(pl.Float64).mean()))
    lo, hi = wilson_interval(out["played"].to_numpy(), out["draws"].to_numpy(), confidence)
    return out.with_columns(play_rate=pl.col("played") / pl.col("draws"), play_rate_lo=pl.Series(np.atleast_1d(lo)),
                            play_rate_hi=pl.Series(np.atleast_1d(hi)),
                            setup_share=pl.col("at_setup") / pl.col("draws")).sort(*by, "card")
