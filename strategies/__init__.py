"""Strategies: named policies a seat plays with.

A strategy is a policy kind (random, heuristic) plus, for heuristics, a vector
of weights over documented features (configs/strategies/*.toml). The kernel
reads them as two arrays: POL[seat] and W[seat, feature].
"""
from .roster import Strategy, load_strategy, resolve_strategies, strategy_names  # noqa: F401
