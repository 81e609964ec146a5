"""Faults at random moments: kills (SIGKILL to the whole process tree, then --resume, itself
killed again), corruptions (bit flips, swapped and foreign shards, truncated files, deleted
manifest lines) and races (two writers at once). After each, the run's tables equal an
uninterrupted run's, game for game: nothing lost, duplicated or silently wrong.

The moments and damages come from a seeded generator: WINDTUNNEL_FAULT_SEED=N replays a
failure (the seed is in the assertion message)."""
import contextlib
import json
import os
import random
import shutil
import signal
import time

import pytest
from typer.testing import CliRunner

import simulate
from simulate.cli import app
from simulate.core.errors import UserError
from simulate.core.run_files import STAGING, read_manifest, shard_problems
from simulate.core.run_folder import open_run
from tests.test_runner import assert_same_tables, tables
from tests.test_safety import _popen

SEED = int(os.environ.get("WINDTUNNEL_FAULT_SEED", time.time_ns() % 10_000))
GAMES = 24_000
ARGS = ["simulate", "aeolos", "--players", 2, "--games", GAMES, "--seed", 5, "--strategies", "greedy",
        "--batch-size", 500, "--no-progress"]
cli = CliRunner()


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The uninterrupted run every faulty one must end up equal to."""
    out = tmp_path_factory.mktemp("faults") / "reference"
    simulate.run("aeolos", players=2, games=GAMES, seed=5, strategies="greedy", batch_size=500, out=out, jobs=2,
                 progress=False)
    return tables(out)


def check_recorded(out, why, old=None):
    """Whatever the manifest records now is what was written, each game once; between the
    kills of a --force, the `old` run is untouched until the new one is complete (a stop in
    the swap itself leaves a complete replacement that --resume finishes swapping in)."""
    if not (out / "manifest.json").exists():
        return
    try:
        run = open_run(out)
        run.verify()
    except UserError:
        assert read_manifest(out / STAGING)["status"] == "complete", why
        return
    if old is not None and run.manifest["run_id"] == old[0]:
        assert_same_tables(tables(out), old[1])


def kill_and_resume(out, rounds, rng, first, old=None):
    """`first` (a command line) started, then --resume (or `first` again while nothing is
    recorded), each SIGKILLed at a random moment; the moments cover start-up, the lock, the
    first manifest, playing and the end."""
    def started():          # resumable once the new run has recorded itself (a --force: in its staging folder)
        return (out / STAGING / "manifest.json").exists() or (out / "manifest.json").exists() and (
            old is None or json.loads((out / "manifest.json").read_text())["run_id"] != old[0])

    moments = []
    for i in range(rounds):
        jobs = rng.choice([1, 2])
        args = (["simulate", "aeolos", "--resume", "--out", out] if i and started() else [*first, "--out", out])
        proc = _popen(*args, "--jobs", jobs)
        moments.append(round(rng.uniform(0.2, 5.0), 2))
        time.sleep(moments[-1])
        with contextlib.suppress(ProcessLookupError):       # it may have finished already
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        check_recorded(out, f"kills at {moments} s", old)
    # every kill may have come before the new run recorded itself (a loaded machine starts slowly):
    # then the command is given again, uncut, not --resume (which would find the old run complete)
    again = ["simulate", "aeolos", "--resume", "--out", str(out)] if started() else [*map(str, first), "--out", str(out)]
    r = cli.invoke(app, [*again, "--jobs", "2", "--no-progress"])
    assert r.exit_code == 0, (SEED, moments, r.stderr)
    return moments


def check_complete(out, reference, why):
    m = read_manifest(out)
    assert (m["status"], m["games_done"]) == ("complete", GAMES), why
    open_run(out).verify()
    got = tables(out)
    assert got["games"]["game_id"].to_list() == list(range(GAMES)), why          # none lost, none twice
    assert_same_tables(got, reference)                                           # none silently wrong
    assert not list(out.rglob("*.tmp")) and not (out / STAGING).exists()


def test_killed_at_random_moments_then_resumed(reference, tmp_path):
    rng = random.Random(SEED)
    out = tmp_path / "run"
    moments = kill_and_resume(out, 4, rng, ARGS)
    check_complete(out, reference, f"seed {SEED}, kills at {moments} s")


def test_a_force_replacement_killed_at_random_moments(reference, tmp_path):
    """Until the new run is complete the old one stays whole; then the new one is the run."""
    rng = random.Random(SEED + 1)
    out = tmp_path / "run"
    simulate.run("aeolos", players=3, games=1500, seed=2, batch_size=500, out=out, jobs=1, progress=False)
    (out / "notes.txt").write_text("mine")
    old = (read_manifest(out)["run_id"], tables(out))
    moments = kill_and_resume(out, 3, rng, [*ARGS, "--force"], old)
    why = f"seed {SEED + 1}, kills at {moments} s"
    check_complete(out, reference, why)
    assert (out / "notes.txt").read_text() == "mine", why


def damage(out, rng, other):
    """Corrupt a copy of a complete run in five ways; returns the shard files damaged."""
    m = read_manifest(out)
    names = [s["name"] for s in m["shards"]]
    picked = rng.sample(names, 7)
    flips = [f"{t}/{picked[i]}.parquet" for i, t in enumerate(rng.choices(list(m["tables"]), k=3))]
    for rel in flips:                                            # one to three flipped bits
        data = bytearray((out / rel).read_bytes())
        for _ in range(rng.randint(1, 3)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        (out / rel).write_bytes(bytes(data))
    a, b = (out / "games" / f"{n}.parquet" for n in picked[3:5])  # two shards swapped
    a_bytes = a.read_bytes()
    a.write_bytes(b.read_bytes())
    b.write_bytes(a_bytes)
    shutil.copy(other / "seats" / f"{picked[5]}.parquet", out / "seats")       # another run's valid shard
    cards = out / "cards" / f"{picked[6]}.parquet"
    cards.write_bytes(cards.read_bytes()[: rng.randrange(1, 2000)])          # truncated
    gone = rng.sample([n for n in names if n not in picked], 2)
    raw = json.loads((out / "manifest.json").read_text())
    raw["shards"] = [s for s in raw["shards"] if s["name"] not in gone]    # two shard lines deleted
    (out / "manifest.json").write_text(json.dumps(raw))
    return set(picked), set(gone)


def test_corruptions_are_named_then_repaired(reference, tmp_path):
    rng = random.Random(SEED + 2)
    src = tmp_path / "src"
    simulate.run("aeolos", players=2, games=GAMES, seed=5, strategies="greedy", batch_size=500, out=src, jobs=2,
                 progress=False)
    other = tmp_path / "other"
    simulate.run("aeolos", players=2, games=GAMES, seed=6, strategies="greedy", batch_size=500, out=other, jobs=2,
                 progress=False)
    out = tmp_path / "run"
    shutil.copytree(src, out)
    damaged, gone = damage(out, rng, other)
    why = f"seed {SEED + 2}: damaged {sorted(damaged)}, lines deleted {sorted(gone)}"
    assert set(shard_problems(out, json.loads((out / "manifest.json").read_text()))) == damaged, why
    r = cli.invoke(app, ["report", str(out)])
    assert r.exit_code == 2 and "nothing was computed" in r.stderr and "more" in r.stderr, (why, r.stderr)
    assert not (out / "report.html").exists()
    r = cli.invoke(app, ["simulate", "aeolos", "--resume", "--out", str(out), "--jobs", "2", "--no-progress"])
    assert r.exit_code == 0, (why, r.stderr)
    for name in damaged:
        assert f"{name}.parquet is " in r.stderr, (why, name, r.stderr)
    assert "deleted 6 shard file(s) the manifest does not record" in r.stderr, (why, r.stderr)
    assert read_manifest(out)["sessions"][-1]["games_played"] == 500 * (len(damaged) + len(gone)), why
    check_complete(out, reference, why)


def test_two_writers_race(reference, tmp_path):
    """Two new runs at once (a random head start), killed part-way, then two resumes at once: one
    writes, the other gets one line and exit 2; the folder holds one run, each game once."""
    rng = random.Random(SEED + 3)
    out = tmp_path / "run"
    first = _popen(*ARGS, "--out", out, "--jobs", 1)
    time.sleep(rng.uniform(0, 0.5))
    second = _popen(*ARGS, "--out", out, "--jobs", 1)
    time.sleep(rng.uniform(1.5, 3.5))
    deadline = time.monotonic() + 60                        # the loser's refusal, on a slow machine too:
    while first.poll() is None and second.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)                                    # kill only once one of them has exited
    for p in (first, second):
        with contextlib.suppress(ProcessLookupError):       # the loser has exited already
            os.killpg(p.pid, signal.SIGKILL)
    results = sorted((p.wait(timeout=60), p.communicate()[1]) for p in (first, second))
    why = f"seed {SEED + 3}: {results}"
    assert results[0][0] in (-9, 0) and results[1][0] == 2, why          # one wrote, one was refused
    assert len(results[1][1].strip().splitlines()) == 1, why
    assert "in use" in results[1][1] or "already exists" in results[1][1], why
    check_recorded(out, why)
    resumes = [_popen("simulate", "aeolos", "--resume", "--out", out, "--jobs", 1) for _ in range(2)]
    results = sorted((p.wait(timeout=120), p.communicate()[1]) for p in resumes)
    why = f"seed {SEED + 3}: {results}"
    assert results[0][0] == 0 and results[1][0] in (0, 2), why           # both only if one came after the other
    assert results[1][0] == 0 or "in use" in results[1][1], why
    check_complete(out, reference, why)


LOOPER = ("seen = []\n"
          "def choose(state, legal_actions):\n"
          "    if not seen or seen[-1] is not state:\n"
          "        seen.append(state)\n"
          "    while len(seen) > {after}:       # game {after} - 1 on: the parent plays game 0 first\n"
          "        pass\n"
          "    return 0\n")


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_strategy_that_never_returns_stalls_the_run_which_ends_keeping_its_shards(tmp_path, jobs):
    """issue #41: an endless loop in a strategy hung the run for ever. No batch finished for
    --stall-timeout: the run ends (its workers too), names the run's own strategies, exit 1,
    and the finished shards stay for --resume."""
    import subprocess

    from tests.test_runner import _cmd

    (tmp_path / "looper.py").write_text(LOOPER.format(after=45))
    out = tmp_path / "run"
    wait = 2 if jobs == 1 else 10              # (worker processes start and load the kernel in the first batch)
    t0 = time.monotonic()
    proc = subprocess.Popen(_cmd() + ["simulate", "aeolos", "--players", "2", "--games", "100", "--strategies",
                                      f"{tmp_path / 'looper.py'},greedy", "--jobs", str(jobs), "--batch-size", "20",
                                      "--out", str(out), "--no-progress", "--stall-timeout", str(wait)],
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        _, stderr = proc.communicate(timeout=300)
        deadline = time.monotonic() + 20          # its workers end with it (a stuck one is killed)
        while time.monotonic() < deadline and _group_alive(proc.pid):
            time.sleep(0.2)
        assert not _group_alive(proc.pid), "a process of the stalled run is still running"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 1 and stderr.count("\n") == 1, (proc.returncode, stderr)
    assert f"the run stalled: no batch finished in {wait} s (--stall-timeout); a strategy that never returns? the " \
           "run's own: 'looper' (looper.py)" in stderr, stderr
    m = read_manifest(out)
    assert m["status"] == "failed" and "stalled" in m["sessions"][-1]["message"]
    assert m["games_done"] >= 40 and f"{m['games_done']} of 100 games kept" in stderr, stderr
    open_run(out).verify()
    assert time.monotonic() - t0 < 120


def _group_alive(pgid):
    try:
        os.killpg(pgid, 0)
        return True
    except ProcessLookupError:
        return False


def test_a_strategy_that_never_returns_in_the_first_game_stalls_before_anything_is_written(tmp_path):
    import subprocess

    from tests.test_runner import _cmd

    (tmp_path / "looper.py").write_text(LOOPER.format(after=0))
    r = subprocess.run(_cmd() + ["simulate", "aeolos", "--players", "2", "--games", "100", "--strategies",
                                 f"{tmp_path / 'looper.py'},greedy", "--jobs", "1", "--out", str(tmp_path / "run"),
                                 "--no-progress", "--stall-timeout", "2"], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 1 and r.stderr.count("\n") == 1, (r.returncode, r.stderr)
    assert "its first game (and the kernel's loading) did not finish in 2 s" in r.stderr and "'looper'" in r.stderr \
        and "nothing was written" in r.stderr, r.stderr
    assert not (tmp_path / "run").exists()
