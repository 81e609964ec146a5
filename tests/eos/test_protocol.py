"""EOS through the game protocol: runs through the Python runner and the CLI, its tables
(row counts, columns, won and score against the kernel), --nations fixed, rotated and
refused, reproducibility whatever the batches and workers, --resume, the report, the
replay of a rotated run's game and the bench. (The kernel's first compile, ~50 s, is not counted in this file's time.)"""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from typer.testing import CliRunner

import simulate
from simulate.cli import app
from simulate.eos import GAME
from simulate.eos.config import MODULES, NATIONS
from simulate.core.errors import UserError
from simulate.core.records import CORE
from strategies import resolve_strategies

SCHEMAS = GAME.schemas()

ROOT = Path(__file__).resolve().parents[2]
WINDTUNNEL = Path(sys.executable).parent / "windtunnel"
FOUR = "noom,kusan,guild,kwanan"


def windtunnel(*args):
    p = subprocess.run([str(WINDTUNNEL), *map(str, args)], cwd=ROOT, capture_output=True, text=True, timeout=600,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 0, f"windtunnel {' '.join(map(str, args))}:\n{p.stdout}\n{p.stderr}"
    return p.stdout


def frames(out):
    run = simulate.open_run(out)
    return run.games.collect().sort("game_id"), run.seats.collect().sort("game_id", "seat"), run.manifest


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("eos")
    GAME.play(GAME.load_rules(), 2, 0, 0, 1, *resolve_strategies(GAME, "greedy", 2)[1:])   # compile (not timed)
    simulate.run("eos", players=2, games=200, seed=5, out=base / "two", jobs=1, progress=False)
    text = windtunnel("simulate", "eos", "--players", 4, "--games", 200, "--seed", 9, "--strategies",
                      "greedy,random,greedy,greedy", "--nations", FOUR, "--rotate-seats", "--jobs", 1,
                      "--out", base / "four", "--no-progress")
    return base, text


def test_the_protocol_object():
    assert GAME.name == "eos" and GAME.players == (1, 5) and GAME.score_unit == "glory" and GAME.variants == MODULES
    assert simulate.core.games.get_game("eos") is GAME
    schema = GAME.strategy_schema()
    assert schema.default == "balanced" and set(schema.policies) == {"random", "heuristic", "lookahead", "mcts", "plugin", "record",
                                                                       "replay"}
    assert schema.scorer_signature is not None and GAME.plugin_error_code == 92
    assert set(simulate.core.games.get_game("eos").schemas()) == {"games", "seats", "cards", "feats", "uses"}
    for table, columns in CORE.items():
        assert tuple(SCHEMAS[table].names[:len(columns)]) == columns
    assert "nation" in SCHEMAS["seats"].names and [s.name for s in GAME.subjects] == ["nation", "ship"]
    with pytest.raises(UserError, match="for 2-5 players"):
        GAME.check_players(6, GAME.load_rules())
    assert GAME.load_rules(overrides={"game.hand_limit": 4}).config["game"]["hand_limit"] == 4


@pytest.mark.parametrize("name,players", [("two", 2), ("four", 4)])
def test_tables_agree_with_the_kernel(runs, name, players):
    games, seats, m = frames(runs[0] / name)
    assert games.height == 200 and seats.height == 200 * players
    assert games.columns == SCHEMAS["games"].names and seats.columns == SCHEMAS["seats"].names
    assert games["game_id"].to_list() == list(range(200)) and set(games["game"]) == {"eos"}
    # won = rank 0; the winner is the best on glory, then coins
    assert (seats["won"] == (seats["rank"] == 0)).all()
    best = seats.group_by("game_id").agg(top=pl.col("score_total").max()).sort("game_id")
    winners = seats.filter(pl.col("won")).group_by("game_id").agg(pl.col("score_total").first(),
                                                                   n=pl.len()).sort("game_id")
    assert winners["score_total"].to_list() == best["top"].to_list()
    assert (winners["n"] > 1).to_list() == games["tie"].to_list()
    # the score sources add up to the final glory
    sources = [c for c in seats.columns if c.startswith("score_") and c != "score_total"]
    assert (seats.select(pl.sum_horizontal(sources)).to_series() == seats["score_total"]).all()
    assert (seats["score_lost"] <= 0).all() and set(games["ended_by"]) <= {"chronicle", "cap"}
    # the very games the kernel plays in one call
    _, POL, W = resolve_strategies(GAME, m["strategies"], players)
    r = GAME.play(GAME.load_rules(data=m["config"]), players, m["seed"], 0, 200, POL, W,
                  rotate=m["rotate_seats"], **({"options": m["game_options"]} if m["game_options"] else {}))
    assert seats["score_total"].to_numpy().reshape(200, players).tolist() == r.score.tolist()
    assert seats["won"].to_numpy().reshape(200, players).tolist() == r.won.tolist()
    assert games["turns"].to_list() == r.turns.tolist() and games["seed"].to_list() == r.seeds[:200].tolist()


def test_the_cards_table_tells_each_cards_story(runs):
    """Every seat is dealt 3 of its nation's 4 journey cards at setup; a card is played no
    earlier than it came; upgrades are bought or gained and never played; the face-down and
    face-up plays add up to the seats' journey_played."""
    _, seats, _ = frames(runs[0] / "four")
    cards = simulate.open_run(runs[0] / "four").table("cards").collect()
    assert cards.columns == SCHEMAS["cards"].names and cards.height > 0
    dealt = cards.filter(pl.col("at_setup")).group_by("game_id", "seat").len()
    assert dealt.height == 200 * 4 and (dealt["len"] == 3).all()
    assert set(cards.filter(pl.col("at_setup"))["how"]) == {"dealt"}
    played = cards.filter(pl.col("turn_played").is_not_null())
    assert (played["turn_played"] >= played["turn_drawn"]).all() and set(played["kind"]) == {"journey"}
    assert set(played["played"]) <= {"face_up", "face_down"}
    upgrades = cards.filter(pl.col("kind") == "upgrade")
    assert set(upgrades["how"]) <= {"bought", "gained"} and upgrades["turn_played"].null_count() == upgrades.height
    per_seat = played.group_by("game_id", "seat").len().rename({"len": "n"})
    joined = seats.join(per_seat, on=["game_id", "seat"], how="left").with_columns(pl.col("n").fill_null(0))
    assert (joined["n"] <= joined["journey_played"]).all()         # a card played twice (reshuffled) counts once
    assert joined["n"].sum() >= 0.95 * joined["journey_played"].sum()


def test_the_feats_table_tells_each_chronicle_action(runs):
    """One feats row per chronicle action: per seat they add up to the seats' Angels (by
    side), Lords and deeds; an Angel is awakened once a game; the entries' turns run in
    order and there are as many as chronicle entries; a curse in play at the end was in play."""
    games, seats, _ = frames(runs[0] / "four")
    feats = simulate.open_run(runs[0] / "four").table("feats").collect()
    assert feats.columns == SCHEMAS["feats"].names and feats.height > 0
    counts = feats.pivot(on="kind", index=["game_id", "seat"], values="item", aggregate_function="len")
    joined = seats.join(counts, on=["game_id", "seat"], how="left").fill_null(0)
    for kind, column in (("angel_hero", "angels_hero"), ("angel_patron", "angels_patron"),
                         ("lord", "lords_defeated"), ("deed", "deeds_accomplished")):
        assert (joined[kind] == joined[column]).all(), kind
    angels = feats.filter(pl.col("kind").str.starts_with("angel"))
    assert angels.group_by("game_id", "item").len()["len"].max() == 1
    timed = feats.join(games.select("game_id", "turns"), on="game_id")
    assert (timed["turn"] >= 1).all() and (timed["turn"] <= timed["turns"]).all()
    turns = games.select([f"entry_{k}_turn" for k in range(1, 17)]).to_numpy().astype(float)
    assert ((~np.isnan(turns)).sum(axis=1) == games["chronicle_entries"].to_numpy()).all()
    assert (np.nan_to_num(np.diff(turns, axis=1), nan=0) >= 0).all()
    lords = {lord: lord.lower() for lord in set(",".join(games["curses_at_end"]).split(",")) - {""}}
    for at_end, ever in games.select("curses_at_end", "curses_in_play").iter_rows():
        named = {c.split("_")[0] for c in ever.split(",") if c}
        assert {lords[x] for x in at_end.split(",") if x} <= named


def test_random_nations_differ_within_a_game(runs):
    _, seats, m = frames(runs[0] / "two")
    assert m["game_options"] == {}
    per_game = seats.group_by("game_id").agg(pl.col("nation").n_unique())
    assert (per_game["nation"] == 2).all() and set(seats["nation"]) == set(NATIONS)


def test_nations_fixed_and_rotated(runs, tmp_path):
    base, text = runs
    games, seats, m = frames(base / "four")
    assert m["game_options"] == {"nations": FOUR} and text.startswith("EOS: Island of Angels, 4 players, 200 games")
    names = FOUR.split(",")
    rows = seats.select("game_id", "seat", "nation", "strategy_slot").rows()
    assert all(nation == names[(p + k) % 4] and slot == (p + k) % 4 for k, p, nation, slot in rows)
    assert (games["winner_nation"] == seats.filter(pl.col("won")).group_by("game_id", maintain_order=True)
            .agg(pl.col("nation").first())["nation"]).all()
    # unrotated: seat p plays the p-th nation; 'random' leaves a seat to chance, never a nation given
    simulate.run("eos", players=3, games=30, seed=2, out=tmp_path / "fixed", jobs=1, progress=False,
                 game_options={"nations": "Kusan, random ,noom"})
    _, fixed, m = frames(tmp_path / "fixed")
    assert m["game_options"] == {"nations": "kusan,random,noom"}
    by_seat = [set(fixed.filter(pl.col("seat") == p)["nation"]) for p in range(3)]
    assert by_seat[0] == {"kusan"} and by_seat[2] == {"noom"} and by_seat[1] <= set(NATIONS) - {"kusan", "noom"}


BAD = {
    "unknown nation": ("--nations noom,kusan,atlantis,guild", "unknown nation 'atlantis'"),
    "too few": ("--nations noom,kusan,guild", "names 3 nations for 4 players"),
    "too many": ("--nations noom,kusan,guild,kwanan,mespanne", "names 5 nations for 4 players"),
    "twice": ("--nations noom,kusan,noom,guild", "names 'noom' twice"),
    "empty": ("--nations=", "--nations is empty"),
    "no value": ("--nations", "--nations needs a value"),
    "given twice": (f"--nations {FOUR} --nations {FOUR}", "--nations is given twice"),
    "misspelt": ("--nation noom", "no such option: --nation (did you mean --nations?)"),
    "another game": ("--nations noom,kusan", "no such option: --nations"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_bad_nations_are_one_line_exit_2(case, tmp_path, monkeypatch):
    given, needle = BAD[case]
    monkeypatch.chdir(tmp_path)
    game, players = ("aeolos", "2") if case == "another game" else ("eos", "4")
    r = CliRunner().invoke(app, ["simulate", game, "--players", players, "--games", "20", "--out", "x",
                                 *given.split(" ")])
    assert r.exit_code == 2, (r.stdout, r.stderr, r.exception)
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("windtunnel: error: ") and needle in lines[0], r.stderr
    assert not any(tmp_path.iterdir())


def test_the_same_games_whatever_the_batches_and_workers(runs, tmp_path):
    _, seats, m = frames(runs[0] / "two")
    simulate.run("eos", players=2, games=200, seed=5, out=tmp_path / "again", jobs=2, batch_size=70, progress=False)
    g2, s2, m2 = frames(tmp_path / "again")
    assert len(m2["shards"]) == 3 and m2["run_id"] == m["run_id"]
    assert s2.drop("run_id").equals(seats.drop("run_id"))
    # chunk by chunk in one reused buffer: the same games as in one call
    rules, (_, POL, W) = GAME.load_rules(), resolve_strategies(GAME, "balanced", 2)
    whole = GAME.play(rules, 2, 5, 0, 200, POL, W)
    score, won, out = [], [], None
    for first, n in ((0, 13), (13, 120), (133, 67)):
        out = GAME.play(rules, 2, 5, first, n, POL, W, out=out)
        score += out.score.tolist()
        won += out.won.tolist()
    assert score == whole.score.tolist() == seats["score_total"].to_numpy().reshape(200, 2).tolist()
    assert won == whole.won.tolist()


def test_resume_keeps_the_nations(runs, tmp_path):
    base, _ = runs
    import shutil

    shutil.copytree(base / "four", tmp_path / "four")
    manifest = tmp_path / "four" / "manifest.json"
    m = json.loads(manifest.read_text())
    r = CliRunner().invoke(app, ["simulate", "eos", "--resume", "--out", str(tmp_path / "four"), "--nations",
                                 "kusan,noom,guild,kwanan"])
    assert r.exit_code == 2 and "--resume: --nations 'kusan,noom,guild,kwanan' differs from the run's" in r.stderr
    # a resumed run plays its missing games with its nations
    shard = m["shards"][0]
    m["shards"], m["games_done"], m["status"] = [], 0, "interrupted"
    manifest.write_text(json.dumps(m))
    for table in shard["files"].values():
        (tmp_path / "four" / table).unlink()
    simulate.run("eos", resume=True, out=tmp_path / "four", jobs=1, progress=False,
                 game_options={"nations": "noom, kusan,guild,KWANAN"})
    _, seats, m2 = frames(tmp_path / "four")
    assert m2["game_options"] == {"nations": FOUR}
    assert seats.equals(frames(base / "four")[1])


def test_report(runs):
    """The EOS sections (issue #19's report), in the HTML page and the Markdown summary, each under
    its question, with numbers that a direct polars computation on the run's tables gives."""
    base, _ = runs
    from reports.build import build_report
    from reports.section_tables import rate_ci

    result = build_report(base / "four", base / "four" / "report.html")
    text = result.markdown.read_text()
    page = result.html.read_text()
    assert "EOS: Island of Angels" in text and "Nation value" in text and "glory" in text and " VP" not in text
    for s in GAME.sections:
        if s.name == "solo":                # solo runs only
            assert s.title not in text
            continue
        assert f">{s.title}</h3>" in page and f"### {s.title}" in text, s.title
        assert s.question in page and f"*{s.question}*" in text
    names = [p.stem for p in result.figures]
    for fig in ("nation_seat", "nation_matchup", "angel_value", "lord_value", "journey_value", "upgrade_value",
                "curse_effect", "pace"):
        assert fig in names
    run = simulate.open_run(base / "four")
    games, seats = run.games.collect(), run.seats.collect()
    feats, cards = run.table("feats").collect(), run.table("cards").collect()
    keys = ["run_id", "game_id", "seat"]
    # items by the names in the run's config, the id where the name does not say it
    from reports.data import item_label
    named = GAME.item_names(run.manifest["config"])
    assert named["kusan_u5"] == "Rashid's Scimitar" and named["j01"] == "Favourable Winds"
    assert item_label(named, "kusan_u5") == "Rashid's Scimitar (kusan_u5)"
    assert item_label(named, "the_maelstrom") == "The Maelstrom" and item_label(named, "zz") == "zz"
    # cap rate
    capped = games.filter(pl.col("ended_by") == "cap").height
    assert f"Cap rate: base, 4p: {100 * capped / games.height:.2f}% (95% CI " in text
    assert f"{capped:,} of {games.height:,} games)." in text
    # an Angel awakened as hero: n, win rate with its Wilson interval, mean glory
    hero = feats.filter(pl.col("kind") == "angel_hero").join(seats, on=keys)
    angel = hero.group_by("item").len().sort("len", descending=True)["item"][0]
    mine = hero.filter(pl.col("item") == angel)
    n, k = mine.height, int(mine["won"].sum())
    from simulate.core.stats import wilson_interval
    lo, hi = wilson_interval(k, n)
    row = f"| {item_label(named, angel)} | "
    line = next(x for x in text.splitlines() if x.replace("*", "").startswith(row))
    cells = [c.strip().strip("*") for c in line.split("|")[1:-1]]
    assert cells[2] == f"{n:,}" and cells[3] == rate_ci(k / n, lo, hi)
    assert cells[4] == f"{mine['score_total'].mean():.1f}"
    # a journey card played: seat-games and win rate
    played = cards.filter((pl.col("kind") == "journey") & pl.col("turn_played").is_not_null()).join(seats, on=keys)
    card = played.group_by("card").len().sort("len", "card", descending=True)["card"][0]
    mine = played.filter(pl.col("card") == card)
    # (a table shows its first 40 rows; its CSV beside the report holds every row)
    journey = pl.read_csv(result.html.parent / "report_files" / "journey.csv", infer_schema_length=0)
    cells = list(journey.filter(pl.col("journey") == item_label(named, card)).row(0))
    held = cards.filter((pl.col("kind") == "journey") & (pl.col("card") == card)).height
    assert cells[1] == f"{held:,}" and cells[4] == f"{mine.height:,}"
    # the chronicle's pace: the mean turn of the first entry
    assert f"| 1 | {games['entry_1_turn'].is_not_null().sum():,} | {games.height:,} |" in text
    assert f"| {games['entry_1_turn'].mean():.1f} |" in text
    # nation at seat 0: win rate over its seat-games there
    at = seats.filter((pl.col("seat") == 0) & (pl.col("nation") == "noom"))
    lo, hi = wilson_interval(int(at["won"].sum()), at.height)
    assert f"{rate_ci(at['won'].mean(), lo, hi)}, n {at.height:,}" in text
    # a curse in play: games with it
    curse = games.select(pl.col("curses_in_play").str.split(",")).explode("curses_in_play").filter(
        pl.col("curses_in_play") != "")
    top = curse["curses_in_play"].value_counts().sort("count", "curses_in_play", descending=True).row(0)
    assert f"| {top[0]} | {top[1]:,} | {games.height - top[1]:,} |" in text
    # content never or rarely used: the first flagged item, with its class and games, and every item in the CSV
    from analysis.usage import content_usage, flagged
    usage = content_usage(base / "four")
    first = flagged(usage).row(0, named=True)
    line = next(x for x in text.splitlines() if x.startswith(f"| {first['label']} | {item_label(named, first['item'])} |"))
    assert f"| {first['status']} | {first['games']:,} |" in line
    full = pl.read_csv(result.html.parent / "report_files" / "usage.csv")
    assert full.height == usage.height and set(full["status"]) == set(usage["status"])
    assert "[The full table (CSV).](report_files/usage.csv)" in text and 'href="report_files/usage.csv"' in page
    # what is assumed: the count by file at the top, each nation's file among them; findings marked
    found = GAME.assumed_values(variants=[])
    line = next(x for x in text.splitlines() if x.startswith("> **Assumed values.**"))
    assert f"{found.total:,} of this run's values are assumed" in line and "windtunnel info eos --assumed" in line
    assert found.counts_text(6) in line and "modules/" not in line
    from reports.data import mark_assumed
    for f in result.findings:
        again = mark_assumed([type(f)(f.kind, f.subject, f.sentence, f.effect, f.p_value, f.details)], GAME, found,
                             run.manifest["config"])[0]
        assert f.rests_on == again.rests_on
        if f.rests_on:
            assert f"*(rests on assumed values: {', '.join(f.rests_on)})*" in text


def test_findings_about_eos_items_are_marked_with_their_files():
    """A finding about a nation, an Angel, a Demon Lord, a deed, a journey card or an upgrade (a
    nation's own in its file) carries the files of its entry's assumed values; a seat's none, but
    where it rests on an assumed seat compensation (the one value measured to move it)."""
    from analysis.findings import Finding
    from reports.data import mark_assumed

    config = GAME.load_rules().config
    found = GAME.assumed_values(variants=[])

    def marked(kind, details):
        return mark_assumed([Finding(kind, "", "", 0.1, 0.01, details)], GAME, found, config)[0].rests_on

    assert marked("nation", {"nation": "kwanan"}) == ("nations/kwanan.toml",)
    assert marked("angel", {"item": "Alhana", "item_id": "alhana"}) == ("angels.toml",)
    assert marked("lord", {"item_id": "Amban"}) == ("demon_lords.toml",)
    assert marked("upgrade", {"item_id": "kusan_u5"}) == ("nations/kusan.toml",)
    assert marked("journey", {"item_id": "j02"}) == ("journey.toml",)
    assert marked("seat", {"seat": 0}) == () and marked("strategy", {"strategy": "greedy"}) == ()
    # a seat's chances: only where a measured sensitivity moves them, the seat compensation's assumed tables
    module = GAME.assumed_values(variants=["seat-compensation"])
    assert mark_assumed([Finding("seat", "", "", 0.1, 0.01, {"seat": 2})], GAME, module, GAME.load_rules(
        variants=["seat-compensation"]).config)[0].rests_on == ("modules/seat-compensation.toml",)
    others = GAME.assumed_values(variants=["full-round", "reverse-pick"])
    assert mark_assumed([Finding("seat", "", "", 0.1, 0.01, {"seat": 2})], GAME, others, GAME.load_rules(
        variants=["full-round", "reverse-pick"]).config)[0].rests_on == ()
    # a value the run set itself is no longer assumed
    mine = GAME.assumed_values(variants=[], overrides={"angels.angel.alhana.hero_glory": 5}, resolved=config)
    assert mark_assumed([Finding("angel", "", "", 0.1, 0.01, {"item_id": "alhana"})], GAME, mine,
                        config)[0].rests_on == ()


def test_replay_seats_the_runs_nations(runs):
    """`windtunnel replay RUN --game 3` (and the same game named by its settings) is the run's
    game 3: its nations rotated with the strategies, every seat's final glory and coins."""
    base, _ = runs
    r = CliRunner().invoke(app, ["replay", str(base / "four"), "--game", "3"])
    assert r.exit_code == 0, r.stderr
    seats = frames(base / "four")[1].filter(pl.col("game_id") == 3).sort("seat").rows(named=True)
    names = {"guild": "The Guild"}
    seating = ", ".join(f"{names.get(s['nation'], s['nation'].capitalize())} (seat {s['seat']}, {s['strategy']})"
                        for s in seats)
    assert f"Seats: {seating}." in r.stdout
    for s in seats:
        assert f"= {s['score_total']} glory; {s['coins']} coins." in r.stdout
    flags = CliRunner().invoke(app, ["replay", "eos", "--players", "4", "--seed", "9", "--game", "3", "--strategies",
                                     "greedy,random,greedy,greedy", "--nations", FOUR, "--rotate-seats"])
    assert flags.exit_code == 0 and flags.stdout == r.stdout
    r = CliRunner().invoke(app, ["replay", str(base / "four"), "--game", "3", "--nations", FOUR])
    assert r.exit_code == 2 and "leave out --nations" in r.stderr


def test_bench():
    result = json.loads(windtunnel("bench", "eos", "--players", 3, "--games", 40, "--json", "--strategies",
                                   "random,greedy,balanced"))
    assert result["game"] == "eos" and result["score_unit"] == "glory" and sorted(result["policies"]) == [
        "balanced", "greedy", "random"]
    assert all(p["games_per_s"] > 0 and p["turns_per_game"] >= 3 for p in result["policies"].values())


def test_the_cap_rate_is_shown_by_the_summary_and_the_bench(tmp_path):
    """A game the turn cap ends is counted as such: the run summary's count is the games
    table's ended_by = "cap" rows, and the bench's cap_rate their share."""
    text = windtunnel("simulate", "eos", "--players", 3, "--games", 60, "--seed", 4, "--set", "game.turn_cap=63",
                      "--jobs", 1, "--out", tmp_path / "capped", "--no-progress")
    games = simulate.open_run(tmp_path / "capped").table("games").collect()
    capped = int((games["ended_by"] == "cap").sum())
    assert 0 < capped < 60 and (games.filter(pl.col("ended_by") == "cap")["turns"] == 63).all()
    assert f"Ended by the turn cap, not the rules: {capped} games ({capped / 60:.2%})" in text
    full = json.loads(windtunnel("bench", "eos", "--players", 3, "--games", 40, "--json", "--strategies", "greedy"))
    cut = json.loads(windtunnel("bench", "eos", "--players", 3, "--games", 40, "--json", "--strategies", "greedy",
                                "--set", "game.turn_cap=63"))
    assert full["policies"]["greedy"]["cap_rate"] < cut["policies"]["greedy"]["cap_rate"] < 1


def test_the_eos_tables_are_documented():
    doc = (ROOT / "docs" / "data.md").read_text()
    section = doc.split("## EOS tables")[1].split("\n## ")[0]
    for table, title in (("games", "### EOS games"), ("seats", "### EOS seats"), ("cards", "### EOS cards"),
                         ("feats", "### EOS feats"), ("uses", "### EOS uses")):
        part = section.split(title)[1].split("\n### ")[0]
        documented = set(re.findall(r"^\| `(\w+)`", part, re.M))
        for head, first, tail, last in re.findall(r"^\| `(\D+)(\d+)(\w*)` \.\.\. `\1(\d+)\3`", part, re.M):
            documented |= {f"{head}{k}{tail}" for k in range(int(first), int(last) + 1)}
        core = set(CORE.get(table, ()))
        assert documented - core == set(SCHEMAS[table].names) - core, table
    assert "`game_options`" in doc
