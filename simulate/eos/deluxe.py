"""The deluxe epic deeds' pieces and rules that are no action symbol (rulebook: "References ->
Epic Deeds", the deeds marked (Deluxe); configs/eos/modules/deluxe.toml, flags/deluxe.toml).

The white ship pawn of Escort the Lady Ignal (``S_IGNAL``, its escort ``S_IGNAL_ESCORT``), the
Roaming Corsair's pawn (``S_CORSAIR``) and the Plague Ship's covered slots (``S_COVERED``)
live here; sailing, the chronicle and the engine call these where the rulebook applies them.
Without the deluxe module no deed has a special (``C_D_SPECIAL``) and no pawn is on the board,
so none of this changes a base game.
"""
from ..core.jit import hot
from .cards import printed_slot_reward, ship_slots
from .frames import push
from .layout import (AREA_OCEAN, C_ADJ, C_ADJ_START, C_AREA_DEED, C_AREA_KIND, C_D_SPECIAL, C_DEED_AREA,
                     C_N_DEEDS, DK_CORSAIR, DK_IGNAL, DK_PLAGUE, DS_BOARD, F_COVER, LORD, MAX_PLAYERS, S_BLESSINGS,
                     S_CORSAIR, S_COVERED, S_DEED, S_DEED_AT, S_IGNAL, S_IGNAL_ESCORT, S_MAX_WORKERS,
                     S_SUPPLY_BLESSINGS, AREA_DEED, S_ABYSS_HERO, S_SHIP2, S_SHIP2_START)

LAKE = 6


@hot
def place_pawns(S, C):
    """Setup: no second ship pawn, no permanent worker; the white ship pawn on the inner lake
    while Lady Ignal's deed is on the board; the Corsair's pawn on its deed's area (ASSUMED)."""
    for p in range(MAX_PLAYERS):
        S[S_SHIP2 + p] = -1
        S[S_SHIP2_START + p] = -1
        S[S_ABYSS_HERO + p] = -1
    S[S_IGNAL] = -1
    S[S_IGNAL_ESCORT] = -1
    S[S_CORSAIR] = -1
    for d in range(1, 7):
        at = S[S_DEED_AT + d]
        if 0 <= at < LORD and C[C_D_SPECIAL + at] == DK_IGNAL:
            S[S_IGNAL] = C[C_DEED_AREA + LAKE]
        if 0 <= at < LORD and C[C_D_SPECIAL + at] == DK_CORSAIR:
            S[S_CORSAIR] = C[C_DEED_AREA + d]


@hot
def special_at(S, C, x):
    """The special (DK_*) of the deed on area x (DK_NONE: none, or no deed there)."""
    if C[C_AREA_KIND + x] != AREA_DEED:
        return 0
    at = S[S_DEED_AT + C[C_AREA_DEED + x]]
    return C[C_D_SPECIAL + at] if 0 <= at < LORD else 0


@hot
def coverable_slot(S, C, NS, p, k0):
    """The first slot k >= k0 of p's ship the Plague Ship lets p cover: in use, with a reward,
    not covered yet ("You may not choose slots that don't give a reward"); -1: none."""
    for k in range(k0, min(S[S_MAX_WORKERS + p], ship_slots(S, C, NS, p))):
        if not (S[S_COVERED + p] >> k) & 1 and printed_slot_reward(S, C, NS, p, k) >= 0:
            return k
    return -1


@hot
def toll_payable(S, C, NS, p, x):
    """The deluxe costs of entering x that are no challenge icon: the Corsair's pawn's area
    takes a blessing token, the Plague Ship's area a slot to cover."""
    if x == S[S_CORSAIR] and S[S_BLESSINGS + p] < 1:
        return False
    if special_at(S, C, x) == DK_PLAGUE and coverable_slot(S, C, NS, p, 0) < 0:
        return False
    return True


@hot
def pay_toll(S, C, p, x):
    """Entering x: the Corsair's blessing token, the Plague Ship's cover (F_COVER asks which)."""
    if x == S[S_CORSAIR] and S[S_BLESSINGS + p] > 0:
        S[S_BLESSINGS + p] -= 1
        S[S_SUPPLY_BLESSINGS] += 1
    if special_at(S, C, x) == DK_PLAGUE:
        push(S, F_COVER, p, 0, 0, 0, 0, 0, 0)


@hot
def escort(S, p, x):
    """A ship pawn of p entered x: it starts Lady Ignal's escort there if nobody has ("Once a
    player has started the escort, no other players may attempt it"); the escort's pawn
    carries the white pawn along."""
    if S[S_IGNAL] < 0:
        return
    if S[S_IGNAL_ESCORT] < 0 and S[S_IGNAL] == x:
        S[S_IGNAL_ESCORT] = p
    elif S[S_IGNAL_ESCORT] == p:
        S[S_IGNAL] = x


@hot
def corsair_roams(S, C):
    """At each event card the Corsair's pawn moves to the neighbouring ocean area with the next
    higher index, from the highest to the lowest (ASSUMED: the rulebook prints no route)."""
    x = S[S_CORSAIR]
    if x < 0:
        return
    low = -1
    up = -1
    for k in range(C[C_ADJ_START + x], C[C_ADJ_START + x + 1]):
        y = C[C_ADJ + k]
        if C[C_AREA_KIND + y] != AREA_OCEAN:
            continue
        if low < 0 or y < low:
            low = y
        if y > x and (up < 0 or y < up):
            up = y
    if up >= 0:
        S[S_CORSAIR] = up
    elif low >= 0:
        S[S_CORSAIR] = low


@hot
def deed_here(S, C, p, x):
    """The deed p may accomplish with a pawn in area x (-1: none): the deed on x's tile
    (not the Corsair's, whose tile's area "is considered empty"; Lady Ignal's only for its
    escort with the white pawn there), or the Corsair's deed where its pawn is."""
    if x == S[S_CORSAIR]:
        for k in range(C[C_N_DEEDS]):
            if C[C_D_SPECIAL + k] == DK_CORSAIR and S[S_DEED + k] == DS_BOARD:
                return k
    if C[C_AREA_KIND + x] != AREA_DEED:
        return -1
    at = S[S_DEED_AT + C[C_AREA_DEED + x]]
    if at < 0 or at >= LORD or C[C_D_SPECIAL + at] == DK_CORSAIR:
        return -1
    if C[C_D_SPECIAL + at] == DK_IGNAL and (S[S_IGNAL_ESCORT] != p or S[S_IGNAL] != x):
        return -1
    return at


@hot
def deed_leaves(S, C, n_players, k, done):
    """Deed k leaves the board, accomplished (`done`) or removed by a spawn: Lady Ignal's white
    pawn goes either way; the Corsair's pawn only with the deed accomplished ("This challenge
    stays in play even if the corresponding deed tile is removed"); the Plague Ship
    accomplished uncovers every player's slots."""
    kind = C[C_D_SPECIAL + k]
    if kind == DK_IGNAL:
        S[S_IGNAL] = -1
        S[S_IGNAL_ESCORT] = -1
    elif kind == DK_CORSAIR and done:
        S[S_CORSAIR] = -1
    elif kind == DK_PLAGUE and done:
        for q in range(n_players):
            S[S_COVERED + q] = 0
