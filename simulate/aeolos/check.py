"""Check mode: conservation of every AEOLOS component, asserted after each step.

``check_state`` returns the first violation as a CHK_* code (0 if the state is
sound); the caller stops the game and reports the seed, the turn and
``CHECK_MESSAGES[code]``.
"""
import numpy as np
from ..core.jit import hot, tiny

from .layout import *  # noqa: F403
from .pieces import hand_limit


@tiny
def mark_seen(seen, card):
    bit = np.uint64(1) << np.uint64(card)
    return seen | bit, (seen & bit) != 0


@hot
def check_state(S, T, end_of_turn):
    n = S[S_N_PLAYERS]
    # crystals: board + players + box = supply, none negative
    for c in range(N_COLOURS):
        total = S[S_BOARD_CRYSTAL + c] + S[S_BOX_CRYSTAL + c]
        if S[S_BOARD_CRYSTAL + c] < 0 or S[S_BOX_CRYSTAL + c] < 0:
            return CHK_CRYSTALS
        for p in range(n):
            if S[S_CRYSTALS + p * N_COLOURS + c] < 0:
                return CHK_CRYSTALS
            total += S[S_CRYSTALS + p * N_COLOURS + c]
        if total != T[T_CRYSTAL_SUPPLY + c]:
            return CHK_CRYSTALS
    # wind tokens
    wind = S[S_WIND_SUPPLY]
    if wind < 0:
        return CHK_WIND
    for p in range(n):
        if S[S_WIND + p] < 0:
            return CHK_WIND
        wind += S[S_WIND + p]
    if wind != T[T_WIND_TOKENS]:
        return CHK_WIND
    # ships, settlements, prophets, VP
    for p in range(n):
        pieces = 0
        built = 0
        for i in range(MAX_SHIPS):
            loc = S[S_SHIP_LOC + p * MAX_SHIPS + i]
            if loc == LOC_NONE:
                continue
            pieces += 1
            if loc != LOC_SUPPLY:
                built += 1
            if loc >= LOC_PLACE and S[S_PLACE_OWNER + loc - LOC_PLACE] != p * 2 + PIECE_SHIP:
                return CHK_PLACES
            if loc >= N_LOC or (loc >= LOC_RIVER and loc < LOC_PLACE and loc - LOC_RIVER >= T[T_N_SPACES]):
                return CHK_SHIPS
        if pieces != T[T_SHIPS_TABLEAU] + T[T_SHIPS_SUPPLY]:
            return CHK_SHIPS
        if built - T[T_SHIPS_TABLEAU] != S[S_SHIPS_BUILT + p]:
            return CHK_SHIPS
        settled = 0
        for h in range(N_HARBORS):
            settled += S[S_SETTLED + p * N_HARBORS + h]
        if S[S_SETTLE_LEFT + p] < 0 or settled + S[S_SETTLE_LEFT + p] != T[T_SETTLEMENTS]:
            return CHK_SETTLEMENTS
        if S[S_PROPHET + p] < 0 or S[S_PROPHET + p] > PROPHET_TEMPLE:
            return CHK_PROPHET
        on_place = 0
        for k in range(T[T_N_PLACES]):
            if S[S_PLACE_OWNER + k] == p * 2 + PIECE_PROPHET:
                on_place += 1
        if on_place != (1 if S[S_PROPHET + p] == PROPHET_TEMPLE else 0):
            return CHK_PROPHET
        src_sum = T[T_START_VP] + (T[T_IV_VP] if S[S_TREATED] == p + 1 else 0)
        for s in range(N_SRC):
            src_sum += S[S_VP_SRC + p * N_SRC + s]
        if src_sum != S[S_VP + p]:
            return CHK_VP
        if S[S_VP + p] < 0 and T[T_NEGATIVE_VP] == 0:
            return CHK_NEGATIVE
        if S[S_HAND_N + p] < 0 or S[S_HAND_N + p] > HAND_CAP:
            return CHK_HAND
        if end_of_turn and S[S_HAND_N + p] > hand_limit(S, T, p):
            return CHK_HAND
    for h in range(N_HARBORS):
        if S[S_SPACES_FREE + h] < 0:
            return CHK_SETTLEMENTS
    if T[T_POSEIDON]:
        err = check_poseidon(S, T)
        if err:
            return err
    if T[T_ONE_SHIP_PER_SPACE]:
        for s in range(T[T_N_SPACES]):
            ships = 0
            for i in range(MAX_PLAYERS * MAX_SHIPS):
                ships += 1 if S[S_SHIP_LOC + i] == LOC_RIVER + s else 0
            if ships > 1:
                return CHK_RIVER
    # temple places: each owner's piece is really there
    for k in range(T[T_N_PLACES]):
        o = S[S_PLACE_OWNER + k]
        if o >= 0:
            q = o // 2
            if q >= n:
                return CHK_PLACES
            if o % 2 == PIECE_SHIP:
                found = 0
                for i in range(MAX_SHIPS):
                    if S[S_SHIP_LOC + q * MAX_SHIPS + i] == LOC_PLACE + k:
                        found += 1
                if found != 1:
                    return CHK_PLACES
    # sailing cards: every card exactly once in deck, hands, piles or the box
    # (a bit per card: MAX_CARDS is 64; hot code may not allocate)
    seen = np.uint64(0)
    total = S[S_BOX_N] + S[S_DECK_N]
    for i in range(S[S_DECK_N]):
        seen, dup = mark_seen(seen, S[S_DECK + i])
        if dup:
            return CHK_CARDS
    for p in range(n):
        total += S[S_HAND_N + p]
        for i in range(S[S_HAND_N + p]):
            seen, dup = mark_seen(seen, S[S_HAND + p * HAND_CAP + i])
            if dup:
                return CHK_CARDS
    for pile in range(2):
        for i in range(S[S_PILE_N + pile]):
            c = S[S_PILE + pile * MAX_CARDS + i]
            seen, dup = mark_seen(seen, c)
            if dup:
                return CHK_CARDS
            if c < T[T_N_CARDS]:
                total += 1
    if total != T[T_N_CARDS]:
        return CHK_CARDS
    # favor cards, by type
    for f in range(N_FAVOR_TYPES):
        k = 0
        for i in range(S[S_FDECK_N]):
            if S[S_FDECK + i] == f:
                k += 1
        for i in range(S[S_FDISC_N]):
            if S[S_FDISC + i] == f:
                k += 1
        for p in range(n):
            if S[S_FAVOR + p * N_FAVOR_TYPES + f] < 0:
                return CHK_FAVOR
            k += S[S_FAVOR + p * N_FAVOR_TYPES + f]
        if k != T[T_FAVOR_COUNT + f]:
            return CHK_FAVOR
    return CHK_OK


@hot
def check_poseidon(S, T):
    """Variant 2: every token once, face down or in front of a full harbor."""
    for k in range(T[T_N_POSEIDON]):
        seen = 0
        for i in range(S[S_POSEIDON_N]):
            seen += 1 if S[S_POSEIDON_PILE + i] == k else 0
        for h in range(N_HARBORS):
            seen += 1 if S[S_POSEIDON_AT + h] == k else 0
        if seen != 1:
            return CHK_POSEIDON
    for h in range(N_HARBORS):
        if S[S_POSEIDON_AT + h] >= 0 and S[S_SPACES_FREE + h] > 0:
            return CHK_POSEIDON
    return 0
