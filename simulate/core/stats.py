"""Confidence intervals for the rates we report.

Every rate windtunnel prints comes with its sample size and an interval. For a
proportion (a win rate) that is the Wilson score interval: unlike the textbook
p +- z*sqrt(p(1-p)/n) it stays inside [0, 1] and keeps its coverage for rates
near 0 or 1 and for small n.
"""
from statistics import NormalDist

import numpy as np
import polars as pl


def z_value(confidence=0.95):
    """The two-sided normal quantile for a confidence level (1.959963... for 0.95)."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(successes, n, confidence=0.95):
    """Wilson score interval (lo, hi) for `successes` out of `n` trials.

    Scalars give floats, arrays give arrays; n == 0 gives (nan, nan)."""
    k = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    if np.any(k < 0) or np.any(k > n):
        raise ValueError("successes must be between 0 and n")
    z = z_value(confidence)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
        lo, hi = np.clip(centre - half, 0.0, 1.0), np.clip(centre + half, 0.0, 1.0)
    lo, hi = np.where(k == 0, 0.0, lo), np.where(k == n, 1.0, hi)       # exact at the ends (no rounding dust)
    lo, hi = np.where(n > 0, lo, np.nan), np.where(n > 0, hi, np.nan)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def proportion(successes, n, confidence=0.95):
    """A rate with its sample size and Wilson interval, as a dict (for tables and JSON)."""
    lo, hi = wilson_interval(successes, n, confidence)
    return {"successes": int(successes), "n": int(n), "rate": successes / n if n else float("nan"),
            "lo": lo, "hi": hi}


def wilson_exprs(successes, n, confidence=0.95):
    """Polars expressions (lo, hi) of the Wilson interval of two columns or expressions,
    for use inside ``group_by(...).agg(...)`` / ``with_columns`` on lazy frames."""
    k = pl.col(successes) if isinstance(successes, str) else successes
    m = pl.col(n) if isinstance(n, str) else n
    z = z_value(confidence)
    p = k / m
    denom = 1 + z * z / m
    centre = (p + z * z / (2 * m)) / denom
    half = z * (p * (1 - p) / m + z * z / (4 * m * m)).sqrt() / denom
    return (centre - half).clip(0.0, 1.0), (centre + half).clip(0.0, 1.0)


def with_win_rate(frame, confidence=0.95):
    """`win_rate` and its Wilson interval (`lo`, `hi`) from the `wins` and `n` columns of a
    frame (eager or lazy): the one win-rate computation of the analysis, the end-of-run
    summary and the comparison table."""
    lo, hi = wilson_exprs("wins", "n", confidence)
    return frame.with_columns(win_rate=pl.col("wins") / pl.col("n"), lo=lo, hi=hi)


def win_counts(seats, by):
    """Lazy: wins and seat-games `n` per group of `by`."""
    return seats.group_by(list(by)).agg(wins=pl.col("won").sum().cast(pl.Int64), n=pl.len().cast(pl.Int64))
