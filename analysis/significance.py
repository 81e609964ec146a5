"""Tests and intervals for differences, and corrections for many comparisons.

A rate against a fixed value (a seat's win rate against fair) gets scipy's exact binomial
test, right for a tournament cell of 20 games as for 100,000; differences between groups
get normal approximations where both groups are large and Fisher's exact test where one is
small (``SMALL``; small groups are also kept out of the findings by a minimum size,
``analysis.group_size``). All act on the small aggregated frames, as numpy arrays or
polars columns.
"""
from math import erfc

import numpy as np
import polars as pl

from simulate.core.stats import wilson_interval, z_value

_SQRT2 = np.sqrt(2.0)


def normal_sf2(z):
    """Two-sided p-value of a standard normal statistic: P(|Z| >= |z|) (NaN stays NaN)."""
    z = np.abs(np.asarray(z, dtype=float))
    out = np.array([erfc(v / _SQRT2) if not np.isnan(v) else np.nan for v in z.ravel()]).reshape(z.shape)
    return float(out) if out.ndim == 0 else out


def binomial_test(successes, n, p0):
    """Two-sided exact binomial test of `successes` of `n` against the rate p0 (scipy's
    ``binomtest``; 8 of 20 against 1/3 gives p = 0.636 where the normal approximation says
    0.527): (z, p), z the standardised difference for its sign and size; n == 0 gives NaN."""
    from scipy.stats import binomtest

    k, n, p0 = (np.asarray(a, dtype=float) for a in (successes, n, p0))
    k, n, p0 = np.broadcast_arrays(k, n, p0)
    with np.errstate(invalid="ignore", divide="ignore"):
        z = (k - n * p0) / np.sqrt(n * p0 * (1 - p0))
    p = np.array([binomtest(int(a), int(b), float(c)).pvalue if b > 0 else np.nan
                  for a, b, c in zip(k.ravel(), n.ravel(), p0.ravel())]).reshape(k.shape)
    return (float(z), float(p)) if p.ndim == 0 else (z, p)


def difference(diff, se, confidence=0.95):
    """Interval and two-sided p-value of a difference with standard error se: (lo, hi, p)."""
    diff, se = np.asarray(diff, dtype=float), np.asarray(se, dtype=float)
    z = z_value(confidence)
    with np.errstate(invalid="ignore", divide="ignore"):
        stat = np.where(se > 0, diff / np.where(se > 0, se, 1.0), np.where(diff == 0, 0.0, np.inf * np.sign(diff)))
    return diff - z * se, diff + z * se, normal_sf2(stat)


def rate_difference_se(p1, n1, p2, n2):
    """Standard error of p1 - p2 for two independent rates (unpooled)."""
    p1, n1, p2, n2 = (np.asarray(a, dtype=float) for a in (p1, n1, p2, n2))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)


SMALL = 1000         # a group smaller than this gets Fisher's exact test, not the normal approximation


def fisher_test(k1, n1, k2, n2):
    """Two-sided Fisher exact p-values of k1 of n1 against k2 of n2 (scipy), element-wise."""
    from scipy.stats import fisher_exact

    return np.array([fisher_exact([[a, b - a], [c, d - c]]).pvalue if b > 0 and d > 0 else np.nan
                     for a, b, c, d in zip(*(np.ravel(x).astype(int) for x in (k1, n1, k2, n2)))])


def rate_difference(k1, n1, k2, n2, confidence=0.95):
    """p1 - p2 for two independent rates: (diff, lo, hi, p). The interval is Newcombe's (from the
    two Wilson intervals), the p-value the pooled two-proportion z test, or Fisher's exact test
    where a group is smaller than SMALL: all behave for rates near 0 or 1 and for small groups,
    where the plain Wald formulas claim far too much."""
    k1, n1, k2, n2 = (np.asarray(a, dtype=float) for a in (k1, n1, k2, n2))
    with np.errstate(invalid="ignore", divide="ignore"):
        p1, p2 = k1 / n1, k2 / n2
        l1, u1 = wilson_interval(k1, n1, confidence)
        l2, u2 = wilson_interval(k2, n2, confidence)
        diff = p1 - p2
        lo = diff - np.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
        hi = diff + np.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
        pool = (k1 + k2) / (n1 + n2)
        se0 = np.sqrt(pool * (1 - pool) * (1 / n1 + 1 / n2))
        z = np.where(se0 > 0, diff / np.where(se0 > 0, se0, 1.0), 0.0)
    p = np.atleast_1d(np.where(np.isnan(diff), np.nan, normal_sf2(z))).astype(float)
    small = np.atleast_1d(np.minimum(n1, n2) < SMALL) & ~np.isnan(np.atleast_1d(diff))
    if small.any():
        p[small] = fisher_test(*(np.broadcast_to(x, small.shape)[small] for x in (k1, n1, k2, n2)))
    return diff, lo, hi, (float(p[0]) if np.ndim(diff) == 0 else p)


def mean_difference_se(var1, n1, var2, n2):
    """Standard error of mean1 - mean2 for two independent samples (Welch)."""
    var1, n1, var2, n2 = (np.asarray(a, dtype=float) for a in (var1, n1, var2, n2))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.sqrt(var1 / n1 + var2 / n2)


def _ranked(p):
    """(p, an all-NaN output, the indices of the non-NaN p-values in rising order)."""
    p = np.asarray(p, dtype=float)
    ok = np.flatnonzero(~np.isnan(p))
    return p, np.full_like(p, np.nan), ok[np.argsort(p[ok], kind="stable")]


def holm(p):
    """Holm-Bonferroni adjusted p-values (family-wise error), in the input order; NaN stays NaN."""
    p, out, order = _ranked(p)
    m = len(order)
    if m:
        out[order] = np.maximum.accumulate(np.minimum(1.0, (m - np.arange(m)) * p[order]))
    return out


def benjamini_hochberg(p):
    """Benjamini-Hochberg adjusted p-values (false discovery rate), in the input order."""
    p, out, order = _ranked(p)
    m = len(order)
    if m:
        ranked = p[order] * m / np.arange(1, m + 1)
        out[order] = np.minimum(1.0, np.minimum.accumulate(ranked[::-1])[::-1])
    return out


ADJUST = {"holm": holm, "bh": benjamini_hochberg, "fdr": benjamini_hochberg}


def adjust(df, column="p_value", method="holm", alpha=0.05):
    """`df` with `p_adjusted` (over all its rows) and `significant` (p_adjusted < alpha)."""
    if method not in ADJUST:
        raise ValueError(f"method must be one of {', '.join(ADJUST)}, not {method!r}")
    adj = ADJUST[method](df[column].to_numpy())
    return df.with_columns(p_adjusted=pl.Series(adj), significant=pl.Series(adj < alpha))
