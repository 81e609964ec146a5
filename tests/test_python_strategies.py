"""Plain-Python strategies (issue #21): ``choose(state, legal_actions)`` in a file, through the
runner, the records, replay and bench, for both games (``simulate/core/python_play.py``)."""
import json
import re

import numpy as np
import polars as pl
import pytest
from typer.testing import CliRunner

from simulate.cli import app
from simulate.core.config_files import CONFIG_ROOT
from simulate.core.games import get_game
from simulate.core.python_play import face_game
from simulate.core.run_files import MANIFEST
from simulate.core.tape import new_tape
from strategies import load_strategy, resolve_strategies, strategy_arrays
from strategies.plugin import file_hash

EXAMPLE = {"aeolos": CONFIG_ROOT / "aeolos" / "strategies" / "python" / "eager.py",
           "eos": CONFIG_ROOT / "eos" / "strategies" / "python" / "bold.py"}
GAMES = {"aeolos": 24, "eos": 10}          # games per test run (an EOS game is about twice as long)
runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def seats_table(folder):
    return (pl.read_parquet(f"{folder}/seats/*.parquet").sort("game_id", "seat")
            .select("game_id", "seat", "strategy", "score_total", "won", "rank"))


def write(tmp_path, name, body):
    path = tmp_path / f"{name}.py"
    path.write_text(body)
    return path


@pytest.mark.parametrize("game", ["aeolos", "eos"])
def test_a_face_game_with_every_seat_the_kernels_is_the_batch_game(game):
    # the face's kernel seats decide exactly as the batch's seats: the same games to the point
    g = get_game(game)
    rules = g.load_rules()
    _, POL, W = resolve_strategies(g, "greedy,random", 2)
    r = g.play(rules, 2, 5, 0, 4, POL, W, rotate=True)
    for k in range(4):
        slot = [(p + k) % 2 for p in range(2)]
        state = g.new_state(2, 5, k, rules, kernel_seats=(POL[slot], W[slot]))
        assert state.is_terminal() and state.tape == []
        assert state.scores() == [int(v) for v in r.score[k, :2]]


@pytest.mark.parametrize("game", ["aeolos", "eos"])
def test_a_python_strategy_plays_through_the_runner_and_its_records_are_its_games(game, tmp_path):
    g, example = get_game(game), EXAMPLE[game]
    n = GAMES[game]
    a, b = tmp_path / "a", tmp_path / "b"
    r = run("simulate", game, "--players", 2, "--games", n, "--strategies", f"{example},greedy", "--rotate-seats",
            "--batch-size", 7, "--out", a)
    assert r.exit_code == 0, r.stderr
    assert example.stem in r.stdout
    r = run("simulate", game, "--players", 2, "--games", n, "--strategies", f"{example},greedy", "--rotate-seats",
            "--batch-size", n, "--jobs", 1, "--out", b)
    assert r.exit_code == 0, r.stderr
    r = run("simulate", game, "--players", 2, "--games", n, "--strategies", f"{example},greedy", "--rotate-seats",
            "--out", a, "--resume")                      # the same command again: the file names the strategy
    assert r.exit_code == 0, r.stderr
    seats = seats_table(a)
    assert seats.equals(seats_table(b))                  # whatever the batches and workers
    assert len(seats) == 2 * n and set(seats["strategy"]) == {example.stem, "greedy"}
    manifest = json.loads((a / MANIFEST).read_text())
    recorded = manifest["strategy_weights"][example.stem]
    assert recorded["plugin"] == str(example.resolve()) and recorded["plugin_hash"] == file_hash(example)
    # the records are the games the function played: play two of them here, seat by seat
    rules = g.load_rules(data=manifest["config"])
    chosen = [load_strategy(g, str(example)), load_strategy(g, "greedy")]
    POL, W = strategy_arrays(g, chosen)
    for k in (0, 3):
        slot = [(p + k) % 2 for p in range(2)]
        state = g.new_state(2, 1, k, rules, kernel_seats=(POL[slot], W[slot]))
        state.rng = np.random.default_rng([1, k])
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(0 if len(legal) == 1 else chosen[0].plugin(state, legal))
        game_rows = seats.filter(pl.col("game_id") == k).sort("seat")
        assert game_rows["score_total"].to_list() == state.scores()
        assert game_rows["strategy"].to_list() == [chosen[q].name for q in slot]


def test_the_examples_beat_random():
    # what the example's rules of thumb are worth: the AEOLOS one measured 400 of 400 against
    # random, the EOS one 185 of 200 (all of them seat-rotated)
    from strategies.match import play_match

    for game, games, least in (("aeolos", 40, 0.8), ("eos", 20, 0.7)):
        g = get_game(game)
        result = play_match(g, g.load_rules(), 2, load_strategy(g, str(EXAMPLE[game])), load_strategy(g, "random"),
                            games, seed=3)
        assert result.rate >= least, (game, result)


@pytest.mark.parametrize("game", ["aeolos", "eos"])
def test_replay_tells_the_game_a_python_strategy_played(game, tmp_path):
    out = tmp_path / "run"
    r = run("simulate", game, "--players", 2, "--games", 4, "--strategies", f"greedy,{EXAMPLE[game]}",
            "--rotate-seats", "--out", out)
    assert r.exit_code == 0, r.stderr
    seats = seats_table(out)
    for k in (1, 2):
        r = run("replay", out, "--game", k)
        assert r.exit_code == 0, r.stderr
        scores = seats.filter(pl.col("game_id") == k).sort("seat")["score_total"].to_list()
        if game == "aeolos":
            told = [int(v) for v in re.findall(r"= (\d+) VP", r.stdout)]
        else:
            told = [int(v) for v in re.findall(r"= (\d+) glory;", r.stdout)]
        assert told == scores, r.stdout[-600:]


def test_bench_reports_a_python_strategys_speed():
    r = run("bench", "aeolos", "--players", 2, "--games", 30, "--strategies", f"random,{EXAMPLE['aeolos']}",
            "--json")
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    mine = data["policies"]["eager"]                      # a file by its strategy's name
    assert 1 <= mine["games"] <= 30 and mine["games_per_s"] > 0
    assert mine["time_vs_random"] > 1          # slower than the compiled random policy, and said so
    assert "rules_only_games_per_s" not in mine


def test_a_strategy_that_raises_fails_the_run_naming_itself_the_game_and_its_line(tmp_path):
    bad = write(tmp_path, "brittle", "def choose(state, legal_actions):\n"
                                     "    if len(legal_actions) > 6:\n"
                                     "        raise ValueError('too many options')\n"
                                     "    return 0\n")
    r = run("simulate", "aeolos", "--players", 2, "--games", 30, "--strategies", f"{bad},greedy",
            "--out", tmp_path / "run")
    assert r.exit_code == 1
    line = r.stderr.strip().splitlines()[-1]
    assert re.search(r"Python strategy 'brittle' failed in game \d+ \(seed 1\): ValueError: too many options "
                     r"\(brittle\.py, line 3\)", line), r.stderr


@pytest.mark.parametrize("name,body,words", [
    ("wild", "def choose(state, legal_actions):\n    return 99\n", "returned 99"),
    ("homesick", "def choose(state, legal_actions):\n    return 'sail home'\n", "returned 'sail home'"),
    ("truthy", "def choose(state, legal_actions):\n    return True\n", "returned True"),
])
def test_a_choice_that_is_not_offered_fails_the_bench_in_one_line(tmp_path, name, body, words):
    # (a name per file: two files of one name in a process are refused, as the next test shows)
    path = write(tmp_path, name, body)
    r = run("bench", "aeolos", "--players", 2, "--games", 5, "--strategies", path)
    assert r.exit_code == 1 and words in r.stderr and "choose must return an option's index" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("game,change,words", [
    ("aeolos", "state.position.S[L.S_VP + state.current_player()] += 5", "broke game"),     # the face's check
    ("eos", "state.S[L.S_COINS + state.current_player()] += 40", "replayed differently"),  # the replay's check
])
def test_a_strategy_that_changes_the_state_it_is_given_fails_the_run(tmp_path, game, change, words):
    # its face game is not the batch's any more: the records would be of another game
    cheat = write(tmp_path, f"cheat_{game}", f"from simulate.{game} import layout as L\n"
                                             f"def choose(state, legal_actions):\n"
                                             f"    {change}\n"
                                             f"    return 0\n")
    r = run("simulate", game, "--players", 2, "--games", 5, "--strategies", f"{cheat},greedy",
            "--out", tmp_path / "run")
    assert r.exit_code == 1, r.stderr
    assert words in r.stderr and "the state it is given" in r.stderr
    assert not list((tmp_path / "run").glob("seats/*.parquet"))         # nothing recorded of them


@pytest.mark.parametrize("spec,words", [
    ("{tmp}/nothing.py", "no such strategy file"),
    ("{tmp}/empty.py", "defines no function choose(state, legal_actions)"),
    ("{eager}:x=1,greedy", "takes no parameters"),
    ("{eager},lookahead", "plays beside random and weighted strategies only, not lookahead"),
    ("{tmp}/greedy.py", "its name 'greedy' is a built-in"),
    ("{tmp}/eager.py", "two strategies are named 'eager'"),
])
def test_bad_python_strategies_are_one_line_and_exit_2(tmp_path, spec, words):
    write(tmp_path, "empty", "X = 1\n")
    write(tmp_path, "greedy", "def choose(state, legal_actions):\n    return 0\n")
    write(tmp_path, "eager", "def choose(state, legal_actions):\n    return 0\n")
    load_strategy("aeolos", str(EXAMPLE["aeolos"]))         # the example's eager, loaded first
    spec = spec.format(tmp=tmp_path, eager=EXAMPLE["aeolos"])
    r = run("simulate", "aeolos", "--players", 2, "--games", 5, "--strategies", spec, "--out", tmp_path / "run")
    assert r.exit_code == 2, r.stderr
    assert words in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "run").exists()


def test_the_tape_is_read_only_where_two_or_more_options_are_listed():
    g = get_game("aeolos")
    rules = g.load_rules()
    chosen = [load_strategy(g, str(EXAMPLE["aeolos"])), load_strategy(g, "greedy")]
    POL, W = strategy_arrays(g, chosen)
    state = face_game(g, rules, 2, 9, 0, POL, W, [chosen[0].plugin, None], ["eager", "greedy"], False, None)
    assert state.tape and all(isinstance(i, int) and i >= 0 for i in state.tape)
    tape = new_tape(state.tape)
    r = g.play(rules, 2, 9, 0, 1, POL, W, tape=tape)
    assert tape[0, 0] == len(state.tape) + 1                 # every choice read, no more
    assert [int(v) for v in r.score[0, :2]] == state.scores()


@pytest.mark.parametrize("game", ["aeolos", "eos"])
def test_a_strategy_that_takes_a_decision_itself_fails_the_run(tmp_path, game):
    # once per game it takes a decision through the state and then answers the next one: a tape the
    # batch replays faithfully, but choices the run never asked for, so it must not be recorded
    meddler = write(tmp_path, f"meddler_{game}", "seen = set()\n"
                                                 "def choose(state, legal_actions):\n"
                                                 "    if id(state) not in seen:\n"
                                                 "        seen.add(id(state))\n"
                                                 "        state.apply_action(0)\n"
                                                 "    return 0\n")
    r = run("simulate", game, "--players", 2, "--games", 3, "--jobs", 1, "--strategies", f"{meddler},greedy",
            "--out", tmp_path / "run")
    assert r.exit_code == 1, r.stderr
    line = r.stderr.strip()
    assert len(line.splitlines()) == 1 and f"Python strategy 'meddler_{game}' called state.apply_action" in line
    assert not list((tmp_path / "run").glob("seats/*.parquet"))


def test_the_public_view_hides_what_the_seat_to_move_cannot_see():
    from simulate.aeolos import layout as A
    from simulate.eos import layout as E

    g = get_game("aeolos")
    state = g.new_state(2, 3, 0, g.load_rules())
    while len(state.legal_actions()) < 2:
        state.apply_action(0)
    p, whole, seen = state.current_player(), state._pending.S, state.public()
    hand = slice(A.S_HAND + p * A.HAND_CAP, A.S_HAND + p * A.HAND_CAP + whole[A.S_HAND_N + p])
    other = slice(A.S_HAND + (1 - p) * A.HAND_CAP, A.S_HAND + (1 - p) * A.HAND_CAP + whole[A.S_HAND_N + 1 - p])
    deck = slice(A.S_DECK, A.S_DECK + whole[A.S_DECK_N])
    assert whole[deck].any() and not seen[deck].any() and seen[A.S_DECK_N] == whole[A.S_DECK_N]
    assert whole[other].any() and not seen[other].any()
    assert (seen[hand] == whole[hand]).all() and seen[A.S_VP + p] == whole[A.S_VP + p]
    with pytest.raises(ValueError):
        seen[A.S_VP + p] = 99                                      # read-only
    g = get_game("eos")
    state = g.new_state(2, 3, 0, g.load_rules())
    p, whole, seen = state.current_player(), state.S.copy(), state.public()
    decks = slice(E.S_JDECK, E.S_JDECK + whole[E.S_JDECK_N])
    assert (whole[decks] >= 0).all() and (seen[decks] == -1).all()
    theirs = [j for j in range(E.MAX_JOURNEY) if whole[E.S_JLOC + j] == E.J_HAND + 1 - p]
    mine = [j for j in range(E.MAX_JOURNEY) if whole[E.S_JLOC + j] == E.J_HAND + p]
    assert theirs and all(seen[E.S_JLOC + j] == E.J_DECK for j in theirs)
    assert mine and all(seen[E.S_JLOC + j] == E.J_HAND + p for j in mine)
    assert (state.S == whole).all()                                 # a copy: the state itself is untouched


def test_the_docs_say_a_python_strategy_runs_with_the_users_rights():
    text = (CONFIG_ROOT.parent / "docs" / "strategies.md").read_text()
    section = text.split("## A strategy in plain Python")[1].split("##")[0]
    assert "runs it as your user, with all your rights" in section[:400]
    assert "state.public()" in section and "hidden cards included" in section


@pytest.mark.parametrize("how,words", [
    ("raise SystemExit(0)", "it raised SystemExit(0)"),
    ("os._exit(0)", "it called os._exit(0)"),
    ("raise KeyboardInterrupt", "it raised KeyboardInterrupt"),
])
def test_a_strategy_that_exits_fails_the_run_naming_itself_and_keeps_the_finished_shards(tmp_path, how, words):
    # issue #41: SystemExit(0) or os._exit(0) in choose made `simulate` exit 0 with no message and no
    # folder, KeyboardInterrupt exit 130 without a word. A process of its own: os._exit ends the one it is in
    import subprocess
    import sys

    from tests.test_runner import _cmd

    quitter = write(tmp_path, "quitter", "import os\n"
                                         "seen = []\n"
                                         "def choose(state, legal_actions):\n"
                                         "    if not seen or seen[-1] is not state:\n"
                                         "        seen.append(state)\n"
                                         "    if len(seen) > 45:          # game 44: the parent plays game 0 first\n"
                                         f"        {how}\n"
                                         "    return 0\n")
    out = tmp_path / "run"
    r = subprocess.run(_cmd() + ["simulate", "aeolos", "--players", "2", "--games", "100", "--strategies",
                                 f"{quitter},greedy", "--jobs", "1", "--out", str(out), "--no-progress"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 1, (r.returncode, r.stderr)
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, r.stderr
    assert f"Python strategy 'quitter' tried to end the run in game 44 (seed 1): {words} (quitter.py, line 7)" \
        in r.stderr and "25 of 100 games kept in 1 shard under" in r.stderr, r.stderr
    m = json.loads((out / MANIFEST).read_text())
    assert m["status"] == "failed" and m["games_done"] == 25 and (out / m["shards"][0]["files"]["seats"]).is_file()


def test_a_real_ctrl_c_while_a_python_strategy_decides_still_interrupts_the_run(tmp_path):
    # a KeyboardInterrupt the strategy raises fails the run; one a signal raises is the user's Ctrl-C
    import signal
    import subprocess
    import time

    from tests.test_runner import _cmd

    slow = write(tmp_path, "slow", "import time\ndef choose(state, legal_actions):\n    time.sleep(0.002)\n"
                                   "    return 0\n")
    out = tmp_path / "run"
    proc = subprocess.Popen(_cmd() + ["simulate", "aeolos", "--players", "2", "--games", "2000", "--strategies",
                                      f"{slow},greedy", "--jobs", "1", "--out", str(out), "--no-progress"],
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not (out / MANIFEST).exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1)                                 # (inside a game: most of its time is the strategy's)
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130 and "interrupted" in stderr and "continue with --resume" in stderr, stderr
    assert json.loads((out / MANIFEST).read_text())["status"] == "interrupted"


def test_an_interrupt_raised_as_the_handlers_are_put_back_is_the_users_not_the_strategys():
    """A Ctrl-C that lands while ``_no_exit`` puts the signal handlers back (the strategy has
    returned; the mark is gone) is the run's interruption; one the strategy's own code raises is
    the strategy's (a race seen once in CI, under load)."""
    from simulate.core.python_play import _raised_outside_the_strategy

    def _no_exit():
        raise KeyboardInterrupt

    def choose():
        raise KeyboardInterrupt

    for fn, outside in ((_no_exit, True), (choose, False)):
        try:
            fn()
        except KeyboardInterrupt as e:
            assert _raised_outside_the_strategy(e) is outside


def test_a_kill_landing_as_the_strategys_guard_is_set_up_is_the_runs_interruption(monkeypatch):
    """A SIGTERM or Ctrl-C that lands while ``_no_exit`` sets up (before it hands over its list of
    signals) is the run's interruption: it failed the run with "UnboundLocalError: ... 'signalled'"
    (a 60,000-game dice run killed after 8 s)."""
    import contextlib

    from simulate.core import python_play

    @contextlib.contextmanager
    def _no_exit():
        raise KeyboardInterrupt
        yield []

    monkeypatch.setattr(python_play, "_no_exit", _no_exit)
    g = get_game("aeolos")
    strategies = [load_strategy(g, str(EXAMPLE["aeolos"])), load_strategy(g, "greedy")]
    POL, W = strategy_arrays(g, strategies)
    with pytest.raises(KeyboardInterrupt):
        face_game(g, g.load_rules(), 2, 1, 0, POL, W, [strategies[0].plugin, None], ["eager", "greedy"], False, None)
