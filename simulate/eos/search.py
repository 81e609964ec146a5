"""EOS on the kernel contract (``simulate/core/contract.py``): its functions, the core's search
players bound to them (``PLAY``), and the seat's pick by its policy (``seat_choice``).

    T = (C, NS, PR, NB, tmp, SB)       the content, the seats' nation rows, and the rules' scratch:
                                        the neighbours list, a few values, SB (a plugin's masked
                                        view, the redeal's card pool)
    W = (W, PV, PH, PHK)                the seats' weights in use, program worths, phase in use
                                        (``policy.weights_now``), and the phases a search keeps

A search's horizon counts the seat's turns begun (``clock``: "round" = 1, "game" = to the end,
``layout.HORIZON_WORDS``); a playout may move a seat into a later phase of the game, so the
search puts each seat's phase back after it (``keep_seats``). Before the end a position is worth
the seat's ``scoring.margin`` (as if the game ended now, what it holds weighed in); at the end
its result on the same scale: final glory over the best rival's, coins breaking a tie (solo:
won 1000, else -1000, as ``solo.standing``).
"""
from ..core.contract import scratch as search_scratch
from ..core.contract_batch import bind
from ..core.jit import hot
from .engine import advance, choose
from .frames import top_kind, top_player
from .layout import (END_SOLO_WON, F_ACTION, MAX_OPT, POL_LOOKAHEAD, POL_MCTS, POL_PLUGIN, POL_RANDOM, S_COINS,
                     S_DONE, S_ENDED_BY, S_N, S_SIZE, S_SOLO, S_TURN, W_HORIZON, W_ITERATIONS, W_ROLLOUTS)
from .policy import option_targets, option_value, pick, use_phase, weights_now
from .redeal import redeal_unseen
from .scorer import plugin_choice
from .scoring import final_glory, margin

TEMP = 2.0              # the priors' softmax temperature, in glory: options 2 glory apart weigh e:1
REWARD_SCALE = 20.0     # glory of margin gained over the root's that is worth a reward of ~0.88
SOLO_SCALE = 50.0       # the same for a solo game's standing (100 a task)


def scratch():
    """X, the search players' scratch (``contract.scratch``) for EOS's state and option list."""
    return search_scratch(S_SIZE, MAX_OPT)


@hot
def apply(S, T, R, OPT, i):
    C, NS, PR, NB, tmp, SB = T
    choose(S, C, NS, PR, R, OPT, i)
    return advance(S, C, NS, PR, R, OPT, NB)


@hot
def to_move(S):
    return top_player(S)


@hot
def result(S, C, NS, PR, p, tmp):
    """Seat p's final glory over the best rival's (by final glory, then coins), coins breaking a
    tie in thousandths: its sign is the game's result for p (``kernel.record``'s rule)."""
    mine = final_glory(S, C, NS, PR, p, tmp)
    best, coins = -1, -1
    for q in range(S[S_N]):
        f = final_glory(S, C, NS, PR, q, tmp)
        if q != p and (f > best or (f == best and S[S_COINS + q] > coins)):
            best, coins = f, S[S_COINS + q]
    if mine != best:
        return float(mine - best)
    return (S[S_COINS + p] - coins) / 1000.0


@hot
def value(S, T, W, p):
    C, NS, PR, NB, tmp, SB = T
    if S[S_DONE] != 0 and S[S_SOLO]:             # won or not, on the standing's scale (``solo.standing``)
        return 1000.0 if S[S_ENDED_BY] == END_SOLO_WON else -1000.0
    if S[S_DONE] != 0:
        return result(S, C, NS, PR, p, tmp)
    return margin(S, C, NS, PR, W[0], p, tmp)


@hot
def scores(S, T, W, OPT, n, out):
    """The heuristic's worth of each option (``policy.decide``'s, with the seat's weights for now)."""
    C, NS, PR, NB, tmp, SB = T
    WS, PV, PH, PHK = W
    weights_now(S, C, WS, PV, PH, top_player(S))
    target, blocked, most = option_targets(S, C, NS, PR, WS, PV, OPT, n)
    for i in range(n):
        out[i] = option_value(S, C, NS, PR, WS, PV, OPT, i, target, blocked, most)
    return n


@hot
def redeal(S, T, p, R):
    C, NS, PR, NB, tmp, SB = T
    redeal_unseen(S, C, NS, p, R, SB)


@hot
def clock(S, p, taken):
    """Seat p's turns begun (the seats take turns in order, seat 0 first)."""
    return (S[S_TURN] + S[S_N] - p) // S[S_N]


@hot
def keep_seats(S, T, W, back):
    """Each seat's phase in use kept (back False), or put back with its weights."""
    C = T[0]
    WS, PV, PH, PHK = W
    for q in range(PH.shape[0]):
        if not back:
            PHK[q] = PH[q]
        elif PH[q] != PHK[q]:
            PH[q] = PHK[q]
            if PH[q] >= 0:
                use_phase(S, C, WS, PV, q, PH[q] % 3)   # (a solo key: phase + 3 * task)
    return 0


# the core's players, bound to these functions (EOS plays its batches in its own loop: ``kernel``)
PLAY = bind(__name__, loop=False, apply=apply, to_move=to_move, value=value, scores=scores,
            redeal=redeal, clock=clock, keep_seats=keep_seats)
lookahead, mcts = PLAY.lookahead, PLAY.mcts


@hot
def seat_choice(S, T, RG, RP, OPT, n, POL_seat, W, SLOT, X, XS):
    """The option the deciding seat's policy takes: the lookahead's at its turn's action choices
    (F_ACTION: a hero, the chronicle action, a recharge, an extra crew), the MCTS player's at each
    of its decisions with a choice, a plugin's (X: the strategy rows' scorers, None without
    plugins; SLOT: each seat's strategy row), else ``policy.pick`` (the heuristic's or a random
    pick). XS: the searches' scratch (``scratch``)."""
    C, NS, PR, NB, tmp, SB = T
    WS, PV, PH, PHK = W
    p = top_player(S)
    pol = POL_seat[p]
    if X is not None and pol == POL_PLUGIN:
        if n == 1:
            return 0
        weights_now(S, C, WS, PV, PH, p)
        return plugin_choice(S, C, NS, PR, OPT, n, WS, PV, SLOT[p], X, SB)
    scale = SOLO_SCALE if S[S_SOLO] else REWARD_SCALE
    if n > 1 and pol == POL_LOOKAHEAD and top_kind(S) == F_ACTION:
        weights_now(S, C, WS, PV, PH, p)
        return lookahead(S, T, RG, W, POL_seat, OPT, n, XS, POL_RANDOM, max(1, int(WS[p, W_ROLLOUTS])),
                         max(1, int(WS[p, W_HORIZON])), scale, False)
    if n > 1 and pol == POL_MCTS:
        weights_now(S, C, WS, PV, PH, p)
        return mcts(S, T, RG, W, POL_seat, OPT, n, XS, POL_RANDOM, max(1, int(WS[p, W_ITERATIONS])),
                    max(1, int(WS[p, W_HORIZON])), scale, TEMP, True)
    return pick(S, C, NS, PR, RP, OPT, n, pol, WS, PV, PH)
