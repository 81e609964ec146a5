"""Strategies written in Python: a numba scorer registered with a decorator.

A plugin file (given with ``--plugin FILE``) registers one or more strategies::

    from strategies.plugin import scorer

    @scorer("river_rusher", base="greedy", description="greedy, but loves river moves")
    def score(obs, decision, option, base, weights):
        return base + (2.0 if option[0] == O_MOVE else 0.0)

The function is compiled as a numba ``cfunc`` with ``SCORER_SIG`` (see
``simulate/aeolos/scorer.py`` for what each argument holds). `base` names the
strategy whose weights feed the built-in score it receives; `params` override
single weights. Workers re-import the same files, so plugins run on every
backend.
"""
import importlib.util
import sys
from pathlib import Path

from simulate.errors import UserError

_REGISTRY = {}          # name -> Strategy
_FILES = []             # plugin files loaded in this process, in order
_LOADING = [None]       # the file being loaded (recorded on its strategies)


def registered():
    return _REGISTRY


def loaded_files():
    return list(_FILES)


def scorer(name, *, base="greedy", description="", **params):
    """Register the decorated function as strategy `name` (compiled to a numba cfunc)."""
    from numba import cfunc

    from simulate.aeolos import layout as L
    from simulate.aeolos.scorer import SCORER_SIG

    from .roster import Strategy, load_strategy, with_params

    if name == "random" or ":" in name or "," in name:
        raise UserError(f"plugin strategy name {name!r} is reserved or contains ':' or ','")

    def register(fn):
        try:
            compiled = cfunc(SCORER_SIG)(fn)
        except Exception as e:          # numba's typing errors are long: keep the first line
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            raise UserError(f"plugin strategy {name!r} does not compile with numba: {first}") from None
        start = load_strategy(base)
        if params:
            start = with_params(start, [f"{k}={v}" for k, v in params.items()])
        _REGISTRY[name] = Strategy(name, L.POL_PLUGIN, start.weights,
                                   description or (fn.__doc__ or "").strip().split("\n")[0], compiled,
                                   _LOADING[0])
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
