"""The one registry of games: name -> the package that implements the game protocol
(``simulate/core/protocol.py``).

A game outside this repository (or a test's tiny game) registers without an edit here:
``register("dice", "tests.dicegame")`` in Python, or for the CLI and its workers
``WINDTUNNEL_GAMES="dice=tests.dicegame"`` (comma-separated) in the environment.
"""
import importlib
import os

from .errors import UserError

GAMES = {"aeolos": "simulate.aeolos", "eos": "simulate.eos"}


def _from_environment():
    out = {}
    for item in os.environ.get("WINDTUNNEL_GAMES", "").split(","):
        name, sep, module = item.partition("=")
        if sep and name.strip() and module.strip():
            out[name.strip().lower()] = module.strip()
    return out


def register(name, module):
    """Make game `name` (its package's import path) known in this process."""
    GAMES[name.lower()] = module


def game_names():
    return sorted({**GAMES, **_from_environment()})


def module_of(name):
    known = {**_from_environment(), **GAMES}
    key = str(name).lower()
    if key not in known:
        raise UserError(f"unknown game {name!r} (known: {', '.join(game_names())})")
    return known[key]


def get_game(name):
    """The protocol object (``GAME``) of game `name`, or one UserError naming the known games.
    A Game object is returned as it is."""
    if not isinstance(name, str):
        return name
    module = module_of(name)
    try:
        return importlib.import_module(module).GAME
    except ModuleNotFoundError as e:
        if e.name is None or not (module == e.name or module.startswith(e.name + ".")):
            raise                    # a module the game's own code imports: its bug, told with its traceback
        where = "WINDTUNNEL_GAMES" if _from_environment().get(str(name).lower()) == module else "register()"
        raise UserError(f"game {name!r} is the package {module!r} ({where}), which Python cannot find from "
                        f"{os.getcwd()}: put the folder holding it on PYTHONPATH") from None
