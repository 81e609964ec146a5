"""The kernel's extension arrays, and the contract of scorers written outside it.

A plugin strategy is a numba ``cfunc`` with ``SCORER_SIG``:
``score(obs, decision, options, i, base, weights, seat) -> float``, called for
every legal option of every decision of its seat. ``obs`` is the seat's view of
the state (``observe.observe``: hidden parts zeroed, offsets in ``layout``),
``decision`` a ``DK_*`` code, ``options[i]`` the option's (kind, a, b, c) row
(``options`` holds the decision's options only), ``base`` the built-in heuristic's
score of it, ``weights[seat, :N_WEIGHTS]`` the seat's weights in use.
The option with the highest returned score is taken. The arrays are typed
read-only: they are the kernel's own (the state, its option buffer, the seats'
weights), so a scorer that writes to them does not compile. A score that is not a
finite number (what ``strategies.plugin`` makes of an exception) fails the game
(``CHK_PLUGIN``, see ``policy.plugin_choice``). The kernel is compiled once for this
function type, so a new scorer costs its own compile only.
"""
import warnings

import numpy as np
from numba import cfunc, types
from numba.core.errors import NumbaExperimentalFeatureWarning

# first-class function types are what let one cached kernel call any scorer
warnings.filterwarnings("ignore", category=NumbaExperimentalFeatureWarning)

from ..core.contract import scratch as search_scratch
from .layout import MAX_CARDS, MAX_FAVOR, MAX_OPTIONS, MAX_PLAYERS, POL_LOOKAHEAD, POL_MCTS, S_SIZE


def _read_only(dtype, ndim):
    return types.Array(dtype, ndim, "C", readonly=True)


SCORER_SIG = types.float64(_read_only(types.int32, 1), types.int64, _read_only(types.int32, 2), types.int64,
                           types.float64, _read_only(types.float64, 2), types.int64)

# X = (scorers, WS, XS): the seats' scorers, one int32 scratch array and the search players'
# scratch (``contract.scratch``); hot code allocates nothing, so they live here.
WS_SEAT = 0                                   # strategy row of each seat (for its scorer)
WS_POOL = WS_SEAT + MAX_PLAYERS               # a redeal's pool of unseen cards (``observe.determinize``)
WS_BASE = WS_POOL + MAX_CARDS + MAX_FAVOR     # built-in scores of the options (milli-VP) for a scorer
WS_BACKUP = WS_BASE + MAX_OPTIONS             # the state, saved while a scorer reads the seat's view
WS_SIZE = WS_BACKUP + S_SIZE
MAX_NODES = 32_768                            # the search tree's (an iteration adds at most one)


@cfunc(SCORER_SIG, cache=True)
def keep_base(obs, decision, options, i, base, weights, seat):
    """The scorer of every seat that has none: the heuristic's own score."""
    return base


def extension(scorers=None, POL=None):
    """X for the kernel: one scorer per strategy row (keep_base where there is none), the
    scratch array and the search players'; None when no seat plays a plugin, the lookahead or
    the MCTS player (`POL` given): numba then compiles the kernel without them."""
    scorers = list(scorers or [])
    searching = POL is None or np.isin(np.asarray(POL), (POL_LOOKAHEAD, POL_MCTS)).any()
    if not searching and not any(s is not None for s in scorers):
        return None
    fns = tuple(scorers[i] if i < len(scorers) and scorers[i] is not None else keep_base
                for i in range(MAX_PLAYERS))
    WS = np.zeros(WS_SIZE, np.int32)
    WS[WS_SEAT:WS_SEAT + MAX_PLAYERS] = np.arange(MAX_PLAYERS)
    return fns, WS, search_scratch(S_SIZE, MAX_OPTIONS, MAX_NODES if searching else 1)   # (1.4 MB of tree)
