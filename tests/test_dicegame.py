"""The tiny second game (tests/dicegame): its kernel, tables, face, replay and config errors."""
import numpy as np
import pyarrow as pa
import pytest

from simulate.core.python_play import seated as seated_names

from simulate.core.errors import ConfigError, UserError
from simulate.core.face import TERMINAL
from simulate.core.protocol import Game
from simulate.core.records import CORE
from tests.dicegame import GAME
from tests.dicegame import layout as L
from strategies import resolve_strategies


def resolve(names, players):
    return resolve_strategies(GAME, names, players)


@pytest.fixture(scope="module")
def rules():
    return GAME.load_rules()


def play(rules, players, names, first, n, **kw):
    _, POL, W = resolve(names, players)
    return GAME.play(rules, players, 7, first, n, POL, W, **kw)


def same(a, b):
    return (np.array_equal(a.games[:a.n], b.games[:b.n]) and np.array_equal(a.seats[:a.n], b.seats[:b.n])
            and np.array_equal(a.seeds[:a.n], b.seeds[:b.n]))


def test_protocol_object():
    assert isinstance(GAME, Game) and GAME.name == "dice" and GAME.players == (2, 4)
    assert GAME.score_unit == "points" and GAME.tables == ("games", "seats")
    assert GAME.canonical_variant("hot_dice+big_die") == "big_die,hot_dice"
    schema = GAME.strategy_schema()
    assert schema.row_size == 3 + 2 and schema.policies == {"random": 0, "heuristic": 1, "lookahead": 2, "mcts": 3,
                                                      "record": 4, "replay": 5}    # the core's (ContractGame)
    assert sorted(p.stem for p in schema.folder.glob("*.toml")) == ["bold", "cautious", "lookahead", "mcts"]
    for table, core in CORE.items():
        assert GAME.schemas()[table].names[:len(core)] == list(core)


def test_registry(monkeypatch):
    from simulate.core import games
    monkeypatch.setenv("WINDTUNNEL_GAMES", "dice=tests.dicegame")
    assert "dice" in games.game_names() and games.get_game("dice") is GAME


def test_same_games_whatever_the_batch_size(rules):
    whole = play(rules, 3, "cautious,bold,random", 0, 300)
    assert whole.errors.sum() == 0 and len(np.unique(whole.seeds[:300])) == 300
    out = None
    for first in range(0, 300, 70):        # chunk after chunk in one reused buffer, as a worker plays
        n = min(70, 300 - first)
        out = play(rules, 3, "cautious,bold,random", first, n, out=out)
        part = play(rules, 3, "cautious,bold,random", first, n)
        assert same(out, part)
        assert np.array_equal(part.games[:n], whole.games[first:first + n])
        assert np.array_equal(part.seats[:n], whole.seats[first:first + n])


def test_results(rules):
    r = play(rules, 4, "cautious", 0, 2000)
    assert r.won.shape == r.score.shape == (2000, 4) and (r.won.sum(axis=1) >= 1).all()
    assert np.array_equal(r.won.sum(axis=1) > 1, r.tie)
    assert (r.score.max(axis=1) >= 50).mean() > 0.9          # the target is usually reached
    assert (r.turns % 4 == 0).all()                          # every seat plays each round


def test_rotation(rules):
    names = ["cautious", "bold", "random"]
    r = play(rules, 3, names, 10, 6, rotate=True)
    for g in range(6):
        k = 10 + g
        assert r.slot[g].tolist() == [(p + k) % 3 for p in range(3)]
        seated = play(rules, 3, [names[(p + k) % 3] for p in range(3)], k, 1)   # the same seating, unrotated
        assert np.array_equal(r.seats[g, :3, 1:], seated.seats[0, :3, 1:])


def test_variants(rules):
    big = GAME.load_rules(variants=["big_die"])
    hot = GAME.load_rules(variants=["base"], overrides={"bonus.top_face": 2})
    assert big.T[L.T_FACES] == 8 and big.config["variants"] == ["big_die"] and big.hash != rules.hash
    assert GAME.load_rules(data=big.config).hash == big.hash        # a worker rebuilds the rules from the config
    r = play(hot, 2, "bold", 0, 500)
    seats = r.tables(run_id="t", run_seed=7, first=0, strategies=["bold", "bold"], variant="base")["seats"]
    bonus = seats["score_bonus"].to_numpy()
    assert bonus.sum() > 0 and (bonus % 2 == 0).all()
    assert np.array_equal(seats["score_total"].to_numpy(), seats["score_banked"].to_numpy() + bonus)


def test_tables(rules):
    r = play(rules, 2, "cautious,bold", 100, 50)
    r.games[3, L.G_ERROR], r.games[3, L.G_ERROR_TURN] = 1, 9      # as check mode records a violation
    t = r.tables(run_id="run", run_seed=7, first=100, strategies=["cautious", "bold"], variant="base")
    assert set(t) == {"games", "seats"}
    g, s = t["games"], t["seats"]
    assert g.schema == GAME.schemas()["games"] and s.schema == GAME.schemas()["seats"]
    assert g.num_rows == 50 and s.num_rows == 100
    assert g["game_id"].to_pylist() == list(range(100, 150)) and set(g["game"].to_pylist()) == {"dice"}
    assert g["check_error"].to_pylist()[3].startswith("points not conserved") and g["check_error"].null_count == 49
    assert s["strategy"].to_pylist()[:2] == ["cautious", "bold"]
    winners = s.filter(pa.compute.equal(s["rank"], 0))
    assert winners["won"].to_pylist() == [True] * winners.num_rows


def test_check_mode(rules):
    for variants in (None, ["big_die", "hot_dice"]):
        r = play(GAME.load_rules(variants=variants), 4, "random,cautious,bold,random", 0, 1000, check=True)
        assert r.errors.sum() == 0
    state = GAME.new_state(2, seed=1, rules=rules)
    state.check = True
    state.apply_action("roll")
    state.S[L.S_BANKED] += 1                                     # points from nowhere
    while state.S[L.S_ERROR] == 0 and not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert state.S[L.S_ERROR] == 1


def test_face(rules):
    state = GAME.new_state(3, seed=7, game_index=4, rules=rules)
    assert state.current_player() == 0 and state.legal_actions() == ["roll"]   # the first roll is forced
    with pytest.raises(ValueError, match="not offered here; offered: roll"):
        state.apply_action("hold")
    state.apply_action(0)
    assert "Round 1" in str(state)
    copy = state.clone()
    copy.apply_action("roll")
    assert copy.S[L.S_TURN_ROLLS] == 2 and state.S[L.S_TURN_ROLLS] == 1
    with pytest.raises(UserError, match="2-4 players"):
        GAME.new_state(5)


def test_face_plays_the_batch_game(rules):
    """A hold-at-16 script through the face plays the games the kernel's heuristic plays with
    the weight 1/16 on the turn total (the same dice, the same choices)."""
    _, POL, W = resolve("cautious:turn_total=0.0625:lead=0:reach=0", 3)
    r = GAME.play(rules, 3, 7, 0, 20, POL, W)
    for g in range(20):
        state = GAME.new_state(3, seed=7, game_index=g, rules=rules)
        while not state.is_terminal():
            state.apply_action("hold" if state.S[L.S_TURN_TOTAL] >= 16 else "roll")
        assert state.current_player() == TERMINAL and state.legal_actions() == []
        assert state.scores() == r.score[g].tolist() and state.S[L.S_TURN] == r.turns[g]
        won = r.won[g]
        assert state.returns() == [1 / won.sum() if w else 0.0 for w in won]


def test_replay_is_the_batch_game(rules):
    names = ["cautious", "bold:turn_total=0.03", "random"]
    r = play(rules, 3, names, 0, 12, rotate=True)
    for g in (0, 5, 11):
        played, text = GAME.replay(rules, 3, 7, g, seated_names(names, g, True), check=True)
        assert played.scores == r.score[g].tolist() and played.turns == r.turns[g] and played.error_message == ""
        seat0 = names[r.slot[g][0]]
        assert f"Seat 0 ({seat0}) rolls" in text and text.count("Round ") == r.games[g, L.G_ROUNDS]
        assert text.splitlines()[-1].startswith("Final scores:")
        seated = resolve([names[q] for q in r.slot[g]], 3)[0]          # the caller seats the strategies
        assert GAME.replay(rules, 3, 7, g, seated)[1] == text


@pytest.mark.parametrize("text, overrides, expected", [
    ("[game]\nmin_players = 2\nmax_players = 4\n[dice]\nfaces = 1\n", {}, r"cfg.toml:5: dice.faces: expected a whole"),
    ("[dice]\nfaces = 6\nfacez = 6\n", {}, r"cfg.toml:3: dice.facez: unknown key"),
    ("[dice\nfaces = 6\n", {}, r"cfg.toml: malformed TOML .*line 1"),
    ("[game]\nmin_players = 2\n", {}, r"cfg.toml: game.max_players: missing"),
    (None, {"dice.sides": 6}, r"--set: dice.sides: no such config key"),
    (None, {"end.target": "high"}, r"--set: end.target: expected a value like 50"),
    (None, {"end.target": 0}, r"--set: end.target: expected a whole number from 1 to 1000, got 0"),
    (None, {"game.min_players": 4, "game.max_players": 3}, r"game.min_players: more than max_players"),
])
def test_config_errors_are_one_line(tmp_path, text, overrides, expected):
    path = None
    if text is not None:
        path = tmp_path / "cfg.toml"
        path.write_text(text)
    with pytest.raises(ConfigError, match=expected) as e:
        GAME.load_rules(path, overrides)
    assert "\n" not in str(e.value)


def test_unknown_variant_and_strategy():
    with pytest.raises(UserError, match="unknown variant 'huge'.*big_die, hot_dice"):
        GAME.load_rules(variants=["huge"])
    with pytest.raises(UserError, match="unknown strategy 'timid'"):
        resolve("timid", 2)
