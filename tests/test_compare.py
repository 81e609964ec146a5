"""`windtunnel compare`: the grid's run folders and compare.json, the summary against the
shards, common random numbers, bad input (one line, exit 2, nothing written), --force, --resume.

Small runs (base variant only, 2 and 3 players, a few hundred games, one worker)."""
import hashlib
import json
import shutil
from pathlib import Path

import polars as pl
import pytest

from simulate.core.stats import wilson_interval
from simulate.core.compare_folder import COMPARE, open_compare, summary_table
from simulate.running.compare import run_compare
from simulate.core.errors import UserError
from simulate.core.run_files import manifest_text, read_manifest, write_json_atomic

from .cli_invoke import invoke as run_cli

GAMES, SEED = 150, 11


def invoke(*args):
    return run_cli("compare", "aeolos", *args)


def snapshot(path):
    """Every file under a folder with its bytes' hash and mtime: to prove it untouched."""
    path = Path(path)
    return {str(f.relative_to(path)): (hashlib.sha256(f.read_bytes()).hexdigest(), f.stat().st_mtime_ns)
            for f in sorted(path.rglob("*")) if f.is_file()}


def cell_tables(out, cell):
    return {t: pl.read_parquet(str(Path(out) / cell / t / "*.parquet")).sort("game_id" if t == "games" else
                                                                              ["game_id", "seat"])
            for t in ("games", "seats")}


@pytest.fixture(scope="module")
def grid(tmp_path_factory):
    """base x 2, 3 players, 150 games per cell in shards of 70, seed 11."""
    out = tmp_path_factory.mktemp("cmp") / "grid"
    r = invoke("--variants", "base", "--players", "2,3", "--games", GAMES, "--seed", SEED, "--jobs", 1,
               "--batch-size", 70, "--out", out, "--no-progress")
    assert r.exit_code == 0, r.stderr
    return out, r.stdout


# ---------------------------------------------------------------- the dataset
def test_grid_folders_and_compare_json(grid):
    out, text = grid
    assert sorted(p.name for p in out.iterdir()) == [".windtunnel.lock", "base-2p", "base-3p", COMPARE, "report.html",
                                                     "report.md", "report_files"]
    assert "Findings" in (out / "report.html").read_text() and "Variant report:" in text
    spec = json.loads((out / COMPARE).read_text())
    assert spec["format"] == "windtunnel-compare/1" and spec["status"] == "complete"
    assert spec["variants"] == ["base"] and spec["players"] == [2, 3]
    assert spec["games"] == GAMES and spec["seed"] == SEED and spec["strategies"] == "balanced"
    assert [(c["name"], c["folder"], c["variant"], c["players"], c["status"], c["games_done"])
            for c in spec["cells"]] == [("base-2p", "base-2p", "base", 2, "complete", GAMES),
                                        ("base-3p", "base-3p", "base", 3, "complete", GAMES)]
    for c in spec["cells"]:
        m = read_manifest(out / c["folder"])
        assert (m["status"], m["games"], m["seed"], m["players"], m["variant"]) == \
            ("complete", GAMES, SEED, c["players"], "base")
        assert m["run_id"] == c["run_id"]
        assert [s["first"] for s in m["shards"]] == [0, 70, 140]           # the summary joins shard by shard
    assert f"seed {SEED}" in text and "Common random numbers" in text
    assert "same game seed" in text
    assert "base-2p/" in text and "*/games/*.parquet" in text and ".table(\"seats\")" in text


def test_the_whole_dataset_reads_as_one_table(grid):
    out, _ = grid
    games = pl.scan_parquet(f"{out}/*/games/*.parquet")
    seats = pl.scan_parquet(f"{out}/*/seats/*.parquet")
    assert (games.group_by("variant", "n_players").agg(pl.len()).sort("n_players").collect().rows()
            == [("base", 2, GAMES), ("base", 3, GAMES)])
    keyed = seats.join(games.select("run_id", "game_id", "variant", "n_players"), on=["run_id", "game_id"])
    assert (keyed.group_by("variant", "n_players").agg(pl.len()).sort("n_players").collect().rows()
            == [("base", 2, 2 * GAMES), ("base", 3, 3 * GAMES)])
    c = open_compare(out)
    per_cell = (c.table("seats").group_by("cell", "variant", "n_players").agg(pl.len()).sort("cell")
                .collect().rows())
    assert per_cell == [("base-2p", "base", 2, 2 * GAMES), ("base-3p", "base", 3, 3 * GAMES)]
    assert c.table("games").select(pl.len()).collect().item() == 2 * GAMES
    assert c.run("base-3p").manifest["players"] == 3


def test_summary_equals_the_shards(grid):
    out, text = grid
    table = summary_table(out)
    assert table["cell"].to_list() == ["base-2p", "base-3p"]
    for row in table.iter_rows(named=True):
        t = cell_tables(out, row["cell"])
        g, s = t["games"], t["seats"]
        assert row["games"] == g.height == GAMES
        assert row["turns_mean"] == pytest.approx(g["turns"].cast(pl.Float64).mean())
        assert row["rounds_mean"] == pytest.approx(g["rounds"].cast(pl.Float64).mean())
        assert row["ties"] == g["tie"].sum() and row["tie_rate"] == pytest.approx(g["tie"].mean())
        winner = g.join(s, left_on=["game_id", "winner_seat"], right_on=["game_id", "seat"])["score_total"]
        assert winner.len() == GAMES
        assert row["winner_score_mean"] == pytest.approx(winner.cast(pl.Float64).mean())
        # the winner has the highest score (a tie shares it)
        assert row["winner_score_mean"] == pytest.approx(s.group_by("game_id").agg(pl.col("score_total").max())
                                                         ["score_total"].cast(pl.Float64).mean())
        for p in range(row["players"]):
            won = s.filter(pl.col("seat") == p)["won"]
            lo, hi = wilson_interval(int(won.sum()), won.len())
            assert (row[f"seat{p}_wins"], row[f"seat{p}_n"]) == (won.sum(), GAMES)
            assert row[f"seat{p}_win_rate"] == pytest.approx(won.mean())
            assert (row[f"seat{p}_lo"], row[f"seat{p}_hi"]) == (pytest.approx(lo), pytest.approx(hi))
            assert f"{100 * won.mean():.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]" in text
        for p in range(row["players"], 3):
            assert row[f"seat{p}_win_rate"] is None
        line = next(x for x in text.splitlines() if x.startswith("base ") and f" {row['players']}  " in x)
        assert f"{row['winner_score_mean']:.2f}" in line and f"{row['turns_mean']:.1f}" in line
        assert f"{row['rounds_mean']:.1f}" in line and f"{100 * row['tie_rate']:.1f}%" in line


def test_same_game_index_same_seed_in_every_cell(grid):
    out, _ = grid
    a, b = (cell_tables(out, c)["games"] for c in ("base-2p", "base-3p"))
    assert a["game_id"].to_list() == b["game_id"].to_list() == list(range(GAMES))
    assert a["seed"].to_list() == b["seed"].to_list()
    assert a["seed"].n_unique() == GAMES                        # one stream per game, not one per run
    assert a["run_id"][0] != b["run_id"][0]


# ---------------------------------------------------------------- bad input
BAD = {
    "unknown variant": (["--variants", "islands", "--players", "2"], "unknown variant 'islands'"),
    "unknown variant after a good one": (["--variants", "base,islands", "--players", "2"], "unknown variant 'islands'"),
    "empty --variants": (["--variants", "", "--players", "2"], "--variants is empty"),
    "only commas": (["--variants", ",", "--players", "2"], "--variants is empty"),
    "empty name": (["--variants", "base,", "--players", "2"], "empty variant name"),
    "variant twice": (["--variants", "base,base", "--players", "2"], "names base twice"),
    "a path as variant": (["--variants", "../x", "--players", "2"], "not a variant name"),
    "no variants": (["--players", "2"], "--variants is required"),
    "five players": (["--variants", "base", "--players", "2,5"], "2-4 players, not 5"),
    "one player": (["--variants", "base", "--players", "1,2"], "2-4 players, not 1"),
    "players not a number": (["--variants", "base", "--players", "2,x"], "--players expects a whole number"),
    "players twice": (["--variants", "base", "--players", "3,3"], "names 3 twice"),
    "no players": (["--variants", "base"], "--players is required"),
    "zero games": (["--variants", "base", "--players", "2", "--games", "0"], "--games must be"),
    "negative seed": (["--variants", "base", "--players", "2", "--seed", "-1"], "--seed"),
    "zero batch size": (["--variants", "base", "--players", "2", "--batch-size", "0"], "--batch-size"),
    "zero jobs": (["--variants", "base", "--players", "2", "--jobs", "0"], "--jobs must be -1 (every core)"),
    "per-seat strategies for two counts": (["--variants", "base", "--players", "2,3", "--strategies",
                                            "greedy,random"], "cell base-3p: 2 strategies given for 3 players"),
    "unknown strategy": (["--variants", "base", "--players", "2", "--strategies", "nosuch"], "nosuch"),
    "bad --set": (["--variants", "base", "--players", "2", "--set", "favor.hera.nope=1"], "favor.hera.nope"),
    "resume and force": (["--variants", "base", "--players", "2", "--resume", "--force"], "contradict"),
    "resume nothing": (["--resume"], "no comparison to resume"),
}


def one_line_error(r, needle):
    assert r.exit_code == 2, (r.stdout, r.stderr)
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("windtunnel: error: "), r.stderr
    assert needle in lines[0], lines[0]


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_is_one_line_exit_2_and_writes_nothing(case, tmp_path, monkeypatch):
    args, needle = BAD[case]
    monkeypatch.chdir(tmp_path)
    jobs = [] if "--jobs" in args else ["--jobs", 1]
    r = invoke(*args, "--out", tmp_path / "runs" / "cmp", *jobs, "--no-progress")
    one_line_error(r, needle)
    assert list(tmp_path.iterdir()) == []                       # not even runs/


def test_busy_out_needs_resume_or_force_and_force_checks_first(grid, tmp_path):
    out, _ = grid
    before = snapshot(out)
    r = invoke("--variants", "base", "--players", "2,3", "--games", GAMES, "--out", out)
    one_line_error(r, "already exists")
    assert "--resume" in r.stderr and "--force" in r.stderr
    r = invoke("--variants", "base,islands", "--players", "2", "--out", out, "--force")
    one_line_error(r, "unknown variant 'islands'")
    r = invoke("--variants", "base", "--players", "2,5", "--out", out, "--force")
    one_line_error(r, "2-4 players, not 5")
    r = invoke("--out", out, "--resume", "--games", GAMES + 1)
    one_line_error(r, "--games")
    r = invoke("--out", out, "--resume", "--variants", "base", "--players", "2")
    one_line_error(r, "--players 2 differs")
    assert snapshot(out) == before                              # untouched
    other = tmp_path / "notes"
    other.mkdir()
    (other / "keep.txt").write_text("mine")
    r = invoke("--variants", "base", "--players", "2", "--out", other, "--force")
    one_line_error(r, "not a windtunnel comparison")
    assert [p.name for p in other.iterdir()] == ["keep.txt"]
    f = tmp_path / "a-file"
    f.write_text("x")
    one_line_error(invoke("--variants", "base", "--players", "2", "--out", f), "is a file")


def test_python_api_raises_user_error(tmp_path):
    with pytest.raises(UserError, match="unknown variant 'islands'"):
        run_compare("aeolos", "base,islands", "2,3", 10, out=tmp_path / "x", jobs=1, progress=False)
    with pytest.raises(UserError, match="--out is required"):
        run_compare("aeolos", "base", [2], 10, jobs=1, progress=False)
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- --force, --resume
def test_force_replaces_the_whole_comparison(tmp_path):
    out = tmp_path / "cmp"
    assert invoke("--variants", "base", "--players", "2,3", "--games", 60, "--out", out, "--jobs", 1,
                  "--no-progress").exit_code == 0
    (out / "base-3p" / "stray.txt").write_text("old")
    r = invoke("--variants", "base", "--players", "2", "--games", 80, "--seed", 4, "--out", out, "--jobs", 1,
               "--force", "--no-progress")
    assert r.exit_code == 0, r.stderr
    # the old cell's own files are gone; the file a user put there stays, with its folder
    assert sorted(p.name for p in out.iterdir()) == [".windtunnel.lock", "base-2p", "base-3p", COMPARE, "report.html",
                                                     "report.md", "report_files"]
    assert [p.name for p in (out / "base-3p").iterdir()] == ["stray.txt"]
    assert "**players**: 2\n" in (out / "report.md").read_text()      # the report is the new comparison's (no 3p)
    spec = json.loads((out / COMPARE).read_text())
    assert [c["name"] for c in spec["cells"]] == ["base-2p"] and spec["games"] == 80 and spec["seed"] == 4
    m = read_manifest(out / "base-2p")
    assert (m["games"], m["seed"], m["games_done"]) == (80, 4, 80)
    assert len(spec["sessions"]) == 1


def test_resume_plays_what_each_cell_is_missing(tmp_path):
    out = tmp_path / "cmp"
    r = invoke("--variants", "base", "--players", "2,3", "--games", 90, "--seed", 3, "--out", out, "--jobs", 1,
               "--batch-size", 40, "--no-progress")
    assert r.exit_code == 0, r.stderr
    want = {c: cell_tables(out, c) for c in ("base-2p", "base-3p")}
    # as if stopped: cell 2p wrote its last shard but did not record it, cell 3p never started
    m = read_manifest(out / "base-2p")
    assert [s["first"] for s in m["shards"]] == [0, 40, 80]
    m.update(shards=m["shards"][:2], games_done=80, status="interrupted")
    write_json_atomic(out / "base-2p" / "manifest.json", manifest_text(m))
    shutil.rmtree(out / "base-3p")
    spec = json.loads((out / COMPARE).read_text())
    spec["status"] = "interrupted"
    (out / COMPARE).write_text(json.dumps(spec))
    assert summary_table(out)["games"].to_list() == [80, 0]              # recorded shards only
    assert "INCOMPLETE: base-2p, base-3p" in open_compare(out).text()

    r = invoke("--out", out, "--resume", "--jobs", 1, "--no-progress")
    assert r.exit_code == 0, r.stderr
    assert "Played 100 games" in r.stdout
    assert [s["first"] for s in read_manifest(out / "base-3p")["shards"]] == [0, 40, 80]   # the batch size kept
    for c in ("base-2p", "base-3p"):
        got = cell_tables(out, c)
        for t in ("games", "seats"):
            assert got[t].equals(want[c][t]), (c, t)
        assert read_manifest(out / c)["status"] == "complete"
    spec = json.loads((out / COMPARE).read_text())
    assert spec["status"] == "complete" and len(spec["sessions"]) == 2
    assert summary_table(out)["games"].to_list() == [90, 90]

    # a complete comparison: resume plays nothing, and given options must match
    r = invoke("--out", out, "--resume", "--jobs", 1, "--variants", "base", "--players", "3,2", "--games", 90,
               "--seed", 3, "--no-progress")
    assert r.exit_code == 0, r.stderr
    assert "Played 0 games" in r.stdout and "already complete" in r.stdout
    one_line_error(invoke("--out", out, "--resume", "--seed", 4), "--seed 4 differs")


def test_interrupted_cell_then_resume(tmp_path, monkeypatch):
    from simulate.running import compare            # (it plays each cell with the runner's run)

    out = tmp_path / "cmp"
    real = compare.run
    calls = []

    def stop_at_second_cell(*a, **kw):
        calls.append(kw["out"])
        if len(calls) == 2:
            raise compare.RunInterrupted("interrupted: 0 of 70 games kept in 0 shards under x; "
                                        "continue with --resume")
        return real(*a, **kw)

    monkeypatch.setattr(compare, "run", stop_at_second_cell)
    r = invoke("--variants", "base", "--players", "2,3", "--games", 70, "--out", out, "--jobs", 1, "--no-progress")
    assert r.exit_code == 130
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "cell base-3p" in lines[0] and lines[0].count("continue") == 1
    assert f"windtunnel compare aeolos --resume --out {out}" in lines[0]
    spec = json.loads((out / COMPARE).read_text())
    assert spec["status"] == "interrupted"
    assert [c["status"] for c in spec["cells"]] == ["complete", "new"]
    monkeypatch.setattr(compare, "run", real)
    r = invoke("--out", out, "--resume", "--jobs", 1, "--no-progress")
    assert r.exit_code == 0, r.stderr
    assert summary_table(out)["games"].to_list() == [70, 70]
    assert json.loads((out / COMPARE).read_text())["status"] == "complete"
