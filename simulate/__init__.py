"""windtunnel's simulation package: game kernels, the batch runner, the CLI.

For notebooks (GAME: a registered game's name, ``simulate.core.games.game_names()``; the
README shows one)::

    import simulate
    r = simulate.run(GAME, players=3, games=100_000, strategies="greedy,random,greedy",
                     out="runs/demo")
    r.seats.group_by("strategy").agg(pl.col("won").mean()).collect()   # polars LazyFrames
    print(r.summary_text())
    r = simulate.open_run("runs/demo")                                  # later
    c = simulate.open_compare("runs/variants")     # a comparison (windtunnel compare / whatif)
    l = simulate.landscape(GAME, players=2, games=1000)  # the styles' meta-game (windtunnel landscape)
    print(l.text()); l.summary["dominant"]; l.table()

The kernel (numba) is imported only when games are played, so ``import simulate``
stays light.
"""
from .core.compare_folder import open_compare
from .core.run_folder import open_run

__all__ = ["landscape", "open_compare", "open_landscape", "open_run", "run"]


def run(game, players=None, games=None, seed=None, strategies=None, **options):
    """Play a run and stream it to Parquet; returns a ``Run`` whose ``games``, ``seats`` and
    the game's other tables (``table(name)``) are polars LazyFrames. See ``simulate.running.runner.run``
    for every option."""
    from .running.runner import run as _run

    return _run(game, players, games, seed, strategies, **options)


def landscape(game, players=2, strategies=None, games=1000, seed=1, **options):
    """The styles' meta-game played and read (``windtunnel landscape``): a ``Landscape`` with its
    ``summary``, ``text()`` and ``table()``. See ``simulate.running.landscape.play`` for every option."""
    from .running.landscape import play

    return play(game, players, strategies, games, seed, **options)


def open_landscape(folder):
    """The landscape a folder holds (its landscape.json, verified)."""
    from .running.landscape import open_landscape as _open

    return _open(folder)
