"""Balance metrics a designer recognises: balance (1 - largest win-rate gap), tie rate,
margin of victory, game length, and where the points come from."""
import numpy as np
import polars as pl

from .load import CELL, by_game_ranges, collect
from .significance import rate_difference_se
from simulate.core.stats import wilson_exprs, z_value
from .winrates import win_rates

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)


def score_sources_of(seats):
    """The game's score sources: its seats' `score_<source>` columns but the total, in schema order."""
    return [c[len("score_"):] for c in seats.collect_schema().names() if c.startswith("score_") and c != "score_total"]


def balance(seats, over="seat", confidence=0.95):
    """Per cell: `balance` = 1 - (highest - lowest win rate among the `over` groups: seats or
    strategies), which groups they are, and a normal-approximation interval for the balance
    (the gap's standard error from the two rates; it ignores that they were picked as extremes)."""
    wr = win_rates(seats, (*CELL, over), confidence)
    top = wr.sort("win_rate", descending=True).group_by(list(CELL), maintain_order=True).first()
    bottom = wr.sort("win_rate").group_by(list(CELL), maintain_order=True).first()
    df = top.select(*CELL, pl.col(over).alias("highest"), p1="win_rate", n1="n").join(
        bottom.select(*CELL, pl.col(over).alias("lowest"), p2="win_rate", n2="n"), on=list(CELL))
    p1, n1, p2, n2 = (df[c].to_numpy().astype(float) for c in ("p1", "n1", "p2", "n2"))
    gap = p1 - p2
    se = rate_difference_se(p1, n1, p2, n2)
    z = z_value(confidence)
    return df.select(*CELL, "highest", "lowest").with_columns(
        gap=pl.Series(gap), balance=pl.Series(1 - gap), se=pl.Series(se),
        lo=pl.Series(np.clip(1 - gap - z * se, 0, 1)), hi=pl.Series(np.clip(1 - gap + z * se, 0, 1)),
        n=pl.Series(np.minimum(n1, n2).astype(np.int64))).sort(list(CELL))


def tie_rate(games, confidence=0.95):
    """Per cell: games with a tie for first, `n` games, `tie_rate` and its Wilson interval."""
    lo, hi = wilson_exprs("ties", "n", confidence)
    out = (games.group_by(*CELL).agg(ties=pl.col("tie").sum().cast(pl.Int64), n=pl.len().cast(pl.Int64))
           .with_columns(tie_rate=pl.col("ties") / pl.col("n"), lo=lo, hi=hi))
    return collect(out).sort(*CELL)


def endings(games, column, confidence=0.95):
    """Per cell and value of a games column (how a game ended: chronicle, cap): `games` with
    it of `n`, the share with its Wilson interval. None without the column."""
    if column not in games.collect_schema().names():
        return None
    out = collect(games.group_by(*CELL, column).agg(games=pl.len().cast(pl.Int64)))
    lo, hi = wilson_exprs("games", "n", confidence)
    return (out.with_columns(n=pl.col("games").sum().over(list(CELL)))
            .with_columns(share=pl.col("games") / pl.col("n"), lo=lo, hi=hi)
            .rename({column: "value"}).sort(*CELL, "value", nulls_last=True))


def game_scores(seats):
    """Lazy, one row per game: `winner_score` (the top score) and `margin` (top score - second
    score; 0 for a tie on score; null for a game of one seat). The keys are run_id, game_id and the cell."""
    s = pl.col("score_total").cast(pl.Int32)
    return (seats.group_by("run_id", "game_id", *CELL)
            .agg(winner_score=s.max(), runner_up=s.sort(descending=True).slice(1, 1).first())
            .with_columns(margin=pl.col("winner_score") - pl.col("runner_up")))


def value_counts(lf, column, by=CELL):
    return lf.group_by(*by, column).agg(count=pl.len().cast(pl.Int64)).drop_nulls(column)


def per_game_counts(seats, column, by=CELL):
    """Value counts of a per-game column of game_scores (margin, winner_score), game-id range
    by range (see load.by_game_ranges): bounded memory whatever the run size."""
    parts = by_game_ranges(seats, lambda part: value_counts(game_scores(part), column, by))
    return parts.group_by(*by, column).agg(pl.col("count").sum())


def describe(lf, column, by=CELL, confidence=0.95, quantiles=QUANTILES, counts=None):
    """Per group: n, mean with a normal interval, sd, min, quantiles and max of one integer-valued
    column (turns, rounds, score), computed from its value counts (memory bounded by the number of
    distinct values; `counts` may be given already summed). Quantiles are the smallest value whose
    cumulative share reaches q."""
    by = list(by)
    counts = collect(value_counts(lf, column, by)) if counts is None else counts
    z = z_value(confidence)
    rows = []
    for key, part in counts.sort(column).group_by(by, maintain_order=True):
        x, w = part[column].to_numpy().astype(float), part["count"].to_numpy().astype(float)
        n = w.sum()
        mean = float((w * x).sum() / n)
        sd = float(np.sqrt((w * (x - mean) ** 2).sum() / (n - 1))) if n > 1 else float("nan")
        se = sd / np.sqrt(n)
        cum = np.cumsum(w) / n
        qs = {f"q{round(q * 100):02d}": float(x[min(np.searchsorted(cum, q - 1e-12), len(x) - 1)])
              for q in quantiles}
        rows.append({**dict(zip(by, key)), "metric": column, "n": int(n), "mean": mean, "lo": mean - z * se,
                     "hi": mean + z * se, "sd": sd, "se": se, "min": float(x[0]), **qs, "max": float(x[-1])})
    if not rows:
        return pl.DataFrame()
    return pl.DataFrame(rows).select("metric", *by, pl.exclude("metric", *by)).sort(by)


def margin_of_victory(seats, confidence=0.95):
    """Per cell: the winner's score minus the runner-up's (mean, interval, quantiles)."""
    return describe(None, "margin", confidence=confidence, counts=per_game_counts(seats, "margin"))


def winner_score(seats, confidence=0.95):
    """Per cell: the winner's score (mean, interval, quantiles)."""
    return describe(None, "winner_score", confidence=confidence, counts=per_game_counts(seats, "winner_score"))


def game_length(games, confidence=0.95):
    """Per cell: turns and rounds (mean, interval, sd, min, quantiles, max), one row per metric."""
    return pl.concat([describe(games, c, confidence=confidence) for c in ("turns", "rounds")])


def lead_changes(games, confidence=0.95):
    """Per cell: how often the lead passes to another seat from round to round (mean,
    interval, quantiles); None for runs recorded before round leaders were."""
    if "lead_changes" not in games.collect_schema().names():
        return None
    return describe(games, "lead_changes", confidence=confidence)


def leader_wins(games, confidence=0.95):
    """Per cell and round: how often the seat leading on score after that round goes on to win
    (rounds tied on score left out), with n and a Wilson interval; None without round leaders."""
    if "round_leaders" not in games.collect_schema().names():
        return None
    lo, hi = wilson_exprs("wins", "n", confidence)
    per_round = (games.select(*CELL, "winner_seat", "round_leaders")
                 .with_columns(round=pl.int_ranges(1, pl.col("round_leaders").list.len() + 1))
                 .explode("round_leaders", "round")
                 .filter(pl.col("round_leaders") >= 0)
                 .group_by(*CELL, "round")
                 .agg(wins=(pl.col("round_leaders") == pl.col("winner_seat")).sum().cast(pl.Int64),
                      n=pl.len().cast(pl.Int64))
                 .with_columns(rate=pl.col("wins") / pl.col("n"), lo=lo, hi=hi))
    return collect(per_round).sort(*CELL, "round")


def length_histogram(games, column="rounds"):
    """Per cell: how many games lasted each number of `column` (turns or rounds), and the share."""
    out = games.group_by(*CELL, column).agg(games=pl.len().cast(pl.Int64))
    return (collect(out).with_columns(share=pl.col("games") / pl.col("games").sum().over(list(CELL)))
            .sort(*CELL, column))


def score_sources(seats, by=(*CELL, "strategy"), confidence=0.95):
    """Mean score from each `score_<source>` column per group, with a normal interval and its
    share of the total; one row per (group, source), the sources in schema order, then the total."""
    srcs = score_sources_of(seats) + ["total"]
    aggs = {}
    for s in srcs:
        c = pl.col(f"score_{s}").cast(pl.Float64)
        aggs[f"{s}__mean"], aggs[f"{s}__sd"] = c.mean(), c.std()
    wide = collect(seats.group_by(*by).agg(n=pl.len().cast(pl.Int64), **aggs))
    z = z_value(confidence)
    rows = [wide.select(*by, "n", source=pl.lit(s), mean=pl.col(f"{s}__mean"), sd=pl.col(f"{s}__sd"),
                        share=pl.col(f"{s}__mean") / pl.col("total__mean")) for s in srcs]
    return (pl.concat(rows).with_columns(se=pl.col("sd") / pl.col("n").sqrt())
            .with_columns(lo=pl.col("mean") - z * pl.col("se"), hi=pl.col("mean") + z * pl.col("se"))
            .sort(*by, maintain_order=True))


def score_groups(seats, groups, by=(*CELL, "strategy"), confidence=0.95):
    """The score sources summed into `groups` ((label, (source, ...)), ...: in play, end bonus):
    per group of `by` and label, the mean per seat-game with a normal interval (`lo`, `hi`), sd,
    and its share of the mean total; one row per (group, label), then the total. Sources the
    seats do not have are left out (a label with none, too)."""
    have = set(score_sources_of(seats))
    labels = [(label, [s for s in sources if s in have]) for label, sources in groups]
    labels = [(label, cols) for label, cols in labels if cols] + [("total", ["total"])]
    aggs = {}
    for i, (_, cols) in enumerate(labels):
        x = pl.sum_horizontal(*(pl.col(f"score_{c}").cast(pl.Float64) for c in cols))
        aggs[f"m{i}"], aggs[f"s{i}"] = x.mean(), x.std()
    wide = collect(seats.group_by(*by).agg(n=pl.len().cast(pl.Int64), **aggs))
    total = len(labels) - 1
    z = z_value(confidence)
    rows = [wide.select(*by, "n", group=pl.lit(label), mean=pl.col(f"m{i}"), sd=pl.col(f"s{i}"),
                        share=pl.col(f"m{i}") / pl.col(f"m{total}")) for i, (label, _) in enumerate(labels)]
    return (pl.concat(rows).with_columns(se=pl.col("sd") / pl.col("n").sqrt())
            .with_columns(lo=pl.col("mean") - z * pl.col("se"), hi=pl.col("mean") + z * pl.col("se"))
            .sort(*by, maintain_order=True))
