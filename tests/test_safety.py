"""Data safety of runs (issue #16): never delete what is not ours, one writer per folder,
verified shards and checked reports, one line where a traceback was. Each test quotes the
probe that found the problem, so it can be replayed by hand. The whole bad-input list is
in test_bad_input.py, kills, corruptions and races at random in test_faults.py."""
import errno
import hashlib
import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

import simulate
from simulate.core import run_files
from simulate.cli import app
from simulate.core.compare_folder import COMPARE, open_compare
from simulate.core.errors import UserError
from simulate.core.run_files import STAGING, read_manifest, shard_problems
from simulate.core.run_lock import LOCK, folder_lock
from simulate.core.run_folder import open_run
from tests.test_runner import _cmd, assert_same_tables, tables

cli = CliRunner()
SETTINGS = dict(players=2, games=2000, seed=5, strategies="greedy", batch_size=500, jobs=1, progress=False)


def wt(*args, cwd=None):
    """The CLI in this process (CliRunner); `cwd`: the folder it runs in."""
    here = os.getcwd()
    if cwd:
        os.chdir(cwd)
    try:
        return cli.invoke(app, [str(a) for a in args])
    finally:
        os.chdir(here)


def one_line(r, needle, code=2):
    assert r.exit_code == code, (r.stdout, r.stderr, r.exception)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.output, r.stderr
    assert needle in lines[0], lines[0]
    return lines[0]


def files(path):
    """Every file under a folder: relative name -> sha256 (what 'nothing changed' compares)."""
    path = Path(path)
    return {str(f.relative_to(path)): hashlib.sha256(f.read_bytes()).hexdigest()
            for f in sorted(path.rglob("*")) if f.is_file()}


@pytest.fixture(scope="module")
def ref(tmp_path_factory):
    """2,000 greedy two-player games, seed 5, in shards of 500."""
    out = tmp_path_factory.mktemp("ref") / "run"
    simulate.run("aeolos", out=out, **SETTINGS)
    return out


def copy_run(ref, to):
    shutil.copytree(ref, to)
    return to


# ---------------------------------------------------------------- never delete what is not ours
@pytest.mark.parametrize("manifest", ['{"manifest_version":3}', "not json at all"])
def test_force_refuses_a_folder_whose_manifest_is_not_a_run(tmp_path, manifest):
    """mkdir x; echo '{"manifest_version":3}' > x/manifest.json; echo js > x/bg.js;
    windtunnel simulate aeolos --players 2 --games 200 --out x --force    (deleted bg.js)"""
    x = tmp_path / "x"
    x.mkdir()
    (x / "manifest.json").write_text(manifest)
    (x / "bg.js").write_text("js")
    before = files(x)
    one_line(wt("simulate", "aeolos", "--players", 2, "--games", 200, "--out", x, "--force"),
             "nothing was deleted")
    assert files(x) == before


def test_force_deletes_only_the_runs_own_files(ref, tmp_path):
    """A user's files in the run folder and in its table folders stay; the old run's shards,
    manifest and report go."""
    out = copy_run(ref, tmp_path / "run")
    assert wt("report", out).exit_code == 0
    (out / "notes.txt").write_text("mine")
    (out / "games" / "query.sql").write_text("select 1")
    (out / "report_files" / "mine.txt").write_text("mine")
    r = wt("simulate", "aeolos", "--players", 2, "--games", 300, "--seed", 9, "--out", out, "--force", "--jobs", 1,
           "--no-progress")
    assert r.exit_code == 0, r.stderr
    assert (out / "notes.txt").read_text() == "mine" and (out / "games" / "query.sql").read_text() == "select 1"
    assert sorted(p.name for p in (out / "games").iterdir()) == ["part-000000000000.parquet", "query.sql"]
    assert not (out / "report.html").exists() and [p.name for p in (out / "report_files").iterdir()] == ["mine.txt"]
    assert not (out / STAGING).exists()
    m = read_manifest(out)
    assert (m["games"], m["seed"], m["status"]) == (300, 9, "complete")
    open_run(out).verify()


def test_force_from_inside_the_run_or_through_a_symlink_is_one_line(ref, tmp_path):
    """cd RUN && windtunnel simulate aeolos --players 2 --games 200 --out . --force   (OSError, the run emptied)"""
    out = copy_run(ref, tmp_path / "run")
    before = files(out)
    one_line(wt("simulate", "aeolos", "--players", 2, "--games", 200, "--out", ".", "--force", cwd=out),
             "working folder")
    (out / "sub").mkdir()
    one_line(wt("simulate", "aeolos", "--players", 2, "--games", 200, "--out", "..", "--force", cwd=out / "sub"),
             "holds it")
    (out / "sub").rmdir()
    (tmp_path / "link").symlink_to(out)
    one_line(wt("simulate", "aeolos", "--players", 2, "--games", 200, "--out", tmp_path / "link", "--force"),
             "symbolic link")
    assert files(out) == before


def _popen(*args):
    return subprocess.Popen(_cmd() + [str(a) for a in args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True, env=dict(os.environ, PYTHONWARNINGS="ignore"))


def _wait_for(path, proc, shards=1, timeout=120):
    """Until the manifest at `path` lists `shards` shards (the process must still run)."""
    t0 = time.time()
    while time.time() - t0 < timeout:
        try:
            if len(json.loads(Path(path).read_text())["shards"]) >= shards:
                return
        except (OSError, ValueError, KeyError):
            pass
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.01)
    raise AssertionError("the run did not get going")


def test_force_keeps_the_old_run_until_the_new_one_is_complete(ref, tmp_path):
    """`--force` deleted the old run before the new one wrote its first shard: killing the new
    run lost both. Now the new run is played in OUT/.windtunnel-new and swapped in when complete."""
    out = copy_run(ref, tmp_path / "run")
    old = files(out)
    proc = _popen("simulate", "aeolos", "--players", 2, "--games", 60_000, "--seed", 5, "--strategies", "greedy",
                  "--batch-size", 1000, "--out", out, "--force", "--jobs", 2, "--no-progress")
    _wait_for(out / STAGING / "manifest.json", proc, 2)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    now = files(out)
    assert {k: v for k, v in now.items() if not k.startswith((STAGING, LOCK))} == \
        {k: v for k, v in old.items() if k != LOCK}                          # the old run, byte for byte
    assert "verified" in wt("report", out).stdout + (out / "report.md").read_text()
    r = wt("simulate", "aeolos", "--resume", "--out", out, "--jobs", 1, "--no-progress")
    assert r.exit_code == 0, r.stderr
    m = read_manifest(out)
    assert (m["games"], m["games_done"], m["status"]) == (60_000, 60_000, "complete")
    assert not (out / STAGING).exists() and not (out / "report.html").exists()
    open_run(out).verify()
    first = tables(out)
    assert first["games"]["game_id"].to_list() == list(range(60_000))
    assert_same_tables({t: v.filter(pl.col("game_id") < 2000) for t, v in first.items()}, tables(ref))


def test_compare_force_keeps_the_old_comparison_until_the_new_one_is_complete(tmp_path, monkeypatch):
    """The same for `compare --force` (cells and compare.json): stopped in its second cell, the
    old comparison is untouched; --resume finishes the new one and swaps it in."""
    from simulate.running import compare            # (it plays each cell with the runner's run)

    out = tmp_path / "cmp"
    assert wt("compare", "aeolos", "--variants", "base", "--players", "2,3", "--games", 60, "--out", out, "--jobs", 1,
              "--no-progress").exit_code == 0
    (out / "base-3p" / "mine.txt").write_text("mine")
    old = files(out)
    real, calls = compare.run, []

    def stop_in_second_cell(*a, **kw):
        calls.append(kw["out"])
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*a, **kw)

    monkeypatch.setattr(compare, "run", stop_in_second_cell)
    r = wt("compare", "aeolos", "--variants", "base,tableaus", "--players", "2", "--games", 80, "--out", out, "--jobs",
           1, "--force", "--no-progress")
    assert r.exit_code == 130, r.stderr
    assert calls[0] == out / STAGING / "base-2p"
    assert {k: v for k, v in files(out).items() if not k.startswith(STAGING)} == old
    monkeypatch.setattr(compare, "run", real)
    r = wt("compare", "aeolos", "--resume", "--out", out, "--jobs", 1, "--no-progress")
    assert r.exit_code == 0, r.stderr
    c = open_compare(out)
    assert [x["name"] for x in c.cells] == ["base-2p", "tableaus-2p"] and c.spec["games"] == 80
    assert "base-2p" in c.verify() and not (out / STAGING).exists()
    assert sorted(p.name for p in (out / "base-3p").iterdir()) == ["mine.txt"]     # not ours: kept


# ---------------------------------------------------------------- one writer per run
def test_two_writers_started_together(tmp_path, ref):
    """Two `simulate` processes on the same --out both exited 0, their shards mixed in one folder
    (report read 90,000 rows for a "60,000 of 60,000" run). Now the second gets one line, exit 2."""
    out = tmp_path / "run"
    args = ["simulate", "aeolos", "--players", 2, "--games", 10_000, "--strategies", "greedy", "--batch-size", 500,
            "--out", out, "--jobs", 1, "--no-progress", "--seed"]
    procs = [_popen(*args, 5), _popen(*args, 3)]
    results = [(p.wait(timeout=120), *p.communicate()) for p in procs]
    assert sorted(code for code, _, _ in results) == [0, 2], results
    loser = next(err for code, _, err in results if code == 2)
    assert len(loser.strip().splitlines()) == 1 and ("in use" in loser or "already exists" in loser), loser
    open_run(out).verify()
    got = tables(out)
    assert got["games"]["game_id"].to_list() == list(range(10_000))          # one run's games, each once
    if read_manifest(out)["seed"] == 5:
        assert_same_tables({t: v.filter(pl.col("game_id") < 2000) for t, v in got.items()}, tables(ref))


def test_lock_names_its_holder_and_is_never_stale(tmp_path, ref):
    """flock: a holder killed with SIGKILL leaves its name in the lock file but not the lock."""
    out = copy_run(ref, tmp_path / "run")
    holder = subprocess.Popen(["python3", "-c", f"""
import sys; sys.path.insert(0, {str(Path(simulate.__file__).parent.parent)!r})
from simulate.core.run_lock import folder_lock
with folder_lock({str(out)!r}, "simulate"):
    print("locked", flush=True); import time; time.sleep(60)
"""], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "locked"
    line = one_line(wt("report", out), "in use")
    assert f"simulate by process {holder.pid}" in line
    one_line(wt("simulate", "aeolos", "--resume", "--out", out), "in use")
    holder.kill()
    holder.wait()
    assert str(holder.pid) in (out / LOCK).read_text()                      # its name is still there ...
    assert wt("report", out).exit_code == 0                                  # ... but not its lock


def test_the_lock_is_held_while_playing(tmp_path):
    with folder_lock(tmp_path / "run", "test"):
        with pytest.raises(UserError, match="in use by another windtunnel process"):
            simulate.run("aeolos", players=2, games=10, out=tmp_path / "run", jobs=1, progress=False)
        # the writer's first moment: its manifest half-written (a race in CI read this as "not a windtunnel run")
        (tmp_path / "run" / ".manifest.json.host-1.tmp").write_text("{")
        with pytest.raises(UserError, match="in use by another windtunnel process"):
            simulate.run("aeolos", players=2, games=10, out=tmp_path / "run", jobs=1, progress=False)
    simulate.run("aeolos", players=2, games=10, out=tmp_path / "run", jobs=1, progress=False)


# ---------------------------------------------------------------- verified shards
def test_manifest_records_hashes_and_game_ids(ref):
    m = read_manifest(ref)
    for s in m["shards"]:
        assert s["game_ids"] == [s["first"], s["first"] + s["games"] - 1]
        for t, rel in s["files"].items():
            assert s["sha256"][t] == hashlib.sha256((ref / rel).read_bytes()).hexdigest()
    assert shard_problems(ref, m) == {}
    assert "sha256 of its 12 files as recorded; games 0-1,999, each once, with this run's id, seeds and seating" \
        == open_run(ref).verify()


def test_every_single_bit_flip_is_detected(ref, tmp_path):
    """Today 141 of 200 single-bit flips in a seats shard read back with changed values and no
    error: now each of 200 is named by verification (report and --resume)."""
    import random

    out = copy_run(ref, tmp_path / "run")
    shard = out / "seats" / "part-000000000500.parquet"
    data = shard.read_bytes()
    rng = random.Random(16)
    for _ in range(200):
        at, bit = rng.randrange(len(data)), rng.randrange(8)
        flipped = bytearray(data)
        flipped[at] ^= 1 << bit
        shard.write_bytes(bytes(flipped))
        with pytest.raises(UserError, match="seats/part-000000000500.parquet is not the file the run wrote"):
            open_run(out).verify()
    shard.write_bytes(data)
    open_run(out).verify()


def test_resume_names_and_repairs_a_swapped_shard_a_deleted_line_and_a_flipped_bit(ref, tmp_path):
    out = copy_run(ref, tmp_path / "run")
    other = tmp_path / "other"
    simulate.run("aeolos", out=other, **{**SETTINGS, "seed": 6})
    shutil.copy(other / "games" / "part-000000000000.parquet", out / "games")          # another valid shard
    flip = bytearray((out / "cards" / "part-000000001500.parquet").read_bytes())
    flip[len(flip) // 2] ^= 4
    (out / "cards" / "part-000000001500.parquet").write_bytes(bytes(flip))
    m = json.loads((out / "manifest.json").read_text())
    m["shards"] = [s for s in m["shards"] if s["first"] != 1000]                         # a deleted line
    (out / "manifest.json").write_text(json.dumps(m))
    for needle in ("games/part-000000000000.parquet is not the file the run wrote", "and 2 more", "--resume"):
        assert needle in one_line(wt("report", out), "nothing was computed")
    r = wt("simulate", "aeolos", "--resume", "--out", out, "--jobs", 1, "--no-progress")
    assert r.exit_code == 0, r.stderr
    assert "games/part-000000000000.parquet is not the file the run wrote (its sha256 differs): playing games " \
           "0-499 again" in r.stderr
    assert "cards/part-000000001500.parquet" in r.stderr and "deleted 3 shard file(s)" in r.stderr
    # the other run's shard is moved aside; the flipped one's rows are still this run's own (played again: deleted)
    assert "moved 1 file(s) named like shards" in r.stderr and "(games/part-000000000000.parquet)" in r.stderr
    assert read_manifest(out)["sessions"][-1]["games_played"] == 1500
    assert_same_tables(tables(out), tables(ref))
    open_run(out).verify()


def test_resume_deletes_no_file_it_did_not_write_and_moves_those_named_like_shards_aside(ref, tmp_path):
    """issue #41: a user's own file named like a shard (games/part-000000009999.parquet) was
    deleted by --resume: now moved to RUN/unknown-<time>/, and said where."""
    out = copy_run(ref, tmp_path / "run")
    (out / "games" / "notes.txt").write_text("mine")
    (out / "games" / "part-1.parquet").write_text("mine too")
    (out / "seats" / "part-000000009999.parquet").write_text("a stray shard")
    shutil.copy(out / "games" / "part-000000000500.parquet", out / "games" / "part-000000009998.parquet")
    r = wt("simulate", "aeolos", "--resume", "--out", out, "--jobs", 1, "--no-progress")
    assert r.exit_code == 0, r.stderr
    assert (out / "games" / "notes.txt").exists() and (out / "games" / "part-1.parquet").exists()
    assert not (out / "seats" / "part-000000009999.parquet").exists()
    aside = [d for d in out.iterdir() if d.name.startswith("unknown-")]
    assert len(aside) == 1 and (aside[0] / "seats" / "part-000000009999.parquet").read_text() == "a stray shard"
    assert (aside[0] / "games" / "part-000000009998.parquet").is_file()     # this run's rows, not its games 9998-
    assert f"moved 2 file(s) named like shards that are not the run's own or not as it wrote them " \
           f"(games/part-000000009998.parquet, seats/part-000000009999.parquet) to {aside[0]}/" in r.stderr, r.stderr
    assert open_run(out).verify()


def test_report_checks_the_game_ids_it_reads(ref, tmp_path):
    """A games shard swapped with its hash updated (the hashes agree): the game ids do not."""
    out = copy_run(ref, tmp_path / "run")
    a, b = (out / "games" / f"part-{i:012d}.parquet" for i in (0, 500))
    a_bytes, b_bytes = a.read_bytes(), b.read_bytes()
    a.write_bytes(b_bytes)
    b.write_bytes(a_bytes)
    m = json.loads((out / "manifest.json").read_text())
    m["shards"][0]["sha256"]["games"], m["shards"][1]["sha256"]["games"] = \
        m["shards"][1]["sha256"]["games"], m["shards"][0]["sha256"]["games"]
    (out / "manifest.json").write_text(json.dumps(m))
    one_line(wt("report", out), "games/part-000000000000.parquet holds other games than 0-499")


def test_report_of_an_interrupted_run_names_the_games_it_covers(ref, tmp_path):
    out = copy_run(ref, tmp_path / "run")
    m = json.loads((out / "manifest.json").read_text())
    m["shards"] = [s for s in m["shards"] if s["first"] != 500]
    m.update(games_done=1500, status="interrupted")
    (out / "manifest.json").write_text(json.dumps(m))
    assert open_run(out).verify().endswith("games 0-499, 1,000-1,999, each once, with this run's id, seeds and "
                                           "seating")
    r = wt("report", out)
    assert r.exit_code == 0, r.stderr
    assert "games 0-499, 1,000-1,999, each once" in (out / "report.md").read_text()


# ---------------------------------------------------------------- comparison reports
@pytest.fixture(scope="module")
def grid(tmp_path_factory):
    out = tmp_path_factory.mktemp("cmp") / "cmp"
    assert wt("compare", "aeolos", "--variants", "base", "--players", "2,3", "--games", 60, "--out", out, "--jobs", 1,
              "--no-progress", "--no-report").exit_code == 0
    return out


@pytest.mark.parametrize("damage, needle", [
    ("folder", "cell base-3p is missing"), ("manifest", "cell base-3p is missing"),
    ("entry", "key 'cells' has 0 entries for cell base-3p")])
def test_a_comparison_report_with_a_missing_cell_refuses(grid, tmp_path, damage, needle):
    """A comparison with a missing cell folder, cell manifest or cell entry reported "complete,
    8,000 games" and exited 0."""
    out = tmp_path / "cmp"
    shutil.copytree(grid, out)
    if damage == "folder":
        shutil.rmtree(out / "base-3p")
    elif damage == "manifest":
        (out / "base-3p" / "manifest.json").unlink()
    else:
        spec = json.loads((out / COMPARE).read_text())
        spec["cells"] = spec["cells"][:1]
        (out / COMPARE).write_text(json.dumps(spec))
    one_line(wt("report", out), needle)
    assert not (out / "report.html").exists()


def test_a_cell_not_started_is_named_in_the_header(grid, tmp_path):
    out = tmp_path / "cmp"
    shutil.copytree(grid, out)
    shutil.rmtree(out / "base-3p")
    spec = json.loads((out / COMPARE).read_text())
    spec["status"] = "interrupted"
    spec["cells"][1].update(status="new", games_done=0)
    (out / COMPARE).write_text(json.dumps(spec))
    assert wt("report", out).exit_code == 0
    assert "not started yet: base-3p" in (out / "report.md").read_text()


# ---------------------------------------------------------------- one line, not a traceback
def test_disk_full_while_writing_a_shard(ref, tmp_path, monkeypatch):
    """A full disk part-way (simulated: every write after the 4th fails with ENOSPC, half
    written, manifests included): one line saying so and that --resume continues; no half
    file left; the manifest on disk is the last one written and names only good shards."""
    out = tmp_path / "run"
    writes = []

    class Full:
        def __init__(self, f):
            self.f = f

        def write(self, data):
            writes.append(1)
            if len(writes) > 4:
                self.f.write(bytes(memoryview(data)[: len(data) // 2]))
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return self.f.write(data)

        def __getattr__(self, name):
            return getattr(self.f, name)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

    real_open = open
    monkeypatch.setattr(run_files, "open", lambda p, mode="r", *a, **k: (Full if "w" in mode else lambda f: f)(
        real_open(p, mode, *a, **k)), raising=False)
    r = wt("simulate", "aeolos", "--players", 2, "--games", 2000, "--seed", 5, "--strategies", "greedy",
           "--batch-size", 500, "--out", out, "--jobs", 1, "--no-progress")
    line = one_line(r, "the disk is full (No space left on device); free some space", code=1)
    assert "continue with --resume" in line
    monkeypatch.undo()
    assert not [f for f in out.rglob("*") if f.name.endswith(".tmp")]
    m = read_manifest(out)
    assert shard_problems(out, m) == {} and m["games_done"] == 500 * len(m["shards"])
    r = wt("simulate", "aeolos", "--resume", "--out", out, "--jobs", 1, "--no-progress")
    assert r.exit_code == 0, r.stderr
    assert_same_tables(tables(out), tables(ref))


def test_report_where_one_seat_wins_every_game(tmp_path):
    """'yerr' must not contain negative values (reports/figures.py): balanced beats random 300 times."""
    out = tmp_path / "run"
    simulate.run("aeolos", players=2, games=300, strategies="balanced,random", out=out, jobs=1, progress=False)
    assert out.joinpath("manifest.json").exists()
    seats = open_run(out).seats.collect()
    assert seats.filter(pl.col("seat") == 0)["won"].all()
    r = wt("report", out)
    assert r.exit_code == 0, r.stderr
    assert (out / "report_files" / "win_rates.png").stat().st_size > 1000


def test_a_report_of_a_run_whose_manifest_was_deleted_says_it_is_unverified(ref, tmp_path):
    """issue #41: `rm runs/x/manifest.json; windtunnel report runs/x` exited 0 with "verified: no" in
    the header only: now on stderr and first in the report."""
    out = copy_run(ref, tmp_path / "run")
    (out / "manifest.json").unlink()
    r = wt("report", out)
    assert r.exit_code == 0, (r.stderr, r.exception)
    warning = [line for line in r.stderr.splitlines() if "Unverified" in line]
    assert warning == ["windtunnel: warning: Unverified: run has no manifest.json, so its tables are reported as "
                       "they are: no hash, game count or run id checked them (a run folder whose manifest.json was "
                       "deleted cannot be verified again: play the run again for a verified report)."], r.stderr
    html, md = (out / "report.html").read_text(), (out / "report.md").read_text()
    assert html.index("Unverified: run has no manifest.json") < html.index('id="summary"')
    assert md.index("> Unverified: run has no manifest.json") < md.index("## Summary")
    assert "Unverified" not in wt("report", ref, "--out", tmp_path / "verified.html").stderr


def copy_shard_from(other, out, name, tables=("seats",)):
    """Another run's shard files copied over this run's, their hashes updated in the manifest:
    verification by sha256 alone takes them for the run's own."""
    m = json.loads((out / "manifest.json").read_text())
    line = next(s for s in m["shards"] if s["name"] == name)
    for t in tables:
        shutil.copy(other / line["files"][t], out / line["files"][t])
        line["sha256"][t] = hashlib.sha256((out / line["files"][t]).read_bytes()).hexdigest()
    (out / "manifest.json").write_text(json.dumps(m))


@pytest.fixture(scope="module")
def other_seed(tmp_path_factory):
    """The reference run's settings with seed 6: the same shards, other games."""
    out = tmp_path_factory.mktemp("other") / "run"
    simulate.run("aeolos", out=out, **{**SETTINGS, "seed": 6})
    return out


@pytest.mark.parametrize("copied,needle", [
    (("seats",), "seats/part-000000000500.parquet holds rows of run aeolos-2p-s6-"),
    (("games", "seats", "cards"), "games/part-000000000500.parquet holds rows of run aeolos-2p-s6-"),
])
def test_a_shard_copied_from_another_run_with_its_hash_updated_is_found(ref, other_seed, tmp_path, copied, needle):
    """issue #41: it passed verification and changed the numbers (seat 0 +6.6 for +6.5); --resume
    kept it. Its rows' run id, seeds and seats are checked against the manifest."""
    out = copy_run(ref, tmp_path / "run")
    copy_shard_from(other_seed, out, "part-000000000500", copied)
    line = one_line(wt("report", out), needle)
    assert "nothing was computed" in line and not (out / "report.html").exists()
    r = wt("simulate", "aeolos", "--resume", "--out", out, "--jobs", 1, "--no-progress")
    assert r.exit_code == 0, r.stderr
    assert f"{needle}" in r.stderr and "playing games 500-999 again" in r.stderr, r.stderr
    assert f"moved {len(copied)} file(s) named like shards" in r.stderr, r.stderr
    assert_same_tables(tables(out), tables(ref))
    open_run(out).verify()


@pytest.mark.parametrize("column,value,needle", [
    ("run_id", "aeolos-2p-s5-00000000", "holds rows of run aeolos-2p-s5-00000000"),
    ("seed", 12345, "game 999 has another seed than the run's seed 5 gives it"),
    ("strategy", "random", "a seat is played by 'random' (strategy slot 0) where the run seats 'greedy'"),
    ("strategy_slot", 1, "seats are not seated as the run seats its strategies (strategy slot 1, 'greedy')"),
])
def test_rows_that_are_not_the_runs_are_named_even_with_their_hash_updated(ref, tmp_path, column, value, needle):
    import pyarrow as pa
    import pyarrow.parquet as pq

    out = copy_run(ref, tmp_path / "run")
    table = "games" if column in ("seed",) else "seats"
    path = out / table / "part-000000000500.parquet"
    data = pq.read_table(path)
    i = data.schema.get_field_index(column)
    changed = data.column(column).to_pylist()
    changed[-1 if column == "seed" else 0] = value            # (the seed of each shard's last game is checked)
    pq.write_table(data.set_column(i, data.schema.field(i), pa.array(changed, data.schema.field(i).type)), path)
    m = json.loads((out / "manifest.json").read_text())
    m["shards"][1]["sha256"][table] = hashlib.sha256(path.read_bytes()).hexdigest()
    (out / "manifest.json").write_text(json.dumps(m))
    with pytest.raises(UserError, match="nothing was computed") as e:
        open_run(out).verify()
    assert needle in str(e.value), str(e.value)


def test_the_seed_check_computes_the_kernels_game_seeds():
    import polars as pl

    from simulate.core.rng import game_seed
    from simulate.core.rng_expr import game_seeds

    for run_seed in (0, 1, 5, 2 ** 40 + 3, 2 ** 63 - 1):
        ids = [0, 1, 2, 999, 10 ** 9, 10 ** 12 - 1]
        got = pl.select(game_seeds(run_seed, pl.Series(ids, dtype=pl.Int64))).to_series().to_list()
        assert got == [int(game_seed(run_seed, i)) for i in ids]


def test_a_batch_of_several_kernel_calls_records_each_games_own_seed(tmp_path, monkeypatch):
    """The seed check found it: a worker reused the buffers of a batch's first chunk of games
    (8,192) for the next one, and the first chunk's seeds, a column built without a copy,
    became the next chunk's."""
    import polars as pl

    from simulate.aeolos import GAME
    from simulate.core.rng import game_seed

    monkeypatch.setattr(type(GAME), "chunk", 64)
    simulate.run("aeolos", players=2, games=200, batch_size=200, out=tmp_path / "run", jobs=1, progress=False)
    games = pl.read_parquet(tmp_path / "run" / "games").sort("game_id")
    assert games["seed"].to_list() == [int(game_seed(1, i)) for i in range(200)]


def test_a_comparison_resumed_moves_a_file_named_like_a_shard_aside_and_says_where(grid, tmp_path):
    out = tmp_path / "cmp"
    shutil.copytree(grid, out)
    (out / "base-3p" / "seats" / "part-000000009999.parquet").write_text("mine")
    r = wt("compare", "aeolos", "--resume", "--out", out, "--jobs", 1, "--no-progress", "--no-report")
    assert r.exit_code == 0, r.stderr
    aside = next((out / "base-3p").glob("unknown-*"))
    assert (aside / "seats" / "part-000000009999.parquet").read_text() == "mine"
    assert "windtunnel: resume: base-3p: moved 1 file(s) named like shards" in r.stderr and str(aside) in r.stderr
