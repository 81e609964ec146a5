"""Variant 1: player tableaus with special ability (rulebook, "Game Variants")."""
import numpy as np
import pytest

import simulate.aeolos.layout as L
from simulate.aeolos import game as G
from simulate.aeolos.kernel import buffers
from simulate.aeolos.scenario import Scenario, build_ship, crystal, favor, prophet, settle, value, done
from simulate.aeolos.config import load_rules, parse_variants
from simulate.core.errors import UserError
from simulate.aeolos import GAME as AEOLOS
from strategies import resolve_strategies

from .helpers import ready


@pytest.fixture(scope="module")
def tableaus():
    return load_rules(variants=["tableaus"])


def game(rules, players=4, ability="settlement", wind=2, v=4):
    """Seat 0 plays the tableau with `ability`, holds `wind` and a card of sailing value v."""
    g = Scenario(players=players, rules=rules)
    card = ready(g, 0, v)
    g.ability(0, ability).wind(0, wind)
    return g, card


def tableau_vp(g, p=0):
    return int(g.S[L.S_VP_SRC + p * L.N_SRC + L.SRC_TABLEAU])


# ---------------------------------------------------------------- setup
def setup_state(rules, players, seed, index=0):
    S, R, _, _ = buffers()
    G.new_game(rules.T, np.zeros((0, L.LOG_COLS), np.int32), players, seed, index, S, R)
    return S


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_gets_its_own_tableau_and_its_start_wind(tableaus, players):
    seen = set()
    for index in range(40):
        S = setup_state(tableaus, players, 9, index)
        abilities = [int(S[L.S_ABILITY + p]) for p in range(players)]
        assert len(set(abilities)) == players and all(0 <= a < L.N_ABILITIES for a in abilities)
        for p, a in enumerate(abilities):
            extra = 1 if a in (L.ABILITY_SETTLEMENT, L.ABILITY_SHIP) else 0
            assert S[L.S_WIND + p] == tableaus.T[L.T_START_WIND + p] + extra
        assert S[L.S_WIND_SUPPLY] + sum(int(S[L.S_WIND + p]) for p in range(players)) == 28
        seen.add(tuple(abilities))
    assert len(seen) > 5                           # dealt at random, game by game


def test_the_deal_leaves_the_base_games_cards_alone(tableaus):
    """Common random numbers: a game of the variant starts with the base game's cards."""
    base = load_rules()
    for index in range(10):
        a, b = setup_state(base, 3, 4, index), setup_state(tableaus, 3, 4, index)
        for start, size in [(L.S_DECK, L.MAX_CARDS), (L.S_HAND, L.MAX_PLAYERS * L.HAND_CAP),
                            (L.S_FDECK, L.MAX_FAVOR), (L.S_FAVOR, L.MAX_PLAYERS * L.N_FAVOR_TYPES)]:
            assert np.array_equal(a[start:start + size], b[start:start + size])


def test_tableaus_chosen_in_the_config():
    rules = load_rules(variants=["tableaus"], overrides={"tableaus.seats": ["prophet", "crystals", "ship"]})
    S = setup_state(rules, 3, 1)
    assert [int(S[L.S_ABILITY + p]) for p in range(3)] == [L.ABILITY_PROPHET, L.ABILITY_CRYSTALS, L.ABILITY_SHIP]
    rules = load_rules(variants=["tableaus"], overrides={"tableaus.seats": ["ship"]})     # the rest at random
    for index in range(10):
        S = setup_state(rules, 3, 1, index)
        assert S[L.S_ABILITY] == L.ABILITY_SHIP and L.ABILITY_SHIP not in (S[L.S_ABILITY + 1], S[L.S_ABILITY + 2])


@pytest.mark.parametrize("seats,words", [(["prophet", "prophet"], "named twice"), (["wizard"], "unknown value")])
def test_bad_tableau_choice_is_one_clear_error(seats, words):
    with pytest.raises(UserError, match=words):
        load_rules(variants=["tableaus"], overrides={"tableaus.seats": seats})


def test_base_game_has_no_abilities():
    S = setup_state(load_rules(), 4, 2)
    assert all(S[L.S_ABILITY + p] == L.NO_ABILITY for p in range(4))


@pytest.mark.parametrize("text,words", [("tableaus,tableaus", "twice"), ("base,tableaus", "cannot be combined"),
                                        ("tablaus", "unknown variant"), ("", "base")])
def test_variant_names(text, words):
    if text == "":
        assert parse_variants(text) == []
        return
    with pytest.raises(UserError, match=words):
        parse_variants(text)


# ---------------------------------------------------------------- the four abilities
def test_settlement_tableau_gains_1_wind_per_settlement(tableaus):
    g, card = game(tableaus, ability="settlement", wind=2)
    g.ships(0, "harbor 4")
    g.turn(card, value(4), done(), settle("harbor 4"))
    assert g[0].settlements == ["harbor 4"] and g[0].wind == 3


def test_settlement_tableau_counts_a_hera_settlement(tableaus):
    g, card = game(tableaus, ability="settlement", wind=2, v=7)
    g.favor_cards(0, "hera")
    g.turn(favor("hera", "harbor 6"), card)
    assert g[0].settlements == ["harbor 6"] and g[0].wind == 3


def test_other_tableaus_gain_nothing_for_a_settlement(tableaus):
    g, card = game(tableaus, ability="ship", wind=2)
    g.ships(0, "harbor 4")
    g.turn(card, value(4), done(), settle("harbor 4"))
    assert g[0].wind == 2


def test_ship_tableau_gains_1_wind_per_ship_built(tableaus):
    g, card = game(tableaus, ability="ship", wind=1, v=5)
    g.ships(0, "harbor 5")
    g.turn(card, value(5), done(), build_ship())
    assert g[0].supply == 2 and g[0].wind == 2


def test_ship_tableau_counts_a_zeus_ship(tableaus):
    g, card = game(tableaus, ability="ship", wind=1, v=7)
    g.favor_cards(0, "zeus")
    g.turn(favor("zeus", "west 9"), card)
    assert g[0].wind == 2


def test_prophet_tableau_gains_1_wind_and_1_vp_per_move(tableaus):
    g, card = game(tableaus, ability="prophet", wind=2, v=9)
    g.ships(0, "harbor 9")
    t = g.turn(card, value(9), done(), prophet())
    # harbor 9 costs 2 wind, the tableau gives 1 back; platform 1: 2 VP per ship in play (2) + 2 first
    assert g[0].prophet == "platform 1" and g[0].wind == 1
    assert g[0].vp == 4 + 2 + 1 and tableau_vp(g) == 1
    assert "prophet tableau rewards it" in " ".join(t.text.split())


def test_prophet_tableau_counts_apollon_and_the_step_onto_the_temple(tableaus):
    g, card = game(tableaus, ability="prophet", wind=2, v=7)
    g.favor_cards(0, "apollon").prophet(0, 3)
    g.turn(favor("apollon", "lower temple 9"), card)
    assert g[0].prophet == "lower temple 9" and g[0].wind == 2 and tableau_vp(g) == 1


def test_crystals_tableau_gains_1_wind_per_first_crystal_of_a_colour(tableaus):
    g, card = game(tableaus, ability="crystals", wind=0)
    g.ships(0, "harbor 4")
    g.turn(card, value(4), done(), crystal("red"))
    assert g[0].crystals == {"red": 1} and g[0].wind == 1
    g2, card = game(tableaus, ability="crystals", wind=0)
    g2.ships(0, "harbor 4").crystals(0, red=1)
    g2.turn(card, value(4), done(), crystal("red"))
    assert g2[0].crystals == {"red": 2} and g2[0].wind == 0          # not the first red


def test_crystals_tableau_gives_nothing_for_purple(tableaus):
    g, card = game(tableaus, ability="crystals", wind=2, v=7)
    g.favor_cards(0, "apollon").prophet(0, 3)
    g.turn(favor("apollon", "lower temple 9"), card)
    assert g[0].crystals == {"purple": 1} and g[0].wind == 1           # Apollon's wind, no reward


def test_the_reward_is_limited_by_the_wind_supply(tableaus):
    g, card = game(tableaus, ability="settlement", wind=2)
    g.ships(0, "harbor 4")
    g.wind(1, g[1].wind + g.wind_supply)             # seat 1 holds every wind token left
    assert g.wind_supply == 0
    t = g.turn(card, value(4), done(), settle("harbor 4"))
    assert g[0].settlements == ["harbor 4"] and g[0].wind == 2
    assert "the wind supply is empty" in " ".join(t.text.split())


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_of_the_variant_keep_every_rule(tableaus, players):
    from simulate.aeolos.kernel import check_games
    for names in ("random", "balanced"):
        _, POL, W = resolve_strategies(AEOLOS, names, players)
        check_games(tableaus, players, 3, 2000 if names == "random" else 300, POL, W)


@pytest.mark.parametrize("ability,kind,arg", [("settlement", L.O_SETTLE, 1), ("ship", L.O_SHIP, 0),
                                               ("crystals", L.O_CRYSTAL, 1)])
def test_strategies_value_their_tableaus_reward(tableaus, ability, kind, arg):
    """The heuristic adds the tableau's reward (1 wind) to the action it rewards, and
    nothing for another seat's tableau."""
    from simulate.aeolos.policy import action_value

    _, _, W = resolve_strategies(AEOLOS, "balanced", 4)
    OPT = np.zeros((L.MAX_OPTIONS, 4), np.int32)
    OPT[0] = (kind, arg, 0, 0)
    values = {}
    for mine in (ability, "prophet"):
        g, _ = game(tableaus, ability=mine, wind=2)
        values[mine] = action_value(g.S, tableaus.T, W, OPT, 0, 0)
    assert values[ability] - values["prophet"] == pytest.approx(W[0, L.W_WIND])


def test_strategies_value_the_prophet_tableau(tableaus):
    from simulate.aeolos.policy import prophet_value

    _, _, W = resolve_strategies(AEOLOS, "balanced", 4)
    g, _ = game(tableaus, ability="prophet", wind=3)
    with_ = prophet_value(g.S, tableaus.T, W, 0, -1, 2)
    g.ability(0, "ship")
    assert with_ - prophet_value(g.S, tableaus.T, W, 0, -1, 2) == pytest.approx(W[0, L.W_WIND] + W[0, L.W_VP])
