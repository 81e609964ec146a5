"""The kernel contract and the search players written once against it (``simulate/core/contract.py``,
issue #43), on the suite's dice game, which offers the contract and writes no search code: its
greedy player is its heuristic, the lookahead and the MCTS player beat random play and leave the
game's state and stream as they were, a game is the same in any batch, and the players are
compiled for the contract's function types (cached once, calling the game by pointer)."""
import re

import numpy as np
import pytest
from simulate.core import contract as C
from strategies import resolve_strategies
from tests.dicegame import GAME
from tests.dicegame import kernel as K
from tests.dicegame import layout as L
from tests.dicegame.face import State

RULES = GAME.load_rules()


def states(n=60, seed=3):
    """Decisions with a choice from games played by the cautious heuristic (hold once w . features >= 1)."""
    _, POL, W = resolve_strategies(GAME, "cautious", 2)
    W, POL = np.ascontiguousarray(W, np.float64), POL.astype(np.int64)
    X, out = C.scratch(L.S_SIZE, L.MAX_OPTIONS), []
    for g in range(n):
        s = State(GAME, RULES, 2, seed, g)
        while not s.is_terminal():
            hold = K.n_legal(s.S) == 2 and K.heuristic_value(s.S, RULES.T, W, s.current_player()) >= 1.0
            if K.n_legal(s.S) == 2:
                out.append((s.S.copy(), s.R.copy(), hold))
            s.apply_action(L.HOLD if hold else L.ROLL)
    return out, W, POL, X


def test_the_greedy_player_over_the_games_scores_is_its_heuristic():
    found, W, POL, X = states()
    OPT = X[C.DECISION]
    assert 20 < sum(hold for *_, hold in found) < len(found) - 20         # both choices met
    for S, RD, hold in found[:400]:
        n = K.options(S, RULES.T, OPT)
        assert n == 2 and OPT[K.PLAY.greedy(S, RULES.T, W, OPT, n, X), 0] == (L.HOLD if hold else L.ROLL)


@pytest.mark.parametrize("player", ["mcts", "lookahead"])
def test_a_search_leaves_the_state_and_the_stream_as_they_were_and_decides_the_same_twice(player):
    found, W, POL, X = states(20)
    OPT = X[C.DECISION]
    for S, RD, _ in found[::7]:
        before, stream = S.copy(), RD.copy()
        picks = []
        for _ in range(2):
            n = K.options(S, RULES.T, OPT)
            if player == "mcts":
                picks.append(K.PLAY.mcts(S, RULES.T, RD, W, POL, OPT, n, X, 0, 60, 0,
                                         GAME.reward_scale, GAME.reward_scale, True))
            else:
                picks.append(K.PLAY.lookahead(S, RULES.T, RD, W, POL, OPT, n, X, 0, 8, 0,
                                         GAME.reward_scale, True))
            assert (S == before).all() and RD[0] == stream[0]
            assert (OPT[:n, 0] == np.arange(n)).all()           # the options listed as they were
        assert picks[0] == picks[1] and 0 <= picks[0] < 2


@pytest.mark.parametrize("player", ["mcts:iterations=100", "lookahead:rollouts=40"])
def test_the_search_players_beat_random_play_in_either_seat(player):
    """Written once, never told the dice game's rules beyond its contract: against a fair coin
    they win most games from either seat (about 72-80% at these budgets, 79-85% at four times
    them, as the cautious heuristic; a player choosing at random, about half)."""
    for seats in ((player, "random"), ("random", player)):
        names, POL, W = resolve_strategies(GAME, ",".join(seats), 2)
        won = np.asarray(GAME.play(RULES, 2, 5, 0, 300, POL, W).won)[:, seats.index(player)]
        assert won.mean() > 0.62, (seats, won.mean())


def test_a_search_players_game_is_the_same_in_any_batch():
    names, POL, W = resolve_strategies(GAME, "mcts:iterations=30,cautious", 2)
    whole = GAME.play(RULES, 2, 9, 0, 24, POL, W)
    part = GAME.play(RULES, 2, 9, 10, 14, POL, W)
    assert (np.asarray(whole.seats)[10:24] == np.asarray(part.seats)[:14]).all()
    assert (np.asarray(whole.games)[10:24] == np.asarray(part.games)[:14]).all()


def test_the_players_are_bound_as_the_games_own_kernel_code():
    """The chosen form (docs/kernel-contract.md): each template of the core made a function of the
    game's kernel module, its contract names the game's functions, cached in the game's folder;
    a contract function missing is refused at once."""
    from simulate.core import jit
    from simulate.core.contract_batch import bind

    assert sorted(vars(K.PLAY)) == sorted({fn.__name__ for fn in C.TEMPLATES} | set(C.FUNCTIONS))
    assert K.PLAY.options is K.options and K.PLAY.scores is K.option_scores
    for fn in C.TEMPLATES:
        bound = getattr(K.PLAY, fn.__name__)
        assert bound.py_func.__module__ == "tests.dicegame.kernel" and bound.py_func.__code__ is fn.__code__
        assert jit.game_package(bound.py_func.__module__) == "tests.dicegame"
    with pytest.raises(TypeError, match="the contract's scores, check missing"):
        bind("tests.dicegame.kernel", **{k: getattr(K.PLAY, k) for k in C.FUNCTIONS if k not in ("scores", "check")})
    assert K.PLAY.redeal is K.PLAY.nothing_hidden          # a game with nothing hidden leaves redeal out


def test_the_core_forbids_an_option_to_the_treated_seat_only():
    """"forbid an option", the core's intervention for every game on the contract: in game k the
    seat k mod players never holds (so never banks a point); the other seat plays as printed,
    the game with no intervention is unchanged, and an option the game does not have is one line."""
    from simulate.core.errors import ConfigError

    _, POL, W = resolve_strategies(GAME, "cautious", 3)
    forbid = GAME.load_rules(overrides={"intervention.forbid": "hold"})
    assert GAME.forbidden(forbid.config).tolist() == [[L.ACTIONS.index("hold"), -1, -1, -1]]
    banked = np.asarray(GAME.play(forbid, 3, 4, 0, 60, POL, W).seats)[:60, :3, L.P_BANKED]
    treated = np.arange(60) % 3
    assert (banked[np.arange(60), treated] == 0).all()
    others = banked[np.arange(60)[:, None], (treated[:, None] + [1, 2]) % 3]
    base = np.asarray(GAME.play(RULES, 3, 4, 0, 60, POL, W).seats)[:60, :3, L.P_BANKED]
    assert (others > 0).mean() > 0.5 and (base > 0).mean() > 0.5
    with pytest.raises(ConfigError, match="intervention.forbid: no option of Dice"):
        GAME.load_rules(overrides={"intervention.forbid": "jump"})


def test_whatif_measures_a_forbidden_option_on_a_game_that_wrote_none(tmp_path, monkeypatch):
    from .cli_invoke import invoke

    monkeypatch.setenv("WINDTUNNEL_GAMES", "dice=tests.dicegame")
    r = invoke("whatif", "dice", "--players", 2, "--intervention", "forbid=hold", "--games", 200, "--out",
               tmp_path / "w", "--no-progress", "--no-report")
    assert r.exit_code == 0, r.stderr
    line = next(x for x in r.stdout.splitlines() if "forbid-hold (never to hold)" in x)
    assert "win rate -" in line and "*" in line


def test_a_plain_python_strategy_plays_every_game_on_the_contract(tmp_path, monkeypatch):
    """The core's face and loop give a game on the contract plain-Python strategies (the dice game
    writes nothing for them): a seat that holds as soon as it may rolls once a turn, so its rolls are
    the game's rounds and it never banks a big turn; its records are the games it played (the run
    checks them against the face's scores), whatever the batch, and the replay tells them."""
    import polars as pl

    from .cli_invoke import invoke

    monkeypatch.setenv("WINDTUNNEL_GAMES", "dice=tests.dicegame")
    mine = tmp_path / "hold_first.py"
    mine.write_text('def choose(state, legal_actions):\n    return legal_actions.index("hold") if "hold" in '
                    'legal_actions else 0\n')
    for out, batch in (("a", 7), ("b", 40)):
        r = invoke("simulate", "dice", "--players", 2, "--strategies", f"{mine},cautious", "--rotate-seats",
                   "--games", 40, "--batch-size", batch, "--jobs", 1, "--out", tmp_path / out, "--no-progress")
        assert r.exit_code == 0, r.stderr
    seats = [pl.read_parquet(tmp_path / out / "seats" / "*.parquet").sort("game_id", "seat") for out in "ab"]
    assert seats[0].equals(seats[1])
    games = pl.read_parquet(tmp_path / "a" / "games" / "*.parquet").select("game_id", "rounds")
    rows = seats[0].join(games, on="game_id")
    held = rows.filter(pl.col("strategy") == "hold_first")
    assert len(held) == 40 and (held["rolls"] == held["rounds"]).all()
    cautious = rows.filter(pl.col("strategy") == "cautious")
    assert (held["big_turns_10"] == 0).all() and (cautious["big_turns_10"] > 0).any()
    r = invoke("replay", tmp_path / "a", "--game", 3)
    assert r.exit_code == 0, r.stderr
    told = [int(v) for v in re.findall(r"seat \d \(\w+\) (\d+)", r.stdout.splitlines()[-1])]
    assert told == seats[0].filter(pl.col("game_id") == 3)["score_total"].to_list()


def test_the_face_forbids_what_the_loop_forbids():
    """A what-if's treated seat is offered no forbidden option in the face either, so a face game of
    a "forbid" run is the batch's game (a plain-Python seat beside it, the replay of such a run;
    before, the face offered "hold" and the run failed as if the strategy had changed the state)."""
    _, POL, W = resolve_strategies(GAME, "cautious", 2)
    forbid = GAME.load_rules(overrides={"intervention.forbid": "hold"})
    r = GAME.play(forbid, 2, 4, 0, 6, POL, W)
    for k in range(6):
        state = GAME.new_state(2, 4, k, forbid)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert state.current_player() != k % 2 or "hold" not in legal
            state.apply_action(legal.index("hold") if "hold" in legal and state.S[L.S_TURN_TOTAL] >= 20 else 0)
        batch = GAME.new_state(2, 4, k, forbid, kernel_seats=(POL, W))
        assert batch.is_terminal() and batch.scores() == [int(v) for v in np.asarray(r.score)[k, :2]]
