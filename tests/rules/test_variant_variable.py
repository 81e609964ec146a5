"""Variant 4: variable harbor actions (rulebook, "Game Variants"). The alternative sides
are assumed data (configs/aeolos/variants/variable.toml)."""
import numpy as np
import pytest

import simulate.aeolos.layout as L
from simulate.aeolos import game as G
from simulate.aeolos.kernel import buffers, check_games, play_batch, result_arrays
from simulate.aeolos.scenario import Scenario, crystal, done, gain_vp, value
from simulate.aeolos.config import load_rules
from simulate.core.errors import UserError
from simulate.aeolos import GAME as AEOLOS
from strategies import resolve_strategies

from .helpers import ready

ALL = list(range(L.N_HARBORS))


def setup_state(rules, players, seed, index=0):
    S, R, _, _ = buffers()
    G.new_game(rules.T, np.zeros((0, L.LOG_COLS), np.int32), players, seed, index, S, R)
    return S


def tokens(S):
    return [int(S[L.S_HARBOR_TOKEN + h]) for h in ALL]


def test_base_game_keeps_each_basic_token_on_its_harbor():
    rules = load_rules()
    S = setup_state(rules, 3, 1)
    assert tokens(S) == ALL
    for h in ALL:
        assert S[L.S_HARBOR_ACTION + h] == rules.T[L.T_HARBOR_ACTION + h]
        assert S[L.S_HARBOR_CRYSTAL + h] == rules.T[L.T_HARBOR_CRYSTAL + h]


def test_every_number_once_its_side_and_place_at_random():
    rules = load_rules(variants=["variable"])
    sides, places = set(), set()
    for index in range(40):
        k = tokens(setup_state(rules, 4, 3, index))
        assert sorted(t % 10 for t in k) == ALL                 # no duplicate number
        sides.add(tuple(sorted(t // 10 for t in k)))
        places.add(tuple(t % 10 for t in k))
    assert len(sides) > 3 and len(places) > 20


def test_crystals_go_where_their_token_lies():
    rules = load_rules(variants=["variable"], overrides={"variable.sides": ["basic"] * 7})
    for index in range(10):
        S = setup_state(rules, 4, 5, index)
        for h in ALL:
            number = int(S[L.S_HARBOR_TOKEN + h]) % 10
            assert S[L.S_HARBOR_CRYSTAL + h] == rules.T[L.T_HARBOR_CRYSTAL + number]
            assert S[L.S_HARBOR_ACTION + h] == rules.T[L.T_HARBOR_ACTION + number]


def test_the_tokens_leave_the_base_games_cards_alone():
    base, variable = load_rules(), load_rules(variants=["variable"])
    for index in range(10):
        a, b = setup_state(base, 3, 2, index), setup_state(variable, 3, 2, index)
        assert np.array_equal(a[L.S_DECK:L.S_DECK + L.MAX_CARDS], b[L.S_DECK:L.S_DECK + L.MAX_CARDS])


def test_an_alternative_side_is_played_at_its_harbor():
    rules = load_rules(variants=["variable"], overrides={"variable.sides": ["alternative"] * 7,
                                                         "variable.shuffle": False})
    g = Scenario(players=4, rules=rules)
    card = ready(g, 0, 3)
    g.ships(0, "harbor 3")
    head = [card, value(3), done()]
    assert sorted(g.offered(*head)) == ["crystal blue", "done", "gain 2 vp"]
    g.turn(*head, gain_vp())
    assert g[0].vp == 2                                       # the alternative 3: blue crystal or 2 VP


def test_a_shuffled_basic_token_acts_at_the_harbor_it_lies_on():
    rules = load_rules(variants=["variable"], overrides={"variable.sides": ["basic"] * 7})
    g = Scenario(players=4, seed=3, rules=rules)
    h = tokens(g.S).index(1)                                  # where the basic 4 (red crystal) lies
    v = h + L.FIRST_HARBOR
    card = ready(g, 0, min(max(v, 3), 10))
    g.ships(0, f"harbor {v}")
    g.turn(card, value(v), done(), crystal("red"))
    assert g[0].crystals == {"red": 1}


@pytest.mark.parametrize("change,words", [({"variable.sides": ["basic"] * 6}, "7 sides"),
                                          ({"variable.sides": ["basic"] * 6 + ["upside down"]}, "unknown value")])
def test_bad_variable_config_is_one_clear_error(change, words):
    with pytest.raises(UserError, match=words):
        load_rules(variants=["variable"], overrides=change)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_of_the_variant_keep_every_rule(players):
    rules = load_rules(variants=["variable"])
    for names in ("random", "balanced"):
        _, POL, W = resolve_strategies(AEOLOS, names, players)
        check_games(rules, players, 3, 2000 if names == "random" else 300, POL, W)
    every = load_rules(variants=["tableaus", "poseidon", "challenge", "variable"])
    _, POL, W = resolve_strategies(AEOLOS, "random", players)
    check_games(every, players, 4, 1000, POL, W)
    _, POL, W = resolve_strategies(AEOLOS, "balanced", players)
    check_games(every, players, 4, 200, POL, W)


def test_strategies_take_the_alternative_actions():
    rules = load_rules(variants=["variable"], overrides={"variable.sides": ["alternative"] * 7,
                                                         "variable.shuffle": False})
    _, POL, W = resolve_strategies(AEOLOS, "balanced", 2)
    g, s, f, fn = result_arrays(300)
    play_batch(rules.T, 2, 8, 0, 300, W, POL, False, g, s, f, fn)
    taken = s[:, :2, G.P_ACTIONS:G.P_ACTIONS + L.N_HARBORS].sum(axis=(0, 1))
    assert (taken > 50).all()                                # every alternative action is used
