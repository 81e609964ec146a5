"""EOS plugin strategies (simulate/eos/scorer.py): a Python scorer plays through the batch
and the replay alike, sees the heuristic's worth of each option and a state with what its
seat cannot see hidden, changes play when it scores otherwise, and a failing scorer fails
the game and the run in one line."""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from simulate.eos import GAME
from simulate.eos import layout as L
from simulate.eos.transcript import replay
from strategies import resolve_strategies
from strategies.plugin import load_plugin

from ..plugin_files import write_plugin

ROOT = Path(__file__).resolve().parents[2]
RULES = GAME.load_rules()


def plugin(folder, name, body, base="balanced"):
    """A plugin file registering EOS strategy `name` whose scorer runs `body` (indented code), loaded."""
    path = write_plugin(folder, name, body, game="eos", layout_names="*", base=base)
    load_plugin(path)
    return path


def play(strategies, n_players=3, games=60, seed=4):
    chosen, POL, W = resolve_strategies(GAME, strategies, n_players)
    return GAME.play(RULES, n_players, seed, 0, games, POL, W, rotate=True, scorers=[c.plugin for c in chosen])


def test_a_scorer_that_keeps_the_base_plays_its_base_strategys_games(tmp_path):
    plugin(tmp_path, "same_as_balanced", "return base")
    a = play(["same_as_balanced", "greedy", "random"])
    b = play(["balanced", "greedy", "random"])
    assert (a.errors == 0).all()
    assert (a.score == b.score).all() and (a.turns == b.turns).all()


def test_a_scorer_changes_play_and_the_example_awakens_more_patron_sides():
    load_plugin(ROOT / "configs" / "eos" / "strategies" / "plugins" / "example.py")
    a = play(["patron_first", "balanced", "balanced"], games=120)
    b = play(["balanced", "balanced", "balanced"], games=120)
    patrons = lambda r: r.seats[:r.n, :3, L.P_ANGELS_PATRON][r.slot == 0].mean()
    assert (a.errors == 0).all() and patrons(a) > patrons(b) + 0.3


def test_the_scorer_sees_no_deck_order_and_no_other_hand(tmp_path):
    """A scorer that fails the game if it can see a deck's order or another seat's hand card."""
    body = ("for k in range(obs[S_JDECK_N]):\n"
            "    if obs[S_JDECK + k] != -1:\n"
            "        return np.nan\n"
            "for k in range(obs[S_UDECK_N]):\n"
            "    if obs[S_UDECK + k] != -1:\n"
            "        return np.nan\n"
            "for j in range(MAX_JOURNEY):\n"
            "    if J_HAND <= obs[S_JLOC + j] < J_HAND + MAX_PLAYERS and obs[S_JLOC + j] != J_HAND + seat:\n"
            "        return np.nan\n"
            "return base")
    plugin(tmp_path, "peeker", body)
    r = play(["peeker", "greedy", "greedy"], games=20)
    assert (r.errors == 0).all()
    assert (r.seats[:r.n, :3, L.P_SCORE] > 0).any()


def test_the_replay_of_a_plugin_game_is_the_batchs(tmp_path):
    plugin(tmp_path, "coin_lover", "return base + 0.5 * options[i, 0]")
    chosen, POL, W = resolve_strategies(GAME, ["coin_lover", "greedy"], 2)
    r = GAME.play(RULES, 2, 9, 3, 1, POL, W, scorers=[c.plugin for c in chosen])
    played, _ = replay(RULES, 2, 9, 3, chosen)
    assert played.scores == [int(v) for v in r.score[0]] and played.error_message == ""


def test_a_failing_scorer_fails_the_game(tmp_path):
    plugin(tmp_path, "late_raiser", "if obs[S_TURN] > 12:\n    raise ValueError('boom')\nreturn base")
    r = play(["late_raiser", "greedy", "greedy"], games=6)
    from simulate.eos.scorer import ERR_PLUGIN
    assert GAME.plugin_error_code == ERR_PLUGIN and (r.errors == ERR_PLUGIN).all()
    assert (r.turns <= 16).all()                    # ended at once, not played on


def test_a_failing_scorer_fails_the_run_in_one_line(tmp_path):
    path = plugin(tmp_path, "bad_eos", "if obs[S_TURN] > 5:\n    raise ValueError('boom')\nreturn base")
    exe = Path(sys.executable).with_name("windtunnel")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "simulate.cli"]
    r = subprocess.run(cmd + ["simulate", "eos", "--players", "2", "--games", "20", "--strategies", "bad_eos,greedy",
                              "--seed", "5", "--jobs", "1", "--plugin", str(path), "--out", str(tmp_path / "run"),
                              "--no-progress"], capture_output=True, text=True, timeout=900,
                       env=dict(os.environ, PYTHONWARNINGS="ignore"))
    lines = (r.stdout + r.stderr).strip().splitlines()
    assert r.returncode == 1 and len(lines) == 1 and "plugin strategy 'bad_eos'" in lines[0], lines
