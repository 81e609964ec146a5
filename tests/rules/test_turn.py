"""The turn: play a sailing card, set the value, move a ship, harbor action, wind cap, draw."""
import pytest

import simulate.aeolos.layout as L
from simulate.aeolos.scenario import (IllegalChoice, Scenario, crystal, done, favor, gain_vp, gain_wind, move,
                                      play, settle, step, upriver, value)

from .helpers import kinds, ready


def test_favor_cards_between_every_step_of_the_turn():
    """"At any time during your turn": a free window after the sailing card, after the value
    is set, after the ship move (before the harbor action), and after the harbor action."""
    g = Scenario(players=4)
    card = ready(g, 0, 7)
    g.favor_cards(0, "aeolos", "plutos", "hera", "zeus").wind(0, 0)
    t = g.turn(card, favor("aeolos"), value(7), favor("plutos", "red"), move("tableau", "harbor 7"),
               favor("hera", "vp"), gain_vp(), favor("zeus", "vp"))
    steps = [(int(r[2]), int(r[3])) for r in t.log
             if r[2] in (L.EV_CARD, L.EV_VALUE, L.EV_MOVE, L.EV_ACTION, L.EV_FAVOR_PLAYED)]
    assert [e for e, _ in steps] == [L.EV_CARD, L.EV_FAVOR_PLAYED, L.EV_VALUE, L.EV_FAVOR_PLAYED, L.EV_MOVE,
                                     L.EV_FAVOR_PLAYED, L.EV_ACTION, L.EV_FAVOR_PLAYED]
    assert [a for e, a in steps if e == L.EV_FAVOR_PLAYED] == [L.F_AEOLOS, L.F_PLUTOS, L.F_HERA, L.F_ZEUS]


def test_exactly_one_card_onto_its_colours_pile():
    g = Scenario(players=3)
    g.hand(0, "grey 2 wave", "purple 3 sun", "grey 0 cloud")
    assert sorted(g.offered()) == ["play grey 0 cloud", "play grey 2 wave", "play purple 3 sun"]  # no pass
    deck = g.deck_size
    g.turn(play("grey 2 wave"))
    assert g.pile("grey") == ["grey 2 wave"] and g.pile("purple") == []
    assert g.tops == ["purple 2 sun", "grey 2 wave"]
    assert len(g[0].hand) == 3 and {"purple 3 sun", "grey 0 cloud"} <= set(g[0].hand)
    assert g.deck_size == deck - 1


@pytest.mark.parametrize("card, match", [("purple 3 cloud", True), ("purple 3 wave", False),
                                         ("grey 1 sun", True), ("grey 1 wave", False)])
def test_symbol_match_gives_one_wind(card, match):
    """The printed tops are a purple sun and a grey cloud: a cloud on purple or a sun on grey
    matches the other pile's top."""
    g = Scenario(players=3)
    g.hand(0, card)
    t = g.turn(play(card))
    assert g[0].wind == 2 + (1 if match else 0)
    assert len(t.events("match")) == (1 if match else 0)


@pytest.mark.parametrize("card, top, base", [("purple 3 wave", "grey 1 sun", 4),
                                             ("grey 5 cloud", "purple 4 wave", 9),
                                             ("purple 0 sun", "grey 0 wave", 0)])
def test_value_is_the_sum_of_the_two_tops(card, top, base):
    g = Scenario(players=4)
    g.top(top).hand(0, card)
    t = g.turn(play(card))
    assert t.events("value") == [(base, -1, 0)]


@pytest.mark.parametrize("wind", [0, 1, 3])
def test_each_wind_shifts_the_value_by_one(wind):
    g = Scenario(players=4)
    card = ready(g, 0, 6)
    g.wind(0, wind)
    expected = sorted(f"value {v} wind {abs(v - 6)}" for v in range(6 - wind, 6 + wind + 1))
    assert kinds(g.offered(card), "value") == expected
    g.turn(card, value(6 + wind))
    assert g[0].wind == 0


def test_values_stay_between_harbor_3_and_river_13():
    g = Scenario(players=4)
    g.top("grey 0 wave").hand(0, "purple 0 sun").wind(0, 5)
    assert kinds(g.offered(play("purple 0 sun")), "value") == ["value 3 wind 3", "value 4 wind 4",
                                                                "value 5 wind 5"]


def test_move_to_the_harbor_or_river_spaces_of_the_value():
    """Any ship not sacrificed may move: from the tableau, a harbor or a river space; never
    onto a temple (the last move there needs the upriver action or a card)."""
    g = Scenario(players=4)
    card = ready(g, 0, 9)
    g.ships(0, "harbor 5", "east 11", "upper temple 12", tableau=1).wind(0, 4)
    assert kinds(g.offered(card, value(9)), "move") == [
        f"move {src} -> {dst}" for src in ("east 11", "harbor 5", "tableau")
        for dst in ("harbor 9", "lower 9", "west 9")]
    for v in (11, 12, 13):
        assert all("temple" not in o for o in g.offered(card, value(v)))
    g.turn(card, value(9), move("east 11", "harbor 9"))
    assert g[0].ships == ["tableau", "harbor 5", "harbor 9", "upper temple 12"]


def test_sacrificed_ships_never_move():
    g = Scenario(players=4)
    card = ready(g, 0, 3)
    g.ships(0, "harbor 3", "upper temple 12", tableau=0).wind(0, 3)
    assert kinds(g.offered(card, value(3)), "move") == []             # harbor 3 is the only other ship
    assert g.offered(card, value(3), done()) == ["done", "crystal blue"]  # nothing to move upriver


def test_river_move_forbids_the_harbor_action():
    """A settlement at harbor 9 is presence there: without a move, or moving into harbor 9,
    the prophet action is offered; moving to a river space 9 skips step 3."""
    g = Scenario(players=4)
    card = ready(g, 0, 9)
    g.settlements(0, "harbor 9")
    assert "prophet" in g.offered(card, value(9), done())
    assert "prophet" in g.offered(card, value(9), move("tableau", "harbor 9"))
    assert g.offered(card, value(9), move("tableau", "west 9")) == []
    t = g.turn(card, value(9), move("tableau", "west 9"))
    assert t.events("action") == [] and g[0].prophet == "start"


def test_harbor_action_needs_presence():
    g = Scenario(players=4)
    card = ready(g, 0, 7)
    assert g.offered(card, value(7), done()) == []                          # not present
    assert g.offered(card, value(7), move("tableau", "harbor 7")) == ["done", "gain 4 vp"]
    g.settlements(0, "harbor 7")
    assert g.offered(card, value(7), done()) == ["done", "gain 4 vp"]       # a settlement is presence
    g.settlements(0).ships(0, "harbor 7")
    assert g.offered(card, value(7), done()) == ["done", "gain 4 vp"]       # so is a ship


def test_only_the_harbor_equal_to_the_value():
    """Present at harbors 5 and 8, value 7 (by a ship moved there): only harbor 7's action."""
    g = Scenario(players=4)
    card = ready(g, 0, 7)
    g.ships(0, "harbor 5", "harbor 8", tableau=1)
    assert g.offered(card, value(7), move("tableau", "harbor 7")) == ["done", "gain 4 vp"]
    with pytest.raises(IllegalChoice):
        g.turn(card, value(7), move("tableau", "harbor 7"), gain_wind())
    g.turn(card, value(7), move("tableau", "harbor 7"), gain_vp())
    assert g[0].vp == 4


def test_no_harbor_action_for_a_river_value():
    g = Scenario(players=4)
    card = ready(g, 0, 10)
    g.ships(0, "harbor 3", "harbor 9")
    assert g.offered(card, value(10), done()) == []


def test_wind_cap_five_at_the_end_of_the_turn():
    g = Scenario(players=4)
    card = ready(g, 0, 8)
    g.ships(0, "harbor 8").wind(0, 4)
    supply = g.wind_supply
    t = g.turn(card, value(8), done(), gain_wind())
    assert t.events("wind_gain") == [(3, 0, 0)] and t.events("wind_cap") == [(2, 0, 0)]
    assert g[0].wind == 5
    assert g.wind_supply == supply - 3 + 2


def test_wind_above_five_is_fine_during_the_turn():
    """The cap applies only at the end of the turn: 4 + 3 (Aeolos) = 7 wind held mid-turn,
    3 of them spent upriver, 4 left; nothing is lost to the cap."""
    g = Scenario(players=4)
    card = ready(g, 0, 3)
    g.ships(0, "harbor 3", "harbor 9").wind(0, 4).favor_cards(0, "aeolos")
    t = g.turn(favor("aeolos"), card, value(3), done(), upriver(),
               step("harbor 9", "east 10"), step("east 10", "east 11"), step("east 11", "east 12"))
    assert g[0].wind == 4 and t.events("wind_cap") == []


def test_draw_one_card_at_the_end():
    g = Scenario(players=4)
    card = ready(g, 0, 7, "grey 0 sun", "grey 0 cloud")
    deck = g.deck_size
    t = g.turn(card)
    assert t.events("draw") == [(1, 0, 0)]
    assert len(g[0].hand) == 3 and g.deck_size == deck - 1
    assert g.S[L.S_CUR] == 1


def test_two_settlements_in_a_turn_still_draw_two():
    """'If you have built a settlement during your turn, draw 2 cards' (not 2 per settlement)."""
    g = Scenario(players=4)
    card = ready(g, 0, 4)
    g.ships(0, "harbor 4").favor_cards(0, "hera")
    t = g.turn(card, value(4), done(), crystal("red"), favor("hera", "harbor 7"))
    assert t.events("draw") == [(2, 0, 0)]
    g2 = Scenario(players=4)
    card = ready(g2, 0, 4)
    g2.ships(0, "harbor 4").favor_cards(0, "hera")
    t = g2.turn(card, value(4), done(), settle("harbor 4"), favor("hera", "harbor 7"))
    assert g2[0].settlements == ["harbor 4", "harbor 7"]
    assert t.events("draw") == [(2, 0, 0)] and g2[0].hand_limit == 5


def test_wind_comes_from_the_finite_supply():
    """28 tokens in all: with 2 left in the supply, taking 3 wind gives 2."""
    g = Scenario(players=4)
    card = ready(g, 0, 8)
    g.ships(0, "harbor 8").wind(0, 0).wind(1, 12).wind(2, 10)
    assert g.wind_supply == 28 - 0 - 12 - 10 - 4 == 2
    g.turn(card, value(8), done(), gain_wind())
    assert g[0].wind == 2 and g.wind_supply == 0
