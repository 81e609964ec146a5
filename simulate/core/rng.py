"""Per-game random numbers: every game seeds its own stream from (run seed, game index).

splitmix64 is both the seed mixer and the generator: tiny state (one uint64),
passes BigCrush, and cheap in numba. Because a game's stream depends only on
(run seed, game index), a game plays the same in a batch of 1 or 100,000, on 1
worker or 64.
"""
import numpy as np
from numba import uint64

from .jit import hot

_GAMMA = uint64(0x9E3779B97F4A7C15)
_M1 = uint64(0xBF58476D1CE4E5B9)
_M2 = uint64(0x94D049BB133111EB)


@hot
def mix64(z):
    z = uint64(z)
    z = (z ^ (z >> uint64(30))) * _M1
    z = (z ^ (z >> uint64(27))) * _M2
    return z ^ (z >> uint64(31))


@hot
def game_seed(run_seed, game_index):
    """The seed of one game: a hash of (run seed, game index)."""
    return mix64(mix64(uint64(run_seed) + _GAMMA) ^ (uint64(game_index) * _GAMMA + _GAMMA))


@hot
def branch_stream(R, key):
    """Switch R to a stream of its own, derived from its state and `key`, and return the
    state to put back (``R[0] = saved``): what a variant deals from it leaves the game's
    other draws as they are without the variant (common random numbers)."""
    saved = R[0]
    R[0] = game_seed(saved, key)
    return saved


@hot
def next_u64(R):
    """Advance the stream in R[0] (a uint64 array of length 1) and return 64 random bits."""
    R[0] += _GAMMA
    return mix64(R[0])


@hot
def below(R, n):
    """A uniform integer in [0, n) (Lemire's multiply-shift on the top 32 bits)."""
    return np.int64(((next_u64(R) >> uint64(32)) * uint64(n)) >> uint64(32))


@hot
def shuffle_range(a, start, n, R):
    """Fisher-Yates shuffle of a[start:start+n] in place."""
    for i in range(n - 1, 0, -1):
        j = below(R, i + 1)
        t = a[start + i]
        a[start + i] = a[start + j]
        a[start + j] = t


@hot
def sort_range(a, start, n):
    """Insertion sort of a[start:start+n] (a pool of cards: small n)."""
    for i in range(start + 1, start + n):
        v = a[i]
        j = i - 1
        while j >= start and a[j] > v:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = v


@hot
def shuffle_unseen(a, start, n, R):
    """Shuffle the unseen cards a[start:start+n] from their sorted order: a redeal of hidden
    cards (the search players') then depends on which cards are unseen, never on how they lay."""
    sort_range(a, start, n)
    shuffle_range(a, start, n, R)
