"""Plugins that cannot crash a run or silently change it (issue #16): a scorer that
raises, reads out of bounds or returns no number fails the run in one line naming
it and the game; it cannot write the kernel's arrays; a file that is not Python, or
a plugin named like a built-in strategy, is one error line; and a resumed run plays
the plugin file it started with, or refuses."""
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from simulate.aeolos import layout as L
from simulate.core.errors import UserError
from simulate.core.games import get_game
from simulate.running.worker import Worker, prepare
from strategies import resolve_strategies
from strategies.plugin import load_plugin, registered

from .plugin_files import write_plugin

GAME = get_game("aeolos")


def plugin(folder, name, body, base="balanced"):
    """A plugin file registering strategy `name` whose scorer runs `body` (indented code)."""
    return write_plugin(folder, name, body, game="aeolos", layout_names="DK_WINDOW, S_TURN, S_VP", base=base)


def windtunnel(*args):
    exe = Path(sys.executable).with_name("windtunnel")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "simulate.cli"]
    return subprocess.run(cmd + [str(a) for a in args], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONWARNINGS="ignore"), timeout=600)


def one_line(r):
    """The one line a command printed (stdout and stderr), or None if it printed more or less."""
    lines = (r.stdout + r.stderr).strip().splitlines()
    return lines[0] if len(lines) == 1 else None


def play(strategy, n=200, seed=3):
    chosen, POL, W = resolve_strategies(GAME, [strategy, "greedy"], 2)
    return GAME.play(GAME.load_rules(), 2, seed, 0, n, POL, W, scorers=[c.plugin for c in chosen])


# ---------------------------------------------------------------- a scorer that fails
FAILING = {
    "raises": "if obs[S_TURN] > 6:\n    raise ValueError('boom')\nreturn base",
    "reads out of bounds": "return base + options[10**6, 0]",
    "returns NaN": "return np.nan if obs[S_TURN] > 6 else base",
    "returns inf": "return -np.inf if decision == DK_WINDOW else base",
}


@pytest.mark.parametrize("how", FAILING)
def test_a_failing_scorer_fails_the_run_in_one_line(tmp_path, how):
    name = "bad_" + how.split()[0]
    path = plugin(tmp_path, name, FAILING[how])
    out = tmp_path / "run"
    r = windtunnel("simulate", "aeolos", "--players", 2, "--strategies", f"{name},balanced", "--games", 300,
                   "--seed", 5, "--jobs", 1, "--plugin", path, "--out", out, "--no-progress")
    line = one_line(r)
    assert r.returncode == 1 and line, (r.returncode, r.stdout[-2000:], r.stderr[-2000:])
    assert f"plugin strategy {name!r}" in line and "game 0 " in line and "seed 5" in line, line
    assert "fix the plugin" in line and "--resume" not in line, line      # resuming would fail again


@pytest.mark.parametrize("command", [
    ("tournament", "aeolos", "--players", 2, "--games", 40, "--jobs", 1, "--strategies"),
    ("bench", "aeolos", "--players", 2, "--games", 40, "--strategies")])
def test_a_failing_scorer_stops_a_tournament_and_a_bench_in_one_line(tmp_path, command):
    path = plugin(tmp_path, "bad_raises", FAILING["raises"])
    args = list(command) + ["bad_raises,balanced"] if command[0] == "tournament" else list(command[:-1])
    r = windtunnel(*args, "--plugin", path)
    line = one_line(r)
    assert r.returncode == 1 and line and "plugin strategy 'bad_raises' failed in game" in line, \
        (r.returncode, r.stdout[-1500:], r.stderr[-1500:])


@pytest.fixture
def unregister():
    """Plugin strategies a test registers in this process leave the roster after it."""
    before = set(registered(GAME))
    yield
    for name in set(registered(GAME)) - before:
        del registered(GAME)[name]


def test_only_the_games_where_the_scorer_fails_are_marked_and_the_rest_play_on(tmp_path, unregister):
    """A failure ends that game (marked with the game's plugin error code); the other games
    of the batch are those of the base strategy, and the run names the first failed game."""
    load_plugin(plugin(tmp_path, "leader", "if obs[S_VP + seat] >= 45:\n    raise ValueError('too far ahead')\n"
                                           "return base"))
    failed = play("leader").errors == GAME.plugin_error_code
    assert GAME.plugin_error_code == L.CHK_PLUGIN and 0 < failed.sum() < 200 and not failed[0]
    assert not play("leader").errors[~failed].any()
    assert np.array_equal(play("leader").seats[:200][~failed], play("balanced").seats[:200][~failed])
    r = windtunnel("simulate", "aeolos", "--players", 2, "--strategies", "leader,greedy", "--games", 200, "--seed", 3,
                   "--jobs", 1, "--batch-size", 50, "--plugin", tmp_path / "leader.py", "--out", tmp_path / "run",
                   "--no-progress")
    line = one_line(r)
    assert r.returncode == 1 and line and f"game {int(np.flatnonzero(failed)[0])} " in line, line


# ---------------------------------------------------------------- nothing to write through
@pytest.mark.parametrize("body", ["obs[10**6] = 1\nreturn base", "options[i, 0] = 3\nreturn base",
                                  "weights[seat, 0] = 2.0\nreturn base"])
def test_a_scorer_that_writes_the_kernels_arrays_is_one_error_line(tmp_path, body):
    path = plugin(tmp_path, "scribbler", body)
    r = windtunnel("simulate", "aeolos", "--players", 2, "--strategies", "scribbler,balanced", "--games", 100,
                   "--jobs", 1, "--plugin", path, "--out", tmp_path / "run", "--no-progress")
    line = one_line(r)
    assert r.returncode == 2 and line and "scribbler" in line and "only read" in line, (r.stdout, r.stderr)
    assert not (tmp_path / "run").exists()


# ---------------------------------------------------------------- files and names
def test_a_plugin_that_is_not_a_python_file_is_one_error_line(tmp_path):
    path = tmp_path / "greedy2.toml"
    path.write_text("[weights]\nvp = 1\n")
    r = windtunnel("simulate", "aeolos", "--players", 2, "--plugin", path, "--out", tmp_path / "run")
    line = one_line(r)
    assert r.returncode == 2 and line and "not a Python file" in line and "--strategies" in line, (r.stdout, r.stderr)


def test_a_plugin_file_naming_a_built_in_strategy_is_one_error_line(tmp_path):
    path = plugin(tmp_path, "greedy", "return base")
    r = windtunnel("strategies", "list", "aeolos", "--plugin", path)
    line = one_line(r)
    assert r.returncode == 2 and line and "'greedy' has the name of a built-in" in line, (r.stdout, r.stderr)


# ---------------------------------------------------------------- resume
def _drop_last_shard(out):
    m = json.loads((out / "manifest.json").read_text())
    gone = m["shards"].pop()
    for f in gone["files"].values():
        (out / f).unlink()
    m["games_done"] -= gone["games"]
    (out / "manifest.json").write_text(json.dumps(m))
    return gone["first"]


def _seat_scores(out):
    import polars as pl
    return pl.read_parquet(out / "seats" / "*.parquet").sort("game_id", "seat")["score_total"].to_list()


def test_resume_plays_the_manifests_plugin_and_refuses_a_changed_one(tmp_path):
    path = plugin(tmp_path, "keen", "return base + (1.0 if decision == DK_WINDOW and i == 0 else 0.0)")
    out = tmp_path / "run"
    r = windtunnel("simulate", "aeolos", "--players", 2, "--strategies", "keen,balanced", "--games", 300,
                   "--batch-size", 100, "--jobs", 1, "--plugin", path, "--out", out, "--no-progress")
    assert r.returncode == 0, r.stderr
    recorded = json.loads((out / "manifest.json").read_text())["strategy_weights"]["keen"]
    assert recorded["plugin"] == str(path.resolve())
    assert recorded["plugin_hash"] == hashlib.sha256(path.read_bytes()).hexdigest()
    whole = _seat_scores(out)

    _drop_last_shard(out)                          # resumed without --plugin: the manifest names the file
    r = windtunnel("simulate", "aeolos", "--resume", "--out", out, "--jobs", 1, "--no-progress")
    assert r.returncode == 0, r.stderr
    assert _seat_scores(out) == whole

    _drop_last_shard(out)
    path.write_text(path.read_text().replace("1.0 if", "-50.0 if"))
    r = windtunnel("simulate", "aeolos", "--resume", "--out", out, "--jobs", 1, "--no-progress")
    line = one_line(r)
    assert r.returncode == 2 and line and str(path.resolve()) in line and "changed" in line, (r.stdout, r.stderr)
    assert json.loads((out / "manifest.json").read_text())["games_done"] == 200


def test_two_files_registering_one_name_is_one_error(tmp_path, unregister):
    load_plugin(plugin(tmp_path, "twin", "return base"))
    (tmp_path / "other").mkdir()
    with pytest.raises(UserError, match="'twin' is registered by two files"):
        load_plugin(plugin(tmp_path / "other", "twin", "return base + 1.0"))


def test_a_worker_refuses_a_plugin_file_changed_during_the_run(tmp_path, unregister):
    """A worker process loads the file again: one changed since the run started fails the run."""
    path = plugin(tmp_path, "fickle", "return base")
    load_plugin(path)
    payload, facts = prepare("aeolos", 2, ["fickle", "balanced"])
    assert payload.plugin_hashes == {str(path.resolve()): facts["strategy_weights"]["fickle"]["plugin_hash"]}
    path.write_text(path.read_text().replace("return base", "return -base"))
    with pytest.raises(UserError, match="changed while the run was being played"):
        Worker(payload)
