"""One turn of AEOLOS (steps 1-4 of the rulebook) and the final scoring."""
from ..core.jit import hot, tiny

from .check import check_state
from .layout import *  # noqa: F403
from .pieces import crystal_set_vp, draw_sailing_card, gain_vp, give_wind, log
from .policy import activate_phase
from .rules import free_window, play_sailing_card

MAX_TURNS = 400          # a safety net: no legal game comes close


@tiny
def end_turn(S, T, LOG, R, p):
    """Step 4: give back wind above the cap, draw 1 card (2 after building a settlement)."""
    over = S[S_WIND + p] - T[T_WIND_CAP]
    if over > 0:
        give_wind(S, LOG, p, over)
        log(S, LOG, EV_WIND_CAP, over)
    draws = 2 if S[S_SETTLED_THIS_TURN] == 1 else 1
    before = S[S_HAND_N + p]
    for _ in range(draws):
        draw_sailing_card(S, T, LOG, R, p)
    log(S, LOG, EV_DRAW, S[S_HAND_N + p] - before)


@hot
def play_turn(S, T, W, POL, R, SCR, LOG, OPT, X, check):
    """One player's whole turn; returns a check-mode violation code (0 if none)."""
    p = S[S_CUR]
    S[S_SETTLED_THIS_TURN] = 0
    S[S_SAILING_VALUE] = 0
    for h in range(N_HARBORS):
        S[S_ZEUS_AT + h] = 0
    log(S, LOG, EV_TURN, S[S_ROUND])
    activate_phase(S, W, p)
    free_window(S, T, W, POL, R, SCR, LOG, OPT, X, p)
    play_sailing_card(S, T, W, POL, R, SCR, LOG, OPT, X, p)
    if check:
        err = check_state(S, T, False)
        if err:
            return err
    free_window(S, T, W, POL, R, SCR, LOG, OPT, X, p)
    end_turn(S, T, LOG, R, p)
    if check:
        err = check_state(S, T, True)
        if err:
            return err
    S[S_TURN] += 1
    S[S_CUR] = (p + 1) % S[S_N_PLAYERS]
    if S[S_CUR] == 0:
        record_leader(S)
        if S[S_END_TRIGGERED] == 1:
            S[S_OVER] = 1          # the round of the last card is complete
        else:
            S[S_ROUND] += 1
    return 0


@hot
def final_scoring(S, T, LOG):
    """Crystal sets, wind, favor cards held, unused bonus tokens; then ranks."""
    n = S[S_N_PLAYERS]
    for p in range(n):
        S[S_CUR] = p
        gain_vp(S, LOG, p, crystal_set_vp(S, T, p), SRC_CRYSTALS)
        gain_vp(S, LOG, p, S[S_WIND + p] * T[T_VP_PER_WIND], SRC_WIND)
        held = 0
        for f in range(N_FAVOR_TYPES):
            held += S[S_FAVOR + p * N_FAVOR_TYPES + f] * T[T_FAVOR_END_VP + f]
        gain_vp(S, LOG, p, held, SRC_FAVOR_HELD)
        tokens = S[S_TOKENS + p * 2] + S[S_TOKENS + p * 2 + 1]
        gain_vp(S, LOG, p, tokens * T[T_TOKEN_VP], SRC_BONUS_TOKENS)


@tiny
def record_leader(S):
    """At the end of a round: the seat leading on VP (-1 for a tie), for the lead-change
    analysis (games.round_leaders)."""
    r = S[S_ROUND] - 1
    if r >= MAX_TRACE_ROUNDS:
        return
    best, leader = -(1 << 30), -1
    for q in range(S[S_N_PLAYERS]):
        if S[S_VP + q] > best:
            best, leader = S[S_VP + q], q
        elif S[S_VP + q] == best:
            leader = -1
    S[S_LEADERS + r] = leader
