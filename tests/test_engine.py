"""AEOLOS's decision stack (simulate/aeolos/engine.py): play stops at every decision, the stack
stays within its room, and a game driven decision by decision is the batch's game."""
import numpy as np
import pytest

from simulate.aeolos import GAME as AEOLOS
from simulate.aeolos import layout as L
from simulate.aeolos.config import load_rules
from simulate.aeolos.engine import advance, choose, decision_kind
from simulate.aeolos.game import buffers, new_game, record, result_arrays
from simulate.aeolos.kernel import play_batch
from simulate.core.rng import below
from strategies import resolve_strategies

VARIANTS = ([], ["tableaus", "poseidon", "challenge", "variable"])


@pytest.mark.parametrize("variants", VARIANTS, ids=lambda v: "+".join(v) or "base")
@pytest.mark.parametrize("n_players", [2, 4])
def test_a_game_driven_decision_by_decision_is_the_batchs(n_players, variants):
    """Random play chosen here in Python, one decision at a time on the game's own stream as the
    random policy draws it: the stack never holds more than MAX_FRAMES frames, every decision
    lists its options (and names its kind), and each game records what the batch records."""
    rules = load_rules(variants=variants) if variants else load_rules()
    POL, W = resolve_strategies(AEOLOS, "random", n_players)[1:]
    games, seats, fdraws, fdraw_n = result_arrays(12)
    play_batch(rules.T, n_players, 5, 0, 12, W, POL, True, games, seats, fdraws, fdraw_n)
    deepest, kinds = 0, set()
    for g in range(12):
        S, R, OPT, _ = buffers()
        LOG = np.zeros((0, L.LOG_COLS), np.int32)
        new_game(rules.T, LOG, n_players, 5, g, S, R)
        S[L.S_CHECK] = 1
        n = advance(S, rules.T, LOG, R, OPT)
        while n > 0:
            deepest = max(deepest, int(S[L.S_FRAMES_N]))
            kinds.add(int(decision_kind(S)))
            assert n <= L.MAX_OPTIONS and (OPT[:n, 0] >= 0).all()
            i = 0
            if n > 1:                                    # as the random policy draws it
                i = below(R, n)
            choose(S, rules.T, LOG, R, OPT, i)
            n = advance(S, rules.T, LOG, R, OPT)
        assert S[L.S_ERROR] == 0 and S[L.S_DONE] == 1 and S[L.S_FRAMES_N] == 0
        row_g, row_s = np.zeros_like(games[:1]), np.zeros_like(seats[:1])
        row_s[0, :, L.P_STRATEGY] = seats[g, :, L.P_STRATEGY]
        record(S, rules.T, 0, row_g, row_s, np.zeros(L.MAX_PLAYERS, np.int64))
        assert (row_g[0] == games[g]).all() and (row_s[0] == seats[g]).all(), g
    assert 3 <= deepest <= L.MAX_FRAMES
    assert {L.DK_WINDOW, L.DK_CARD, L.DK_VALUE, L.DK_MOVE, L.DK_ACTION, L.DK_STEP} <= kinds
