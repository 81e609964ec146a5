"""Temples: landing places, bonus places, the lower temple's purple crystals, one piece per place.

Ships reach the temples with the upriver action (value 3, a ship at harbor 3)."""
import simulate.aeolos.layout as L
from simulate.aeolos.scenario import Scenario, crystal, done, step, upriver, value

from .helpers import kinds, ready


def up(g, *ships, wind=3):
    card = ready(g, 0, 3)
    g.ships(0, "harbor 3", *ships).wind(0, wind)
    return [card, value(3), done(), upriver()]


def place_vp(g, name):
    return int(g.T[L.T_PLACE_VP + g.place(name)])


def test_landing_place_gives_its_vp():
    g = Scenario(players=4)
    g.turn(*up(g, "west 12"), step("west 12", "west temple 14"))
    assert g[0].vp == place_vp(g, "west temple 14") == 14
    assert g.places == {"west temple 14": "seat 0 ship"}
    assert g[0].crystals == {} and g[0].wind == 2


def test_bonus_place_4_wind():
    g = Scenario(players=4)
    bonus = "east temple bonus"
    assert g.T[L.T_PLACE_BONUS + g.place(bonus)] == L.BONUS_WIND
    g.turn(*up(g, "east 13", wind=1), step("east 13", bonus))
    assert g[0].wind == 1 - 1 + 4
    assert g[0].vp == place_vp(g, bonus)


def test_bonus_place_2_favor_cards():
    g = Scenario(players=4)
    held = len(g[0].favor)
    g.turn(*up(g, "upper 12"), step("upper 12", "upper temple bonus"))
    assert len(g[0].favor) == held + 2


def test_bonus_place_one_crystal_of_the_board():
    """Blue, red, green or yellow, if still on the board (never purple)."""
    g = Scenario(players=4)
    head = up(g, "west 12") + [step("west 12", "west temple bonus")]
    g.board_crystals(red=0)
    assert sorted(g.offered(*head)) == ["crystal blue", "crystal green", "crystal yellow"]
    g.turn(*head, crystal("green"))
    assert g[0].crystals == {"green": 1}


def test_bonus_place_crystal_when_none_is_left():
    g = Scenario(players=4)
    head = up(g, "west 12") + [step("west 12", "west temple bonus")]
    g.board_crystals(blue=0, red=0, green=0, yellow=0)
    g.turn(*head)
    assert g[0].crystals == {} and g.places["west temple bonus"] == "seat 0 ship"


def test_lower_temple_gives_a_purple_crystal():
    g = Scenario(players=4)
    g.turn(*up(g, "lower 11"), step("lower 11", "lower temple 7"))
    assert g[0].crystals == {"purple": 1} and g.board_crystal["purple"] == 2
    assert g[0].vp == place_vp(g, "lower temple 7")


def test_one_piece_per_place():
    g = Scenario(players=4)
    g.ships(1, "upper temple 12").prophet(2, "lower temple 9")
    head = up(g, "upper 12", "lower 11")
    assert kinds(g.offered(*head, step("upper 12", "upper temple 10")), "step lower 11") == \
        ["step lower 11 -> lower temple 5 wind 1", "step lower 11 -> lower temple 7 wind 1"]
    assert kinds(g.offered(*head), "step upper 12") == [
        "step upper 12 -> upper temple 10 wind 1", "step upper 12 -> upper temple 8 wind 1",
        "step upper 12 -> upper temple bonus wind 1"]


def test_two_players_have_two_landing_places_on_the_top_temples():
    g = Scenario(players=2)
    head = up(g, "upper 12")
    assert kinds(g.offered(*head), "step") == [
        "step upper 12 -> upper temple 10 wind 1", "step upper 12 -> upper temple 12 wind 1",
        "step upper 12 -> upper temple bonus wind 1"]
