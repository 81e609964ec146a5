"""analysis/* on one small real run pair (base and tableaus, same seed: common random numbers),
checked against the tables themselves."""
import polars as pl
import pytest

import simulate
from analysis import balance, findings, value, variants, winrates
from analysis.load import open_tables, protocol

GAMES = 400


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    out = tmp_path_factory.mktemp("real")
    for name, variant in (("base", "base"), ("tab", "tableaus")):
        simulate.run("aeolos", players=2, games=GAMES, seed=1, strategies="balanced,greedy", variant=variant,
                     out=out / name, jobs=1, progress=False)
    return out / "base", out / "tab"


def test_run_folder_tables_and_win_rates(runs):
    t = open_tables(runs[0])
    assert t.game == "aeolos" and protocol(t).score_unit == "VP"
    seats = t.seats.collect()
    assert {"variant", "n_players"} <= set(seats.columns) and set(seats["variant"]) == {"base"}
    wr = winrates.seat_win_rates(t.seats)
    assert wr["n"].to_list() == [GAMES, GAMES]
    assert wr["wins"].sum() == seats["won"].sum()
    assert (wr["lo"] <= wr["win_rate"]).all() and (wr["win_rate"] <= wr["hi"]).all()
    st = winrates.strategy_win_rates(t.seats)
    assert set(st["strategy"]) == {"balanced", "greedy"}
    m = winrates.strategy_matrix(t.seats)
    assert m["n"].to_list() == [GAMES, GAMES] and m["wins"][0] == m["losses"][1]
    ties = balance.tie_rate(t.games)["ties"][0]
    assert ties == t.games.select(pl.col("tie").sum()).collect().item()
    src = balance.score_sources(t.seats)
    total = src.filter(pl.col("source") == "total")
    parts = src.filter(pl.col("source") != "total").group_by("strategy").agg(pl.col("mean").sum()).sort("strategy")
    assert parts["mean"].to_list() == pytest.approx(total.sort("strategy")["mean"].to_list())


def test_card_value_agrees_with_cards_table(runs):
    t = open_tables(runs[0])
    card, harbor, ability = protocol(t).subjects
    cv = value.value(t.seats, card)
    assert ((cv["n_drawn"] + cv["n_not_drawn"]) == 2 * GAMES).all()
    seat_games = (t.table("cards").group_by("card").agg(pl.struct("game_id", "seat").n_unique().alias("k"))
                  .collect().sort("card"))
    drawn = cv.filter(pl.col("n_drawn") > 0).sort("card")
    assert drawn["card"].to_list() == seat_games["card"].to_list()
    assert drawn["n_drawn"].to_list() == seat_games["k"].to_list()
    timing = value.card_timing(t.table("cards"))
    assert timing["draws"].sum() == t.games.select(pl.col("favor_draws").sum()).collect().item()
    hv = value.value(t.seats, harbor)
    assert hv["harbor"].to_list() == list(range(3, 10))
    assert value.value(t.seats, ability) is None              # the base game deals no tableaus
    av = value.value(open_tables(runs[1]).seats, ability)        # the tableaus run records each seat's tableau
    assert set(av["ability"]) == {"settlement", "ship", "prophet", "crystals"}
    assert (av["n_with"] > 0).all()


def test_variant_pair_is_paired_by_seed(runs):
    df = variants.compare_variants(list(runs))
    assert set(df["variant"]) == {"tableaus"} and set(df["baseline"]) == {"base"}
    game_rows = df.filter(pl.col("subject") == "all")
    assert set(game_rows["metric"]) == set(variants.GAME_METRICS)
    assert game_rows["paired"].all() and (game_rows["n_pairs"] == GAMES).all()
    tab = df.filter(pl.col("metric") == "score_tableau")
    assert (tab["mean_a"] == 0).all() and (tab["diff"] > 0).all()
    assert ((df["p_adjusted"] >= df["p_value"]) | df["p_value"].is_nan()).all()
    cards = df.filter(pl.col("subject").str.starts_with("card "))
    harbors = df.filter(pl.col("subject").str.starts_with("harbor "))
    assert set(cards["metric"]) == {"won", "score_total"} and cards.height >= 10 and harbors.height == 14
    # the rows are the win rate of seats that drew the card, side by side
    base = open_tables(runs[0]).seats.filter(pl.col("favor_drawn_zeus") > 0).collect()
    zeus = cards.filter((pl.col("subject") == "card zeus") & (pl.col("metric") == "won")).row(0, named=True)
    assert zeus["n_a"] == base.height and zeus["mean_a"] == pytest.approx(base["won"].cast(pl.Float64).mean())
    found = findings.findings(list(runs))
    assert found and all(isinstance(f, findings.Finding) and f.sentence.endswith(".") for f in found)


def test_comparison_folder(tmp_path):
    from simulate.running.compare import run_compare

    out = tmp_path / "grid"
    run_compare("aeolos", variants="base,tableaus", players="2,3", games=150, seed=3, out=out, jobs=1,
                progress=False)
    t = open_tables(out)
    assert t.game == "aeolos" and t.table("cards") is not None
    assert t.seats.select(pl.col("n_players").unique().sort()).collect()["n_players"].to_list() == [2, 3]
    wr = winrates.seat_win_rates(t.seats)
    assert wr.height == 2 * (2 + 3) and (wr["n"] == 150).all()
    df = variants.compare_variants(out)
    assert sorted(df["n_players"].unique().to_list()) == [2, 3]
    assert df.filter(pl.col("subject") == "all")["paired"].all()
    lengths = balance.game_length(t.games)
    assert lengths.height == 2 * 2 * 2                                    # turns, rounds x 4 cells


def test_round_leaders_follow_the_scores(runs):
    """The last round's leader is the seat ahead before the final scoring (final VP less the
    end-of-game sources), and lead_changes counts the hand-overs of round_leaders."""
    t = open_tables(runs[0])
    games = t.games.select("game_id", "rounds", "round_leaders", "lead_changes", "winner_seat").collect().sort("game_id")
    end = ["score_crystals", "score_wind", "score_favor_held", "score_bonus_tokens"]
    seats = (t.seats.select("game_id", "seat", (pl.col("score_total") - pl.sum_horizontal(end)).alias("before"))
             .collect().sort("game_id", "seat"))
    before = seats["before"].to_numpy().reshape(-1, 2)
    for row, vp in zip(games.iter_rows(named=True), before):
        leaders = row["round_leaders"]
        assert len(leaders) == row["rounds"]
        assert leaders[-1] == (-1 if vp[0] == vp[1] else int(vp.argmax()))
        carried = [x for x in leaders if x >= 0]
        held = [carried[0]] if carried else []
        changes = 0
        for x in leaders[1:]:
            if x >= 0 and held and x != held[-1]:
                changes += 1
            if x >= 0:
                held.append(x)
        assert row["lead_changes"] == changes


def test_leader_wins_and_lead_changes(runs):
    t = open_tables(runs[0])
    lw = balance.leader_wins(t.games)
    games = t.games.collect()
    last = lw.filter(pl.col("round") == lw["round"].max()).row(0, named=True)
    assert 0 <= last["lo"] <= last["rate"] <= last["hi"] <= 1 and last["n"] <= GAMES
    # planted: the leader after round 1 always wins, after round 2 never
    planted = pl.LazyFrame({"variant": ["base"] * 4, "n_players": [2] * 4, "winner_seat": [0, 1, 0, 1],
                            "round_leaders": [[0, 1], [1, 0], [0, -1], [1, 0]]},
                           schema_overrides={"round_leaders": pl.List(pl.Int8), "n_players": pl.Int8})
    pw = balance.leader_wins(planted)
    assert pw["rate"].to_list() == [1.0, 0.0] and pw["n"].to_list() == [4, 3]
    lc = balance.lead_changes(t.games)
    assert lc["mean"][0] == pytest.approx(games["lead_changes"].mean())
