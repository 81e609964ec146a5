"""The built-in strategy roster and how names on the command line become arrays."""
from dataclasses import dataclass

import numpy as np

from simulate.aeolos import layout as L
from simulate.config_files import CONFIG_ROOT, line_of, read_toml
from simulate.errors import ConfigError, UserError

STRATEGY_DIR = CONFIG_ROOT / "strategies"


@dataclass(frozen=True)
class Strategy:
    name: str
    policy: int                  # L.POL_*
    weights: tuple               # N_WEIGHTS floats (unused by random)
    description: str


RANDOM = Strategy("random", L.POL_RANDOM, (0.0,) * L.N_WEIGHTS, "uniform over the legal options of every decision")


def strategy_names():
    return ["random"] + sorted(p.stem for p in STRATEGY_DIR.glob("*.toml"))


def load_strategy(name):
    """A strategy by name: 'random' or a TOML file in configs/strategies (or a path)."""
    if name == "random":
        return RANDOM
    path = STRATEGY_DIR / f"{name}.toml"
    if not path.exists():
        if name.endswith(".toml") and (p := __import__("pathlib").Path(name)).exists():
            path = p
        else:
            raise UserError(f"unknown strategy {name!r} (known: {', '.join(strategy_names())})")
    data = read_toml(path)
    weights = data.get("weights")
    if not isinstance(weights, dict):
        raise ConfigError(path, "weights", "missing [weights] table", line_of(path, "weights"))
    row = [0.0] * L.N_WEIGHTS
    for key, value in weights.items():
        if key not in L.WEIGHT_NAMES:
            raise ConfigError(path, f"weights.{key}", f"unknown feature (known: {', '.join(L.WEIGHT_NAMES)})",
                              line_of(path, key))
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ConfigError(path, f"weights.{key}", f"expected a number, got {value!r}", line_of(path, key))
        row[L.WEIGHT_NAMES.index(key)] = float(value)
    return Strategy(path.stem, L.POL_HEURISTIC, tuple(row), str(data.get("description", "")))


def resolve_strategies(names, n_players):
    """Strategy names (one per seat, or one for all) -> (strategies, POL, W) kernel arrays."""
    if isinstance(names, str):
        names = [s.strip() for s in names.split(",") if s.strip()]
    if len(names) == 1:
        names = names * n_players
    if len(names) != n_players:
        raise UserError(f"{len(names)} strategies given for {n_players} players (give one, or one per seat)")
    strategies = [load_strategy(n) for n in names]
    POL = np.zeros(L.MAX_PLAYERS, np.int32)
    W = np.zeros((L.MAX_PLAYERS, L.N_WEIGHTS), np.float64)
    for p, s in enumerate(strategies):
        POL[p] = s.policy
        W[p] = s.weights
    return strategies, POL, W
