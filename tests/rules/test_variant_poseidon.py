"""Variant 2: the Poseidon expansion (rulebook, "Game Variants"). The token effects are
assumed data (configs/aeolos/variants/poseidon.toml); the tests read them from the config."""
import numpy as np
import pytest

import simulate.aeolos.layout as L
from simulate.aeolos import game as G
from simulate.aeolos.kernel import buffers, check_games
from simulate.aeolos.scenario import Scenario, done, favor, move, settle, value
from simulate.aeolos.config import load_rules
from simulate.core.errors import UserError
from simulate.aeolos import GAME as AEOLOS
from strategies import resolve_strategies

from .helpers import ready

# tokens of the shipped config, by effect
PLUS_2_WIND, PLUS_3_VP, MINUS_2_WIND, MINUS_2_VP = 0, 1, 4, 5


@pytest.fixture(scope="module")
def poseidon():
    return load_rules(variants=["poseidon"])


def test_the_token_numbers_the_tests_use(poseidon):
    T = poseidon.T
    assert (T[L.T_POSEIDON_WIND + PLUS_2_WIND], T[L.T_POSEIDON_VP + PLUS_2_WIND]) == (2, 0)
    assert (T[L.T_POSEIDON_WIND + PLUS_3_VP], T[L.T_POSEIDON_VP + PLUS_3_VP]) == (0, 3)
    assert (T[L.T_POSEIDON_WIND + MINUS_2_WIND], T[L.T_POSEIDON_VP + MINUS_2_WIND]) == (-2, 0)
    assert (T[L.T_POSEIDON_WIND + MINUS_2_VP], T[L.T_POSEIDON_VP + MINUS_2_VP]) == (0, -2)
    assert T[L.T_N_POSEIDON] == 7 and T[L.T_NO_WIND_VP] == 1


def setup_state(rules, players, seed, index=0):
    S, R, _, _ = buffers()
    G.new_game(rules.T, np.zeros((0, L.LOG_COLS), np.int32), players, seed, index, S, R)
    return S


def sailing_in(rules, v=4, token=PLUS_2_WIND, wind=2, ships=("harbor 9",)):
    """Seat 0 can sail a ship into harbor v, in front of which `token` lies."""
    g = Scenario(players=4, rules=rules)
    card = ready(g, 0, v)
    g.ships(0, *ships).wind(0, wind).poseidon(f"harbor {v}", token)
    return g, card


# ---------------------------------------------------------------- setup
def test_setup_everyone_starts_on_5_vp_and_7_tokens_lie_face_down(poseidon):
    orders = set()
    for index in range(20):
        S = setup_state(poseidon, 3, 2, index)
        assert [int(S[L.S_VP + p]) for p in range(3)] == [5, 5, 5]
        assert S[L.S_POSEIDON_N] == 7 and sorted(S[L.S_POSEIDON_PILE:L.S_POSEIDON_PILE + 7]) == list(range(7))
        assert all(S[L.S_POSEIDON_AT + h] == -1 for h in range(L.N_HARBORS))
        orders.add(tuple(S[L.S_POSEIDON_PILE:L.S_POSEIDON_PILE + 7]))
    assert len(orders) > 10                                  # shuffled game by game


def test_the_tokens_leave_the_base_games_cards_alone(poseidon):
    base = load_rules()
    for index in range(10):
        a, b = setup_state(base, 4, 6, index), setup_state(poseidon, 4, 6, index)
        assert np.array_equal(a[L.S_DECK:L.S_DECK + L.MAX_CARDS], b[L.S_DECK:L.S_DECK + L.MAX_CARDS])
        assert np.array_equal(a[L.S_HAND:L.S_HAND + 4 * L.HAND_CAP], b[L.S_HAND:L.S_HAND + 4 * L.HAND_CAP])


# ---------------------------------------------------------------- a token goes face up
def test_filling_the_last_settlement_space_turns_up_the_top_token(poseidon):
    g = Scenario(players=4, rules=poseidon)
    card = ready(g, 0, 4)
    g.ships(0, "harbor 4")
    top = int(g.S[L.S_POSEIDON_PILE + 6])
    spaces = g.spaces_free("harbor 4")
    for p in range(1, spaces):
        g.settlements(p, "harbor 4")
    assert g.spaces_free("harbor 4") == 1
    t = g.turn(card, value(4), done(), settle("harbor 4"))
    assert g.S[L.S_POSEIDON_AT + 1] == top and g.S[L.S_POSEIDON_N] == 6
    assert "last settlement space is filled" in " ".join(t.text.split())


def test_a_settlement_with_spaces_left_turns_up_nothing(poseidon):
    g = Scenario(players=4, rules=poseidon)
    card = ready(g, 0, 4)
    g.ships(0, "harbor 4")
    assert g.spaces_free("harbor 4") > 1
    g.turn(card, value(4), done(), settle("harbor 4"))
    assert g.S[L.S_POSEIDON_AT + 1] == -1 and g.S[L.S_POSEIDON_N] == 7


def test_hera_beside_the_full_spaces_turns_up_no_second_token(poseidon):
    g = Scenario(players=4, rules=poseidon)
    card = ready(g, 0, 7)
    g.poseidon("harbor 6", PLUS_3_VP).favor_cards(0, "hera").wind(0, 2)
    g.turn(favor("hera", "harbor 6"), card)
    assert g[0].settlements == ["harbor 6"] and g.S[L.S_POSEIDON_AT + 3] == PLUS_3_VP and g.S[L.S_POSEIDON_N] == 6


# ---------------------------------------------------------------- the effect
def test_moving_a_ship_into_the_harbor_triggers_the_token(poseidon):
    g, card = sailing_in(poseidon, token=PLUS_2_WIND, wind=1)
    t = g.turn(card, value(4), move("harbor 9", "harbor 4"))
    assert g[0].wind == 3
    assert "Poseidon token 1 (+2 wind) at harbor 4: takes 2 wind" in " ".join(t.text.split())


def test_vp_token(poseidon):
    g, card = sailing_in(poseidon, token=PLUS_3_VP)
    g.turn(card, value(4), move("harbor 9", "harbor 4"))
    assert g[0].vp == 8 and g.S[L.S_VP_SRC + L.SRC_POSEIDON] == 3


def test_no_effect_when_acting_through_presence(poseidon):
    g, card = sailing_in(poseidon, token=PLUS_2_WIND, wind=1, ships=("harbor 4",))
    g.turn(card, value(4), done())
    assert g[0].wind == 1


def test_no_effect_when_sailing_to_a_river_space(poseidon):
    g = Scenario(players=4, rules=poseidon)
    card = ready(g, 0, 9)
    g.ships(0, "harbor 8").wind(0, 1).poseidon("harbor 9", PLUS_2_WIND)
    g.turn(card, value(9), move("harbor 8", "west 9"))
    assert g[0].wind == 1 and "west 9" in g[0].ships


def test_moving_in_again_on_purpose_triggers_it_again(poseidon):
    g, card = sailing_in(poseidon, token=PLUS_2_WIND, wind=1, ships=("harbor 4", "harbor 9"))
    g.turn(card, value(4), move("harbor 9", "harbor 4"))
    assert g[0].wind == 3 and g[0].ships.count("harbor 4") == 2


def test_giving_wind_gives_what_there_is(poseidon):
    g, card = sailing_in(poseidon, token=MINUS_2_WIND, wind=1)
    g.turn(card, value(4), move("harbor 9", "harbor 4"))
    assert g[0].wind == 0 and g[0].vp == 5


def test_giving_wind_with_none_costs_1_vp_instead(poseidon):
    g, card = sailing_in(poseidon, token=MINUS_2_WIND, wind=0)
    t = g.turn(card, value(4), move("harbor 9", "harbor 4"))
    assert g[0].wind == 0 and g[0].vp == 4
    assert "loses 1 VP (VP 4)" in " ".join(t.text.split())


def test_vp_may_drop_below_zero(poseidon):
    g, card = sailing_in(poseidon, token=MINUS_2_VP)
    g.vp(0, 1)
    g.turn(card, value(4), move("harbor 9", "harbor 4"))       # the turn runs in check mode
    assert g[0].vp == -1


def test_base_game_forbids_negative_vp(poseidon):
    from simulate.aeolos.scenario import ScenarioError

    g = Scenario(players=2)
    g.vp(0, -1)
    with pytest.raises(ScenarioError, match="below zero"):
        g.check()
    Scenario(players=2, rules=poseidon).vp(0, -1).check()


# ---------------------------------------------------------------- config
@pytest.mark.parametrize("tokens,words", [([], "1 to 8 tokens"), ([{"wind": 2, "luck": 1}], "expected"),
                                          ([{"wind": 20}], "-10 to 10")])
def test_bad_tokens_are_one_clear_error(tokens, words):
    with pytest.raises(UserError, match=words):
        load_rules(variants=["poseidon"], overrides={"poseidon.tokens": tokens})


def test_a_token_edit_changes_the_game_with_no_code_change(poseidon):
    edited = load_rules(variants=["poseidon"], overrides={"poseidon.tokens": [{"wind": 0, "vp": 9}] * 7})
    g, card = sailing_in(edited, token=2)
    g.turn(card, value(4), move("harbor 9", "harbor 4"))
    assert g[0].vp == 14


# ---------------------------------------------------------------- whole games and strategies
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variants", [["poseidon"], ["tableaus", "poseidon"]])
def test_random_games_of_the_variant_keep_every_rule(players, variants):
    rules = load_rules(variants=variants)
    for names in ("random", "balanced"):
        _, POL, W = resolve_strategies(AEOLOS, names, players)
        games = check_games(rules, players, 3, 2000 if names == "random" else 300, POL, W)
        assert (games[:, G.G_ERROR] == 0).all()


def test_strategies_value_the_tokens(poseidon):
    from simulate.aeolos.policy import poseidon_value

    _, _, W = resolve_strategies(AEOLOS, "balanced", 4)
    values = {}
    for token in (PLUS_2_WIND, PLUS_3_VP, MINUS_2_WIND, MINUS_2_VP):
        g, _ = sailing_in(poseidon, token=token, wind=2)
        values[token] = poseidon_value(g.S, poseidon.T, W, 0, 1)
    assert values[PLUS_3_VP] == pytest.approx(3 * W[0, L.W_VP])
    assert values[PLUS_2_WIND] > 0 > values[MINUS_2_WIND] and values[MINUS_2_VP] == pytest.approx(-2 * W[0, L.W_VP])
    g, _ = sailing_in(poseidon, token=PLUS_2_WIND)
    assert poseidon_value(g.S, poseidon.T, W, 0, 2) == 0                 # no token at harbor 5
