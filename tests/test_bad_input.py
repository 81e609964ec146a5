"""Every bad input of issue #16 through the real CLI: exit code 2, exactly one line on stderr,
no traceback, and nothing on disk changed (every file's name and sha256 before and after).

Each case: (how to damage a copy of a small run or comparison, the command line as you would
type it in the folder it names, a phrase of the one line). The commands run in the test's
folder, which holds `run/` (a complete run), `cmp/` (a complete comparison) and `x/` (a user's
folder)."""
import contextlib
import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import simulate
from simulate.cli import app
from simulate.running.compare import run_compare
from simulate.core.config_files import CONFIG_ROOT
from simulate.core.run_lock import folder_lock

UNWRITABLE = "/sys/windtunnel-test"          # not even root may write there


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    base = tmp_path_factory.mktemp("made")
    simulate.run("aeolos", players=2, games=200, seed=3, batch_size=100, out=base / "run", jobs=1, progress=False)
    run_compare("aeolos", "base", "2,3", 60, out=base / "cmp", jobs=1, progress=False)
    return base


AEOLOS_BASE = (CONFIG_ROOT / "aeolos" / "base.toml").read_text()


def eos_folder(old, new):
    """A copy of the EOS config folder in ./eos with one edit in base.toml."""
    shutil.copytree(CONFIG_ROOT / "eos", "eos")
    text = Path("eos/base.toml").read_text()
    assert text.count(old) == 1, old
    Path("eos/base.toml").write_text(text.replace(old, new))


def edit_json(path, change):
    data = json.loads(Path(path).read_text())
    change(data)
    Path(path).write_text(json.dumps(data))


def flip_a_bit(path):
    data = bytearray(Path(path).read_bytes())
    data[len(data) // 3] ^= 1
    Path(path).write_bytes(bytes(data))


def swap(a, b):
    a, b = Path(a), Path(b)
    a_bytes = a.read_bytes()
    a.write_bytes(b.read_bytes())
    b.write_bytes(a_bytes)


def user_folder(manifest, name="manifest.json"):
    def make():
        Path("x").mkdir()
        Path("x", name).write_text(manifest)
        Path("x", "bg.js").write_text("js")
    return make


def locked(folder):
    """Hold the folder's lock while the command runs, as another windtunnel process would."""
    return lambda: folder_lock(folder, "simulate")


RUN = "run"
SHARD = "run/seats/part-000000000100.parquet"
CASES = {
    # simulate
    "games beyond 10**12": (None, "simulate aeolos --players 2 --games 100000000000000000000 --out new",
                            "--games must be a whole number from 1 to 1000000000000"),
    "empty --variant": (None, "simulate aeolos --players 2 --games 20 --variant '' --out new", "--variant is empty"),
    "unwritable --out": (None, f"simulate aeolos --players 2 --games 20 --jobs 1 --out {UNWRITABLE}/run",
                         "cannot write to"),
    "force on a manifest that is not a run": (user_folder('{"manifest_version":3}'),
                                              "simulate aeolos --players 2 --games 200 --out x --force",
                                              "not a windtunnel run manifest"),
    "force on a manifest that is not JSON": (user_folder("<html>"),
                                             "simulate aeolos --players 2 --games 200 --out x --force",
                                             "unreadable run manifest"),
    "force on a run of an older windtunnel": (lambda: edit_json("run/manifest.json",
                                                                lambda m: m.update(format="windtunnel-run/1")),
                                              "simulate aeolos --players 2 --games 200 --out run --force",
                                              "older windtunnel"),
    "force from inside the run": (None, "@run simulate aeolos --players 2 --games 200 --out . --force",
                                  "is the working folder"),
    "force through a symbolic link": (lambda: Path("link").symlink_to("run"),
                                      "simulate aeolos --players 2 --games 200 --out link --force", "symbolic link"),
    "force while another process writes": (locked(RUN), "simulate aeolos --players 2 --games 200 --jobs 1 --out run "
                                                        "--force", "in use by another windtunnel process"),
    "resume while another process writes": (locked(RUN), "simulate aeolos --resume --jobs 1 --out run", "in use"),
    "resume, manifest key of a wrong type": (lambda: edit_json("run/manifest.json", lambda m: m.update(players="2")),
                                             "simulate aeolos --resume --out run",
                                             "key 'players' must be a whole number, not \"2\""),
    "resume, manifest key missing": (lambda: edit_json("run/manifest.json", lambda m: m.pop("seed")),
                                     "simulate aeolos --resume --out run", "key 'seed' is missing"),
    "resume, shard key missing": (lambda: edit_json("run/manifest.json", lambda m: m["shards"][1].pop("sha256")),
                                  "simulate aeolos --resume --out run", "shards[1]: key 'sha256' is missing"),
    "resume, shard path outside the run": (lambda: edit_json("run/manifest.json", lambda m: m["shards"][0]["files"]
                                                             .update(games="../../etc/passwd")),
                                           "simulate aeolos --resume --out run", "files.games must be"),
    "resume on a file": (None, "simulate aeolos --resume --out run/manifest.json", "is a file, not a folder"),
    # compare
    "compare: games beyond 10**12": (None, "compare aeolos --variants base --players 2 --games 100000000000000000000 "
                                           "--out new", "--games must be a whole number from 1 to 1000000000000"),
    "compare: unwritable --out": (None, f"compare aeolos --variants base --players 2 --games 10 --jobs 1 "
                                        f"--out {UNWRITABLE}/cmp", "cannot write to"),
    "compare: force on a compare.json that is not ours": (user_folder('{"cells": []}', "compare.json"),
                                                          "compare aeolos --variants base --players 2 --games 10 "
                                                          "--out x --force", "not a windtunnel comparison"),
    "compare: force from inside": (None, "@cmp compare aeolos --variants base --players 2 --games 10 --out . --force",
                                   "is the working folder"),
    "compare: resume after a cell was removed": (lambda: edit_json("cmp/compare.json",
                                                                   lambda s: s["cells"].pop()),
                                                 "compare aeolos --resume --out cmp",
                                                 "key 'cells' has 0 entries for cell base-3p"),
    "compare: resume while another process writes": (locked("cmp"), "compare aeolos --resume --jobs 1 --out cmp",
                                                     "in use"),
    "compare: resume on a file": (None, "compare aeolos --resume --out cmp/compare.json", "is a file, not a folder"),
    # report
    "report: unwritable --out": (None, "report run --out /sys/report.html", "cannot write the report"),
    "report: a flipped bit": (lambda: flip_a_bit(SHARD), "report run",
                              "seats/part-000000000100.parquet is not the file the run wrote"),
    "report: swapped shards": (lambda: swap("run/games/part-000000000000.parquet", "run/games/part-000000000100.parquet"),
                               "report run", "games/part-000000000000.parquet is not the file the run wrote"),
    "report: a truncated shard": (lambda: Path(SHARD).write_bytes(Path(SHARD).read_bytes()[:100]), "report run",
                                  "not the file the run wrote"),
    "report: a missing shard": (lambda: Path(SHARD).unlink(), "report run", f"{SHARD[4:]} is missing"),
    "report: a shard line deleted": (lambda: edit_json("run/manifest.json", lambda m: m["shards"].pop()),
                                     "report run", "the manifest counts 200 games done but its shards hold 100"),
    "report: manifest key of a wrong type": (lambda: edit_json("run/manifest.json", lambda m: m.update(shards={})),
                                             "report run", "key 'shards' must be a list"),
    "report: manifest key missing": (lambda: edit_json("run/manifest.json", lambda m: m.pop("tables")), "report run",
                                     "key 'tables' is missing"),
    "report: run of an older windtunnel": (lambda: edit_json("run/manifest.json",
                                                             lambda m: m.update(format="windtunnel-run/1")),
                                           "report run", "older windtunnel"),
    "report: while another process writes": (locked(RUN), "report run", "in use by another windtunnel process"),
    "report: comparison cell folder missing": (lambda: shutil.rmtree("cmp/base-3p"), "report cmp",
                                               "cell base-3p is missing"),
    "report: comparison cell manifest missing": (lambda: Path("cmp/base-2p/manifest.json").unlink(), "report cmp",
                                                 "cell base-2p is missing"),
    "report: comparison cell entry missing": (lambda: edit_json("cmp/compare.json", lambda s: s["cells"].pop(0)),
                                              "report cmp", "key 'cells' has 0 entries for cell base-2p"),
    # strategies, plugins, overrides, tournament and tune
    "a strategy parameter that is not a number": (None, "simulate aeolos --players 2 --games 20 --strategies "
                                                        "lookahead:rollouts=nan --out new", "expected a finite number"),
    "a strategy weight that is not a number": (None, "simulate aeolos --players 2 --games 20 --strategies "
                                                     "greedy:wind=nan --out new", "expected a finite number"),
    "a parameter the strategy does not have": (None, "simulate aeolos --players 2 --games 20 --strategies "
                                                     "random:wind=1 --out new", "takes no parameters"),
    "empty --strategies": (None, "simulate aeolos --players 2 --games 20 --strategies '' --out new",
                           "--strategies is empty"),
    "an integer too large for the kernel": (None, "simulate aeolos --players 4 --games 20 --set "
                                                  "setup.starting_wind=[2,2,3,99999999999] --out new",
                                            "--set: invalid config (OverflowError"),
    "a plugin that is not a Python file": (lambda: Path("x.toml").write_text(""),
                                           "simulate aeolos --players 2 --games 20 --plugin x.toml --out new",
                                           "is not a Python file"),
    "tournament --jobs 0": (None, "tournament aeolos --players 2 --games 20 --jobs 0", "--jobs must be -1"),
    "tune --jobs 0": (None, "tune aeolos --players 2 --jobs 0 --out new.toml", "--jobs must be -1"),
    "tune --validate-games -1": (None, "tune aeolos --players 2 --validate-games -1 --out new.toml",
                                 "--validate-games must be at least 1"),
    "tune --validate-games 0": (None, "tune aeolos --players 2 --validate-games 0 --out new.toml",
                                "--validate-games must be at least 1"),
    "tune: unwritable --out": (None, "tune aeolos --players 2 --budget 1000 --out /sys/t.toml", "cannot write"),
    "tune: --out in no folder": (None, f"tune aeolos --players 2 --budget 1000 --out {UNWRITABLE}/t.toml",
                                 "does not exist"),
    "report: comparison cell holds another run": (lambda: edit_json("cmp/compare.json", lambda s: s["cells"][0]
                                                                    .update(run_id="aeolos-2p-s1-00000000")),
                                                  "report cmp", "holds run"),
    # issue #34: numbers that are no numbers, paths the file system cannot hold, values --set may not change
    "EOS --set nan": (None, "simulate eos --players 2 --games 2 --set end_bonus.played_journey=nan --out new",
                      "--set: end_bonus.played_journey: expected a finite number, got nan"),
    "EOS replay --set inf": (None, "replay eos --players 2 --set end_bonus.played_journey=inf",
                             "--set: end_bonus.played_journey: expected a finite number, got inf"),
    "EOS end bonus far out": (None, "simulate eos --players 2 --games 2 --set end_bonus.played_journey=-1000000000 "
                                    "--out new", "end_bonus.played_journey: expected a whole number from -50 to 50"),
    "EOS end bonus not whole": (None, "replay eos --players 2 --set end_bonus.upgrade_in_play=2.5",
                                "end_bonus.upgrade_in_play: expected int, got 2.5"),
    "AEOLOS --set nan in a list": (None, "simulate aeolos --players 2 --games 20 --set setup.starting_wind=[2,2,nan,4] "
                                         "--out new", "expected a finite number"),
    "a config file holding nan": (lambda: Path("x.toml").write_text("[setup]\nstart_vp = nan\n"),
                                  "simulate aeolos --players 2 --games 20 --config x.toml --out new",
                                  "x.toml:2: setup.start_vp: expected a finite number, got nan"),
    "--out of 300 characters": (None, f"simulate aeolos --players 2 --games 20 --jobs 1 --out {'o' * 300}",
                                "File name too long"),
    "compare: --out of 300 characters": (None, f"compare aeolos --variants base --players 2 --games 10 "
                                               f"--out {'o' * 300}", "File name too long"),
    "report: --out of 300 characters": (None, f"report run --out {'o' * 300}.html", "File name too long"),
    "report: --out /": (None, "report run --out /", "the report must be an .html file, not /"),
    "empty --out": (None, "simulate aeolos --players 2 --games 20 --jobs 1 --out ''", "--out is empty"),
    "empty --config": (None, "simulate aeolos --players 2 --games 20 --config '' --out new", "--config is empty"),
    "--set the game's name": (None, "simulate aeolos --players 2 --games 20 --set game.name=eos --out new",
                              "--set: game.name: not a value --set can change"),
    "--set the variants": (None, "simulate aeolos --players 2 --games 20 --set variants=['poseidon'] --out new",
                           "--set: variants: not a value --set can change"),
    "report --robustness --jobs 0": (None, "report run --robustness --tiers greedy:10 --jobs 0",
                                     "--jobs must be -1 (every core)"),
    "balance: two ranges invalid together": (None, "balance aeolos --players 2 --param setup.starting_wind[0]=0..15 "
                                                   "--param setup.starting_wind[1]=0..15 --budget 2000 --out new",
                                             "at setup.starting_wind[0] = 15, setup.starting_wind[1] = 15 the config "
                                             "is invalid"),
    "balance --jobs 0": (None, "balance aeolos --players 2 --param setup.start_vp=0..3 --jobs 0 --out new",
                         "--jobs must be -1"),
    # a manifest edited by hand: its run id and config hash no longer name its settings
    "resume, seed edited": (lambda: edit_json("run/manifest.json", lambda m: m.update(seed=4)),
                            "simulate aeolos --resume --jobs 1 --out run", "(the manifest was edited)"),
    "report, seed edited": (lambda: edit_json("run/manifest.json", lambda m: m.update(seed=4)), "report run",
                            "its settings are not the ones run aeolos-2p-s3-"),
    "report, strategy weights edited": (lambda: edit_json("run/manifest.json", lambda m: m["strategy_weights"]
                                                          ["balanced"]["weights"].__setitem__(0, 9.0)),
                                        "report run", "(the manifest was edited)"),
    "resume, config edited": (lambda: edit_json("run/manifest.json", lambda m: m["config"]["setup"]
                                                .update(start_vp=5)),
                              "simulate aeolos --resume --jobs 1 --out run", "its config is not the one"),
    # issue #41: silent acceptance
    "bench --strategies ''": (None, "bench aeolos --players 2 --games 10 --strategies ''", "--strategies is empty"),
    "report --jobs 0": (None, "report run --jobs 0", "--jobs must be -1 (every core)"),
    "balance --objective seat:nan": (None, "balance aeolos --players 2 --param setup.start_vp=0..3 --objective "
                                           "seat:nan --out new", "--objective seat:nan: the weight and target are "
                                                                 "finite numbers"),
    "balance --tolerance nan": (None, "balance aeolos --players 2 --param setup.start_vp=0..3 --tolerance nan "
                                      "--out new", "--tolerance must be a finite number more than 0, not nan"),
    "balance --precision inf": (None, "balance aeolos --players 2 --param setup.start_vp=0..3 --precision inf "
                                      "--out new", "--precision must be a finite number more than 0"),
    "whatif: an intervention at its none value": (None, "whatif aeolos --players 2 --games 10 --intervention "
                                                        "start_vp=0 --out new",
                                                  "start_vp=0 is no intervention (the printed game's own); start_vp "
                                                  "takes 1-100"),
    "whatif: an intervention beyond its range": (None, "whatif aeolos --players 2 --games 10 --intervention "
                                                       "start_vp=101 --out new",
                                                 "intervention.start_vp: expected a whole number from 0 to 100"),
    "whatif EOS: an intervention at none": (None, "whatif eos --players 2 --games 10 --intervention nation=none "
                                                  "--out new", "nation=none is no intervention"),
    "whatif: one intervention twice": (None, "whatif aeolos --players 2 --games 10 --intervention a:favor=hera "
                                             "--intervention favor=hera --out new",
                                       "the same intervention as a"),
    "a config file with a misspelt key": (lambda: Path("x.toml").write_text(
        AEOLOS_BASE.replace("hand_size = 3", "hand_sise = 4\nhand_size = 3")),
        "simulate aeolos --players 2 --games 20 --config x.toml --out new",
        "x.toml:15: setup.hand_sise: unknown key (did you mean 'hand_size'?)"),
    "a config file with an unknown table": (lambda: Path("x.toml").write_text(AEOLOS_BASE + "\n[bogus]\nx = 1\n"),
                                            "simulate aeolos --players 2 --games 20 --config x.toml --out new",
                                            "bogus: unknown key (known here: challenge, favor, game"),
    "EOS: a config folder with a misspelt key": (lambda: eos_folder("hand_limit = ", "hand_limt = "),
                                                 "simulate eos --players 2 --games 2 --config eos --out new",
                                                 "game.hand_limt: unknown key (did you mean 'hand_limit'?)"),
    "a registered game whose package cannot be found": (
        lambda: _environment(WINDTUNNEL_GAMES="ghost=no_such_package.ghost"),
        "simulate ghost --players 2 --games 2 --out new",
        "game 'ghost' is the package 'no_such_package.ghost' (WINDTUNNEL_GAMES), which Python cannot find"),
    # issue #41: tracebacks left
    "report: a path of 300 characters": (None, f"report {'o' * 300}", "File name too long"),
    "report: a name of 300 characters in a folder": (None, f"report run/{'o' * 300}", "File name too long"),
    "replay: a path of 300 characters": (None, f"replay {'o' * 300}", "File name too long"),
    "compare --runs: a path of 300 characters": (None, f"compare aeolos --runs run,{'o' * 300} --out new",
                                                 "File name too long"),
}


@contextlib.contextmanager
def _environment(**values):
    """These environment variables while the command runs."""
    kept = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in kept.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def snapshot(root):
    """Every file's sha256 and every folder (an empty one made is a change too)."""
    return {str(f.relative_to(root)): hashlib.sha256(f.read_bytes()).hexdigest() if f.is_file() else "folder"
            for f in sorted(Path(root).rglob("*")) if not f.is_symlink()}


@pytest.mark.parametrize("case", list(CASES))
def test_bad_input_is_one_line_exit_2_and_changes_nothing(case, made, tmp_path, monkeypatch):
    damage, command, needle = CASES[case]
    for name in ("run", "cmp"):
        shutil.copytree(made / name, tmp_path / name, symlinks=True)
    monkeypatch.chdir(tmp_path)
    held = damage() if damage is not None else None
    where, _, command = command.partition(" ") if command.startswith("@") else ("", "", command)
    args = [a.strip("'") for a in command.split(" ")]
    with held if hasattr(held, "__enter__") else contextlib.nullcontext():
        before = snapshot(tmp_path)
        os.chdir(tmp_path / where[1:])
        r = CliRunner().invoke(app, args)
        os.chdir(tmp_path)
        after = snapshot(tmp_path)
    assert r.exit_code == 2, (case, r.stdout, r.stderr, r.exception)
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("windtunnel: error: "), r.stderr
    assert "Traceback" not in r.output and needle in lines[0], lines[0]
    assert after == before
    assert not Path(UNWRITABLE).exists()


def test_edited_counters_do_not_reach_the_resume_summary(made, tmp_path, monkeypatch):
    # the counters are not settings (the run id does not hash them): a resume counts them again from
    # the verified files, so seat 0 does not win every game because the manifest says so
    shutil.copytree(made / "run", tmp_path / "run")
    monkeypatch.chdir(tmp_path)
    resume = ["simulate", "aeolos", "--resume", "--jobs", "1", "--out", "run"]
    honest = CliRunner().invoke(app, resume)
    assert honest.exit_code == 0, honest.stderr
    counted = [s["counters"] for s in json.loads(Path("run/manifest.json").read_text())["shards"]]

    def seat_0_wins_all(m):
        for s in m["shards"]:
            c = s["counters"]
            c["wins"] = [[n[0]] + [0] * (len(n) - 1) for n in c["seat_games"]]
            c["score_sum"] = [10 ** 6] + c["score_sum"][1:]

    edit_json("run/manifest.json", seat_0_wins_all)
    r = CliRunner().invoke(app, resume)
    assert r.exit_code == 0, r.stderr
    seat_lines = [line for line in r.stdout.splitlines() if line.lstrip().startswith(("seat ", "balanced"))]
    assert len(seat_lines) == 3 and "100.0%" not in r.stdout
    assert seat_lines == [line for line in honest.stdout.splitlines() if line.lstrip().startswith(("seat ", "balanced"))]
    assert [s["counters"] for s in json.loads(Path("run/manifest.json").read_text())["shards"]] == counted


def test_a_config_error_raised_in_a_worker_comes_back_whole():
    # joblib pickles a worker's exception: unpickled, a ConfigError must be itself (else "BrokenProcessPool")
    import pickle

    from simulate.core.errors import ConfigError

    e = pickle.loads(pickle.dumps(ConfigError("--set", "setup.starting_wind", "more starting wind than wind tokens")))
    assert isinstance(e, ConfigError) and str(e) == "--set: setup.starting_wind: more starting wind than wind tokens"


def test_a_folder_the_report_may_not_read_is_one_line(made, tmp_path, monkeypatch):
    # the tests run as root, whom chmod 000 does not stop: the file system's refusal is made here
    import errno

    shutil.copytree(made / "run", tmp_path / "run")
    real_stat = os.stat

    def refused(path, *args, **kwargs):
        if str(path).startswith(str(tmp_path / "run")):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", refused)
    r = CliRunner().invoke(app, ["report", str(tmp_path / "run")])
    monkeypatch.undo()
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, (r.stderr, r.exception)
    assert f"{tmp_path / 'run'}"[:40] in r.stderr and "cannot be read (Permission denied)" in r.stderr, r.stderr
    assert not (tmp_path / "run" / "report.html").exists()


def test_local_workers_are_capped_at_the_usable_cores_and_say_so(tmp_path, monkeypatch, capsys):
    # issue #41: --jobs 100000 forked without limit
    from simulate.core import workers

    monkeypatch.setattr(workers.os, "sched_getaffinity", lambda pid: {0, 1})
    monkeypatch.setattr(workers, "_SAID", set())
    assert workers.local_jobs(-1) == 2 and workers.local_jobs(1) == 1 and workers.local_jobs(2) == 2
    assert capsys.readouterr().err == ""
    assert workers.local_jobs(100000) == 2 and workers.local_jobs(100000) == 2
    assert capsys.readouterr().err == ("windtunnel: --jobs 100000 is more than the 2 cores this process may use: "
                                       "2 workers\n")              # once
    monkeypatch.setattr(workers, "_SAID", set())
    r = CliRunner().invoke(app, ["simulate", "aeolos", "--players", "2", "--games", "20", "--jobs", "100000",
                                 "--out", str(tmp_path / "run"), "--no-progress"])
    assert r.exit_code == 0 and "--jobs 100000 is more than the 2 cores" in r.stderr, r.stderr
    assert json.loads((tmp_path / "run" / "manifest.json").read_text())["sessions"][0]["workers"] == 2
