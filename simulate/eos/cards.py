"""EOS decks and hands (rulebook: "Journey Cards", "Upgrades", "Event Cards"): the journey
deck with its discard pile reshuffled when the deck runs out, the hand (nation cards do
not count towards the limit), the upgrade market refilled from its deck (the discards
shuffled in when it runs out), the event deck.

Every card is in exactly one place (``S_JLOC``/``S_ULOC``); a deck is also an ordered
pile (``S_JDECK``, top last) so that draws follow the shuffle.
"""
from ..core.jit import hot, tiny
from ..core.rng import shuffle_range
from .layout import (C_J_NATION, C_MARKET, C_N_EVENTS, C_N_GENERAL_UPGRADES, C_N_JOURNEY, C_N_UPGRADES, C_T_N_SLOTS,
                     C_T_SLOT, C_U_FLAGS, C_U_SHIP, CARD_GAINED, CARD_HOW, CARD_PLAYED, CARD_PLAYED_HOW, CARD_SEAT,
                     CARD_W, HOW_DRAWN, J_BOX, J_DECK, J_DISCARD, J_HAND, J_PLAYED, MAX_SLOTS, N_HEROES, NS_N_SLOTS,
                     NS_SLOT, S_AT_PLACE, S_CARD, S_COVERED, S_DISCARDED, S_EDECK, S_EDECK_N, S_HERO_MARKET, S_JDECK,
                     S_JDECK_N, S_JLOC, S_MARKET, S_N_HAND, S_N_UPGRADES, S_SHIP_TROPHY, S_TURN, S_UDECK, S_UDECK_N,
                     S_UFLAGS, S_ULOC, U_DECK, U_DISCARD, U_MARKET, U_PLACES, U_PLAY)


@hot
def off_pile(S, PILE, PILE_N, card):
    """`card` out of an ordered pile (S[PILE:], S[PILE_N] items: a deck, the curses in play);
    the others keep their order."""
    k = 0
    for i in range(S[PILE_N]):
        if S[PILE + i] != card:
            S[PILE + k] = S[PILE + i]
            k += 1
    S[PILE_N] = k


@tiny
def ship_slots(S, C, NS, p):
    """Worker slots of p's ship (a ship trophy replaces the nation's)."""
    t = S[S_SHIP_TROPHY + p]
    return C[C_T_N_SLOTS + t] if t >= 0 else NS[p, NS_N_SLOTS]


@tiny
def slot_reward(S, C, NS, p, i):
    """Recharge reward program of slot i of p's ship (-1: none, or covered by the Plague Ship)."""
    if (S[S_COVERED + p] >> i) & 1:
        return -1
    return printed_slot_reward(S, C, NS, p, i)


@tiny
def printed_slot_reward(S, C, NS, p, i):
    """The reward printed on slot i of p's ship, covered or not."""
    t = S[S_SHIP_TROPHY + p]
    return C[C_T_SLOT + t * MAX_SLOTS + i] if t >= 0 else NS[p, NS_SLOT + i]


@tiny
def card_gained(S, row, p, how):
    """The cards table: card row (a journey card j, or MAX_JOURNEY + upgrade) came to p now;
    a journey card keeps its first record once played."""
    at = S_CARD + row * CARD_W
    if S[at + CARD_PLAYED] == 0:
        S[at + CARD_SEAT] = p
        S[at + CARD_GAINED] = S[S_TURN] + 1
        S[at + CARD_HOW] = how


@tiny
def card_played(S, j, how):
    S[S_CARD + j * CARD_W + CARD_PLAYED] = S[S_TURN] + 1
    S[S_CARD + j * CARD_W + CARD_PLAYED_HOW] = how


@tiny
def in_hand(S, p, j):
    return S[S_JLOC + j] == J_HAND + p


@hot
def shuffle_into_pile(S, LOC, PILE, PILE_N, n_cards, where, deck, R):
    """Cards 0..n_cards-1 at location `where` (S[LOC + card]) become a shuffled draw pile
    (S[PILE:], top last, S[PILE_N] cards) at location `deck`; how many."""
    k = 0
    for c in range(n_cards):
        if S[LOC + c] == where:
            S[LOC + c] = deck
            S[PILE + k] = c
            k += 1
    shuffle_range(S, PILE, k, R)
    S[PILE_N] = k
    return k


@hot
def draw_journey(S, C, R, p, n):
    """Draw n journey cards; an empty deck takes the shuffled discard pile ("If the journey
    card deck ever runs out, shuffle the discard pile and form a new journey deck")."""
    for _ in range(n):
        if S[S_JDECK_N] == 0 and shuffle_into_pile(S, S_JLOC, S_JDECK, S_JDECK_N, C[C_N_JOURNEY], J_DISCARD,
                                                    J_DECK, R) == 0:
            return
        S[S_JDECK_N] -= 1
        take_into_hand(S, C, p, S[S_JDECK + S[S_JDECK_N]])


@hot
def take_into_hand(S, C, p, j):
    """Journey card j into p's hand, drawn (a nation card does not count against the hand limit)."""
    S[S_JLOC + j] = J_HAND + p
    if C[C_J_NATION + j] < 0:
        S[S_N_HAND + p] += 1
    card_gained(S, j, p, HOW_DRAWN)


@tiny
def leave_hand(S, C, p, j):
    if C[C_J_NATION + j] < 0:
        S[S_N_HAND + p] -= 1


@hot
def discard_journey(S, C, p, j):
    """Card j from p's hand to the discard pile (a nation card leaves the game: it was never
    part of the deck)."""
    leave_hand(S, C, p, j)
    S[S_JLOC + j] = J_DISCARD if C[C_J_NATION + j] < 0 else J_BOX
    S[S_DISCARDED + p] += 1


@tiny
def played_journey(S, p, j):
    S[S_JLOC + j] = J_PLAYED + p


@hot
def refill_market(S, C, R):
    """Fill the market's empty places from the upgrade deck (discards shuffled in when it runs out)."""
    for m in range(C[C_MARKET]):
        if S[S_MARKET + m] >= 0:
            continue
        if S[S_UDECK_N] == 0 and shuffle_into_pile(S, S_ULOC, S_UDECK, S_UDECK_N, C[C_N_GENERAL_UPGRADES],
                                                    U_DISCARD, U_DECK, R) == 0:
            return
        S[S_UDECK_N] -= 1
        u = S[S_UDECK + S[S_UDECK_N]]
        S[S_ULOC + u] = U_MARKET
        S[S_MARKET + m] = u


@hot
def refresh_market(S, C, R):
    """Discard the market's upgrades and lay out new ones."""
    for m in range(C[C_MARKET]):
        u = S[S_MARKET + m]
        if u >= 0:
            S[S_ULOC + u] = U_DISCARD
            S[S_MARKET + m] = -1
    refill_market(S, C, R)


@tiny
def upgrade_place(S, p, u):
    """Where upgrade u is in p's play area (hero 0..4, 5 the ship), -1 if not p's in play."""
    loc = S[S_ULOC + u] - U_PLAY - p * U_PLACES
    return loc if 0 <= loc < U_PLACES else -1


@hot
def take_from_market(S, C, R, u):
    for m in range(C[C_MARKET]):
        if S[S_MARKET + m] == u:
            S[S_MARKET + m] = -1
    refill_market(S, C, R)


@tiny
def hero_market_upgrades(S, C, p, h):
    """Market upgrades under hero h (the nation upgrade with its name does not count)."""
    return S[S_HERO_MARKET + p * N_HEROES + h]


@tiny
def upgrades_at(S, p, place):
    """How many upgrades p has at `place` (a hero, or U_SHIP_PLACE)."""
    return S[S_AT_PLACE + p * U_PLACES + place]


@hot
def seat_flags(S, p):
    """The UF_* flags of all p's upgrades in play."""
    f = 0
    for place in range(U_PLACES):
        f |= S[S_UFLAGS + p * U_PLACES + place]
    return f


@tiny
def flags_at(S, p, place):
    """The UF_* flags of p's upgrades at `place` (a hero, or U_SHIP_PLACE)."""
    return S[S_UFLAGS + p * U_PLACES + place]


@hot
def put_in_play(S, C, p, u, place):
    """Upgrade u into p's play area at `place` (hero 0..4 or the ship); the seat's counts and
    flags follow (kept in S so that rules read them without scanning every upgrade)."""
    S[S_ULOC + u] = U_PLAY + p * U_PLACES + place
    S[S_UFLAGS + p * U_PLACES + place] |= C[C_U_FLAGS + u]
    S[S_N_UPGRADES + p] += 1
    S[S_AT_PLACE + p * U_PLACES + place] += 1
    if place < N_HEROES and u < C[C_N_GENERAL_UPGRADES]:
        S[S_HERO_MARKET + p * N_HEROES + place] += 1


@hot
def take_out_of_play(S, C, p, u, to):
    """Upgrade u out of p's play area to location `to` (the discard pile, the box)."""
    place = upgrade_place(S, p, u)
    S[S_ULOC + u] = to
    S[S_N_UPGRADES + p] -= 1
    S[S_AT_PLACE + p * U_PLACES + place] -= 1
    if place < N_HEROES and u < C[C_N_GENERAL_UPGRADES]:
        S[S_HERO_MARKET + p * N_HEROES + place] -= 1
    flags = 0
    for v in range(C[C_N_UPGRADES]):
        if S[S_ULOC + v] == U_PLAY + p * U_PLACES + place:
            flags |= C[C_U_FLAGS + v]
    S[S_UFLAGS + p * U_PLACES + place] = flags


@hot
def draw_event(S, C, R):
    """The top event card; the deck is reshuffled whole when it runs out (played events are discarded)."""
    if S[S_EDECK_N] == 0:
        for e in range(C[C_N_EVENTS]):
            S[S_EDECK + e] = e
        shuffle_range(S, S_EDECK, C[C_N_EVENTS], R)
        S[S_EDECK_N] = C[C_N_EVENTS]
    S[S_EDECK_N] -= 1
    return S[S_EDECK + S[S_EDECK_N]]
