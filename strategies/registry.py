"""What this process has added to the games' rosters: the plugin files it ran and the
strategies they registered.

A plugin file (``--plugin FILE``, or a plain-Python strategy's file named as a strategy)
runs once per process, again if its text has changed since; a run's manifest records
each file's sha256. The strategies it registers (``plugin.scorer``, ``roster.python_strategy``)
join their game's roster (``roster.load_strategy`` finds them here by name).
"""
import hashlib
import importlib.util
import sys
from pathlib import Path

from simulate.core.errors import UserError
from simulate.core.games import get_game

_REGISTRY = {}          # game name -> {strategy name -> Strategy}
_FILES = {}             # plugin file loaded in this process -> sha256 of the text it ran, in load order
_LOADING = [None]       # the file being loaded (recorded on its strategies)
_MODULES = {}           # plugin file -> the module its text ran as


def registered(game):
    """The plugin strategies of `game` loaded in this process: name -> Strategy."""
    return _REGISTRY.setdefault(get_game(game).name, {})


def loaded_files():
    return list(_FILES)


def file_hash(path):
    """sha256 of a plugin file's text (what a run's manifest records)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def loaded_hash(path):
    """sha256 of the text of plugin file `path` as this process ran it."""
    return _FILES[str(Path(path).resolve())]


def loading():
    """The plugin file being run now (None outside one): the source its strategies record."""
    return _LOADING[0]


def run_file(path):
    """Run plugin file `path` (resolved) unless this process ran its present text already;
    the module its text ran as."""
    if not path.is_file():
        raise UserError(f"plugin file {path} does not exist")
    if path.suffix != ".py":
        raise UserError(f"plugin file {path} is not a Python file (.py); a TOML strategy is named with "
                        f"--strategies (a path to it, or its name in the game's strategy folder)")
    digest = file_hash(path)
    if _FILES.get(str(path)) == digest:
        return _MODULES[str(path)]
    spec = importlib.util.spec_from_file_location(f"windtunnel_plugin_{digest[:16]}", path)
    module = importlib.util.module_from_spec(spec)
    _LOADING[0] = str(path)
    try:
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    except UserError:
        raise
    except Exception as e:
        raise UserError(f"plugin file {path} failed to load: {type(e).__name__}: {e}") from None
    finally:
        _LOADING[0] = None
    _FILES[str(path)] = digest
    _MODULES[str(path)] = module
    return module
