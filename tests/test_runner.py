"""The batch runner: tables, reproducibility, resume after every kind of stop, bad input,
the Dask path, streaming memory. Runs are small (a few thousand games) to stay quick."""
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import polars as pl
import pytest
from typer.testing import CliRunner

import simulate
from simulate.aeolos import layout as L
from simulate.aeolos.kernel import game_seeds, play_batch, result_arrays
from simulate.aeolos.layout import P_VP
from simulate.cli import app
from simulate.core.errors import UserError
from simulate.core.run_files import read_manifest
from simulate.core.run_progress import Progress
from simulate.running.runner import default_batch_size
from simulate.aeolos import GAME as AEOLOS
from strategies import resolve_strategies

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "configs" / "aeolos" / "base.toml"
TABLES = ("games", "seats", "cards")
cli = CliRunner()


def invoke(*args):
    return cli.invoke(app, ["simulate", "aeolos", *[str(a) for a in args]])


def tables(path):
    """Each table of a run folder as read straight from its folder (file order = game order)."""
    return {t: pl.read_parquet(str(Path(path) / t / "*.parquet")) for t in TABLES}


def assert_same_tables(a, b):
    for t in TABLES:
        assert a[t].equals(b[t]), t


def snapshot(path):
    """Every file of a folder with its bytes' hash and mtime: to prove a run untouched."""
    return {str(f.relative_to(path)): (hashlib.sha256(f.read_bytes()).hexdigest(), f.stat().st_mtime_ns)
            for f in sorted(Path(path).rglob("*")) if f.is_file()}


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """3 players, mixed strategies rotated over seats, 2,400 games played in one batch."""
    out = tmp_path_factory.mktemp("ref") / "run"
    r = simulate.run("aeolos", players=3, games=2400, seed=7, strategies="greedy,random,greedy",
                     rotate_seats=True, out=out, jobs=1, batch_size=2400, progress=False)
    return r


# ---------------------------------------------------------------- tables and schema
def test_run_returns_lazy_tables_matching_the_kernel(reference, rules):
    r = reference
    assert isinstance(r.games, pl.LazyFrame) and isinstance(r.seats, pl.LazyFrame)
    games, seats, cards = (t.collect() for t in (r.games, r.seats, r.table("cards")))
    assert games.height == 2400 and seats.height == 7200
    assert games["game_id"].to_list() == list(range(2400))
    # the rows are the kernel's own numbers
    _, POL, W = resolve_strategies(AEOLOS, "greedy,random,greedy", 3)
    ga, sa, fa, fn = result_arrays(50)
    play_batch(rules.T, 3, 7, 1000, 50, W, POL, False, ga, sa, fa, fn, True)
    part = seats.filter(pl.col("game_id").is_between(1000, 1049)).sort("game_id", "seat")
    assert part["score_total"].to_list() == sa[:50, :3, P_VP].ravel().tolist()
    assert games["seed"][1000] == int(game_seeds(7, 1000, 1)[0])
    assert set(games["run_id"]) == {r.manifest["run_id"]}
    assert set(games["variant"]) == {"base"} and set(games["game"]) == {"aeolos"}


def test_game_seeds_match_the_kernel():
    from simulate.core.rng import game_seed

    for run_seed in (0, 1, 7, 2 ** 63 - 1):
        seeds = game_seeds(run_seed, 10 ** 9, 5)
        assert [int(s) for s in seeds] == [int(game_seed(run_seed, 10 ** 9 + i)) for i in range(5)]


def test_columns_add_up(reference):
    games, seats, cards = (t.collect() for t in (reference.games, reference.seats, reference.table("cards")))
    sources = [f"score_{s}" for s in L.SRC_NAMES]
    assert (seats.select(pl.sum_horizontal(sources)).to_series() == seats["score_total"]).all()
    winners = seats.filter(pl.col("won")).group_by("game_id").agg(pl.col("seat").min()).sort("game_id")
    assert winners["seat"].to_list() == games["winner_seat"].to_list()
    assert (games["tie"] == (seats.group_by("game_id", maintain_order=True).agg(pl.col("won").sum())["won"] > 1)).all()
    # the cards table agrees with the per-seat counts of favor cards drawn and played
    assert cards.group_by("game_id").len().sort("game_id")["len"].to_list() == \
        games.filter(pl.col("favor_draws") > 0)["favor_draws"].to_list()
    drawn = cards.group_by("game_id", "seat", "card").agg(n=pl.len(), played=pl.col("turn_played").count())
    for name in ("hera", "zeus", "athene"):
        per_seat = seats.select("game_id", "seat", d=pl.col(f"favor_drawn_{name}"), p=pl.col(f"favor_played_{name}"))
        got = per_seat.join(drawn.filter(pl.col("card") == name), on=["game_id", "seat"], how="left").fill_null(0)
        assert (got["d"] == got["n"]).all() and (got["p"] == got["played"]).all()
    setup = cards.filter(pl.col("at_setup"))
    assert setup.height == 3 * 2400 and (setup["turn_drawn"] == 0).all()
    assert (cards["turn_played"].drop_nulls() >= cards.filter(pl.col("turn_played").is_not_null())["turn_drawn"]).all()


def test_schema_is_documented():
    doc = (ROOT / "docs" / "data.md").read_text()
    for table, schema in AEOLOS.schemas().items():
        section = doc.split(f"## `{table}`")[1].split("\n## ")[0]
        documented = set(re.findall(r"^\| `(\w+)`", section, re.M))
        ranges = re.findall(r"^\| `(\w+?)_(\w+)` \.\.\. `\w+` \|", section, re.M)
        columns = set(schema.names)
        grouped = {c for c in columns for prefix, _ in ranges if c.startswith(prefix + "_")}
        assert documented | grouped >= columns, (table, columns - documented - grouped)
        assert documented <= columns, (table, documented - columns)


def test_tables_open_in_polars_duckdb_pandas_pyarrow(reference):
    import pandas as pd
    import pyarrow.dataset as ds

    path = reference.path
    by_polars = (pl.scan_parquet(str(path / "seats" / "*.parquet")).group_by("strategy")
                 .agg(pl.col("won").sum().alias("wins"), pl.len().alias("n")).sort("strategy").collect())
    by_duck = duckdb.sql(f"select strategy, sum(won::int) as wins, count(*) as n from "
                         f"read_parquet('{path}/seats/*.parquet') group by strategy order by strategy").fetchall()
    assert [tuple(r) for r in by_polars.iter_rows()] == by_duck
    summary = {r["strategy"]: (r["wins"], r["n"]) for r in reference.summary()["by_strategy"]}
    assert summary == {s: (w, n) for s, w, n in by_duck}
    assert duckdb.sql(f"select count(*) from '{path}/cards/*.parquet' where turn_played is null").fetchall()[0][0] >= 0
    assert duckdb.sql(f"select typeof(seed), typeof(tie) from '{path}/games/*.parquet' limit 1").fetchall()[0] == \
        ("UBIGINT", "BOOLEAN")
    assert len(pd.read_parquet(path / "games")) == 2400
    assert ds.dataset(path / "cards").to_table().num_rows == reference.table("cards").select(pl.len()).collect().item()


def test_rotate_seats_gives_every_strategy_every_seat_equally(reference):
    seats = reference.seats.collect()
    counts = seats.group_by("strategy_slot", "seat").len()
    assert counts.height == 9 and set(counts["len"]) == {800}
    games = reference.games.collect()
    first = seats.filter(pl.col("game_id") == 1).sort("seat")["strategy"].to_list()
    assert first == ["random", "greedy", "greedy"]              # game 1: seat p plays slot (p + 1) % 3
    assert games.height == 2400


def test_rotation_with_games_not_a_multiple_of_players(tmp_path):
    r = simulate.run("aeolos", players=3, games=100, strategies="greedy,random,greedy", rotate_seats=True,
                     out=tmp_path / "r", jobs=1, progress=False)
    counts = r.seats.collect().group_by("strategy_slot", "seat").len()["len"]
    assert counts.sum() == 300 and counts.max() - counts.min() == 1
    assert "differ by at most 1" in r.summary_text()


def test_without_rotation_seat_p_plays_strategy_p(tmp_path):
    r = simulate.run("aeolos", players=2, games=300, strategies="random,greedy", out=tmp_path / "r", jobs=1,
                     progress=False)
    seats = r.seats.collect()
    assert seats.filter(pl.col("seat") == 1)["strategy"].unique().to_list() == ["greedy"]
    assert seats.filter(pl.col("seat") == 0)["strategy_slot"].unique().to_list() == [0]


# ---------------------------------------------------------------- reproducibility
def test_same_tables_whatever_jobs_and_batch_size(reference, tmp_path):
    a = simulate.run("aeolos", players=3, games=2400, seed=7, strategies="greedy,random,greedy",
                     rotate_seats=True, out=tmp_path / "a", jobs=1, batch_size=333, progress=False)
    b = simulate.run("aeolos", players=3, games=2400, seed=7, strategies="greedy,random,greedy",
                     rotate_seats=True, out=tmp_path / "b", jobs=2, batch_size=500, progress=False)
    assert len(a.manifest["shards"]) == 8 and len(b.manifest["shards"]) == 5
    ref = tables(reference.path)
    assert_same_tables(tables(a.path), ref)
    assert_same_tables(tables(b.path), ref)
    assert a.manifest["run_id"] == b.manifest["run_id"] == reference.manifest["run_id"]
    assert a.summary() == reference.summary()
    # a shorter run is the start of the same run
    c = simulate.run("aeolos", players=3, games=600, seed=7, strategies="greedy,random,greedy",
                     rotate_seats=True, out=tmp_path / "c", jobs=1, progress=False)
    for t in TABLES:
        assert tables(c.path)[t].equals(ref[t].filter(pl.col("game_id") < 600))


def test_other_settings_give_another_run(tmp_path):
    a = simulate.run("aeolos", players=2, games=200, seed=1, out=tmp_path / "a", jobs=1, progress=False)
    b = simulate.run("aeolos", players=2, games=200, seed=2, out=tmp_path / "b", jobs=1, progress=False)
    c = simulate.run("aeolos", players=2, games=200, seed=1, out=tmp_path / "c", jobs=1, progress=False,
                     overrides={"favor.hera.vp": 9})
    ids = {r.manifest["run_id"] for r in (a, b, c)}
    assert len(ids) == 3
    assert not a.games.collect().drop("run_id").equals(b.games.collect().drop("run_id"))
    assert c.manifest["config"]["favor"]["hera"]["vp"] == 9 and c.manifest["overrides"] == {"favor.hera.vp": 9}
    assert c.manifest["config_hash"] != a.manifest["config_hash"]


def test_default_batch_size():
    assert default_batch_size(1_000_000, 2) == 50_000
    assert default_batch_size(100_000, 2) == 12_500
    assert default_batch_size(10_000, 2) == 1_250
    assert default_batch_size(3_000, 2) == 1_000
    assert default_batch_size(300, 8) == 300


# ---------------------------------------------------------------- CLI: summary, manifest
def test_cli_run_prints_the_summary_and_writes_the_manifest(tmp_path):
    out = tmp_path / "run"
    r = invoke("--players", 3, "--games", 900, "--seed", 7, "--strategies", "greedy,random,greedy",
               "--out", out, "--jobs", 1, "--batch-size", 400, "--set", "favor.hera.vp=5")
    assert r.exit_code == 0, r.stderr
    text = r.stdout
    assert "Win rate by strategy (95% Wilson interval" in text
    assert re.search(r"greedy\s+\d+\.\d%\s+\[\d+\.\d%, \d+\.\d%\]\s+n = 1,800 seats played", text)
    assert re.search(r"random\s+\d+\.\d%\s+\[\d+\.\d%, \d+\.\d%\]\s+n = 900 seats played", text)
    for seat in range(3):
        assert re.search(rf"seat {seat}\s+\d+\.\d%\s+\[.*\]\s+n = 900\s+mean score \d+\.\d\d", text)
    assert "games/s" in text and str(out) in text
    m = read_manifest(out)
    assert m["status"] == "complete" and m["games_done"] == 900
    assert [s["first"] for s in m["shards"]] == [0, 400, 800]
    assert m["overrides"] == {"favor.hera.vp": 5} and m["config"]["favor"]["hera"]["vp"] == 5
    assert len(m["config_hash"]) == 16 and m["strategies"] == ["greedy", "random", "greedy"]
    assert {"windtunnel", "numpy", "numba", "pyarrow", "polars", "joblib", "python"} <= set(m["versions"])
    assert m["sessions"][0]["command"]["options"]["players"] == 3
    for s in m["shards"]:
        for t in TABLES:
            assert (out / s["files"][t]).exists()
    assert sorted(p.name for p in out.iterdir()) == [".windtunnel.lock", "cards", "games", "manifest.json", "seats"]
    assert (out / ".windtunnel.lock").read_text() == ""                     # free: nobody's name in it


def test_default_out_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = invoke("--players", 2, "--games", 50, "--jobs", 1)
    assert r.exit_code == 0, r.stderr
    assert (tmp_path / "runs" / "aeolos-2p-balanced-s1" / "manifest.json").exists()
    r = invoke("--players", 2, "--games", 60, "--strategies", "greedy,random", "--seed", 4, "--rotate-seats", "--jobs", 1)
    assert r.exit_code == 0, r.stderr
    assert (tmp_path / "runs" / "aeolos-2p-greedy-random-s4-rotated" / "manifest.json").exists()
    r = invoke("--players", 2, "--games", 50, "--resume")                  # found from the same options
    assert r.exit_code == 0 and "already complete" in r.stdout, r.stderr


def test_resume_finds_a_variant_run_named_in_another_order(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = invoke("--players", 2, "--games", 40, "--variant", "tableaus,poseidon", "--jobs", 1)
    assert r.exit_code == 0, r.stderr
    r = invoke("--players", 2, "--games", 40, "--variant", "poseidon,tableaus", "--resume")
    assert r.exit_code == 0 and "already complete" in r.stdout, r.stderr


def test_import_simulate_is_light():
    code = "import sys, simulate; print(sorted(m for m in ('numba', 'polars', 'pyarrow') if m in sys.modules))"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.stdout.strip() == "[]", r.stderr


def test_progress_lines_when_not_a_terminal():
    import io

    buf = io.StringIO()
    p = Progress(1000, 0, interval=0.0, stream=buf)
    assert p.mode == "lines"
    p.advance(250)
    p.advance(250)
    p.close()
    lines = buf.getvalue().splitlines()
    assert len(lines) == 2 and lines[1].startswith("simulate: 500/1,000 games (50%)")
    assert "games/s" in lines[1] and "ETA" in lines[1]


def test_progress_bar_on_a_terminal():
    import io

    class Tty(io.StringIO):
        def isatty(self):
            return True

    buf = Tty()
    p = Progress(1000, 0, stream=buf)
    assert p.mode == "bar"
    p.advance(400)
    p.close()
    assert "400/1,000 games" in buf.getvalue() and "games/s" in buf.getvalue()


def test_progress_is_one_output_updated_in_place_in_a_notebook(monkeypatch):
    """A notebook's stderr is no terminal, but a person watches it: a bar drawn in one output
    the kernel updates, not a line every 10 s."""
    import io
    import types

    import IPython.display

    assert Progress(10, 0, stream=io.StringIO()).mode == "lines"
    shown = []

    class Handle:
        def update(self, obj):
            shown.append(obj.data)
    monkeypatch.setattr(IPython.display, "display", lambda obj, display_id: shown.append(obj.data) or Handle())
    monkeypatch.setitem(sys.modules, "ipykernel", types.ModuleType("ipykernel"))
    import IPython
    monkeypatch.setattr(IPython, "get_ipython", lambda: types.SimpleNamespace(kernel=object()))   # a kernel runs
    p = Progress(1000, 0, stream=io.StringIO())
    assert p.mode == "notebook"
    p.advance(400)
    p.close()
    assert shown[0].startswith('<progress value="0" max="1000"') and 'value="400"' in shown[-1]
    assert "400/1,000 games (40%)" in shown[-1]


def test_running_the_same_call_again_reopens_the_finished_run(tmp_path):
    """A notebook cell run twice: the run that is there, played once; other settings on the same
    folder are one error in Python's terms, and nothing is written."""
    out = tmp_path / "nb"
    first = simulate.run("aeolos", players=2, games=60, seed=3, out=out, jobs=1, progress=False)
    before = snapshot(out)
    again = simulate.run("aeolos", players=2, games=60, seed=3, out=out, jobs=1, progress=False)
    assert again.session["reopened"] and again.manifest["run_id"] == first.manifest["run_id"]
    assert snapshot(out) == before
    with pytest.raises(UserError, match=r"other settings \(games 60 not 80\); pass force=True to replace it"):
        simulate.run("aeolos", players=2, games=80, seed=3, out=out, jobs=1, progress=False)
    with pytest.raises(UserError, match=r"seed 3 not 4"):
        simulate.run("aeolos", players=2, games=60, seed=4, out=out, jobs=1, progress=False)
    assert snapshot(out) == before
    html = again._repr_html_()
    assert "AEOLOS" in html and "60 of 60 games" in html and "seat-games" in html and str(out) in html


# ---------------------------------------------------------------- resume
def test_resume_replays_missing_damaged_and_unrecorded_shards(reference, tmp_path):
    out = tmp_path / "run"
    simulate.run("aeolos", players=3, games=2400, seed=7, strategies="greedy,random,greedy", rotate_seats=True,
                 out=out, jobs=1, batch_size=300, progress=False)
    (out / "seats" / "part-000000000600.parquet").unlink()                     # a lost file
    (out / "cards" / "part-000000001500.parquet").write_bytes(b"PAR1 not really")  # a damaged one
    (out / "games" / ".part-000000002100.parquet.host-1.tmp").write_bytes(b"half")  # a half-written one
    m = json.loads((out / "manifest.json").read_text())
    m["shards"] = [s for s in m["shards"] if s["first"] != 2100]              # written, never recorded
    m["status"] = "running"
    (out / "manifest.json").write_text(json.dumps(m))
    r = invoke("--resume", "--out", out, "--jobs", 1)
    assert r.exit_code == 0, r.stderr
    m = read_manifest(out)
    assert m["status"] == "complete" and m["games_done"] == 2400
    assert m["sessions"][-1]["games_played"] == 900                          # exactly the 3 bad shards
    assert sorted(s["first"] for s in m["shards"]) == list(range(0, 2400, 300))
    assert not list(out.rglob("*.tmp"))
    assert_same_tables(tables(out), tables(reference.path))


def test_resume_with_another_batch_size_and_a_complete_run(reference, tmp_path):
    out = tmp_path / "run"
    simulate.run("aeolos", players=3, games=2400, seed=7, strategies="greedy,random,greedy", rotate_seats=True,
                 out=out, jobs=1, batch_size=800, progress=False)
    m = read_manifest(out)
    gone = m["shards"].pop(1)
    for t in TABLES:
        (out / gone["files"][t]).unlink()
    (out / "manifest.json").write_text(json.dumps(m))
    r = simulate.run("aeolos", out=out, resume=True, batch_size=300, jobs=1, progress=False)
    assert sorted((s["first"], s["games"]) for s in r.manifest["shards"]) == \
        [(0, 800), (800, 300), (1100, 300), (1400, 200), (1600, 800)]
    assert_same_tables(tables(out), tables(reference.path))
    again = invoke("--resume", "--out", out)
    assert again.exit_code == 0 and "already complete" in again.stdout


def test_resume_refuses_other_settings_and_leaves_the_run_alone(tmp_path):
    out = tmp_path / "run"
    simulate.run("aeolos", players=2, games=100, out=out, jobs=1, progress=False)
    before = snapshot(out)
    for args, needle in [(["--players", 3], "--players 3 differs"), (["--seed", 9], "--seed 9 differs"),
                         (["--games", 5], "--games 5 differs"), (["--strategies", "random"], "--strategies"),
                         (["--set", "favor.hera.vp=9"], "config given"), (["--force"], "contradict")]:
        r = invoke("--resume", "--out", out, *args)
        assert r.exit_code == 2, (args, r.stdout, r.stderr)
        assert needle in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert snapshot(out) == before
    r = invoke("--resume", "--out", tmp_path / "nothing")
    assert r.exit_code == 2 and "no run to resume" in r.stderr
    assert not (tmp_path / "nothing").exists()


def _cmd():
    exe = Path(sys.executable).with_name("windtunnel")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "simulate.cli"]


def _start(out, *args):
    env = dict(os.environ, PYTHONWARNINGS="ignore")
    # greedy: the run lasts seconds, so it cannot finish before the test's signal lands
    args = ["--players", 2, "--games", 60_000, "--seed", 5, "--strategies", "greedy", "--batch-size", 1000,
            "--out", out, *args]
    return subprocess.Popen(_cmd() + ["simulate", "aeolos"] + [str(a) for a in args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            start_new_session=True)


def _wait_for_shards(out, proc, k, timeout=180):
    t0 = time.time()
    while time.time() - t0 < timeout:
        try:
            shards = json.loads((Path(out) / "manifest.json").read_text())["shards"]
            if len(shards) >= k:
                return len(shards)
        except (OSError, ValueError, KeyError):
            pass
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.01)
    raise AssertionError("the run did not get going")


@pytest.fixture(scope="module")
def stop_reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("stopref") / "run"
    simulate.run("aeolos", players=2, games=60_000, seed=5, strategies="greedy", out=out, jobs=1,
                 batch_size=5000, progress=False)
    return tables(out)


def _resume_and_compare(out, reference_tables, done_before):
    m = read_manifest(out)
    assert m["status"] != "complete" and 0 < m["games_done"] < 60_000
    assert m["games_done"] >= done_before
    kept = m["games_done"]
    r = subprocess.run(_cmd() + ["simulate", "aeolos", "--resume", "--out", str(out), "--jobs", "2"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    m = read_manifest(out)
    assert m["status"] == "complete" and m["games_done"] == 60_000
    assert m["sessions"][-1]["games_played"] == 60_000 - kept                # exactly the missing games
    got = tables(out)
    ids = got["games"]["game_id"]
    assert ids.n_unique() == ids.len() == 60_000                             # none lost, none twice
    assert_same_tables(got, reference_tables)
    assert not list(Path(out).rglob("*.tmp"))


def test_resume_after_the_machine_dies(tmp_path, stop_reference):
    """SIGKILL to the whole process tree part-way: no handler runs, as when the power goes."""
    out = tmp_path / "run"
    proc = _start(out, "--jobs", 2)
    done = _wait_for_shards(out, proc, 3)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert read_manifest(out)["status"] == "running"
    _resume_and_compare(out, stop_reference, done)


@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_resume_after_ctrl_c_or_sigterm(tmp_path, stop_reference, how):
    out = tmp_path / "run"
    proc = _start(out, "--jobs", 2)
    done = _wait_for_shards(out, proc, 3)
    if how == "ctrl-c":
        os.killpg(proc.pid, signal.SIGINT)                   # what a terminal sends to its foreground jobs
    else:
        os.kill(proc.pid, signal.SIGTERM)                    # `kill PID`, a batch system's time limit
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "continue with --resume" in err and "Traceback" not in err
    assert read_manifest(out)["status"] == "interrupted"
    _resume_and_compare(out, stop_reference, done)


def test_resume_after_a_worker_is_killed(tmp_path, stop_reference):
    psutil = pytest.importorskip("psutil")
    out = tmp_path / "run"
    proc = _start(out, "--jobs", 2)
    done = _wait_for_shards(out, proc, 3)
    workers = [c for c in psutil.Process(proc.pid).children(recursive=True)
               if "loky" in " ".join(c.cmdline()) and "resource_tracker" not in " ".join(c.cmdline())]
    assert workers
    workers[0].kill()
    _, err = proc.communicate(timeout=60)
    if proc.returncode == 0:                                 # the run finished before the worker died
        pytest.skip("the run ended before the kill landed")
    assert proc.returncode == 1, err
    assert "continue with --resume" in err and len(err.strip().splitlines()) == 1
    assert read_manifest(out)["status"] == "failed"
    _resume_and_compare(out, stop_reference, done)


# ---------------------------------------------------------------- bad input
BAD = {
    "unknown game": (["--players", 2], "unknown game 'eos2'", "eos2"),
    "unknown strategy": (["--players", 2, "--strategies", "greedy,nosuch"], "unknown strategy 'nosuch'", None),
    "unknown variant": (["--players", 2, "--variant", "islands"], "unknown variant 'islands'", None),
    "one player": (["--players", 1], "2-4 players, not 1", None),
    "five players": (["--players", 5], "2-4 players, not 5", None),
    "no players": (["--games", 10], "--players is required", None),
    "zero games": (["--players", 2, "--games", 0], "--games must be", None),
    "negative games": (["--players", 2, "--games", -5], "--games must be", None),
    "strategies for 2 of 3 seats": (["--players", 3, "--strategies", "greedy,random"],
                                    "2 strategies given for 3 players", None),
    "negative seed": (["--players", 2, "--seed", -1], "--seed", None),
    "zero batch size": (["--players", 2, "--batch-size", 0], "--batch-size", None),
    "zero jobs": (["--players", 2, "--jobs", 0], "--jobs", None),
    "unknown backend": (["--players", 2, "--backend", "spark"], "unknown backend 'spark'", None),
    "scheduler without cluster backend": (["--players", 2, "--scheduler", "tcp://x:1"], "--scheduler needs", None),
    "bad --set": (["--players", 2, "--set", "favor.hera.nope=1"], "favor.hera.nope", None),
    "missing config": (["--players", 2, "--config", "/no/such.toml"], "/no/such.toml", None),
    "resume and force": (["--players", 2, "--resume", "--force"], "contradict", None),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_is_one_line_exit_2_and_writes_nothing(case, tmp_path, monkeypatch):
    args, needle, game = BAD[case]
    monkeypatch.chdir(tmp_path)
    r = cli.invoke(app, ["simulate", game or "aeolos", *[str(a) for a in args]])
    assert r.exit_code == 2, (case, r.stdout, r.stderr)
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("windtunnel: error: "), r.stderr
    assert needle in lines[0]
    assert list(tmp_path.iterdir()) == []                   # not even runs/


def test_bad_config_files_name_file_line_and_field(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    broken = tmp_path / "broken.toml"
    broken.write_text(BASE.read_text().replace("wind_cap = 5", "wind_cap = = 5"))
    line_no = next(i for i, t in enumerate(broken.read_text().splitlines(), 1) if "wind_cap = = 5" in t)
    r = invoke("--players", 2, "--config", broken)
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1
    assert str(broken) in r.stderr and f"line {line_no}" in r.stderr
    invalid = tmp_path / "invalid.toml"
    invalid.write_text(BASE.read_text().replace("wind_cap = 5", "wind_cap = 500"))
    r = invoke("--players", 2, "--config", invalid)
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1
    assert str(invalid) in r.stderr and "setup.wind_cap" in r.stderr
    line_no = next(i for i, t in enumerate(invalid.read_text().splitlines(), 1) if "wind_cap = 500" in t)
    assert f":{line_no}:" in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.toml", "invalid.toml"]


def test_existing_run_needs_resume_or_force_and_force_checks_first(tmp_path):
    out = tmp_path / "run"
    assert invoke("--players", 2, "--games", 100, "--out", out, "--jobs", 1).exit_code == 0
    before = snapshot(out)
    r = invoke("--players", 2, "--games", 100, "--out", out)
    assert r.exit_code == 2 and "already exists" in r.stderr and "--resume" in r.stderr
    r = invoke("--players", 2, "--games", 100, "--out", out, "--force", "--strategies", "nosuch")
    assert r.exit_code == 2 and "nosuch" in r.stderr
    r = invoke("--players", 5, "--out", out, "--force")
    assert r.exit_code == 2
    assert snapshot(out) == before                                         # untouched
    r = invoke("--players", 2, "--games", 40, "--out", out, "--force", "--jobs", 1)
    assert r.exit_code == 0, r.stderr
    assert read_manifest(out)["games"] == 40 and tables(out)["games"].height == 40
    other = tmp_path / "notes"
    other.mkdir()
    (other / "keep.txt").write_text("mine")
    r = invoke("--players", 2, "--out", other, "--force")
    assert r.exit_code == 2 and "not a windtunnel run" in r.stderr
    assert (other / "keep.txt").read_text() == "mine"


def test_python_api_raises_user_error():
    with pytest.raises(UserError, match="2-4 players"):
        simulate.run("aeolos", players=7, games=10, out="/nonexistent/should-not-be-made")
    assert not Path("/nonexistent/should-not-be-made").exists()


# ---------------------------------------------------------------- scale-out: Dask
def test_dask_backend_on_a_local_cluster(tmp_path, reference):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        out = tmp_path / "dask"
        r = invoke("--players", 3, "--games", 2400, "--seed", 7, "--strategies", "greedy,random,greedy",
                   "--rotate-seats", "--out", out, "--batch-size", 400, "--backend", "dask",
                   "--scheduler", cluster.scheduler_address)
        assert r.exit_code == 0, r.stderr
        assert "dask worker" in r.stdout
    m = read_manifest(out)
    assert m["sessions"][0]["backend"] == "dask" and m["status"] == "complete"
    assert len({s["worker"] for s in m["shards"]}) >= 1 and len(m["shards"]) == 6
    assert_same_tables(tables(out), tables(reference.path))


def test_dask_scheduler_unreachable_is_one_line(tmp_path):
    pytest.importorskip("distributed")
    out = tmp_path / "x"
    r = invoke("--players", 2, "--backend", "dask", "--scheduler", "tcp://127.0.0.1:1", "--out", out)
    assert r.exit_code == 2 and "Dask scheduler" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not out.exists()


# ---------------------------------------------------------------- scale-out: Ray
def test_ray_backend_on_a_local_instance(tmp_path, reference):
    """--backend ray without --scheduler starts a local Ray instance (two CPUs): its workers play
    the very tables of a local run, recorded in waves (Ray's joblib backend does not stream)."""
    ray = pytest.importorskip("ray")
    out = tmp_path / "ray"
    try:
        r = invoke("--players", 3, "--games", 2400, "--seed", 7, "--strategies", "greedy,random,greedy",
                   "--rotate-seats", "--out", out, "--batch-size", 400, "--backend", "ray", "--jobs", 2)
        assert r.exit_code == 0, r.stderr
    finally:
        ray.shutdown()
    m = read_manifest(out)
    assert m["sessions"][0]["backend"] == "ray" and m["status"] == "complete" and len(m["shards"]) == 6
    assert_same_tables(tables(out), tables(reference.path))


# ---------------------------------------------------------------- streaming memory
MEASURE = """
import resource, sys, simulate
simulate.run("aeolos", players=2, games=int(sys.argv[1]), strategies="random", out=sys.argv[2], jobs=1,
             batch_size=5000, progress=False)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def test_memory_does_not_grow_with_the_number_of_games(tmp_path):
    def peak_kb(games):
        r = subprocess.run([sys.executable, "-c", MEASURE, str(games), str(tmp_path / f"r{games}")],
                           capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stderr
        return int(r.stdout.split()[-1])

    small, big = peak_kb(10_000), peak_kb(200_000)
    assert big < small * 1.15 + 20_000, (small, big)            # 20x the games, (almost) the same memory


def test_ipykernel_imported_without_a_kernel_is_no_notebook(monkeypatch, capsys):
    """A process that imported ipykernel (a test that ran the example notebook) but runs no
    kernel gets plain lines, not a notebook display whose handle would be None."""
    import types

    monkeypatch.setitem(sys.modules, "ipykernel", types.ModuleType("ipykernel"))
    bar = Progress(10, 0)
    assert bar.mode == "lines"
    bar.advance(10)
    bar.close()
