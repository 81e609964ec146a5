"""A game's strategy roster and how names on the command line become kernel arrays.

A strategy is a policy kind plus one row of numbers laid out by its game's
``StrategySchema`` (``simulate/core/protocol.py``): the weights in use, one block of
weights per game phase, and the policy's parameters. Names:

* ``random``: uniform over the legal options;
* a TOML file in the game's strategy folder (``schema.folder``) or a path to one:
  ``[weights]``, optional ``[phase.NAME]`` overrides, optional ``base = "other"`` to
  start from another strategy, ``policy = "lookahead"`` with ``[params]``;
* a Python scorer registered with ``strategies.plugin.scorer`` (``--plugin FILE``);
* a plain-Python strategy: a path to a ``.py`` file defining ``choose(state, legal_actions)``
  (named after the file; ``simulate/core/python_play.py``).

Any name takes parameters after colons: ``NAME:feature=1.2:PHASE.feature=1.5``,
``NAME:param=16``; a parameter with words takes one (``mcts:horizon=round``).
"""
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simulate.core.config_files import line_of, read_toml
from simulate.core.errors import ConfigError, UserError
from simulate.core.games import get_game

from .registry import registered, run_file

TOML_POLICIES = ("heuristic", "lookahead", "mcts")      # the policies a TOML strategy may ask for, if its game has them
SEARCH_POLICIES = ("lookahead", "mcts")         # a search at each decision: some games a second, not thousands


@dataclass(frozen=True)
class Strategy:
    name: str
    policy: int                  # the kernel's code (the schema's `policies`)
    weights: tuple               # the schema's row_size floats (unused by random)
    description: str
    plugin: object = field(default=None, compare=False)   # the compiled scorer of a plugin strategy
    source: str = None                                     # the plugin file it came from
    game: str = field(kw_only=True)                        # its game's name: a row means nothing without it

    def weight(self, feature, phase=None):
        """One weight by name (in the block in use, or a phase's block)."""
        schema = get_game(self.game).strategy_schema()
        block = 0 if phase is None else 1 + schema.phases.index(phase)
        return self.weights[block * schema.n_weights + schema.features.index(feature)]


def _random(game):
    schema = game.strategy_schema()
    return Strategy("random", schema.policies["random"], (0.0,) * schema.row_size,
                    "uniform over the legal options of every decision", game=game.name)


def builtin_names(game):
    """"random" and the game's TOML strategies: the names no plugin may take."""
    folder = get_game(game).strategy_schema().folder
    return ["random"] + (sorted(p.stem for p in folder.glob("*.toml")) if folder is not None else [])


def style_names(game):
    """The game's styles: its TOML strategies that mark themselves ``style = true`` (a way to play
    the landscape compares, ``windtunnel landscape``), by name."""
    folder = get_game(game).strategy_schema().folder
    out = []
    for path in sorted(folder.glob("*.toml")) if folder is not None else ():
        style = read_toml(path).get("style", False)
        if not isinstance(style, bool):
            raise ConfigError(path, "style", f"expected true or false, got {style!r}", line_of(path, "style"))
        if style:
            out.append(path.stem)
    return out


def strategy_names(game):
    """The game's whole roster: the built-in strategies, then the plugin scorers loaded in this
    process (a plain-Python strategy is named by its file's path: it is no member of "all",
    which a tournament pairs with the lookahead it cannot share a game with)."""
    replay = get_game(game).strategy_schema().policies.get("replay")
    return builtin_names(game) + sorted(n for n, s in registered(game).items() if s.policy != replay)


def search_codes(game):
    """The kernel codes of the game's searching policies (``SEARCH_POLICIES``): slow players that
    roster-wide checks leave out and runs give small batches."""
    policies = get_game(game).strategy_schema().policies
    return {policies[k] for k in SEARCH_POLICIES if k in policies}


def _known(names):
    return ", ".join(names) or "none"


def _number(path, key, value):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ConfigError(path, key, f"expected a number, got {value!r}", line_of(path, key.split(".")[-1]))
    if not math.isfinite(value):
        raise ConfigError(path, key, f"expected a finite number, got {value!r}", line_of(path, key.split(".")[-1]))
    return float(value)


def _feature(schema, path, key, name):
    if name not in schema.features:
        raise ConfigError(path, key, f"unknown feature (known: {_known(schema.features)})", line_of(path, name))
    return schema.features.index(name)


def _param(schema, path, key, value):
    """A policy parameter's value: a whole number >= 0, or one of its words (``horizon = "round"``)."""
    words = schema.param_words.get(key, {})
    if value in words:
        return float(words[value])
    v = None if words and isinstance(value, str) else _number(path, f"params.{key}", value)
    if v is None or v < 0 or v != int(v):
        also = f" or one of {_known(words)}" if words else ""
        raise ConfigError(path, f"params.{key}", f"expected a whole number >= 0{also}, got {value!r}",
                          line_of(path, key))
    return v


def row_from_tables(schema, path, weights, phases=None, params=None, start=None):
    """A strategy row from a [weights] table, per-phase overrides and policy parameters.
    Every phase starts from [weights]; the block in use starts as the first phase's."""
    n = schema.n_weights
    if start is None:
        start = [0.0] * schema.param_offset + [float(v) for v in schema.params.values()]
    row = list(start)
    for key, value in (weights or {}).items():
        f = _feature(schema, path, f"weights.{key}", key)
        v = _number(path, f"weights.{key}", value)
        for block in range(1 + len(schema.phases)):
            row[block * n + f] = v
    for phase, table in (phases or {}).items():
        if phase not in schema.phases:
            raise ConfigError(path, f"phase.{phase}", f"unknown phase (known: {_known(schema.phases)})",
                              line_of(path, phase))
        if not isinstance(table, dict):
            raise ConfigError(path, f"phase.{phase}", "expected a table of weights", line_of(path, phase))
        block = 1 + schema.phases.index(phase)
        for key, value in table.items():
            f = _feature(schema, path, f"phase.{phase}.{key}", key)
            row[block * n + f] = _number(path, f"phase.{phase}.{key}", value)
    names = tuple(schema.params)
    for key, value in (params or {}).items():
        if key not in names:
            raise ConfigError(path, f"params.{key}", f"unknown parameter (known: {_known(names)})",
                              line_of(path, key))
        row[schema.param_offset + names.index(key)] = _param(schema, path, key, value)
    if schema.phases:
        row[:n] = row[n:2 * n]
    return tuple(row)


def _toml_path(schema, name):
    if schema.folder is not None and (path := schema.folder / f"{name}.toml").exists():
        return path
    if name.endswith(".toml") and Path(name).exists():
        return Path(name)
    return None


def _load_toml(game, path, seen):
    schema = game.strategy_schema()
    data = read_toml(path)
    if not isinstance(data.get("weights", {}), dict):
        raise ConfigError(path, "weights", "expected a table of weights", line_of(path, "weights"))
    policy = data.get("policy", "heuristic")
    known = [p for p in TOML_POLICIES if p in schema.policies]
    if policy not in known:
        what = f"{game.title} has no {policy!r} policy" if policy in TOML_POLICIES else f"unknown policy {policy!r}"
        raise ConfigError(path, "policy", f"{what} (known: {_known(known)})", line_of(path, "policy"))
    start = None
    if "base" in data:
        base = data["base"]
        if base in seen or base == path.stem:
            raise ConfigError(path, "base", f"strategy {base!r} is its own base", line_of(path, "base"))
        start = load_strategy(game, str(base), seen + (path.stem,)).weights
    elif "weights" not in data:
        raise ConfigError(path, "weights", "missing [weights] table (or a base strategy)", line_of(path, "weights"))
    row = row_from_tables(schema, path, data.get("weights"), data.get("phase"), data.get("params"), start)
    return Strategy(path.stem, schema.policies[policy], row, str(data.get("description", "")), game=game.name)


def python_strategy(game, path):
    """The plain-Python strategy of file `path` (a path named as a strategy, or a plugin file that
    defines one; the file runs once per process, ``registry.run_file``): its
    ``choose(state, legal_actions) -> int`` plays through the game's Python face
    (``simulate/core/python_play.py``); its name is the file's, its description the module's
    docstring's first line."""
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
    module = run_file(path)
    choose = getattr(module, "choose", None)
    if not callable(choose):
        raise UserError(f"{path} is not a Python strategy: it defines no function choose(state, legal_actions)")
    doc = (module.__doc__ or choose.__doc__ or "").strip()
    strategy = Strategy(name, schema.policies["replay"], (0.0,) * schema.row_size,
                        doc.split("\n")[0] or "a plain-Python strategy", choose, str(path), game=game.name)
    registered(game)[name] = strategy
    return strategy


def with_params(game, strategy, params):
    """The strategy with `key=value` parameters applied: a feature (all phases), a
    `phase.feature`, or a policy parameter. Random has none: a parameter it would
    ignore is refused rather than silently dropped."""
    game = get_game(game)
    schema = game.strategy_schema()
    if params and (strategy.policy == schema.policies["random"] or strategy.policy == schema.policies.get("replay")):
        raise UserError(f"strategy {strategy.name!r} takes no parameters, got {':'.join(params)!r}")
    weights, phases, extra = {}, {}, {}
    for item in params:
        key, sep, value = item.partition("=")
        try:
            number = float(value)
        except ValueError:
            number = value if schema.param_words.get(key) else None     # a word: checked with the row
        if not sep or number is None:
            raise UserError(f"strategy parameter {item!r} for {strategy.name!r} is not NAME=NUMBER")
        if key in schema.params:
            extra[key] = number
        elif "." in key:
            phase, _, feature = key.partition(".")
            phases.setdefault(phase, {})[feature] = number
        else:
            weights[key] = number
    try:
        row = row_from_tables(schema, f"strategy {strategy.name}", weights, phases, extra, strategy.weights)
    except ConfigError as e:
        raise UserError(str(e)) from None
    label = ":".join([strategy.name, *params])
    return Strategy(label, strategy.policy, row, strategy.description, strategy.plugin, strategy.source,
                    game=game.name)


def load_strategy(game, spec, seen=()):
    """A strategy of `game` by name (or a path to a .toml, or to a plain-Python strategy's .py),
    with optional `:key=value` parameters."""
    game = get_game(game)
    name, *params = spec.split(":")
    if name == "random":
        base = _random(game)
    elif name in registered(game):
        base = registered(game)[name]
    elif (path := _toml_path(game.strategy_schema(), name)) is not None:
        base = _load_toml(game, path, seen)
    elif name.endswith(".py"):
        if not Path(name).is_file():
            raise UserError(f"no such strategy file: {name}")
        base = python_strategy(game, name)
    elif name.endswith(".toml"):
        raise UserError(f"no such strategy file: {name}")
    else:
        raise UserError(f"unknown strategy {name!r} for {game.title} (known: {', '.join(strategy_names(game))})")
    return with_params(game, base, params) if params else base


def strategy_label(spec):
    """The name a strategy spec gives its strategy without loading it: a file's path is named
    by the file ("my/bots/eager.py:x=1" -> "eager:x=1"), as ``load_strategy`` names it."""
    name, *params = spec.split(":")
    if name.endswith((".py", ".toml")):
        name = Path(name).stem
    return ":".join([name, *params])


def split_names(names):
    """'a,b' or a list -> a list of names; none at all is one UserError (the one parser of
    --strategies for every command)."""
    if isinstance(names, str):
        names = [s.strip() for s in names.split(",") if s.strip()]
    names = list(names)
    if not names:
        raise UserError("--strategies is empty (give one strategy, or one per seat)")
    return names


def strategy_arrays(game, strategies):
    """(POL, W) kernel arrays for up to the game's most players, row i = strategy i."""
    game = get_game(game)
    schema = game.strategy_schema()
    POL = np.zeros(schema.max_players, np.int32)
    W = np.zeros((schema.max_players, schema.row_size), np.float64)
    for i, s in enumerate(strategies):
        if s.game != game.name:
            raise UserError(f"strategy {s.name!r} is a {s.game} strategy, not one of {game.title}")
        POL[i] = s.policy
        W[i] = s.weights
    return POL, W


def resolve_strategies(game, names, n_players):
    """Strategy names (one per seat, or one for all) -> (strategies, POL, W) kernel arrays."""
    game = get_game(game)
    names = split_names(names)
    if len(names) == 1:
        names = names * n_players
    if len(names) != n_players:
        raise UserError(f"{len(names)} strategies given for {n_players} players (give one, or one per seat)")
    strategies = [load_strategy(game, n) for n in names]
    return (strategies, *strategy_arrays(game, strategies))
