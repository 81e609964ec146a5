"""EOS's first compile on two cores (the mechanism: ``simulate/core/precompile.py``).

The main process reaches the engine's option lists first (``engine.options``, about
half of the kernel); meanwhile the helper compiles ``PARTS``, what the main process
reaches after them, in that order. The parts' argument types come from the parameter
names the kernel uses throughout (S, C, NS, PR, R, ...); a test checks that the
helper's parts are exactly what ``batch`` then loads.
"""
import inspect

import numpy as np

from ..core.precompile import Precompile

PARTS = ("chronicle.event_stage", "engine.choose", "check.check_state", "policy.pick", "kernel.record")


def example_arguments(rules=None):
    """Arguments of the types ``Eos.play`` hands ``kernel.batch``, by parameter name
    (only the types matter), and R: the game's random stream (``batch``'s RG) as the
    rule steps name it."""
    from .content import build
    from .config import load_rules
    from .kernel import batch, card_arrays, result_arrays, scratch
    from .layout import C_N_PROGS, MAX_PLAYERS, W_ROW
    from ..core.tape import no_tape

    content = build((rules or load_rules()).config)
    args = (content.C, content.NS, content.PR, 2, 0, 0, 1, np.full(MAX_PLAYERS, -1, np.int64), False,
            np.zeros(MAX_PLAYERS, np.int64), np.zeros((MAX_PLAYERS, W_ROW)), False, *result_arrays(1),
            card_arrays(1), *scratch(int(content.C[C_N_PROGS])), None, no_tape())
    arrays = dict(zip(inspect.signature(batch.py_func).parameters, args))
    return dict(arrays, R=arrays["RG"])


COMPILE = Precompile(__name__, batch="kernel.batch", parts=PARTS, arguments=example_arguments, title="EOS",
                     seconds=60)          # measured: 50 s on two cores (docs/eos-kernel.md, Speed)
