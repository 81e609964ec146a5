"""Charm dice's kernel: the dice game's contract functions (``tests/dicegame/kernel.py``), with
setup dealing each seat a charm (its points, from the start, as bonus points) and the contract's
``hold`` (``simulate/core/contract.py``): the treated seat holds a charm instead of the one dealt."""
import numpy as np

from simulate.core.contract_batch import bind
from simulate.core.jit import hot
from simulate.core.rng import below
from tests.dicegame import kernel as dice
from tests.dicegame.layout import S_BONUS, S_N

POINTS = np.array([0, 2, 5, 10], np.int64)     # tin, copper, silver, gold (``CHARMS``)


@hot
def new_game(S, RD, RP, n_players, run_seed, game_index):
    """The dice game's setup, then a charm for each seat drawn from the bag of four."""
    dice.new_game(S, RD, RP, n_players, run_seed, game_index)
    bag = (1 << len(POINTS)) - 1
    for p in range(n_players):
        k = below(RD, len(POINTS) - p)
        for c in range(len(POINTS)):                     # the k-th charm still in the bag
            if bag & (1 << c):
                if k == 0:
                    bag &= ~(1 << c)
                    S[S_BONUS + p] = POINTS[c]
                    break
                k -= 1
    return 0


@hot
def hold(S, T, p, c, item):
    """Seat p holds charm `item` (class c: charms, the only one): a seat dealt it gets p's charm
    (else it was in the bag, which takes p's), every charm in play once."""
    want, mine = POINTS[item], S[S_BONUS + p]
    for q in range(S[S_N]):
        if S[S_BONUS + q] == want:
            S[S_BONUS + q] = mine
    S[S_BONUS + p] = want
    return 0


PLAY = bind(__name__, options=dice.options, apply=dice.apply, to_move=dice.to_move, value=dice.value,
            scores=dice.option_scores, new_game=new_game, check=dice.check, record=dice.record, hold=hold)
