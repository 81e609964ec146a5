"""The transcript tells every turn, in the rulebook's words, and adds up to the state."""
import re

import numpy as np
import pytest

from simulate.aeolos import game as G
from simulate.aeolos import layout as L
from simulate.aeolos.kernel import play_batch
from simulate.aeolos.transcript import parse_final_scores, raw_rows
from simulate.aeolos import GAME as AEOLOS
from strategies import resolve_strategies

SEED = 20240611


def told(rules, n_players, seed, game_index, names, check=False):
    """The replay of a game whose seats play `names` (as the CLI resolves them)."""
    return AEOLOS.replay(rules, n_players, seed, game_index, resolve_strategies(AEOLOS, names, n_players)[0],
                         check=check)


def batch(rules, n_players, strategies, seed, first, n_games):
    _, POL, W = resolve_strategies(AEOLOS, strategies, n_players)
    games = np.zeros((n_games, G.N_GAME_COLS), np.int32)
    seats = np.zeros((n_games, L.MAX_PLAYERS, G.N_SEAT_COLS), np.int32)
    fdraws = np.zeros((n_games, L.MAX_FDRAW, 4), np.int32)
    fdraw_n = np.zeros(n_games, np.int32)
    play_batch(rules.T, n_players, seed, first, n_games, W, POL, False, games, seats, fdraws, fdraw_n)
    return games, seats


@pytest.fixture(scope="module")
def fixed(rules):
    """One fixed 3-player game: greedy against two random seats."""
    return told(rules, 3, SEED, 0, "greedy,random,random")


def turn_headers(text):
    return re.findall(r"^Round (\d+), seat (\d+) \((\w+)\):", text, re.M)


def test_every_turn_is_told_in_order(fixed):
    game, text = fixed
    S = game.S
    n = int(S[L.S_N_PLAYERS])
    headers = turn_headers(text)
    assert len(headers) == S[L.S_TURN]
    for t, (rnd, seat, _) in enumerate(headers):
        assert int(seat) == t % n
        assert int(rnd) == t // n + 1
    assert int(headers[-1][0]) == S[L.S_ROUND]
    assert [h[2] for h in headers[:3]] == ["greedy", "random", "random"]


def test_final_scoring_adds_up_to_the_state(fixed):
    game, text = fixed
    S = game.S
    scores = parse_final_scores(text)
    assert sorted(scores) == [0, 1, 2]
    for p, (terms, total, place) in scores.items():
        assert sum(terms.values()) == total == S[L.S_VP + p]
        shown = [s for s in range(L.N_SRC) if s not in (L.SRC_TABLEAU, L.SRC_POSEIDON)]   # variants only
        assert len(terms) == len(shown)
        for k, s in enumerate(shown):
            assert list(terms.values())[k] == S[L.S_VP_SRC + p * L.N_SRC + s], L.SRC_NAMES[s]
    assert "Transcript check" not in text
    assert re.search(r"(wins with \d+ VP|tie on \d+ VP)", text)


def test_uses_the_rulebook_words(fixed):
    _, text = fixed
    text = " ".join(text.split())                     # undo the line wrapping
    for words in ["Plays ", "onto the", "pile", "Sailing value", "End of turn: ", "draws 1 card",
                  "left in the draw pile", "Harbor ", "Final score:", "crystal sets", "unused bonus tokens"]:
        assert words in text, words
    assert "That was the last card of the draw pile" in text
    assert "refilled, only this once" in text          # 3 players: the draw pile is refilled once


def test_names_come_from_the_rules(rules):
    game, text = told(rules, 2, SEED, 3, "random")
    text = " ".join(text.split())
    for row in game.log.tolist():
        if row[2] == L.EV_CARD:
            assert rules.card_name(row[3]) in text
        if row[2] == L.EV_MOVE:
            assert rules.location_name(row[4]) in text


@pytest.mark.parametrize("n_players", [2, 3, 4])
@pytest.mark.parametrize("strategies", ["random", "greedy"])
def test_totals_read_from_the_log_match_the_state(rules, n_players, strategies):
    """Every VP, wind, crystal, favor card and card drawn shows up in a log row."""
    for g in range(25):
        game, text = told(rules, n_players, SEED, g, strategies, check=True)
        assert game.error == 0
        assert "Transcript check" not in text, text[-800:]
        assert "[" not in text                         # no event without a sentence
        for p, (_, total, _) in parse_final_scores(text).items():
            assert total == game.S[L.S_VP + p]


def test_replay_is_the_batch_game(rules):
    """Game 5 of a run reads the same whether played alone or inside a batch."""
    game, text = told(rules, 4, SEED, 5, "greedy,random,greedy,random")
    games, seats = batch(rules, 4, "greedy,random,greedy,random", SEED, 0, 8)
    scores = parse_final_scores(text)
    for p in range(4):
        assert scores[p][1] == seats[5, p, G.P_VP]
        assert scores[p][2] == seats[5, p, G.P_RANK] + 1
    assert len(turn_headers(text)) == games[5, G.G_TURNS]


def test_raw_rows_name_the_events(rules):
    game, _ = told(rules, 2, SEED, 0, "random")
    rows = raw_rows(game.log)
    assert len(rows.splitlines()) == len(game.log)
    assert "turn   0 seat 0 turn" in rows


def test_turn_text_from_a_mid_game_state(rules):
    """turn_text tells log rows that start mid-game, with totals from the state before them."""
    from simulate.aeolos.kernel import buffers
    from simulate.aeolos.transcript import turn_text

    _, POL, W = resolve_strategies(AEOLOS, "greedy", 2)
    S, R, OPT, SC = buffers()
    LOG = np.zeros((4000, L.LOG_COLS), np.int32)
    SCR = np.zeros((0, 4), np.int32)
    X = None                     # no plugin, no lookahead
    G.new_game(rules.T, LOG, 2, SEED, 0, S, R)
    for _ in range(6):
        G.play_turn(S, rules.T, W, POL, R, SCR, LOG, OPT, X, SC, False)
    before, start = S.copy(), int(S[L.S_LOG_N])
    G.play_turn(S, rules.T, W, POL, R, SCR, LOG, OPT, X, SC, False)
    text = " ".join(turn_text(rules, before, LOG[start:S[L.S_LOG_N]], ["greedy", "greedy"]).split())
    assert text.startswith("Round 4, seat 0 (greedy):")
    assert "End of turn:" in text and f"({int(S[L.S_DECK_N])} left in the draw pile)" in text
