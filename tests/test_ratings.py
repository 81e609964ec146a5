"""Bradley-Terry ratings (analysis.ratings)."""
import numpy as np
import pytest

from analysis.ratings import bradley_terry, elo_expected, rating_intervals

PLANTED = np.array([0.0, 100.0, 200.0, 400.0])


def simulate(elo, n_games, seed=0):
    """Round-robin with `n_games` per pair, drawn from Bradley-Terry with Elo ratings `elo`."""
    rng = np.random.default_rng(seed)
    k = len(elo)
    wins, games = np.zeros((k, k)), np.zeros((k, k))
    for i in range(k):
        for j in range(i + 1, k):
            w = rng.binomial(n_games, elo_expected(elo[i] - elo[j]))
            wins[i, j], wins[j, i] = w, n_games - w
            games[i, j] = games[j, i] = n_games
    return wins, games


def test_elo_expected():
    assert elo_expected(0) == 0.5
    assert elo_expected(400) == pytest.approx(10 / 11)
    assert elo_expected(-400) == pytest.approx(1 / 11)


def test_recovers_planted_ratings():
    r = bradley_terry(*simulate(PLANTED, 2000))
    assert r.mean() == pytest.approx(0, abs=1e-9)
    np.testing.assert_allclose(r, PLANTED - PLANTED.mean(), atol=40)
    assert list(np.argsort(r)) == [0, 1, 2, 3]


def test_exact_rates_fit_exactly():
    # Expected (non-random) counts: only the tiny prior separates the fit from the truth.
    k, n = len(PLANTED), 10**6
    games = np.full((k, k), float(n)) - n * np.eye(k)
    wins = n * elo_expected(PLANTED[:, None] - PLANTED[None, :]) * (1 - np.eye(k))
    np.testing.assert_allclose(bradley_terry(wins, games), PLANTED - PLANTED.mean(), atol=0.1)


def test_equal_strengths_near_zero():
    r = bradley_terry(*simulate(np.zeros(5), 2000, seed=1))
    assert np.all(np.abs(r) < 25)


def test_ties_as_half_wins():
    games = np.array([[0, 10], [10, 0]], float)
    np.testing.assert_allclose(bradley_terry(games / 2, games), 0, atol=1e-9)


def test_perfect_record_is_finite_and_top():
    wins, games = simulate(PLANTED[:3], 100)
    wins = np.pad(wins, ((0, 1), (0, 1)))
    games = np.pad(games, ((0, 1), (0, 1)))
    wins[3, :3], games[3, :3], games[:3, 3] = 100, 100, 100   # strategy 3 wins every game
    r = bradley_terry(wins, games)
    assert np.all(np.isfinite(r))
    assert np.argmax(r) == 3
    lo, hi = rating_intervals(wins, games, n_boot=50)
    assert np.all(np.isfinite(lo)) and np.all(np.isfinite(hi))


def test_intervals_cover_and_shrink():
    planted = PLANTED - PLANTED.mean()
    widths = []
    for n in (200, 5000):
        wins, games = simulate(PLANTED, n, seed=2)
        lo, hi = rating_intervals(wins, games)
        assert np.all(lo <= planted) and np.all(planted <= hi)
        r = bradley_terry(wins, games)
        assert np.all(lo <= r) and np.all(r <= hi)
        widths.append(hi - lo)
    assert np.all(widths[1] < widths[0] / 3)   # ~1/sqrt(25) = 1/5 in theory


def test_intervals_deterministic():
    wins, games = simulate(PLANTED, 300)
    a, b = rating_intervals(wins, games, n_boot=50, seed=3), rating_intervals(wins, games, n_boot=50, seed=3)
    np.testing.assert_array_equal(a[0], b[0])
    np.testing.assert_array_equal(a[1], b[1])


@pytest.mark.parametrize("wins, games, msg", [
    (np.zeros((2, 3)), np.zeros((2, 3)), "square"),
    (np.zeros((3, 3)), np.zeros((2, 2)), "does not match"),
    (np.zeros((2, 2)), np.array([[0, 1], [2, 0]]), "symmetric"),
    (np.array([[0, -1], [0, 0]]), np.zeros((2, 2)), "non-negative"),
    (np.array([[0, 8], [5, 0]]), np.array([[0, 10], [10, 0]]), "exceed"),
])
def test_validation(wins, games, msg):
    with pytest.raises(ValueError, match=msg):
        bradley_terry(wins, games)
    with pytest.raises(ValueError, match=msg):
        rating_intervals(wins, games)
