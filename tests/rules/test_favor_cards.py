"""The eight "Favor of the Gods" cards, played in the free window before the sailing card
(or, Hermes, right after it), and the favor deck's reshuffle."""
import pytest

import simulate.aeolos.layout as L
from simulate.aeolos.scenario import (IllegalChoice, Scenario, done, draw_favor, favor, gain_vp, move,
                                      play, step, value)

from .helpers import kinds, ready


def holding(*cards, players=4, v=7, wind=2):
    """Seat 0 holds these favor cards, `wind`, and a card of value v; returns (scenario, play)."""
    g = Scenario(players=players)
    card = ready(g, 0, v)
    g.favor_cards(0, *cards).wind(0, wind)
    return g, card


def test_played_cards_go_to_the_discard_pile():
    g, card = holding("aeolos", "plutos")
    g.turn(favor("aeolos"), favor("plutos", "red"), card)
    assert g[0].favor == [] and sorted(g.favor_discard) == ["aeolos", "plutos"]


def test_aeolos_3_wind_and_1_vp():
    g, card = holding("aeolos")
    g.turn(favor("aeolos"), card)
    assert (g[0].wind, g[0].vp) == (5, 1)


def test_apollon_moves_the_prophet_for_1_wind():
    g, card = holding("apollon")
    t = g.turn(favor("apollon"), card)
    assert g[0].prophet == "platform 1" and g[0].wind == 1
    assert t.events("platform") == [(1, 4, 2)] and g[0].vp == 6


def test_apollon_onto_the_temple():
    g, card = holding("apollon")
    g.prophet(0, 3)
    assert kinds(g.offered(window=True), "favor apollon") == [
        "favor apollon -> lower temple 5", "favor apollon -> lower temple 7", "favor apollon -> lower temple 9"]
    g.turn(favor("apollon", "lower temple 9"), card)
    assert g[0].prophet == "lower temple 9" and g[0].crystals == {"purple": 1} and g[0].vp == 9


def test_apollon_needs_a_wind():
    g, card = holding("apollon", wind=0)
    assert not kinds(g.offered(window=True), "favor")


def test_artemis_one_ship_two_spaces_for_1_wind():
    g, card = holding("artemis", wind=1)
    g.ships(0, "harbor 8")
    g.turn(favor("artemis"), step("harbor 8", "upper 11"), step("upper 11", "upper 12"), card)
    assert "upper 12" in g[0].ships and g[0].wind == 0


def test_artemis_two_ships_one_space_each_and_no_third():
    g, card = holding("artemis", wind=1)
    g.ships(0, "harbor 8", "harbor 9")
    head = [favor("artemis"), step("harbor 8", "upper 11"), step("harbor 9", "lower 9")]
    with pytest.raises(IllegalChoice):
        g.turn(*head, step("upper 11", "upper 12"), card)
    g.turn(*head, card)
    assert sorted(g[0].ships) == ["lower 9", "upper 11"]


def test_artemis_onto_a_temple_without_the_temple_wind():
    g, card = holding("artemis", wind=1)
    g.ships(0, "upper 12")
    g.turn(favor("artemis"), step("upper 12", "upper temple 12"), card)
    assert g[0].wind == 0 and g[0].vp == 12


def test_athene_any_harbor_action_without_presence():
    g, card = holding("athene", v=8)
    g.turn(favor("athene", "harbor 7"), gain_vp(), card)
    assert g[0].vp == 4 and g[0].wind == 1 and g[0].ships == ["tableau", "tableau"]


def test_athene_the_harbor_rules_still_apply():
    """Via Athene, harbor 4 needs no presence at 4, but a ship where the settlement goes."""
    g, card = holding("athene")
    g.ships(0, "harbor 6")
    assert kinds(g.offered(favor("athene", "harbor 4")), "") == ["crystal red", "done", "settle harbor 6"]


@pytest.mark.parametrize("name", ["hera", "zeus"])
def test_hera_or_zeus_5_vp(name):
    g, card = holding(name)
    g.turn(favor(name, "vp"), card)
    assert g[0].vp == 5


def test_hera_settlement_without_a_ship():
    g, card = holding("hera")
    hand = len(g[0].hand)
    t = g.turn(favor("hera", "harbor 6"), card)
    assert g[0].settlements == ["harbor 6"] and g[0].ships == ["tableau", "tableau"]
    assert t.events("draw") == [(2, 0, 0)] and len(g[0].hand) == hand + 1


def test_hera_settlement_beside_full_spaces():
    g, card = holding("hera")
    g.settlements(1, "harbor 6").settlements(2, "harbor 6")
    t = g.turn(favor("hera", "harbor 6"), card)
    assert g[0].settlements == ["harbor 6"] and g.spaces_free("harbor 6") == 0
    assert t.events("settle") == [(3, 0, 0)]          # harbor index 3 = harbor 6, not on a space


def test_hera_builds_at_any_harbor_even_where_already_settled():
    """Interpretation (docs/assumptions.md): "not yet built in the selected harbor" is a
    condition of the harbor action; Hera builds "at any harbor"."""
    g, card = holding("hera")
    g.settlements(0, "harbor 6")
    free = g.spaces_free("harbor 6")
    assert "favor hera harbor 6" in g.offered(window=True)
    g.turn(favor("hera", "harbor 6"), card)
    assert g.spaces_free("harbor 6") == free - 1 and g.S[L.S_SETTLED + 3] == 2
    assert int(g.S[L.S_SETTLE_LEFT]) == int(g.T[L.T_SETTLEMENTS]) - 2
    g.check(end_of_turn=True)
    # the harbor action still builds only where the player has none
    card = ready(g, 0, 4)
    g.ships(0, "harbor 4", "harbor 6")
    assert "settle harbor 6" not in g.offered(card, value(4), done())


def test_hera_without_a_settlement_left_only_gives_vp():
    g, card = holding("hera")
    g.settlements(0, "harbor 3", "harbor 4", "harbor 5")          # all three are built
    assert kinds(g.offered(window=True), "favor hera") == ["favor hera vp"]


def test_hermes_shifts_1_to_4_right_after_the_card():
    g, card = holding("hermes", v=5, wind=0)
    assert "favor hermes" not in " ".join(g.offered(window=True))      # not a window card
    values = kinds(g.offered(card), "value")
    assert values == ["value 3 hermes -2 wind 0", "value 4 hermes -1 wind 0", "value 5 wind 0",
                      "value 6 hermes +1 wind 0", "value 7 hermes +2 wind 0", "value 8 hermes +3 wind 0",
                      "value 9 hermes +4 wind 0"]
    t = g.turn(card, value(9, hermes=4), move("tableau", "harbor 9"))
    assert t.events("value") == [(5, 9, 0)]
    assert g[0].favor == [] and g.favor_discard == ["hermes"]


def test_hermes_with_wind():
    g, card = holding("hermes", v=5, wind=1)
    assert "value 10 hermes +4 wind 1" in g.offered(card)


def test_two_hermes_after_one_sailing_card():
    """"As many of your action cards as you wish": two Hermes shift the value up to 8; the
    second is offered only where one does not reach (docs/assumptions.md)."""
    g = Scenario(players=4)
    for p in (1, 2, 3):
        g.favor_cards(p)                        # (a Hermes dealt to another seat goes back)
    card = ready(g, 0, 3)
    g.favor_cards(0, "hermes", "hermes").wind(0, 0)
    values = kinds(g.offered(card), "value")
    assert {"value 7 hermes +4 wind 0", "value 8 hermes +5 wind 0", "value 11 hermes +8 wind 0"} <= set(values)
    assert len([v for v in values if v.startswith("value 6 ")]) == 1         # one Hermes is enough for 6
    t = g.turn(card, value(11, hermes=8), move("tableau", "east 11"))
    assert t.events("value") == [(3, 11, 0)]
    assert g[0].favor == [] and g.favor_discard == ["hermes", "hermes"]


def test_the_zeus_ship_may_be_the_one_that_sails_away():
    """Zeus places a ship in harbor 7 beside one already there; the player sails one of them
    to harbor 4: the one that stays is a carpenter for a settlement at harbor 7 (the player
    chooses which ship sails, so the Zeus ship does)."""
    g, card = holding("zeus", v=4)
    g.ships(0, "harbor 7")
    opts = g.offered(favor("zeus", "harbor 7"), card, value(4), move("harbor 7", "harbor 4"))
    assert "settle harbor 7" in opts


def test_plutos_a_crystal_from_the_board_without_presence():
    g, card = holding("plutos")
    g.board_crystals(blue=0)
    assert kinds(g.offered(window=True), "favor plutos") == [
        "favor plutos green", "favor plutos red", "favor plutos yellow"]
    g.turn(favor("plutos", "yellow"), card)
    assert g[0].crystals == {"yellow": 1}


def test_zeus_ship_onto_a_harbor_or_river_space_up_to_9():
    g, card = holding("zeus")
    ships = kinds(g.offered(window=True), "favor zeus")
    assert ships == sorted(["favor zeus vp"] + [f"favor zeus harbor {h}" for h in range(3, 10)]
                           + ["favor zeus lower 9", "favor zeus west 9"])
    g.turn(favor("zeus", "west 9"), card)
    assert g[0].ships == ["tableau", "tableau", "west 9"] and g[0].supply == 2


def test_zeus_ship_needs_one_in_the_supply():
    g, card = holding("zeus")
    g.ships(0, tableau=5)
    assert kinds(g.offered(window=True), "favor zeus") == ["favor zeus vp"]


def test_zeus_ship_in_a_harbor_gives_no_harbor_action():
    g, card = holding("zeus", v=7)
    assert g.offered(favor("zeus", "harbor 7"), card, value(7), done()) == []
    # a ship sailed there in step 2 is presence as usual
    assert g.offered(favor("zeus", "harbor 7"), card, value(7), move("tableau", "harbor 7")) == \
        ["done", "gain 4 vp"]


def test_zeus_takes_the_harbor_action_away_for_that_turn_only():
    """The Zeus ship gives no harbor action in the turn it is placed; afterwards it is a ship
    like any other, and it never took the harbor from anyone else."""
    g, card = holding("zeus", v=7)
    g.ships(1, "harbor 7")
    g.turn(favor("zeus", "harbor 7"), card, value(7), done())
    assert sorted(g[0].ships) == ["harbor 7", "tableau", "tableau"]
    def purple(p, v):             # the grey pile's top stays grey 4 sun: a purple card of value v - 4
        card = f"purple {v - 4} wave"
        g.to_move(p).hand(p, card)
        return play(card)

    g.wind(1, 2)                  # another player, present there, acts as usual
    assert g.offered(purple(1, 8), value(7), done()) == ["done", "gain 4 vp"]
    g.turn(purple(1, 8), value(7), done(), gain_vp())
    g.turn(purple(2, 5), done())
    g.turn(purple(3, 6), done())
    assert g.S[L.S_CUR] == 0      # seat 0's next turn: the Zeus ship is presence like any other
    assert g.offered(purple(0, 9), value(7), done()) == ["done", "gain 4 vp"]


def test_favor_discard_reshuffled_when_the_deck_is_empty():
    g = Scenario(players=4)
    card = ready(g, 0, 6)
    g.ships(0, "harbor 6").favor_deck()
    discard = len(g.favor_discard)
    assert g.favor_deck_size == 0 and discard == 20 - 4
    g.turn(card, value(6), done(), draw_favor())
    assert len(g[0].favor) == 2
    assert g.favor_deck_size == discard - 1 and g.favor_discard == []


def test_no_favor_card_left_to_draw():
    """Every favor card is held by a player: harbor 6 offers nothing."""
    g = Scenario(players=4)
    card = ready(g, 0, 6)
    g.ships(0, "harbor 6")
    for p in range(4):
        g.favor_cards(p)
    g.favor_cards(1, *[name for f, name in enumerate(L.FAVOR_NAMES) for _ in range(g.T[L.T_FAVOR_COUNT + f])])
    assert g.favor_deck_size == 0 and g.favor_discard == []
    assert g.offered(card, value(6), done()) == ["done"]


def test_zeus_ship_is_no_carpenter_this_turn():
    """Interpretation: a ship Zeus placed in a harbor gives no presence there this turn,
    neither for that harbor's action nor for building a settlement there."""
    g, card = holding("zeus", v=4)
    g.ships(0, "harbor 4")
    opts = g.offered(favor("zeus", "harbor 6"), card, value(4), done())
    assert kinds(opts, "settle") == ["settle harbor 4"]
