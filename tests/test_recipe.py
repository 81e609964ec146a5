"""The recipe, docs/adding-a-game.md (issue #43), is complete: its `File:` blocks are the dice
game's every file, byte for byte (so the page cannot drift from tests/dicegame/), and a game built
from them alone, in a folder of its own with a cold compile cache, runs every `Run:` block of the
page as a user would: every command of the CLI, the search players and the what-if included, and
the Python face. The dice game stays within its 354 lines of Python.

tests/test_second_game.py runs the same CLI on tests/dicegame itself and keeps what it asserts
(simulate's tables against the kernel, a rotated check-mode replay, bench's JSON, `tournament
--strategies all`, compare's cells and common seeds, the report's wording, `--robustness`
without tiers refused); here each command of the tour is asserted only on what it leaves out:
the game built from the page imports and compiles on its own (workers too), the replay of a
search player's game is the run's, `report --robustness --tiers` checks the findings against the
search players, a report with no causal budget is written without one, the variant's bonus is
in its cell only, forbidding "hold" costs the treated seat about half its wins, MCTS outrates
random play, `tune` and `balance` write files that play, the bench loads the cache the tour
compiled, and the face's snippet runs as printed."""
import difflib
import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pyarrow.parquet as pq
import pytest

ROOT = Path(__file__).resolve().parent.parent
RECIPE = ROOT / "docs" / "adding-a-game.md"
GAME_DIR = ROOT / "tests" / "dicegame"
MAX_PYTHON_LINES = 354          # issue #43: every tier and a what-if in no more lines than before
WINDTUNNEL = Path(sys.executable).parent / "windtunnel"
FENCE = re.compile(r"^```(\w*)$")


def recipe_blocks():
    """[(label, language, body)] of the page's blocks headed by a `File: PATH` or a `Run:` line."""
    lines = RECIPE.read_text().splitlines(keepends=True)
    out = []
    for i, line in enumerate(lines):
        label = line.rstrip("\n")
        if not (label.startswith("File: ") or label == "Run:"):
            continue
        fence = FENCE.match(lines[i + 1].rstrip("\n")) if i + 1 < len(lines) else None
        assert fence, f"{RECIPE.name}:{i + 1}: {label!r} is not followed by a fenced block"
        end = next((j for j in range(i + 2, len(lines)) if lines[j].rstrip("\n") == "```"), None)
        assert end is not None, f"{RECIPE.name}:{i + 2}: the block under {label!r} is never closed"
        out.append((label, fence[1], "".join(lines[i + 2:end])))
    return out


def recipe_files():
    """{path: text} of the page's `File:` blocks; a path given twice fails."""
    files = {}
    for label, _, body in recipe_blocks():
        if label.startswith("File: "):
            path = label.removeprefix("File: ").strip()
            assert path not in files, f"{RECIPE.name} gives {path} twice"
            files[path] = body
    return files


def game_files():
    return {p.relative_to(ROOT).as_posix(): p for p in sorted(GAME_DIR.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def test_the_recipe_holds_every_file_of_the_game_verbatim():
    doc, code = recipe_files(), game_files()
    missing, extra = sorted(set(code) - set(doc)), sorted(set(doc) - set(code))
    assert not missing, f"{RECIPE.name} has no `File:` block for {', '.join(missing)}"
    assert not extra, f"{RECIPE.name} has `File:` blocks for files tests/dicegame/ does not have: {', '.join(extra)}"
    for path, text in doc.items():
        if text.encode() != code[path].read_bytes():
            diff = difflib.unified_diff(code[path].read_text().splitlines(), text.splitlines(), path, RECIPE.name,
                                        lineterm="", n=1)
            pytest.fail(f"{RECIPE.name}'s block for {path} differs from the file:\n" + "\n".join(list(diff)[:30]))


def test_the_dice_game_is_no_longer_than_its_budget():
    lines = {p: len(f.read_text().splitlines()) for p, f in game_files().items() if p.endswith(".py")}
    assert sum(lines.values()) <= MAX_PYTHON_LINES, f"the dice game's Python is {sum(lines.values())} lines " \
                                                    f"(at most {MAX_PYTHON_LINES}): {lines}"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The game built from the page alone: its `File:` blocks written under a folder of their own
    (no tests/__init__.py, no repository on the path), as a user who copied them would have it."""
    folder = tmp_path_factory.mktemp("recipe")
    for path, text in recipe_files().items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text)
    return folder


@pytest.fixture(scope="module")
def tour(built):
    """Every `Run:` block in order, from the built game's folder, as a user runs them: `export`
    lines set the environment, each `windtunnel ...` line is one process, a python block a script.
    The environment is a user's (none of the suite's settings: no causal budget, no repository on
    PYTHONPATH) with a compile cache of its own, so the built game compiles from its own files.
    {command: (argv, stdout, stderr)}, the command being `python` for a script."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "WINDTUNNEL_GAMES", "WINDTUNNEL_CAUSAL_BUDGET")}
    env["WINDTUNNEL_CACHE"] = str(built / ".cache")
    ran = {}
    for label, language, body in recipe_blocks():
        if label != "Run:":
            continue
        if language == "python":
            commands = [("python", [sys.executable, "-c", body])]
        else:
            assert language == "sh", f"a `Run:` block in {language!r}: the test runs sh and python only"
            commands = []
            for line in body.splitlines():
                words = shlex.split(line, comments=True)
                if words[:1] == ["export"]:
                    commands.append(("export", words[1:]))
                elif words:
                    assert words[0] == "windtunnel", f"a `Run:` line the test cannot run: {line}"
                    commands.append((words[1], [str(WINDTUNNEL), *words[1:]]))
        for name, argv in commands:
            if name == "export":
                env.update(w.split("=", 1) for w in argv)
                continue
            assert name not in ran, f"the tour runs {name} twice: key its runs apart"
            p = subprocess.run(argv, cwd=built, env=env, capture_output=True, text=True, timeout=300)
            shown = " ".join(argv[1:]) if name != "python" else "the python block"
            assert p.returncode == 0, f"{shown} (exit {p.returncode}):\n{p.stdout}\n{p.stderr}"
            ran[name] = (argv, p.stdout, p.stderr)
    return ran


def option(argv, name):
    return argv[argv.index(name) + 1]


def test_info_lists_the_search_players_and_the_cores_what_if(tour):
    _, info, _ = tour["info"]
    assert "Dice (dice): 2-4 players; score in points" in info
    assert re.search(r"^  forbid +roll, hold", info, re.M)
    _, listed, _ = tour["strategies"]
    assert [line.split()[0] for line in listed.splitlines()] == ["random", "bold", "cautious", "lookahead", "mcts"]


def seats_of(run, game):
    seats = pq.read_table(run / "seats").to_pylist()
    return sorted((s for s in seats if s["game_id"] == game), key=lambda s: s["seat"])


def test_the_replay_of_a_search_players_game_is_the_runs(tour, built):
    argv, _, _ = tour["simulate"]
    run = built / option(argv, "--out")
    m = json.loads((run / "manifest.json").read_text())
    assert m["status"] == "complete" and m["games_done"] == int(option(argv, "--games"))
    assert set(m["strategies"]) == {"lookahead", "cautious"}
    argv, text, _ = tour["replay"]
    seats = seats_of(run, int(option(argv, "--game")))
    assert "lookahead" in {s["strategy"] for s in seats}
    final = ", ".join(f"seat {s['seat']} ({s['strategy']}) {s['score_total']}" for s in seats)
    assert f"Final scores: {final}." in text


def test_the_report_checks_its_findings_against_the_search_players(tour, built):
    argv, text, errors = tour["report"]
    run = built / argv[2]
    md = (run / "report.md").read_text()
    assert md.startswith("# Dice balance report") and "Big turns" in md and "Against stronger play" in md
    tiers = [t.split(":")[0] for t in option(argv, "--tiers").split(",")]
    assert sorted(p.name for p in (run / "robustness").iterdir()) == sorted(tiers)
    # the dice game declares no causal budget: the report measures nothing and says nothing of it
    assert not (run / "causal").exists() and "causal" not in errors


def test_a_game_without_a_causal_budget_measures_nothing_unasked(monkeypatch):
    from simulate.running.causal import Budget, parse_budget
    from tests.dicegame import GAME

    monkeypatch.delenv("WINDTUNNEL_CAUSAL_BUDGET", raising=False)
    assert GAME.causal_budget == 0 and parse_budget(None, GAME) == Budget(games=0)
    assert parse_budget("500", GAME) == Budget(games=500, given=True)


def test_the_variants_bonus_is_in_its_cell_only(tour, built):
    argv, _, _ = tour["compare"]
    out = built / option(argv, "--out")
    assert json.loads((out / "compare.json").read_text())["game"] == "dice"
    bonus = {cell.name: pq.read_table(cell / "seats", columns=["score_bonus"])["score_bonus"].to_numpy().sum()
             for cell in out.iterdir() if (cell / "manifest.json").exists()}
    assert bonus["base-2p"] == 0 and bonus["hot_dice-2p"] > 0 and len(bonus) == 2


def test_forbidding_hold_costs_the_treated_seat_about_half_its_wins(tour, built):
    argv, text, _ = tour["whatif"]
    line = next(x for x in text.splitlines() if "forbid-hold (never to hold)" in x)
    lo, hi = map(float, re.search(r"win rate \S+ points \[(\S+), (\S+)\]\*", line).groups())
    assert -70 < lo <= hi < -30, line
    seats = pq.read_table(built / option(argv, "--out") / "forbid-hold-2p" / "seats").to_pylist()
    treated = [s for s in seats if s["seat"] == s["game_id"] % 2]
    assert len(treated) == int(option(argv, "--games")) and all(s["score_banked"] == 0 for s in treated)


def test_the_tournament_rates_mcts_above_random_play(tour):
    _, text, _ = tour["tournament"]
    ratings = {m[1]: (int(m[2]), int(m[3]), int(m[4]))
               for m in re.finditer(r"^ +(\S+) +([+-]\d+) +\[([+-]\d+), ([+-]\d+)\]$", text, re.M)}
    assert set(ratings) == {"mcts", "lookahead", "cautious", "random"}
    assert ratings["mcts"][1] > ratings["random"][2] and min(ratings, key=lambda s: ratings[s][0]) == "random"


def test_tune_and_balance_write_files_that_play(tour, built):
    from simulate.core.config_files import read_toml

    argv, text, _ = tour["tune"]
    tuned = tomllib.loads((built / option(argv, "--out")).read_text())
    assert set(tuned["weights"]) == {"turn_total", "lead", "reach"}
    assert float(re.search(r"vs random +(\S+)%", text)[1]) > 60
    argv, _, _ = tour["balance"]
    out = built / option(argv, "--out")
    best = json.loads((out / "balance.json").read_text())["best"][0]["values"]["end.target"]
    assert 20 <= best <= 100 and read_toml(out / "balanced.toml")["end"]["target"] == best


def test_the_bench_loads_what_the_tour_compiled(tour):
    _, text, _ = tour["bench"]
    assert "numba cache: hit" in text and "VP" not in text          # the game's score unit, points
    speed = {m[1]: float(m[2].replace(",", "")) for m in re.finditer(r"^  (\w+) +([\d,.]+) games/s", text, re.M)}
    assert set(speed) == {"random", "bold", "cautious", "lookahead", "mcts"}
    assert speed["mcts"] < speed["lookahead"] < speed["cautious"]


def test_the_faces_snippet_plays_a_game_to_its_end(tour):
    _, text, _ = tour["python"]
    first, end, story = text.splitlines()
    assert first == "['roll']"
    terminal, returns = end.split(" ", 1)
    assert terminal == "-4" and sum(json.loads(returns)) == 1.0
    assert story.startswith("Game over after ")
