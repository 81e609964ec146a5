"""AEOLOS rule steps, one small function per step of the rulebook; none asks anything.

The decisions (which option a seat takes) are the decision stack's (``engine``): it lists the
options of the step at hand (``options``), a seat picks one, and the step's function here
applies it. Every step takes the state S, the rule tables T, the transcript rows LOG and, where
chance acts, the rng R.
"""
from ..core.jit import hot, tiny

from .layout import *  # noqa: F403
from .pieces import (ability_reward, add_to_hand, discard_favor, draw_favor, gain_vp, gain_wind, give_favor,
                     give_wind, log, move_ship, occupy_place, pile_top, poseidon_effect, pop_favor,
                     remove_from_hand, reveal_poseidon, take_crystal)
from .options import platform_vp


# ------------------------------------------------------------------ the sailing card
@hot
def play_card(S, T, LOG, p, slot):
    """Step 1: play the card in hand slot `slot` onto its pile (a symbol matching the other
    pile's top gains wind); returns the sailing value's base, the two tops' values."""
    card = remove_from_hand(S, p, slot)
    pile = T[T_CARD_COLOUR + card]
    other = pile_top(S, 1 - pile)
    S[S_PILE + pile * MAX_CARDS + S[S_PILE_N + pile]] = card
    S[S_PILE_N + pile] += 1
    log(S, LOG, EV_CARD, card, pile)
    if T[T_CARD_SYMBOL + card] == T[T_CARD_SYMBOL + other]:
        got = gain_wind(S, LOG, p, T[T_MATCH_WIND])
        log(S, LOG, EV_MATCH, T[T_CARD_SYMBOL + card], got)
    return T[T_CARD_VALUE + card] + T[T_CARD_VALUE + other]


@hot
def set_value(S, T, LOG, p, base, v, shift, wind):
    """Step 2: the sailing value v, from `base` by giving `wind` and by Hermes (`shift`)."""
    if shift != 0:
        first = min(max(shift, -T[T_HERMES_MAX]), T[T_HERMES_MAX])
        discard_favor(S, LOG, p, F_HERMES, first, 0)
        if shift != first:                      # a second Hermes for the rest of the shift
            discard_favor(S, LOG, p, F_HERMES, shift - first, 0)
    give_wind(S, LOG, p, wind)
    S[S_SAILING_VALUE] = v
    log(S, LOG, EV_VALUE, base, v, wind)


# ------------------------------------------------------------------ upriver
@hot
def step_upriver(S, T, LOG, R, p, src, dst, cost, paid):
    """One step upriver (paid: its wind given); a ship landing on a temple place is sacrificed:
    VP, purple crystal, and the place's bonus. Returns the crystals the bonus lets p choose."""
    if paid:
        give_wind(S, LOG, p, cost)
    move_ship(S, p, src, dst)
    log(S, LOG, EV_STEP, src, dst, cost)
    if dst < LOC_PLACE:
        return 0
    k = dst - LOC_PLACE
    occupy_place(S, T, LOG, p, k, PIECE_SHIP)
    bonus = T[T_PLACE_BONUS + k]
    amount = T[T_PLACE_BONUS_AMOUNT + k]
    if bonus == BONUS_WIND:
        gain_wind(S, LOG, p, amount)
    elif bonus == BONUS_FAVOR:
        for _ in range(amount):
            draw_favor(S, LOG, R, p)
    elif bonus == BONUS_CRYSTAL:
        return amount
    return 0


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


# ------------------------------------------------------------------ favor cards and bonus tokens
@hot
def play_favor(S, T, LOG, p, f, b, c):
    """Play favor card f (b, c: its choice); the cards that go on to ask something (Artemis's
    steps, Athene's action) pay here and the stack asks (``engine``)."""
    discard_favor(S, LOG, p, f, b, c)
    if f == F_AEOLOS:
        gain_wind(S, LOG, p, T[T_AEOLOS_WIND])
        gain_vp(S, LOG, p, T[T_AEOLOS_VP], SRC_FAVOR_PLAYED)
    elif f == F_APOLLON:
        give_wind(S, LOG, p, T[T_APOLLON_COST])
        advance_prophet(S, T, LOG, p, b)
    elif f == F_ARTEMIS:
        give_wind(S, LOG, p, T[T_ARTEMIS_COST])
    elif f == F_ATHENE:
        give_wind(S, LOG, p, T[T_ATHENE_COST])
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
def draw_for_swap(S, p):
    """The card swap token: draw up to 5 sailing cards; returns how many (as many to discard)."""
    k = min(5, S[S_DECK_N])
    for _ in range(k):
        S[S_DECK_N] -= 1
        add_to_hand(S, p, S[S_DECK + S[S_DECK_N]])
    return k


@tiny
def discard_for_swap(S, LOG, p, slot):
    """One of the swap's discards: the card goes onto the deck (shuffled in after the last)."""
    card = remove_from_hand(S, p, slot)
    S[S_DECK + S[S_DECK_N]] = card
    S[S_DECK_N] += 1
    log(S, LOG, EV_SWAP_DISCARD, card)


@tiny
def draw_to_keep(S, R, amount):
    """Variant 3, harbor 6: draw `amount` favor cards into S_KEEP; returns how many there were."""
    n = 0
    for _ in range(min(amount, MAX_KEEP)):
        f = pop_favor(S, R)
        if f >= 0:
            S[S_KEEP + n] = f
            n += 1
    return n


@tiny
def keep_one(S, LOG, p, n, card):
    """Keep `card` of the n drawn (the first such); the others face up on the discard pile."""
    kept = -1
    for j in range(n):
        if kept < 0 and S[S_KEEP + j] == card:
            kept = j
        else:
            S[S_FDISC + S[S_FDISC_N]] = S[S_KEEP + j]
            S[S_FDISC_N] += 1
            log(S, LOG, EV_FAVOR_FACE_UP, S[S_KEEP + j])
    give_favor(S, LOG, p, card)


# ------------------------------------------------------------------ harbor actions
@hot
def harbor_effect(S, T, LOG, R, p, kind, a, b, amount):
    """A harbor action that asks nothing more (upriver, a favor card to keep and a free action's
    other harbor are the stack's: ``engine``)."""
    if kind == O_CRYSTAL:
        take_crystal(S, T, LOG, p, a)
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
