"""What a seat cannot see, redealt for a search (the kernel contract's ``redeal``, ``search.py``),
keeping every count: the other seats' general journey cards in hand pooled with the journey deck
and dealt again; each other seat's nation journey cards in hand pooled with the ones its nation
never dealt (in the box, never held); the upgrade and event decks and the Demon Lords to spawn
shuffled; the placement tokens between the bottom 6 and the top one (the pawn's area, in sight)
shuffled. Every pool is sorted before it is shuffled on the search's stream, so a redeal depends
on which cards are unseen, never on how they actually lie (the rules: only the faces of cards in
hand are hidden). The pool is a region of SB (``layout.SB_POOL``): hot code allocates nothing."""
from ..core.jit import hot
from ..core.rng import shuffle_unseen
from .layout import (CARD_GAINED, CARD_W, C_J_NATION, C_N_JOURNEY, C_NATION_JOURNEY_N, J_BOX, J_DECK, J_HAND,
                     MAX_PLAYERS, NS_JOURNEY, S_CARD, S_EDECK, S_EDECK_N, S_JDECK, S_JDECK_N, S_JLOC, S_LORD_STACK,
                     S_LORD_STACK_N, S_N, S_N_HAND, S_PLACEMENT, S_PLACEMENT_N, S_UDECK, S_UDECK_N, SB_POOL)


@hot
def redeal_journey(S, C, p, R, SB):
    """The journey deck and the other seats' general cards in hand, pooled and dealt again:
    each hand keeps its count (S_N_HAND), the deck the rest."""
    n = 0
    for i in range(S[S_JDECK_N]):
        SB[SB_POOL + n] = S[S_JDECK + i]
        n += 1
    for j in range(C[C_N_JOURNEY]):
        loc = S[S_JLOC + j]
        if C[C_J_NATION + j] < 0 and J_HAND <= loc < J_HAND + MAX_PLAYERS and loc != J_HAND + p:
            SB[SB_POOL + n] = j
            n += 1
    shuffle_unseen(SB, SB_POOL, n, R)
    k = 0
    for q in range(S[S_N]):
        if q != p:
            for _ in range(S[S_N_HAND + q]):
                S[S_JLOC + SB[SB_POOL + k]] = J_HAND + q
                k += 1
    for i in range(S[S_JDECK_N]):
        S[S_JDECK + i] = SB[SB_POOL + k]
        S[S_JLOC + SB[SB_POOL + k]] = J_DECK
        k += 1


@hot
def redeal_nation_cards(S, C, NS, p, R, SB):
    """Each other seat's nation journey cards in hand, pooled with those its nation never
    dealt (in the box and never held: a discarded one was seen) and dealt again, the hand
    keeping its count."""
    for q in range(S[S_N]):
        if q == p:
            continue
        n = 0
        held = 0
        for i in range(C[C_NATION_JOURNEY_N]):
            j = NS[q, NS_JOURNEY + i]
            loc = S[S_JLOC + j]
            if loc == J_HAND + q:
                held += 1
            elif loc != J_BOX or S[S_CARD + j * CARD_W + CARD_GAINED] != 0:
                continue
            SB[SB_POOL + n] = j
            n += 1
        shuffle_unseen(SB, SB_POOL, n, R)
        for k in range(n):
            S[S_JLOC + SB[SB_POOL + k]] = J_HAND + q if k < held else J_BOX


@hot
def redeal_unseen(S, C, NS, p, R, SB):
    """Redeal what seat p cannot see, keeping every count (the module doc)."""
    redeal_journey(S, C, p, R, SB)
    redeal_nation_cards(S, C, NS, p, R, SB)
    shuffle_unseen(S, S_UDECK, S[S_UDECK_N], R)
    shuffle_unseen(S, S_EDECK, S[S_EDECK_N], R)
    shuffle_unseen(S, S_LORD_STACK, S[S_LORD_STACK_N], R)
    if S[S_PLACEMENT_N] > 2:            # the bottom 6 and the top token (the pawn's area) are in sight
        shuffle_unseen(S, S_PLACEMENT + 1, S[S_PLACEMENT_N] - 2, R)
