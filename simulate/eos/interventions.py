"""EOS's interventions (config ``[intervention]``, ``docs/whatif.md``): what `windtunnel whatif`
changes in the printed game. Each change is made after the part of the deal it touches, from
the same random streams, so that everything else is the printed game's on the same seed
(common random numbers). The batch (``kernel.batch``) and the Python face (``face.State``) call
the same functions, so a replay tells the game the batch recorded.

For the treated seat (game k's seat k mod players): its nation (``treat_nation``, before the
seats' nation rows are copied), the upgrade and the journey card it starts with (``treat_seat``,
after the deal), and the side it must take one Angel on (``chronicle.may_take_side`` reads
``S_TREATED``). For the whole table (in ``setup.new_game``, where the rulebook's setup puts
them): the Demon Lord whose curse is in play from the start (``setup_lord``) and a deed on the
board from the start (``setup_deed``).
"""
from ..core.jit import hot
from ..core.rng import below, branch_stream
from .cards import card_gained, off_pile
from .engine import gain_upgrade
from .layout import (C_D_LEVEL, C_IV_DEED, C_IV_JOURNEY, C_IV_LORD, C_IV_UPGRADE, C_N_LORDS, DEED_LAKE, DS_BOARD,
                     DS_BOX, HOW_DEALT, J_DECK, J_HAND, LORD, S_DEED, S_DEED_AT, S_JDECK, S_JDECK_N, S_JLOC,
                     S_LORD_STACK, S_N_HAND, S_TREATED, S_UDECK, S_UDECK_N, S_ULOC, U_BOX, U_DECK)

LAKE = 6                        # the inner lake's deed area
DEED_STREAM = 0x1DEED           # the stream that draws the deed area of an intervention's deed


@hot
def treat_nation(nat, n_players, t, nation):
    """Seat t plays `nation` (-1: none); the seat dealt it, if any, gets t's nation, and every
    other seat keeps its own (the rest of the deal is the printed game's)."""
    if nation < 0 or nat[t] == nation:
        return
    for q in range(n_players):
        if nat[q] == nation:
            nat[q] = nat[t]
    nat[t] = nation


@hot
def treat_seat(S, C, R, t):
    """After the deal, seat t is the treated seat (S_TREATED, read where its Angel side is
    forced): it holds the journey card C_IV_JOURNEY, out of its place in the deck, and gains
    the upgrade C_IV_UPGRADE, out of the market (refilled from the deck as when a player takes
    one) or its place in the deck, as an upgrade action gains one (a hero upgrade under a hero
    t chooses, a ship upgrade's once-bonus at once: decisions before the setup bonuses). The
    rest of each deck keeps its order. Setup deals no seat a general card, so no swap is needed."""
    S[S_TREATED] = t + 1
    j = C[C_IV_JOURNEY]
    if j >= 0 and S[S_JLOC + j] == J_DECK:
        off_pile(S, S_JDECK, S_JDECK_N, j)
        S[S_JLOC + j] = J_HAND + t
        S[S_N_HAND + t] += 1                # a general card: the hand limit counts it
        card_gained(S, j, t, HOW_DEALT)
    u = C[C_IV_UPGRADE]
    if u >= 0:
        if S[S_ULOC + u] == U_DECK:
            off_pile(S, S_UDECK, S_UDECK_N, u)
            S[S_ULOC + u] = U_BOX           # in transit, as one being attached
        gain_upgrade(S, C, R, t, u, HOW_DEALT)


@hot
def setup_lord(S, C):
    """The Demon Lord C_IV_LORD is the one the setup places ("This curse is in play right from
    the start of the game"): it swaps places in the shuffled stack with the top tile, which
    then spawns when it would have."""
    lord = C[C_IV_LORD]
    if lord < 0:
        return
    top = S_LORD_STACK + C[C_N_LORDS] - 1
    for i in range(C[C_N_LORDS]):
        if S[S_LORD_STACK + i] == lord:
            S[S_LORD_STACK + i] = S[top]
            S[top] = lord
            return


@hot
def setup_deed(S, C, R):
    """The deed C_IV_DEED is on the board from the start (whatever the setup's levels): a lake
    deed on the inner lake, any other on one of the deed areas 1-5 the Demon Lord does not hold,
    drawn from a stream of its own (as likely as any, so a game with it is a game that dealt it;
    the game's stream is left as the printed game's). The deed dealt there goes back to the box."""
    deed = C[C_IV_DEED]
    if deed < 0 or S[S_DEED + deed] == DS_BOARD:
        return
    d = LAKE
    if C[C_D_LEVEL + deed] != DEED_LAKE:
        open_areas = 0
        for e in range(1, LAKE):
            if S[S_DEED_AT + e] < LORD:
                open_areas += 1
        saved = branch_stream(R, DEED_STREAM)
        k = below(R, open_areas)
        R[0] = saved
        for e in range(1, LAKE):
            if S[S_DEED_AT + e] < LORD:
                if k == 0:
                    d = e
                    break
                k -= 1
    old = S[S_DEED_AT + d]
    if old >= 0:
        S[S_DEED + old] = DS_BOX
    S[S_DEED_AT + d] = deed
    S[S_DEED + deed] = DS_BOARD
