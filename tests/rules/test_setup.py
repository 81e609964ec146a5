"""Game Setup (rulebook steps 1-7), for 2, 3 and 4 players."""
import pytest

import simulate.aeolos.layout as L
from simulate.aeolos.scenario import Scenario

PLAYERS = [2, 3, 4]


@pytest.mark.parametrize("n", PLAYERS)
def test_crystals_on_the_board(n):
    """One crystal per player at harbors 3 (blue), 4 (red), 5 (green), 8 (yellow), one extra
    red and green; 3 purple on the lower temple; the rest of the 21 back in the box."""
    g = Scenario(players=n, seed=n)
    assert g.board_crystal == {"blue": n, "red": n + 1, "green": n + 1, "yellow": n, "purple": 3}
    assert all(not g[p].crystals for p in range(n))
    box = sum(int(g.S[L.S_BOX_CRYSTAL + c]) for c in range(L.N_COLOURS))
    assert box + sum(g.board_crystal.values()) == 21


@pytest.mark.parametrize("n, out", [(2, {"X", "diamond"}), (3, {"X"}), (4, set())])
def test_sorted_out_sailing_cards(n, out):
    """3 players: the 6 X cards stay in the box; 2 players: also the 4 diamond cards."""
    g = Scenario(players=n, seed=n)
    T = g.T
    marks = [L.MARK_NAMES[T[L.T_CARD_MARK + c]] for c in range(T[L.T_N_CARDS])]
    assert (len(marks), marks.count("X"), marks.count("diamond")) == (52, 6, 4)
    in_play = g.deck_ids + [c for p in range(n) for c in g.hand_ids(p)]
    assert len(in_play) == 52 - sum(marks.count(m) for m in out)
    assert not {marks[c] for c in in_play} & out


@pytest.mark.parametrize("n", PLAYERS)
def test_hands_and_favor_cards(n):
    """3 sailing cards and 1 face-down favor card each; the rest are the draw piles."""
    g = Scenario(players=n, seed=n)
    assert [len(g[p].hand) for p in range(n)] == [3] * n
    assert [len(g[p].favor) for p in range(n)] == [1] * n
    assert g.favor_deck_size == 20 - n and g.favor_discard == []
    assert g.tops == ["purple 2 sun", "grey 4 cloud"]       # the printed discard piles
    assert g.pile("purple") == g.pile("grey") == []


@pytest.mark.parametrize("n", PLAYERS)
def test_player_components(n):
    """2 ships on the tableau and 3 in the supply, 3 settlements, prophet on the start space,
    VP 0, both bonus tokens face up; the start player (seat 0) moves first."""
    g = Scenario(players=n, seed=n)
    for p in range(n):
        s = g[p]
        assert (s.ships, s.supply) == (["tableau", "tableau"], 3)
        assert s.settlements == [] and int(g.S[L.S_SETTLE_LEFT + p]) == 3
        assert (s.prophet, s.vp) == ("start", 0)
        assert s.tokens == ["card swap", "extra action"]
    assert g.S[L.S_CUR] == 0


@pytest.mark.parametrize("n", PLAYERS)
def test_starting_wind(n):
    """The start player and the next get 2 wind, then 3 and 4; the rest of the 28 is the supply."""
    g = Scenario(players=n, seed=n)
    assert [g[p].wind for p in range(n)] == [2, 2, 3, 4][:n]
    assert g.wind_supply == 28 - sum([2, 2, 3, 4][:n])


def test_three_players_cover_four_settlement_spaces():
    g3, g4 = Scenario(players=3), Scenario(players=4)
    harbors = [f"harbor {h}" for h in range(3, 10)]
    covered = [g4.spaces_free(h) - g3.spaces_free(h) for h in harbors]
    assert sum(covered) == 4 and min(covered) == 0
    assert all(g3.spaces_free(h) >= 1 for h in harbors)


def test_two_players_use_the_two_player_side():
    g = Scenario(players=2)
    assert [g.spaces_free(f"harbor {h}") for h in range(3, 10)] == \
        [int(g.T[L.T_HARBOR_SPACES_2P + h]) for h in range(L.N_HARBORS)]


@pytest.mark.parametrize("n", PLAYERS)
def test_temple_places(n):
    """3 landing places per temple, the top three temples with a bonus place each; in a game
    of two the top three temples have only 2 landing places."""
    g = Scenario(players=n)
    free = g.free_places
    for temple in ("upper", "west", "east"):
        landing = [p for p in free if p.startswith(temple + " temple") and not p.endswith("bonus")]
        assert len(landing) == (2 if n == 2 else 3)
        assert f"{temple} temple bonus" in free
    assert len([p for p in free if p.startswith("lower temple")]) == 3
