"""`windtunnel landscape` (issue #44): the styles' meta-game played and read. Planted answers: the
rock-paper-scissors game (``tests/rpsgame``) is a cycle with an even mix; AEOLOS with every Favor
card worth twice its end VP makes the favor style dominant, which the printed game's is not."""
import json

import numpy as np
import polars as pl
import pytest

from simulate.running.landscape import FILE, read, styles

from .cli_invoke import invoke

FAVOR_CARDS = ("aeolos", "apollon", "artemis", "athene", "hera", "hermes", "plutos", "zeus")


@pytest.fixture
def rps(monkeypatch):
    monkeypatch.setenv("WINDTUNNEL_GAMES", "rps=tests.rpsgame")


def landscape(*args):
    r = invoke("landscape", *args, "--jobs", 1, "--no-progress")
    assert r.exit_code == 0, r.stderr
    return r


@pytest.mark.parametrize("players", [2, 3])
def test_a_planted_cycle_is_a_cycle_with_an_even_mix(rps, tmp_path, players):
    r = landscape("rps", "--players", players, "--games", 300, "--resamples", 50, "--out", tmp_path / "l")
    assert "No style beats every other" in r.stdout
    assert "A cycle: paper beats rock, rock beats scissors, scissors beats paper" in r.stdout
    meta, summary, made = read(tmp_path / "l")
    assert made["game"] == "rps" and made["styles"] == ["paper", "rock", "scissors"] and made["players"] == players
    assert summary["dominant"] == -1 and summary["cycles"] == [[0, 1, 2]]      # paper > rock > scissors > paper
    assert all(lo < 1 / 3 < hi for lo, hi in zip(summary["mix_low"], summary["mix_high"]))
    assert int(meta.games.sum()) == len(meta.counts) * 300 == summary["games"]
    assert np.allclose(meta.share.sum(axis=1), meta.games)          # every game's win shared out once


def test_a_style_made_stronger_is_dominant(tmp_path):
    stronger = [x for card in FAVOR_CARDS for x in ("--set", f"favor.{card}.end_vp=6")]
    r = landscape("aeolos", "--players", 2, "--games", 120, "--resamples", 20, "--json", *stronger)
    planted = json.loads(r.stdout)
    favor = planted["styles"].index("favor")
    assert planted["dominant"] == favor and planted["dominant_share"][favor] == 1.0
    assert planted["mix"][favor] > 0.99 and planted["alpha_rank"][favor] > 0.9
    printed = json.loads(landscape("aeolos", "--players", 2, "--games", 120, "--resamples", 20, "--json").stdout)
    assert printed["dominant"] != favor and printed["styles"] == planted["styles"] == styles("aeolos")


def test_the_budget_goes_to_the_undecided_and_the_games_are_the_same_deals(rps, tmp_path):
    """A tremble of 100%: every throw random, no style beats another, so every pair is undecided
    and gets its games doubled (100 -> 200), then what the budget has left shared out (+133);
    clear pairs (tremble 20%) get none. Workers or not, the same table."""
    landscape("rps", "--games", 100, "--budget", 1000, "--set", "throw.tremble=100", "--resamples", 0,
              "--out", tmp_path / "a")
    meta = read(tmp_path / "a")[0]
    assert meta.games.tolist() == [333, 333, 333]
    landscape("rps", "--games", 100, "--budget", 1000, "--resamples", 0, "--out", tmp_path / "b")
    assert read(tmp_path / "b")[0].games.tolist() == [100, 100, 100]
    # (the test games are registered in this process only: the workers' check plays AEOLOS)
    one, two = (invoke("landscape", "aeolos", "--players", 2, "--games", 40, "--resamples", 0, "--out",
                       tmp_path / f"j{jobs}", "--jobs", jobs, "--no-progress") for jobs in (1, 2))
    assert one.exit_code == two.exit_code == 0, one.stderr + two.stderr
    assert np.array_equal(read(tmp_path / "j1")[0].share, read(tmp_path / "j2")[0].share)


@pytest.mark.parametrize("args,said", [
    (["rps", "--strategies", "rock"], "a landscape needs at least two styles"),
    (["dice", "--players", 2], "Dice marks 0 style = true"),
    (["rps", "--budget", 0], "--budget must be a positive number of games"),
    (["rps", "--strategies", "rock,stone"], "unknown strategy 'stone'"),
    (["rps", "--resamples", -1], "--resamples must be 0 or more"),
])
def test_bad_input_is_one_line(rps, monkeypatch, args, said):
    monkeypatch.setenv("WINDTUNNEL_GAMES", "rps=tests.rpsgame,dice=tests.dicegame")
    r = invoke("landscape", *args, "--no-progress")
    assert r.exit_code == 2 and said in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_an_existing_landscape_is_kept_without_force(rps, tmp_path):
    out = tmp_path / "l"
    out.mkdir()
    (out / FILE).write_text("mine")
    (out / "notes.txt").write_text("the user's")
    r = invoke("landscape", "rps", "--games", 30, "--out", out, "--no-progress")
    assert r.exit_code == 2 and "already exists" in r.stderr and (out / FILE).read_text() == "mine"
    landscape("rps", "--games", 30, "--resamples", 0, "--out", out, "--force")
    assert read(out)[2]["game"] == "rps" and (out / "notes.txt").read_text() == "the user's"
    assert "**Is one style the best way to play?** pass" in (out / "landscape.md").read_text()
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "landscape.md").write_text("my own notes")             # a user's file of our page's name: kept
    r = invoke("landscape", "rps", "--games", 30, "--out", mine, "--no-progress", "--force")
    assert r.exit_code == 2 and "windtunnel did not write it" in r.stderr
    assert (mine / "landscape.md").read_text() == "my own notes" and not (mine / FILE).exists()


def test_a_run_folders_report_shows_its_landscape(rps, tmp_path):
    """The landscape played into a run folder: the report's summary card answers whether one style
    is the best way to play, its table and response graph follow; a landscape.json changed after
    it was written is left out with a note, never reported."""
    run = tmp_path / "run"
    r = invoke("simulate", "rps", "--players", 2, "--games", 200, "--strategies", "rock,paper", "--out", run,
               "--no-progress")
    assert r.exit_code == 0, r.stderr
    landscape("rps", "--games", 200, "--resamples", 20, "--out", run)
    r = invoke("report", run)
    assert r.exit_code == 0, r.stderr
    page = (run / "report.md").read_text()
    assert "| Is one style the best way to play? | **pass** | No style beats every other." in page
    assert "### Strategy landscape" in page and "A cycle: paper beats rock" in page
    assert (run / "report_files" / "landscape.png").stat().st_size > 1000
    data = json.loads((run / FILE).read_text())
    data["summary"]["dominant"] = 0                       # a hand edit: the checksum no longer matches
    (run / FILE).write_text(json.dumps(data))
    assert invoke("report", run).exit_code == 0
    page = (run / "report.md").read_text()
    assert "Is one style the best way to play?" not in page and "The strategy landscape is left out" in page


def test_each_nation_with_each_style_against_a_balanced_field():
    """EOS's nations (its balance group): each style in one seat against balanced seats, per nation."""
    r = landscape("eos", "--players", 3, "--strategies", "merchant,angel_seeker", "--games", 60, "--resamples", 0,
                  "--json")
    g = json.loads(r.stdout)["groups"]["nation"]
    seats, wins = np.array(g["seats"]), np.array(g["wins"])
    assert g["styles"] == ["merchant", "angel_seeker"] and g["field"] == "balanced" and len(g["labels"]) >= 5
    assert seats.sum(axis=0).tolist() == [60, 60] and (wins <= seats).all() and wins.sum() > 0


def test_balance_for_variety_finds_the_value_that_makes_every_style_worth_playing(rps, tmp_path):
    """Rock-paper-scissors whose rock scores nothing for beating scissors: scissors then beats rock
    (a trembled throw decides their games) and the equilibrium plays scissors alone (variety 0);
    `balance --objective variety` over the rock's points finds a value that restores the cycle
    (variety 1), confirmed on fresh seeds with the printed game's interval below the found one's."""
    out = tmp_path / "b"
    r = invoke("balance", "rps", "--players", 2, "--param", "throw.rock_points=0..2", "--objective", "variety",
               "--set", "throw.rock_points=0", "--budget", 6000, "--out", out, "--jobs", 1, "--no-progress")
    assert r.exit_code == 0, r.stderr
    s = json.loads((out / "balance.json").read_text())
    assert s["strategies"] == "paper,rock,scissors" and s["best"][0]["values"]["throw.rock_points"] >= 1
    before, after = s["confirm"]["cells"]["printed"]["variety"]["2"], s["confirm"]["cells"]["balanced"]["variety"]["2"]
    assert before[0] < 0.2 and after[0] > 0.95 and after[1] > before[2]
    # the seat gap read from win shares (a shared win split): RPS's many ties are no seat's edge
    assert s["confirm"]["cells"]["balanced"]["objective"] < 5 < s["confirm"]["cells"]["printed"]["objective"]
    assert read(out / "confirm" / "balanced")[2]["config"]["throw"]["rock_points"] >= 1
    assert "variety" in r.stdout and (out / "balanced.toml").is_file()


def test_a_notebook_plays_and_opens_a_landscape(rps, tmp_path):
    import simulate

    land = simulate.landscape("rps", players=2, games=150, resamples=10, jobs=1, out=tmp_path / "l")
    assert land.summary["cycles"] == [[0, 1, 2]] and "A cycle: paper beats rock" in land.text()
    table = land.table()
    assert table.height == 3 and table["games"].to_list() == [150] * 3
    assert (table.select(pl.sum_horizontal("share_paper", "share_rock", "share_scissors")).to_series()
            .round(6) == table["games"]).all()
    again = simulate.open_landscape(tmp_path / "l")
    assert again.summary == land.summary and np.array_equal(again.meta.share, land.meta.share)
