"""EOS's first compile on two cores (the mechanism: ``simulate/core/precompile.py``).

The main process reaches the engine's option lists first (``engine.options``, about
half of the kernel); meanwhile the helper compiles ``PARTS``, what the main process
reaches after them, in that order. The parts' argument types come from the parameter
names the kernel uses throughout (S, C, NS, PR, R, ...); a test checks that the
helper's parts are exactly what ``batch`` then loads.
"""
import numpy as np

from ..core.precompile import Precompile
from .config import load_rules
from .layout import C_N_PROGS, MAX_PLAYERS, W_ROW

PARTS = ("chronicle.event_stage", "engine.choose", "check.check_state", "policy.pick", "kernel.record")


def example_arguments(rules=None):
    """Arguments of the types ``Eos.play`` hands ``kernel.batch``, by the names batch reads
    them under (its parameters, the fields of its Plan, Out and Scratch: only the types
    matter), and R: the game's random stream (the scratch's RG) as the rule steps name it."""
    from ..core.tape import no_tape
    from .content import build
    from .kernel import Out, Plan, card_arrays, result_arrays, scratch

    content = build((rules or load_rules()).config)
    plan = Plan(n_players=2, run_seed=0, first=0, n_games=1, nations=np.full(MAX_PLAYERS, -1, np.int64),
                rotate=False, POL=np.zeros(MAX_PLAYERS, np.int64), WS=np.zeros((MAX_PLAYERS, W_ROW)), check=False)
    sc = scratch(int(content.C[C_N_PROGS]))
    return dict(C=content.C, NSN=content.NS, PRN=content.PR, **plan._asdict(),
                **Out(*result_arrays(1), card_arrays(1))._asdict(), **sc._asdict(), X=None, TAPE=no_tape(), R=sc.RG)


COMPILE = Precompile(__name__, batch="kernel.batch", parts=PARTS, arguments=example_arguments, title="EOS",
                     seconds=60)          # measured: 50 s on two cores (docs/eos-kernel.md, Speed)
