"""Kernel-wide properties: reproducibility, check mode (sound games, caught violations)."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from simulate.aeolos import layout as L
from simulate.aeolos.check import check_state
from simulate.aeolos.kernel import CheckFailure, check_games, play_batch, play_one, result_arrays
from simulate.aeolos import GAME as AEOLOS
from strategies import resolve_strategies


def batch(rules, n_players, seed, first, n, names="greedy"):
    _, POL, W = resolve_strategies(AEOLOS, names, n_players)
    games, seats, fdraws, fdraw_n = result_arrays(n)
    play_batch(rules.T, n_players, seed, first, n, W, POL, False, games, seats, fdraws, fdraw_n)
    return games, seats


@pytest.mark.parametrize("names", ["random", "greedy", "greedy,random,greedy"])
def test_a_game_is_the_same_whatever_the_batch(rules, names):
    """Game k of a run is identical played alone, inside a big batch, or at another offset."""
    n = 3
    games_all, seats_all = batch(rules, n, 11, 0, 40, names)
    for k in (0, 17, 39):
        g1, s1 = batch(rules, n, 11, k, 1, names)
        assert (g1[0] == games_all[k]).all() and (s1[0] == seats_all[k]).all()
    g_tail, s_tail = batch(rules, n, 11, 25, 15, names)
    assert (g_tail == games_all[25:]).all() and (s_tail == seats_all[25:]).all()


def test_seeds_and_game_indices_give_different_games(rules):
    _, a = batch(rules, 2, 1, 0, 200)
    _, b = batch(rules, 2, 2, 0, 200)
    a, b = a.reshape(200, -1), b.reshape(200, -1)
    assert (a != b).any(axis=1).mean() > 0.9           # another run seed: other games
    assert len({tuple(r) for r in a}) > 190            # other game indices: other games


def test_play_one_is_the_batch_game(rules):
    """The single-game path (replay, tests) plays exactly what the batch plays."""
    _, POL, W = resolve_strategies(AEOLOS, "greedy,random", 2)
    games, seats = batch(rules, 2, 5, 0, 8, "greedy,random")
    for k in range(8):
        g = play_one(rules, 2, 5, k, POL, W)
        assert [g.S[L.S_VP + p] for p in range(2)] == list(seats[k, :2, 0])
        assert g.S[L.S_TURN] == games[k, 0]


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_check_mode_finds_nothing_in_20000_random_games(rules, n_players):
    _, POL, W = resolve_strategies(AEOLOS, "random", n_players)
    games = check_games(rules, n_players, 2024, 20_000, POL, W)
    assert (games[:, 0] > 0).all()


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_check_mode_finds_nothing_with_greedy_and_mixed_seats(rules, n_players):
    for names in ("greedy", ",".join(["greedy", "random"] * 2)[: 7 * n_players - 1]):
        names = ",".join(names.split(",")[:n_players])
        _, POL, W = resolve_strategies(AEOLOS, names, n_players)
        check_games(rules, n_players, 99, 3_000, POL, W)


VARIANT_RULES = {}


def variant_rules(variants):
    """Rules of a variant combination, loaded once per test session."""
    key = tuple(variants)
    if key not in VARIANT_RULES:
        from simulate.aeolos.config import load_rules
        VARIANT_RULES[key] = load_rules(variants=list(key))
    return VARIANT_RULES[key]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), n_players=st.integers(2, 4),
       seats=st.lists(st.sampled_from(["random", "greedy", "balanced"]), min_size=4, max_size=4),
       variants=st.sets(st.sampled_from(["tableaus", "poseidon", "challenge", "variable"])))
def test_any_seed_seating_and_variants_play_a_sound_game(seed, n_players, seats, variants):
    """Every variant and combination, every player count: check mode finds nothing."""
    rules = variant_rules(sorted(variants))
    _, POL, W = resolve_strategies(AEOLOS, seats[:n_players], n_players)
    games = check_games(rules, n_players, seed, 20, POL, W)
    assert (games[:, 2] >= 0).all()            # every game has a winner seat


# ---------------------------------------------------------------- check mode catches breakage
def mid_game_state(rules, n_players=3):
    _, POL, W = resolve_strategies(AEOLOS, "greedy", n_players)
    g = play_one(rules, n_players, 3, 0, POL, W)
    S = g.S.copy()
    assert check_state(S, rules.T, True) == L.CHK_OK
    return S


def corrupt_crystal(S):
    S[L.S_BOARD_CRYSTAL + L.RED] -= 1


def corrupt_wind(S):
    S[L.S_WIND + 1] += 1


def corrupt_ship(S):
    S[L.S_SHIP_LOC + 0 * L.MAX_SHIPS + 4] = L.LOC_NONE


def corrupt_settlement(S):
    S[L.S_SETTLE_LEFT + 2] += 1


def corrupt_card(S):
    S[L.S_HAND + 0 * L.HAND_CAP] = S[L.S_HAND + 1 * L.HAND_CAP]   # one card in two hands


def corrupt_favor(S):
    S[L.S_FAVOR + 0 * L.N_FAVOR_TYPES + L.F_ZEUS] += 1


def corrupt_place(S):
    S[L.S_PLACE_OWNER + 0] = 2 * 1 + L.PIECE_SHIP     # a ship that is not there


def corrupt_vp(S):
    S[L.S_VP + 0] += 3                                # VP from no source


@pytest.mark.parametrize("corrupt, code", [
    (corrupt_crystal, L.CHK_CRYSTALS), (corrupt_wind, L.CHK_WIND), (corrupt_ship, L.CHK_SHIPS),
    (corrupt_settlement, L.CHK_SETTLEMENTS), (corrupt_card, L.CHK_CARDS), (corrupt_favor, L.CHK_FAVOR),
    (corrupt_place, L.CHK_PLACES), (corrupt_vp, L.CHK_VP)])
def test_check_mode_names_what_broke(rules, corrupt, code):
    S = mid_game_state(rules)
    if code == L.CHK_PLACES and S[L.S_PLACE_OWNER] != L.PLACE_FREE:
        S[L.S_PLACE_OWNER] = L.PLACE_FREE            # then: a sacrificed ship on no place
    corrupt(S)
    assert check_state(S, rules.T, True) == code


def test_check_mode_stops_the_game_at_the_first_violation(rules):
    from simulate.aeolos.game import new_game, play_game
    from simulate.aeolos.kernel import buffers
    _, POL, W = resolve_strategies(AEOLOS, "random", 2)
    S, R, OPT, SC = buffers()
    LOG = np.zeros((0, L.LOG_COLS), np.int32)
    new_game(rules.T, LOG, 2, 4, 0, S, R)
    S[L.S_WIND_SUPPLY] += 1                       # a wind token appears from nowhere
    err = play_game(S, rules.T, W, POL, R, np.zeros((0, 4), np.int32), LOG, OPT, None, SC, True)
    assert err == L.CHK_WIND and S[L.S_ERROR] == L.CHK_WIND
    assert S[L.S_ERROR_TURN] == 0 and S[L.S_TURN] == 0     # stopped in the very first turn


def test_check_failure_names_game_seed_turn_and_what_broke(rules, monkeypatch):
    from simulate.aeolos import kernel
    from simulate.aeolos.layout import G_ERROR, G_ERROR_TURN

    def fake_batch(T, n_players, seed, first, n, W, POL, check, games, *rest, **kw):
        assert check
        games[3, G_ERROR], games[3, G_ERROR_TURN] = L.CHK_CARDS, 12
        return 1
    monkeypatch.setattr(kernel, "play_batch", fake_batch)
    _, POL, W = resolve_strategies(AEOLOS, "random", 2)
    with pytest.raises(CheckFailure, match=r"game 13 of run seed 4 \(2 players\), turn 12: sailing cards"):
        check_games(rules, 2, 4, 5, POL, W, first=10)


def test_rotated_seats_play_every_strategy_in_every_seat(rules):
    """With rotation, game k seats strategy (p + k) % n at seat p, and plays exactly the
    game an unrotated batch plays with that seating."""
    from simulate.aeolos.layout import P_STRATEGY
    n = 3
    _, POL, W = resolve_strategies(AEOLOS, "greedy,random,random", n)
    games, seats, fdraws, fdraw_n = result_arrays(9)
    play_batch(rules.T, n, 8, 0, 9, W, POL, False, games, seats, fdraws, fdraw_n, True)
    for k in range(9):
        assert [seats[k, p, P_STRATEGY] for p in range(n)] == [(p + k) % n for p in range(n)]
    counts = np.zeros((n, n), int)                    # strategy x seat
    for k in range(9):
        for p in range(n):
            counts[seats[k, p, P_STRATEGY], p] += 1
    assert (counts == 3).all()
    seating = ["greedy", "random", "random"]
    for k in (1, 2, 4):
        names = [seating[(p + k) % n] for p in range(n)]
        _, s1 = batch(rules, n, 8, k, 1, ",".join(names))
        assert (s1[0, :n, :P_STRATEGY] == seats[k, :n, :P_STRATEGY]).all()


# ---------------------------------------------------------------- the choice tape (bench's rules-only time)
def tape_batch(rules, n_players, POL, W, first, n, tape, check=False):
    games, seats, fdraws, fdraw_n = result_arrays(n)
    bad = play_batch(rules.T, n_players, 3, first, n, W, POL, check, games, seats, fdraws, fdraw_n, tape=tape)
    return games, seats, bad


@pytest.mark.parametrize("n_players,names", [(2, "balanced"), (3, "favor,greedy,tuned")])
def test_replaying_the_tape_plays_the_recorded_games(rules, n_players, names):
    """A replay seat plays exactly the heuristic's games from the tape alone: with its
    weights zeroed (a heuristic that would choose otherwise), to the last VP and card."""
    from simulate.running.bench import record_tape, rewound

    _, POL, W = resolve_strategies(AEOLOS, names, n_players)
    tape, recorded = record_tape(AEOLOS, rules, n_players, 3, 0, 30, POL, W)
    games, seats = recorded.games[:30], recorded.seats[:30]
    assert tape[0, 0] == len(tape) > 30 * 20          # every choice of every game is on it
    replay = np.full_like(POL, L.POL_REPLAY)
    g, s, _ = tape_batch(rules, n_players, replay, np.zeros_like(W), 0, 30, rewound(tape))
    assert (g == games).all() and (s == seats).all()
    assert tape[0, 0] == len(tape)                    # and read every choice once
    other, _, _ = tape_batch(rules, n_players, POL, np.zeros_like(W), 0, 30, None)
    assert (other[:, 0] != games[:, 0]).any()         # (zeroed weights alone play other games)


def test_only_a_recording_seat_writes_to_scr(rules):
    """A heuristic seat never writes to a scenario's script in SCR, and recording
    changes no choice."""
    from simulate.running.bench import record_tape

    _, POL, W = resolve_strategies(AEOLOS, "greedy", 2)
    _, recorded = record_tape(AEOLOS, rules, 2, 3, 0, 10, POL, W)
    games, seats = recorded.games[:10], recorded.seats[:10]
    g, s, _ = tape_batch(rules, 2, POL, W, 0, 10, None)
    assert (g == games).all() and (s == seats).all()
    script = np.full((50, 4), L.ANY, np.int32)
    script[:, 0] = L.O_DONE
    before = script.copy()
    tape_batch(rules, 2, POL, W, 0, 10, script)
    assert (script == before).all()


def test_a_tape_of_other_games_never_makes_an_illegal_move(rules):
    """Replayed onto other games (another offset), the tape's choices stay among the legal
    options and the games stay sound under check mode; a short tape ends in first options."""
    from simulate.running.bench import record_tape, rewound

    _, POL, W = resolve_strategies(AEOLOS, "balanced", 4)
    tape, _ = record_tape(AEOLOS, rules, 4, 3, 0, 20, POL, W)
    replay = np.full_like(POL, L.POL_REPLAY)
    for first, t in ((500, tape), (600, tape[:100].copy())):
        games, _, bad = tape_batch(rules, 4, replay, W, first, 20, rewound(t), check=True)
        assert bad == 0 and (games[:, 0] > 0).all()
