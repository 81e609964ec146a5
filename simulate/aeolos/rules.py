"""AEOLOS rule steps, one small function per step of the rulebook.

A step that involves a choice enumerates the legal options into the option
buffer ``OPT`` (rows of kind, a, b, c), asks ``decide`` which one the seat's
policy takes, and applies it. Policies never touch the state.

Every deciding function takes the same context arrays:
    S state, T rule tables, W strategy weights, POL policy per seat,
    R rng state, SCR scripted choices, LOG transcript rows, OPT option buffer.
"""
from ..core.jit import hot, tiny

from .layout import *  # noqa: F403
from .pieces import (ability_reward, add_to_hand, discard_favor, draw_favor, gain_vp, gain_wind, give_favor,
                     poseidon_effect, pop_favor, reveal_poseidon,
                     give_wind, log, move_ship, occupy_place, pile_top, present, remove_from_hand,
                     take_crystal)
from .options import (SCRATCH, add_option, harbor_options, move_options, platform_vp,
                      step_options, value_options, window_options)
from .policy import decide
from ..core.rng import shuffle_range


# ------------------------------------------------------------------ upriver
@tiny
def land_on_place(S, T, W, POL, R, SCR, LOG, OPT, X, p, k):
    """A ship is sacrificed on temple place k: VP, purple crystal, and the place's bonus."""
    occupy_place(S, T, LOG, p, k, PIECE_SHIP)
    bonus = T[T_PLACE_BONUS + k]
    amount = T[T_PLACE_BONUS_AMOUNT + k]
    if bonus == BONUS_WIND:
        gain_wind(S, LOG, p, amount)
    elif bonus == BONUS_FAVOR:
        for _ in range(amount):
            draw_favor(S, LOG, R, p)
    elif bonus == BONUS_CRYSTAL:
        for _ in range(amount):
            choose_crystal(S, T, W, POL, R, SCR, LOG, OPT, X, p)


@tiny
def choose_crystal(S, T, W, POL, R, SCR, LOG, OPT, X, p):
    """Take one blue, red, green or yellow crystal still on the board (bonus place, Plutos)."""
    n = 0
    for c in range(PURPLE):
        if S[S_BOARD_CRYSTAL + c] > 0:
            n = add_option(OPT, n, O_CRYSTAL, c)
    if n == 0:
        return
    i = decide(S, T, W, POL, R, SCR, LOG, OPT, X, n, DK_CRYSTAL)
    take_crystal(S, T, LOG, p, OPT[i, 1])


@hot
def move_upriver(S, T, W, POL, R, SCR, LOG, OPT, X, p, budget, paid):
    """Move ships upriver one step at a time. Paid (harbor action): each step costs
    wind, at most `budget` wind in all. Free (Artemis): `budget` steps."""
    used = 0
    while used < budget:
        if paid:
            room = min(budget - used, S[S_WIND + p])
        else:
            room = 0
        n = step_options(S, T, OPT, add_option(OPT, 0, O_DONE), p, paid, room)
        if n == 1:
            break
        i = decide(S, T, W, POL, R, SCR, LOG, OPT, X, n, DK_STEP)
        if OPT[i, 0] == O_DONE:
            break
        src, dst, cost = OPT[i, 1], OPT[i, 2], OPT[i, 3]
        if paid:
            give_wind(S, LOG, p, cost)
            used += max(cost, 1)
        else:
            used += 1
        move_ship(S, p, src, dst)
        log(S, LOG, EV_STEP, src, dst, cost)
        if dst >= LOC_PLACE:
            land_on_place(S, T, W, POL, R, SCR, LOG, OPT, X, p, dst - LOC_PLACE)


# ------------------------------------------------------------------ prophet
@hot
def advance_prophet(S, T, LOG, p, place):
    """Move the prophet one platform up (or onto the temple). Reaching a platform first
    (second) pays its bonus at once; the platform's own VP are due when the free window
    after the move closes (``score_platform``): the rulebook's Elia plays Aeolos between
    her prophet's move and its scoring, and counts the wind she then holds."""
    score_platform(S, T, LOG, p)
    level = S[S_PROPHET + p]
    if level < N_PLATFORMS:
        reached = S[S_PLATFORM_REACHED + level]
        bonus = 0
        if reached == 0:
            bonus = T[T_PROPHET_FIRST]
        elif reached == 1 and S[S_N_PLAYERS] >= 3:
            bonus = T[T_PROPHET_SECOND]
        S[S_PLATFORM_REACHED + level] = reached + 1
        S[S_PROPHET + p] = level + 1
        S[S_PLATFORM_DUE] = level + 1
        log(S, LOG, EV_PROPHET, level + 1, -1, bonus)
        gain_vp(S, LOG, p, bonus, SRC_PROPHET)
    else:
        S[S_PROPHET + p] = PROPHET_TEMPLE
        log(S, LOG, EV_PROPHET, PROPHET_TEMPLE, place)
        occupy_place(S, T, LOG, p, place, PIECE_PROPHET)
    ability_reward(S, T, LOG, p, ABILITY_PROPHET)


@hot
def score_platform(S, T, LOG, p):
    """The VP of the platform the prophet reached, if still due: ships in play,
    settlements built or wind held now (the EV_PLATFORM row also repeats the bonus)."""
    due = S[S_PLATFORM_DUE]
    if due == 0:
        return
    S[S_PLATFORM_DUE] = 0
    vp = platform_vp(S, T, p, due - 1)
    reached = S[S_PLATFORM_REACHED + due - 1]
    bonus = T[T_PROPHET_FIRST] if reached == 1 else (T[T_PROPHET_SECOND] if reached == 2 and S[S_N_PLAYERS] >= 3
                                                     else 0)
    log(S, LOG, EV_PLATFORM, due, vp, bonus)
    gain_vp(S, LOG, p, vp, SRC_PROPHET)


# ------------------------------------------------------------------ settlements and ships
@hot
def build_settlement(S, T, LOG, p, h):
    """Place a settlement from the tableau at harbor h (on a free space if there is one;
    Hera may build beside the full spaces)."""
    S[S_SETTLE_LEFT + p] -= 1
    S[S_SETTLED + p * N_HARBORS + h] += 1      # (Hera may build a second one there)
    on_space = 0
    if S[S_SPACES_FREE + h] > 0:
        S[S_SPACES_FREE + h] -= 1
        on_space = 1
        if S[S_SPACES_FREE + h] == 0:
            reveal_poseidon(S, T, LOG, h)
    S[S_SETTLED_THIS_TURN] = 1
    log(S, LOG, EV_SETTLE, h, on_space)
    ability_reward(S, T, LOG, p, ABILITY_SETTLEMENT)


@hot
def build_ship(S, T, LOG, p, loc):
    for i in range(MAX_SHIPS):
        if S[S_SHIP_LOC + p * MAX_SHIPS + i] == LOC_SUPPLY:
            S[S_SHIP_LOC + p * MAX_SHIPS + i] = loc
            S[S_SHIPS_BUILT + p] += 1
            log(S, LOG, EV_SHIP, loc)
            ability_reward(S, T, LOG, p, ABILITY_SHIP)
            return


# ------------------------------------------------------------------ harbor actions
@hot
def take_harbor_action(S, T, W, POL, R, SCR, LOG, OPT, X, p, h, extra):
    """Harbor h's action, and the other harbor's action a free harbor action chose
    (variant 3): a loop, not a recursive call, so numba compiles it plainly."""
    chained = harbor_action(S, T, W, POL, R, SCR, LOG, OPT, X, p, h, extra)
    if chained >= 0:
        harbor_action(S, T, W, POL, R, SCR, LOG, OPT, X, p, chained, True)


@tiny
def favor_choice(S, T, W, POL, R, SCR, LOG, OPT, X, p, amount):
    """Variant 3, harbor 6: draw `amount` favor cards, keep one, the others face up on
    the discard pile."""
    n = 0
    for _ in range(amount):
        f = pop_favor(S, R)
        if f >= 0:
            n = add_option(OPT, n, O_KEEP, f)
    if n == 0:
        return
    i = decide(S, T, W, POL, R, SCR, LOG, OPT, X, n, DK_KEEP)
    for j in range(n):
        if j != i:
            S[S_FDISC + S[S_FDISC_N]] = OPT[j, 1]
            S[S_FDISC_N] += 1
            log(S, LOG, EV_FAVOR_FACE_UP, OPT[j, 1])
    give_favor(S, LOG, p, OPT[i, 1])


@hot
def harbor_action(S, T, W, POL, R, SCR, LOG, OPT, X, p, h, extra):
    """Perform (or skip) the action of harbor h; returns the harbor whose action a free
    harbor action chose (variant 3), else -1."""
    n = harbor_options(S, T, OPT, add_option(OPT, 0, O_DONE), p, h)
    i = decide(S, T, W, POL, R, SCR, LOG, OPT, X, n, DK_ACTION)
    kind, a, b = OPT[i, 0], OPT[i, 1], OPT[i, 2]
    if kind == O_DONE:
        log(S, LOG, EV_NO_ACTION, h)
        return -1
    log(S, LOG, EV_ACTION, h, kind)
    if not extra:           # the seats-table column counts sailing-value actions only
        S[S_ACTIONS_TAKEN + p * N_HARBORS + h] += 1
    amount = S[S_HARBOR_AMOUNT + h]
    if kind == O_CRYSTAL:
        take_crystal(S, T, LOG, p, a)
    elif kind == O_UPRIVER:
        move_upriver(S, T, W, POL, R, SCR, LOG, OPT, X, p, amount, True)
    elif kind == O_SETTLE:
        build_settlement(S, T, LOG, p, a)
    elif kind == O_SHIP:
        build_ship(S, T, LOG, p, LOC_TABLEAU)
    elif kind == O_DRAW_FAVOR:
        for _ in range(amount):
            draw_favor(S, LOG, R, p)
    elif kind == O_GAIN_VP:
        gain_vp(S, LOG, p, amount, SRC_HARBOR)
    elif kind == O_GAIN_WIND:
        gain_wind(S, LOG, p, amount)
    elif kind == O_PROPHET:
        give_wind(S, LOG, p, amount)
        advance_prophet(S, T, LOG, p, b)
    elif kind == O_FAVOR_CHOICE:
        favor_choice(S, T, W, POL, R, SCR, LOG, OPT, X, p, amount)
    elif kind == O_FREE:
        return a
    return -1


@hot
def extra_action(S, T, W, POL, R, SCR, LOG, OPT, X, p):
    """Any harbor action without a sailing card or presence (token, Athene)."""
    n = 0
    for h in range(N_HARBORS):
        if harbor_options(S, T, OPT, SCRATCH, p, h) > SCRATCH:
            n = add_option(OPT, n, O_EXTRA, h)
    if n == 0:
        return
    i = decide(S, T, W, POL, R, SCR, LOG, OPT, X, n, DK_EXTRA)
    take_harbor_action(S, T, W, POL, R, SCR, LOG, OPT, X, p, OPT[i, 1], True)


# ------------------------------------------------------------------ favor cards and bonus tokens
@tiny
def play_favor(S, T, W, POL, R, SCR, LOG, OPT, X, p, f, b, c):
    discard_favor(S, LOG, p, f, b, c)
    if f == F_AEOLOS:
        gain_wind(S, LOG, p, T[T_AEOLOS_WIND])
        gain_vp(S, LOG, p, T[T_AEOLOS_VP], SRC_FAVOR_PLAYED)
    elif f == F_APOLLON:
        give_wind(S, LOG, p, T[T_APOLLON_COST])
        advance_prophet(S, T, LOG, p, b)
    elif f == F_ARTEMIS:
        give_wind(S, LOG, p, T[T_ARTEMIS_COST])
        move_upriver(S, T, W, POL, R, SCR, LOG, OPT, X, p, T[T_ARTEMIS_STEPS], False)
    elif f == F_ATHENE:
        give_wind(S, LOG, p, T[T_ATHENE_COST])
        extra_action(S, T, W, POL, R, SCR, LOG, OPT, X, p)
    elif f == F_HERA:
        if b == HERA_VP:
            gain_vp(S, LOG, p, T[T_HERA_VP], SRC_FAVOR_PLAYED)
        else:
            build_settlement(S, T, LOG, p, c)
    elif f == F_PLUTOS:
        take_crystal(S, T, LOG, p, c)
    elif f == F_ZEUS:
        if b == ZEUS_VP:
            gain_vp(S, LOG, p, T[T_ZEUS_VP], SRC_FAVOR_PLAYED)
        else:
            build_ship(S, T, LOG, p, c)
            if c < LOC_RIVER:
                S[S_ZEUS_AT + c - LOC_HARBOR] += 1


@tiny
def card_swap(S, T, W, POL, R, SCR, LOG, OPT, X, p):
    """Draw 5 sailing cards, discard 5, shuffle the discarded cards into the deck."""
    k = min(5, S[S_DECK_N])
    for _ in range(k):
        S[S_DECK_N] -= 1
        add_to_hand(S, p, S[S_DECK + S[S_DECK_N]])
    for _ in range(k):
        n = 0
        for slot in range(S[S_HAND_N + p]):
            n = add_option(OPT, n, O_DISCARD, slot)
        i = decide(S, T, W, POL, R, SCR, LOG, OPT, X, n, DK_DISCARD)
        card = remove_from_hand(S, p, OPT[i, 1])
        S[S_DECK + S[S_DECK_N]] = card
        S[S_DECK_N] += 1
        log(S, LOG, EV_SWAP_DISCARD, card)
    shuffle_range(S, S_DECK, S[S_DECK_N], R)


@hot
def free_window(S, T, W, POL, R, SCR, LOG, OPT, X, p):
    """Use any number of favor cards and bonus tokens ("at any time during your turn"),
    then go on; a platform the prophet reached before or in the window scores as it closes."""
    held = S[S_TOKENS + p * 2] + S[S_TOKENS + p * 2 + 1]
    for f in range(N_FAVOR_TYPES):
        held += S[S_FAVOR + p * N_FAVOR_TYPES + f]
    for _ in range(64 if held > 0 else 0):      # (nothing to play: no options to list)
        n = window_options(S, T, OPT, p)
        if n == 1:
            break
        i = decide(S, T, W, POL, R, SCR, LOG, OPT, X, n, DK_WINDOW)
        kind, a, b, c = OPT[i, 0], OPT[i, 1], OPT[i, 2], OPT[i, 3]
        if kind == O_DONE:
            break
        if kind == O_FAVOR:
            play_favor(S, T, W, POL, R, SCR, LOG, OPT, X, p, a, b, c)
        else:
            S[S_TOKENS + p * 2 + a] = 0
            log(S, LOG, EV_TOKEN, a)
            if a == TOKEN_SWAP:
                card_swap(S, T, W, POL, R, SCR, LOG, OPT, X, p)
            else:
                extra_action(S, T, W, POL, R, SCR, LOG, OPT, X, p)
    score_platform(S, T, LOG, p)


# ------------------------------------------------------------------ the sailing card
@tiny
def play_sailing_card(S, T, W, POL, R, SCR, LOG, OPT, X, p):
    """Steps 1-3: play a card, set the sailing value, move a ship, take the harbor action,
    with a free window after each step (the window after the action is the turn's)."""
    n = 0
    for slot in range(S[S_HAND_N + p]):
        n = add_option(OPT, n, O_CARD, slot)
    if n == 0:
        return
    i = decide(S, T, W, POL, R, SCR, LOG, OPT, X, n, DK_CARD)
    card = remove_from_hand(S, p, OPT[i, 1])
    pile = T[T_CARD_COLOUR + card]
    other = pile_top(S, 1 - pile)
    S[S_PILE + pile * MAX_CARDS + S[S_PILE_N + pile]] = card
    S[S_PILE_N + pile] += 1
    log(S, LOG, EV_CARD, card, pile)
    if T[T_CARD_SYMBOL + card] == T[T_CARD_SYMBOL + other]:
        got = gain_wind(S, LOG, p, T[T_MATCH_WIND])
        log(S, LOG, EV_MATCH, T[T_CARD_SYMBOL + card], got)
    base = T[T_CARD_VALUE + card] + T[T_CARD_VALUE + other]
    free_window(S, T, W, POL, R, SCR, LOG, OPT, X, p)

    n = value_options(S, T, OPT, p, base)
    i = decide(S, T, W, POL, R, SCR, LOG, OPT, X, n, DK_VALUE)
    if OPT[i, 0] == O_DONE:
        log(S, LOG, EV_VALUE, base, -1, 0)
        return
    v, shift, wind = OPT[i, 1], OPT[i, 2], OPT[i, 3]
    if shift != 0:
        first = min(max(shift, -T[T_HERMES_MAX]), T[T_HERMES_MAX])
        discard_favor(S, LOG, p, F_HERMES, first, 0)
        if shift != first:                      # a second Hermes for the rest of the shift
            discard_favor(S, LOG, p, F_HERMES, shift - first, 0)
    give_wind(S, LOG, p, wind)
    S[S_SAILING_VALUE] = v
    log(S, LOG, EV_VALUE, base, v, wind)
    free_window(S, T, W, POL, R, SCR, LOG, OPT, X, p)
    harbor = v <= FIRST_HARBOR + N_HARBORS - 1

    n = move_options(S, T, OPT, p, v)
    i = decide(S, T, W, POL, R, SCR, LOG, OPT, X, n, DK_MOVE)
    if OPT[i, 0] == O_MOVE:
        src, dst = OPT[i, 1], OPT[i, 2]
        move_ship(S, p, src, dst)
        log(S, LOG, EV_MOVE, src, dst)
        if dst >= LOC_RIVER:
            return                      # a ship sailed onto a river space: no harbor action
        poseidon_effect(S, T, LOG, p, dst - LOC_HARBOR)
    if harbor:
        # (no window when no action follows: the turn's window after the action is next)
        free_window(S, T, W, POL, R, SCR, LOG, OPT, X, p)
        h = v - FIRST_HARBOR
        if present(S, p, h):
            take_harbor_action(S, T, W, POL, R, SCR, LOG, OPT, X, p, h, False)
        else:
            log(S, LOG, EV_NO_ACTION, h, 1)     # not present
