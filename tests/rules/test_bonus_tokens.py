"""The bonus tokens "card swap" and "extra action", and their VP when unused."""
import pytest

import simulate.aeolos.layout as L
from simulate.aeolos.scenario import (IllegalChoice, Scenario, card_swap, done, discard, extra_action, gain_vp,
                                      play, prophet, value)

from .helpers import kinds, ready, uniform_p_value


def test_card_swap_draws_5_and_shuffles_5_back():
    g = Scenario(players=4)
    g.hand(0, "grey 0 sun", "grey 1 sun", "grey 2 sun")
    drawn = ["purple 0 wave", "purple 1 wave", "purple 2 wave", "purple 3 wave", "purple 4 wave"]
    g.deck(*drawn)
    old = g.hand_ids(0)
    deck = g.deck_size
    t = g.turn(card_swap(), *[discard(c) for c in ["grey 0 sun", "grey 1 sun", "grey 2 sun"] + drawn[:2]],
               play("purple 2 wave"))
    assert len(t.events("swap_discard")) == 5
    assert set(old) <= set(g.deck_ids)                     # the discarded hand is in the deck
    assert {"purple 3 wave", "purple 4 wave"} <= set(g[0].hand) and len(g[0].hand) == 3
    assert g.deck_size == deck - 1                          # only the end-of-turn draw
    assert g[0].tokens == ["extra action"]


def test_card_swap_shuffles_the_discarded_cards_thoroughly_into_the_deck():
    """"Shuffle the discarded cards thoroughly into the draw pile": over many games a swapped
    card ends anywhere in the deck, uniformly (not back on top, not at the bottom)."""
    bins = [0] * 5
    for seed in range(250):
        g = Scenario(players=4, seed=seed)
        g.hand(0, "grey 0 sun", "grey 1 sun", "grey 2 sun")
        swapped = g.hand_ids(0)[0]
        g.turn(card_swap(), *[discard(c) for c in ("grey 0 sun", "grey 1 sun", "grey 2 sun")],
               *[discard(g.card_name(c)) for c in g.deck_ids[-2:][::-1]], play())
        deck = g.deck_ids + [c for c in g.hand_ids(0) if c == swapped]   # bottom .. top (drawn at the end)
        bins[5 * deck.index(swapped) // len(deck)] += 1
    assert uniform_p_value(bins) > 1e-4, bins


def test_card_swap_must_discard_five():
    g = Scenario(players=4)
    g.hand(0, "grey 0 sun", "grey 1 sun", "grey 2 sun")
    with pytest.raises(IllegalChoice):
        g.turn(card_swap(), discard("grey 0 sun"), play("grey 1 sun"))


def test_extra_action_without_card_or_presence():
    g = Scenario(players=4)
    card = ready(g, 0, 8)
    t = g.turn(extra_action("harbor 7"), gain_vp(), card)
    assert g[0].vp == 4 and g[0].tokens == ["card swap"]
    assert g[0].ships == ["tableau", "tableau"]
    assert t.events("token") == [(L.TOKEN_EXTRA, 0, 0)]


def test_extra_action_is_in_addition_to_the_sailing_action():
    """The same harbor's action twice in a turn: once extra, once with the sailing value.
    Only the second counts as the sailing value's action."""
    g = Scenario(players=4)
    card = ready(g, 0, 7)
    g.ships(0, "harbor 7")
    g.turn(extra_action("harbor 7"), gain_vp(), card, value(7), done(), gain_vp())
    assert g[0].vp == 8
    assert g.S[L.S_ACTIONS_TAKEN + 4] == 1


def test_extra_action_follows_the_harbor_rules():
    """Harbor 9 needs 2 wind; harbor 4's settlement needs a ship at the chosen harbor."""
    g = Scenario(players=4)
    ready(g, 0, 5)
    g.wind(0, 1).ships(0, "harbor 6")
    harbors = g.offered(extra_action())
    assert "extra harbor 9" not in harbors and "extra harbor 7" in harbors
    assert kinds(g.offered(extra_action("harbor 4")), "settle") == ["settle harbor 6"]
    g.wind(0, 2)
    assert "prophet" in g.offered(extra_action("harbor 9"))


def test_extra_action_after_the_card():
    g = Scenario(players=4)
    card = ready(g, 0, 5)
    g.wind(0, 2)
    g.turn(card, value(5), done(), extra_action("harbor 9"), prophet())
    assert g[0].prophet == "platform 1" and g[0].wind == 0


def test_each_token_only_once():
    g = Scenario(players=4)
    card = ready(g, 0, 5)
    g.tokens(0, swap=True, extra=False)
    window = g.offered(window=True)
    assert "card swap" in window and "extra action" not in window
    with pytest.raises(IllegalChoice):
        g.turn(extra_action("harbor 7"), gain_vp(), card)


@pytest.mark.parametrize("swap, extra", [(True, True), (True, False), (False, False)])
def test_unused_tokens_score_at_the_end(swap, extra):
    """The token VP are printed on the tokens, not in the rulebook text: read from the config."""
    g = Scenario(players=4)
    for p in range(4):
        g.wind(p, 0).favor_cards(p).tokens(p, swap=False, extra=False)
    g.tokens(0, swap=swap, extra=extra)
    g.finish()
    assert g[0].vp == (swap + extra) * int(g.T[L.T_TOKEN_VP])
    assert g[1].vp == 0
