"""The analysis behind a game's own report sections (``simulate/core/sections.py``), on small
synthetic tables with planted answers: long-table values (hero against patron, held and
played against not held; the rest as the cell minus the holders; Holm within a section),
their findings (worded as associations, the largest few), the effect of a game flag, the pace
of numbered events, how games ended, score groups and the head-to-head over a seats column."""
import numpy as np
import polars as pl
import pytest

from analysis.balance import endings, score_groups
from analysis.findings import long_value_findings
from analysis.game_flags import flag_effects
from analysis.load import Tables
from analysis.long_value import long_values
from analysis.pace import pace
from analysis.significance import holm, rate_difference
from simulate.core.stats import wilson_interval
from analysis.winrates import head_to_head
from simulate.core.sections import FlagEffect, LongValue, State

ANGEL = LongValue("angel", "Angels", "Hero or patron?", table="feats", item="item",
                  where=(("kind", ("angel_hero", "angel_patron")),),
                  states=(State("hero", "awakened {Item} as hero", "kind", ("angel_hero",)),
                          State("patron", "awakened {Item} as patron", "kind", ("angel_patron",))),
                  rest="not awakened", rest_says="did not awaken {Item}",
                  contrasts=(("hero", "patron"), ("hero", "not awakened")), who=("strategy",), per_game=True)
LORD = LongValue("lord", "Lords", "Defeated?", table="feats", item="item", where=(("kind", ("lord",)),),
                 states=(State("defeated", "defeated {Item}"),), rest="did not", rest_says="did not defeat {Item}")
CARD = LongValue("journey", "Journey", "Played?", table="cards", item="card", where=(("kind", ("journey",)),),
                 states=(State("held", "held {item}"), State("played", "played {item}", "turn_played")),
                 rest="not held", contrasts=(("played", "not held"), ("held", "not held")))


def tables(n_games=40, players=2, feats=(), cards=(), winners=None, games_columns=None, scores=None):
    """Tables of one run (cell base, `players`): seat `winners[g]` wins game g with 10 points,
    the others 5 (or `scores[g][seat]`); strategies s0, s1, ... by seat; nations n0, n1, ...
    `feats`: (game, seat, kind, item); `cards`: (game, seat, card, turn_played or None)."""
    winners = winners if winners is not None else [g % players for g in range(n_games)]
    g = np.repeat(np.arange(n_games), players)
    seat = np.tile(np.arange(players), n_games)
    won = seat == np.repeat(winners, players)
    score = (np.asarray(scores).ravel() if scores is not None else np.where(won, 10, 5))
    rank = np.where(won, 0, 1)
    seats = pl.DataFrame({"run_id": "r", "game_id": g, "seat": seat.astype(np.int8),
                          "strategy": [f"s{s}" for s in seat], "nation": [f"n{s}" for s in seat], "won": won,
                          "rank": rank.astype(np.int8), "score_total": score.astype(np.int16),
                          "variant": "base", "n_players": players}).with_columns(pl.col("n_players").cast(pl.Int8))
    games = pl.DataFrame({"run_id": "r", "game_id": np.arange(n_games), "variant": "base", "n_players": players,
                          "turns": np.full(n_games, 10), **(games_columns or {})}).with_columns(
        pl.col("n_players").cast(pl.Int8))
    f = pl.DataFrame([{"run_id": "r", "game_id": a, "seat": b, "kind": k, "item": i, "variant": "base",
                       "n_players": players} for a, b, k, i in feats],
                     schema={"run_id": pl.String, "game_id": pl.Int64, "seat": pl.Int8, "kind": pl.String,
                             "item": pl.String, "variant": pl.String, "n_players": pl.Int8})
    c = pl.DataFrame([{"run_id": "r", "game_id": a, "seat": b, "kind": "journey", "card": k, "turn_played": t,
                       "variant": "base", "n_players": players} for a, b, k, t in cards],
                     schema={"run_id": pl.String, "game_id": pl.Int64, "seat": pl.Int8, "kind": pl.String,
                             "card": pl.String, "turn_played": pl.Int16, "variant": pl.String, "n_players": pl.Int8})
    return Tables(games.lazy(), seats.lazy(), extra={"feats": f.lazy(), "cards": c.lazy()})


@pytest.fixture(scope="module")
def angels():
    """Angel a: awakened as hero by the winner of games 0-19, as patron by the loser of games
    20-29. Angel b: as hero by the winner of games 0-9 and by the loser of 10-19 (no difference
    from the rest to speak of). Lord L: defeated by the winner of every even game."""
    feats = ([(g, g % 2, "angel_hero", "a") for g in range(20)] + [(g, 1 - g % 2, "angel_patron", "a")
                                                                    for g in range(20, 30)]
             + [(g, g % 2, "angel_hero", "b") for g in range(10)] + [(g, 1 - g % 2, "angel_hero", "b")
                                                                     for g in range(10, 20)]
             + [(g, g % 2, "lord", "L") for g in range(0, 40, 2)])
    return long_values(tables(feats=feats), [ANGEL, LORD])


def test_hero_always_wins_patron_never(angels):
    df, who = angels[ANGEL]
    a = df.filter(pl.col("item") == "a").row(0, named=True)
    assert (a["n_hero"], a["wins_hero"], a["win_rate_hero"]) == (20, 20, 1.0)
    assert (a["n_patron"], a["wins_patron"], a["win_rate_patron"]) == (10, 0, 0.0)
    # the rest: the cell's 80 seat-games minus the 30 that awakened it; 40 wins - 20 - 0
    assert (a["n_not awakened"], a["wins_not awakened"], a["seat_games"]) == (50, 20, 80)
    assert (a["lo_hero"], a["hi_hero"]) == pytest.approx(wilson_interval(20, 20))
    assert (a["lo_patron"], a["hi_patron"]) == pytest.approx(wilson_interval(0, 10))
    diff, lo, hi, p = rate_difference(20, 20, 0, 10)
    assert (a["d0"], a["d0_lo"], a["d0_hi"], a["d0_p"]) == pytest.approx(tuple(float(x) for x in (diff, lo, hi, p)))
    assert a["vp_hero"] == 10 and a["vp_patron"] == 5 and a["g0"] == 5
    # hero - rest, the second contrast
    assert a["d1"] == pytest.approx(1.0 - 20 / 50)
    # the games in which it was awakened: 30 of 40
    assert (a["games_with"], a["games"], a["game_rate"]) == (30, 40, 0.75)
    assert (a["game_lo"], a["game_hi"]) == pytest.approx(wilson_interval(30, 40))
    # Holm over the section's rows
    assert df["d0_p_adj"].to_list() == pytest.approx(holm(df["d0_p"].to_numpy()).tolist(), nan_ok=True)
    b = df.filter(pl.col("item") == "b").row(0, named=True)
    assert (b["n_hero"], b["wins_hero"], b["n_patron"]) == (20, 10, 0)
    # by whom: seat 0 plays s0 and takes a in the 10 even games of 0-19 and the 5 odd ones of 20-29
    w = who.filter((pl.col("item") == "a") & (pl.col("value") == "s0")).row(0, named=True)
    assert (w["k"], w["n"], w["rate"]) == (15, 40, 15 / 40)


def test_lord_defeated_by_the_winner(angels):
    df, who = angels[LORD]
    r = df.row(0, named=True)
    assert (r["item"], r["n_defeated"], r["wins_defeated"], r["n_did not"], r["wins_did not"]) == ("L", 20, 20, 60, 20)
    assert who is None                          # LORD names no `who`


def test_findings_are_associations_holm_within_the_section_and_the_largest_few(angels):
    df, _ = angels[ANGEL]
    found = long_value_findings(df, ANGEL, threshold=0.03, alpha=0.05, many_variants=False, unit="glory")
    assert [f.subject for f in found] == ["angel a"]           # b has no patron side: no difference to test
    f = found[0]
    assert f.sentence.startswith("Seats that awakened A as hero won 100.0% of 2-player games vs 0.0% for seats "
                                 "that awakened A as patron (+100.0 percentage points")
    assert "an association, not a cause" in f.sentence and "n = 20 vs 10" in f.sentence
    assert f.p_value == pytest.approx(holm(df.filter(pl.col("d0_p").is_not_nan())["d0_p"].to_numpy())[0])
    assert long_value_findings(df, ANGEL, 0.03, 0.05, False, top=0) == []
    assert long_value_findings(df, ANGEL, 1.01, 0.05, False) == []          # above the threshold: none


def test_cards_held_and_played_against_not_held():
    """c1 held by the winner of games 0-9 and played in games 0-4; c2 held by the loser of 0-9."""
    cards = ([(g, g % 2, "c1", 3 if g < 5 else None) for g in range(10)]
             + [(g, 1 - g % 2, "c2", None) for g in range(10)])
    df, who = long_values(tables(n_games=10, cards=cards), [CARD])[CARD]
    assert who is None
    c1, c2 = df.sort("item").rows(named=True)
    assert (c1["n_held"], c1["wins_held"], c1["n_played"], c1["wins_played"], c1["n_not held"]) == (10, 10, 5, 5, 10)
    assert c1["d0"] == pytest.approx(1.0) and c1["d1"] == pytest.approx(1.0)      # played / held - not held (0 wins)
    assert (c2["n_held"], c2["wins_held"], c2["n_played"], c2["n_not held"], c2["wins_not held"]) == (10, 0, 0, 10, 10)
    assert c2["d1"] == pytest.approx(-1.0) and c1["share_held"] == 0.5


def test_a_nations_own_card_is_weighed_within_that_nation():
    """Nation n0 (seat 0) wins every game; its own card c0 is held in games 0-9. Against every
    other seat-game c0 looks strong (+66.7 points: it repeats n0's win rate); within n0, holding
    it changes nothing (0)."""
    cards = [(g, 0, "c0", None) for g in range(10)]
    data = tables(n_games=20, cards=cards, winners=[0] * 20)
    plain, within = CARD, LongValue(**{**CARD.__dict__, "within": "nation"})
    (df, _), = long_values(data, [plain]).values()
    assert df["d1"][0] == pytest.approx(1 - 10 / 30) and df["n_not held"][0] == 30
    (df, _), = long_values(data, [within]).values()
    assert df["d1"][0] == pytest.approx(0.0) and df["n_not held"][0] == 10 and df["wins_not held"][0] == 10


def test_a_section_without_rows_is_none():
    assert long_values(tables(), [CARD])[CARD] == (None, None)


def test_flag_effects_with_and_without():
    """x in play in games 0-9, which last 20 turns and score 20 and 30; the others 10 turns, 10 and 20."""
    n = 30
    flags = ["x,y" if g < 10 else ("y" if g < 20 else "") for g in range(n)]
    turns = np.where(np.arange(n) < 10, 20, 10)
    scores = [[20, 30] if g < 10 else [10, 20] for g in range(n)]
    t = tables(n_games=n, games_columns={"curses": flags}, scores=scores)
    t = Tables(t.games.with_columns(turns=pl.Series(turns)), t.seats, extra=t.extra)
    df = flag_effects(t, "curses", ("turns", "score_total"))
    x = {r["metric"]: r for r in df.filter(pl.col("name") == "x").iter_rows(named=True)}
    assert (x["turns"]["n_with"], x["turns"]["n_without"]) == (10, 20)
    assert x["turns"]["diff"] == 10 and x["score_total"]["diff"] == 10
    assert x["turns"]["mean_with"] == 20 and x["score_total"]["mean_without"] == 15
    y = {r["metric"]: r for r in df.filter(pl.col("name") == "y").iter_rows(named=True)}
    assert y["turns"]["n_with"] == 20 and y["turns"]["diff"] == pytest.approx(20 * 0.5 + 10 * 0.5 - 10)
    # Welch: (var_with / n_with + var_without / n_without) ** 0.5; with var 0 in both, the interval is a point
    assert x["turns"]["lo"] == x["turns"]["hi"] == 10
    turns = df.filter(pl.col("metric") == "turns")
    assert turns["p_adjusted"].to_list() == pytest.approx(holm(turns["p_value"].to_numpy()).tolist())
    assert set(df["name"]) == {"x", "y"}                          # "" is no name
    assert flag_effects(t, "no_such_column") is None
    section = FlagEffect("curse", "Curses", "?", "curses")
    assert section.metrics == ("turns", "score_total")


def test_pace_of_numbered_events():
    """e_1 on turn 2 in every game, e_2 on turn 5 in half of them."""
    n = 20
    t = tables(n_games=n, games_columns={"e_1_turn": [2] * n, "e_2_turn": [5 if g % 2 else None for g in range(n)],
                                         "e_10_turn": [None] * n})
    df = pace(t.games, "e_{k}_turn")
    assert df["k"].to_list() == [1, 2]                             # nobody reached 10
    one, two = df.rows(named=True)
    assert (one["reached"], one["share"], one["mean"], one["lo"], one["hi"]) == (20, 1.0, 2.0, 2.0, 2.0)
    assert (two["reached"], two["share"], two["mean"]) == (10, 0.5, 5.0)
    assert (two["share_lo"], two["share_hi"]) == pytest.approx(wilson_interval(10, 20))
    assert pace(t.games, "nope_{k}") is None


def test_endings_give_the_cap_rate():
    t = tables(n_games=50, games_columns={"ended_by": ["cap"] * 2 + ["chronicle"] * 48})
    df = endings(t.games, "ended_by")
    cap = df.filter(pl.col("value") == "cap").row(0, named=True)
    assert (cap["games"], cap["n"], cap["share"]) == (2, 50, 0.04)
    assert (cap["lo"], cap["hi"]) == pytest.approx(wilson_interval(2, 50))
    assert endings(t.games, "nope") is None


def test_score_groups_sum_their_sources():
    t = tables(n_games=4)
    seats = t.seats.with_columns(score_a=pl.lit(3), score_b=pl.lit(4), score_bonus=pl.col("score_total") - 7)
    df = score_groups(seats, (("play", ("a", "b")), ("bonus", ("bonus",)), ("absent", ("zzz",))))
    assert df["group"].unique(maintain_order=True).to_list() == ["play", "bonus", "total"]
    s0 = {r["group"]: r for r in df.filter(pl.col("strategy") == "s0").iter_rows(named=True)}
    assert s0["play"]["mean"] == 7 and s0["total"]["mean"] == 7.5 and s0["play"]["share"] == pytest.approx(7 / 7.5)
    assert s0["bonus"]["mean"] + s0["play"]["mean"] == s0["total"]["mean"]


def test_head_to_head_over_a_seats_column():
    """Nation n0 (seat 0) wins 30 of 40 games against n1."""
    t = tables(n_games=40, winners=[0] * 30 + [1] * 10)
    df = head_to_head(t.seats, "nation")
    r = df.filter(pl.col("nation") == "n0").row(0, named=True)
    assert (r["opponent"], r["wins"], r["losses"], r["n"], r["score"]) == ("n1", 30, 10, 40, 0.75)
    assert (r["lo"], r["hi"]) == pytest.approx(wilson_interval(30, 40))
    assert df.filter(pl.col("nation") == "n1")["score"].item() == 0.25
