"""The seven harbor actions (sailing values 3-9) and their alternatives."""
import pytest

import simulate.aeolos.layout as L
from simulate.aeolos.scenario import (IllegalChoice, Scenario, build_ship, crystal, done, draw_favor, gain_vp,
                                      gain_wind, prophet, settle, step, upriver, value)

from .helpers import kinds, ready


def at_harbor(g, v, *ships, wind=None):
    """Seat 0 has a ship at harbor v (plus `ships`) and a card of value v; returns the choices
    up to the harbor action."""
    card = ready(g, 0, v)
    g.ships(0, f"harbor {v}", *ships)
    if wind is not None:
        g.wind(0, wind)
    return [card, value(v), done()]


# ------------------------------------------------------------------ 3: blue crystal or upriver
def test_harbor_3_blue_crystal_or_upriver():
    g = Scenario(players=4)
    head = at_harbor(g, 3, "harbor 8", wind=1)
    assert sorted(g.offered(*head)) == ["crystal blue", "done", "upriver"]
    g.turn(*head, crystal("blue"))
    assert g[0].crystals == {"blue": 1} and g.board_crystal["blue"] == 3


def test_harbor_3_no_blue_left_and_no_wind():
    g = Scenario(players=4)
    head = at_harbor(g, 3, "harbor 8", wind=0)
    g.board_crystals(blue=0)
    assert g.offered(*head) == ["done"]


def test_upriver_at_most_three_wind():
    g = Scenario(players=4)
    head = at_harbor(g, 3, "harbor 9", wind=5) + [upriver()]
    steps = [step("harbor 9", "east 10"), step("east 10", "east 11"), step("east 11", "east 12")]
    assert g.offered(*head, *steps) == []                  # the fourth step is not offered
    with pytest.raises(IllegalChoice):
        g.turn(*head, *steps, step("east 12", "east 13"))
    g.turn(*head, *steps)
    assert "east 12" in g[0].ships and g[0].wind == 2


def test_upriver_limited_by_the_wind_held():
    g = Scenario(players=4)
    head = at_harbor(g, 3, "harbor 9", wind=1) + [upriver(), step("harbor 9", "east 10")]
    assert g.offered(*head) == []
    g.turn(*head)
    assert g[0].wind == 0


def test_upriver_moves_several_ships():
    g = Scenario(players=4)
    head = at_harbor(g, 3, "harbor 7", "harbor 8", wind=3)
    g.turn(*head, upriver(), step("harbor 7", "west 9"), step("harbor 8", "upper 11"), done())
    assert g[0].ships == ["harbor 3", "west 9", "upper 11"] and g[0].wind == 1


def test_only_harbors_7_8_9_are_river_mouths():
    g = Scenario(players=4)
    head = at_harbor(g, 3, "harbor 5", "harbor 7", "harbor 8", "harbor 9", wind=3) + [upriver()]
    assert kinds(g.offered(*head), "step") == [
        "step harbor 7 -> west 9 wind 1", "step harbor 8 -> upper 11 wind 1",
        "step harbor 9 -> east 10 wind 1", "step harbor 9 -> lower 9 wind 1"]


def test_temple_step_costs_one_wind():
    g = Scenario(players=4)
    head = at_harbor(g, 3, "upper 12", wind=1) + [upriver()]
    assert kinds(g.offered(*head), "step upper 12 -> upper temple 12") == ["step upper 12 -> upper temple 12 wind 1"]
    g.turn(*head, step("upper 12", "upper temple 12"))
    assert g[0].wind == 0 and g[0].vp == 12


# ------------------------------------------------------------------ 4: red crystal or settlement
def settle_options(players=4, ships=("harbor 4", "harbor 6"), mine=(), others=(), move_to=None):
    g = Scenario(players=players)
    card = ready(g, 0, 4)
    g.ships(0, *ships).settlements(0, *mine)
    for p, harbors in others:
        g.settlements(p, *harbors)
    return sorted(g.offered(card, value(4), done()))


def test_settlement_all_conditions_met():
    assert settle_options() == ["crystal red", "done", "settle harbor 4", "settle harbor 6"]


def test_settlement_needs_presence_at_harbor_4():
    assert settle_options(ships=("harbor 6", "harbor 5")) == []
    assert settle_options(ships=("harbor 6", "harbor 5"), mine=("harbor 4",)) == \
        ["crystal red", "done", "settle harbor 5", "settle harbor 6"]   # a settlement at 4 is presence


def test_settlement_needs_a_ship_at_the_chosen_harbor():
    """Only harbors with one of the player's ships; another player's ship does not help."""
    g = Scenario(players=4)
    card = ready(g, 0, 4)
    g.ships(0, "harbor 4").ships(1, "harbor 6", "harbor 7")
    assert kinds(g.offered(card, value(4), done()), "settle") == ["settle harbor 4"]


def test_settlement_only_once_per_harbor():
    assert "settle harbor 6" not in settle_options(mine=("harbor 6",))


def test_settlement_needs_a_free_space():
    assert "settle harbor 6" not in settle_options(others=[(1, ["harbor 6"]), (2, ["harbor 6"])])
    assert "settle harbor 6" in settle_options(others=[(1, ["harbor 6"])])


def test_three_players_covered_space():
    """Harbor 6 has one space covered in a game of three: one settlement fills it."""
    assert "settle harbor 6" in settle_options(players=3)
    assert "settle harbor 6" not in settle_options(players=3, others=[(1, ["harbor 6"])])


def test_settlement_needs_one_left_on_the_tableau():
    assert settle_options(mine=("harbor 3", "harbor 5", "harbor 7")) == ["crystal red", "done"]


def test_settlement_built_and_two_cards_drawn():
    g = Scenario(players=4)
    head = at_harbor(g, 4, "harbor 6")
    hand, deck = len(g[0].hand), g.deck_size
    t = g.turn(*head, settle("harbor 6"))
    assert g[0].settlements == ["harbor 6"] and g.spaces_free("harbor 6") == 1
    assert t.events("draw") == [(2, 0, 0)] and len(g[0].hand) == hand - 1 + 2 and g.deck_size == deck - 2
    assert g[0].hand_limit == 4


def test_one_harbor_action_per_sailing_value():
    g = Scenario(players=4)
    head = at_harbor(g, 4, "harbor 6")
    assert g.offered(*head, settle("harbor 6")) == []
    with pytest.raises(IllegalChoice):
        g.turn(*head, settle("harbor 6"), settle("harbor 4"))
    with pytest.raises(IllegalChoice):
        g.turn(*head, crystal("red"), settle("harbor 4"))


def test_sailing_actions_are_counted_per_harbor():
    g = Scenario(players=4)
    g.turn(*at_harbor(g, 4, "harbor 6"), crystal("red"))
    assert g.S[L.S_ACTIONS_TAKEN + 1] == 1 and g.S[L.S_ACTIONS_TAKEN:L.S_ACTIONS_TAKEN + 7].sum() == 1


# ------------------------------------------------------------------ 5: green crystal or ship
def test_harbor_5_green_crystal_or_ship():
    g = Scenario(players=4)
    head = at_harbor(g, 5)
    assert sorted(g.offered(*head)) == ["build ship", "crystal green", "done"]
    g.turn(*head, build_ship())
    assert g[0].ships == ["tableau", "tableau", "harbor 5"] and g[0].supply == 2


def test_at_most_three_ships_built():
    g = Scenario(players=4)
    card = ready(g, 0, 5)
    g.ships(0, "harbor 5", tableau=4)
    assert g[0].supply == 0
    assert sorted(g.offered(card, value(5), done())) == ["crystal green", "done"]


# ------------------------------------------------------------------ 6, 7, 8, 9
def test_harbor_6_draws_a_favor_card():
    g = Scenario(players=4)
    head = at_harbor(g, 6)
    assert sorted(g.offered(*head)) == ["done", "draw favor"]
    held, deck = len(g[0].favor), g.favor_deck_size
    g.turn(*head, draw_favor())
    assert len(g[0].favor) == held + 1 and g.favor_deck_size == deck - 1


def test_harbor_7_gives_4_vp():
    g = Scenario(players=4)
    g.turn(*at_harbor(g, 7), gain_vp())
    assert g[0].vp == 4


def test_harbor_8_yellow_crystal_or_3_wind():
    g = Scenario(players=4)
    head = at_harbor(g, 8, wind=1)
    assert sorted(g.offered(*head)) == ["crystal yellow", "done", "gain 3 wind"]
    g.turn(*head, gain_wind())
    assert g[0].wind == 4


def test_harbor_9_prophet_for_2_wind():
    g = Scenario(players=4)
    head = at_harbor(g, 9, wind=2)
    assert g.offered(*head) == ["done", "prophet"]
    g.turn(*head, prophet())
    assert g[0].wind == 0 and g[0].prophet == "platform 1"


def test_harbor_9_needs_2_wind():
    g = Scenario(players=4)
    head = at_harbor(g, 9, wind=1)
    assert g.offered(*head) == ["done"]


def test_prophet_only_once_per_sailing_value():
    g = Scenario(players=4)
    head = at_harbor(g, 9, wind=5)
    with pytest.raises(IllegalChoice):
        g.turn(*head, prophet(), prophet())
    g.turn(*head, prophet())
    assert g[0].prophet == "platform 1" and g[0].wind == 3
