"""EOS setup (rulebook: "Setup", "Global Setup", "Player Setup"): one game's state from its
seed, before the first player's first turn.

Global: the upgrade market of three and the journey and event decks shuffled; blessing
tokens per corner = players; a random lake deed on area 6; the Demon Lord placement
stack (6 at the bottom, 1-5 shuffled), the first Demon Lord on the top token's area with
its curse in play, the token discarded and the pawn on the next; deeds on the other four
areas; 5/7/9/11 Angels on their locations; the always-used objective and three random.
Players: ranks 1, morale at the bottom, workers on the ship, 3 of the 4 nation journey
cards, the 5 nation upgrades in hand; the nation's and ship's setup bonuses (programs on
the decision stack, resolved in seat order before the first turn).
"""
from ..core.jit import hot
from ..core.rng import below, shuffle_range
from .cards import card_gained, refill_market, shuffle_into_pile
from .chronicle import awaken_hero_side, curse_enters, update_curses
from .deluxe import place_pawns
from .interventions import setup_deed, setup_lord
from .frames import push, push_program
from .solo import setup as solo_setup
from .symbols import glory
from .layout import (ANG_BOARD, ANG_BOX, C_A_AREA, C_ANGELS_DRAWN, C_BLESSING_LIMIT, C_BLESSING_TOKENS,
                     C_CHRON_FIRST, C_CHRON_N, C_D_LEVEL, C_DEED_LEVELS, C_HAND_LIMIT, C_MARKET, C_N_ANGELS,
                     C_N_DEEDS, C_N_EVENTS, C_N_GENERAL_JOURNEY, C_N_GENERAL_UPGRADES, C_N_JOURNEY, C_N_LORDS,
                     C_N_OBJECTIVES, C_N_UPGRADES, C_O_ALWAYS, C_PER_CORNER, C_SHIELDS, DEED_LAKE, DS_BOARD,
                     DS_BOX, END_NONE, F_TURN, GF_OTHER, J_BOX, J_DECK, J_HAND, LORD, LS_BOARD, LS_STACK,
                     MAX_PLAYERS, N_DEED_AREAS, N_HEROES, NS_JOURNEY, NS_SETUP, NS_SHIP_SETUP, NS_UPGRADES,
                     NS_WORKERS, OBJECTIVES_IN_PLAY, S_ANGEL, S_ANGELS_DRAWN, S_AREA, S_BLESSING_LIMIT, S_BLOCKED_HERO,
                     S_BLOCKED_SECONDARY, S_CHRON, S_CHRON_LAST, S_CHRON_NEXT, S_CORNER_TOKENS, S_CURSES,
                     S_DEED, S_DEED_AT, S_EDECK_N, S_END_SEAT, S_ENDED_BY, S_HAND_LIMIT, S_JDECK, S_JDECK_N,
                     S_JLOC, S_KRAKEN, S_LORD, S_LORD_STACK, S_LORD_STACK_N, S_MARKET, S_MAX_WORKERS, S_N,
                     S_N_CURSES, S_OBJ, S_OBJ_DONE, S_ON_SHIP, S_PAWN, S_PLACEMENT, S_PLACEMENT_N, S_RANK,
                     S_SECONDARY, S_SIZE, S_START_AREA, S_SUPPLY_BLESSINGS, S_SUPPLY_SHIELDS, S_UDECK,
                     S_UDECK_N, S_ULOC, U_DECK, U_HAND, MAX_CHRONICLE, S_SEAT, NS_FLAGS, NF_DIVINE_GUIDANCE,
                     C_A_PASSIVE, PF_ASHAMNON, S_PASSIVE, C_A_CHOICE, C_A_REWARD, GF_ANGEL, S_SHIP_TROPHY,
                     S_DELIVERY_HERO, HOW_DEALT, S_DEED_CURSES, C_D_TROPHY, C_T_CURSE, U_BOX, C_LORDS_ORDERED,
                     C_L_FIRST_ORDER, C_OBJECTIVES_USED, C_NATION_JOURNEY_N, C_NATION_JOURNEY_DEALT, NS_SHIP,
                     NS_N_SLOTS, NS_SLOT, MAX_SLOTS, C_N_CORNERS, C_SEAT_GLORY, C_SEAT_COINS, S_COINS)


@hot
def new_game(S, C, NS, n_players, R):
    """Set up a game of n_players (seat p plays nation NS[p]) from the stream R."""
    for i in range(S_SIZE):
        S[i] = 0
    S[S_N] = n_players
    S[S_END_SEAT] = -1
    S[S_ENDED_BY] = END_NONE
    # the general journey cards and upgrades shuffled into their decks, the market of three;
    # nation cards in the box for now (S is zeroed: location 0 is the deck)
    for j in range(C[C_N_GENERAL_JOURNEY], C[C_N_JOURNEY]):
        S[S_JLOC + j] = J_BOX
    shuffle_into_pile(S, S_JLOC, S_JDECK, S_JDECK_N, C[C_N_GENERAL_JOURNEY], J_DECK, J_DECK, R)
    for u in range(C[C_N_GENERAL_UPGRADES], C[C_N_UPGRADES]):
        S[S_ULOC + u] = U_BOX
    shuffle_into_pile(S, S_ULOC, S_UDECK, S_UDECK_N, C[C_N_GENERAL_UPGRADES], U_DECK, U_DECK, R)
    for m in range(4):
        S[S_MARKET + m] = -1
    refill_market(S, C, R)
    S[S_EDECK_N] = 0                      # shuffled at the first draw
    # blessing tokens and shields
    per = n_players * C[C_PER_CORNER]
    for c in range(1, C[C_N_CORNERS] + 1):
        S[S_CORNER_TOKENS + c] = per
    S[S_SUPPLY_BLESSINGS] = C[C_BLESSING_TOKENS] - C[C_N_CORNERS] * per
    S[S_SUPPLY_SHIELDS] = C[C_SHIELDS]
    # deeds and Demon Lords
    for d in range(N_DEED_AREAS + 1):
        S[S_DEED_AT + d] = -1
    for d in range(C[C_N_DEEDS]):
        S[S_DEED + d] = DS_BOX
    lake = pick_deed(S, C, R, True)
    S[S_DEED_AT + 6] = lake
    S[S_DEED + lake] = DS_BOARD
    for i in range(5):
        S[S_PLACEMENT + 1 + i] = i + 1    # 6 at the bottom, 1-5 shuffled on top (top last)
    S[S_PLACEMENT] = 6
    shuffle_range(S, S_PLACEMENT + 1, 5, R)
    S[S_PLACEMENT_N] = N_DEED_AREAS
    for lo in range(C[C_N_LORDS]):
        S[S_LORD_STACK + lo] = lo
        S[S_LORD + lo] = LS_STACK
    shuffle_range(S, S_LORD_STACK, C[C_N_LORDS], R)
    if C[C_LORDS_ORDERED]:
        first_game_order(S, C)
    setup_lord(S, C)                      # (an intervention's Lord on top: interventions.py)
    S[S_LORD_STACK_N] = C[C_N_LORDS]
    first = S[S_PLACEMENT + S[S_PLACEMENT_N] - 1]
    S[S_LORD_STACK_N] -= 1
    lord = S[S_LORD_STACK + S[S_LORD_STACK_N]]
    S[S_LORD + lord] = LS_BOARD
    S[S_DEED_AT + first] = LORD + lord
    S[S_CURSES] = lord
    S[S_N_CURSES] = 1
    for d in range(1, 6):
        if d != first:
            deed = pick_deed(S, C, R, False)
            S[S_DEED_AT + d] = deed
            if deed >= 0:
                S[S_DEED + deed] = DS_BOARD
    setup_deed(S, C, R)                   # (an intervention's deed on the board: interventions.py)
    S[S_PLACEMENT_N] -= 1
    S[S_PAWN] = S[S_PLACEMENT + S[S_PLACEMENT_N] - 1]
    # Angels
    drawn = 0
    for a in range(C[C_N_ANGELS]):
        S[S_ANGEL + a] = ANG_BOX
    while drawn < C[C_ANGELS_DRAWN + n_players]:
        a = below(R, C[C_N_ANGELS])
        if S[S_ANGEL + a] == ANG_BOX:
            S[S_ANGEL + a] = ANG_BOARD
            S[S_ANGELS_DRAWN] |= 1 << a     # (records: what was there to awaken; Noom's own Angel is not)
            drawn += 1
    # objectives: the always-used one and three random
    for i in range(OBJECTIVES_IN_PLAY):
        S[S_OBJ + i] = -1
        S[S_OBJ_DONE + i] = 0
    k = 0
    for o in range(C[C_N_OBJECTIVES]):
        if C[C_O_ALWAYS + o]:
            S[S_OBJ + k] = o
            k += 1
    while k < OBJECTIVES_IN_PLAY and k < C[C_N_OBJECTIVES]:
        o = below(R, C[C_N_OBJECTIVES])
        fresh = not C[C_O_ALWAYS + o]
        for i in range(k):
            if S[S_OBJ + i] == o:
                fresh = False
        if fresh:
            S[S_OBJ + k] = o
            k += 1
    if not C[C_OBJECTIVES_USED]:          # drawn all the same, so that the rest of the game
        for i in range(OBJECTIVES_IN_PLAY):   # sees the stream a game with objectives sees
            S[S_OBJ + i] = -1
    # the chronicle track
    S[S_CHRON_NEXT] = C[C_CHRON_FIRST + n_players]
    S[S_CHRON_LAST] = C[C_CHRON_N] - 1
    for i in range(MAX_CHRONICLE):
        S[S_CHRON + i] = -1
    # players
    for p in range(n_players):
        S[S_AREA + p] = -1
        S[S_START_AREA + p] = -1
        S[S_KRAKEN + p] = -1
        S[S_SHIP_TROPHY + p] = -1
        S[S_DELIVERY_HERO + p] = -1
        S[S_SECONDARY + p] = -1
        S[S_BLOCKED_SECONDARY + p] = -1
        S[S_BLOCKED_HERO + p] = -1
        S[S_HAND_LIMIT + p] = C[C_HAND_LIMIT]
        S[S_BLESSING_LIMIT + p] = C[C_BLESSING_LIMIT]
        S[S_MAX_WORKERS + p] = NS[p, NS_WORKERS]
        S[S_ON_SHIP + p] = NS[p, NS_WORKERS]
        for h in range(N_HEROES):
            S[S_RANK + p * N_HEROES + h] = 1
        deal_nation_journey(S, C, NS, p, R)
        for i in range(5):
            S[S_ULOC + NS[p, NS_UPGRADES + i]] = U_HAND + p
        seat_compensation(S, C, p, n_players)
    # the first turn, under the setup bonuses (seat 0's on top: resolved first)
    S[S_SEAT] = 0
    push(S, F_TURN, 0, 0, 0, 0, 0, 0, 0)
    for p in range(n_players - 1, -1, -1):
        push_program(S, p, NS[p, NS_SHIP_SETUP], 0, GF_OTHER)
        push_program(S, p, NS[p, NS_SETUP], 0, GF_OTHER)
        if NS[p, NS_FLAGS] & NF_DIVINE_GUIDANCE:
            divine_guidance(S, C, R, p)
    for d in range(1, 7):                 # curse trophies are in effect "the moment the deed sits on the board"
        at = S[S_DEED_AT + d]
        if 0 <= at < LORD and C[C_D_TROPHY + at] >= 0 and C[C_T_CURSE + C[C_D_TROPHY + at]] >= 0:
            S[S_DEED_CURSES] |= 1 << C[C_T_CURSE + C[C_D_TROPHY + at]]
    place_pawns(S, C)                     # the deluxe deeds' pawns (none without them)
    update_curses(S, C)
    curse_enters(S, C, 0, lord)
    solo_setup(S, C, R)                   # last: a game without it sees the same stream


@hot
def seat_compensation(S, C, p, n_players):
    """[seat_compensation] (issue #42; none in the printed game): seat p's glory and coins at setup
    by the player count, its glory as any other (the setup's source, GF_OTHER)."""
    at = n_players * MAX_PLAYERS + p
    if C[C_SEAT_GLORY + at] > 0:
        glory(S, p, C[C_SEAT_GLORY + at], GF_OTHER)
    S[S_COINS + p] += C[C_SEAT_COINS + at]


@hot
def deal_nation_journey(S, C, NS, p, R):
    """"Shuffle all your nation journey cards and draw 3 at random, then return the rest to
    the box": the cards left out are drawn one by one (3 of 4: one draw, as ever)."""
    n = C[C_NATION_JOURNEY_N]
    for i in range(n):
        S[S_JLOC + NS[p, NS_JOURNEY + i]] = J_HAND + p
    for left in range(n - C[C_NATION_JOURNEY_DEALT]):
        k = below(R, n - left)
        for i in range(n):
            if S[S_JLOC + NS[p, NS_JOURNEY + i]] == J_HAND + p:
                if k == 0:
                    S[S_JLOC + NS[p, NS_JOURNEY + i]] = J_BOX
                    break
                k -= 1
    for i in range(n):
        if S[S_JLOC + NS[p, NS_JOURNEY + i]] == J_HAND + p:
            card_gained(S, NS[p, NS_JOURNEY + i], p, HOW_DEALT)


@hot
def first_game_order(S, C):
    """First Game Adjustments: the Lords with a first_game_order on top of the stack in that
    order (1 on top: the one placed at setup), the others beneath in their shuffled order."""
    n = C[C_N_LORDS]
    k = 0
    for i in range(n):                    # the unordered ones to the bottom, keeping their order
        lo = S[S_LORD_STACK + i]
        if C[C_L_FIRST_ORDER + lo] == 0:
            S[S_LORD_STACK + k] = lo
            k += 1
    top = n - 1                           # the stack's top is its last entry
    for order in range(1, n + 1):
        for lo in range(n):
            if C[C_L_FIRST_ORDER + lo] == order:
                S[S_LORD_STACK + top] = lo
                top -= 1


@hot
def deal_ships(C, NSN, NS, n_players, R):
    """Free Choice of Ship: "Shuffle all ship cards and deal one to each player at random,
    instead of playing with the ship provided by the nation": seat p's ship columns (workers,
    slots, setup bonus) become those of a ship drawn from all the nations' ships, without
    replacement; NS_SHIP names it. The nation keeps everything else (the Kraken too)."""
    n = NSN.shape[0]
    for p in range(n_players):
        while True:
            k = below(R, n)
            fresh = True
            for q in range(p):
                if NS[q, NS_SHIP] == k:
                    fresh = False
            if fresh:
                break
        NS[p, NS_SHIP] = k
        NS[p, NS_WORKERS] = NSN[k, NS_WORKERS]
        NS[p, NS_N_SLOTS] = NSN[k, NS_N_SLOTS]
        NS[p, NS_SHIP_SETUP] = NSN[k, NS_SHIP_SETUP]
        for i in range(MAX_SLOTS):
            NS[p, NS_SLOT + i] = NSN[k, NS_SLOT + i]


@hot
def divine_guidance(S, C, R, p):
    """Noom's starting Angel: one of the Angels not drawn for the board, on its hero side; not
    an awakening (no glory, no chronicle entry, no objective); Eo brings both attacks,
    Ashamnon one reward instead of its passive (rulebook: "Ashamnon: Choose one reward")."""
    n = 0
    for a in range(C[C_N_ANGELS]):
        if S[S_ANGEL + a] == ANG_BOX:
            n += 1
    if n == 0:
        return
    k = below(R, n)
    for a in range(C[C_N_ANGELS]):
        if S[S_ANGEL + a] == ANG_BOX:
            if k == 0:
                awaken_hero_side(S, C, p, a)
                if (C[C_A_PASSIVE + a] >> PF_ASHAMNON) & 1:
                    S[S_PASSIVE + p] &= ~(1 << PF_ASHAMNON)
                    push_program(S, p, C[C_A_CHOICE + a], 0, GF_ANGEL)
                push_program(S, p, C[C_A_REWARD + a], 0, GF_ANGEL)
                return
            k -= 1


@hot
def pick_deed(S, C, R, lake):
    """A random deed still in the box: a lake deed, or one of the levels in use."""
    n = 0
    for d in range(C[C_N_DEEDS]):
        if S[S_DEED + d] == DS_BOX and (C[C_D_LEVEL + d] == DEED_LAKE) == lake and (
                lake or (C[C_DEED_LEVELS] >> C[C_D_LEVEL + d]) & 1):
            n += 1
    if n == 0:
        return -1
    k = below(R, n)
    for d in range(C[C_N_DEEDS]):
        if S[S_DEED + d] == DS_BOX and (C[C_D_LEVEL + d] == DEED_LAKE) == lake and (
                lake or (C[C_DEED_LEVELS] >> C[C_D_LEVEL + d]) & 1):
            if k == 0:
                return d
            k -= 1
    return -1
