"""Small state primitives of the AEOLOS kernel: pieces, wind, VP, cards, the log.

None of these asks a player anything; the rule steps in ``rules.py`` call them.
Every change of VP or wind goes through one function here, so the transcript
and the score-source breakdown cannot miss one.
"""
from ..core.jit import hot, tiny

from ..core.rng import shuffle_range
from .layout import *  # noqa: F403  (named offsets read like the rulebook)


# ------------------------------------------------------------------ log
@tiny
def log(S, LOG, ev, a=0, b=0, c=0):
    """Append one transcript row when logging is on (LOG has rows)."""
    n = S[S_LOG_N]
    if n < LOG.shape[0]:
        LOG[n, 0] = S[S_TURN]
        LOG[n, 1] = S[S_CUR]
        LOG[n, 2] = ev
        LOG[n, 3] = a
        LOG[n, 4] = b
        LOG[n, 5] = c
        S[S_LOG_N] = n + 1


# ------------------------------------------------------------------ VP and wind
@tiny
def gain_vp(S, LOG, p, n, src):
    if n != 0:
        S[S_VP + p] += n
        S[S_VP_SRC + p * N_SRC + src] += n
        log(S, LOG, EV_VP, n, src)


@tiny
def gain_wind(S, LOG, p, n):
    """Take up to n wind from the finite supply; returns what was taken."""
    n = min(n, S[S_WIND_SUPPLY])
    if n > 0:
        S[S_WIND_SUPPLY] -= n
        S[S_WIND + p] += n
        log(S, LOG, EV_WIND_GAIN, n)
    return n


@tiny
def give_wind(S, LOG, p, n):
    """Return n wind to the supply (the caller has checked the player has it)."""
    if n > 0:
        S[S_WIND + p] -= n
        S[S_WIND_SUPPLY] += n
        log(S, LOG, EV_WIND_GIVE, n)


# ------------------------------------------------------------------ crystals
@hot
def take_crystal(S, T, LOG, p, c):
    S[S_BOARD_CRYSTAL + c] -= 1
    S[S_CRYSTALS + p * N_COLOURS + c] += 1
    log(S, LOG, EV_CRYSTAL, c, S[S_CRYSTALS + p * N_COLOURS + c])
    if c != PURPLE and S[S_CRYSTALS + p * N_COLOURS + c] == 1:
        ability_reward(S, T, LOG, p, ABILITY_CRYSTALS)


@hot
def reveal_poseidon(S, T, LOG, h):
    """Variant 2: harbor h's last settlement space is filled: the top token goes face up
    in front of it."""
    if T[T_POSEIDON] == 0 or S[S_POSEIDON_N] == 0 or S[S_POSEIDON_AT + h] >= 0:
        return
    S[S_POSEIDON_N] -= 1
    k = S[S_POSEIDON_PILE + S[S_POSEIDON_N]]
    S[S_POSEIDON_AT + h] = k
    log(S, LOG, EV_POSEIDON, k, h, 0)


@hot
def poseidon_effect(S, T, LOG, p, h):
    """Variant 2: a ship of seat p moved into harbor h; its token (if any) takes effect.
    Wind to give that the seat does not have: what it has; with none at all, VP instead."""
    k = S[S_POSEIDON_AT + h]
    if k < 0:
        return
    log(S, LOG, EV_POSEIDON, k, h, 1)
    wind = T[T_POSEIDON_WIND + k]
    if wind > 0:
        gain_wind(S, LOG, p, wind)
    elif wind < 0:
        if S[S_WIND + p] == 0:
            gain_vp(S, LOG, p, -T[T_NO_WIND_VP], SRC_POSEIDON)
        else:
            give_wind(S, LOG, p, min(-wind, S[S_WIND + p]))
    gain_vp(S, LOG, p, T[T_POSEIDON_VP + k], SRC_POSEIDON)


@hot
def ability_reward(S, T, LOG, p, a):
    """Variant 1: the seat whose tableau rewards this action gains its wind and VP."""
    if S[S_ABILITY + p] == a:
        log(S, LOG, EV_ABILITY, a, 1)
        gain_wind(S, LOG, p, T[T_ABILITY_WIND + a])
        gain_vp(S, LOG, p, T[T_ABILITY_VP + a], SRC_TABLEAU)


@hot
def crystal_set_vp(S, T, p):
    """Final crystal score of player p: sets of different colours, as many as possible.
    Set values rise by more for each extra colour, so counting layer by layer (largest
    sets first) is optimal."""
    total = 0
    for layer in range(1, 64):
        k = colours_with(S, p, layer)
        if k == 0:
            return total
        total += T[T_SET_VP + k]
    return total


@hot
def crystal_gain(S, T, p, c):
    """What one more crystal of colour c adds to ``crystal_set_vp``: it joins layer
    count[c] + 1, whose set grows by one colour."""
    k = colours_with(S, p, S[S_CRYSTALS + p * N_COLOURS + c] + 1)
    return T[T_SET_VP + k + 1] - T[T_SET_VP + k]


@tiny
def colours_with(S, p, layer):
    """How many colours player p holds at least `layer` crystals of."""
    k = 0
    for c in range(N_COLOURS):
        if S[S_CRYSTALS + p * N_COLOURS + c] >= layer:
            k += 1
    return k


# ------------------------------------------------------------------ sailing cards
@tiny
def pile_top(S, pile):
    return S[S_PILE + pile * MAX_CARDS + S[S_PILE_N + pile] - 1]


@tiny
def hand_limit(S, T, p):
    return T[T_HAND_SIZE] + T[T_SETTLEMENTS] - S[S_SETTLE_LEFT + p]


@hot
def remove_from_hand(S, p, slot):
    """Remove the card in hand slot `slot` (order of the rest is kept) and return it."""
    base = S_HAND + p * HAND_CAP
    card = S[base + slot]
    n = S[S_HAND_N + p]
    for i in range(slot, n - 1):
        S[base + i] = S[base + i + 1]
    S[S_HAND_N + p] = n - 1
    return card


@hot
def add_to_hand(S, p, card):
    n = S[S_HAND_N + p]
    S[S_HAND + p * HAND_CAP + n] = card
    S[S_HAND_N + p] = n + 1


@hot
def refill_deck(S, T, LOG, R):
    """3p/4p, once: the played cards except the two tops become the new deck (3p keeps half)."""
    n = 0
    starters0 = T[T_N_CARDS]
    for pile in range(2):
        base = S_PILE + pile * MAX_CARDS
        top = S[base + S[S_PILE_N + pile] - 1]
        for i in range(S[S_PILE_N + pile] - 1):
            card = S[base + i]
            if card < starters0:          # the printed starters stay on the board
                S[S_DECK + n] = card
                n += 1
        # keep the printed starter (if any) under the top card
        k = 0
        if S[base] >= starters0 and S[S_PILE_N + pile] > 1:
            k = 1
        S[base + k] = top
        S[S_PILE_N + pile] = k + 1
    shuffle_range(S, S_DECK, n, R)
    boxed = 0
    if S[S_N_PLAYERS] == 3:
        boxed = n - n // 2          # two equal piles; an odd card goes back to the box too
    S[S_DECK_N] = n - boxed
    S[S_PASS_SIZE] = n - boxed
    S[S_BOX_N] += boxed
    S[S_REFILLS] += 1
    log(S, LOG, EV_REFILL, n - boxed, boxed)


@hot
def draw_sailing_card(S, T, LOG, R, p):
    """Draw the top card; when the deck runs out, refill once (3p/4p) or trigger the end."""
    if S[S_DECK_N] == 0:
        return
    S[S_DECK_N] -= 1
    add_to_hand(S, p, S[S_DECK + S[S_DECK_N]])
    if S[S_DECK_N] == 0:
        if S[S_N_PLAYERS] >= 3 and S[S_REFILLS] == 0:
            refill_deck(S, T, LOG, R)
        if S[S_DECK_N] == 0:        # no refill, or it brought no card: that was the last card
            S[S_END_TRIGGERED] = 1
            log(S, LOG, EV_END_TRIGGER)


# ------------------------------------------------------------------ favor cards
@hot
def draw_favor(S, LOG, R, p):
    """Draw one Favor of the Gods card; reshuffle the discard pile when the deck is empty."""
    f = pop_favor(S, R)
    if f < 0:
        return False
    give_favor(S, LOG, p, f)
    return True


@hot
def pop_favor(S, R):
    """The top card of the favor deck (-1 if deck and discard are both empty); the
    discard pile is reshuffled into the deck when the deck runs out."""
    if S[S_FDECK_N] == 0:
        n = S[S_FDISC_N]
        if n == 0:
            return -1
        for i in range(n):
            S[S_FDECK + i] = S[S_FDISC + i]
        S[S_FDISC_N] = 0
        S[S_FDECK_N] = n
        shuffle_range(S, S_FDECK, n, R)
    S[S_FDECK_N] -= 1
    return S[S_FDECK + S[S_FDECK_N]]


@hot
def give_favor(S, LOG, p, f):
    """Seat p takes a favor card of type f (recorded in the favor draws table)."""
    S[S_FAVOR + p * N_FAVOR_TYPES + f] += 1
    S[S_FAVOR_DRAWN + p * N_FAVOR_TYPES + f] += 1
    k = S[S_FDRAW_N]
    if k < MAX_FDRAW:
        row = S_FDRAW + k * 4
        S[row] = p
        S[row + 1] = f
        S[row + 2] = S[S_TURN]
        S[row + 3] = -1
        S[S_FDRAW_N] = k + 1
    log(S, LOG, EV_FAVOR_DRAWN, f)


@hot
def favor_available(S):
    return S[S_FDECK_N] + S[S_FDISC_N] > 0


@hot
def discard_favor(S, LOG, p, f, b, c):
    """Play favor card type f: off the player's stack onto the discard pile."""
    S[S_FAVOR + p * N_FAVOR_TYPES + f] -= 1
    S[S_FAVOR_PLAYED + p * N_FAVOR_TYPES + f] += 1
    S[S_FDISC + S[S_FDISC_N]] = f
    S[S_FDISC_N] += 1
    for k in range(S[S_FDRAW_N]):          # the oldest unplayed draw of this card
        row = S_FDRAW + k * 4
        if S[row] == p and S[row + 1] == f and S[row + 3] < 0:
            S[row + 3] = S[S_TURN]
            break
    log(S, LOG, EV_FAVOR_PLAYED, f, b, c)


# ------------------------------------------------------------------ pieces on the board
@hot
def ships_at(S, p, loc):
    n = 0
    for i in range(MAX_SHIPS):
        if S[S_SHIP_LOC + p * MAX_SHIPS + i] == loc:
            n += 1
    return n


@hot
def move_ship(S, p, src, dst):
    """Move one of p's ships from src to dst. Leaving a harbor where Zeus placed a ship this
    turn, the Zeus ship sails (the player's choice, and never a worse one: the ships are
    alike, and the one left behind keeps its presence)."""
    if LOC_HARBOR <= src < LOC_RIVER and S[S_ZEUS_AT + src - LOC_HARBOR] > 0:
        S[S_ZEUS_AT + src - LOC_HARBOR] -= 1
    for i in range(MAX_SHIPS):
        if S[S_SHIP_LOC + p * MAX_SHIPS + i] == src:
            S[S_SHIP_LOC + p * MAX_SHIPS + i] = dst
            return


@hot
def present(S, p, h):
    """Presence at harbor h: a ship (not one Zeus placed this turn) or a settlement."""
    return present_with(S, p, h, ships_at(S, p, LOC_HARBOR + h))


@tiny
def present_with(S, p, h, ships):
    """``present``, given the number of p's ships at harbor h."""
    return S[S_SETTLED + p * N_HARBORS + h] > 0 or ships - S[S_ZEUS_AT + h] > 0


@tiny
def harbor_ships(S, p):
    """p's ships at every harbor in one pass, 3 bits per harbor (``ships_in`` reads one):
    for conditions checked harbor by harbor."""
    at_harbor = 0
    for i in range(MAX_SHIPS):
        loc = S[S_SHIP_LOC + p * MAX_SHIPS + i]
        if loc >= LOC_HARBOR and loc < LOC_RIVER:
            at_harbor += 1 << (3 * (loc - LOC_HARBOR))
    return at_harbor


@tiny
def ships_in(at_harbor, h):
    """p's ships at harbor h, from ``harbor_ships``."""
    return (at_harbor >> (3 * h)) & 7


@tiny
def ships_in_play(S, T, p):
    return T[T_SHIPS_TABLEAU] + S[S_SHIPS_BUILT + p]


@tiny
def settlements_built(S, T, p):
    return T[T_SETTLEMENTS] - S[S_SETTLE_LEFT + p]


@hot
def occupy_place(S, T, LOG, p, k, piece):
    """A ship or prophet lands on temple place k: its VP, and the purple crystal if it has one."""
    S[S_PLACE_OWNER + k] = p * 2 + piece
    gain_vp(S, LOG, p, T[T_PLACE_VP + k], SRC_TEMPLE)
    if T[T_PLACE_PURPLE + k] == 1 and S[S_BOARD_CRYSTAL + PURPLE] > 0:
        take_crystal(S, T, LOG, p, PURPLE)


@hot
def best_place_vp(S, T, p):
    """Tie-break: the highest temple place value the player occupies (-1 if none)."""
    best = -1
    for k in range(T[T_N_PLACES]):
        o = S[S_PLACE_OWNER + k]
        if o >= 0 and o // 2 == p and T[T_PLACE_VP + k] > best:
            best = T[T_PLACE_VP + k]
    return best


@hot
def game_phase(S):
    """0 early, 1 mid, 2 late: which third of the game's card draws is under way, from
    public facts only (deck size, refills). 3p/4p go through the deck twice."""
    passes = 2 if S[S_N_PLAYERS] >= 3 else 1
    size = max(1, S[S_PASS_SIZE])
    done = (min(S[S_REFILLS], passes - 1) * size + size - S[S_DECK_N]) / (passes * size)
    return min(N_PHASES - 1, int(done * N_PHASES))
