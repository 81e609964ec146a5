"""The seat edge's parts (issue #42, analysis/seat_parts.py): the run's own games played again with
the round played out split each seat's edge into the extra turns the printed end gives and the rest."""
import polars as pl

from tests.cli_invoke import invoke


def _run(out, *extra):
    r = invoke("simulate", "eos", "--players", 4, "--games", 400, "--jobs", 1, "--out", out, "--no-progress", *extra)
    assert r.exit_code == 0, r.stderr


def test_a_four_player_report_splits_the_seat_edge(tmp_path):
    out = tmp_path / "eos4"
    _run(out)
    r = invoke("report", out, "--jobs", 1, "--causal-budget", "2000")
    assert r.exit_code == 0, r.stderr
    parts = pl.read_csv(out / "report_files" / "seat_parts.csv")
    assert parts["seat"].to_list() == [0, 1, 2, 3] and (parts["n"] == 100).all()
    # the parts add up to the edge, each with its interval (fractions in the CSV)
    edge, extra, rest = (parts[c].to_numpy() for c in ("edge", "extra turns", "the rest"))
    assert abs(edge - extra - rest).max() < 1e-9
    assert (parts["95% CI (extra turns) low"] <= parts["extra turns"]).all()
    assert (parts["95% CI (the rest) high"] >= parts["the rest"]).all()
    # the last seat never gets a turn more than another with the printed end: its extra part is never above 0
    assert extra[3] <= 0 <= extra[0]
    md = (out / "report.md").read_text()
    assert "Where the seat edge comes from (measured)" in md


def test_a_run_that_plays_the_round_out_has_no_parts_to_split(tmp_path):
    out = tmp_path / "full"
    _run(out, "--module", "full-round")
    assert invoke("report", out, "--jobs", 1, "--causal-budget", "2000").exit_code == 0
    assert not (out / "report_files" / "seat_parts.csv").exists()
