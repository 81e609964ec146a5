"""What the lookahead's rollouts and the MCTS player's iterations share: putting the decision
aside while copies of the game are played out with every seat on its heuristic, playing on to a
horizon (the searching seat's turns begun, ``W_HORIZON``), and putting things back."""
from ..core.jit import hot
from .engine import advance
from .layout import (MAX_OPT, MAX_PLAYERS, OPT_W, POL_GREEDY, POL_RANDOM, S_DONE, S_SEAT, S_TURN, SB_OPT, SB_PHASE,
                     SB_POL)
from .policy import use_phase


@hot
def set_aside(OPT, POL_seat, PH, SB):
    """Keep the decision's options, the seats' phases and policies in SB; every seat then plays
    its heuristic (random stays random)."""
    for r in range(MAX_OPT):
        for c in range(OPT_W):
            SB[SB_OPT + r * OPT_W + c] = OPT[r, c]
    for q in range(MAX_PLAYERS):
        SB[SB_PHASE + q] = PH[q]
        SB[SB_POL + q] = POL_seat[q]
        POL_seat[q] = POL_RANDOM if POL_seat[q] == POL_RANDOM else POL_GREEDY


@hot
def restore_phases(S, C, W, PV, PH, SB):
    """Put back each seat's phase in use (a playout may have moved a seat into a later one)."""
    for q in range(MAX_PLAYERS):
        if PH[q] != SB[SB_PHASE + q]:
            PH[q] = SB[SB_PHASE + q]
            if PH[q] >= 0:
                use_phase(S, C, W, PV, q, PH[q] % 3)   # (a solo key: phase + 3 * task)


@hot
def put_back(OPT, POL_seat, SB):
    """The seats' policies and the decision's options as ``set_aside`` kept them."""
    for q in range(MAX_PLAYERS):
        POL_seat[q] = SB[SB_POL + q]
    for r in range(MAX_OPT):
        for c in range(OPT_W):
            OPT[r, c] = SB[SB_OPT + r * OPT_W + c]


@hot
def onward(S, C, NS, PR, RG, OPT, NB, p, turn, started, turns):
    """After a choice: (the next decision's number of options, or 0 once the game is over or
    `turns` of seat p's turns have begun; the turn now; p's turns begun so far)."""
    if S[S_DONE] != 0:
        return 0, turn, started
    n = advance(S, C, NS, PR, RG, OPT, NB)
    if n == 0:
        return 0, turn, started
    if S[S_TURN] != turn:
        turn = S[S_TURN]
        if S[S_SEAT] == p:
            started += 1
            if started >= turns:
                return 0, turn, started
    return n, turn, started
