"""The Python face (``GAME.new_state``): OpenSpiel's State over the real kernel.

A face game driven by the heuristic's recorded choices is the batch's game for the
same (seed, index), to the last VP: the face adds no rule of its own."""
import numpy as np
import pytest

from simulate.aeolos import GAME as AEOLOS
from simulate.aeolos.scenario import IllegalChoice
from simulate.aeolos.state import TERMINAL
from simulate.running.bench import record_tape
from strategies import resolve_strategies


@pytest.mark.parametrize("players,names,index", [(2, "greedy", 3), (3, "balanced,favor,greedy", 1)])
def test_a_face_game_following_the_heuristic_is_the_batch_game(players, names, index):
    rules = AEOLOS.load_rules()
    _, POL, W = resolve_strategies(AEOLOS, names, players)
    tape, batch = record_tape(AEOLOS, rules, players, 5, index, 1, POL, W)
    choices = iter(int(i) for i in tape[1:, 0])
    state = AEOLOS.new_state(players, seed=5, game_index=index, rules=rules)
    decisions = 0
    while not state.is_terminal():
        n = len(state.legal_actions())
        assert n >= 1 and 0 <= state.current_player() < players
        state.apply_action(0 if n == 1 else next(choices))     # the tape holds the choices among several
        decisions += 1
    assert next(choices, None) is None                         # every recorded choice was used
    assert decisions > 50
    assert state.scores() == batch.score[0].tolist()
    assert state.returns() == pytest.approx((batch.won[0] / batch.won[0].sum()).tolist())
    assert state.current_player() == TERMINAL and state.legal_actions() == []


def test_actions_are_readable_and_checked():
    state = AEOLOS.new_state(2, seed=1)
    options = state.legal_actions()
    assert all(isinstance(o, str) and o for o in options)
    assert len(options) == len(set(options))
    with pytest.raises(IllegalChoice, match="not offered"):
        state.apply_action("sail to the moon")
    with pytest.raises(IllegalChoice):
        state.apply_action(len(options))
    before = state.current_player()
    state.apply_action(options[0])                               # by its text
    assert "to decide:" in str(state) and "seat 0:" in str(state)
    assert state.current_player() in (0, 1) and before == 0
    assert state.returns() == [0.0, 0.0]                          # nothing won before the end
    with pytest.raises(IllegalChoice):
        state.apply_action(True)                                 # (a bool is no index)
    other = state.clone()                                        # a copy plays on alone
    history, said = list(state.history), str(state)
    while not other.is_terminal():
        other.apply_action(0)
    assert state.history == history and str(state) == said and not state.is_terminal()


def test_random_face_games_end_with_a_winner():
    rng = np.random.default_rng(0)
    state = AEOLOS.new_state(3, seed=2, game_index=4)
    while not state.is_terminal():
        state.apply_action(int(rng.integers(len(state.legal_actions()))))
    assert sum(state.returns()) == pytest.approx(1.0)
    assert max(state.scores()) == state.scores()[state.returns().index(max(state.returns()))]
