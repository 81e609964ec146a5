"""Strategies: named policies a seat plays with, for any game.

A strategy is a policy kind (random, heuristic, ...) plus, for heuristics, a vector
of weights over the features its game documents (``configs/<game>/strategies/*.toml``,
laid out by the game's ``StrategySchema``). The kernel reads them as two arrays:
POL[seat] and W[seat, column]. Every function takes the game first (a protocol
object or a name).
"""
from .roster import Strategy, load_strategy, resolve_strategies, strategy_arrays, strategy_names

__all__ = ["Strategy", "load_strategy", "resolve_strategies", "strategy_arrays", "strategy_names"]
