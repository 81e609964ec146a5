"""End to end through the CLI with the tiny second game (tests/dicegame), registered only by
the environment (WINDTUNNEL_GAMES): simulate, replay of a run folder, bench, tournament,
compare and report must work for a game that is not AEOLOS, with its own score unit and
without a cards table."""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

ROOT = Path(__file__).resolve().parent.parent
WINDTUNNEL = Path(sys.executable).parent / "windtunnel"


def windtunnel(*args, timeout=600):
    """Run the CLI as a user would, the dice game known only through the environment (its
    package importable from the repository root, for the workers too)."""
    env = {**os.environ, "WINDTUNNEL_GAMES": "dice=tests.dicegame",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    p = subprocess.run([str(WINDTUNNEL), *map(str, args)], env=env, cwd=ROOT, capture_output=True, text=True,
                       timeout=timeout)
    assert p.returncode == 0, f"windtunnel {' '.join(map(str, args))}:\n{p.stdout}\n{p.stderr}"
    return p.stdout


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("dice") / "run"
    text = windtunnel("simulate", "dice", "--players", 3, "--games", 3000, "--out", out, "--no-progress")
    return out, text


def table(folder, name):
    return pq.read_table(folder / name).sort_by([("game_id", "ascending")] + ([("seat", "ascending")]
                                                                              if name == "seats" else []))


def test_simulate(run):
    out, text = run
    m = json.loads((out / "manifest.json").read_text())
    assert m["game"] == "dice" and m["players"] == 3 and m["games_done"] == 3000 and m["status"] == "complete"
    assert sorted(m["tables"]) == ["games", "seats"] and not (out / "cards").exists()
    games, seats = table(out, "games"), table(out, "seats")
    assert games.num_rows == 3000 and seats.num_rows == 9000
    assert games["game_id"].to_pylist() == list(range(3000)) and set(games["game"].to_pylist()) == {"dice"}
    assert games["check_error"].null_count == 3000
    # the same games as the kernel plays them in one batch
    from strategies import resolve_strategies
    from tests.dicegame import GAME

    _, POL, W = resolve_strategies(GAME, "cautious", 3)
    r = GAME.play(GAME.load_rules(), 3, 1, 0, 3000, POL, W)
    assert seats["score_total"].to_numpy().reshape(3000, 3).tolist() == r.score.tolist()
    assert games["turns"].to_numpy().tolist() == r.turns.tolist()
    # the summary's numbers are the tables'
    assert text.startswith("Dice, 3 players, 3,000 games")
    won = seats["won"].to_numpy().reshape(3000, 3)
    for p in range(3):
        line = re.search(rf"^ +seat {p} +(\S+)%", text, re.M)
        assert line and line[1] == f"{100 * won[:, p].mean():.1f}"
    ties = int(games['tie'].to_numpy().sum())
    assert f"Ties: {ties} game{'' if ties == 1 else 's'}" in text


def test_replay_of_a_run_folder(run, tmp_path):
    out, _ = run
    text = windtunnel("replay", out, "--game", 5)
    seats = table(out, "seats").to_pylist()[15:18]
    assert text.startswith("Dice, 3 players, seed 1, game 5")
    final = ", ".join(f"seat {p} (cautious) {s['score_total']}" for p, s in enumerate(seats))
    assert f"Final scores: {final}." in text
    # a rotated check-mode run with a variant: the replay seats the strategies as the run did
    rotated = tmp_path / "rotated"
    windtunnel("simulate", "dice", "--players", 2, "--games", 500, "--strategies", "cautious,bold", "--rotate-seats",
               "--variant", "hot_dice", "--check", "--out", rotated, "--no-progress")
    seats = table(rotated, "seats").to_pylist()[14:16]              # game 7: bold at seat 0
    text = windtunnel("replay", rotated, "--game", 7)
    assert [s["strategy"] for s in seats] == ["bold", "cautious"]
    assert f"seat 0 (bold) {seats[0]['score_total']}, seat 1 (cautious) {seats[1]['score_total']}" in text
    assert "3 bonus points" in text.splitlines()[0]


def test_bench():
    """The JSON form (the text form: tests/test_recipe.py's tour)."""
    result = json.loads(windtunnel("bench", "dice", "--players", 2, "--games", 200, "--json"))
    assert result["game"] == "dice" and result["score_unit"] == "points"
    assert sorted(result["policies"]) == ["bold", "cautious", "lookahead", "mcts", "random"]
    assert all(p["games_per_s"] > 0 and p["turns_per_game"] >= 2 for p in result["policies"].values())


def test_tournament():
    text = windtunnel("tournament", "dice", "--players", 2, "--strategies", "all", "--games", 200)
    for name in ("random", "cautious", "bold"):
        assert name in text
    assert "Bradley-Terry" in text


def test_compare(tmp_path):
    out = tmp_path / "cmp"
    windtunnel("compare", "dice", "--variants", "base,big_die", "--players", "2,3", "--games", 500, "--out", out)
    cells = sorted(p.name for p in out.iterdir() if p.is_dir() and (p / "manifest.json").exists())
    assert cells == ["base-2p", "base-3p", "big_die-2p", "big_die-3p"]
    assert json.loads((out / "compare.json").read_text())["game"] == "dice"
    for cell in cells:
        games = pq.read_table(out / cell / "games")
        assert games.num_rows == 500 and set(games["variant"].to_pylist()) == {cell.rsplit("-", 1)[0]}
    # common random numbers: game i has the same seed in every cell
    seeds = [table(out / c, "games")["seed"].to_pylist() for c in cells]
    assert all(s == seeds[0] for s in seeds)
    report = (out / "report.md").read_text()
    assert "big_die" in report and "VP" not in report


def test_report(run):
    out, _ = run
    windtunnel("report", out)
    md = (out / "report.md").read_text()
    assert (out / "report.html").exists() and any((out / "report_files").glob("*.png"))
    assert "Dice" in md and "VP" not in md and "cards" not in md.lower()
    assert "Mean points per seat per game" in md                      # the score unit, in the score sources
    assert "Big turns" in md and "a turn of 10+ points" in md    # the game's subject


def test_a_game_without_skill_tiers_asks_for_them_and_plays_its_own_default(run):
    """The core names no game's strategies (issue #35): a game that declares no skill tiers gets
    one line for --robustness without --tiers, and its runs play its own default strategy."""
    out, _ = run
    env = {**os.environ, "WINDTUNNEL_GAMES": "dice=tests.dicegame",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    p = subprocess.run([str(WINDTUNNEL), "report", str(out), "--robustness"], env=env, cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 2 and "declares no skill tiers: name them with --tiers" in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1 and not (out / "robustness").exists()
    assert set(json.loads((out / "manifest.json").read_text())["strategies"]) == {"cautious"}
