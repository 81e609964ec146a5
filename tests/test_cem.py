"""Cross-entropy method optimiser (strategies.cem)."""
import numpy as np
import pytest

from strategies.cem import CEMResult, cross_entropy

OPT = np.array([1.0, -2.0, 0.5, 3.0, 0.0])


def noisy_quadratic(seed=0, noise=0.5):
    rng = np.random.default_rng(seed)

    def objective(cand, generation):
        return -((cand - OPT) ** 2).sum(axis=1) + noise * rng.standard_normal(len(cand))
    return objective


def test_maximises_noisy_quadratic():
    # Start 3+ units from the optimum. The std floor keeps the search exploring: with
    # per-candidate noise and min_std=1e-3 plain CEM can collapse a coordinate early.
    res = cross_entropy(noisy_quadratic(), np.zeros(5), 2.0, generations=40, population=50,
                        min_std=0.05)
    assert isinstance(res, CEMResult)
    np.testing.assert_allclose(res.mean, OPT, atol=0.4)
    assert ((res.mean - OPT) ** 2).sum() < 0.2          # true objective within 0.2 of its max of 0
    np.testing.assert_allclose(res.best, OPT, atol=0.6)
    assert len(res.history) == 40
    assert res.history[-1][1] > res.history[0][1]
    assert res.history[-1][2] > res.history[0][2]
    assert res.history[-1][1] == res.best_score


def test_respects_bounds():
    lower, upper = -1.0, np.array([0.5, 0.5, 0.5, 0.5, 10.0])
    seen = []

    def objective(cand, generation):
        seen.append(cand)
        return -((cand - OPT) ** 2).sum(axis=1)
    res = cross_entropy(objective, np.zeros(5), 3.0, generations=20, population=30,
                        lower=lower, upper=upper)
    allc = np.concatenate(seen)
    assert allc.min() >= -1.0 and np.all(allc <= upper)
    # The optimum, clipped into the box.
    np.testing.assert_allclose(res.mean, np.clip(OPT, lower, upper), atol=0.1)


def test_deterministic_for_seed():
    kw = dict(generations=5, population=20, seed=7)
    a = cross_entropy(noisy_quadratic(1), np.zeros(5), 1.0, **kw)
    b = cross_entropy(noisy_quadratic(1), np.zeros(5), 1.0, **kw)
    c = cross_entropy(noisy_quadratic(1), np.zeros(5), 1.0, **{**kw, "seed": 8})
    np.testing.assert_array_equal(a.best, b.best)
    np.testing.assert_array_equal(a.mean, b.mean)
    assert a.history == b.history
    assert not np.array_equal(a.mean, c.mean)


def test_called_once_per_generation_with_mean_first():
    calls, reported = [], []

    def objective(cand, generation):
        calls.append((generation, cand.copy()))
        return -(cand ** 2).sum(axis=1)

    def on_generation(generation, mean, std, best_score):
        reported.append((generation, mean, std, best_score))

    mean0 = np.array([1.0, 2.0, 3.0])
    cross_entropy(objective, mean0, 0.5, generations=4, population=8, on_generation=on_generation)
    assert [g for g, _ in calls] == [0, 1, 2, 3]
    assert all(c.shape == (8, 3) for _, c in calls)
    np.testing.assert_array_equal(calls[0][1][0], mean0)
    for (g, mean, std, best), (_, nxt) in zip(reported, calls[1:]):
        np.testing.assert_array_equal(nxt[0], mean)   # next generation's candidate 0 is the refit mean
        assert np.all(std >= 1e-3)
    assert [r[0] for r in reported] == [0, 1, 2, 3]


def test_min_std_floor():
    res = cross_entropy(lambda c, g: -(c ** 2).sum(axis=1), np.zeros(2), 1.0,
                        generations=30, population=10, min_std=0.05)
    assert np.all(res.std >= 0.05)


def ok(c, g):
    return np.zeros(len(c))


@pytest.mark.parametrize("kwargs, msg", [
    (dict(population=1), "population"),
    (dict(population=4, elite_frac=0.2), "elite"),
    (dict(std=np.ones(3)), "std must be"),
    (dict(lower=np.zeros(4)), "lower must be"),
    (dict(mean=np.zeros((2, 2))), "mean must be"),
    (dict(generations=0), "generations"),
    (dict(lower=1.0, upper=0.0), "lower must not exceed"),
])
def test_bad_arguments(kwargs, msg):
    args = dict(mean=np.zeros(2), std=1.0, generations=2, population=10)
    args.update(kwargs)
    with pytest.raises(ValueError, match=msg):
        cross_entropy(ok, args.pop("mean"), args.pop("std"), **args)


def test_bad_objective_output():
    with pytest.raises(ValueError, match="scores"):
        cross_entropy(lambda c, g: np.zeros(3), np.zeros(2), 1.0, generations=1, population=10)
