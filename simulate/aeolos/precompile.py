"""AEOLOS's first compile on two cores (the mechanism: ``simulate/core/precompile.py``).

The helper compiles ``PARTS`` of the plain-heuristic kernel (no plugin, no
lookahead: their ``X`` types differ), in the order the main process reaches them,
chosen so that neither process waits long: the main process compiles the decision
stack (``engine.advance``) while the helper compiles the heuristic and ``choose``
(measured: 22 s instead of 29 s on one process; with the parts of the nested kernel
before it, 31 s).
The parts' argument types come from the parameter names the kernel uses
throughout (S, T, W, ...); a test checks that the helper's parts are exactly what
``batch`` then loads.
"""
import inspect

import numpy as np

from ..core.precompile import Precompile
from .config import load_rules
from .game import batch, batch_arguments, result_arrays
from .layout import MAX_PLAYERS, N_WCOLS

PARTS = ("policy.heuristic_choice", "engine.choose", "game.record")


def example_arguments(rules=None):
    """Arguments of the types ``kernel.play_batch`` hands ``batch``, by parameter name
    (only the types of the rules' arrays matter)."""
    rules = rules or load_rules()
    W, POL = np.zeros((MAX_PLAYERS, N_WCOLS)), np.zeros(MAX_PLAYERS, np.int32)
    args = batch_arguments(rules.T, 2, 0, 0, 1, W, POL, False, *result_arrays(1), False, None)
    return dict(zip(inspect.signature(batch.py_func).parameters, args), WS=None)


COMPILE = Precompile(__name__, batch="game.batch", parts=PARTS, arguments=example_arguments,
                     title="AEOLOS", seconds=30)          # measured: 22 s on two cores


def first_compile(X):
    """Around ``kernel.play_batch``'s call of ``batch``; a helper only for the plain kernel."""
    return COMPILE.first_compile(helper=X is None)
