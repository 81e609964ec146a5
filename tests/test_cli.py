"""The `windtunnel` command line: replay, bench, strategies list, and one-line errors."""
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from simulate.aeolos import game as G
from simulate.aeolos import layout as L
from simulate.aeolos.kernel import play_batch
from simulate.aeolos.transcript import parse_final_scores
from simulate.cli import app
from simulate.aeolos import GAME as AEOLOS
from strategies import load_strategy, resolve_strategies, strategy_names

runner = CliRunner()
BASE = Path(__file__).resolve().parent.parent / "configs" / "aeolos" / "base.toml"


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def batch_vp(rules, n_players, strategies, seed, first, n_games):
    _, POL, W = resolve_strategies(AEOLOS, strategies, n_players)
    games = np.zeros((n_games, G.N_GAME_COLS), np.int32)
    seats = np.zeros((n_games, L.MAX_PLAYERS, G.N_SEAT_COLS), np.int32)
    play_batch(rules.T, n_players, seed, first, n_games, W, POL, False, games, seats,
                 np.zeros((n_games, L.MAX_FDRAW, 4), np.int32), np.zeros(n_games, np.int32))
    return seats[:, :n_players, G.P_VP]


# ---------------------------------------------------------------- replay
@pytest.mark.parametrize("n_players,strategies,game", [(2, "greedy,random", 0), (3, "greedy", 4),
                                                        (4, "random,greedy,random,greedy", 2)])
def test_replay_prints_the_batch_game(rules, n_players, strategies, game):
    seed = 77
    r = run("replay", "aeolos", "--players", n_players, "--seed", seed, "--game", game, "--strategies", strategies)
    assert r.exit_code == 0, r.stderr
    scores = parse_final_scores(r.stdout)
    vp = batch_vp(rules, n_players, strategies, seed, 0, game + 1)[game]
    assert [scores[p][1] for p in range(n_players)] == list(vp)
    assert r.stdout.count(", seat 0 (") >= 10


def test_replay_check_mode_and_rows():
    r = run("replay", "aeolos", "--players", 2, "--seed", 3, "--check", "--rows")
    assert r.exit_code == 0, r.stderr
    assert "Log rows (turn, seat, event, a, b, c):" in r.stdout
    assert "Final score:" in r.stdout


def test_replay_set_changes_the_game():
    base = run("replay", "aeolos", "--players", 2, "--seed", 5, "--strategies", "random")
    more = run("replay", "aeolos", "--players", 2, "--seed", 5, "--strategies", "random",
               "--set", "scoring.unused_bonus_token_vp=20")
    assert base.exit_code == more.exit_code == 0
    a, b = parse_final_scores(base.stdout), parse_final_scores(more.stdout)
    for p in (0, 1):
        tokens = a[p][0]["unused bonus tokens"] // 2          # base config: 2 VP a token
        assert b[p][0]["unused bonus tokens"] == 20 * tokens
        assert b[p][1] - a[p][1] == 18 * tokens


def test_replay_with_a_config_file(tmp_path):
    text = BASE.read_text().replace("unused_bonus_token_vp = 2", "unused_bonus_token_vp = 11")
    path = tmp_path / "variant.toml"
    path.write_text(text)
    r = run("replay", "aeolos", "--players", 2, "--seed", 5, "--strategies", "random", "--config", path)
    assert r.exit_code == 0, r.stderr
    assert str(path) in r.stdout
    for terms, _, _ in parse_final_scores(r.stdout).values():
        assert terms["unused bonus tokens"] % 11 == 0


# ---------------------------------------------------------------- bench
def test_bench_json_has_games_per_s_for_each_policy():
    r = run("bench", "aeolos", "--players", 2, "--games", 10, "--json")
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["players"] == 2 and data["games"] == 10
    assert set(data["policies"]) == set(strategy_names(AEOLOS))
    for name, row in data["policies"].items():
        assert row["games_per_s"] > 0, name
        assert 1 <= row["games"] <= 10 and row["rounds"] == 5, name
        assert row["seconds"] > 0, name
    assert data["policies"]["random"]["games"] == 10
    random = data["policies"]["random"]["games_per_s"]
    for name, row in data["policies"].items():      # a game's time against random's (issue #4's bar)
        assert row["time_vs_random"] == round(random / row["games_per_s"], 2), name
    assert data["policies"]["random"]["time_vs_random"] == 1.0
    for name, row in data["policies"].items():
        # a heuristic's time split: the rules of its games (replayed from a tape) + its deliberation
        # (a plugin a test loaded in this process is in the roster too: it has no tape)
        heuristic = load_strategy(AEOLOS, name).policy == AEOLOS.strategy_schema().policies["heuristic"]
        assert ("rules_only_games_per_s" in row) == heuristic, name
        if heuristic:
            assert row["rules_only_games_per_s"] > 0, name   # which is faster is timing: a loaded machine flips it
            assert row["rules_vs_random"] == round(random / row["rules_only_games_per_s"], 2), name
            assert row["deliberation_vs_random"] == round(row["time_vs_random"] - row["rules_vs_random"], 2)
    assert data["startup"]["startup_s"] >= data["startup"]["first_call_s"] >= 0
    assert data["startup"]["cache"] in ("hit", "compiled", "warm")


def test_bench_text():
    r = run("bench", "aeolos", "--players", 2, "--games", 10)
    assert r.exit_code == 0, r.stderr
    assert "games/s" in r.stdout and "start-up" in r.stdout and "1.00x random's time" in r.stdout
    assert "x its games' rules + " in r.stdout and "x deliberation" in r.stdout
    for name in strategy_names(AEOLOS):
        assert name in r.stdout


# ---------------------------------------------------------------- strategies
def test_strategies_list():
    r = run("strategies", "list", "aeolos")
    assert r.exit_code == 0
    lines = r.stdout.strip().splitlines()
    assert [line.split()[0] for line in lines] == strategy_names(AEOLOS)
    assert all(len(line.split(None, 1)) == 2 for line in lines)      # every one has a description


# ---------------------------------------------------------------- bad input
BAD = {
    "unknown game": (["replay", "eos2", "--players", 2, "--seed", 1], "unknown game 'eos2'"),
    "unknown strategy": (["replay", "aeolos", "--players", 2, "--seed", 1, "--strategies", "nosuch"],
                         "unknown strategy 'nosuch'"),
    "too many players": (["replay", "aeolos", "--players", 5, "--seed", 1], "2-4 players, not 5"),
    "too few players": (["bench", "aeolos", "--players", 1, "--games", 5], "2-4 players, not 1"),
    "wrong number of strategies": (["replay", "aeolos", "--players", 3, "--seed", 1, "--strategies",
                                    "greedy,random"], "2 strategies given for 3 players"),
    "unknown --set key": (["replay", "aeolos", "--players", 2, "--seed", 1, "--set", "favor.hera.nope=1"],
                          "favor.hera.nope"),
    "bad --set value": (["bench", "aeolos", "--players", 2, "--set", "favor.hera.vp=lots"], "favor.hera.vp"),
    "--set without =": (["replay", "aeolos", "--players", 2, "--seed", 1, "--set", "favor.hera.vp"], "KEY=VALUE"),
    "missing config": (["replay", "aeolos", "--players", 2, "--seed", 1, "--config", "/no/such.toml"],
                       "/no/such.toml"),
    "not a number": (["replay", "aeolos", "--players", "two", "--seed", 1], "--players"),
    "missing option": (["replay", "aeolos", "--seed", 1], "--players"),
    "unknown option": (["bench", "aeolos", "--players", 2, "--fast"], "--fast"),
    "unknown command": (["simulate-everything"], "simulate-everything"),
    "negative seed": (["replay", "aeolos", "--players", 2, "--seed", -1], "--seed"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_is_one_line_and_exit_2(case):
    args, needle = BAD[case]
    r = run(*args)
    assert r.exit_code == 2, (case, r.stdout, r.stderr)
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("windtunnel: error: ")
    assert needle in lines[0]
    assert "Traceback" not in r.stderr


def test_malformed_config_is_one_line_naming_file_and_line(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text(BASE.read_text().replace("wind_cap = 5", "wind_cap = = 5"))
    r = run("replay", "aeolos", "--players", 2, "--seed", 1, "--config", path)
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1
    line_no = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if "wind_cap = = 5" in t)
    assert str(path) in lines[0] and f"line {line_no}" in lines[0]


def test_invalid_config_field_is_one_line(tmp_path):
    path = tmp_path / "bad_field.toml"
    path.write_text(BASE.read_text().replace('action = "favor"', 'action = "feast"'))
    r = run("bench", "aeolos", "--players", 2, "--config", path)
    assert r.exit_code == 2
    assert len(r.stderr.strip().splitlines()) == 1
    assert "harbor[6].action" in r.stderr and "feast" in r.stderr


def test_console_script_in_a_real_process():
    """The installed `windtunnel` command: exit code 2, one line on stderr, no traceback."""
    exe = Path(sys.executable).with_name("windtunnel")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "simulate.cli"]
    env = dict(os.environ, PYTHONWARNINGS="ignore")
    p = subprocess.run(cmd + ["replay", "aeolos", "--players", "9", "--seed", "1"],
                       capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 2
    assert p.stdout == ""
    assert p.stderr.strip().splitlines() == ["windtunnel: error: AEOLOS is for 2-4 players, not 9"]
    ok = subprocess.run(cmd + ["strategies", "list"], capture_output=True, text=True, env=env, timeout=120)
    assert ok.returncode == 0 and "greedy" in ok.stdout


@pytest.mark.parametrize("old,new,needle", [
    ("[game]", "[gamex]", "gamex: unknown key (did you mean 'game'?)"),     # a table no config has
    ("max_players = 4 ", 'max_players = "four" ', "game.max_players"),
    ("number = 5", "numbr = 5", "harbor[2].numbr: unknown key (did you mean 'number'?)"),
    ("number = 5", 'number = "5"', "invalid config"),                # a shape the loader did not foresee
])
def test_odd_configs_are_one_line(tmp_path, old, new, needle):
    path = tmp_path / "odd.toml"
    assert BASE.read_text().count(old) == 1
    path.write_text(BASE.read_text().replace(old, new))
    r = run("replay", "aeolos", "--players", 2, "--seed", 1, "--config", path)
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and str(path) in lines[0]


# ---------------------------------------------------------------- variants on the command line
def test_variant_on_replay_bench_and_simulate(tmp_path):
    r = run("replay", "aeolos", "--players", 3, "--seed", 2, "--variant", "tableaus")
    assert r.exit_code == 0 and "tableaus with special ability: seat 0 the" in " ".join(r.output.split())
    r = run("bench", "aeolos", "--players", 2, "--games", 5, "--variant", "tableaus", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["policies"]["balanced"]["games"] >= 5
    r = run("simulate", "aeolos", "--players", 2, "--games", 100, "--variant", "tableaus", "--jobs", 1,
            "--out", tmp_path / "t", "--no-progress")
    assert r.exit_code == 0, r.output
    manifest = json.loads((tmp_path / "t" / "manifest.json").read_text())
    assert manifest["variant"] == "tableaus" and manifest["config"]["tableaus"]["enabled"] is True
    import polars as pl
    seats = pl.read_parquet(tmp_path / "t" / "seats" / "*.parquet")
    games = pl.read_parquet(tmp_path / "t" / "games" / "*.parquet")
    assert games["variant"].unique().to_list() == ["tableaus"] and "score_tableau" in seats.columns


@pytest.mark.parametrize("variant,words", [("tablaus", "unknown variant"), ("base,tableaus", "cannot be combined"),
                                           ("tableaus,tableaus", "twice")])
def test_bad_variant_is_one_line(tmp_path, variant, words):
    for args in (["replay", "aeolos", "--players", 2, "--seed", 1], ["bench", "aeolos", "--players", 2],
                 ["simulate", "aeolos", "--players", 2, "--out", tmp_path / "x"]):
        r = run(*args, "--variant", variant)
        assert r.exit_code == 2 and words in r.output and len(r.output.strip().splitlines()) == 1
    assert not (tmp_path / "x").exists()


# ---------------------------------------------------------------- the usual conventions
def test_version_short_help_and_shell_completion():
    from importlib.metadata import version
    r = run("--version")
    assert r.exit_code == 0 and r.stdout.strip() == f"windtunnel {version('windtunnel')}"
    top = run("-h")
    assert top.exit_code == 0 and "--install-completion" in top.stdout and "simulate" in top.stdout
    for command in ("simulate", "replay", "bench", "compare", "tournament", "tune", "report"):
        r = run(command, "-h")
        assert r.exit_code == 0 and r.stdout == run(command, "--help").stdout, command


@pytest.mark.parametrize("command", [["simulate", "aeolos", "--games", 4, "--no-progress"],
                                     ["replay", "aeolos"], ["bench", "aeolos", "--games", 4, "--no-progress"],
                                     ["tournament", "aeolos", "--strategies", "random,greedy", "--games", 4,
                                      "--jobs", 1, "--no-progress"]])
def test_players_reads_the_same_forms_everywhere(command, tmp_path):
    """--players 3 plays; a list or range where one count is played is one line saying so,
    and a word is one line showing the forms (compare reads the list and the range)."""
    extra = ["--out", tmp_path / "run"] if command[0] == "simulate" else []
    r = run(*command, "--players", "2", *extra)
    assert r.exit_code == 0, r.output
    for many in ("2,3", "2-3"):
        r = run(*command, "--players", many, *extra)
        assert r.exit_code == 2 and f"--players {many}: this command plays one player count" in r.output
    r = run(*command, "--players", "two", *extra)
    assert r.exit_code == 2 and "a range (2-4), got 'two'" in r.output and len(r.output.strip().splitlines()) == 1


def test_compare_reads_a_range_of_player_counts():
    from simulate.running.compare import parse_players
    assert parse_players("2-4") == [2, 3, 4] and parse_players("2,4") == [2, 4] and parse_players("3") == [3]


def test_replay_of_a_game_name_defaults_to_seed_1_as_simulate(tmp_path):
    r = run("simulate", "aeolos", "--players", 2, "--games", 3, "--out", tmp_path / "r", "--no-progress")
    assert r.exit_code == 0, r.output
    assert run("replay", "aeolos", "--players", 2, "--game", 2).stdout == run("replay", tmp_path / "r", "--game", 2).stdout
    r = run("replay", "aeolos")
    assert r.exit_code == 2 and "--players is required with a game name" in r.output


def test_bench_says_what_it_times_to_a_person_on_stderr_only(monkeypatch):
    r = run("bench", "aeolos", "--players", 2, "--games", 5, "--strategies", "random,greedy", "--json")
    assert r.exit_code == 0 and len(r.stdout.strip().splitlines()) == 1 and r.stderr == ""     # a pipe
    import simulate.cli_app
    monkeypatch.setattr(simulate.cli_app, "watched", lambda stream: True)                           # a terminal
    r = run("bench", "aeolos", "--players", 2, "--games", 5, "--strategies", "random,greedy", "--json")
    assert r.exit_code == 0 and len(r.stdout.strip().splitlines()) == 1
    assert r.stderr.splitlines() == ["bench: timing random (1 of 2)", "bench: timing greedy (2 of 2)"]


def test_a_first_compile_is_announced_on_a_pipe_too(monkeypatch):
    """One line whoever reads stderr (a terminal, a pipe, a log): what is compiled, first run
    only, about how long here (two free cores: the measured time; one core or a busy machine:
    longer)."""
    import io

    from simulate.core import precompile
    from simulate.aeolos.precompile import COMPILE

    monkeypatch.setattr(precompile.os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    piped = io.StringIO()
    COMPILE.announce(True, piped)
    assert piped.getvalue() == ("windtunnel: first run: compiling the AEOLOS rules kernel (about 30 s on this "
                                "machine; later runs load it from numba's cache)\n")
    assert precompile.compile_seconds(30, True, cores=2, load=0) == 30
    assert precompile.compile_seconds(30, False, cores=2, load=0) == 51           # one process
    assert precompile.compile_seconds(30, True, cores=2, load=6) == 120           # a busy machine
    assert precompile._spoken(120) == "2 min"


# ---------------------------------------------------------------- what a game offers, and its options in help
def test_info_tells_what_each_game_offers():
    """`windtunnel info GAME`: the player range, EOS's five nations by name, its modules, every
    strategy of the roster with its description, the what-if keys with the values each takes,
    and the assumed values' count per file (the protocol's, each file once)."""
    from simulate.eos import GAME as EOS

    r = run("info", "eos")
    assert r.exit_code == 0, r.stderr
    out = r.stdout
    config = EOS.load_rules().config
    assert "2-5 players" in out
    for key, nation in config["nations"].items():
        assert f"{key}  " in out and nation["nation"]["name"] in out and nation["ship"]["name"] in out
    for module in EOS.variants:
        assert f"  {module} " in out
    for name in strategy_names(EOS):
        assert any(line.split()[:1] == [name] and len(line.split()) > 1 for line in out.splitlines()), name
    assert "--nations" in out
    whatif = out.split("What-if keys")[1].split("\n\n")[0]
    for key in config["intervention"]:
        assert f"\n  {key} " in whatif, key
    assert "u48" in whatif and "break_the_blockade" in whatif and "hero, patron" in whatif
    names = EOS.item_names(config)                  # the upgrades' and journey cards' keys by name too
    for card in [*config["upgrades"]["card"], *config["journey"]["card"]]:
        assert f"{card['id']} ({names[card['id']]})" in whatif, card["id"]
    assert "Amban," in whatif and "(Amban" not in whatif and "alhana," in whatif     # a name that only spells the id: not again
    assert max(len(line) for line in whatif.splitlines()) <= 100                      # wrapped between entries
    found = EOS.assumed_values()
    counts = out.split("Assumed values")[1]
    assert f"{found.total:,} in {len(found.counts())} files" in counts
    for label, n in found.counts():
        assert any(line.split() == [label, str(n)] for line in counts.splitlines()), label
    aeolos = run("info", "aeolos")
    assert aeolos.exit_code == 0 and "poseidon" in aeolos.stdout and "no_harbor" in aeolos.stdout
    assert "Nations" not in aeolos.stdout and "balanced" in aeolos.stdout


def test_info_assumed_lists_every_assumed_key():
    from simulate.eos import GAME as EOS

    r = run("info", "eos", "--assumed")
    assert r.exit_code == 0
    listed = r.stdout.split("Assumed values")[1]
    found = EOS.assumed_values()
    assert sum(1 for line in listed.splitlines() if line.startswith("    ")) == found.total
    assert "  nations/kwanan.toml (" in listed and "    nation.max_power" in listed


def test_info_of_an_unknown_game_is_one_line():
    r = run("info", "chess")
    assert r.exit_code == 2 and r.stdout == ""
    from simulate.core.games import game_names
    assert r.stderr.strip().splitlines() == [f"windtunnel: error: unknown game 'chess' (known: {', '.join(game_names())})"]
    assert {"aeolos", "eos"} <= set(game_names())


def test_a_games_own_options_are_in_the_help_of_the_commands_that_take_them(tmp_path, monkeypatch):
    """`simulate eos -h` lists --nations (EOS's ``Game.options``); AEOLOS has none to list; without a
    game every game's are listed; and any registered game's options appear the same way."""
    import sys
    import types

    from simulate.core.games import register
    from tests.dicegame.protocol import GAME as DICE

    assert "--nations" in run("simulate", "eos", "-h").stdout
    assert "--nations" in run("replay", "eos", "-h").stdout
    assert "--nations" not in run("simulate", "aeolos", "-h").stdout
    assert "(with eos)" in run("simulate", "-h").stdout
    coloured = type("Coloured", (type(DICE),), {"name": "coloured", "options": {"colour": "the dice's colour"}})()
    monkeypatch.setitem(sys.modules, "tests.coloured_dice", types.SimpleNamespace(GAME=coloured))
    register("coloured", "tests.coloured_dice")
    try:
        text = run("simulate", "coloured", "-h").stdout
        assert "--colour TEXT" in text and "the dice's colour" in text and "--nations" not in text
    finally:
        from simulate.core.games import GAMES
        GAMES.pop("coloured", None)
