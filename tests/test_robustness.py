"""Findings checked against stronger play (issue #22): `windtunnel report --robustness` plays a
run's very games again with a stronger strategy in every seat (its skill tiers, the same
seeds) and marks each finding holds, stronger, weaker, gone, reversed, too few games or no comparison."""
import json

import polars as pl
import pytest

from analysis.robustness import GONE, HOLDS, REVERSED, STRONGER, TOO_FEW, WEAKER, verdict

from .cli_invoke import invoke
from .test_findings_order import _rare_loser

P, GAMES = 3, 1500




@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("robust") / "r"
    r = invoke("simulate", "aeolos", "--players", P, "--games", GAMES, "--strategies", "balanced", "--jobs", 1,
               "--out", out, "--no-progress")
    assert r.exit_code == 0, r.stderr
    return out


@pytest.mark.parametrize("interval, expected", [
    ((0.02, 0.06), HOLDS),        # excludes 0 and holds the finding's 0.05
    ((0.05, 0.09), HOLDS),        # its low end is the finding's size: holds
    ((0.06, 0.09), STRONGER),     # all of it larger than the finding: stronger, not holds
    ((0.01, 0.03), WEAKER),       # the same side, all of it below 0.05
    ((-0.01, 0.02), GONE),        # holds 0, not 0.05
    ((-0.06, -0.01), REVERSED),
    ((-0.02, 0.12), TOO_FEW),     # holds both 0 and 0.05
])
def test_verdicts_of_a_positive_finding(interval, expected):
    assert verdict(0.05, *interval) == expected


def test_verdicts_of_a_negative_finding_mirror_the_positive_ones():
    for lo, hi in [(0.02, 0.06), (0.06, 0.09), (0.01, 0.03), (-0.01, 0.02), (-0.06, -0.01), (-0.02, 0.12)]:
        assert verdict(-0.05, -hi, -lo) == verdict(0.05, lo, hi)


def test_a_finding_that_grows_beyond_its_size_is_stronger_not_holds():
    """The review's harbor finding: +4.3 points in the run, +29.3 [+25.0, +33.6] with tuned. It held
    ("holds") though the tier's whole interval is far beyond it; it is "stronger"."""
    assert verdict(0.043, 0.250, 0.336) == STRONGER
    assert verdict(-0.043, -0.336, -0.250) == STRONGER
    assert verdict(0.043, 0.030, 0.336) == HOLDS


def test_a_tier_of_the_runs_own_strategy_replays_its_games_and_every_finding_holds(run, tmp_path):
    """balanced in every seat over all the run's games is the run itself: the same seeds give the
    same games (common random numbers), so each finding's statistic is the same number."""
    html = tmp_path / "rep.html"
    r = invoke("report", run, "--robustness", "--tiers", f"balanced:{GAMES}", "--jobs", 1, "--out", html)
    assert r.exit_code == 0, r.stderr
    tier = run / "robustness" / "balanced"
    manifest = json.loads((tier / "manifest.json").read_text())
    assert manifest["seed"] == json.loads((run / "manifest.json").read_text())["seed"]
    mine, theirs = (pl.read_parquet(f"{f}/seats/*.parquet").sort("game_id", "seat") for f in (run, tier))
    assert mine.drop("run_id").equals(theirs.drop("run_id"))
    finding_lines = [line for line in r.stdout.splitlines() if line.startswith("  - ")]
    assert finding_lines, r.stdout
    for line in finding_lines:      # an association of a drawn card or a harbor taken: measurable in the tier
        assert "Against stronger play on the same game seeds: holds with balanced" in line, line
    md = html.with_suffix(".md").read_text()
    assert "### Seat balance by skill tier" in md and "### Findings against stronger play" in md
    assert ("| Against stronger play | **pass** | every finding holds with the strongest play that has games enough "
            "to tell it (with balanced: ") in md


def test_a_stronger_tier_plays_the_first_games_of_the_run_on_their_seeds(run, tmp_path):
    r = invoke("report", run, "--robustness", "--tiers", "tuned:400", "--jobs", 1, "--out", tmp_path / "t.html")
    assert r.exit_code == 0, r.stderr
    games = pl.read_parquet(f"{run}/games/*.parquet").sort("game_id").head(400)
    tier = pl.read_parquet(f"{run}/robustness/tuned/games/*.parquet").sort("game_id")
    assert tier["game_id"].to_list() == list(range(400))
    assert tier["seed"].to_list() == games["seed"].to_list()
    seats = pl.read_parquet(f"{run}/robustness/tuned/seats/*.parquet")
    assert set(seats["strategy"]) == {"tuned"}
    # the table's tuned rows are the tier's own win rates
    wins = seats.group_by("seat").agg(pl.col("won").mean()).sort("seat")["won"].to_list()
    md = (tmp_path / "t.md").read_text()
    rows = [line for line in md.splitlines() if line.startswith("| tuned |") or line.startswith("| **tuned**")]
    assert [f"{100 * w:.1f}%" in row for w, row in zip(wins, rows)] == [True] * P
    # a second report finds the complete tier and plays nothing
    before = (run / "robustness" / "tuned" / "manifest.json").read_text()
    r = invoke("report", run, "--out", tmp_path / "t.html")
    assert r.exit_code == 0 and "with tuned" in r.stdout
    assert (run / "robustness" / "tuned" / "manifest.json").read_text() == before


def test_a_tier_of_other_games_is_left_out_and_played_again(run, tmp_path):
    """A tier whose settings are not the run's (the run replaced since) is named in a note and
    not used; --robustness plays it again."""
    tier = run / "robustness" / "greedy"
    r = invoke("simulate", "aeolos", "--players", P, "--games", 50, "--seed", 99, "--strategies", "greedy",
               "--jobs", 1, "--out", tier, "--no-progress")
    assert r.exit_code == 0, r.stderr
    r = invoke("report", run, "--out", tmp_path / "s.html")
    assert r.exit_code == 0, r.stderr
    assert "The greedy tier" in (tmp_path / "s.md").read_text()
    r = invoke("report", run, "--robustness", "--tiers", "greedy:50", "--jobs", 1, "--out", tmp_path / "s.html")
    assert r.exit_code == 0, r.stderr
    assert json.loads((tier / "manifest.json").read_text())["seed"] == 1
    assert "The greedy tier" not in (tmp_path / "s.md").read_text()


@pytest.mark.parametrize("args, words", [
    (["--robustness", "--tiers", "grandmaster"], "no strategy 'grandmaster' in AEOLOS's roster"),
    (["--robustness", "--tiers", "tuned:many"], "expected STRATEGY or STRATEGY:GAMES"),
    (["--tiers", "tuned"], "--tiers goes with --robustness"),
])
def test_bad_tiers_are_one_line_exit_2_and_play_nothing(run, tmp_path, args, words):
    before = sorted(p.name for p in (run / "robustness").iterdir()) if (run / "robustness").exists() else []
    r = invoke("report", run, *args, "--out", tmp_path / "x.html")
    assert r.exit_code == 2 and words in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    after = sorted(p.name for p in (run / "robustness").iterdir()) if (run / "robustness").exists() else []
    assert after == before and not (tmp_path / "x.html").exists()


def test_a_foreign_folder_where_a_tier_goes_is_left_alone(tmp_path):
    out = tmp_path / "r"
    assert invoke("simulate", "aeolos", "--players", 2, "--games", 30, "--jobs", 1, "--out", out,
                  "--no-progress").exit_code == 0
    mine = out / "robustness" / "tuned"
    mine.mkdir(parents=True)
    (mine / "notes.txt").write_text("my notes")
    r = invoke("report", out, "--robustness", "--tiers", "tuned", "--jobs", 1)
    assert r.exit_code == 2 and "holds files windtunnel did not write" in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and not (out / "report.html").exists()
    assert (mine / "notes.txt").read_text() == "my notes"


def test_a_comparisons_tiers_are_comparisons_of_its_cells_and_measure_its_causal_effects(tmp_path):
    """Of a what-if, a tier is the same what-if (the interventions, the printed game, the seeds) played
    by the tier's strategy: a tier of the what-if's own strategy gives each causal effect again."""
    out = tmp_path / "w"
    r = invoke("whatif", "aeolos", "--players", P, "--games", 300, "--strategies", "balanced", "--jobs", 1,
               "--intervention", "start_vp=8", "--out", out, "--no-progress", "--no-report")
    assert r.exit_code == 0, r.stderr
    r = invoke("report", out, "--robustness", "--tiers", "balanced,greedy:100", "--jobs", 1)
    assert r.exit_code == 0, r.stderr
    spec = json.loads((out / "robustness" / "greedy" / "compare.json").read_text())
    assert spec["whatifs"] == {"start_vp-8": {"intervention.start_vp": 8}} and spec["games"] == 100
    causal = next(line for line in r.stdout.splitlines() if "(start_vp-8)" in line)
    won = causal.split("changes by ")[1].split(" percentage points")[0]
    assert f"holds with balanced ({won} points" in causal, causal
    assert "with greedy (" in causal and "100 games)" in causal


def test_robustness_needs_settings_to_play_from(tmp_path, run):
    bare = tmp_path / "tables"
    for table in ("games", "seats"):
        (bare / table).mkdir(parents=True)
        for f in (run / table).glob("*.parquet"):
            (bare / table / f.name).write_bytes(f.read_bytes())
    r = invoke("report", bare, "--robustness")
    assert r.exit_code == 2 and "a bare folder of tables" in r.stderr, r.stderr
    assert not (bare / "robustness").exists()


def test_an_interrupted_robustness_check_says_how_to_go_on(run, tmp_path, monkeypatch):
    import simulate.running.robustness
    from simulate.running.runner import RunInterrupted

    def stopped(*a, **k):
        raise RunInterrupted("interrupted: 120 of 400 games kept in 1 shard under X; continue with --resume")

    monkeypatch.setattr(simulate.running.robustness, "play_tiers", stopped)
    r = invoke("report", run, "--robustness", "--tiers", "tuned:400", "--out", tmp_path / "i.html")
    assert r.exit_code == 130 and not (tmp_path / "i.html").exists()
    assert r.stderr.strip().endswith(f"continue with: windtunnel report {run} --robustness --tiers tuned:400")


def test_a_finding_only_weaker_play_shows_is_marked_and_a_tier_takes_parameters(tmp_path):
    """random against balanced, unrotated: seat 0 (random) loses nearly every game, a seat
    finding of the players, not of the seat. With the game's strongest tier (the MCTS player at 50
    iterations, its parameters in the tier's name) in both seats that advantage is gone or
    reversed: the finding is marked as one only weaker play shows; not so with another tier. (The
    seat verdict's rule decides it: the strongest tier whose seats' intervals are within the threshold,
    here 6 points, which 300 two-player games tell.)"""
    out = tmp_path / "weak"
    r = invoke("simulate", "aeolos", "--players", 2, "--games", 2000, "--strategies", "random,balanced",
               "--jobs", 1, "--out", out, "--no-progress")
    assert r.exit_code == 0, r.stderr
    r = invoke("report", out, "--robustness", "--tiers", "greedy:300,mcts:iterations=50:300", "--jobs", 1,
               "--threshold", 0.06, "--out", tmp_path / "w.html")
    assert r.exit_code == 0, r.stderr
    tier = out / "robustness" / "mcts-iterations=50"
    assert json.loads((tier / "manifest.json").read_text())["strategies"] == ["mcts:iterations=50"] * 2
    seat_lines = [line for line in r.stdout.splitlines() if line.startswith("  - Seat 0 wins")]
    assert seat_lines, r.stdout
    assert "Only weaker play shows it:" in seat_lines[0] and ("with the MCTS player at 50 iterations, the "
                                                              "strongest play with games enough to tell.") in seat_lines[0], seat_lines[0]
    assert "with greedy" in seat_lines[0] and "with greedy, the strongest" not in seat_lines[0]
    bad = invoke("report", out, "--robustness", "--tiers", "mcts:iterations=x:300", "--out", tmp_path / "x.html")
    assert bad.exit_code == 2 and len(bad.stderr.strip().splitlines()) == 1, bad.stderr


def test_robustness_with_bad_jobs_makes_no_folder(tmp_path):
    out = tmp_path / "r"
    assert invoke("simulate", "aeolos", "--players", 2, "--games", 30, "--jobs", 1, "--out", out,
                  "--no-progress").exit_code == 0
    r = invoke("report", out, "--robustness", "--tiers", "greedy:10", "--jobs", 0)
    assert r.exit_code == 2 and "--jobs must be -1" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not (out / "robustness").exists() and not (out / "report.html").exists()


def test_sigterm_while_the_report_is_written_says_how_to_go_on(tmp_path):
    # the tiers are played; a stop while the report is written is one line and exit 130, not death by
    # the signal (exit -15) with loky's warnings about what it leaked
    from tests.stopped_at import stopped_at

    out = tmp_path / "r"
    assert invoke("simulate", "aeolos", "--players", 2, "--games", 60, "--jobs", 1, "--out", out,
                  "--no-progress").exit_code == 0
    r = stopped_at("reports.build:build_report", ["report", "r", "--robustness", "--tiers", "greedy:40", "--jobs", 2,
                                                  "--no-causal"], tmp_path)
    assert r.returncode == 130, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 2 and lines[0].startswith("robustness: greedy in every seat"), r.stderr
    assert lines[1].endswith("continue with: windtunnel report r --robustness --tiers greedy:40"), r.stderr
    assert json.loads((out / "robustness" / "greedy" / "manifest.json").read_text())["status"] == "complete"
    assert not (out / "report.html").exists()


def _harbor_finding(own):
    """The finding of harbor 8's rare non-takers (``tests.test_findings_order._rare_loser``)."""
    from analysis.findings import findings

    found = [f for f in findings(own) if f.kind == "harbor"]
    assert [f.subject for f in found] == ["harbor 8"]
    return found


def test_a_tier_group_below_the_minimum_is_no_comparison_never_a_label(tmp_path):
    """The review's harbor 6 with MCTS: nearly every stronger seat takes the action, so "those that did
    not" are a handful and the tier's interval is wide; the row still got a label. Here the tier's
    40 non-takers of 6,000 seats played are below the findings' minimum (60): the row stays, greyed,
    "no comparison", and is neither a verdict in the finding's sentence nor in the summary card."""
    from analysis.load import protocol
    from analysis.robustness import NO_COMPARISON, Tier, check_findings, robustness_verdict
    from analysis.verdicts import NA
    from reports.table_text import _robustness

    own = _rare_loser(tmp_path, "own", 100)
    found = _harbor_finding(own)
    rows = check_findings(found, protocol(own), own, [Tier("mcts:iterations=50", 3000, _rare_loser(tmp_path, "t", 40))])
    r = rows.row(0, named=True)
    assert r["verdict"] == NO_COMPARISON and r["tier_smaller"] == 40 and not r["decides"]
    assert "no comparison with the MCTS player at 50 iterations (a group of 40 seats played there" in found[0].sentence
    assert not any(f"{v} with mcts" in found[0].sentence for v in (HOLDS, STRONGER, WEAKER, GONE, REVERSED, TOO_FEW))
    assert robustness_verdict(rows).verdict == NA
    table = _robustness(rows, "VP")
    assert table.greyed == [True] and table.rows[0][-1] == "no comparison (a group of 40 seats played)"
    assert not table.marked[0] and "Greyed: no comparison" in table.note
    # the same tier with groups big enough (100 of 6,000) is a comparison and gets its verdict
    found = _harbor_finding(own)
    rows = check_findings(found, protocol(own), own, [Tier("mcts:iterations=50", 3000, own)])
    assert rows["verdict"].to_list() == [HOLDS] and rows["decides"].to_list() == [True]


def test_the_strongest_tier_with_games_enough_decides_each_finding_as_the_seat_verdict(tmp_path):
    """The review's Athene: "gone with lookahead" in the card while the MCTS player confirms it. Each
    finding is decided by the strongest tier with games enough to tell (the seat verdict's rule):
    here the MCTS player, with whom harbor 8's finding holds, whatever the lookahead shows."""
    from analysis.load import protocol
    from analysis.robustness import Tier, check_findings, robustness_verdict
    from analysis.verdicts import PASS, WATCH

    own = _rare_loser(tmp_path, "own", 100)
    gone = _rare_loser(tmp_path, "gone", 100, loses=False)
    tiers = [Tier("mcts:iterations=50", 3000, own), Tier("lookahead", 3000, gone)]    # strongest first: sorted
    found = _harbor_finding(own)
    rows = check_findings(found, protocol(own), own, tiers)
    assert rows.select("tier", "verdict", "decides").rows() == [("lookahead", GONE, False),
                                                                 ("mcts:iterations=50", HOLDS, True)]
    v = robustness_verdict(rows)
    assert v.verdict == PASS and "with the MCTS player at 50 iterations: 1 holds" in v.reason, v.reason
    assert "Only weaker play shows it" not in found[0].sentence
    assert ("The strongest play with games enough to tell, the MCTS player at 50 iterations, decides: holds."
            in found[0].sentence)
    # the other way round, the strongest tier's "gone" decides: watch, and only weaker play shows it
    found = _harbor_finding(own)
    rows = check_findings(found, protocol(own), own, [Tier("lookahead", 3000, own), Tier("mcts:iterations=50", 3000, gone)])
    v = robustness_verdict(rows)
    assert v.verdict == WATCH and "is gone with the MCTS player at 50 iterations, the strongest play with games enough" in v.reason
    assert "Only weaker play shows it: gone with the MCTS player at 50 iterations" in found[0].sentence


def test_a_what_if_of_a_runs_games_gives_its_seat_verdict(tmp_path):
    """The review: the same game and seed was "watch" in the demo's report (trusting the strongest
    tier) and "fail" in a what-if's (its own players). A random player in seat 0 loses far more than
    fair: the run's own verdict fails, tuned in every seat shows no such thing. The what-if of the
    same games gives the run's verdict with the same tier (its printed game is the run's games; its
    intervention cells never move it) and, without tiers, leaves the seat question to that check."""
    from reports.data import gather

    common = ["aeolos", "--players", 3, "--games", 900, "--strategies", "random,balanced,balanced", "--jobs", 1,
              "--no-progress"]
    run, what = tmp_path / "run", tmp_path / "what"
    assert invoke("simulate", *common, "--out", run).exit_code == 0
    r = invoke("whatif", *common, "--intervention", "start_vp=3", "--out", what, "--no-report")
    assert r.exit_code == 0, r.stderr
    untold = gather(what, threshold=0.05).verdicts[0]
    assert untold.question == "Seat balance" and untold.verdict == "n/a", untold
    for source in (run, what):
        r = invoke("report", source, "--robustness", "--tiers", "tuned:900", "--threshold", 0.05, "--jobs", 1)
        assert r.exit_code == 0, r.stderr
    mine, theirs = (pl.read_parquet(f"{f}/seats/*.parquet").sort("game_id", "seat").drop("run_id")
                    for f in (run / "robustness" / "tuned", what / "robustness" / "tuned" / "base-3p"))
    assert mine.equals(theirs)                   # the what-if's printed tier is the run's tier, game for game
    seat_run, seat_what = (gather(s, threshold=0.05).verdicts[0] for s in (run, what))
    assert seat_run.reason.startswith("trusting tuned in every seat") and seat_run.verdict != "fail"
    trusted = seat_run.reason.split(". This run")[0]
    assert (seat_what.verdict, seat_what.reason.split(". This comparison")[0]) == (seat_run.verdict, trusted)
