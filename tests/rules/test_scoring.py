"""Final score: crystal sets, wind, favor cards held; the tie-break."""
import pytest

import simulate.aeolos.layout as L
from simulate.aeolos.scenario import Scenario


def bare(players=4):
    """No wind, favor cards or bonus tokens left: only what a test gives scores."""
    g = Scenario(players=players)
    for p in range(players):
        g.wind(p, 0).favor_cards(p).tokens(p, swap=False, extra=False)
    return g


@pytest.mark.parametrize("crystals, vp", [
    ({"blue": 1}, 3),
    ({"blue": 1, "purple": 1}, 7),
    ({"red": 1, "green": 1, "yellow": 1}, 12),
    ({"blue": 1, "red": 1, "green": 1, "yellow": 1}, 18),
    ({"blue": 1, "red": 1, "green": 1, "yellow": 1, "purple": 1}, 25),
    ({"blue": 2, "red": 2}, 7 + 7),                                           # two sets
    ({"blue": 3}, 3 + 3 + 3),
    ({"blue": 2, "red": 1, "green": 1, "yellow": 1, "purple": 1}, 25 + 3),
    ({"blue": 2, "red": 2, "green": 1}, 12 + 7),
])
def test_crystal_sets(crystals, vp):
    g = bare()
    g.crystals(0, **crystals)
    g.finish()
    assert g[0].vp == vp
    assert g.S[L.S_VP_SRC + L.SRC_CRYSTALS] == vp


def test_one_vp_per_wind():
    g = bare()
    g.wind(0, 4).vp(0, 10)
    g.finish()
    assert g[0].vp == 14


def test_three_vp_per_favor_card_held():
    """Aeolos, Hera and Zeus score 5 only when played: held at the end they count 3."""
    g = bare()
    g.favor_cards(0, "aeolos", "hera", "zeus", "plutos")
    g.finish()
    assert g[0].vp == 4 * 3


def test_most_vp_wins():
    g = bare()
    g.vp(0, 30).vp(1, 31).vp(2, 5).crystals(0, blue=1)
    assert g.finish()[:3] == [0, 1, 2]            # 33 > 31 > 5


def test_tie_broken_by_the_highest_temple_place():
    g = bare()
    g.ships(0, "upper temple 12", "harbor 3").ships(1, "east temple 16", "harbor 3").ships(2, "harbor 3")
    for p in range(3):
        g.vp(p, 40)
    g.crystals(0).crystals(1).crystals(2)
    assert g.finish()[:3] == [1, 0, 2]


def test_tie_with_a_prophet_on_the_temple():
    """The prophet on the lower temple occupies a place too (interpretation)."""
    g = bare()
    g.ships(0, "upper temple 8", "harbor 3").prophet(1, "lower temple 9")
    g.crystals(0).crystals(1)
    g.vp(0, 40).vp(1, 40)
    assert g.finish()[:2] == [1, 0]
