"""`windtunnel balance` (issue #23): a search of the game's numbers for a fairer game, raced on
common random numbers, judged and confirmed on fresh seeds, written as a config to use."""
import json
import shlex
import tomllib

import numpy as np
import pytest

from analysis.objectives import Tallies, Tally, anytime_upper, closeness, interval, parse_objective, value
from simulate.running.autobalance import overrides_of, parse_params, race, snap, whole_games
from simulate.core.errors import UserError
from simulate.core.games import get_game

from .cli_invoke import invoke





def tally(seat_rates, games=10_000, strat=(0.5,), turns=30.0):
    seat = np.array(seat_rates) * games
    return Tally(games, seat, np.array(strat) * games * len(seat_rates), np.full(len(strat), games * len(seat_rates)),
                 turns * games, turns * turns * games, 70.0 * games, 4900.0 * games)


def test_objective_terms_measure_distance_from_fair():
    seat = parse_objective(["seat"])
    assert value(seat, tally([0.57, 0.43]), 2)[0] == pytest.approx(7.0)
    assert value(seat, tally([0.5, 0.5]), 2)[0] == pytest.approx(0.0)
    both = parse_objective(["seat,length=32:0.5"])
    assert value(both, tally([0.55, 0.45], turns=30.0), 2)[0] == pytest.approx(5.0 + 0.5 * 2.0)
    lo, hi = interval(seat, tally([0.57, 0.43]), 2)[0]
    assert lo < 7.0 < hi and hi - lo < 3.0


def test_a_group_term_weighs_each_label_over_the_seat_games_it_played():
    """A balance group (EOS's nation): each label's wins over the seats that had it, the largest
    distance from 1/P; a label no seat played is left out, not read as 0%."""
    nation = parse_objective(["nation"], groups=("nation",))
    t = tally([0.5, 0.5])
    t.group_wins = {"nation": np.array([300.0, 700.0, 0.0])}
    t.group_seats = {"nation": np.array([1000.0, 1000.0, 0.0])}      # two labels dealt, the third never
    assert value(nation, t, 2)[0] == pytest.approx(20.0)
    lo, hi = interval(nation, t, 2)[0]
    assert lo < 20.0 < hi and hi - lo < 8.0
    assert value(parse_objective(["seat,nation:0.5"], groups=("nation",)), t, 2)[0] == pytest.approx(10.0)
    with pytest.raises(UserError, match="no objective 'nation'"):
        parse_objective(["nation"])                                   # a game without groups


def test_several_player_counts_are_judged_by_the_worst():
    seat = parse_objective(["seat"])
    both = Tallies({2: tally([0.53, 0.47]), 3: tally([0.40, 0.30, 0.30])})
    assert value(seat, both, None)[0] == pytest.approx(100 * (0.40 - 1 / 3))
    (lo, hi), _ = interval(seat, both, None)
    assert lo > 5.0                                                   # the 3-player count's, not the 2-player's 3
    assert (both + both)[3].games == 20_000
    assert whole_games(1000, [2, 3, 4, 5], 20) == 960 and whole_games(10, [2, 3], 20) == 60


def test_close_counts_each_change_and_its_size():
    g = get_game("aeolos")
    params = parse_params(["setup.starting_wind[1]=1..6", "setup.start_vp=0..10"], g, g.load_rules())
    printed = (params[0].printed, params[1].printed)
    assert closeness(params, printed) == 0
    moved = closeness(params, (printed[0] + 5, printed[1]))
    assert moved == pytest.approx(1 + 10 * 5 / 5)


def test_params_name_list_elements_and_keep_the_rest_of_the_list():
    g = get_game("aeolos")
    rules = g.load_rules()
    params = parse_params(["setup.starting_wind[1]=1..6"], g, rules)
    assert params[0].integer and params[0].printed == rules.config["setup"]["starting_wind"][1]
    wind = list(rules.config["setup"]["starting_wind"])
    wind[1] = 5
    assert overrides_of(params, (5.4,), rules.config) == {"setup.starting_wind": wind}
    assert snap(params, (9.0,)) == (6,)


@pytest.mark.parametrize("param, words", [
    ("setup.nothing=1..2", "setup.nothing is not a number"),
    ("setup.starting_wind[9]=1..2", "not a list with an element 9"),
    ("setup.start_vp=5..1", "low end must be below"),
    ("start_vp", "expected KEY=LO..HI"),
])
def test_bad_params_are_one_line_and_exit_2(tmp_path, param, words):
    r = invoke("balance", "aeolos", "--players", 2, "--param", param, "--out", tmp_path / "b")
    assert r.exit_code == 2 and words in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert not (tmp_path / "b").exists()


def test_racing_drops_the_worse_half_and_spends_games_on_the_close_ones():
    class Fake:                                    # objective = |x - 3| exactly, whatever the games
        played = 0

        def tally(self, xs, seed, first, n):
            return [tally([0.5 + abs(x[0] - 3) / 100, 0.5 - abs(x[0] - 3) / 100], games=n) for x in xs]

    params = parse_params(["setup.start_vp=0..10"], get_game("aeolos"), get_game("aeolos").load_rules())
    xs = [(v,) for v in range(8)]
    cands, saved = race(Fake(), parse_objective(["seat"]), xs, 1, 10_000, 2, params, 100)
    rounds = {c.x[0]: c.rounds for c in cands}
    assert rounds[3] == max(rounds.values()) > rounds[7] == 1
    assert saved > 0 and min(cands, key=lambda c: (-c.rounds, c.objective)).x == (3,)


def test_a_planted_imbalance_is_found_and_undone(tmp_path):
    """The first seat's second-player wind pushed far off (--set): the search over that value
    finds its way back near the value that makes the game fair, confirms it on fresh seeds and
    writes a config that plays it."""
    out = tmp_path / "b"
    r = r_search = invoke("balance", "aeolos", "--players", 2, "--set", "setup.starting_wind=[3,9,3,4]",
                          "--param", "setup.starting_wind[1]=1..10", "--budget", 120_000, "--jobs", 1, "--out", out,
                          "--no-progress")
    assert r.exit_code == 0, r.stderr
    s = json.loads((out / "balance.json").read_text())
    assert s["printed"]["values"]["setup.starting_wind[1]"] == 9 and s["printed"]["objective"] > 5
    best = s["best"][0]
    assert 3 <= best["values"]["setup.starting_wind[1]"] <= 5 and best["objective"] < 3
    assert s["games_saved_by_racing"] > 0 and s["games_played"] <= 120_000
    printed, found = s["confirm"]["cells"]
    assert abs(found["seats"][0][0] - 0.5) < abs(printed["seats"][0][0] - 0.5)
    written = tomllib.loads((out / "balanced.toml").read_text())
    assert written["setup"]["starting_wind"] == [3, best["values"]["setup.starting_wind[1]"], 3, 4]
    assert (out / "confirm" / "report.html").is_file() and "Verdict:" in r.stdout
    r = invoke("simulate", "aeolos", "--players", 2, "--games", 100, "--config", out / "balanced.toml", "--jobs", 1,
               "--out", tmp_path / "run", "--no-progress")
    assert r.exit_code == 0, r.stderr
    # the check with the game's first skill tier, which the search did not play, runs as printed
    line = next(x for x in r_search.stdout.splitlines() if x.startswith("Stronger play (the search played balanced"))
    argv = shlex.split(line.split(": ", 1)[1])
    assert argv[argv.index("--config") + 1] == str(out / "balanced.toml")
    assert argv[:2] == ["windtunnel", "simulate"] and argv[argv.index("--strategies") + 1] == "tuned"
    argv[argv.index("--games") + 1] = "40"
    r = invoke(*argv[1:], "--jobs", 1, "--no-progress")
    assert r.exit_code == 0, r.stderr


def test_several_player_counts_are_searched_and_confirmed_each(tmp_path):
    out = tmp_path / "b"
    r = invoke("balance", "aeolos", "--players", "2,3", "--param", "setup.start_vp=0..3", "--budget", 12_000,
               "--jobs", 1, "--out", out, "--no-progress")
    assert r.exit_code == 0, r.stderr
    s = json.loads((out / "balance.json").read_text())
    assert s["players"] == [2, 3] and s["games_played"] <= 12_000
    assert sorted((c["cell"], c["players"]) for c in s["confirm"]["cells"]) == [
        ("balanced", 2), ("balanced", 3), ("base", 2), ("base", 3)]
    assert all(len(c["seats"]) == c["players"] for c in s["confirm"]["cells"])
    assert "2, 3 players" in r.stdout and "the worst player count's" in r.stdout
    r = invoke("balance", "aeolos", "--players", "2,3", "--param", "setup.start_vp=0..3", "--strategies",
               "balanced,greedy", "--out", tmp_path / "c")
    assert r.exit_code == 2 and "the same for every player count" in r.stderr and not (tmp_path / "c").exists()


def test_an_assumed_value_is_called_assumed_and_nothing_fair_is_said_on_screen_and_in_the_file(tmp_path):
    """A searched value the config marks ASSUMED is not "printed"; the objective is in words (not
    "1 x seat"); a search that found nothing fair enough says so on screen and at the top of the
    balanced.toml it still writes (a tolerance no 1,000 games can meet)."""
    out = tmp_path / "b"
    r = invoke("balance", "aeolos", "--players", 2, "--param", "scoring.unused_bonus_token_vp=0..4", "--param",
               "setup.start_vp=0..2", "--budget", 1000, "--tolerance", 0.001, "--jobs", 1, "--out", out,
               "--no-progress")
    assert r.exit_code == 0, r.stderr
    assert "scoring.unused_bonus_token_vp in 0..4 (assumed 2, not printed in the rulebook)" in r.stdout
    assert "setup.start_vp in 0..2 (printed 0)" in r.stdout and "\n  current  scoring." in r.stdout
    assert "objective: the largest gap of a seat's win rate from a fair share (points)" in r.stdout
    assert " x seat" not in r.stdout
    assert "Config of the best setting tried, not fair enough (the verdict above): " in r.stdout
    s = json.loads((out / "balance.json").read_text())
    assert s["assumed"] == ["scoring.unused_bonus_token_vp"] and s["fair_enough"] == "no"
    text = (out / "balanced.toml").read_text()
    assert text.startswith("# NOT FAIR ENOUGH: the search found nothing fair enough") and "not a fair game." in text
    assert "(was 2, assumed)" in text and "(was 0)" in text
    assert tomllib.loads(text)["scoring"]["unused_bonus_token_vp"] == s["best"][0]["values"][
        "scoring.unused_bonus_token_vp"]


def test_a_busy_out_folder_is_left_alone(tmp_path):
    out = tmp_path / "b"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    r = invoke("balance", "aeolos", "--players", 2, "--param", "setup.start_vp=0..3", "--out", out, "--force")
    assert r.exit_code == 2 and "not a windtunnel balance search" in r.stderr
    assert (out / "notes.txt").read_text() == "mine"


def test_the_early_stop_bound_holds_only_with_enough_games_and_only_for_win_rate_terms():
    rng = np.random.default_rng(2)

    def fair(n):
        won = rng.random(n) < 0.5
        per_game = np.stack([won, ~won, np.full(n, 0.5)], axis=1).astype(np.float32)
        return Tally(n, per_game[:, :2].sum(axis=0), np.array([n]), np.array([2 * n]), per_game=per_game)

    from analysis.objectives import anytime_upper
    seat = parse_objective(["seat"])
    assert anytime_upper(seat, fair(2_000), 2, tolerance=1.0) > 1.0          # too few games to tell
    assert anytime_upper(seat, fair(200_000), 2, tolerance=1.0) <= 1.0       # fair, and known to be
    assert anytime_upper(parse_objective(["seat,length=30"]), fair(200_000), 2) is None
    both = fair(1_000) + fair(1_000)
    assert both.per_game.shape == (2_000, 3) and both.games == 2_000


def test_the_early_stop_bound_reads_a_group_label_on_the_games_it_played_only():
    """A label dealt in half the games (NaN in the others) is bounded on those games: a fair
    label is known to be fair, and an absent game is no loss."""
    rng = np.random.default_rng(3)
    n = 400_000
    won = rng.random(n) < 0.5
    dealt = rng.random(n) < 0.5
    label = np.where(dealt, (rng.random(n) < 0.5).astype(np.float32), np.nan)
    per_game = np.stack([won, ~won, np.full(n, 0.5), label], axis=1).astype(np.float32)
    t = Tally(n, per_game[:, :2].sum(axis=0), np.array([n]), np.array([2 * n]), per_game=per_game,
              group_wins={"nation": np.array([np.nansum(label)])}, group_seats={"nation": np.array([dealt.sum()])})
    nation = parse_objective(["nation"], groups=("nation",))
    assert anytime_upper(nation, t, 2, tolerance=1.0) <= 1.0
    label[dealt] = (rng.random(dealt.sum()) < 0.6)                    # a label at 60%: never within 1 point
    t.per_game[:, 3] = label
    assert anytime_upper(nation, t, 2, tolerance=1.0) > 5.0


@pytest.mark.parametrize("args, words", [
    (["--objective", "luck"], "no objective 'luck'"),
    (["--objective", "nation"], "no objective 'nation'"),             # AEOLOS declares no balance groups
    (["--objective", "length"], "length needs a target"),
    (["--objective", "diversity"], "give two strategies or more"),
    (["--strategies", "grandmaster"], "grandmaster"),
    (["--budget", "10"], "at least 1,000 games"),
])
def test_bad_objectives_strategies_and_budgets_are_one_line(tmp_path, args, words):
    r = invoke("balance", "aeolos", "--players", 2, "--param", "setup.start_vp=0..3", *args, "--out", tmp_path / "b")
    assert r.exit_code == 2 and words in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert not (tmp_path / "b").exists()


def test_a_search_stopped_half_way_is_ours_to_replace(tmp_path):
    out = tmp_path / "b"
    out.mkdir()
    (out / "balance.json").write_text('{"status": "running"}\n')      # what a search killed half-way leaves
    r = invoke("balance", "aeolos", "--players", 2, "--param", "setup.start_vp=0..3", "--budget", 2000, "--out", out)
    assert r.exit_code == 2 and "already holds a balance search" in r.stderr
    r = invoke("balance", "aeolos", "--players", 2, "--param", "setup.start_vp=0..3", "--budget", 2000, "--jobs", 1,
               "--out", out, "--force", "--no-progress")
    assert r.exit_code == 0, r.stderr
    assert json.loads((out / "balance.json").read_text())["status"] == "complete"


def test_an_interrupted_search_is_one_line_and_its_folder_ours_to_replace(tmp_path, monkeypatch):
    import simulate.running.autobalance

    def stopped(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate.running.autobalance, "search", stopped)
    out = tmp_path / "b"
    for _ in range(2):                  # the second: the same command, no --force needed
        r = invoke("balance", "aeolos", "--players", 2, "--param", "setup.start_vp=0..3", "--out", out)
        assert r.exit_code == 130 and "balance interrupted" in r.stderr and len(r.stderr.strip().splitlines()) == 1
        assert json.loads((out / "balance.json").read_text())["status"] == "interrupted"


def test_a_search_that_fails_half_way_is_one_line_and_needs_no_force_again(tmp_path, monkeypatch):
    # a worker that dies (loky: BrokenProcessPool) or a full disk: one line, and balance.json marked failed
    # (not left "running", which only --force replaces)
    import simulate.running.autobalance

    def broken(*a, **k):
        raise RuntimeError("A process in the process pool was terminated abruptly")

    monkeypatch.setattr(simulate.running.autobalance, "search", broken)
    out = tmp_path / "b"
    for _ in range(2):
        r = invoke("balance", "aeolos", "--players", 2, "--param", "setup.start_vp=0..3", "--out", out)
        assert r.exit_code == 1, r.stderr
        assert "balance failed (RuntimeError: A process in the process pool" in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.output
        assert json.loads((out / "balance.json").read_text())["status"] == "failed"


@pytest.mark.parametrize("param, words", [
    # each end is valid with the other as printed (2 and 3 of 28 tokens); together they are not
    (["setup.starting_wind[0]=0..15", "setup.starting_wind[1]=0..15"],
     "at setup.starting_wind[0] = 15, setup.starting_wind[1] = 15 the config is invalid"),
    (["setup.starting_wind[0]=0..18", "setup.starting_wind[1]=0..18"],          # too many settings: the corners
     "at setup.starting_wind[0] = 18, setup.starting_wind[1] = 18 the config is invalid"),
])
def test_ranges_invalid_inside_are_refused_before_anything_is_written(tmp_path, param, words):
    args = [a for p in param for a in ("--param", p)]
    r = invoke("balance", "aeolos", "--players", 2, *args, "--budget", 2000, "--out", tmp_path / "b")
    assert r.exit_code == 2 and words in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert not (tmp_path / "b").exists()


@pytest.mark.parametrize("where, words", [
    ("simulate.running.autobalance:value", "balance interrupted"),           # the search, after its workers played
    ("reports:build_report", "balance interrupted"),                 # the files written after it
])
def test_sigterm_at_any_moment_is_one_line_and_exit_130(tmp_path, where, words):
    from tests.stopped_at import stopped_at

    r = stopped_at(where, ["balance", "aeolos", "--players", 2, "--param", "setup.start_vp=0..3", "--budget", 1000,
                           "--jobs", 2, "--out", "b", "--no-progress"], tmp_path)
    assert r.returncode == 130, r.stderr                               # not -15: killed by the signal
    assert len(r.stderr.strip().splitlines()) == 1 and words in r.stderr, r.stderr     # no loky warning either
    assert json.loads((tmp_path / "b" / "balance.json").read_text())["status"] == "interrupted"
