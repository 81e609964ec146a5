"""Variant comparison: the change in each balance number between a baseline variant and the
others, at the same player count, with intervals and a correction for the number of comparisons.

Cells of a `windtunnel compare` share the run seed, so game i has the same game seed
(`games.seed`) and the same cards in every cell: games (and seats) are paired by seed and
the difference is the mean of per-game differences (common random numbers: tighter
intervals). Where the cells do not pair up (separate runs, other seeds) the difference is
the unpaired one (Welch). Either way the interval is a normal approximation.
"""
import numpy as np
import polars as pl

from .balance import balance, game_scores, score_sources_of
from .load import CELL, collect, open_tables, protocol
from .significance import adjust, difference
from .value import is_count, item_columns, one_to_one

GAME_METRICS = ("winner_score", "margin", "tie", "turns", "rounds")
RATE_METRICS = ("won", "tie", "balance")
METRIC_NAMES = {"won": "win rate", "tie": "tie rate", "balance": "balance", "score_total": "final {unit}",
                "winner_score": "winner's {unit}", "margin": "margin of victory", "turns": "turns", "rounds": "rounds"}


def metric_name(metric, unit="points"):
    """How a metric reads in a sentence: "final VP", "VP from market" (score_market); `unit`
    is the game's score unit."""
    name = METRIC_NAMES.get(metric) or metric.replace("score_", "{unit} from ", 1).replace("_", " ")
    return name.format(unit=unit)


def seat_metric_columns(seats):
    """won, the final score and each score source: the per-seat numbers compared between variants."""
    return ["won", "score_total", *(f"score_{s}" for s in score_sources_of(seats))]


def game_metrics(tables):
    """Lazy, one row per game: its cell, seed and the per-game numbers of GAME_METRICS."""
    keys = ["run_id", "game_id"]
    g = tables.games.select(*keys, *CELL, "seed", "turns", "rounds", tie=pl.col("tie").cast(pl.Float64))
    return g.join(game_scores(tables.seats).select(*keys, "winner_score", "margin"), on=keys)


def seat_metrics(tables):
    """Lazy, one row per seat per game: cell, seed, seat, strategy and `seat_metric_columns`."""
    keys = ["run_id", "game_id"]
    cols = seat_metric_columns(tables.seats)
    s = tables.seats.select(*keys, *CELL, "seat", "strategy", *[pl.col(c).cast(pl.Float64) for c in cols])
    return s.join(tables.games.select(*keys, "seed"), on=keys)


def holder_metrics(tables, subject):
    """Lazy, one row per seat per game per item of a count `subject` the seat has (count > 0),
    or per seat per game for a categorical one (its value, where not null): cell, seed, seat,
    the item (column `subject.name`, as text), won and final score; None when the seats have no
    column of it (or hold it one-to-one with its `same_as` column). The change in these between
    variants is the change in an item's value."""
    keys = ["run_id", "game_id"]
    if not is_count(subject):
        c = subject.column
        if c not in tables.seats.collect_schema().names() or one_to_one(tables.seats, c, subject.same_as):
            return None
        s = tables.seats.filter(pl.col(c).is_not_null()).select(
            *keys, *CELL, "seat", pl.col("won").cast(pl.Float64), pl.col("score_total").cast(pl.Float64),
            pl.col(c).cast(pl.String).alias(subject.name))
        return s.join(tables.games.select(*keys, "seed"), on=keys)
    cols = {c: str(i) for i, c in item_columns(tables.seats, subject.column, subject.items).items()}
    if not cols:
        return None
    s = tables.seats.select(*keys, *CELL, "seat", pl.col("won").cast(pl.Float64),
                            pl.col("score_total").cast(pl.Float64), *cols)
    held = (s.unpivot(index=[*keys, *CELL, "seat", "won", "score_total"], on=list(cols),
                      variable_name=subject.name, value_name="count")
            .filter(pl.col("count") > 0).drop("count")
            .with_columns(pl.col(subject.name).replace_strict(cols)))
    return held.join(tables.games.select(*keys, "seed"), on=keys)


def big_enough_rows(deltas, min_group):
    """Per row of `compare_variants`: False for an item holders' row where either variant's holders
    are fewer than `min_group` (an ``analysis.group_size.MinGroup``) of their cell's seat-games
    (players times the games of the cell's "all" rows), True otherwise."""
    if not deltas.height:
        return np.ones(0, dtype=bool)
    games = deltas.filter(pl.col("subject") == "all").group_by("n_players", "variant").agg(
        ga=pl.col("n_a").max(), gb=pl.col("n_b").max())
    df = deltas.join(games, on=["n_players", "variant"], how="left", maintain_order="left")
    holder = np.array([holder_of(s, m) is not None for s, m in df.select("subject", "metric").rows()], dtype=bool)
    ok = (min_group.big_enough(df["n_a"].to_numpy(), (df["ga"] * df["n_players"]).fill_null(0).to_numpy())
          & min_group.big_enough(df["n_b"].to_numpy(), (df["gb"] * df["n_players"]).fill_null(0).to_numpy()))
    return ~holder | ok


def _long(lf, index, metrics, name):
    return lf.select(*index, *[pl.col(m).cast(pl.Float64) for m in metrics]).unpivot(
        index=index, on=list(metrics), variable_name="metric", value_name=name)


def paired_difference(a, b, keys, by, metrics):
    """Per (by, metric): pairs of rows of a and b with equal `keys` and `by`, their means and the
    mean and sd of the per-pair difference b - a."""
    on = [*keys, *by]
    j = _long(a, on, metrics, "x_a").join(_long(b, on, metrics, "x_b"), on=[*on, "metric"])
    d = pl.col("x_b") - pl.col("x_a")
    return collect(j.group_by(*by, "metric").agg(n_pairs=pl.len().cast(pl.Int64), pm_a=pl.col("x_a").mean(),
                                                 pm_b=pl.col("x_b").mean(), pdiff=d.mean(), psd=d.std()))


def side_summary(lf, by, metrics, suffix):
    """Per (by, metric): n, mean and variance of one side."""
    x = pl.col("x")
    return collect(_long(lf, by, metrics, "x").group_by(*by, "metric").agg(
        **{f"n_{suffix}": pl.len().cast(pl.Int64), f"mean_{suffix}": x.mean(), f"var_{suffix}": x.var()}))


def difference_table(a, b, keys, by, metrics, confidence=0.95):
    """b - a per (by, metric): paired by `keys` when every row of the smaller side has a partner,
    else unpaired; n_a, n_b, n_pairs, mean_a, mean_b, diff, se, lo, hi, p_value, paired."""
    by = list(by)
    sa, sb = side_summary(a, by, metrics, "a"), side_summary(b, by, metrics, "b")
    df = sa.join(sb, on=[*by, "metric"], how="inner", nulls_equal=True)
    df = df.join(paired_difference(a, b, keys, by, metrics), on=[*by, "metric"], how="left", nulls_equal=True)
    df = df.with_columns(n_pairs=pl.col("n_pairs").fill_null(0))
    paired = (pl.col("n_pairs") > 1) & (pl.col("n_pairs") == pl.min_horizontal("n_a", "n_b"))
    df = df.with_columns(paired=paired).with_columns(
        mean_a=pl.when("paired").then("pm_a").otherwise("mean_a"),
        mean_b=pl.when("paired").then("pm_b").otherwise("mean_b"),
        se=pl.when("paired").then(pl.col("psd") / pl.col("n_pairs").sqrt())
        .otherwise((pl.col("var_a") / pl.col("n_a") + pl.col("var_b") / pl.col("n_b")).sqrt()))
    df = df.with_columns(diff=pl.when("paired").then("pdiff").otherwise(pl.col("mean_b") - pl.col("mean_a")))
    lo, hi, p = difference(df["diff"].to_numpy(), df["se"].to_numpy(), confidence)
    return df.with_columns(lo=pl.Series(np.atleast_1d(lo)), hi=pl.Series(np.atleast_1d(hi)),
                           p_value=pl.Series(np.atleast_1d(p))).select(
        *by, "metric", "n_a", "n_b", "n_pairs", "paired", "mean_a", "mean_b", "diff", "se", "lo", "hi", "p_value")


def _subject(df, by):
    if not by:
        return df.with_columns(subject=pl.lit("all"))
    col = by[0]
    return df.with_columns(subject=pl.format(f"{col} {{}}", pl.col(col).cast(pl.String))).drop(col)


BALANCE_OVER = (("seat", "seats"), ("strategy", "strategies"))
GROUPS = ("seat", "strategy")


def holder_of(subject, metric):
    """The game subject's name of a row about an item's holders ("card" of subject "card <item>"),
    else None: the game's rows ("all"), a seat's or strategy's, a balance ("seats")."""
    first = subject.split(" ")[0]
    return None if subject == "all" or metric == "balance" or first in GROUPS else first


def _balance_rows(balances, baseline, variant, players, confidence):
    """`balances`: (over, its plural) -> balance(seats, over) for every cell."""
    rows = []
    for (over, name), bal in balances.items():
        bal = bal.filter(pl.col("n_players") == players)
        a, b = bal.filter(pl.col("variant") == baseline), bal.filter(pl.col("variant") == variant)
        one_group = any((x["highest"] == x["lowest"]).all() for x in (a, b))
        if a.height != 1 or b.height != 1 or one_group:
            continue            # a side with one group (a variant without the subject) has no balance to compare
        diff = b["balance"][0] - a["balance"][0]
        se = float(np.hypot(a["se"][0], b["se"][0]))
        lo, hi, p = difference(diff, se, confidence)
        rows.append({"subject": name, "metric": "balance", "n_a": a["n"][0], "n_b": b["n"][0],
                     "n_pairs": 0, "paired": False, "mean_a": a["balance"][0], "mean_b": b["balance"][0],
                     "diff": diff, "se": se, "lo": lo, "hi": hi, "p_value": p})
    return rows


def _plural(word):
    """An item name's plural, as a balance row is named: "nations", "abilities"."""
    return word[:-1] + "ies" if word.endswith("y") and word[-2:-1] not in "aeiou" else word + "s"


def compare_variants(source, baseline="base", confidence=0.95, method="holm", alpha=0.05):
    """Every variant against `baseline` at each player count both have: the change in winner score,
    margin, tie rate, turns, rounds (per game); each seat's and each strategy's win rate, final
    score and score per source; and balance over seats, over strategies and over each of the
    game's categorical subjects. One row per (n_players, variant, subject, metric) with means,
    `diff` (variant - baseline), its interval, plus the change in the win rate and final score of
    seats that have each item of the game's subjects (their value; paired where the same seats
    of the same seeds have the same item, as a categorical subject dealt by its own stream),
    `p_value`, and `p_adjusted` / `significant` corrected over all rows (`method` "holm" or "bh")."""
    t = open_tables(source)
    cells = collect(t.games.select(*CELL).unique()).sort(list(CELL))
    gm, sm = game_metrics(t), seat_metrics(t)
    holders = [(h, s) for s in protocol(t).subjects if (h := holder_metrics(t, s)) is not None]
    seat_cols = seat_metric_columns(t.seats)
    over = [*BALANCE_OVER, *((s.column, _plural(s.name)) for h, s in holders if not is_count(s))]
    balances = {o: balance(t.seats, o[0], confidence) for o in over}
    parts = []
    for players in sorted(cells["n_players"].unique().to_list()):
        here = cells.filter(pl.col("n_players") == players)["variant"].to_list()
        if baseline not in here:
            continue
        for variant in (v for v in here if v != baseline):
            def side(lf, v, players=players):
                return lf.filter((pl.col("variant") == v) & (pl.col("n_players") == players))

            tables = [
                _subject(difference_table(side(gm, baseline), side(gm, variant), ["seed"], [], GAME_METRICS,
                                          confidence), []),
                _subject(difference_table(side(sm, baseline), side(sm, variant), ["seed"], ["seat"], seat_cols,
                                          confidence), ["seat"]),
                _subject(difference_table(side(sm, baseline), side(sm, variant), ["seed", "seat"], ["strategy"],
                                          seat_cols, confidence), ["strategy"]),
            ]
            pair = t.seats.filter(pl.col("variant").is_in([baseline, variant]) & (pl.col("n_players") == players))
            same = {s.column for h, s in holders if not is_count(s) and one_to_one(pair, s.column, s.same_as)}
            tables += [_subject(difference_table(side(h, baseline), side(h, variant), ["seed", "seat"], [s.name],
                                                 ("won", "score_total"), confidence), [s.name])
                       for h, s in holders if s.column not in same]
            rows = _balance_rows({o: b for o, b in balances.items() if o[0] not in same}, baseline, variant,
                                 players, confidence)
            if rows:
                tables.append(pl.DataFrame(rows).select(tables[0].columns))
            part = pl.concat([x.select(tables[0].columns) for x in tables], how="vertical_relaxed")
            parts.append(part.with_columns(n_players=pl.lit(players), baseline=pl.lit(baseline),
                                           variant=pl.lit(variant)))
    if not parts:
        return pl.DataFrame()
    out = pl.concat(parts, how="vertical_relaxed")
    out = out.select("n_players", "baseline", "variant", "subject", pl.exclude("n_players", "baseline", "variant",
                                                                               "subject"))
    return adjust(out, method=method, alpha=alpha)
