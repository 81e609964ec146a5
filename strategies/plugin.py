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
import re
from pathlib import Path

from simulate.core.errors import UserError
from simulate.core.games import get_game

from .registry import file_hash, loaded_files, loaded_hash, registered  # noqa: F401 (part of this module's API)
from .registry import loading, run_file
from .roster import Strategy, builtin_names, load_strategy, python_strategy, with_params


def scorer(name, *, game, base=None, description="", **params):
    """Register the decorated function as strategy `name` of `game` (compiled to a numba cfunc).
    A built-in name is refused: the plugin would silently replace the strategy a reader expects."""
    from numba import cfunc, njit

    game = get_game(game)
    schema = game.strategy_schema()
    if ":" in name or "," in name:
        raise UserError(f"plugin strategy name {name!r} contains ':' or ','")
    if name in builtin_names(game):
        raise UserError(f"plugin strategy {name!r} has the name of a built-in {game.title} strategy; "
                        f"give it another name")
    other = registered(game).get(name)
    if other is not None and other.source != loading():
        raise UserError(f"plugin strategy {name!r} is registered by two files ({other.source} and "
                        f"{loading() or 'this code'}); give one of them another name")
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
                                          loading(), game=game.name)
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
    module = run_file(path)
    if game is not None and callable(getattr(module, "choose", None)):
        python_strategy(game, path)


def load_plugins(paths, game=None):
    for path in paths or ():
        load_plugin(path, game)


def scorers_for(strategies):
    """The compiled scorers of a list of strategies (None where a strategy, or its entry, has
    none: a plain-Python strategy's function is no scorer)."""
    return [s.plugin if s is not None and s.policy == get_game(s.game).strategy_schema().policies.get("plugin")
            else None for s in strategies]
