"""Strategies written in Python: a numba scorer registered with a decorator.

A plugin file (given with ``--plugin FILE``) is Python code that runs in every
process that plays (the CLI's and each worker's); it registers one or more
strategies of one game::

    from strategies.plugin import scorer

    @scorer("keen", game="mygame", base="steady", description="steady, but keener on option kind 2")
    def score(obs, decision, options, i, base, weights, seat):
        return base + (2.0 if options[i, 0] == 2 else 0.0)

The function is compiled as a numba ``cfunc`` with the game's
``StrategySchema.scorer_signature`` (the game's docs say what each argument holds).
`base` names the strategy whose weights feed the built-in score it receives (the
game's default strategy if not given); `params` override single weights. Workers
re-import the same files, so plugins run on every backend, and a resumed run loads
the files its manifest names.
"""
import importlib.util
import sys
from pathlib import Path

from simulate.errors import UserError
from simulate.games import get_game

_REGISTRY = {}          # game name -> {strategy name -> Strategy}
_FILES = []             # plugin files loaded in this process, in order
_LOADING = [None]       # the file being loaded (recorded on its strategies)


def registered(game):
    """The plugin strategies of `game` loaded in this process: name -> Strategy."""
    return _REGISTRY.setdefault(get_game(game).name, {})


def loaded_files():
    return list(_FILES)


def scorer(name, *, game, base=None, description="", **params):
    """Register the decorated function as strategy `name` of `game` (compiled to a numba cfunc).
    A built-in name is refused: the plugin would silently replace the strategy a reader expects."""
    from numba import cfunc

    from .roster import Strategy, builtin_names, load_strategy, with_params

    game = get_game(game)
    schema = game.strategy_schema()
    if ":" in name or "," in name:
        raise UserError(f"plugin strategy name {name!r} contains ':' or ','")
    if name in builtin_names(game):
        raise UserError(f"plugin strategy {name!r} has the name of a built-in {game.title} strategy; "
                        f"give it another name")
    if schema.scorer_signature is None or "plugin" not in schema.policies:
        raise UserError(f"{game.title} takes no plugin strategies (its strategy schema has no scorer signature)")

    def register(fn):
        try:
            compiled = cfunc(schema.scorer_signature)(fn)
        except Exception as e:          # numba's typing errors are long: keep the first line
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            raise UserError(f"plugin strategy {name!r} does not compile with numba: {first}") from None
        start = load_strategy(game, base or schema.default)
        if params:
            start = with_params(game, start, [f"{k}={v}" for k, v in params.items()])
        registered(game)[name] = Strategy(name, schema.policies["plugin"], start.weights,
                                          description or (fn.__doc__ or "").strip().split("\n")[0], compiled,
                                          _LOADING[0], game=game.name)
        return fn

    return register


def load_plugin(path):
    """Run a plugin file (once per process), registering its strategies."""
    path = Path(path).resolve()
    if str(path) in _FILES:
        return
    if not path.is_file():
        raise UserError(f"plugin file {path} does not exist")
    spec = importlib.util.spec_from_file_location(f"windtunnel_plugin_{len(_FILES)}", path)
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
    _FILES.append(str(path))


def load_plugins(paths):
    for path in paths or ():
        load_plugin(path)


def scorers_for(strategies):
    """The compiled scorers of a list of strategies (None where a strategy has none)."""
    return [s.plugin for s in strategies]
