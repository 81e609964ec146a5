"""Every `windtunnel` command and the Python snippet of the README work as written, in the
README's order, in one fresh folder (a later command reads what an earlier one wrote: replay
runs/r7, report runs/variants after compare). Only the amounts of play are made small (the
number after --games and --budget, games= in Python): the commands, options and folders are
the README's. The set-up commands (venv, pip) are CI's own."""
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from simulate.cli import app

README = Path(__file__).resolve().parent.parent / "README.md"
SMALL = {"--games": "60", "--budget": "2000"}
# a command whose every game is played by each of its strategies' pairs (a tournament, with the
# search players), or timed several rounds for each strategy (bench, whose --games has a default)
SMALLER = {"tournament": {"--games": "6"}, "bench": {"--games": "5"}}
NOT_RUN = ("--install-completion",)          # changes the user's shell set-up


def readme_commands(text):
    """The windtunnel commands of the README in order: each line of an indented code block (the
    windtunnel parts of a chained set-up line) and each `windtunnel ...` in backticks with
    arguments."""
    found = []
    for m in re.finditer(r"^    (.+)$|`(windtunnel [^`]+)`", text, flags=re.M):
        line = m.group(1) or m.group(2)
        for part in line.split("&&"):
            part = part.strip()
            if part.startswith(".venv/bin/"):
                part = part[len(".venv/bin/"):]
            words = part.split()
            if words[0] != "windtunnel" or any(x in part for x in NOT_RUN):
                continue
            if len(words) == 2 and not words[1].startswith("-"):
                continue                    # a command named in a sentence (`windtunnel report`), not run
            found.append(part)
    return list(dict.fromkeys(found))


TIER_GAMES = "20"                            # each skill tier's games in --tiers NAME:GAMES,...


def small(args):
    """The command with its amounts of play made small (an amount it leaves to its default too)."""
    amounts = {**SMALL, **SMALLER.get(args[0], {})}
    out = list(args)
    for i, a in enumerate(out[:-1]):
        if a in amounts:
            out[i + 1] = amounts[a]
        elif a == "--tiers":
            out[i + 1] = re.sub(r":\d+(?=,|$)", f":{TIER_GAMES}", out[i + 1])
    return out + [x for k, v in SMALLER.get(args[0], {}).items() if k not in out for x in (k, v)]


def test_the_readme_names_its_commands():
    commands = readme_commands(README.read_text())
    names = {c.split()[1] for c in commands}
    assert {"simulate", "replay", "report", "compare", "bench", "tournament", "tune", "strategies"} <= names
    assert "windtunnel report runs/variants" in commands and "windtunnel replay runs/r7 --game 12" in commands


def is_eos(command):
    """An EOS command of the README (its chain reads only EOS's runs): tests/test_readme_eos.py runs
    these, beside this file's, so the suite's two workers share the README."""
    words = shlex.split(command)
    return "eos" in words[1:3] or any(w.startswith(("runs/eos4", "runs/modules", "runs/solo")) for w in words)


def run_as_written(tmp_path, monkeypatch, commands):
    """The commands in order in one fresh folder, amounts made small; each must exit 0."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "configs").symlink_to(README.parent / "configs")     # the README's paths are the clone's
    runner = CliRunner()
    for command in commands:
        args = small(shlex.split(command)[1:])
        if args[0] in ("simulate", "compare", "tournament"):
            args += ["--no-progress"]
        r = runner.invoke(app, args)
        assert r.exit_code == 0, f"{command}\n{r.output}"


def test_every_readme_command_and_snippet_works_as_written(tmp_path, monkeypatch):
    """The AEOLOS commands and the Python snippet (the EOS ones: tests/test_readme_eos.py)."""
    commands = readme_commands(README.read_text())
    run_as_written(tmp_path, monkeypatch, [c for c in commands if not is_eos(c)])
    snippet = re.search(r"```python\n(.*?)```", README.read_text(), flags=re.S).group(1)
    code = re.sub(r"games=[\d_]+", "games=200", snippet)
    exec(compile(code, "README.md", "exec"), {})
    assert (tmp_path / "runs" / "variants" / "report.html").is_file() and (tmp_path / "mine.toml").is_file()


@pytest.mark.parametrize("command", ["windtunnel simulate aeolos --players 3 --games 100000 --out runs/demo --force"])
def test_small_only_changes_amounts(command):
    assert small(shlex.split(command)[1:]) == ["simulate", "aeolos", "--players", "3", "--games", "60", "--out",
                                               "runs/demo", "--force"]
    assert small(["tournament", "aeolos", "--games", "1000"]) == ["tournament", "aeolos", "--games", "6"]
    assert small(["bench", "aeolos", "--players", "2"]) == ["bench", "aeolos", "--players", "2", "--games", "5"]
    assert small(["report", "runs/r7", "--tiers", "tuned:200000,mcts:iterations=50:1000"]) == [
        "report", "runs/r7", "--tiers", "tuned:20,mcts:iterations=50:20"]
