"""Every worked EXAMPLE of the rulebook, played through the kernel as a scenario."""
import simulate.aeolos.layout as L
from simulate.aeolos.scenario import (Scenario, crystal, done, favor, move, play, prophet, settle, step,
                                      upriver, value)

from .helpers import kinds, ready


def test_elia_sun_match():
    """Elia plays a purple 2 sun; both tops show a sun, so Elia takes 1 wind. The sailing
    value is 5 (purple 2 + grey 3); Elia gives 2 wind to reach harbor 3."""
    g = Scenario(players=4)       # the purple 2 sun is an X card: in play with four players
    g.top("grey 3 sun").hand(0, "purple 2 sun", "grey 1 wave", "purple 5 cloud").wind(0, 1)
    # the value 3 is reachable only thanks to the match wind (1 held + 1 taken)
    assert "value 3 wind 2" in g.offered(play("purple 2 sun"))
    t = g.turn(play("purple 2 sun"), value(3), move("tableau", "harbor 3"), crystal("blue"))
    assert t.events("match") == [(L.SUN, 1, 0)]
    assert t.events("value") == [(5, 3, 2)]
    assert g.tops == ["purple 2 sun", "grey 3 sun"]
    assert g[0].wind == 0
    assert "harbor 3" in g[0].ships and g[0].crystals == {"blue": 1}
    assert "harbor 3" in str(t)            # the turn told by the transcript module


def test_elia_without_the_match_cannot_reach_3():
    """Counter-check of the example: with a grey 3 cloud on top there is no match, and
    1 wind cannot lower 5 to 3."""
    g = Scenario(players=4)
    g.top("grey 3 cloud").hand(0, "purple 2 sun").wind(0, 1)
    values = kinds(g.offered(play("purple 2 sun")), "value")
    assert values == ["value 4 wind 1", "value 5 wind 0", "value 6 wind 1"]


def test_luca_sailing_value_9():
    """Luca's value 9 reaches harbor 9 or either river space 9; with 3 more wind, one of
    the three river spaces 12."""
    g = Scenario(players=4)
    card = ready(g, 0, 9)
    g.wind(0, 3)
    moves = kinds(g.offered(card, value(9)), "move")
    assert moves == ["move tableau -> harbor 9", "move tableau -> lower 9", "move tableau -> west 9"]
    assert "value 12 wind 3" in g.offered(card)
    moves = kinds(g.offered(card, value(12)), "move")
    assert moves == ["move tableau -> east 12", "move tableau -> upper 12", "move tableau -> west 12"]
    assert sum(g.T[L.T_SPACE_VALUE + s] == 9 for s in range(g.T[L.T_N_SPACES])) == 2
    assert sum(g.T[L.T_SPACE_VALUE + s] == 12 for s in range(g.T[L.T_N_SPACES])) == 3


def test_jona_upriver_to_the_bonus_place():
    """Jona (value 3, a ship at harbor 3) gives 3 wind: two steps take the ship from harbor 8
    up to space 12 of the upper river, the third onto the upper temple, where only the 12 VP
    landing place and the bonus place are free. The bonus place: 4 VP and 2 favor cards."""
    g = Scenario(players=4)
    card = ready(g, 0, 3)
    g.ships(0, "harbor 3", "harbor 8").wind(0, 3).vp(0, 10)
    g.ships(1, "upper temple 10").ships(2, "upper temple 8")
    favor_before = len(g[0].favor)
    head = [card, value(3), done(), upriver(), step("harbor 8", "upper 11"), step("upper 11", "upper 12")]
    assert kinds(g.offered(card, value(3), done()), "") == ["crystal blue", "done", "upriver"]
    assert kinds(g.offered(*head), "step") == ["step upper 12 -> upper temple 12 wind 1",
                                              "step upper 12 -> upper temple bonus wind 1"]
    g.turn(*head, step("upper 12", "upper temple bonus"))
    assert g.places["upper temple bonus"] == "seat 0 ship"
    assert g[0].vp == 10 + 4
    assert len(g[0].favor) == favor_before + 2
    assert g[0].wind == 0


def test_mika_builds_a_second_settlement():
    """Mika (value 4) has ships at harbors 4, 5, 7, 9 and a settlement at 5; harbor 7's two
    spaces are taken. Only harbors 4 and 9 can get a settlement. Mika builds on the last free
    space of harbor 9, draws 2 cards, and the hand limit becomes 5."""
    g = Scenario(players=4)
    card = ready(g, 0, 4, "grey 0 sun", "grey 2 wave")
    g.ships(0, "harbor 4", "harbor 5", "harbor 7", "harbor 9").settlements(0, "harbor 5")
    g.settlements(1, "harbor 7").settlements(2, "harbor 7", "harbor 9")
    assert g.spaces_free("harbor 7") == 0 and g.spaces_free("harbor 9") == 1
    assert kinds(g.offered(card, value(4), done()), "settle") == ["settle harbor 4", "settle harbor 9"]
    t = g.turn(card, value(4), done(), settle("harbor 9"))
    assert g[0].settlements == ["harbor 5", "harbor 9"]
    assert g.spaces_free("harbor 9") == 0
    assert t.events("draw") == [(2, 0, 0)]
    assert len(g[0].hand) == 3 - 1 + 2
    assert g[0].hand_limit == 5


def test_elia_prophet_with_aeolos():
    """Elia has 5 wind, gives 2 and moves the prophet from platform 2 to platform 3 first:
    +2 VP at once; then plays Aeolos: +3 wind, +1 VP; "for the total of 6 wind" the
    platform scores 12 VP; back to 5 wind at the end of the turn. In the book's order: the
    platform's VP are due when the window after the move closes (docs/assumptions.md)."""
    g = Scenario(players=4)
    card = ready(g, 0, 9)
    g.wind(0, 5).prophet(0, 2).favor_cards(0, "aeolos").vp(0, 20)
    g.prophet(1, 2).prophet(2, 1)          # nobody has reached platform 3 yet
    t = g.turn(card, value(9), move("tableau", "harbor 9"), prophet(), favor("aeolos"))
    assert [e[:2] for e in t.events("prophet")] == [(3, -1)]
    assert t.events("vp") == [(2, L.SRC_PROPHET, 0), (1, L.SRC_FAVOR_PLAYED, 0), (12, L.SRC_PROPHET, 0)]
    assert t.events("platform") == [(3, 12, 2)]
    assert t.events("wind_cap") == [(1, 0, 0)]
    assert g[0].vp == 20 + 2 + 1 + 12
    assert g[0].wind == 5
    assert g[0].prophet == "platform 3"
    assert g.favor_discard == ["aeolos"]


def test_a_heuristic_plays_elias_aeolos_after_the_prophet():
    """The strategies use the windows: in Elia's position the heuristic keeps Aeolos at the
    start of the turn (5 wind: its wind would be lost at the cap) and plays it in the window
    after the prophet reached platform 3, where each of its 3 wind is 2 more VP."""
    from simulate.aeolos import GAME as AEOLOS
    from strategies import resolve_strategies

    g = Scenario(players=4)
    ready(g, 0, 9)
    g.ships(0, "harbor 9").wind(0, 5).prophet(0, 2).favor_cards(0, "aeolos").vp(0, 20)
    g.prophet(1, 2).prophet(2, 1)
    _, POL, W = resolve_strategies(AEOLOS, "balanced", 4)
    g.POL[0], g.W = POL[0], W
    t = g.turn()
    events = [int(r[2]) for r in t.log]
    assert events.index(L.EV_PROPHET) < events.index(L.EV_FAVOR_PLAYED) < events.index(L.EV_PLATFORM)
    assert t.events("platform") == [(3, 12, 2)]
