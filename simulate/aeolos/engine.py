"""The decision stack: AEOLOS's turn as frames in S, so that play stops at every decision.

A turn (``F_TURN``) goes through its stages, the rulebook's steps with a free window after each
(window, card, window, value, window, move, window, action, window, end); a step that asks
something more pushes a frame of its own: the free window (favor cards and bonus tokens, up to
64 plays), an extra harbor action (token, Athene), a harbor action (a free one chaining another
harbor's), the steps upriver (paid, or Artemis's), a bonus place's crystals, a favor card to keep
of those drawn (variant 3), a card swap's discards. The frame's fields are in ``layout``.

    step(S, T, LOG, R, OPT) -> n       work on the top frame until a decision, its n options listed
                                       in OPT; 0 when the stack is empty (the turn is over)
    choose(S, T, LOG, R, OPT, i)       the seat to move takes option i of that decision
    advance(S, T, LOG, R, OPT) -> n    step on, the next turn begun and the game scored at its end;
                                       0 once it is over (or a check-mode violation stopped it)

A decision is asked exactly where the rules ask it (a window with nothing to play, or steps
upriver with none left, asks nothing; the sailing value, the move and a harbor action are asked
even with one option), so every policy draws its chance where it always did. Check mode checks
the invariants after the sailing card's steps and after step 4 (``S_CHECK``).
"""
from ..core.jit import hot, tiny
from ..core.rng import shuffle_range

from .check import check_state
from .layout import *  # noqa: F403
from .options import (add_option, crystal_options, extra_options, hand_options, harbor_options, keep_options,
                      move_options, step_options, value_options, window_options)
from .pieces import log, move_ship, poseidon_effect, present, take_crystal
from .rules import (discard_for_swap, draw_for_swap, draw_to_keep, harbor_effect, keep_one, play_card, play_favor,
                    score_platform, set_value, step_upriver)
from .turn import MAX_TURNS, end_turn, final_scoring, next_seat, start_turn

# the turn's stages (F_TURN's FR_STAGE)
TURN_START, TURN_CARD, TURN_VALUE, TURN_MOVE, TURN_ACTION, TURN_CHECK, TURN_END = range(7)
WINDOW_PLAYS = 64        # "any number" of favor cards and tokens: a safety net no turn reaches
DECISION_KIND = (-1, DK_WINDOW, DK_EXTRA, DK_ACTION, DK_STEP, DK_CRYSTAL, DK_KEEP, DK_DISCARD)   # by frame kind


@tiny
def top(S):
    """Offset of the top frame in S."""
    return S_FRAMES + (S[S_FRAMES_N] - 1) * FRAME


@tiny
def push(S, kind, a, b, c):
    at = S_FRAMES + S[S_FRAMES_N] * FRAME
    S[at + FR_KIND] = kind
    S[at + FR_STAGE] = 0
    S[at + FR_A] = a
    S[at + FR_B] = b
    S[at + FR_C] = c
    S[S_FRAMES_N] += 1


@tiny
def pop(S):
    S[S_FRAMES_N] -= 1


@tiny
def push_window(S, p):
    """A free window: any number of plays if p holds a favor card or a token (else none)."""
    held = S[S_TOKENS + p * 2] + S[S_TOKENS + p * 2 + 1]
    for f in range(N_FAVOR_TYPES):
        held += S[S_FAVOR + p * N_FAVOR_TYPES + f]
    push(S, F_WINDOW, WINDOW_PLAYS if held > 0 else 0, 0, 0)


@tiny
def decision_kind(S):
    """The decision at hand, as a policy is asked it (``DK_*``)."""
    at = top(S)
    if S[at + FR_KIND] == F_TURN:
        stage = S[at + FR_STAGE]
        return DK_CARD if stage == TURN_CARD else DK_VALUE if stage == TURN_VALUE else DK_MOVE
    return DECISION_KIND[S[at + FR_KIND]]


@tiny
def halted(S, err):
    """A check-mode violation `err` (0: none) stops the game where it is, unscored."""
    if err == 0:
        return False
    S[S_ERROR] = err
    S[S_ERROR_TURN] = S[S_TURN]
    S[S_HALT] = 1
    S[S_FRAMES_N] = 0
    return True


@hot
def step(S, T, LOG, R, OPT):
    """Work on the top frame until a decision (its options in OPT; their count) or an empty stack (0)."""
    while S[S_FRAMES_N] > 0:
        at = top(S)
        kind, stage = S[at + FR_KIND], S[at + FR_STAGE]
        p = S[S_CUR]
        if kind == F_WINDOW:
            if S[at + FR_A] > 0:
                n = window_options(S, T, OPT, p)
                if n > 1:
                    return n
            pop(S)
            score_platform(S, T, LOG, p)        # a platform reached before or in the window scores now
        elif kind == F_TURN:
            if stage == TURN_START:
                start_turn(S, LOG)
                S[at + FR_STAGE] = TURN_CARD
                push_window(S, p)
            elif stage == TURN_CARD:
                n = hand_options(S, OPT, p, O_CARD)
                if n > 0:
                    return n
                S[at + FR_STAGE] = TURN_CHECK
            elif stage == TURN_VALUE:
                return value_options(S, T, OPT, p, S[at + FR_A])
            elif stage == TURN_MOVE:
                return move_options(S, T, OPT, p, S[S_SAILING_VALUE])
            elif stage == TURN_ACTION:
                S[at + FR_STAGE] = TURN_CHECK
                h = S[S_SAILING_VALUE] - FIRST_HARBOR
                if present(S, p, h):
                    push(S, F_ACTION, h, 0, 0)
                else:
                    log(S, LOG, EV_NO_ACTION, h, 1)     # not present
            elif stage == TURN_CHECK:
                if S[S_CHECK] and halted(S, check_state(S, T, False)):
                    return 0
                S[at + FR_STAGE] = TURN_END
                push_window(S, p)                       # the turn's window after the action
            else:
                pop(S)
                end_turn(S, T, LOG, R, p)
                if S[S_CHECK] and halted(S, check_state(S, T, True)):
                    return 0
                next_seat(S)
        elif kind == F_EXTRA:
            n = extra_options(S, T, OPT, p)
            if n > 0:
                return n
            pop(S)
        elif kind == F_ACTION:
            return harbor_options(S, T, OPT, add_option(OPT, 0, O_DONE), p, S[at + FR_A])
        elif kind == F_UPRIVER:
            budget, paid, used = S[at + FR_A], S[at + FR_B], S[at + FR_C]
            if used < budget:
                room = min(budget - used, S[S_WIND + p]) if paid else 0
                n = step_options(S, T, OPT, add_option(OPT, 0, O_DONE), p, paid == 1, room)
                if n > 1:
                    return n
            pop(S)
        elif kind == F_CRYSTAL:
            if S[at + FR_A] > 0:
                n = crystal_options(S, OPT)
                if n > 0:
                    return n
            pop(S)
        elif kind == F_KEEP:
            return keep_options(S, OPT, S[at + FR_A])
        else:                                           # F_SWAP
            if S[at + FR_A] > 0:
                return hand_options(S, OPT, p, O_DISCARD)
            pop(S)
            shuffle_range(S, S_DECK, S[S_DECK_N], R)    # the discarded cards into the deck
    return 0


@hot
def choose(S, T, LOG, R, OPT, i):
    """The seat to move takes option i (OPT[i]) of the decision at hand."""
    at = top(S)
    kind, stage = S[at + FR_KIND], S[at + FR_STAGE]
    p = S[S_CUR]
    o, a, b, c = OPT[i, 0], OPT[i, 1], OPT[i, 2], OPT[i, 3]
    if kind == F_WINDOW:
        S[at + FR_A] = 0 if o == O_DONE else S[at + FR_A] - 1
        if o == O_FAVOR:
            play_favor(S, T, LOG, p, a, b, c)
            if a == F_ARTEMIS:
                push(S, F_UPRIVER, T[T_ARTEMIS_STEPS], 0, 0)
            elif a == F_ATHENE:
                push(S, F_EXTRA, 0, 0, 0)
        elif o == O_TOKEN:
            S[S_TOKENS + p * 2 + a] = 0
            log(S, LOG, EV_TOKEN, a)
            if a == TOKEN_SWAP:
                push(S, F_SWAP, draw_for_swap(S, p), 0, 0)
            else:
                push(S, F_EXTRA, 0, 0, 0)
    elif kind == F_TURN:
        if stage == TURN_CARD:
            S[at + FR_A] = play_card(S, T, LOG, p, a)
            S[at + FR_STAGE] = TURN_VALUE
            push_window(S, p)
        elif stage == TURN_VALUE:
            if o == O_DONE:                             # no ship move, no harbor action
                log(S, LOG, EV_VALUE, S[at + FR_A], -1, 0)
                S[at + FR_STAGE] = TURN_CHECK
            else:
                set_value(S, T, LOG, p, S[at + FR_A], a, b, c)
                S[at + FR_STAGE] = TURN_MOVE
                push_window(S, p)
        else:                                           # TURN_MOVE
            S[at + FR_STAGE] = TURN_CHECK
            if o == O_MOVE:
                move_ship(S, p, a, b)
                log(S, LOG, EV_MOVE, a, b)
                if b >= LOC_RIVER:
                    return                              # a ship sailed onto a river space: no harbor action
                poseidon_effect(S, T, LOG, p, b - LOC_HARBOR)
            if S[S_SAILING_VALUE] <= FIRST_HARBOR + N_HARBORS - 1:
                S[at + FR_STAGE] = TURN_ACTION          # (no window when no action follows)
                push_window(S, p)
    elif kind == F_EXTRA:
        pop(S)
        push(S, F_ACTION, a, 1, 0)
    elif kind == F_ACTION:
        h, extra = S[at + FR_A], S[at + FR_B]
        pop(S)
        if o == O_DONE:
            log(S, LOG, EV_NO_ACTION, h)
            return
        log(S, LOG, EV_ACTION, h, o)
        if extra == 0:                  # the seats-table column counts sailing-value actions only
            S[S_ACTIONS_TAKEN + p * N_HARBORS + h] += 1
        amount = S[S_HARBOR_AMOUNT + h]
        if o == O_UPRIVER:
            push(S, F_UPRIVER, amount, 1, 0)
        elif o == O_FAVOR_CHOICE:
            drawn = draw_to_keep(S, R, amount)
            if drawn > 0:
                push(S, F_KEEP, drawn, 0, 0)
        elif o == O_FREE:                               # variant 3: another harbor's action
            push(S, F_ACTION, a, 1, 0)
        else:
            harbor_effect(S, T, LOG, R, p, o, a, b, amount)
    elif kind == F_UPRIVER:
        if o == O_DONE:
            pop(S)
            return
        paid = S[at + FR_B]
        S[at + FR_C] += max(c, 1) if paid else 1
        crystals = step_upriver(S, T, LOG, R, p, a, b, c, paid)
        if crystals > 0:
            push(S, F_CRYSTAL, crystals, 0, 0)
    elif kind == F_CRYSTAL:
        take_crystal(S, T, LOG, p, a)
        S[at + FR_A] -= 1
    elif kind == F_KEEP:
        keep_one(S, LOG, p, S[at + FR_A], a)
        pop(S)
    else:                                               # F_SWAP
        discard_for_swap(S, LOG, p, a)
        S[at + FR_A] -= 1


@hot
def advance(S, T, LOG, R, OPT):
    """Step on to the next decision (its options' count), beginning turns while the game goes
    on and scoring it at its end; 0 once it is over."""
    while True:
        n = step(S, T, LOG, R, OPT)
        if n > 0 or S[S_HALT] or S[S_DONE]:
            return n
        if S[S_OVER] == 0 and S[S_TURN] < MAX_TURNS:
            push(S, F_TURN, 0, 0, 0)
        else:
            final_scoring(S, T, LOG)
            S[S_DONE] = 1
            return 0
