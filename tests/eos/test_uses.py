"""What the EOS tables record for the usage section (issue #33; docs/data.md): the uses table
(once-per-game Angel actions and trophy actions held and used, secondary actions, blessing
corner rewards), the cards' `discarded`, the games' Angels drawn and deeds and Demon Lords
placed. Scenarios through the Python face (scenario.py) send each count through the kernel's
record into the table; a seeded run checks every new column against the feats, cards and
seats tables it must agree with."""
from types import SimpleNamespace

import numpy as np
import polars as pl
import pytest

import simulate
from simulate.eos import GAME, cards, kernel, records
from simulate.eos import layout as L

from .scenario import give_journey, give_trophy, hold_angel, new, ready, take_any

FOUR = "noom,kusan,guild,kwanan"


@pytest.fixture(scope="module")
def rules():
    return GAME.load_rules()


def uses_of(st):
    """The uses table of the face's game as it stands (the kernel's end-of-game record of each seat)."""
    k = int(st.S[L.S_N])
    flat = np.zeros((k, L.N_SEAT_COLS), np.int32)
    for p in range(k):
        flat[p, L.P_NATION] = st.NS[p, L.NS_NATION]
        kernel.record_uses(st.S, st.C, p, flat[p])
    batch = SimpleNamespace(seats=flat, k=k, r=SimpleNamespace(content=st.content), run_id="r",
                            game_id=np.zeros(1, np.int64))         # (as ``simulate.core.records.Batch``)
    return pl.from_arrow(records.uses_table(batch))


def rows(table, kind):
    return {(r["seat"], r["item"]): r["uses"] for r in table.filter(pl.col("kind") == kind).iter_rows(named=True)}


def test_angel_actions_trophies_secondaries_and_corners_reach_the_uses_table(rules):
    """Seat 0 (Guild) holds Hea (once-per-game action) and Alhana (none) on its hero side, and the
    Expedition's extra crew: each held and unused is a row with 0 uses, used once 1; a secondary
    action taken is its nation's; a corner reward taken, 1."""
    st = new(rules, "guild", "kusan")
    ready(st, 21, 22)
    hea, _ = hold_angel(st, 0, "hea"), hold_angel(st, 0, "alhana")
    t = give_trophy(st, 0, "expedition_hero")
    table = uses_of(st)
    assert rows(table, "angel_action") == {(0, "hea"): 0}
    assert rows(table, "trophy") == {(0, "expedition_hero"): 0}
    assert rows(table, "secondary") == {} and rows(table, "corner") == {}
    saved = st.S.copy()
    st.start_turn(0)
    st.choose(L.O_CREW, 0, hea)                             # Hea's action, once per game
    assert rows(uses_of(st), "angel_action") == {(0, "hea"): 1}
    st.S[:] = saved
    st.start_turn(0)
    st.choose(L.O_CREW, 1, t)                               # the extra crew hero
    assert rows(uses_of(st), "trophy") == {(0, "expedition_hero"): 1}
    st.S[:] = saved
    st.start_turn(0)
    st.choose(L.O_HERO, 3, 1)                               # the Treasurer, then a secondary action
    while st.frame()[0] != L.F_SECONDARY:
        take_any(st)
    st.choose(L.O_SECONDARY, 2)
    assert rows(uses_of(st), "secondary") == {(0, "guild_secondary_3"): 1}
    st.S[L.S_CORNER_TAKEN + 1] |= 1 << (2 * L.MAX_CORNER_REWARDS + 4)    # seat 1: corner 3's 5th reward
    assert rows(uses_of(st), "corner") == {(1, "corner_3_5"): 1}


def test_a_discarded_card_is_marked_a_kept_or_played_one_is_not(rules):
    """Journey cards: one discarded, one played, one kept in hand; upgrades: one taken out of
    play, one kept. Only the discarded and the one taken out are marked."""
    st = new(rules, "kusan", "guild")
    S, C = st.S, st.C
    j = [give_journey(st, 0, ident) for ident in ("j01", "j02", "j03")]
    for x in j:
        cards.card_gained(S, x, 0, L.HOW_DRAWN)
    cards.discard_journey(S, C, 0, j[0])
    cards.card_played(S, j[1], L.PLAYED_FACE_UP)
    cards.played_journey(S, 0, j[1])
    u = [st.content.upgrades.index(ident) for ident in ("u01", "u02")]
    for x in u:
        cards.card_gained(S, L.MAX_JOURNEY + x, 0, L.HOW_BOUGHT)
        cards.put_in_play(S, C, 0, x, L.U_SHIP_PLACE)
    cards.take_out_of_play(S, C, 0, u[0], L.U_DISCARD)
    out = kernel.card_arrays(1)
    kernel.record_cards(S, C, 0, out)
    marked = out[0, :, L.CARD_DISCARDED]
    assert [marked[x] for x in j] == [1, 0, 0] and [marked[L.MAX_JOURNEY + x] for x in u] == [1, 0]
    assert marked.sum() == 2


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("uses") / "four"
    simulate.run("eos", players=4, games=160, seed=4, strategies="balanced,greedy,deed_hunter,merchant",
                 rotate_seats=True, game_options={"nations": FOUR}, out=out, jobs=1, progress=False)
    r = simulate.open_run(out)
    return {t: r.table(t).collect() for t in ("games", "seats", "cards", "feats", "uses")}, r.manifest["config"], out


def listed(games, column):
    """(game_id, item) of a comma-separated games column."""
    return set(games.select("game_id", pl.col(column).str.split(",")).explode(column)
               .filter(pl.col(column) != "").iter_rows())


def test_what_came_to_the_board_holds_every_feat(run):
    """Every Angel awakened was drawn (9 a 4-player game), every deed accomplished and Demon Lord
    defeated came to the board; the Lords placed are those defeated and those still there."""
    t, config, _ = run
    games, feats = t["games"], t["feats"]
    drawn = listed(games, "angels_drawn")
    assert games["angels_drawn"].str.split(",").list.len().unique().to_list() == [9]
    for kinds, column in ((("angel_hero", "angel_patron"), "angels_drawn"), (("deed",), "deeds_placed"),
                          (("lord",), "lords_placed")):
        done = set(feats.filter(pl.col("kind").is_in(kinds)).select("game_id", "item").iter_rows())
        assert done and done <= listed(games, column), column
    assert len(drawn) == 9 * games.height
    placed = games["lords_placed"].str.split(",").list.len()
    assert (placed == games["lords_defeated"] + games["lords_on_board"]).all()
    assert set(games.select("game_id", "first_lord").iter_rows()) <= listed(games, "lords_placed")


def test_the_uses_table_agrees_with_the_seats_and_feats(run):
    """Angel actions: of an Angel on the seat's hero side (awakened, or Noom's own), at most once,
    within the seat's Angel crew actions; trophy heroes' uses add up to the crew actions that were
    no Angel's; a trophy row's seat accomplished its deed; secondary actions are the seat's nation's;
    a corner reward is taken once; nothing is recorded twice."""
    t, config, _ = run
    seats, feats, uses = t["seats"], t["feats"], t["uses"]
    keys = ["game_id", "seat"]
    assert uses.select(*keys, "kind", "item").is_unique().all() and set(uses["kind"]) == set(records.USE_KINDS)
    acts = uses.filter(pl.col("kind") == "angel_action").join(seats.select(*keys, "nation"), on=keys)
    heroes = feats.filter(pl.col("kind") == "angel_hero").select(*keys, "item", awakened=pl.lit(True))
    acts = acts.join(heroes, on=[*keys, "item"], how="left")
    assert (acts["awakened"].fill_null(False) | (acts["nation"] == "noom")).all()
    assert acts["uses"].max() == 1 and acts["uses"].sum() > 0
    per_seat = acts.group_by(keys).agg(pl.col("uses").sum()).join(seats, on=keys)
    assert (per_seat["uses"] <= per_seat["crew_angel_actions"]).all()
    types = {tr["id"]: tr["type"] for tr in config["deeds"]["trophy"]}
    deed_of = {d["trophy"]: d["id"] for d in config["deeds"]["deed"] if d.get("trophy")}
    trophies = uses.filter(pl.col("kind") == "trophy")
    crew = (trophies.filter(pl.col("item").replace_strict(types, default="") == "hero").group_by(keys)
            .agg(pl.col("uses").sum()))
    crew = seats.join(crew, on=keys, how="left").with_columns(pl.col("uses").fill_null(0))
    assert (crew["uses"] == crew["actions_crew"] - crew["crew_angel_actions"]).all()
    done = set(feats.filter(pl.col("kind") == "deed").select(*keys, "item").iter_rows())
    assert trophies.height and all((g, s, deed_of[i]) in done for g, s, i in trophies.select(*keys, "item").iter_rows())
    secondary = uses.filter(pl.col("kind") == "secondary").join(seats.select(*keys, "nation"), on=keys)
    assert (secondary["item"].str.split("_secondary_").list.first() == secondary["nation"]).all()
    assert (secondary["uses"] > 0).all()
    corners = uses.filter(pl.col("kind") == "corner")
    assert corners.height and (corners["uses"] == 1).all()
    assert set(corners["item"]) <= set(GAME.content_items(config)["corner"])


def test_cards_discarded_are_never_played(run):
    t, _, _ = run
    c = t["cards"]
    assert not (c["discarded"] & c["turn_played"].is_not_null()).any()
    journey = c.filter(pl.col("kind") == "journey")
    assert 0 < journey["discarded"].sum() < journey["turn_played"].is_null().sum()


def test_content_usage_counts_what_the_tables_hold(run):
    """analysis.usage on the run: an Angel's uses are its feats rows, the games it was there its
    drawn games; a hero's are its activations column."""
    from analysis.usage import content_usage

    t, config, folder = run
    df = content_usage(folder)
    games, feats, seats = t["games"], t["feats"], t["seats"]
    a = df.filter((pl.col("kind") == "angel") & (pl.col("item") == "hea")).row(0, named=True)
    hea = feats.filter(pl.col("item") == "hea")
    assert a["used"] == hea.height and a["games"] == games["angels_drawn"].str.split(",").list.contains("hea").sum()
    assert a["n_hero"] == hea.filter(pl.col("kind") == "angel_hero").height
    w = df.filter((pl.col("kind") == "hero_rank") & (pl.col("item") == "warrior")).row(0, named=True)
    assert (w["used"], w["uses"], w["seat_games"]) == ((seats["warrior_above_rank_1"] > 0).sum(),
                                                        seats["warrior_above_rank_1"].sum(), seats.height)
    # every declared item is listed, used or not
    assert set(df.filter(pl.col("kind") == "deed")["item"]) == {d["id"] for d in config["deeds"]["deed"]}
