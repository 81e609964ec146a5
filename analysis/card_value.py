"""Card, action and ability value in the spirit of 17lands: how seats that drew (played,
took) something fare against seats that did not.

The unit is a seat in a game. For a Favor of the Gods card: the seat drew it at least
once (`favor_drawn_<god>` > 0), played it (`favor_played_<god>` > 0) or never drew it.
"Improvement when drawn" is the win rate when drawn minus the win rate when not drawn
(17lands' IWD); the VP difference compares mean final VP the same way. These are
associations, not causes: a seat that draws more cards may be one that is doing well.
"""
import numpy as np
import polars as pl
import polars.selectors as cs

from .load import CELL, collect
from .significance import difference, mean_difference_se, rate_difference
from .stats import wilson_interval

FAVOR_CARDS = ("aeolos", "apollon", "artemis", "athene", "hera", "hermes", "plutos", "zeus")
HARBORS = tuple(range(3, 10))


def state_counts(seats, subjects, by=CELL):
    """One pass over seats: for each subject and each of its states (a boolean expression), the
    seat-games `n`, `wins` and the sum and sum of squares of final VP; long format, collected."""
    by = list(by)
    vp = pl.col("score_total").cast(pl.Float64)
    won = pl.col("won").cast(pl.Float64)
    aggs, index = {}, []
    for i, (subject, states) in enumerate(subjects.items()):
        for j, (state, mask) in enumerate(states.items()):
            k = f"{i}_{j}"
            index.append((k, subject, state))
            aggs[f"n_{k}"] = mask.cast(pl.Int64).sum()
            aggs[f"w_{k}"] = (won * mask.cast(pl.Float64)).sum()
            aggs[f"s_{k}"] = vp.filter(mask).sum()
            aggs[f"q_{k}"] = (vp * vp).filter(mask).sum()
    wide = collect(seats.group_by(*by).agg(**aggs))
    parts = [wide.select(*by, subject=pl.lit(subject), state=pl.lit(state), n=pl.col(f"n_{k}"),
                         wins=pl.col(f"w_{k}").cast(pl.Int64), vp_sum=pl.col(f"s_{k}"), vp_sq=pl.col(f"q_{k}"))
             for k, subject, state in index]
    return pl.concat(parts).sort(*by)


def _state(long, state, by, confidence):
    """One state's columns, suffixed with the state name: n, win rate with Wilson interval, mean VP."""
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


def _contrast(df, name, a, b, confidence, vp=False):
    """Columns `name`, `name_lo`, `name_hi`, `name_p`: state a minus state b, win rates (Newcombe
    interval, pooled test) or, with vp, mean VP (Welch)."""
    na, nb = df[f"n_{a}"].to_numpy().astype(float), df[f"n_{b}"].to_numpy().astype(float)
    if vp:
        diff = df[f"vp_{a}"].to_numpy() - df[f"vp_{b}"].to_numpy()
        se = mean_difference_se(df[f"_var_{a}"].to_numpy(), na, df[f"_var_{b}"].to_numpy(), nb)
        lo, hi, p = difference(diff, se, confidence)
    else:
        ka, kb = df[f"wins_{a}"].to_numpy(), df[f"wins_{b}"].to_numpy()
        diff, lo, hi, p = rate_difference(ka, na, kb, nb, confidence)
    return df.with_columns(**{name: pl.Series(diff), f"{name}_lo": pl.Series(np.atleast_1d(lo)),
                              f"{name}_hi": pl.Series(np.atleast_1d(hi)), f"{name}_p": pl.Series(np.atleast_1d(p))})


def value_table(seats, subjects, states, with_state, without_state, by=CELL, confidence=0.95,
                subject_name="subject"):
    """Wide table per (group, subject): each state's n, win rate and interval, mean VP; then
    `improvement` (win rate with - without) and `vp_difference`, each with interval and p-value."""
    by = list(by)
    long = state_counts(seats, subjects, by)
    df = None
    for state in states:
        part = _state(long, state, by, confidence)
        df = part if df is None else df.join(part, on=[*by, "subject"], how="left", nulls_equal=True)
    df = _contrast(df, "improvement", with_state, without_state, confidence)
    df = _contrast(df, "vp_difference", with_state, without_state, confidence, vp=True)
    if "played" in states:
        df = _contrast(df, "improvement_played", "played", without_state, confidence)
    return df.drop(cs.starts_with("_var_")).rename({"subject": subject_name})


def card_value(seats, by=CELL, confidence=0.95, cards=FAVOR_CARDS):
    """Per group and Favor card: seat-games that drew it / played it / never drew it with their win
    rates (Wilson) and mean VP; `improvement` = win rate drawn - not drawn (IWD),
    `improvement_played` = played - not drawn, `vp_difference` = mean VP drawn - not drawn,
    each with a 95% interval and p-value."""
    have = set(seats.collect_schema().names())
    subjects = {c: {"drawn": pl.col(f"favor_drawn_{c}") > 0, "played": pl.col(f"favor_played_{c}") > 0,
                    "not_drawn": pl.col(f"favor_drawn_{c}") == 0}
                for c in cards if f"favor_drawn_{c}" in have}
    return value_table(seats, subjects, ("drawn", "played", "not_drawn"), "drawn", "not_drawn", by, confidence,
                       subject_name="card")


def harbor_value(seats, by=CELL, confidence=0.95, harbors=HARBORS):
    """Per group and harbor: how often seats took its action (`mean_taken` per seat-game, share of
    seat-games that took it at least once) and the win rate / VP of seats that took it vs not."""
    have = set(seats.collect_schema().names())
    cols = {h: f"actions_harbor_{h}" for h in harbors if f"actions_harbor_{h}" in have}
    subjects = {h: {"took": pl.col(c) > 0, "not_took": pl.col(c) == 0} for h, c in cols.items()}
    df = value_table(seats, subjects, ("took", "not_took"), "took", "not_took", by, confidence, "harbor")
    means = collect(seats.group_by(*by).agg(**{f"m{h}": pl.col(c).cast(pl.Float64).mean() for h, c in cols.items()}))
    means = pl.concat([means.select(*by, harbor=pl.lit(h), mean_taken=pl.col(f"m{h}")) for h in cols])
    df = df.join(means, on=[*by, "harbor"], how="left", nulls_equal=True)
    return df.with_columns(share_took=pl.col("n_took") / (pl.col("n_took") + pl.col("n_not_took")))


def ability_value(seats, column="tableau", by=CELL, confidence=0.95):
    """Per group and tableau ability: win rate and VP of seats dealt it vs seats dealt another.
    None when the seats table has no `column` (older runs); the base game has it all null."""
    if column not in seats.collect_schema().names():
        return None
    values = collect(seats.select(pl.col(column).unique().drop_nulls()))[column].to_list()
    if not values:
        return None
    subjects = {v: {"with": pl.col(column) == v, "without": (pl.col(column) != v) & pl.col(column).is_not_null()}
                for v in sorted(values)}
    return value_table(seats, subjects, ("with", "without"), "with", "without", by, confidence, "ability")


def card_timing(cards, by=CELL, confidence=0.95):
    """Per group and card, from the cards table: draws, the share dealt at setup, the share played
    (Wilson interval), mean turn drawn, mean turn played and mean turns held before playing."""
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
