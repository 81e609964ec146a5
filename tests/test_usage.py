"""Content the players never or rarely use (``analysis/usage.py``), on synthetic tables with
planted answers: what each kind of item had there to use (a games column's offer, the rows a
seat held, an owner's seat-games, every seat-game), never used, rarely used, one-sided and not
available; the intervals; and the verdict against skill tiers: a bot gap, a design finding, a
weaker tier's use only, too few games."""
import numpy as np
import polars as pl
import pytest

from analysis.load import Tables
from simulate.core.stats import wilson_interval
from analysis.usage import (BOT_GAP, DESIGN, DESIGN_SIDE, HOLE, NEVER, NOT_THERE, ONE_SIDED, RARE, USED, flagged,
                            tier_verdicts, usage)
from simulate.core.sections import State, Usage, Use

PLAYERS = 4
SECTION = Usage("usage", "Content", "Used?", uses=(
    Use("angel", "Angel awakened", "feats", "item", where=(("kind", ("hero", "patron")),),
        sides=(State("hero", "as hero", "kind", ("hero",)), State("patron", "as patron", "kind", ("patron",))),
        one_sided=("hero", "patron"), offered="drawn"),
    Use("card", "card played", "cards", "card", used=State("played", "played", "turn_played"), held=True),
    Use("hero", "hero activated", "seats", "act_{item}", items=("h1", "h2")),
    Use("action", "nation action", "feats", "item", where=(("kind", ("action",)),), within="nation")))
ITEMS = {"angel": dict.fromkeys(("a", "b", "c", "d")), "card": dict.fromkeys(("x", "y", "z")),
         "action": {"n0_s": "n0", "n1_s": "n1"}}


def tables(n_games, drawn, feats=(), cards=(), act=None):
    """One run of `n_games` 4-player games: `drawn[g]` the items game g offers (its games column),
    `feats` (game, seat, kind, item), `cards` (game, seat, card, turn played or None), `act`
    {item: (n_games, players) counts} (seats columns act_<item>); seat s plays nation n<s>."""
    g = np.repeat(np.arange(n_games), PLAYERS)
    seat = np.tile(np.arange(PLAYERS), n_games)
    seats = pl.DataFrame({"run_id": "r", "game_id": g, "seat": seat.astype(np.int8),
                          "nation": [f"n{s}" for s in seat], "variant": "base", "n_players": PLAYERS,
                          **{f"act_{i}": np.asarray(v).ravel() for i, v in (act or {}).items()}})
    games = pl.DataFrame({"run_id": "r", "game_id": np.arange(n_games), "variant": "base", "n_players": PLAYERS,
                          "drawn": [",".join(d) for d in drawn]})
    long = {"run_id": pl.String, "game_id": pl.Int64, "seat": pl.Int8, "variant": pl.String, "n_players": pl.Int64}
    f = pl.DataFrame([{"run_id": "r", "game_id": a, "seat": b, "kind": k, "item": i, "variant": "base",
                       "n_players": PLAYERS} for a, b, k, i in feats], schema={**long, "kind": pl.String,
                                                                              "item": pl.String})
    c = pl.DataFrame([{"run_id": "r", "game_id": a, "seat": b, "card": k, "turn_played": t, "variant": "base",
                       "n_players": PLAYERS} for a, b, k, t in cards], schema={**long, "card": pl.String,
                                                                              "turn_played": pl.Int16})
    return Tables(games.lazy(), seats.lazy(), extra={"feats": f.lazy(), "cards": c.lazy()})


def run_tables(n=100):
    """Angel a drawn in every game and awakened as hero in 90 (never as patron: one-sided); b
    drawn in games 0-49, awakened in 40 of them, 20 as hero and 20 as patron; c never drawn; d
    drawn in every game, never awakened. Card x held by seat 0 in every game, played in 2 (rare);
    y held by seat 1 in games 0-49, played in 30; z never held. Hero h1 activated by every seat,
    h2 by none. Nation n0's action taken by seat 0 in every game, n1's never."""
    drawn = [("a", "d", "b") if g < 50 else ("a", "d") for g in range(n)]
    feats = ([(g, g % PLAYERS, "hero", "a") for g in range(90)]
             + [(g, 1, "hero" if g < 20 else "patron", "b") for g in range(40)]
             + [(g, 0, "action", "n0_s") for g in range(n)])
    cards = ([(g, 0, "x", 5 if g < 2 else None) for g in range(n)]
             + [(g, 1, "y", 7 if g < 30 else None) for g in range(50)])
    act = {"h1": np.ones((n, PLAYERS), int), "h2": np.zeros((n, PLAYERS), int)}
    return tables(n, drawn, feats, cards, act)


@pytest.fixture(scope="module")
def own():
    return usage(run_tables(), SECTION, ITEMS)


def row(df, item):
    return df.filter(pl.col("item") == item).row(0, named=True)


def test_each_item_is_classed_from_where_it_was_there(own):
    assert dict(zip(own["item"], own["status"])) == {
        "a": ONE_SIDED, "b": USED, "c": NOT_THERE, "d": NEVER, "x": RARE, "y": USED, "z": NOT_THERE,
        "h1": USED, "h2": NEVER, "n0_s": USED, "n1_s": NEVER}


def test_there_to_use_by_offer_by_rows_held_by_owner_and_everywhere(own):
    """Seat-games and games it was there for: an offered Angel every seat of the games listing it;
    a card the seat-games holding it; a nation's action its nation's seats; a hero every seat-game."""
    assert (row(own, "b")["games"], row(own, "b")["seat_games"]) == (50, 200)
    assert (row(own, "y")["games"], row(own, "y")["seat_games"]) == (50, 50)
    assert (row(own, "n1_s")["games"], row(own, "n1_s")["seat_games"]) == (100, 100)
    assert (row(own, "h2")["games"], row(own, "h2")["seat_games"]) == (100, 400)
    assert row(own, "c")["seat_games"] == 0


def test_shares_of_games_and_seat_games_with_wilson_intervals(own):
    x = row(own, "x")
    assert (x["used"], x["games_used"], x["uses"]) == (2, 2, 2)
    assert x["game_share"] == pytest.approx(0.02) and (x["game_lo"], x["game_hi"]) == pytest.approx(
        wilson_interval(2, 100))
    b = row(own, "b")
    assert b["share"] == pytest.approx(40 / 200) and (b["lo"], b["hi"]) == pytest.approx(wilson_interval(40, 200))
    assert b["game_share"] == pytest.approx(40 / 50) and b["uses_per_seat_game"] == pytest.approx(40 / 200)
    h1 = row(own, "h1")
    assert (h1["used"], h1["games_used"], h1["uses"], h1["share"]) == (400, 100, 400, 1.0)


def test_the_least_used_side_of_a_two_sided_item(own):
    a, b = row(own, "a"), row(own, "b")
    assert (a["side"], a["side_n"], a["side_share"]) == ("patron", 0, 0.0)
    assert (a["side_lo"], a["side_hi"]) == pytest.approx(wilson_interval(0, 90))
    assert (a["n_hero"], a["n_patron"]) == (90, 0) and (b["n_hero"], b["n_patron"]) == (20, 20)
    assert b["side_share"] == 0.5


def test_flagged_items_never_first_then_rarely_then_one_sided(own):
    assert flagged(own)["item"].to_list() == ["d", "h2", "n1_s", "x", "a"]


def test_an_item_no_declaration_lists_comes_from_the_data():
    """Without the game's items: only those with rows (and a kind's own items) are listed."""
    df = usage(run_tables(), SECTION)
    assert "d" not in df["item"] and "z" not in df["item"] and "h2" in df["item"] and "a" in df["item"]


def tier_tables(n, x_played, h2_seats, y_held, a_patron=0, h1_seats=PLAYERS):
    """A tier's games: as the run's, but card x played in `x_played` games, hero h2 activated by
    `h2_seats` seats of each game (h1 by `h1_seats`), card y held in only `y_held` games (played
    in none), Angel a awakened as patron in its first `a_patron` games."""
    drawn = [("a", "d") for _ in range(n)]
    feats = ([(g, 0, "patron" if g < a_patron else "hero", "a") for g in range(n)]
             + [(g, 0, "action", "n0_s") for g in range(n)] + [(g, 1, "action", "n1_s") for g in range(n)])
    cards = [(g, 0, "x", 5 if g < x_played else None) for g in range(n)] + [(g, 1, "y", None) for g in range(y_held)]
    h1, h2 = np.zeros((n, PLAYERS), int), np.zeros((n, PLAYERS), int)
    h1[:, :h1_seats], h2[:, :h2_seats] = 1, 1
    return tables(n, drawn, feats, cards, {"h1": h1, "h2": h2})


def test_a_bot_gap_a_design_finding_and_the_unclear_against_two_tiers(own):
    """Weaker tier t1 never plays card x and activates hero h2 (half its seats); the strongest, t2,
    plays x in 60 of 100 games, never activates h2, never awakens d, awakens a as hero only;
    both take n1's action."""
    weak = usage(tier_tables(100, x_played=0, h2_seats=2, y_held=3), SECTION, ITEMS)
    strong = usage(tier_tables(100, x_played=60, h2_seats=0, y_held=3), SECTION, ITEMS)
    v = tier_verdicts(own, [("t1", weak), ("t2", strong)], SECTION, strongest="t2")
    verdict = dict(zip(v["item"], v["verdict"]))
    assert verdict["x"] == BOT_GAP                          # rare for the run, 60% for the strongest
    assert verdict["d"] == DESIGN                           # never, in 100 of the strongest's games
    assert verdict["a"] == DESIGN_SIDE.format(side="patron")
    assert verdict["h2"] == "unclear: t1 uses it, the strongest (t2) does not"
    assert verdict["n1_s"] == BOT_GAP
    assert dict(zip(v["item"], v["verdict_kind"])) == {"d": "design finding", "h2": "unclear", "n1_s": "bot gap",
                                                       "x": "bot gap", "a": "design finding"}
    # the weaker tier taken for the strongest: it leaves x, which only t2 uses
    v = tier_verdicts(own, [("t2", strong), ("t1", weak)], SECTION, strongest="t1")
    x = v.filter(pl.col("item") == "x").row(0, named=True)
    assert x["verdict"] == "unclear: t2 uses it, the strongest (t1) does not"
    assert (x["0_game_share"], x["1_game_share"]) == pytest.approx((0.6, 0.0))


def test_a_strongest_tier_of_few_games_cannot_tell():
    """Card y rarely played in the run, and held in 3 of the strongest's games, never played: an
    interval from 0 to 56% holds the 5% threshold: too few games; an Angel the strongest tier
    awakens as patron in 30% of 100 games (95% CI 22-40%) is not one-sided there: a bot gap,
    in 12% (7-20%) it cannot tell."""
    own = usage(tables(100, [("a",)] * 100, [(g, 0, "hero", "a") for g in range(100)],
                       [(g, 1, "y", 3 if g == 0 else None) for g in range(60)]), SECTION, ITEMS)
    for patron, says in ((30, BOT_GAP), (12, "too few games: t2's 95% interval holds the threshold")):
        strong = usage(tier_tables(100, x_played=0, h2_seats=0, y_held=3, a_patron=patron), SECTION, ITEMS)
        verdict = dict(zip(*tier_verdicts(own, [("t2", strong)], SECTION)[["item", "verdict"]]))
        assert row(own, "y")["status"] == RARE and verdict["y"].startswith("too few games: t2's")
        assert row(own, "a")["status"] == ONE_SIDED and verdict["a"] == says
        assert row(strong, "a")["side_share"] == pytest.approx(patron / 100)


def test_an_item_the_run_uses_and_a_stronger_tier_leaves_is_that_tiers_hole(own):
    """Hero h1, activated by every seat of the run, never by t2 (in 100 games) and by t1 in every
    game: a hole in t2's play, named for t2 alone, after the flagged items; used by every tier
    (n0_s), or a tier with too few games to tell (card y, held in 3 of t2's games), it is no row."""
    weak = usage(tier_tables(100, x_played=0, h2_seats=2, y_held=3), SECTION, ITEMS)
    strong = usage(tier_tables(100, x_played=60, h2_seats=0, y_held=3, h1_seats=0), SECTION, ITEMS)
    v = tier_verdicts(own, [("t1", weak), ("t2", strong)], SECTION, strongest="t2")
    h1 = row(v, "h1")
    assert h1["status"] == USED and h1["verdict"] == HOLE.format(tiers="t2", s="s")
    assert (h1["verdict_kind"], h1["left_by"]) == ("hole in stronger play", ["t2"])
    assert v["item"].to_list() == [*flagged(own)["item"], "h1"]
    both = tier_verdicts(own, [("t1", strong), ("t2", strong)], SECTION)
    assert row(both, "h1")["verdict"] == "hole in stronger play: t1 and t2 leave it (the run's players use it)"
    alone = tier_verdicts(own, [("t1", weak)], SECTION)
    assert "h1" not in alone["item"] and "y" not in alone["item"] and row(alone, "x")["left_by"] == []
