"""A tiny second game, Pig with dice, for tests: it proves the game protocol's seams
(``simulate/core/protocol.py``) for a game other than AEOLOS, and ``docs/adding-a-game.md`` walks
through it. Register it with ``WINDTUNNEL_GAMES="dice=tests.dicegame"``; importing it imports no numba."""
from .protocol import GAME  # noqa: F401
