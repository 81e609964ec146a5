"""`windtunnel compare GAME --runs A,B` (issue #34): two finished runs of the same games read as one
paired comparison, nothing played, nothing of theirs changed; runs of other games refused."""
import json

import polars as pl
import pytest

import simulate

from .cli_invoke import invoke

P, GAMES = 3, 400




@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("paired")
    made = {}
    for name, sets, seed in (("a", None, 1), ("b", {"setup.starting_wind": [5, 2, 3, 4]}, 1), ("other", None, 2)):
        simulate.run("aeolos", players=P, games=GAMES, seed=seed, overrides=sets, out=root / name, jobs=1,
                     progress=False)
        made[name] = root / name
    return root, made


def snapshot(folder):
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_two_runs_of_the_same_games_are_compared_game_by_game(runs):
    root, r = runs
    before = {k: snapshot(r[k]) for k in ("a", "b")}
    out = root / "ab"
    res = invoke("compare", "aeolos", "--runs", f"{r['a']},{r['b']}", "--out", out)
    assert res.exit_code == 0, res.stderr
    assert "they differ in --set values (none / setup.starting_wind=[5, 2, 3, 4])" in res.stdout
    assert {k: snapshot(r[k]) for k in ("a", "b")} == before                 # the runs as they were
    spec = json.loads((out / "compare.json").read_text())
    assert spec["whatif_base"] == "a" and spec["variants"] == ["a", "b"] and (out / "a-3p").is_symlink()
    md = (out / "report.md").read_text()
    assert "### Variant deltas" in md and f"paired, {GAMES:,}" in md         # each game of b against the same of a
    # the comparison's seat win rates are the runs' own
    seats = simulate.open_compare(out).table("seats").collect()
    for label in ("a", "b"):
        own = pl.read_parquet(f"{r[label]}/seats/*.parquet").group_by("seat").agg(pl.col("won").mean()).sort("seat")
        cell = seats.filter(pl.col("variant") == label).group_by("seat").agg(pl.col("won").mean()).sort("seat")
        assert own["won"].to_list() == cell["won"].to_list()
    # seat 0's wind of 5 moves its win rate: the delta is there, paired
    assert "seat 0" in md.split("### Variant deltas")[1][:4000]


@pytest.mark.parametrize("what,args,words", [
    ("seed", lambda r: [f"{r['a']},{r['other']}"], "differ in run seed (1 in"),
    ("one run", lambda r: [str(r["a"])], "--runs takes two run folders"),
    ("not a run", lambda r: [f"{r['a']},{r['a'].parent}"], "is not a run folder"),
    ("games", lambda r: [f"{r['a']},{r['b']}", "--games", "10"], "--games would play games"),
])
def test_runs_that_did_not_play_the_same_games_are_refused_and_nothing_is_written(runs, what, args, words):
    root, r = runs
    out = root / f"refused-{what.replace(' ', '-')}"
    res = invoke("compare", "aeolos", "--runs", *args(r), "--out", out)
    assert res.exit_code == 2 and words in res.stderr and len(res.stderr.strip().splitlines()) == 1, res.stderr
    assert not out.exists()


def test_a_busy_folder_is_refused_and_robustness_names_each_run(runs):
    root, r = runs
    busy = root / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine")
    res = invoke("compare", "aeolos", "--runs", f"{r['a']},{r['b']}", "--out", busy, "--force")
    assert res.exit_code == 2 and "is not empty" in res.stderr
    assert (busy / "notes.txt").read_text() == "mine" and len(list(busy.iterdir())) == 1
    out = root / "ab2"
    assert invoke("compare", "aeolos", "--runs", f"{r['a']},{r['b']}", "--out", out, "--no-report").exit_code == 0
    res = invoke("report", out, "--robustness", "--tiers", "tuned:50", "--jobs", 1)
    assert res.exit_code == 2 and "pairs two runs" in res.stderr and not (out / "robustness").exists()
