"""The summary card gives one verdict per question and, for each that is not a pass, the command
that answers it with the arguments filled in (issue #34): the command runs as written."""
import re
import shlex

import polars as pl
import pytest
from typer.testing import CliRunner

import simulate
from analysis.verdicts import FAIL, PASS, WATCH, Verdict, trusted_seat_verdict
from reports import build_report
from simulate.cli import app
from simulate.core.games import get_game

from .cli_invoke import invoke

cli = CliRunner()


def seat_rows(tier, advantages, half):
    return [{"tier": tier, "variant": "base", "n_players": 2, "seat": s, "n": 10_000, "win_rate": 0.5 + a,
             "lo": 0.5 + a - half, "hi": 0.5 + a + half, "fair": 0.5, "advantage": a,
             "p_value": 1e-9 if abs(a) > half else 0.5} for s, a in enumerate(advantages)]


def test_the_seat_verdict_trusts_the_strongest_tier_with_games_enough():
    own = Verdict("Seat balance", FAIL, "seat 0 above fair in 2-player games (+6.0 points)")
    frame = pl.DataFrame(seat_rows("run", [0.06, -0.06], 0.01) + seat_rows("tuned", [0.05, -0.05], 0.01)
                         + seat_rows("mcts", [0.0, 0.0], 0.01) + seat_rows("wide", [0.0, 0.0], 0.08))
    v = trusted_seat_verdict(own, frame, "this run (balanced)", [("tuned", 9000), ("mcts", 1000)], 0.03)
    assert v.verdict == PASS and v.reason.startswith("trusting mcts in every seat (1,000 games")
    assert "This run (balanced): fail" in v.reason
    v = trusted_seat_verdict(own, frame, "this run", [("tuned", 9000), ("wide", 50)], 0.03)   # too wide: skipped
    assert v.verdict == FAIL and v.reason.startswith("trusting tuned") and v.about["seat"] == 0
    v = trusted_seat_verdict(own, frame, "this run", [("wide", 50)], 0.03)
    assert v is own and v.reason.startswith("trusting this run (no stronger tier")


@pytest.fixture(scope="module")
def card(tmp_path_factory):
    run = tmp_path_factory.mktemp("next") / "run"
    simulate.run("aeolos", players=3, games=3000, seed=1, strategies="balanced", out=run, jobs=1, progress=False)
    return run, build_report(run, run / "report.html")


def test_each_failing_verdict_names_a_command_that_runs(card, tmp_path):
    run, result = card
    failing = [v for v in result.verdicts if v.verdict in (FAIL, WATCH)]
    assert failing and all(v.next for v in failing)
    seat = next(v for v in failing if v.question == "Seat balance")
    assert seat.next.startswith("windtunnel balance aeolos --players 3") and "--objective seat" in seat.next
    items = next(v for v in failing if v.question.endswith("outliers"))
    assert items.next.startswith("windtunnel whatif aeolos --players 3") and "--intervention" in items.next
    md = (run / "report.md").read_text()
    assert f"Next: `{items.next}`" in md
    html = (run / "report.html").read_text()
    assert "next: <code>windtunnel whatif aeolos" in html
    args = shlex.split(items.next)[1:]
    args[args.index("--out") + 1] = str(tmp_path / "w")
    r = cli.invoke(app, args + ["--games", "60", "--jobs", "1", "--no-progress"])
    assert r.exit_code == 0, r.stderr
    assert (tmp_path / "w" / "compare.json").exists()


def test_too_few_games_of_the_trusted_tier_asks_for_more_of_them():
    from analysis.next_steps import fill
    from simulate.core.games import get_game

    own = Verdict("Seat balance", FAIL, "seat 0 +4.0")
    frame = pl.DataFrame(seat_rows("mcts:iterations=50", [0.01, -0.01], 0.029))   # +1.0 [-1.9, +3.9]
    v = trusted_seat_verdict(own, frame, "this run", [("mcts:iterations=50", 1000)], 0.03)
    assert v.verdict == WATCH and "too few games to tell" in v.reason
    fill([v], get_game("aeolos"), "runs/demo", "balanced", checked=True, run=(1, 100_000))
    assert v.next == "windtunnel report runs/demo --robustness --tiers mcts:iterations=50:4000"
    # and says how long, at the MCTS player's known speed though the run's own is unknown (#41)
    from analysis.next_steps import Played
    fill([v], get_game("aeolos"), "runs/demo", "balanced", checked=True, run=(1, 100_000),
         played=Played([("base", 3)], 100_000))
    assert TAKES.fullmatch(v.takes), v.takes


def test_eos_seat_knob_compensates_the_other_seats_of_a_seat_above_fair_one_search_per_count():
    """EOS's seat knob is the glory a seat gets at setup at that player count (issue #42), a knob that
    only adds: a seat above fair is answered by one search over every other seat's compensation, a
    seat below fair by its own; AEOLOS's knob (its starting wind) searches the seat named. The printed
    --param items parse against the game's config."""
    from analysis.next_steps import fill
    from simulate.running.autobalance import parse_params

    eos = get_game("eos")
    above = Verdict("Seat balance", FAIL, "seat 0 +12.6", {"n_players": 4, "variant": "base", "seat": 0, "above": True})
    below = Verdict("Seat balance", WATCH, "seat 3 -8.0", {"n_players": 3, "variant": "base", "seat": 2, "above": False})
    fill([above, below], eos, "runs/eos4", "balanced", checked=False)
    args = shlex.split(above.next)
    assert args[:6] == ["windtunnel", "balance", "eos", "--players", "4", "--strategies"] and "--objective" in args
    params = [args[i + 1] for i, a in enumerate(args) if a == "--param"]
    assert params == [f"seat_compensation.glory_4p[{s}]=0..40" for s in (1, 2, 3)]
    assert [p.key for p in parse_params(params, eos, eos.load_rules())] == [
        f"seat_compensation.glory_4p[{s}]" for s in (1, 2, 3)]
    assert [a for a in shlex.split(below.next) if "seat_compensation" in a] == ["seat_compensation.glory_3p[2]=0..40"]
    aeolos = Verdict("Seat balance", FAIL, "seat 0 +4", {"n_players": 3, "variant": "base", "seat": 0, "above": True})
    fill([aeolos], get_game("aeolos"), "runs/demo", "balanced", checked=False)
    assert [a for a in shlex.split(aeolos.next) if a.startswith("setup.")] == ["setup.starting_wind[0]=1..6"]


# ---------------------------------------------------------------- every next step runs as printed
TIER_GAMES = 5                           # a check against stronger play: each tier this many games
CAPS = {"--games": 50, "--budget": 1000}    # (a balance search's least budget is 1,000 games)
TAKES = re.compile(r"(under a minute|about [\d.]+ (min|h)) on this machine's [\d,]+ cores?")


def printed_steps(md):
    """[(command, how long it takes)] of each next step the report's Markdown prints, as printed."""
    return [(cmd.replace("\\|", "|"), takes) for cmd, takes in re.findall(r"Next: `(.+?)`(?: \(([^)]*)\))?", md)]


def capped(args, game):
    """A printed command's words with --games (and a balance's --budget) capped, and its skill tiers small."""
    args = list(args)
    for option, most in CAPS.items():
        if option in args:
            i = args.index(option) + 1
            args[i] = str(min(int(args[i]), most))
    if "--robustness" in args:
        if "--tiers" in args:
            i = args.index("--tiers") + 1
            args[i] = ",".join(f"{t.rpartition(':')[0]}:{TIER_GAMES}" for t in args[i].split(","))
        else:
            args += ["--tiers", ",".join(f"{s}:{TIER_GAMES}" for s, _ in game.skill_tiers)]
    return args


def run_printed(md, game, cwd, monkeypatch):
    """Run every next step a report printed (each once), as the shell would split it; each is quoted as
    shlex.quote quotes it and says how long it takes. Returns the commands."""
    monkeypatch.chdir(cwd)                              # (their --out folders are relative: runs/...)
    steps = dict(printed_steps(md))
    assert steps, md[:3000]
    for command, takes in steps.items():
        args = shlex.split(command)
        assert shlex.join(args) == command and args[0] == "windtunnel", command
        assert TAKES.fullmatch(takes or ""), (command, takes)
        r = invoke(*capped(args[1:], game))
        assert r.exit_code == 0, (command, r.stdout[-2000:], r.stderr)
    return list(steps)


def test_the_demo_likes_next_steps_run_as_printed(tmp_path, monkeypatch):
    """AEOLOS three players, balanced, checked against stronger play (small tiers), as the README's demo."""
    run = tmp_path / "demo"
    assert invoke("simulate", "aeolos", "--players", 3, "--games", 1500, "--jobs", 1, "--out", run,
                  "--no-progress").exit_code == 0
    # (its items as associations: a causes-measured report's item steps are the next test's)
    r = invoke("report", run, "--robustness", "--tiers", "tuned:300,greedy:100", "--jobs", 1, "--no-causal")
    assert r.exit_code == 0, r.stderr
    commands = run_printed((run / "report.md").read_text(), get_game("aeolos"), tmp_path, monkeypatch)
    assert any(c.startswith("windtunnel whatif aeolos --players 3") for c in commands), commands


def test_a_measured_items_steps_run_as_printed(tmp_path, monkeypatch):
    """With the items measured as causes: an outlier's step measures it again with stronger play (the
    game's first skill tier), an item too near the band's edge asks for more games of the run."""
    run = tmp_path / "demo"
    assert invoke("simulate", "aeolos", "--players", 3, "--games", 1500, "--jobs", 1, "--out", run, "--set",
                  "favor.hera.vp=20", "--no-progress").exit_code == 0
    r = invoke("report", run, "--jobs", 1, "--causal-budget", "100000")
    assert r.exit_code == 0, r.stderr
    md = (run / "report.md").read_text()
    commands = run_printed(md, get_game("aeolos"), tmp_path, monkeypatch)
    assert any(c.startswith("windtunnel whatif aeolos --players 3 --strategies tuned --intervention favor=hera")
               for c in commands), commands


def test_an_eos_runs_next_steps_run_as_printed(tmp_path, monkeypatch):
    """EOS four players: an item's what-if names it by its id ("upgrade=kusan_u4", never "Jacub's
    Patronage (kusan_u4)"), and the seats' step, a balance search over the other seats' compensation
    at setup (EOS's seat knob, issue #42; before it, a check against stronger play), runs."""
    run = tmp_path / "eos4"
    assert invoke("simulate", "eos", "--players", 4, "--games", 1000, "--jobs", 1, "--out", run,
                  "--no-progress").exit_code == 0
    assert invoke("report", run, "--no-causal").exit_code == 0       # (items as associations: their what-ifs)
    commands = run_printed((run / "report.md").read_text(), get_game("eos"), tmp_path, monkeypatch)
    whatifs = [shlex.split(c) for c in commands if c.startswith("windtunnel whatif eos")]
    assert whatifs, commands
    item = whatifs[0][whatifs[0].index("--intervention") + 1]
    assert re.fullmatch(r"[a-z_]+=[a-z0-9_]+", item), item
    seat = [c for c in commands if c.startswith("windtunnel balance eos --players 4")]   # seat 0 above fair
    assert seat and all(f"seat_compensation.glory_4p[{s}]=0..40" in seat[0] for s in (1, 2, 3)), commands


def test_a_comparisons_next_steps_run_as_printed(tmp_path, monkeypatch):
    out = tmp_path / "cmp"
    r = invoke("compare", "aeolos", "--variants", "base,tableaus", "--players", 3, "--games", 600, "--jobs", 1,
               "--out", out, "--no-progress")
    assert r.exit_code == 0, r.stderr
    commands = run_printed((out / "report.md").read_text(), get_game("aeolos"), tmp_path, monkeypatch)
    assert any("--robustness" in c for c in commands), commands
