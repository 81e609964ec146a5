"""Wilson score intervals (simulate.core.stats) and the exact binomial test (analysis.significance)."""
import math

import numpy as np
import polars as pl
import pytest

from simulate.core.stats import proportion, wilson_exprs, wilson_interval, z_value


def test_known_values():
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.40383, abs=1e-5) and hi == pytest.approx(0.59617, abs=1e-5)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.27753, abs=1e-5)
    lo, hi = wilson_interval(10, 10)
    assert lo == pytest.approx(0.72247, abs=1e-5) and hi == 1.0
    lo, hi = wilson_interval(1, 3, confidence=0.9)
    assert lo == pytest.approx(0.07827, abs=1e-4) and hi == pytest.approx(0.74648, abs=1e-4)
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)


def test_contains_the_rate_and_narrows_with_n():
    widths = []
    for n in (10, 100, 1000, 10000):
        lo, hi = wilson_interval(0.3 * n, n)
        assert lo < 0.3 < hi
        widths.append(hi - lo)
    assert widths == sorted(widths, reverse=True)


def test_arrays_empty_samples_and_bad_input():
    lo, hi = wilson_interval(np.array([0, 5, 7]), np.array([0, 10, 7]))
    assert math.isnan(lo[0]) and math.isnan(hi[0]) and lo[1] < 0.5 < hi[1] and hi[2] == 1.0
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
    p = proportion(30, 120)
    assert p["n"] == 120 and p["rate"] == 0.25 and p["lo"] < 0.25 < p["hi"]


def test_polars_expressions_match_numpy():
    df = pl.DataFrame({"k": [0, 3, 50, 999], "n": [10, 7, 100, 1000]})
    lo, hi = wilson_exprs("k", "n")
    got = df.lazy().select(lo=lo, hi=hi).collect()
    want_lo, want_hi = wilson_interval(df["k"].to_numpy(), df["n"].to_numpy())
    assert np.allclose(got["lo"].to_numpy(), want_lo) and np.allclose(got["hi"].to_numpy(), want_hi)


def _exact_two_sided(k, n, p0):
    """The exact two-sided binomial p by hand: every outcome no likelier than k's."""
    from math import comb

    pmf = [comb(n, i) * p0 ** i * (1 - p0) ** (n - i) for i in range(n + 1)]
    return sum(x for x in pmf if x <= pmf[k] * (1 + 1e-7))


def test_binomial_test_is_exact_for_small_groups():
    from analysis.significance import binomial_test, normal_sf2

    z, p = binomial_test([8, 2, 15], [20, 20, 30], [1 / 3, 1 / 3, 0.5])
    assert p == pytest.approx([_exact_two_sided(8, 20, 1 / 3), _exact_two_sided(2, 20, 1 / 3),
                               _exact_two_sided(15, 30, 0.5)], rel=1e-9)
    assert abs(p[0] - normal_sf2(z[0])) > 0.05            # the normal approximation was that far off
    assert np.isnan(binomial_test(0, 0, 0.5)[1])


def test_rate_difference_is_exact_for_small_groups():
    """Fisher's test by hand (the hypergeometric tables no likelier than the observed one) where
    a group is small; the pooled z test for large groups."""
    from math import comb

    from analysis.significance import SMALL, normal_sf2, rate_difference

    def fisher(a, n1, c, n2):
        k, n = a + c, n1 + n2
        pmf = {x: comb(n1, x) * comb(n2, k - x) / comb(n, k) for x in range(max(0, k - n2), min(k, n1) + 1)}
        return sum(v for v in pmf.values() if v <= pmf[a] * (1 + 1e-7))

    big = 5 * SMALL
    _, _, _, p = rate_difference([9, big * 6 // 10], [20, big], [4, big // 2], [25, big])
    assert p[0] == pytest.approx(fisher(9, 20, 4, 25), rel=1e-9)
    pool = 0.55
    z = 0.1 / math.sqrt(pool * (1 - pool) * 2 / big)
    assert p[1] == pytest.approx(normal_sf2(z), rel=1e-9)
    assert isinstance(rate_difference(9, 20, 4, 25)[3], float)
