"""`windtunnel balance` on EOS (issue #33): the nation term, an action string's amount as a
searched number, and a planted nation imbalance found and undone."""
import json
import tomllib

import numpy as np
import polars as pl
import pytest

from simulate.running.autobalance import overrides_of, parse_params, play_tally
from simulate.core.errors import UserError
from simulate.core.games import get_game

from .cli_invoke import invoke

EOS = get_game("eos")




def test_an_amount_keeps_its_sign_and_the_rest_of_its_string():
    rules = EOS.load_rules(None, {"nations.noom.ship.setup": ["power:3 + coins:5"]})
    params = parse_params(["nations.kwanan.hero.Falkuun.ranks[1].cost[0]=5..20",       # "coins:-10"
                           "nations.noom.ship.setup[0]@coins=1..9", "nations.noom.ship.setup[0]@power=1..9",
                           "nations.kwanan.ship.slots[3][0]=10..30"], EOS, rules)       # "coins:15"
    assert [p.printed for p in params] == [10, 5, 3, 15] and all(p.integer for p in params)
    sets = overrides_of(params, (12, 7, 2, 20), rules.config, EOS)
    assert sets["nations.kwanan.hero.Falkuun.ranks"][1]["cost"] == ["coins:-12"]
    assert sets["nations.kwanan.hero.Falkuun.ranks"][0] == rules.config["nations"]["kwanan"]["hero"][0]["ranks"][0]
    assert sets["nations.noom.ship.setup"] == ["power:2 + coins:7"]              # two numbers of one string
    slots = [list(s) for s in rules.config["nations"]["kwanan"]["ship"]["slots"]]
    slots[3] = ["coins:20"]
    assert sets["nations.kwanan.ship.slots"] == slots
    played = EOS.load_rules(None, {"nations.noom.ship.setup": ["power:3 + coins:5"], **sets}).config
    assert played["nations"]["kwanan"]["hero"][0]["ranks"][1]["cost"] == ["coins:-12"]


@pytest.mark.parametrize("param, words", [
    ("nations.kwanan.ship.slots[0][0]=1..3", "'upgrade / rank' holds no written amount"),
    ("nations.kwanan.ship.slots[3]=1..3", "is not a number"),
    ("nations.kwanan.ship.slots[9][0]=1..3", "not a list with an element 9"),
    ("nations.atlantis.ship.slots[3][0]=1..3", "nations.atlantis.ship.slots is not in"),
    ("nations.kwanan.ship.slots[3][0]@glory=1..3", "holds no amount of glory"),
    ("nations.kwanan.ship.slots[3][0]=0..30", "at 0 the config is invalid"),             # an amount of 0
    ("nations.kwanan.hero.Falkuun.ranks[1].cost[0]=-5..20", "at -5 the config is invalid"),
    ("game.hand_limit=1..40", "at 40 the config is invalid"),
    ("game.hand_limit@coins=1..4", "is a number; it takes no @coins"),
])
def test_bad_eos_params_are_one_line_and_exit_2_with_nothing_written(tmp_path, param, words):
    r = invoke("balance", "eos", "--players", 2, "--param", param, "--objective", "nation", "--out", tmp_path / "b")
    assert r.exit_code == 2 and words in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert not (tmp_path / "b").exists()


def test_several_amounts_in_one_string_need_a_symbol():
    rules = EOS.load_rules(None, {"nations.noom.ship.setup": ["power:3 + coins:5"]})
    with pytest.raises(UserError, match=r"several amounts \(power, coins\): name one with @SYMBOL"):
        parse_params(["nations.noom.ship.setup[0]=1..9"], EOS, rules)


def test_the_nation_tally_from_the_kernel_arrays_is_the_seats_tables(tmp_path):
    """The search counts each nation's wins from the batch's arrays (``Results.group``), the
    confirmation from the seats table's nation column: the same games give the same counts."""
    r = invoke("simulate", "eos", "--players", 3, "--games", 300, "--seed", 5, "--strategies", "balanced",
               "--jobs", 1, "--out", tmp_path / "run", "--no-progress")
    assert r.exit_code == 0, r.stderr
    t = play_tally("eos", None, None, {}, 3, ["balanced"] * 3, 5, 0, 300)
    seats = pl.read_parquet(tmp_path / "run" / "seats" / "*.parquet")
    by = seats.group_by("nation").agg(w=pl.col("won").sum(), n=pl.len())
    wins, n = dict(zip(by["nation"], by["w"])), dict(zip(by["nation"], by["n"]))
    assert list(t.group_wins["nation"]) == [wins.get(k, 0) for k in EOS.balance_groups["nation"]]
    assert list(t.group_seats["nation"]) == [n.get(k, 0) for k in EOS.balance_groups["nation"]]
    assert t.group_seats["nation"].sum() == 900 and t.per_game.shape == (300, 3 + 1 + 5)
    dealt = ~np.isnan(t.per_game[:, 4:])
    assert (dealt.sum(axis=1) == 3).all()                    # three nations a game: the other two are no data


@pytest.mark.slow          # a statistical search of 20,000 games (AEOLOS's planted imbalance runs in CI)
def test_a_planted_nation_imbalance_is_found_and_undone(tmp_path):
    """The Guild's ship setup given 60 glory (--set): the search over that amount brings it down,
    the nation term falls on the confirmation's fresh games, and the config written plays."""
    out = tmp_path / "b"
    r = invoke("balance", "eos", "--players", 2, "--set", 'nations.guild.ship.setup=["draw","glory:60"]',
               "--param", "nations.guild.ship.setup[1]=1..60", "--objective", "nation", "--budget", 20_000,
               "--jobs", 1, "--out", out, "--no-progress")
    assert r.exit_code == 0, r.stderr
    s = json.loads((out / "balance.json").read_text())
    assert s["printed"]["values"] == {"nations.guild.ship.setup[1]": 60} and s["printed"]["terms"]["nation"] > 30
    best = s["best"][0]
    assert best["values"]["nations.guild.ship.setup[1]"] <= 20 and best["objective"] < s["printed"]["objective"] - 8
    given, found = s["confirm"]["cells"]
    assert found["groups"]["nation"]["guild"]["hi"] < given["groups"]["nation"]["guild"]["lo"]
    assert s["set"] == {"nations.guild.ship.setup": ["draw", f"glory:{best['values']['nations.guild.ship.setup[1]']}"]}
    text = (out / "balanced.toml").read_text()
    assert tomllib.loads(text)["nations"]["guild"]["ship"]["setup"] == s["set"]["nations.guild.ship.setup"]
    assert f"(was 60): 'glory:{best['values']['nations.guild.ship.setup[1]']}'" in text
    r = invoke("simulate", "eos", "--players", 2, "--games", 50, "--config", out / "balanced.toml", "--jobs", 1,
               "--out", tmp_path / "run", "--no-progress")
    assert r.exit_code == 0, r.stderr


def test_a_search_refused_half_way_leaves_nothing(tmp_path, monkeypatch):
    import simulate.running.autobalance

    def refused(*a, **k):
        raise UserError("a setting the config cannot take")

    monkeypatch.setattr(simulate.running.autobalance, "search", refused)
    r = invoke("balance", "eos", "--players", 2, "--param", "nations.kwanan.ship.slots[3][0]=10..30", "--out",
               tmp_path / "b")
    assert r.exit_code == 2 and "cannot take" in r.stderr and not (tmp_path / "b").exists()


def test_eos_plays_a_resolved_config_in_one_file_and_refuses_a_module_twice(tmp_path):
    import tomli_w

    night = EOS.load_rules(None, {"game.hand_limit": 4}, variants=["night"])
    path = tmp_path / "balanced.toml"
    path.write_text(tomli_w.dumps(night.config))
    assert EOS.load_rules(str(path)).hash == night.hash
    with pytest.raises(UserError, match="already plays the night module"):
        EOS.load_rules(str(path), variants=["night"])
