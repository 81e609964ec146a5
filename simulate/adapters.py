"""The games the runner can play: each is an adapter module (see simulate/aeolos/adapter.py)
providing NAME, TITLE, TABLES, prepare(...), Worker(payload) and schemas()."""
import importlib

from .errors import UserError

ADAPTERS = {"aeolos": "simulate.aeolos.adapter"}


def get_adapter(game):
    name = str(game).lower()
    if name not in ADAPTERS:
        raise UserError(f"unknown game {game!r} (known: {', '.join(sorted(ADAPTERS))})")
    return importlib.import_module(ADAPTERS[name])
