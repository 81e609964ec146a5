"""What-if cells of `windtunnel compare` (issue #22's everyday form): `--cell NAME:KEY=VALUE,...`
plays the base game with those config values for everyone on the same seeds as base, and
the comparison, its tables and its report treat the cell like a variant."""
import json

import polars as pl
import pytest

from simulate.core.compare_folder import COMPARE, open_compare
from simulate.running.compare import parse_whatifs
from simulate.core.errors import UserError

from .cli_invoke import invoke as run_cli

GAMES = 200


def invoke(*args):
    return run_cli("compare", "aeolos", *args)


def seats_of(out, cell):
    return (pl.read_parquet(f"{out}/{cell}/seats/*.parquet").sort("game_id", "seat")
            .select("game_id", "seat", "won", "score_total"))


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    """base, `rich` (every seat starts with 5 VP: a planted effect of exactly +5 on every score)
    and `printed` (start_vp set to its printed value 0: the change undone)."""
    out = tmp_path_factory.mktemp("whatif") / "cmp"
    r = invoke("--cell", "rich:setup.start_vp=5", "--cell", "printed:setup.start_vp=0", "--players", 2,
               "--games", GAMES, "--strategies", "balanced", "--jobs", 1, "--out", out, "--no-progress")
    assert r.exit_code == 0, r.stderr
    return out, r


def test_a_planted_effect_is_recovered_on_the_same_seeds_and_vanishes_when_undone(planted):
    out, r = planted
    base, rich, printed = (seats_of(out, f"{c}-2p") for c in ("base", "rich", "printed"))
    # the same games (common random numbers), every score exactly 5 VP higher, the same winners
    assert (rich["score_total"] - base["score_total"]).to_list() == [5] * (2 * GAMES)
    assert rich["won"].to_list() == base["won"].to_list()
    assert printed.equals(base)                                   # undone: nothing changed
    assert "What-if rich: the base game with setup.start_vp=5 for everyone." in r.stdout
    assert "rich changes the winner's VP from" in (out / "report.md").read_text()


def test_a_whatif_cell_reads_like_a_variant(planted):
    out, _ = planted
    spec = json.loads((out / COMPARE).read_text())
    assert spec["variants"] == ["base", "rich", "printed"]
    assert spec["whatifs"] == {"rich": {"setup.start_vp": 5}, "printed": {"setup.start_vp": 0}}
    cells = {c["name"]: c for c in spec["cells"]}
    assert cells["rich-2p"]["variant"] == "rich" and cells["rich-2p"]["run_variant"] == "base"
    seats = open_compare(out).table("seats").collect()
    games = open_compare(out).table("games").collect()
    for t in (seats, games):                                      # the cell's name, though its runs are base games
        assert set(t["variant"]) == {"base", "rich", "printed"}
    report = (out / "report.md").read_text()
    assert "**what-if cells**: rich: the base game with setup.start_vp = 5" in report


def test_a_whatif_cell_with_the_base_games_own_values_is_a_run_of_its_own(planted):
    """`printed` sets start_vp to the printed 0: its config is the base's, yet it is a run apart (its
    name in its run id and manifest), so no table holds one run id's games twice and a seat-game
    joins one row (once it took the base's run id: 400 games under one id, every join doubled)."""
    out, _ = planted
    ids = {c: json.loads((out / f"{c}-2p" / "manifest.json").read_text()) for c in ("base", "rich", "printed")}
    assert ids["printed"]["config_hash"] == ids["base"]["config_hash"]
    assert len({m["run_id"] for m in ids.values()}) == 3 and ids["printed"]["whatif"] == "printed"
    games = open_compare(out).table("games").collect()
    assert games.group_by("run_id").agg(n=pl.len(), ids=pl.col("game_id").n_unique())["n"].to_list() == [GAMES] * 3
    assert (games.group_by("run_id").agg(k=pl.col("game_id").n_unique())["k"] == GAMES).all()


def test_resume_keeps_the_whatif_cells(planted):
    out, _ = planted
    r = invoke("--resume", "--out", out, "--no-progress", "--no-report")
    assert r.exit_code == 0, r.stderr
    r = invoke("--resume", "--cell", "rich:setup.start_vp=6", "--out", out, "--no-report")
    assert r.exit_code == 2 and "--cell" in r.stderr and "differs from the comparison's" in r.stderr


def test_a_whatif_changes_play_where_its_value_does():
    # seat 0 starting with 4 wind plays other games than the printed 2 (not a constant shift)
    from simulate.running.compare import run_compare

    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        run_compare("aeolos", players="2", games=60, strategies="greedy", out=f"{tmp}/c", jobs=1, progress=False,
                    whatifs={"wind4": {"setup.starting_wind": [4, 2, 3, 4]}})
        base, wind = seats_of(f"{tmp}/c", "base-2p"), seats_of(f"{tmp}/c", "wind4-2p")
        assert base["game_id"].to_list() == wind["game_id"].to_list()
        assert base["score_total"].to_list() != wind["score_total"].to_list()


@pytest.mark.parametrize("args,words", [
    (["--cell", "rich"], "--cell expects NAME:KEY=VALUE"),
    (["--cell", "rich:setup.start_vp"], "is not KEY=VALUE"),
    (["--cell", "tableaus:setup.start_vp=5"], "the name of a variant"),
    (["--cell", "base:setup.start_vp=5"], "the name of a variant"),
    (["--cell", "a b:setup.start_vp=5"], "is not a cell name"),
    (["--cell", "x:setup.start_vp=5", "--cell", "x:setup.start_vp=6"], "--cell names x twice"),
    (["--cell", "x:setup.no_such_key=5"], "what-if x:"),
    (["--cell", "x:setup.start_vp=5", "--variants", "tableaus"], "add base to --variants"),
])
def test_bad_whatif_cells_are_one_line_and_exit_2(tmp_path, args, words):
    out = tmp_path / "cmp"
    r = invoke(*args, "--players", 2, "--games", 10, "--out", out)
    assert r.exit_code == 2, r.stderr
    assert words in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not out.exists()


def test_cell_values_read_as_toml_with_lists_kept_whole():
    assert parse_whatifs(["w:setup.starting_wind=[4,2,3,4],setup.start_vp=1"]) == {
        "w": {"setup.starting_wind": [4, 2, 3, 4], "setup.start_vp": 1}}
    assert parse_whatifs({"w": {"a.b": 1}}) == {"w": {"a.b": 1}}
    with pytest.raises(UserError):
        parse_whatifs(["w:"])


def test_the_resume_hint_names_the_command_that_made_the_comparison():
    from simulate.core.compare_folder import resume_command

    whatif = {"game": "aeolos", "whatifs": {"favor-hera": {"intervention.favor": "hera"}}}
    cells = {"game": "aeolos", "whatifs": {"rich": {"setup.start_vp": 5}}}
    assert resume_command(whatif, "w") == "windtunnel whatif aeolos --resume --out w"
    assert resume_command(cells, "c") == "windtunnel compare aeolos --resume --out c"
    assert resume_command({"game": "eos"}, "v") == "windtunnel compare eos --resume --out v"
