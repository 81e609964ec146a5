"""The prophet: three platforms (ships in play, settlements built, wind held), first and
second bonuses, then a free landing place of the lower temple."""
import pytest

import simulate.aeolos.layout as L
from simulate.aeolos.scenario import Scenario, done, favor, prophet, value

from .helpers import ready


def to_prophet(g, level, wind=2):
    """Seat 0 (prophet on `level`) has a ship at harbor 9, `wind`, and a card of value 9."""
    card = ready(g, 0, 9)
    g.prophet(0, level).wind(0, wind)
    if "harbor 9" not in g[0].ships:
        g.ships(0, "harbor 9", *[s for s in g[0].ships if s != "tableau"])
    return [card, value(9), done()]


def test_platform_1_two_vp_per_ship_in_play_incl_sacrificed():
    """2 starting ships + 1 built (on a temple) = 3 ships in play: 6 VP, +2 for being first."""
    g = Scenario(players=4)
    g.ships(0, "harbor 9", "upper temple 12", tableau=1).vp(0, 12)
    t = g.turn(*to_prophet(g, 0), prophet())
    assert t.events("platform") == [(1, 6, 2)]
    assert g[0].vp == 12 + 6 + 2 and g[0].prophet == "platform 1"


def test_platform_2_three_vp_per_settlement_built():
    g = Scenario(players=4)
    g.settlements(0, "harbor 4", "harbor 6")
    t = g.turn(*to_prophet(g, 1), prophet())
    assert t.events("platform") == [(2, 6, 2)]


def test_platform_3_two_vp_per_wind_held_after_paying():
    g = Scenario(players=4)
    t = g.turn(*to_prophet(g, 2, wind=5), prophet())
    assert t.events("platform") == [(3, 2 * 3, 2)]
    assert g[0].wind == 3                       # the wind is kept


def test_a_platform_scores_when_the_window_after_the_move_closes():
    """Interpretation of Elia's example (docs/assumptions.md): the first-reach bonus is paid at
    once, the platform's own VP count what the player has when the free window after the
    move closes; here Hera builds a settlement in that window, and platform 2 counts it."""
    g = Scenario(players=4)
    g.settlements(0, "harbor 4")
    head = to_prophet(g, 1)
    g.favor_cards(0, "hera")
    t = g.turn(*head, prophet(), favor("hera", "harbor 6"))
    assert t.events("platform") == [(2, 2 * 3, 2)]
    events = [int(r[2]) for r in t.log]
    assert events.index(L.EV_PROPHET) < events.index(L.EV_SETTLE) < events.index(L.EV_PLATFORM)


@pytest.mark.parametrize("players, before, bonus", [(4, 0, 2), (4, 1, 1), (4, 2, 0), (3, 1, 1),
                                                    (3, 2, 0), (2, 0, 2), (2, 1, 0)])
def test_first_and_second_to_a_platform(players, before, bonus):
    """+2 for the first; +1 for the second only with three or four players."""
    g = Scenario(players=players)
    for p in range(1, before + 1):
        g.prophet(p, 1)
    t = g.turn(*to_prophet(g, 0), prophet())
    assert t.events("platform") == [(1, 2 * 2, bonus)]
    assert g[0].vp == 4 + bonus


def test_from_platform_3_onto_a_free_lower_landing_place():
    g = Scenario(players=4)
    g.ships(1, "lower temple 9")
    head = to_prophet(g, 3)
    assert sorted(g.offered(*head)) == ["done", "prophet -> lower temple 5", "prophet -> lower temple 7"]
    g.turn(*head, prophet("lower temple 7"))
    assert g[0].prophet == "lower temple 7" and g.places["lower temple 7"] == "seat 0 prophet"
    assert g[0].vp == 7 and g[0].crystals == {"purple": 1} and g[0].wind == 0


def test_prophet_on_the_temple_moves_no_more():
    g = Scenario(players=4)
    g.prophet(0, "lower temple 5")
    assert g.offered(*to_prophet(g, "lower temple 5", wind=5)) == ["done"]
