"""AEOLOS on the kernel contract (``simulate/core/contract.py``): its functions, the core's search
players bound to them (``PLAY``), and ``decide``, the option a seat's policy takes.

    T = (T, LOG, WS)      the rule tables, the transcript rows (none in a batch) and the plugins'
                          scratch (``scorer``: its WS_POOL is a redeal's pool of unseen cards)

A search's horizon counts turns (``clock``: every seat's; the strategy's words "round",
"2rounds", ... are that many rounds of turns). A position is worth the seat's VP after the
final scoring as if the game ended now, plus what its pieces still promise (its ships' river
progress, its prophet's steps, by its weights), over the best rival's (``value``, ``worth``).
The heuristic's weights in use are those of the phase its turn began in (``policy.activate_phase``):
a playout's seats weigh each decision with theirs, and the search puts the seat's back after it.
"""
import numpy as np

from ..core.contract_batch import bind
from ..core.jit import hot, tiny
from ..core.rng import below
from ..core.tape import tape_read, tape_write
from .engine import advance, choose, decision_kind
from .layout import *  # noqa: F403
from .observe import determinize
from .policy import activate_phase, heuristic_choice, location_value, option_scores, plugin_choice, scripted
from .scorer import WS_POOL
from .turn import final_gains

TEMP = 1.0              # the priors' softmax temperature, in VP of the heuristic's option scores
REWARD_SCALE = 2.0      # VP of standing gained over the root's worth a reward of ~0.88
LOOKAHEAD_SCALE = 10.0  # the lookahead's (its rollouts play to the end: margins of tens of VP; 400 games against
                        # balanced, 2 players: 54.6% at 2, 65.4% at 10, 63.0% at 40)


@hot
def apply(S, T, R, OPT, i):
    TT, LOG, WS = T
    choose(S, TT, LOG, R, OPT, i)
    return advance(S, TT, LOG, R, OPT)


@hot
def to_move(S):
    return S[S_CUR]


@hot
def worth(S, T, W, p, q):
    """Seat q's position by seat p's weights: its VP after the final scoring (already scored at
    the game's end), its ships' river progress and its prophet's steps (they score later, as
    temple places and platforms)."""
    vp = S[S_VP + q]
    if S[S_DONE] == 0:
        crystals, wind, held, tokens = final_gains(S, T, q)
        vp += crystals + wind + held + tokens
    v = W[p, W_VP] * vp + W[p, W_PROPHET_STEP] * S[S_PROPHET + q]
    for i in range(MAX_SHIPS):
        v += location_value(T, W, p, S[S_SHIP_LOC + q * MAX_SHIPS + i])
    return v


@hot
def value(S, T, W, p):
    """Seat p's standing: its ``worth`` over the best rival's."""
    TT = T[0]
    best = -np.inf
    for q in range(S[S_N_PLAYERS]):
        if q != p:
            best = max(best, worth(S, TT, W, p, q))
    return worth(S, TT, W, p, p) - best


@hot
def scores(S, T, W, OPT, n, out):
    p = S[S_CUR]
    activate_phase(S, W, p)
    option_scores(S, T[0], W, OPT, p, n, decision_kind(S), out)
    return n


@hot
def keep_seats(S, T, W, back):
    """After a search (back), the seat to move's weights of its turn's phase in use again (its
    playouts weighed later turns with later phases')."""
    if back:
        activate_phase(S, W, S[S_CUR])
    return 0


@hot
def redeal(S, T, p, R):
    determinize(S, p, R, T[2], WS_POOL)


@hot
def clock(S, p, taken):
    """Turns begun, every seat's."""
    return S[S_TURN]


PLAY = bind(__name__, loop=False, apply=apply, to_move=to_move, value=value, scores=scores, redeal=redeal,
            clock=clock, keep_seats=keep_seats)
lookahead, mcts = PLAY.lookahead, PLAY.mcts


@tiny
def horizon_turns(S, horizon):
    """A strategy's horizon in turns: k turns, -k (its words) k rounds of them, 0 the game's end."""
    return -horizon * S[S_N_PLAYERS] if horizon < 0 else horizon


@tiny
def decide(S, T, W, POL, R, SCR, LOG, OPT, X, SC, n, dk):
    """Index of the option the seat to move takes among OPT[:n] (a forced or a random choice
    costs no call). X: the plugins' and searches' arrays (``scorer.extension``), None without
    them; SC: the options' scores (scratch)."""
    pol = POL[S[S_CUR]]
    if pol == POL_SCRIPT:
        return scripted(S, SCR, OPT, n)
    if n == 1:
        return 0
    if pol == POL_RANDOM:
        return below(R, n)
    if pol == POL_REPLAY:
        return tape_read(SCR, n)
    if X is None:
        i = heuristic_choice(S, T, W, OPT, S[S_CUR], n, dk, None, SC)
        if pol == POL_RECORD:
            tape_write(SCR, i)
        return i
    return deliberate(S, T, W, POL, R, LOG, OPT, X, SC, pol, n, dk)


@hot
def deliberate(S, T, W, POL, R, LOG, OPT, X, SC, pol, n, dk):
    """A choice worked out with X: the MCTS player's at each decision, the lookahead's at the
    sailing card (the turn's other decisions its heuristic's), a plugin's or the heuristic's."""
    p = S[S_CUR]
    if pol == POL_MCTS or (pol == POL_LOOKAHEAD and dk == DK_CARD):
        horizon = horizon_turns(S, int(W[p, W_PARAMS + PARAM_HORIZON]))
        if pol == POL_MCTS:
            return mcts(S, (T, LOG, X[1]), R, W, POL, OPT, n, X[2], POL_RANDOM,
                        max(1, int(W[p, W_PARAMS + PARAM_ITERATIONS])), horizon, REWARD_SCALE, TEMP, False)
        return lookahead(S, (T, LOG, X[1]), R, W, POL, OPT, n, X[2], POL_RANDOM,
                         max(1, int(W[p, W_PARAMS + PARAM_ROLLOUTS])), horizon, LOOKAHEAD_SCALE, False)
    if pol == POL_PLUGIN:
        return plugin_choice(S, T, W, OPT, X, p, n, dk, SC)
    return heuristic_choice(S, T, W, OPT, p, n, dk, None, SC)
