"""Strategies written in Python: a numba scorer registered with a decorator.

A plugin file (given with ``--plugin FILE``) is Python code that runs in every
process that plays (the CLI's and each worker's); it registers one or more
strategies of one game::

    from strategies.plugin import scorer

    @scorer("keen", game="mygame", base="steady", description="steady, but keener on option kind 2")
    def score(obs, decision, options, i, base, weights, seat):
        return base + (2.0 if options[i, 0] == 2 else 0.0)

The function is compiled by numba with bounds checks, inside a ``cfunc`` of the
game's ``StrategySchema.scorer_signature`` (the game's docs say what each argument
holds) that returns NaN when it raises: an exception or an index out of bounds is a
score that is not a number, which the kernel turns into a failed game and the runner
into a failed run, in one line. `base` names the strategy whose weights feed the
built-in score it receives (the game's default strategy if not given); `params`
override single weights. Workers re-import the same files, so plugins run on every
backend; a run's manifest records each file and its sha256, and a resumed run loads
the files its manifest names, refusing one that has changed.
"""
import hashlib
import importlib.util
import re
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


def scorer(name, *, game, base=None, description="", **params):
    """Register the decorated function as strategy `name` of `game` (compiled to a numba cfunc).
    A built-in name is refused: the plugin would silently replace the strategy a reader expects."""
    from numba import cfunc, njit

    from .roster import Strategy, builtin_names, load_strategy, with_params  # (roster imports this module)

    game = get_game(game)
    schema = game.strategy_schema()
    if ":" in name or "," in name:
        raise UserError(f"plugin strategy name {name!r} contains ':' or ','")
    if name in builtin_names(game):
        raise UserError(f"plugin strategy {name!r} has the name of a built-in {game.title} strategy; "
                        f"give it another name")
    other = registered(game).get(name)
    if other is not None and other.source != _LOADING[0]:
        raise UserError(f"plugin strategy {name!r} is registered by two files ({other.source} and "
                        f"{_LOADING[0] or 'this code'}); give one of them another name")
    if schema.scorer_signature is None or "plugin" not in schema.policies:
        raise UserError(f"{game.title} takes no plugin strategies (its strategy schema has no scorer signature)")

    def register(fn):
        try:
            compiled = cfunc(schema.scorer_signature)(_guarded(njit(boundscheck=True)(fn),
                                                                len(schema.scorer_signature.args)))
        except Exception as e:          # noqa: BLE001 - numba raises many kinds; one line either way
            raise UserError(f"plugin strategy {name!r} does not compile with numba: {_why(e)}") from None
        start = load_strategy(game, base or schema.default)
        if params:
            start = with_params(game, start, [f"{k}={v}" for k, v in params.items()])
        registered(game)[name] = Strategy(name, schema.policies["plugin"], start.weights,
                                          description or (fn.__doc__ or "").strip().split("\n")[0], compiled,
                                          _LOADING[0], game=game.name)
        return fn

    return register


def _guarded(fn, n_args):
    """A function of `n_args` arguments that calls `fn` and returns NaN where it raises
    (numba catches exceptions as a bare class in compiled code): else the exception
    would be printed and ignored at every call, and the kernel would go on with a
    score of 0. Written out as source because a cfunc takes no ``*args``."""
    args = ", ".join(f"a{k}" for k in range(n_args))
    namespace = {"fn": fn, "nan": float("nan")}
    exec(f"def guarded({args}):\n"
         f"    try:\n"
         f"        return fn({args})\n"
         f"    except Exception:\n"
         f"        return nan\n", namespace)
    return namespace["guarded"]


def _why(error):
    """What is wrong, in one line, from numba's typing error (pages of text whose first
    line only names the compiler pass)."""
    text = str(error)
    if "readonly array" in text:
        why = "it writes to an array a scorer may only read (the kernel's state, options or weights)"
    else:
        lines = [line.strip() for line in text.splitlines()
                 if line.strip() and not line.startswith(("Failed in ", "During:"))]
        why = lines[0] if lines else type(error).__name__
    where = re.search(r'File "([^"<]+)", line (\d+)', text)
    return f"{why} ({Path(where[1]).name}, line {where[2]})" if where else why


def load_plugin(path, game=None):
    """Run a plugin file, registering its strategies: once per process, again if its text
    has changed since (a long-lived worker then plays the file as it is now). A file that
    defines ``choose(state, legal_actions)`` is also a plain-Python strategy of `game`, named
    after the file (``python_strategy``)."""
    path = Path(path).resolve()
    _run_file(path)
    if game is not None and callable(getattr(_MODULES[str(path)], "choose", None)):
        python_strategy(game, path)


def _run_file(path):
    if not path.is_file():
        raise UserError(f"plugin file {path} does not exist")
    if path.suffix != ".py":
        raise UserError(f"plugin file {path} is not a Python file (.py); a TOML strategy is named with "
                        f"--strategies (a path to it, or its name in the game's strategy folder)")
    digest = file_hash(path)
    if _FILES.get(str(path)) == digest:
        return
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


def load_plugins(paths, game=None):
    for path in paths or ():
        load_plugin(path, game)


def python_strategy(game, path):
    """The plain-Python strategy of file `path` (run first with ``load_plugin``): its
    ``choose(state, legal_actions) -> int`` plays through the game's Python face
    (``simulate/core/python_play.py``); its name is the file's, its description the module's
    docstring's first line."""
    from .roster import Strategy, builtin_names  # (roster imports this module)

    game = get_game(game)
    path = Path(path).resolve()
    schema = game.strategy_schema()
    if "replay" not in schema.policies:
        raise UserError(f"{game.title} takes no Python strategies (its kernel has no choice tape)")
    name = path.stem              # (checked before the file runs: a refused file is never loaded)
    if name in builtin_names(game) or ":" in name or "," in name:
        raise UserError(f"Python strategy file {path.name}: rename it (its name {name!r} is a built-in "
                        f"{game.title} strategy's or holds ':' or ',')")
    other = registered(game).get(name)
    if other is not None and other.source != str(path):
        raise UserError(f"two strategies are named {name!r} ({other.source or 'a plugin'} and {path}); "
                        f"rename one of the files")
    _run_file(path)
    module = _MODULES[str(path)]
    choose = getattr(module, "choose", None)
    if not callable(choose):
        raise UserError(f"{path} is not a Python strategy: it defines no function choose(state, legal_actions)")
    doc = (module.__doc__ or choose.__doc__ or "").strip()
    strategy = Strategy(name, schema.policies["replay"], (0.0,) * schema.row_size,
                        doc.split("\n")[0] or "a plain-Python strategy", choose, str(path), game=game.name)
    registered(game)[name] = strategy
    return strategy


def scorers_for(strategies):
    """The compiled scorers of a list of strategies (None where a strategy, or its entry, has
    none: a plain-Python strategy's function is no scorer)."""
    return [s.plugin if s is not None and s.policy == get_game(s.game).strategy_schema().policies.get("plugin")
            else None for s in strategies]
