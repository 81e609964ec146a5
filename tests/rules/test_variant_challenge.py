"""Variant 3: the Challenge of Aeolos (rulebook, "Game Variants")."""
import pytest

import simulate.aeolos.layout as L
from simulate.aeolos import game as G
from simulate.aeolos.kernel import check_games, play_batch, result_arrays
from simulate.aeolos.scenario import (IllegalChoice, Scenario, crystal, done, favor_choice, free_action, gain_wind,
                                      keep, step, upriver, value)
from simulate.aeolos.config import load_rules
from simulate.aeolos import GAME as AEOLOS
from strategies import resolve_strategies

from .helpers import kinds, ready


@pytest.fixture(scope="module")
def challenge():
    return load_rules(variants=["challenge"])


def at_harbor(rules, v, *ships, wind=2):
    g = Scenario(players=4, rules=rules)
    card = ready(g, 0, v)
    g.ships(0, f"harbor {v}", *ships).wind(0, wind)
    return g, [card, value(v), done()]


# ---------------------------------------------------------------- harbor 6: draw 2, keep 1
def test_harbor_6_draws_two_keeps_one_and_shows_the_other(challenge):
    g, head = at_harbor(challenge, 6)
    g.favor_cards(0).favor_deck("plutos", "artemis", "aeolos")
    assert g.offered(*head) == ["done", "favor choice"]
    assert sorted(g.offered(*head, favor_choice())) == ["keep artemis", "keep plutos"]
    t = g.turn(*head, favor_choice(), keep("artemis"))
    assert g[0].favor == ["artemis"]
    assert g.favor_discard[-1] == "plutos" and g.favor_deck_size == 1
    assert 'puts "Plutos" face up on the discard pile' in " ".join(t.text.split())


def test_harbor_6_draws_from_a_reshuffled_discard_when_the_deck_runs_out(challenge):
    g, head = at_harbor(challenge, 6)
    g.favor_deck("athene")                                  # one card; the rest lie on the discard pile
    options = g.offered(*head, favor_choice())
    assert "keep athene" in options and len(options) == 2
    g.turn(*head, favor_choice(), keep("athene"))
    assert "athene" in g[0].favor


# ---------------------------------------------------------------- harbor 7: another harbor's action
def test_harbor_7_takes_the_action_of_another_harbor_where_present(challenge):
    g, head = at_harbor(challenge, 7, "harbor 4", "harbor 8")
    assert kinds(g.offered(*head), "free") == ["free harbor 4", "free harbor 8"]
    g.turn(*head, free_action("harbor 8"), gain_wind())
    assert g[0].wind == 4                                    # harbor 8 under the Challenge: 2 wind


def test_harbor_7_reaches_a_harbor_through_a_settlement(challenge):
    g, head = at_harbor(challenge, 7)
    g.settlements(0, "harbor 4")
    assert kinds(g.offered(*head), "free") == ["free harbor 4"]
    g.turn(*head, free_action("harbor 4"), crystal("red"))
    assert g[0].crystals == {"red": 1}


def test_harbor_7_needs_presence_elsewhere(challenge):
    g, head = at_harbor(challenge, 7)
    assert g.offered(*head) == ["done"]
    with pytest.raises(IllegalChoice):
        g.turn(*head, free_action("harbor 4"))


def test_harbor_7_gives_no_vp_any_more(challenge):
    g, head = at_harbor(challenge, 7, "harbor 4")
    assert "gain vp" not in g.offered(*head)


# ---------------------------------------------------------------- harbor 8: yellow or 2 wind
def test_harbor_8_yellow_crystal_or_two_wind(challenge):
    g, head = at_harbor(challenge, 8, wind=1)
    assert sorted(g.offered(*head)) == ["crystal yellow", "done", "gain 2 wind"]
    g.turn(*head, gain_wind())
    assert g[0].wind == 3


# ---------------------------------------------------------------- one ship per river space
def test_no_sailing_onto_an_occupied_river_space(challenge):
    g = Scenario(players=4, rules=challenge)
    card = ready(g, 0, 9)
    g.ships(0, "harbor 4").ships(1, "west 9")
    offered = kinds(g.offered(card, value(9)), "move")
    assert "move harbor 4 -> west 9" not in offered and "move harbor 4 -> lower 9" in offered
    base = Scenario(players=4)
    card = ready(base, 0, 9)
    base.ships(0, "harbor 4").ships(1, "west 9")
    assert "move harbor 4 -> west 9" in kinds(base.offered(card, value(9)), "move")


def test_upriver_passes_occupied_spaces_and_pays_for_them(challenge):
    g, head = at_harbor(challenge, 3, "harbor 9", wind=3)
    g.ships(1, "east 10")                                   # the first space above harbor 9
    options = kinds(g.offered(*head, upriver()), "step")
    assert "step harbor 9 -> east 11 wind 2" in options
    assert not any(o.startswith("step harbor 9 -> east 10") for o in options)
    g.turn(*head, upriver(), step("harbor 9", "east 11"))
    assert "east 11" in g[0].ships and g[0].wind == 1


def test_upriver_spends_at_most_3_wind_in_all_paid_over_spaces_included(challenge):
    """A whole trip: passing an occupied space costs 2 of the 3 wind, one more step uses the
    last; with wind left, no fourth wind's step is offered."""
    g, head = at_harbor(challenge, 3, "harbor 9", wind=5)
    g.ships(1, "east 10")
    trip = [*head, upriver(), step("harbor 9", "east 11"), step("east 11", "east 12")]
    assert not kinds(g.offered(*trip), "step")
    g.turn(*trip)
    assert "east 12" in g[0].ships and g[0].wind == 2


def test_upriver_cannot_pass_occupied_spaces_it_cannot_pay_for(challenge):
    g, head = at_harbor(challenge, 3, "harbor 9", wind=1)
    g.ships(1, "east 10")
    assert not any(o.startswith("step harbor 9 -> east") for o in kinds(g.offered(*head, upriver()), "step"))


def test_zeus_places_no_ship_on_an_occupied_space(challenge):
    g = Scenario(players=4, rules=challenge)
    ready(g, 0, 7)
    g.favor_cards(0, "zeus").ships(1, "west 9")
    zeus = kinds(g.offered(window=True), "favor zeus")
    assert "favor zeus west 9" not in zeus and "favor zeus lower 9" in zeus


# ---------------------------------------------------------------- whole games and strategies
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_of_the_variant_keep_every_rule(challenge, players):
    for names in ("random", "balanced"):
        _, POL, W = resolve_strategies(AEOLOS, names, players)
        check_games(challenge, players, 3, 2000 if names == "random" else 300, POL, W)
    rules = load_rules(variants=["tableaus", "poseidon", "challenge"])
    _, POL, W = resolve_strategies(AEOLOS, "random", players)
    check_games(rules, players, 4, 1000, POL, W)


def test_strategies_use_the_new_harbor_actions(challenge):
    """A strategy that never used harbor 7 under the Challenge would be a defect."""
    _, POL, W = resolve_strategies(AEOLOS, "balanced", 3)
    g, s, f, fn = result_arrays(400)
    play_batch(challenge.T, 3, 8, 0, 400, W, POL, False, g, s, f, fn)
    taken = s[:, :3, G.P_ACTIONS:G.P_ACTIONS + L.N_HARBORS].sum(axis=(0, 1))
    assert taken[3] > 100 and taken[4] > 100                # harbors 6 and 7, hundreds of times


def test_check_mode_catches_two_ships_on_one_river_space(challenge):
    from simulate.aeolos.scenario import ScenarioError

    g = Scenario(players=4, rules=challenge)
    g.ships(0, "west 9").ships(1, "west 9")
    with pytest.raises(ScenarioError, match="two ships on one river space"):
        g.check()
    Scenario(players=4).ships(0, "west 9").ships(1, "west 9").check()      # fine in the base game
