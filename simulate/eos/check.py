"""EOS check mode: conservation of every component and the rulebook's invariants, checked
after each decision; the first violation's code goes into the game's record.

``check_state`` returns 0, or the code of the first check (in ``CHECKS`` order) the state
breaks: code k is ``CHECKS[k - 1]`` (codes stay below 90: ``frames.ERR_STACK`` and
``engine.ERR_NO_FRAME`` are 90 and 91). What is checked:

* workers: 0 <= on ship <= max workers <= the nation's 5 pawns (on ship + off ship = max,
  off ship being max - on ship); the workers on heroes fit in the off-ship ones (the
  others are on the chronicle space, an extra crew, "place a worker"); a hero holds 0..2;
* rank discs (1..the hero's ranks) and morale cubes (0..its morale steps);
* blessing tokens: supply + corners + held = ``blessing_tokens`` (24), held <= the limit;
* Angels: each card in the box, on the board or with a seat in play; Angel pawns on the
  board's Angels + ready attacks <= ``ANGEL_PAWNS`` (12, config ``game.angel_pawns``);
* shields: supply + held = ``shields``;
* Demon Lords: each tile in one state; the stack ``S_LORD_STACK[0:n]`` is exactly the Lords
  in LS_STACK; a Lord on the board sits in exactly one deed area (and a Lord in an area
  is on the board); the pawn on the top placement token's area, one token used per Lord
  out of the stack; curses: at most ``max_lord_curses``, each a Lord on the board, none twice;
* deed areas hold nothing, a deed or a Lord; a deed on the board in exactly one area;
* journey cards: each in one place (deck, discard, box, a seat's hand, waiting, played),
  nation cards only with their nation's seat or in the box; the deck pile is exactly
  the J_DECK cards; S_N_HAND is the general cards in hand;
* upgrades likewise (deck pile; the market: U_MARKET cards, none twice; in play: a ship
  upgrade under the ship, a hero upgrade under a hero, its own for a nation upgrade, at
  most ``hero_market_upgrades`` market upgrades per hero, and the counts kept of them,
  ``cards.put_in_play``'s; a general upgrade in the box is one being attached); the
  event pile distinct events;
* power <= the board's maximum (power and Demons never both: one signed marker, by
  construction); Demons <= the protection track's maximum at its furthest shift, not
  ``resources.max_demons`` at the current protection: "If you lose protection, move it to
  the left. Do not change the position of your Demon power marker" (rulebook
  "Protection"), so a challenge such as "Gain 12 Demons and lose 3 protection" rightly
  leaves Demons over the current maximum (a gain never passes it: ``gain_demons``);
* coins and glory >= 0; protection within its bounds (the fixed part counted once the
  seat's first turn is behind: the setup bonus brings it);
* the chronicle track: the pointer, slots filled exactly below it, the end triggered
  exactly when no slot is free;
* the decision stack: depth, frame kinds and players; ships, Krakens and purification
  tokens on the board; the deluxe pawns (a second ship pawn, Lady Ignal's with its deed on the
  board and its escort a seat, the Corsair's until its deed is accomplished).
"""
import numpy as np

from ..core.jit import hot, tiny
from .layout import (C_N_CORNERS, ANG_BOARD, ANG_BOX, ANG_HERO, ANG_PATRON, C_BLESSING_TOKENS, C_CHRON_FIRST, C_CHRON_N,
                     C_HERO_UPGRADES, C_J_NATION, C_MARKET, C_MAX_ACTIVATIONS, C_MAX_CURSES, C_N_ANGELS, C_N_AREAS,
                     C_N_DEEDS, C_N_EVENTS, C_N_GENERAL_UPGRADES, C_N_JOURNEY, C_N_LORDS, C_N_UPGRADES, C_SHIELDS,
                     C_U_FLAGS, C_U_HERO, C_U_NATION, C_U_SHIP, DS_BOARD, DS_REMOVED, FRAME, FRAME_NAMES, F_ATTACH,
                     J_BOX, J_DECK, J_DISCARD, J_HAND, J_PLAYED, J_WAITING, LORD, LS_BOARD, LS_BOX, LS_STACK,
                     MAX_CHRONICLE, MAX_FRAMES, MAX_PLAYERS, NS_NATION, NS_N_MORALE, NS_N_RANKS,
                     N_DEED_AREAS, N_HEROES, PR_FIXED_PROTECTION, PR_MAX_DEMONS, PR_MAX_POWER, PR_MAX_STEPS,
                     S_ANGEL, S_AREA, S_ATTACKS, S_AT_PLACE, S_BLESSINGS, S_BLESSING_LIMIT, S_CHRON, S_CHRON_LAST,
                     S_CHRON_NEXT, S_COINS, S_CORNER_TOKENS, S_CURSES, S_DEED, S_DEED_AT, S_EDECK, S_EDECK_N,
                     S_END_SEAT, S_FIRST_DONE, S_GLORY, S_HERO_MARKET, S_HERO_WORKERS, S_JDECK, S_JDECK_N, S_JLOC,
                     S_KRAKEN, S_LORD, S_LORD_STACK, S_LORD_STACK_N, S_MARKET, S_MAX_WORKERS, S_MORALE, S_N,
                     S_N_CURSES, S_N_HAND, S_N_UPGRADES, S_ON_SHIP, S_PAWN, S_PLACEMENT, S_PLACEMENT_N,
                     S_PROTECTION, S_PURIFIED, S_RANK, S_SEAT, S_SHIELDS, S_SP, S_STACK, S_START_AREA,
                     S_SUPPLY_BLESSINGS, S_SUPPLY_SHIELDS, S_UDECK, S_UDECK_N, S_UFLAGS, S_ULOC, U_BOX, U_DECK,
                     U_HAND, U_MARKET, U_PLACES, U_PLAY, U_SHIP_PLACE)
from .resources import demons, power
from .layout import (A_RECHARGE, C_SOLO, C_SOLO_LOSE_AT, END_SOLO_LOST, END_SOLO_WON, S_ACTIONS, S_DONE, S_ENDED_BY,
                     S_OBJ, S_SOLO, S_SOLO_AT, S_SOLO_DONE, SOLO_TASKS, OBJECTIVES_IN_PLAY)
from .layout import (C_D_SPECIAL, DK_CORSAIR, DK_IGNAL, DS_DONE, S_CORSAIR, S_IGNAL,
                     S_IGNAL_ESCORT, S_SHIP2)
from .layout import ATTACH_ITEM, ATTACH_KIND, ATTACH_TROPHY, FR_KIND, FR_PLAYER

# config game.angel_pawns (the component list's 12 Angel pawns); not in C yet
# (tests/eos/test_check.py holds it to the config)
ANGEL_PAWNS = 12
# a nation's 5 worker pawns (rulebook, "Nation components"): a ship may hold more or fewer
# (The Guild's returns one to the box; a new ship adjusts the maximum), never more than these
WORKER_PAWNS = 5
N_FRAME_KINDS = len(FRAME_NAMES)

CHECKS = (
    "workers: 0 <= workers on the ship <= max workers <= the nation's 5 worker pawns",
    "workers: those on heroes fit in the off-ship workers (max - on ship)",
    "workers: a hero holds 0..max_hero_activations workers",
    "rank discs: each hero's rank within 1..its number of ranks",
    "morale cubes: each hero's morale within 0..its morale steps",
    "blessing tokens: supply + corners + held = blessing_tokens, none negative",
    "blessing tokens: a seat holds at most its blessing limit",
    "Angels: each Angel card in the box, on the board, or a hero or patron of a seat in play",
    "Angel pawns: pawns on the board's Angels + ready attacks <= angel_pawns, attacks >= 0",
    "shields: supply + held = shields, none negative",
    "Demon Lords: each tile in one state (stack, board, defeated, box)",
    "Demon Lords: S_LORD_STACK[0:S_LORD_STACK_N] holds exactly the Lords in the stack",
    "deed areas: each holds nothing, a deed or a Demon Lord (area 0 unused)",
    "Demon Lords: a Lord on the board sits in exactly one deed area, a Lord in an area is on the board",
    "Demon Lord pawn: on the top placement token's area (0: on the track), one token per Lord spawned",
    "curses: at most max_lord_curses, each a Lord on the board, none twice",
    "deeds: a deed on the board sits in exactly one deed area, a deed in an area is on the board",
    "journey cards: each in one place (deck, discard, box, hand / waiting / played of a seat in play)",
    "journey cards: a nation card is in the box or with the seat of its nation",
    "journey deck: S_JDECK[0:S_JDECK_N] holds exactly the cards in the deck",
    "hand: S_N_HAND is the number of general journey cards in the seat's hand",
    "upgrades: each in one place (deck, market, discard, box, hand or play area of a seat in play)",
    "upgrades: a nation upgrade is in the box or with the seat of its nation",
    "upgrade deck: S_UDECK[0:S_UDECK_N] holds exactly the upgrades in the deck",
    "upgrade market: its entries are the U_MARKET upgrades, none twice, places past market_size empty",
    "upgrades in play: ship upgrades under the ship, hero upgrades under a hero (a nation one under its own), "
    "at most hero_market_upgrades market upgrades per hero",
    "upgrade counts: S_N_UPGRADES, S_AT_PLACE, S_HERO_MARKET and S_UFLAGS are those of the upgrades in play",
    "upgrades being attached (attach frames) wait in the box; a general upgrade in the box is one of them",
    "event deck: S_EDECK[0:S_EDECK_N] distinct events",
    "power: at most the nation board's maximum power",
    "Demons: at most the protection track's maximum at its furthest shift (a protection loss leaves the "
    "marker where it is)",
    "coins and glory >= 0",
    "protection within the fixed protection (after the first turn) .. the track's steps",
    "chronicle: the pointer within the track, slots filled exactly below it by seats in play",
    "chronicle: the end is triggered (S_END_SEAT) exactly when no slot is free",
    "decision stack: depth within 0..MAX_FRAMES, frames of known kinds for seats in play",
    "board: ships and Krakens in an area (-1: not placed), purification tokens of seats in play; the deluxe "
    "pawns: a second ship pawn in an area, Lady Ignal's on the board only with its deed (escorted by a seat in "
    "play), the Corsair's only while its deed is not accomplished",
    "solo: one seat, no glory, no chronicle entry or objective; tasks done in order, each with the recharge "
    "actions taken by then; the 4th wins and the losing recharge action loses, at once",
)

(CK_SHIP_WORKERS, CK_HERO_WORKERS, CK_HERO_MAX, CK_RANK, CK_MORALE, CK_BLESSINGS, CK_BLESSING_LIMIT, CK_ANGELS,
 CK_ANGEL_PAWNS, CK_SHIELDS, CK_LORD_STATE, CK_LORD_STACK, CK_DEED_AREAS, CK_LORD_AREAS, CK_LORD_PAWN,
 CK_CURSES, CK_DEEDS, CK_JOURNEY_PLACE, CK_JOURNEY_NATION, CK_JOURNEY_DECK, CK_HAND, CK_UPGRADE_PLACE,
 CK_UPGRADE_NATION, CK_UPGRADE_DECK, CK_MARKET, CK_UPGRADES_IN_PLAY, CK_UPGRADE_COUNTS, CK_UPGRADE_BOX,
 CK_EVENTS, CK_POWER, CK_DEMONS, CK_COINS_GLORY, CK_PROTECTION, CK_CHRONICLE, CK_END, CK_STACK,
 CK_BOARD, CK_SOLO) = range(1, len(CHECKS) + 1)


# ---------------------------------------------------------------- bit sets of up to 128 items
@tiny
def _bit(k):
    return np.int64(1) << np.int64(k & 63)


@tiny
def _in(lo, hi, k):
    return ((lo if k < 64 else hi) & _bit(k)) != 0


@tiny
def _with(lo, hi, k):
    if k < 64:
        return lo | _bit(k), hi
    return lo, hi | _bit(k)


# ---------------------------------------------------------------- byte fields, 8 per word (counts per seat and place)
@tiny
def _field(f, v):
    """v in byte field f % 8 of its word (f // 8)."""
    return (np.int64(v) & 255) << np.int64(8 * (f & 7))


@tiny
def _fields_match(S, at, w, k, limit):
    """Whether word k's 8 byte fields equal S[at + 8 k + j] (fields below `limit` only)."""
    for j in range(8):
        f = 8 * k + j
        if f < limit and (w >> np.int64(8 * j)) & 255 != S[at + f]:
            return False
    return True


# ---------------------------------------------------------------- the seats' own components
@hot
def check_seats(S, C, NS, PR):
    n = S[S_N]
    for p in range(n):
        on, mx = S[S_ON_SHIP + p], S[S_MAX_WORKERS + p]
        if on < 0 or on > mx or mx > WORKER_PAWNS:
            return CK_SHIP_WORKERS
    for p in range(n):
        w = 0
        for h in range(N_HEROES):
            w += S[S_HERO_WORKERS + p * N_HEROES + h]
        if w > S[S_MAX_WORKERS + p] - S[S_ON_SHIP + p]:
            return CK_HERO_WORKERS
    for p in range(n):
        for h in range(N_HEROES):
            w = S[S_HERO_WORKERS + p * N_HEROES + h]
            if w < 0 or w > C[C_MAX_ACTIVATIONS]:
                return CK_HERO_MAX
    for p in range(n):
        for h in range(N_HEROES):
            r = S[S_RANK + p * N_HEROES + h]
            if r < 1 or r > NS[p, NS_N_RANKS + h]:
                return CK_RANK
    for p in range(n):
        for h in range(N_HEROES):
            m = S[S_MORALE + p * N_HEROES + h]
            if m < 0 or m > NS[p, NS_N_MORALE + h]:
                return CK_MORALE
    return 0


@hot
def check_tokens(S, C):
    """Blessing tokens, Angels and their pawns, shields."""
    n = S[S_N]
    total = S[S_SUPPLY_BLESSINGS]
    bad = S[S_SUPPLY_BLESSINGS] < 0
    for c in range(1, C[C_N_CORNERS] + 1):
        total += S[S_CORNER_TOKENS + c]
        bad = bad or S[S_CORNER_TOKENS + c] < 0
    for p in range(n):
        total += S[S_BLESSINGS + p]
        bad = bad or S[S_BLESSINGS + p] < 0
    if bad or total != C[C_BLESSING_TOKENS]:
        return CK_BLESSINGS
    for p in range(n):
        if S[S_BLESSINGS + p] > S[S_BLESSING_LIMIT + p]:
            return CK_BLESSING_LIMIT
    on_board = 0
    for a in range(C[C_N_ANGELS]):
        s = S[S_ANGEL + a]
        if s == ANG_BOARD:
            on_board += 1
        elif not (s == ANG_BOX or ANG_HERO <= s < ANG_HERO + n or ANG_PATRON <= s < ANG_PATRON + n):
            return CK_ANGELS
    pawns = on_board
    for p in range(n):
        if S[S_ATTACKS + p] < 0:
            return CK_ANGEL_PAWNS
        pawns += S[S_ATTACKS + p]
    if pawns > ANGEL_PAWNS:
        return CK_ANGEL_PAWNS
    total = S[S_SUPPLY_SHIELDS]
    bad = S[S_SUPPLY_SHIELDS] < 0
    for p in range(n):
        total += S[S_SHIELDS + p]
        bad = bad or S[S_SHIELDS + p] < 0
    if bad or total != C[C_SHIELDS]:
        return CK_SHIELDS
    return 0


# ---------------------------------------------------------------- Demon Lords and deeds
@hot
def check_lords(S, C):
    n_lords = C[C_N_LORDS]
    for lo in range(n_lords):
        if S[S_LORD + lo] < LS_STACK or S[S_LORD + lo] > LS_BOX:
            return CK_LORD_STATE
    k = S[S_LORD_STACK_N]
    if k < 0 or k > n_lords:
        return CK_LORD_STACK
    seen = np.int64(0)
    for i in range(k):
        lo = S[S_LORD_STACK + i]
        if lo < 0 or lo >= n_lords or S[S_LORD + lo] != LS_STACK or (seen & _bit(lo)) != 0:
            return CK_LORD_STACK
        seen |= _bit(lo)
    stacked = 0
    for lo in range(n_lords):
        if S[S_LORD + lo] == LS_STACK:
            stacked += 1
    if stacked != k:
        return CK_LORD_STACK
    if S[S_DEED_AT] != -1:
        return CK_DEED_AREAS
    for d in range(1, N_DEED_AREAS + 1):
        at = S[S_DEED_AT + d]
        if not (at == -1 or 0 <= at < C[C_N_DEEDS] or LORD <= at < LORD + n_lords):
            return CK_DEED_AREAS
    seen = np.int64(0)
    for d in range(1, N_DEED_AREAS + 1):
        at = S[S_DEED_AT + d]
        if at >= LORD:
            lo = at - LORD
            if S[S_LORD + lo] != LS_BOARD or (seen & _bit(lo)) != 0:
                return CK_LORD_AREAS
            seen |= _bit(lo)
    for lo in range(n_lords):
        if S[S_LORD + lo] == LS_BOARD and (seen & _bit(lo)) == 0:
            return CK_LORD_AREAS
    # the placement tokens: 6 at the bottom, each used once; the pawn on the top one
    t = S[S_PLACEMENT_N]
    if t < 0 or t > N_DEED_AREAS or (t > 0 and S[S_PLACEMENT] != N_DEED_AREAS):
        return CK_LORD_PAWN
    seen = np.int64(0)
    for i in range(t):
        d = S[S_PLACEMENT + i]
        if d < 1 or d > N_DEED_AREAS or (seen & _bit(d)) != 0:
            return CK_LORD_PAWN
        seen |= _bit(d)
    if S[S_PAWN] != (S[S_PLACEMENT + t - 1] if t > 0 else 0):
        return CK_LORD_PAWN
    if n_lords - k != N_DEED_AREAS - t:
        return CK_LORD_PAWN
    nc = S[S_N_CURSES]
    if nc < 0 or nc > C[C_MAX_CURSES]:
        return CK_CURSES
    seen = np.int64(0)
    for i in range(nc):
        lo = S[S_CURSES + i]
        if lo < 0 or lo >= n_lords or S[S_LORD + lo] != LS_BOARD or (seen & _bit(lo)) != 0:
            return CK_CURSES
        seen |= _bit(lo)
    # deeds (up to MAX_DEEDS = 32: one word)
    seen = np.int64(0)
    for d in range(1, N_DEED_AREAS + 1):
        at = S[S_DEED_AT + d]
        if 0 <= at < LORD:
            if S[S_DEED + at] != DS_BOARD or (seen & _bit(at)) != 0:
                return CK_DEEDS
            seen |= _bit(at)
    for e in range(C[C_N_DEEDS]):
        s = S[S_DEED + e]
        if s < 0 or s > DS_REMOVED or (s == DS_BOARD and (seen & _bit(e)) == 0):
            return CK_DEEDS
    return 0


# ---------------------------------------------------------------- cards
# One pass over the cards collects every count and flag; the checks then report in code order.
@hot
def check_journey(S, C, NS):
    n = S[S_N]
    nj = C[C_N_JOURNEY]
    bad_place = False
    bad_nation = False
    in_deck = 0
    hands = np.int64(0)                 # general cards in each seat's hand, 8 bits per seat
    for j in range(nj):
        loc = S[S_JLOC + j]
        nat = C[C_J_NATION + j]
        if loc == J_DECK or loc == J_DISCARD:
            in_deck += loc == J_DECK
            bad_nation = bad_nation or nat >= 0
        elif loc != J_BOX:
            q = (loc - J_HAND) % MAX_PLAYERS
            if loc < J_HAND or loc >= J_PLAYED + MAX_PLAYERS or q >= n:
                bad_place = True
            elif nat >= 0:
                bad_nation = bad_nation or NS[q, NS_NATION] != nat
            elif loc < J_WAITING:
                hands += np.int64(1) << np.int64(8 * q)
    if bad_place:
        return CK_JOURNEY_PLACE
    if bad_nation:
        return CK_JOURNEY_NATION
    k = S[S_JDECK_N]
    if k != in_deck:
        return CK_JOURNEY_DECK
    lo = np.int64(0)
    hi = np.int64(0)
    for i in range(k):
        j = S[S_JDECK + i]
        if j < 0 or j >= nj or S[S_JLOC + j] != J_DECK or _in(lo, hi, j):
            return CK_JOURNEY_DECK
        lo, hi = _with(lo, hi, j)
    for p in range(n):
        if (hands >> np.int64(8 * p)) & 255 != S[S_N_HAND + p]:
            return CK_HAND
    return 0


@hot
def check_upgrades(S, C, NS):
    n = S[S_N]
    nu = C[C_N_UPGRADES]
    general = C[C_N_GENERAL_UPGRADES]
    bad_place = False
    bad_nation = False
    bad_play = False
    in_deck = 0
    in_market = 0
    boxed = 0                           # general upgrades in the box
    bad_flags = False                   # an upgrade's flag missing from S_UFLAGS at its place
    # byte fields: upgrades at each seat * U_PLACES + place (p0..p4), market upgrades at each
    # seat * N_HEROES + hero (h0..h3)
    p0 = p1 = p2 = p3 = p4 = np.int64(0)
    h0 = h1 = h2 = h3 = np.int64(0)
    for u in range(nu):
        loc = S[S_ULOC + u]
        nat = C[C_U_NATION + u]
        if loc <= U_BOX:
            if loc < U_DECK:
                bad_place = True
            elif loc == U_BOX:
                boxed += u < general
            else:
                in_deck += loc == U_DECK
                in_market += loc == U_MARKET
                bad_nation = bad_nation or nat >= 0
        elif loc < U_PLAY:
            q = loc - U_HAND
            if q >= n:
                bad_place = True
            elif nat >= 0:
                bad_nation = bad_nation or NS[q, NS_NATION] != nat
        else:
            q = (loc - U_PLAY) // U_PLACES
            place = (loc - U_PLAY) % U_PLACES
            if q >= n or place > U_SHIP_PLACE:
                bad_place = True
                continue
            if nat >= 0:
                bad_nation = bad_nation or NS[q, NS_NATION] != nat
            f = q * U_PLACES + place
            bad_flags = bad_flags or (C[C_U_FLAGS + u] & ~S[S_UFLAGS + f]) != 0
            one = _field(f, 1)
            k = f >> 3
            if k == 0:
                p0 += one
            elif k == 1:
                p1 += one
            elif k == 2:
                p2 += one
            elif k == 3:
                p3 += one
            else:
                p4 += one
            if C[C_U_SHIP + u]:
                bad_play = bad_play or place != U_SHIP_PLACE
            elif place >= N_HEROES or (C[C_U_HERO + u] >= 0 and place != C[C_U_HERO + u]):
                bad_play = True
            elif u < general:
                f = q * N_HEROES + place
                one = _field(f, 1)
                k = f >> 3
                if k == 0:
                    h0 += one
                elif k == 1:
                    h1 += one
                elif k == 2:
                    h2 += one
                else:
                    h3 += one
    if bad_place:
        return CK_UPGRADE_PLACE
    if bad_nation:
        return CK_UPGRADE_NATION
    k = S[S_UDECK_N]
    if k != in_deck:
        return CK_UPGRADE_DECK
    lo = np.int64(0)
    hi = np.int64(0)
    for i in range(k):
        u = S[S_UDECK + i]
        if u < 0 or u >= nu or S[S_ULOC + u] != U_DECK or _in(lo, hi, u):
            return CK_UPGRADE_DECK
        lo, hi = _with(lo, hi, u)
    listed = 0
    for m in range(4):
        u = S[S_MARKET + m]
        if u == -1:
            continue
        if m >= C[C_MARKET] or u < 0 or u >= nu or S[S_ULOC + u] != U_MARKET:
            return CK_MARKET
        for earlier in range(m):
            if S[S_MARKET + earlier] == u:
                return CK_MARKET
        listed += 1
    if listed != in_market:
        return CK_MARKET
    if bad_play:
        return CK_UPGRADES_IN_PLAY
    for k in range(4):
        w = h0 if k == 0 else h1 if k == 1 else h2 if k == 2 else h3
        for j in range(8):
            if (w >> np.int64(8 * j)) & 255 > C[C_HERO_UPGRADES]:
                return CK_UPGRADES_IN_PLAY
    lim = MAX_PLAYERS * U_PLACES
    if bad_flags or not (_fields_match(S, S_AT_PLACE, p0, 0, lim) and _fields_match(S, S_AT_PLACE, p1, 1, lim)
                         and _fields_match(S, S_AT_PLACE, p2, 2, lim) and _fields_match(S, S_AT_PLACE, p3, 3, lim)
                         and _fields_match(S, S_AT_PLACE, p4, 4, lim)):
        return CK_UPGRADE_COUNTS
    for f in range(lim):                # a place's flags are its upgrades' (flags are rare: few places to redo)
        if S[S_UFLAGS + f] != 0:
            fl = 0
            for u in range(nu):
                if S[S_ULOC + u] == U_PLAY + f:
                    fl |= C[C_U_FLAGS + u]
            if fl != S[S_UFLAGS + f]:
                return CK_UPGRADE_COUNTS
    lim = MAX_PLAYERS * N_HEROES
    if not (_fields_match(S, S_HERO_MARKET, h0, 0, lim) and _fields_match(S, S_HERO_MARKET, h1, 1, lim)
            and _fields_match(S, S_HERO_MARKET, h2, 2, lim) and _fields_match(S, S_HERO_MARKET, h3, 3, lim)):
        return CK_UPGRADE_COUNTS
    for q in range(n):
        total = 0
        for place in range(U_PLACES):
            total += S[S_AT_PLACE + q * U_PLACES + place]
        if S[S_N_UPGRADES + q] != total:
            return CK_UPGRADE_COUNTS
    # the attach frames' upgrades wait in the box; a general upgrade in the box is one of them
    attached = 0
    lo = np.int64(0)
    hi = np.int64(0)
    for i in range(min(S[S_SP], MAX_FRAMES)):
        at = S_STACK + i * FRAME
        if S[at + FR_KIND] == F_ATTACH and S[at + ATTACH_KIND] != ATTACH_TROPHY:
            u = S[at + ATTACH_ITEM]
            if u < 0 or u >= nu or S[S_ULOC + u] != U_BOX or _in(lo, hi, u):
                return CK_UPGRADE_BOX
            lo, hi = _with(lo, hi, u)
            if u < general:
                attached += 1
    if boxed != attached:
        return CK_UPGRADE_BOX
    ne = C[C_N_EVENTS]
    k = S[S_EDECK_N]
    if k < 0 or k > ne:
        return CK_EVENTS
    lo = np.int64(0)
    hi = np.int64(0)
    for i in range(k):
        e = S[S_EDECK + i]
        if e < 0 or e >= ne or _in(lo, hi, e):
            return CK_EVENTS
        lo, hi = _with(lo, hi, e)
    return 0


# ---------------------------------------------------------------- resources, the track, the stack
@hot
def check_rest(S, C, NS, PR):
    n = S[S_N]
    for p in range(n):
        if power(S, p) > PR[p, PR_MAX_POWER]:
            return CK_POWER
    for p in range(n):
        if demons(S, p) > PR[p, PR_MAX_DEMONS] + PR[p, PR_MAX_STEPS]:
            return CK_DEMONS
    for p in range(n):
        if S[S_COINS + p] < 0 or S[S_GLORY + p] < 0:
            return CK_COINS_GLORY
    for p in range(n):
        low = PR[p, PR_FIXED_PROTECTION] if S[S_FIRST_DONE + p] else 0
        if S[S_PROTECTION + p] < low or S[S_PROTECTION + p] > PR[p, PR_MAX_STEPS]:
            return CK_PROTECTION
    first = C[C_CHRON_FIRST + n]
    length = C[C_CHRON_N]
    nxt = S[S_CHRON_NEXT]
    last = S[S_CHRON_LAST]
    if last < length - 2 or last > length - 1 or nxt < first or nxt > length:
        return CK_CHRONICLE
    for i in range(MAX_CHRONICLE):
        v = S[S_CHRON + i]
        if (first <= i < nxt and not 0 <= v < n) or ((i < first or i >= nxt) and v != -1):
            return CK_CHRONICLE
    e = S[S_END_SEAT]
    if e < -1 or e >= n or (e >= 0) != (nxt > last):
        return CK_END
    sp = S[S_SP]
    if sp < 0 or sp > MAX_FRAMES:
        return CK_STACK
    for i in range(sp):
        at = S_STACK + i * FRAME
        if S[at + FR_KIND] < 0 or S[at + FR_KIND] >= N_FRAME_KINDS or S[at + FR_PLAYER] < 0 or S[at + FR_PLAYER] >= n:
            return CK_STACK
    na = C[C_N_AREAS]
    if S[S_SEAT] < 0 or S[S_SEAT] >= n:
        return CK_BOARD
    for p in range(n):
        if not (-1 <= S[S_AREA + p] < na and -1 <= S[S_START_AREA + p] < na and -1 <= S[S_KRAKEN + p] < na):
            return CK_BOARD
    for x in range(na):
        if S[S_PURIFIED + x] < 0 or S[S_PURIFIED + x] > n:
            return CK_BOARD
    return check_deluxe_pawns(S, C, n, na)


@hot
def check_deluxe_pawns(S, C, n, na):
    """CK_BOARD for the deluxe deeds' pawns (simulate/eos/deluxe.py)."""
    for p in range(n):
        if not -1 <= S[S_SHIP2 + p] < na:
            return CK_BOARD
    ignal = -1
    corsair = -1
    for k in range(C[C_N_DEEDS]):
        if C[C_D_SPECIAL + k] == DK_IGNAL:
            ignal = k
        if C[C_D_SPECIAL + k] == DK_CORSAIR:
            corsair = k
    if not -1 <= S[S_IGNAL] < na or not -1 <= S[S_IGNAL_ESCORT] < n or not -1 <= S[S_CORSAIR] < na:
        return CK_BOARD
    if S[S_IGNAL] >= 0 and (ignal < 0 or S[S_DEED + ignal] != DS_BOARD):
        return CK_BOARD
    if S[S_IGNAL_ESCORT] >= 0 and S[S_IGNAL] < 0:
        return CK_BOARD
    if S[S_CORSAIR] >= 0 and (corsair < 0 or S[S_DEED + corsair] == DS_DONE):
        return CK_BOARD
    return 0


@hot
def check_state(S, C, NS, PR):
    """0 if S keeps every invariant, else the code of the first one broken (``CHECKS``)."""
    code = check_seats(S, C, NS, PR)
    if code == 0:
        code = check_tokens(S, C)
    if code == 0:
        code = check_lords(S, C)
    if code == 0:
        code = check_journey(S, C, NS)
    if code == 0:
        code = check_upgrades(S, C, NS)
    if code == 0:
        code = check_rest(S, C, NS, PR)
    if code == 0:
        code = check_solo(S, C)
    return code


@hot
def check_solo(S, C):
    if S[S_SOLO] != C[C_SOLO]:
        return CK_SOLO
    if S[S_SOLO] == 0:
        return 0
    done = S[S_SOLO_DONE]
    taken = S[S_ACTIONS + A_RECHARGE]
    if S[S_N] != 1 or S[S_GLORY] != 0 or not 0 <= done <= SOLO_TASKS or taken > C[C_SOLO_LOSE_AT]:
        return CK_SOLO
    for i in range(MAX_CHRONICLE):
        if S[S_CHRON + i] != -1:
            return CK_SOLO
    for i in range(OBJECTIVES_IN_PLAY):
        if S[S_OBJ + i] != -1:
            return CK_SOLO
    last = 0
    for k in range(SOLO_TASKS):
        at = S[S_SOLO_AT + k]
        if (k < done) != (at >= 0) or (at >= 0 and (at < last or at > taken)):
            return CK_SOLO
        last = max(last, at)
    won = S[S_ENDED_BY] == END_SOLO_WON
    lost = S[S_ENDED_BY] == END_SOLO_LOST
    if won != (done == SOLO_TASKS) or lost != (taken == C[C_SOLO_LOSE_AT]) or ((won or lost) and S[S_DONE] == 0):
        return CK_SOLO
    return 0
