"""A tiny second game, Pig with dice, for tests: it proves the game protocol's seams
(``simulate/core/protocol.py``), so that the runner, CLI, bench, strategies, analysis and
reports hold for a game other than AEOLOS. It is not a product.

One folder of code (this package: layout, kernel, records, face, protocol) and one of data
(``configs/``: base.toml, variants/, strategies/). Register it with
``WINDTUNNEL_GAMES="dice=tests.dicegame"`` or ``simulate.core.games.register("dice",
"tests.dicegame")``; ``docs/adding-a-game.md`` walks through it. ``GAME`` is its protocol
object; importing this package does not import the kernel.
"""
from .protocol import GAME  # noqa: F401
