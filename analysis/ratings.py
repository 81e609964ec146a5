"""Bradley-Terry ratings on the Elo scale, from a round-robin of strategies.

A win-rate table says "A beats B 60% of the time"; a rating turns the whole table
into one number per strategy so strategies that never met can still be compared.
Bradley-Terry says P(i beats j) = s_i / (s_i + s_j); we fit the strengths s by
the MM algorithm (Hunter 2004, "MM algorithms for generalized Bradley-Terry
models") and report 400 * log10(s), so a 400-point gap means 10:1 odds, as in Elo.
"""
import numpy as np

PRIOR_WINS = 0.5   # pseudo-wins each way per pair that played: keeps a perfect record finite


def elo_expected(diff):
    """Expected score of a player rated `diff` points above the opponent."""
    return 1.0 / (1.0 + 10.0 ** (-np.asarray(diff, dtype=float) / 400.0))


def _check(wins, games):
    wins, games = np.asarray(wins, dtype=float), np.asarray(games, dtype=float)
    if games.ndim != 2 or games.shape[0] != games.shape[1]:
        raise ValueError(f"games must be a square matrix, got shape {games.shape}")
    if wins.shape != games.shape:
        raise ValueError(f"wins shape {wins.shape} does not match games shape {games.shape}")
    if not np.allclose(games, games.T):
        raise ValueError("games must be symmetric (games[i, j] == games[j, i])")
    if np.any(wins < 0) or np.any(games < 0):
        raise ValueError("wins and games must be non-negative")
    if np.any(wins + wins.T > games + 1e-9):
        raise ValueError("wins[i, j] + wins[j, i] cannot exceed games[i, j]")
    off = ~np.eye(len(games), dtype=bool)   # self-play carries no information
    return wins * off, games * off


def _fit(wins, games, iters, tol):
    """MM fit on (..., n, n) arrays, so bootstrap replicates run as one batch."""
    played = games > 0
    w = wins + PRIOR_WINS * played
    # Games decided either way (plus the prior); draws not counted as half-wins just drop out.
    n = w + np.swapaxes(w, -1, -2)
    total_wins = w.sum(axis=-1)
    log_s = np.zeros(wins.shape[:-1])
    for _ in range(iters):
        s = np.exp(log_s)
        denom = (n / (s[..., :, None] + s[..., None, :])).sum(axis=-1)
        # A strategy that played nobody keeps log-strength 0 (denominator 0).
        new = np.log(np.where(denom > 0, total_wins / np.where(denom > 0, denom, 1.0), 1.0))
        new -= new.mean(axis=-1, keepdims=True)   # the scale is arbitrary: pin the mean log-strength
        done = np.max(np.abs(new - log_s)) < tol
        log_s = new
        if done:
            break
    return 400.0 / np.log(10.0) * log_s   # 400*log10(s), mean already 0


def bradley_terry(wins, games, iters=1000, tol=1e-10):
    """Elo-scale Bradley-Terry ratings (mean 0) from a pairwise results table.

    wins[i, j]: games i won against j (ties may count 0.5 each way);
    games[i, j]: games played between i and j (symmetric). Strategies in
    different components of the "who played whom" graph are not comparable;
    each is then only pinned by the shared centering."""
    wins, games = _check(wins, games)
    return _fit(wins, games, iters, tol)


def rating_intervals(wins, games, n_boot=200, seed=0, iters=1000, tol=1e-8):
    """Parametric-bootstrap 95% intervals (lo, hi) for `bradley_terry` ratings.

    Each pair's games are redrawn as Binomial(games, observed win rate) and all
    replicates are refit together."""
    wins, games = _check(wins, games)
    k = len(games)
    iu = np.triu_indices(k, 1)
    decided = wins[iu] + wins.T[iu]
    rate = np.divide(wins[iu], decided, out=np.full_like(decided, 0.5), where=decided > 0)
    rng = np.random.default_rng(seed)
    n_games = np.rint(decided).astype(np.int64)
    upper = rng.binomial(n_games, rate, size=(n_boot, len(rate))).astype(float)
    w = np.zeros((n_boot, k, k))
    w[:, iu[0], iu[1]] = upper
    w[:, iu[1], iu[0]] = n_games - upper
    g = np.broadcast_to(games, w.shape)
    boot = _fit(w, g, iters, tol)
    lo, hi = np.percentile(boot, [2.5, 97.5], axis=0)
    return lo, hi
