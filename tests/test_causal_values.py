"""Causal item values (issue #40, docs/causal.md): every item a game declares measured as a cause
on the run's own games, raced within a budget into RUN/causal/, and leading the report's items."""
import json
import math

import numpy as np
import polars as pl
import pytest

from analysis.causal_values import LARGE, SMALL, UNSETTLED, outliers, verdict, win_interval
from simulate.core.errors import UserError
from simulate.running.causal import Budget, looks, measure, parse_budget, play_item, stored_values
from simulate.running.compare import run_compare
from simulate.running.runner import run

from .cli_invoke import invoke

P, GAMES = 3, 2_000


def _run(out, overrides=None):
    return run("aeolos", P, GAMES, 5, "balanced", out=out, jobs=1, progress=False, overrides=overrides,
               command="test")


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    return _run(tmp_path_factory.mktemp("causal") / "printed").path


@pytest.fixture(scope="module")
def strong(tmp_path_factory):
    """A planted stronger Favor card: Hera's VP 20 instead of 5."""
    return _run(tmp_path_factory.mktemp("causal") / "strong", {"favor.hera.vp": 20}).path


def test_an_item_played_without_its_change_is_the_run_itself(printed):
    """The base of every value is the run's own game k: playing it again unchanged gives the
    treated seat's very outcome (won, score, turns) the run recorded."""
    from analysis.causal_values import treated_rows
    from simulate.core.run_folder import open_run
    from simulate.running.causal import ItemTask
    from simulate.running.worker import prepare

    r = open_run(printed)
    m = r.manifest
    payload, _ = prepare("aeolos", P, m["strategies"], config_data=m["config"], strategy_weights=m["strategy_weights"])
    _, ids, won, score, turns = play_item(ItemTask("k", payload, "none", m["config"], m["seed"], False, 100, 300))
    base = treated_rows(r.seats, r.games, P).collect().filter(pl.col("game_id").is_between(100, 399))
    assert ids.tolist() == base["game_id"].to_list()
    assert won.tolist() == base["won"].to_list() and score.tolist() == base["score_total"].to_list()
    assert turns.tolist() == base["turns"].to_list()


def test_a_planted_stronger_card_equals_a_direct_whatif_game_for_game_and_moves_up(printed, strong, tmp_path):
    measured = measure(strong, Budget(games=200_000, given=True), jobs=1)
    hera = measured.values.filter(pl.col("item") == "hera").row(0, named=True)
    # the direct what-if on the same seeds and settings, game for game over the games the race measured
    w = run_compare("aeolos", players=P, games=hera["games"], seed=5, strategies="balanced", out=tmp_path / "w",
                    jobs=1, overrides={"favor.hera.vp": 20}, whatifs={"hera": {"intervention.favor": "hera"}},
                    progress=False)
    cells = {name: pl.read_parquet(f"{tmp_path}/w/{name}/seats/*.parquet").filter(
        pl.col("game_id") % P == pl.col("seat")).sort("game_id") for name in (f"base-{P}p", f"hera-{P}p")}
    direct = (cells[f"hera-{P}p"]["won"].cast(float) - cells[f"base-{P}p"]["won"].cast(float)).to_numpy()
    rows = pl.read_parquet(f"{strong}/causal/*.parquet").filter(pl.col("item") == "card:hera").sort("game_id")
    base = cells[f"base-{P}p"]["won"].cast(float).to_numpy()
    assert np.array_equal(rows["won"].to_numpy()[:hera["games"]] - base, direct)
    assert hera["effect"] == pytest.approx(direct.mean())
    assert w.spec["status"] == "complete"
    # and the planted card moves up against the printed one
    printed_hera = measure(printed, Budget(games=200_000, given=True), jobs=1).values.filter(
        pl.col("item") == "hera").row(0, named=True)
    assert hera["effect"] > printed_hera["high"] and hera["low"] > printed_hera["effect"]


def test_items_race_and_every_interval_agrees_with_its_verdict(printed):
    v = measure(printed, Budget(games=200_000, given=True), jobs=1).values
    assert set(v["kind"]) == {"card", "harbor"} and v.height == 15
    for r in v.iter_rows(named=True):
        assert r["verdict"] == verdict(r["low"], r["high"], 0.03)
        assert r["settled"] == (r["verdict"] in (LARGE, SMALL))
        assert r["games"] in looks(GAMES)                   # each stopped at a look (or every game)
    # a harbor action taken away costs the seat: its value is positive and settles at the first look
    h7 = v.filter(pl.col("item") == "7").row(0, named=True)
    assert h7["verdict"] == LARGE and h7["effect"] > 0.1 and h7["games"] == looks(GAMES)[0]
    # the settled items stopped early: fewer games than every item playing the whole run
    assert v["games"].sum() < v.height * GAMES


def test_the_measure_goes_on_from_what_is_stored_and_gives_the_same_values(printed, tmp_path):
    """Reused by later reports: a second measure plays nothing; a measure cut by its budget and
    continued gives the values of one measure with the larger budget (the race depends on the
    games, not on where it stopped)."""
    again = measure(printed, Budget(games=200_000, given=True), jobs=1)
    assert again.played == 0
    whole = again.values
    import shutil
    copy = tmp_path / "copy"
    shutil.copytree(printed, copy, ignore=shutil.ignore_patterns("causal"))
    cut = measure(copy, Budget(games=9_000, given=True), jobs=2)
    assert cut.stopped == "budget spent" and cut.games == 9_000
    assert (cut.values["verdict"] == UNSETTLED).any()
    done = measure(copy, Budget(games=200_000, given=True), jobs=2)
    assert done.values.equals(whole)


def test_a_damaged_shard_is_never_read(printed, tmp_path):
    import shutil
    measure(printed, Budget(games=200_000, given=True), jobs=1)
    copy = tmp_path / "copy"
    shutil.copytree(printed, copy)
    shard = sorted((copy / "causal").glob("part-*.parquet"))[0]
    pl.read_parquet(shard).with_columns(won=pl.lit(1.0)).write_parquet(shard)
    with pytest.raises(UserError, match="sha256"):
        stored_values(copy, 0.03)
    redone = measure(copy, Budget(games=200_000, given=True), jobs=1)      # measured anew, from the run
    assert redone.played > 0 and redone.values.equals(measure(printed, Budget(games=200_000, given=True)).values)


def test_a_folder_of_the_users_is_left_alone(printed, tmp_path):
    import shutil
    copy = tmp_path / "copy"
    shutil.copytree(printed, copy, ignore=shutil.ignore_patterns("causal"))
    (copy / "causal").mkdir()
    (copy / "causal" / "notes.txt").write_text("mine")
    r = invoke("report", copy)
    assert r.exit_code == 2 and "did not write" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert (copy / "causal" / "notes.txt").read_text() == "mine"


def test_budgets_parse_and_bad_ones_are_one_line(printed):
    assert parse_budget("400_000", "aeolos") == Budget(games=400_000, given=True)
    assert parse_budget("5m", "aeolos").seconds == 300
    assert parse_budget(None, "aeolos").games == 2_000          # the suite's environment
    for bad in ("0", "lots", "-5", "0s"):
        r = invoke("report", printed, "--causal-budget", bad)
        assert r.exit_code == 2 and "--causal-budget" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    r = invoke("report", printed, "--causal-budget", "1000", "--no-causal")
    assert r.exit_code == 2 and "contradict" in r.stderr


def test_the_report_leads_its_items_with_causes(strong):
    r = invoke("report", strong, "--causal-budget", "200000")
    assert r.exit_code == 0, r.stderr
    md = (strong / "report.md").read_text()
    assert md.index("What each item does (measured as a cause)") < md.index("Favor card value")
    # the item verdict reads the causes: Hera (planted) is the outlier of its class
    assert "measured as a cause" in md.split("Favor card value")[0]
    csv = pl.read_csv(strong / "report_files" / "item_values.csv")
    assert {"class", "item", "name", "effect", "low", "high", "score_effect", "games", "settled"} <= set(csv.columns)
    assert csv["effect"].dtype == pl.Float64 and csv["effect"].abs().max() < 1          # fractions, numbers
    hera = csv.filter(pl.col("item") == "hera").row(0, named=True)
    assert hera["low"] <= hera["effect"] <= hera["high"]
    # the association table beside it quotes each card's cause
    assert "the item itself (measured)" in pl.read_csv(strong / "report_files" / "card.csv").columns
    # every CSV beside the report holds numbers as numbers: no percent, no "a to b" interval text
    import csv as csv_module
    import re
    for f in (strong / "report_files").glob("*.csv"):
        with open(f, encoding="utf-8") as fh:
            for row in list(csv_module.reader(fh))[1:]:
                assert not any(re.fullmatch(r"[+-]?[\d.]+%|[+-]?[\d.]+ to [+-]?[\d.]+|[+-]?[\d.]+[–-][\d.]+%", c)
                               for c in row), (f.name, row)
    # and the verdict names the planted card
    assert "hera" in md.split("## ")[1] or "Hera" in md.split("## ")[1]


def test_outliers_are_judged_against_their_class():
    rows = pl.DataFrame({"class": ["a"] * 4 + ["b"], "kind": ["k"] * 5, "item": list("pqrst"), "label": list("pqrst"),
                         "effect": [0.20, 0.21, 0.19, 0.30, 0.0], "low": [0.18, 0.19, 0.17, 0.27, -0.01],
                         "high": [0.22, 0.23, 0.21, 0.33, 0.01], "per_seat": [True] * 5})
    out = outliers(rows, 0.03)
    assert [r["item"] for r in out] == ["s"]                  # +30 against a typical +20.5: 9.5 points stronger


def test_win_interval_is_anytime_valid_width():
    rng = np.random.default_rng(1)
    d = rng.choice([-1.0, 0.0, 1.0], size=4000, p=[0.2, 0.6, 0.2])
    lo, hi = win_interval(d, 0.03)
    assert lo < d.mean() < hi and hi - lo < 0.08
    # wider than a fixed-size 95% interval (the price of looking as often as the race does)
    assert hi - lo > 2 * 1.96 * d.std() / math.sqrt(len(d))


def test_a_state_of_another_run_is_not_shown(printed, tmp_path):
    import shutil
    measure(printed, Budget(games=200_000, given=True), jobs=1)
    copy = tmp_path / "copy"
    shutil.copytree(printed, copy)
    state = json.loads((copy / "causal" / "causal.json").read_text())
    state["run"]["config_hash"] = "other"
    (copy / "causal" / "causal.json").write_text(json.dumps(state))
    values, _, note = stored_values(copy, 0.03)
    assert values is None and "another run" in note


def test_a_comparison_measures_the_items_that_are_findings_in_each_cell(tmp_path):
    out = tmp_path / "cmp"
    r = invoke("compare", "aeolos", "--variants", "base,tableaus", "--players", P, "--games", 1_500, "--jobs", 1,
               "--out", out, "--no-progress")
    assert r.exit_code == 0, r.stderr
    r = invoke("report", out, "--jobs", 1)
    assert r.exit_code == 0, r.stderr
    csv = pl.read_csv(out / "report_files" / "item_values.csv")
    assert set(csv["cell"]) <= {f"base-{P}p", f"tableaus-{P}p"} and csv.height
    for cell in set(csv["cell"]):
        state = json.loads((out / cell / "causal" / "causal.json").read_text())
        assert state["run"]["games"] == 1_500
    # only items that are findings there: fewer than every item of every cell
    assert csv.height < 2 * 15 + 4
    assert not csv["name"].str.contains(r"\(base-").any()        # the CSV's cell column names the cell


def test_no_causal_measures_nothing(tmp_path):
    out = tmp_path / "r"
    run("aeolos", 2, 400, 1, "balanced", out=out, jobs=1, progress=False, command="test")
    r = invoke("report", out, "--no-causal")
    assert r.exit_code == 0 and not (out / "causal").exists()
    assert not (out / "report_files" / "item_values.csv").exists()


def test_a_kill_keeps_every_batch_written_and_the_next_measure_goes_on(printed, tmp_path, monkeypatch):
    import shutil

    import simulate.running.causal as C

    copy = tmp_path / "copy"
    shutil.copytree(printed, copy, ignore=shutil.ignore_patterns("causal"))
    real, calls = C.play_item, []

    def dies(task):
        calls.append(task)
        if len(calls) == 12:
            raise KeyboardInterrupt
        return real(task)

    monkeypatch.setattr(C, "play_item", dies)
    with pytest.raises(KeyboardInterrupt):
        measure(copy, Budget(games=200_000, given=True), jobs=1)
    state = json.loads((copy / "causal" / "causal.json").read_text())
    assert state["games"] == sum(t.games for t in calls[:11])          # the 11 finished batches, kept
    monkeypatch.setattr(C, "play_item", real)
    done = measure(copy, Budget(games=200_000, given=True), jobs=1)
    assert done.values.equals(measure(printed, Budget(games=200_000, given=True), jobs=1).values)
