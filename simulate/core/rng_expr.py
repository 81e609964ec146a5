"""``rng.game_seed`` as a polars expression, to check a games table's ``seed`` column without
loading the kernel (numba): splitmix64's mixer on UInt64, whose products wrap as the kernel's do.
The constants are ``rng.py``'s; ``tests/test_safety.py`` checks the two agree."""

_GAMMA, _M1, _M2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def _mix64(z):
    import polars as pl

    z = z.xor(z // 2 ** 30) * pl.lit(_M1, pl.UInt64)
    z = z.xor(z // 2 ** 27) * pl.lit(_M2, pl.UInt64)
    return z.xor(z // 2 ** 31)


def game_seeds(run_seed, game_id):
    """The seed of each game `game_id` (a polars expression of game indices) of run `run_seed`."""
    import polars as pl

    gamma = pl.lit(_GAMMA, pl.UInt64)
    return _mix64(_mix64(pl.lit(run_seed, pl.UInt64) + gamma).xor(game_id.cast(pl.UInt64) * gamma + gamma))
