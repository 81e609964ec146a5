"""EOS plugin strategies: the contract of scorers written outside the kernel.

A plugin strategy is a numba ``cfunc`` with ``SCORER_SIG``:
``score(obs, decision, options, i, base, weights, seat) -> float``, called for every
legal option of every decision of its seat that has more than one:

- ``obs``: the seat's view of the state (offsets in ``layout``: ``obs[S_GLORY + seat]``,
  ``obs[S_COINS + q]``, ``obs[S_ANGEL + a]``, ...), what it cannot see hidden: the order
  of the journey, upgrade and event decks, of the Demon Lords still to spawn and of the
  placement tokens (-1), which journey cards the other seats hold (they read as in the
  deck) and the cards' stories (0);
- ``decision``: the top frame's kind (``layout.F_*``: F_ACTION the turn's action, F_MOVE
  a step of sailing, F_PLAY a journey card, ...);
- ``options[i]``: the option's row (code ``layout.O_*``, x, y, z), as the transcript
  tells it (``options`` holds this decision's options only);
- ``base``: the built-in heuristic's worth of it, in glory, under the seat's weights
  (``policy.option_value``); ``weights[seat, :N_WEIGHTS]`` the seat's weights in use.

The option with the highest score is taken. The arrays are typed read-only (the kernel's
own state, option buffer and weights): a scorer that writes to them does not compile. A
score that is not a finite number (what ``strategies.plugin`` makes of an exception)
fails the game (``ERR_PLUGIN``): it ends at once and the runner fails the run, naming the
plugin, the game and the seed. The kernel is compiled once for this function type, so a
new scorer costs its own compile only; without plugins it is compiled without them.
"""
import warnings

import numpy as np
from numba import cfunc, types
from numba.core.errors import NumbaExperimentalFeatureWarning

from ..core.jit import hot
from .frames import top
from .layout import (J_DECK, J_HAND, MAX_JOURNEY, MAX_PLAYERS, N_CARD_ROWS, CARD_W, S_CARD, S_DONE, S_EDECK,
                     S_EDECK_N, S_ERROR, S_ERROR_TURN, S_JDECK, S_JDECK_N, S_JLOC, S_LORD_STACK, S_LORD_STACK_N,
                     S_PLACEMENT, S_PLACEMENT_N, S_SIZE, S_TURN, S_UDECK, S_UDECK_N, SB_STATE, FR_KIND,
                     FR_PLAYER)
from .policy import option_value, sailing_targets

# first-class function types are what let one cached kernel call any scorer
warnings.filterwarnings("ignore", category=NumbaExperimentalFeatureWarning)

ERR_PLUGIN = 92         # a plugin scorer failed (``Eos.plugin_error_code``; 90 and 91 are the driver's)


def _read_only(dtype, ndim):
    return types.Array(dtype, ndim, "C", readonly=True)


SCORER_SIG = types.float64(_read_only(types.int32, 1), types.int64, _read_only(types.int32, 2), types.int64,
                           types.float64, _read_only(types.float64, 2), types.int64)


@cfunc(SCORER_SIG, cache=True)
def keep_base(obs, decision, options, i, base, weights, seat):
    """The scorer of every strategy row that has none: the heuristic's own worth."""
    return base


def extension(scorers=None):
    """X for the kernel: one scorer per strategy row (keep_base where there is none), or
    None when no strategy is a plugin (numba then compiles the kernel without them)."""
    scorers = list(scorers or [])
    if not any(s is not None for s in scorers):
        return None
    return tuple(scorers[i] if i < len(scorers) and scorers[i] is not None else keep_base
                 for i in range(MAX_PLAYERS))


@hot
def hide(S, p):
    """Mask in S (a copy of the state) what seat p cannot see (the module doc)."""
    for start, n in ((S_JDECK, S[S_JDECK_N]), (S_UDECK, S[S_UDECK_N]), (S_EDECK, S[S_EDECK_N]),
                     (S_LORD_STACK, S[S_LORD_STACK_N]), (S_PLACEMENT, S[S_PLACEMENT_N])):
        for k in range(n):
            S[start + k] = -1
    for j in range(MAX_JOURNEY):
        loc = S[S_JLOC + j]
        if J_HAND <= loc < J_HAND + MAX_PLAYERS and loc != J_HAND + p:
            S[S_JLOC + j] = J_DECK
    for k in range(N_CARD_ROWS * CARD_W):
        S[S_CARD + k] = 0


@hot
def plugin_choice(S, C, NS, PR, OPT, n, W, PV, slot, X, SB):
    """The option the seat's plugin scorer (strategy row `slot`) rates highest, handed the
    seat's view of the state (a masked copy in SB) and the heuristic's worth of each option
    (weighed on the state itself). A score that is not a finite number fails the game."""
    at = top(S)
    p = S[at + FR_PLAYER]
    target, blocked, most = sailing_targets(S, C, NS, PR, W, PV, p)
    obs = SB[SB_STATE:SB_STATE + S_SIZE]
    for k in range(S_SIZE):
        obs[k] = S[k]
    hide(obs, p)
    fn = X[slot]
    options = OPT[:n]
    best = 0
    best_score = -1e18
    for i in range(n):
        sc = fn(obs, S[at + FR_KIND], options, i, option_value(S, C, NS, PR, W, PV, OPT, i, target, blocked, most), W, p)
        if not np.isfinite(sc):
            plugin_failed(S)
            return 0
        if sc > best_score:
            best, best_score = i, sc
    return best


@hot
def plugin_failed(S):
    """A plugin scorer raised (``strategies.plugin`` turns that into NaN), indexed out of
    bounds or returned NaN/inf: the game is worth nothing, so it is marked (ERR_PLUGIN; the
    runner fails the run on it) and ends now. Any choice made on from there would silently
    skew the results."""
    S[S_ERROR] = ERR_PLUGIN
    S[S_ERROR_TURN] = S[S_TURN]
    S[S_DONE] = 1
