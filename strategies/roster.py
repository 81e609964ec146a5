"""The strategy roster and how names on the command line become kernel arrays.

A strategy is a policy kind plus one row of numbers (``L.N_WCOLS``): the weights in
use, one block of weights per game phase, and the policy's parameters. Names:

* ``random``: uniform over the legal options;
* a TOML file in ``configs/strategies/`` (or a path to one): ``[weights]``, optional
  ``[phase.early|mid|late]`` overrides, optional ``base = "other"`` to start from
  another strategy, ``policy = "lookahead"`` with ``[params]``;
* a Python scorer registered with ``strategies.plugin.scorer`` (``--plugin FILE``).

Any name takes parameters after colons: ``greedy:wind=1.2:late.vp=1.5``,
``lookahead:rollouts=16``.
"""
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simulate.aeolos import layout as L
from simulate.config_files import CONFIG_ROOT, line_of, read_toml
from simulate.errors import ConfigError, UserError

STRATEGY_DIR = CONFIG_ROOT / "strategies"
POLICIES = {"heuristic": L.POL_HEURISTIC, "lookahead": L.POL_LOOKAHEAD}
DEFAULT_PARAMS = {"rollouts": 8.0, "horizon": 0.0}


@dataclass(frozen=True)
class Strategy:
    name: str
    policy: int                  # L.POL_*
    weights: tuple               # N_WCOLS floats (unused by random)
    description: str
    plugin: object = field(default=None, compare=False)   # the compiled scorer of a plugin strategy
    source: str = None                                     # the plugin file it came from

    def weight(self, feature, phase=None):
        """One weight by name (in the block in use, or a phase's block)."""
        block = 0 if phase is None else 1 + L.PHASE_NAMES.index(phase)
        return self.weights[block * L.N_WEIGHTS + L.WEIGHT_NAMES.index(feature)]


RANDOM = Strategy("random", L.POL_RANDOM, (0.0,) * L.N_WCOLS, "uniform over the legal options of every decision")


def strategy_names():
    from .plugin import registered

    return ["random"] + sorted(p.stem for p in STRATEGY_DIR.glob("*.toml")) + sorted(registered())


def _number(path, key, value):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ConfigError(path, key, f"expected a number, got {value!r}", line_of(path, key.split(".")[-1]))
    return float(value)


def _feature(path, key, name):
    if name not in L.WEIGHT_NAMES:
        raise ConfigError(path, key, f"unknown feature (known: {', '.join(L.WEIGHT_NAMES)})",
                          line_of(path, name))
    return L.WEIGHT_NAMES.index(name)


def row_from_tables(path, weights, phases=None, params=None, start=None):
    """A strategy row from a [weights] table, per-phase overrides and policy parameters.
    Every phase starts from [weights]; the block in use starts as the early one."""
    row = list(start) if start is not None else [0.0] * L.N_WCOLS
    if start is None:
        for i, name in enumerate(L.PARAM_NAMES):
            row[L.W_PARAMS + i] = DEFAULT_PARAMS[name]
    for key, value in (weights or {}).items():
        f = _feature(path, f"weights.{key}", key)
        v = _number(path, f"weights.{key}", value)
        for block in range(1 + L.N_PHASES):
            row[block * L.N_WEIGHTS + f] = v
    for phase, table in (phases or {}).items():
        if phase not in L.PHASE_NAMES:
            raise ConfigError(path, f"phase.{phase}", f"unknown phase (known: {', '.join(L.PHASE_NAMES)})",
                              line_of(path, phase))
        if not isinstance(table, dict):
            raise ConfigError(path, f"phase.{phase}", "expected a table of weights", line_of(path, phase))
        block = 1 + L.PHASE_NAMES.index(phase)
        for key, value in table.items():
            f = _feature(path, f"phase.{phase}.{key}", key)
            row[block * L.N_WEIGHTS + f] = _number(path, f"phase.{phase}.{key}", value)
    for key, value in (params or {}).items():
        if key not in L.PARAM_NAMES:
            raise ConfigError(path, f"params.{key}", f"unknown parameter (known: {', '.join(L.PARAM_NAMES)})",
                              line_of(path, key))
        v = _number(path, f"params.{key}", value)
        if v < 0 or v != int(v):
            raise ConfigError(path, f"params.{key}", f"expected a whole number >= 0, got {value!r}",
                              line_of(path, key))
        row[L.W_PARAMS + L.PARAM_NAMES.index(key)] = v
    row[:L.N_WEIGHTS] = row[L.N_WEIGHTS:2 * L.N_WEIGHTS]
    return tuple(row)


def _toml_path(name):
    path = STRATEGY_DIR / f"{name}.toml"
    if path.exists():
        return path
    if name.endswith(".toml") and Path(name).exists():
        return Path(name)
    return None


def _load_toml(path, seen=()):
    data = read_toml(path)
    if not isinstance(data.get("weights", {}), dict):
        raise ConfigError(path, "weights", "expected a table of weights", line_of(path, "weights"))
    policy = data.get("policy", "heuristic")
    if policy not in POLICIES:
        raise ConfigError(path, "policy", f"unknown policy {policy!r} (known: {', '.join(POLICIES)})",
                          line_of(path, "policy"))
    start = None
    if "base" in data:
        base = data["base"]
        if base in seen or base == path.stem:
            raise ConfigError(path, "base", f"strategy {base!r} is its own base", line_of(path, "base"))
        start = load_strategy(str(base), seen + (path.stem,)).weights
    elif "weights" not in data:
        raise ConfigError(path, "weights", "missing [weights] table (or a base strategy)", line_of(path, "weights"))
    row = row_from_tables(path, data.get("weights"), data.get("phase"), data.get("params"), start)
    return Strategy(path.stem, POLICIES[policy], row, str(data.get("description", "")))


def with_params(strategy, params):
    """The strategy with `key=value` parameters applied: a feature (all phases), a
    `phase.feature`, or a policy parameter."""
    weights, phases, extra = {}, {}, {}
    for item in params:
        key, sep, value = item.partition("=")
        try:
            number = float(value)
        except ValueError:
            number = None
        if not sep or number is None:
            raise UserError(f"strategy parameter {item!r} for {strategy.name!r} is not NAME=NUMBER")
        if key in L.PARAM_NAMES:
            extra[key] = number
        elif "." in key:
            phase, _, feature = key.partition(".")
            phases.setdefault(phase, {})[feature] = number
        else:
            weights[key] = number
    try:
        row = row_from_tables(f"strategy {strategy.name}", weights, phases, extra, strategy.weights)
    except ConfigError as e:
        raise UserError(str(e)) from None
    label = ":".join([strategy.name, *params])
    return Strategy(label, strategy.policy, row, strategy.description, strategy.plugin, strategy.source)


def load_strategy(spec, seen=()):
    """A strategy by name, with optional `:key=value` parameters."""
    from .plugin import registered

    name, *params = spec.split(":")
    if name == "random":
        base = RANDOM
    elif name in registered():
        base = registered()[name]
    elif (path := _toml_path(name)) is not None:
        base = _load_toml(path, seen)
    else:
        raise UserError(f"unknown strategy {name!r} (known: {', '.join(strategy_names())})")
    return with_params(base, params) if params else base


def split_names(names):
    if isinstance(names, str):
        names = [s.strip() for s in names.split(",") if s.strip()]
    return list(names)


def strategy_arrays(strategies):
    """(POL, W) kernel arrays for up to MAX_PLAYERS strategies, row i = strategy i."""
    POL = np.zeros(L.MAX_PLAYERS, np.int32)
    W = np.zeros((L.MAX_PLAYERS, L.N_WCOLS), np.float64)
    for i, s in enumerate(strategies):
        POL[i] = s.policy
        W[i] = s.weights
    return POL, W


def resolve_strategies(names, n_players):
    """Strategy names (one per seat, or one for all) -> (strategies, POL, W) kernel arrays."""
    names = split_names(names)
    if len(names) == 1:
        names = names * n_players
    if len(names) != n_players:
        raise UserError(f"{len(names)} strategies given for {n_players} players (give one, or one per seat)")
    strategies = [load_strategy(n) for n in names]
    return (strategies, *strategy_arrays(strategies))
