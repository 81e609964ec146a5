"""A turn's bounds in AEOLOS (its start, step 4 and the next seat) and the final scoring; the
steps between are the decision stack's (``engine``)."""
from ..core.jit import hot, tiny

from .layout import *  # noqa: F403
from .pieces import crystal_set_vp, draw_sailing_card, game_phase, gain_vp, give_wind, log

MAX_TURNS = 400          # a safety net: no legal game comes close


@tiny
def start_turn(S, LOG):
    """A new turn for the seat to move: nothing settled, no sailing value, no Zeus ship yet; the
    game's phase as it begins (the heuristic's weights for the turn)."""
    S[S_SETTLED_THIS_TURN] = 0
    S[S_SAILING_VALUE] = 0
    for h in range(N_HARBORS):
        S[S_ZEUS_AT + h] = 0
    S[S_TURN_PHASE] = game_phase(S)
    log(S, LOG, EV_TURN, S[S_ROUND])


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


@tiny
def next_seat(S):
    """The next seat's turn; after the last seat's, the round ends (the game, if the last card
    was drawn in it)."""
    S[S_TURN] += 1
    S[S_CUR] = (S[S_CUR] + 1) % S[S_N_PLAYERS]
    if S[S_CUR] == 0:
        record_leader(S)
        if S[S_END_TRIGGERED] == 1:
            S[S_OVER] = 1          # the round of the last card is complete
        else:
            S[S_ROUND] += 1


@tiny
def final_gains(S, T, p):
    """What the final scoring gives seat p: crystal sets, wind, favor cards held, unused bonus
    tokens (VP each)."""
    held = 0
    for f in range(N_FAVOR_TYPES):
        held += S[S_FAVOR + p * N_FAVOR_TYPES + f] * T[T_FAVOR_END_VP + f]
    tokens = S[S_TOKENS + p * 2] + S[S_TOKENS + p * 2 + 1]
    return crystal_set_vp(S, T, p), S[S_WIND + p] * T[T_VP_PER_WIND], held, tokens * T[T_TOKEN_VP]


@hot
def final_scoring(S, T, LOG):
    """Crystal sets, wind, favor cards held, unused bonus tokens; then ranks."""
    for p in range(S[S_N_PLAYERS]):
        S[S_CUR] = p
        crystals, wind, held, tokens = final_gains(S, T, p)
        gain_vp(S, LOG, p, crystals, SRC_CRYSTALS)
        gain_vp(S, LOG, p, wind, SRC_WIND)
        gain_vp(S, LOG, p, held, SRC_FAVOR_HELD)
        gain_vp(S, LOG, p, tokens, SRC_BONUS_TOKENS)


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
