"""End of the game: the last card of the draw pile, the one refill (3p/4p), equal turns."""
import pytest

import simulate.aeolos.layout as L
from simulate.aeolos.scenario import Scenario, play
from simulate.aeolos.config import load_rules

from .helpers import runs


def played_under_tops(g):
    """Sailing cards played so far, except the two on top of the piles."""
    return sum(max(0, len(g.pile(colour)) - 1) for colour in ("purple", "grey"))


def test_two_players_end_after_the_round_of_the_last_card():
    g = Scenario(players=2)
    g.deck(size=1)
    g.turn(play())                                 # seat 0 draws the last card
    assert g.deck_size == 0 and g.S[L.S_END_TRIGGERED] == 1 and not g.over
    hand = len(g[1].hand)
    g.turn(play())                                 # seat 1 finishes the round, drawing nothing
    assert len(g[1].hand) == hand - 1
    assert g.over and g.S[L.S_REFILLS] == 0


def test_two_players_last_card_drawn_by_the_second_seat():
    g = Scenario(players=2)
    g.to_move(1).deck(size=1)
    g.turn(play())
    assert g.over


@pytest.mark.parametrize("players, extra_card", [(3, False), (3, True), (4, False)])
def test_refill_once_from_the_played_cards_except_the_two_tops(players, extra_card):
    """3 players keep one of two equal halves; with an odd number of cards the odd one goes
    back to the box too (interpretation). extra_card: seat 1 holds a fourth card (it has a
    settlement), which makes the number of played cards even."""
    g = Scenario(players=players)
    if extra_card:
        g.settlements(1, "harbor 3").hand(1, *g[1].hand, g.card_name(g.deck_ids[0]))
    g.deck(size=1)
    n = played_under_tops(g) + 1            # seat 0's card covers a top card
    assert n % 2 == (0 if extra_card else 1) or players == 4
    box = int(g.S[L.S_BOX_N])
    t = g.turn(play())                      # seat 0 draws the last card
    keep = n if players == 4 else n // 2
    assert g.deck_size == keep
    assert t.events("refill") == [(keep, n - keep, 0)]
    assert int(g.S[L.S_BOX_N]) == box + n - keep
    assert len(g.pile("purple")) == len(g.pile("grey")) == 1       # the two tops stay
    assert g.S[L.S_END_TRIGGERED] == 0 and not g.over
    g.check()                               # every card still exactly once


@pytest.mark.parametrize("players", [3, 4])
def test_the_refill_is_shuffled_thoroughly(players):
    """"Shuffle the cards thoroughly": the colours of a refilled deck run as in a uniform
    shuffle (Wald-Wolfowitz runs test over many games), not in pile order (all purple, then
    all grey: two runs)."""
    observed = expected = variance = 0.0
    for seed in range(150):
        g = Scenario(players=players, seed=seed)
        g.deck(size=1)
        g.turn(play())                                   # seat 0 draws the last card: the refill
        colours = [int(g.T[L.T_CARD_COLOUR + c]) for c in g.deck_ids]
        n, n1 = len(colours), sum(colours)
        n0 = n - n1
        observed += runs(colours)
        expected += 1 + 2 * n0 * n1 / n
        variance += 2 * n0 * n1 * (2 * n0 * n1 - n) / (n * n * (n - 1))
    z = (observed - expected) / variance ** 0.5
    assert abs(z) < 4.5, z


@pytest.mark.parametrize("players", [3, 4])
def test_after_the_refill_the_last_card_ends_the_game(players):
    g = Scenario(players=players)
    g.refilled().to_move(1).deck(size=1)
    g.turn(play())                                  # seat 1 draws the very last card
    assert g.S[L.S_END_TRIGGERED] == 1 and g.deck_size == 0
    for seat in range(2, players):                  # the round is finished: equal turns for all
        assert not g.over and g.S[L.S_CUR] == seat
        g.turn(play())
    assert g.over


def test_game_goes_on_while_cards_are_left():
    g = Scenario(players=4)
    g.deck(size=5)
    for _ in range(4):
        g.turn(play())
    assert not g.over and g.S[L.S_END_TRIGGERED] == 0 and g.S[L.S_ROUND] == 2


def test_a_refill_without_cards_ends_the_game():
    """If no played card is left to refill with, the card just drawn was the very last one:
    the round is finished and the game ends. (Unreachable with the 52 printed cards; a
    config with a small deck reaches it.)"""
    base = load_rules()
    small = load_rules(overrides={"sailing.cards": [c for c in base.config["sailing"]["cards"]
                                                    if not c["mark"]][:13]})
    g = Scenario(players=3, rules=small)
    for p in range(3):                     # a settlement each: the hands take 3 of the 4 cards
        g.settlements(p, f"harbor {7 + p}").hand(p, *g[p].hand, g.card_name(g.deck_ids[-1]))
    assert g.deck_size == 1 and g.pile("purple") == g.pile("grey") == []
    t = g.turn(play())                     # the last card; nothing under the tops to refill
    assert t.events("refill") == [(0, 0, 0)]
    assert g.S[L.S_END_TRIGGERED] == 1
    g.turn(play())
    g.turn(play())
    assert g.over
