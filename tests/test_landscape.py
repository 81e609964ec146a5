"""The strategy landscape's reading (``analysis/landscape.py``) on meta-games with known answers:
rock-paper-scissors (a cycle, the uniform mix, no dominant style), a prisoner's dilemma (defect
dominant), the same at three and four players, and its pieces (profiles, resampling, fixation)."""
import itertools

import numpy as np
import pytest

from analysis.landscape import (MetaGame, alpha_rank, beats, cycles, dominant, entropy, equilibrium, fixation,
                                profiles, summarize, words)

RPS = [[.5, .3, .7], [.7, .5, .3], [.3, .7, .5]]                 # rock, paper, scissors: row's win rate
PD = [[.5, .8, .9], [.2, .5, .6], [.1, .4, .5]]                  # defect beats tit-for-tat beats cooperate


def planted(M, styles, players=2, games=4000):
    """A MetaGame whose profiles' win shares follow a pairwise-strength model of matrix M (each
    seat's chance proportional to the product of the square roots of its odds against every
    other seat): at two players exactly M."""
    M = np.array(M, float)
    counts = profiles(len(styles), players)
    share = np.zeros(counts.shape)
    for q, c in enumerate(counts):
        seats = [i for i in range(len(styles)) for _ in range(c[i])]
        w = np.array([np.prod([(M[a, b] / (1 - M[a, b])) ** 0.5 for t, b in enumerate(seats) if t != s])
                      for s, a in enumerate(seats)])
        for s, a in enumerate(seats):
            share[q, a] += games * w[s] / w.sum()
    return MetaGame(tuple(styles), players, counts, share, np.full(len(counts), games))


def test_profiles_are_every_mixed_seating():
    assert profiles(3, 2).tolist() == [[1, 1, 0], [1, 0, 1], [0, 1, 1]]
    four = profiles(6, 4)
    assert len(four) == 126 - 6 and (four.sum(axis=1) == 4).all() and (four.max(axis=1) < 4).all()
    assert len({tuple(r) for r in four.tolist()}) == len(four)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rock_paper_scissors_is_a_cycle_with_a_uniform_mix(players):
    meta = planted(RPS, ("rock", "paper", "scissors"), players)
    s = summarize(meta, resamples=40, seed=1)
    assert s["dominant"] == -1 and s["cycles"] == [[0, 2, 1]]        # rock beats scissors beats paper beats rock
    assert np.allclose(s["mix"], 1 / 3, atol=0.01) and s["variety"] > 0.99 and s["settled"]
    assert all(lo < 1 / 3 < hi for lo, hi in zip(s["mix_low"], s["mix_high"]))
    assert np.allclose(s["alpha_rank"], 1 / 3, atol=0.01)
    said = " ".join(words(s))
    assert "No style beats every other" in said and "A cycle: rock beats scissors" in said and "33/33/33" in said


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_dominant_style_is_found_and_said(players):
    meta = planted(PD, ("defect", "tft", "cooperate"), players)
    s = summarize(meta, resamples=40, seed=1)
    assert s["dominant"] == 0 and s["dominant_share"][0] == 1.0 and s["cycles"] == []
    assert s["mix"][0] > 0.99 and s["variety"] < 0.01 and s["alpha_rank"][0] > 0.99
    said = words(s)
    assert said[0].startswith("defect beats every other style") and "against its closest rival, tft" in said[0]
    assert "plays defect alone" in said[1] and "tft and cooperate are not worth playing" in said[1]


def test_an_undecided_edge_is_no_verdict():
    """Two styles a hair apart on few games: no dominant style, the mix's intervals span both."""
    meta = planted([[.5, .51], [.49, .5]], ("a", "b"), 2, games=200)
    s = summarize(meta, resamples=100, seed=2)
    assert s["dominant"] == -1 and not s["beats"][0][1]
    assert s["mix_high"][1] > 0.5 and s["mix_low"][0] < 0.5
    assert "No style surely beats every other" in words(s)[0] or "No style beats every other" in words(s)[0]


def test_a_mixed_equilibrium_has_the_textbook_weights():
    """A three-style game with a known interior equilibrium: (1/2, 1/4, 1/4), the mix against
    which every style wins exactly half its games."""
    A = np.array([[.5, .6, .4], [.4, .5, .7], [.6, .3, .5]])
    meta = planted(A, tuple("abc"), 2)
    x, ok = equilibrium(meta)
    assert ok and (x @ A >= 0.5 - 1e-6).all()                       # no style beats the mix on average
    assert np.allclose(x, [.5, .25, .25], atol=1e-4)


def test_the_max_entropy_mix_among_several_equilibria():
    """Three identical styles: every mix is an equilibrium; the most even one is chosen."""
    meta = planted(np.full((3, 3), .5), tuple("abc"), 2)
    assert np.allclose(equilibrium(meta)[0], 1 / 3, atol=1e-4)
    assert entropy([1, 0, 0]) == 0 and entropy([.5, .5, 0]) == pytest.approx(np.log(2) / np.log(3))


def test_resampling_keeps_each_profiles_games_and_shares():
    meta = planted(PD, ("d", "t", "c"), 3, games=500)
    again = meta.resampled(np.random.default_rng(0))
    assert np.allclose(again.share.sum(axis=1), meta.games) and not np.allclose(again.share, meta.share)
    assert (again.share[meta.counts == 0] == 0).all()


def test_fixation_and_alpha_rank():
    assert fixation(0.0, 50) == pytest.approx(1 / 50)
    assert fixation(1.0, 50) == pytest.approx(1 - np.exp(-1), rel=1e-6)
    assert 0 < fixation(-100.0, 50) < 1e-300 or fixation(-100.0, 50) == 0.0
    assert fixation(-0.1, 50) < 1 / 50 < fixation(0.1, 50)
    meta = planted(PD, ("d", "t", "c"), 2)
    assert np.argmax(alpha_rank(meta)) == 0


def test_cycles_and_dominance_on_a_graph():
    win = np.zeros((4, 4), bool)
    for a, b in [(0, 1), (1, 2), (2, 0), (3, 0), (3, 1), (3, 2)]:
        win[a, b] = True
    assert cycles(win) == [[0, 1, 2]]
    edge = np.where(win, 0.1, 0) - np.where(win.T, 0.1, 0)
    assert dominant(edge) == 3
    b, e = beats(planted(RPS, tuple("rps"), 2))
    assert b.sum() == 3 and all(b[i, j] != b[j, i] for i, j in itertools.combinations(range(3), 2))


def test_at_more_players_each_direction_is_its_own_profile():
    """Three players: one A seat among two B's does clearly worse (-12.5 points), one B among two
    A's about as well as them (+1): A does not beat B, and B does not beat A either (its own
    profile's edge is not clear of even), so nothing is dominant."""
    games = 5_000
    counts = profiles(2, 3)                                  # (2 A, 1 B), (1 A, 2 B)
    share = np.array([[0.66 * games, 0.34 * games], [0.25 * games, 0.75 * games]])
    meta = MetaGame(("A", "B"), 3, counts, share, np.full(2, games))
    win, edge = beats(meta)
    assert edge[0, 1] == pytest.approx(0.25 - 0.375) and edge[1, 0] == pytest.approx(0.34 - 0.33)
    assert not win.any() and summarize(meta, resamples=20)["dominant"] == -1
