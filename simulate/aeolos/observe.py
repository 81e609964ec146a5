"""What a seat may know: the public board plus its own hand and favor cards.

``observe`` turns a state into a seat's view of it (hidden parts zeroed) for
scorers written outside the kernel; ``determinize`` redeals everything the seat cannot
see (deck, other hands, favor deck, other players' favor cards) at random, for
the lookahead's rollouts. Both treat the hidden cards as an unordered pool, so
their output does not depend on how the hidden cards actually lie.
"""
from ..core.jit import hot
from ..core.rng import shuffle_unseen
from .layout import *  # noqa: F403


@hot
def observe(OBS, p):
    """Turn the state OBS into what seat p sees: deck order, other hands, the favor
    deck, other players' favor cards and draws, and the policies' scratch are zeroed
    (counts stay)."""
    S = OBS
    for i in range(MAX_CARDS):
        OBS[S_DECK + i] = 0
    for i in range(MAX_FAVOR):
        OBS[S_FDECK + i] = 0
    for q in range(MAX_PLAYERS):
        if q == p:
            continue
        for i in range(HAND_CAP):
            OBS[S_HAND + q * HAND_CAP + i] = 0
        for f in range(N_FAVOR_TYPES):
            OBS[S_FAVOR + q * N_FAVOR_TYPES + f] = 0
            OBS[S_FAVOR_DRAWN + q * N_FAVOR_TYPES + f] = 0
    for k in range(S[S_FDRAW_N]):
        if S[S_FDRAW + k * 4] != p:
            OBS[S_FDRAW + k * 4 + 1] = -1
    for i in range(S_POLICY_KEY, S_SIZE):
        OBS[i] = 0


@hot
def determinize(S, p, R, WS, at):
    """Redeal the sailing cards and favor cards seat p cannot see, keeping every count.
    WS[at:] is scratch for MAX_CARDS + MAX_FAVOR ints."""
    n_players = S[S_N_PLAYERS]
    # sailing cards: the deck and the other hands
    n = 0
    for i in range(S[S_DECK_N]):
        WS[at + n] = S[S_DECK + i]
        n += 1
    for q in range(n_players):
        if q != p:
            for i in range(S[S_HAND_N + q]):
                WS[at + n] = S[S_HAND + q * HAND_CAP + i]
                n += 1
    shuffle_unseen(WS, at, n, R)
    k = 0
    for i in range(S[S_DECK_N]):
        S[S_DECK + i] = WS[at + k]
        k += 1
    for q in range(n_players):
        if q != p:
            for i in range(S[S_HAND_N + q]):
                S[S_HAND + q * HAND_CAP + i] = WS[at + k]
                k += 1
    # favor cards: the favor deck and the other players' cards (held by type)
    n = 0
    for i in range(S[S_FDECK_N]):
        WS[at + n] = S[S_FDECK + i]
        n += 1
    for q in range(n_players):
        if q != p:
            for f in range(N_FAVOR_TYPES):
                for _ in range(S[S_FAVOR + q * N_FAVOR_TYPES + f]):
                    WS[at + n] = f
                    n += 1
    shuffle_unseen(WS, at, n, R)
    k = 0
    for i in range(S[S_FDECK_N]):
        S[S_FDECK + i] = WS[at + k]
        k += 1
    for q in range(n_players):
        if q != p:
            held = 0
            for f in range(N_FAVOR_TYPES):
                held += S[S_FAVOR + q * N_FAVOR_TYPES + f]
                S[S_FAVOR + q * N_FAVOR_TYPES + f] = 0
            for _ in range(held):
                S[S_FAVOR + q * N_FAVOR_TYPES + WS[at + k]] += 1
                k += 1
