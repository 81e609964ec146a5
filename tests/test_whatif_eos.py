"""`windtunnel whatif eos` beyond the nation (issue #22): the treated seat's starting upgrade and
journey card, the side it must take an Angel on, a Demon Lord's curse and a deed in play from
the start. Each is checked in the face's state right after the deal (against the printed game's
on the same seed) and in the recorded tables of a small run; a game the change leaves alone is
the printed game to the last glory (common random numbers)."""
import re

import numpy as np
import polars as pl
import pytest

from analysis.interventions import treated_effects
from simulate.core.compare_folder import open_compare
from simulate.eos import layout as L
from simulate.eos.cards import upgrade_place
from simulate.eos.config import NATIONS, load_rules
from simulate.eos.face import State
from simulate.core.seats import treated_seat
from tests.eos.scenario import at_angel, calm, ready, take_any

from .cli_invoke import invoke

P, N, SEED = 2, 30, 1
ANGEL = "boreanos"              # an Angel the greedy awakens often, on its hero side
UPGRADE, JOURNEY = "u30", "j07"     # a hero upgrade (its hero chosen at setup) and a general card




@pytest.fixture(scope="module")
def printed():
    return load_rules()


def start(rules, k, **kw):
    """Game k of the run (seed SEED) right after the deal, nothing resolved yet."""
    return State(rules, P, SEED, k, run=False, **kw)


def treated(rules, **values):
    return load_rules(overrides={f"intervention.{k}": v for k, v in values.items()})


def pile(st, at, n_at):
    return [int(v) for v in st.S[at:at + st.S[n_at]]]


def deeds(st):
    return [int(st.S[L.S_DEED_AT + d]) for d in range(1, L.N_DEED_AREAS + 1)]


def lord_and_deed_of_game_0(rules):
    """The printed game 0's setup Lord and one of its deeds: game 0 of their cells is the printed one."""
    st = start(rules, 0)
    return st.content.lords[int(st.S[L.S_CURSES])], st.content.deeds[next(d for d in deeds(st) if 0 <= d < L.LORD)]


# ---------------------------------------------------------------- the state right after the deal
def test_the_upgrade_comes_out_of_the_market_or_the_deck_and_the_deck_keeps_its_order(printed):
    for k in range(6):
        base, t = start(printed, k), treated_seat(k, P)
        deck, market = pile(base, L.S_UDECK, L.S_UDECK_N), [int(v) for v in base.S[L.S_MARKET:L.S_MARKET + 3]]
        for u in (market[k % 3], deck[k]):             # one from the market, one from inside the deck
            st = start(treated(printed, upgrade=base.content.upgrades[u]), k)
            if st.C[L.C_U_SHIP + u]:
                assert upgrade_place(st.S, t, u) == L.U_SHIP_PLACE
            else:                                      # a hero upgrade: under the hero t picks first thing
                assert st.frame()[:3] == (L.F_ATTACH, t, u)
            row = L.S_CARD + (L.MAX_JOURNEY + u) * L.CARD_W
            assert (st.S[row + L.CARD_SEAT], st.S[row + L.CARD_HOW]) == (t, L.HOW_DEALT)
            now = [int(v) for v in st.S[L.S_MARKET:L.S_MARKET + 3]]
            if u in market:                            # its place refilled from the deck's top, as when taken
                assert now == [deck[-1] if v == u else v for v in market]
                assert pile(st, L.S_UDECK, L.S_UDECK_N) == deck[:-1]
            else:
                assert now == market and pile(st, L.S_UDECK, L.S_UDECK_N) == [v for v in deck if v != u]
            assert st.RG[0] == base.RG[0]              # the game's own stream untouched


def test_the_journey_card_comes_out_of_the_deck_and_nothing_else_changes(printed):
    for k in range(6):
        base, t = start(printed, k), treated_seat(k, P)
        deck = pile(base, L.S_JDECK, L.S_JDECK_N)
        j = deck[len(deck) // 2]
        st = start(treated(printed, journey=base.content.journey[j]), k)
        assert st.S[L.S_JLOC + j] == L.J_HAND + t and st.S[L.S_N_HAND + t] == base.S[L.S_N_HAND + t] + 1
        assert pile(st, L.S_JDECK, L.S_JDECK_N) == [v for v in deck if v != j]
        changed = set(np.flatnonzero(st.S != base.S))
        allowed = ({L.S_JLOC + j, L.S_JDECK_N, L.S_N_HAND + t} | set(range(L.S_JDECK, L.S_JDECK + L.MAX_JOURNEY))
                   | set(range(L.S_CARD + j * L.CARD_W, L.S_CARD + (j + 1) * L.CARD_W)))
        assert changed and changed <= allowed           # the other seat, the boards, the other decks: as printed


def test_a_curse_from_the_start_is_the_lord_placed_at_setup_and_the_stack_keeps_its_order(printed):
    for k in range(6):
        base = start(printed, k)
        n = int(base.C[L.C_N_LORDS])
        stack, first = list(base.S[L.S_LORD_STACK:L.S_LORD_STACK + n]), int(base.S[L.S_CURSES])
        lord = (first + 1 + k) % n                     # a Lord other than the printed one
        st = start(treated(printed, curse=base.content.lords[lord]), k)
        assert int(st.S[L.S_CURSES]) == lord and st.S[L.S_N_CURSES] == 1
        swapped = [first if v == lord else lord if v == first else v for v in stack]
        assert list(st.S[L.S_LORD_STACK:L.S_LORD_STACK + n]) == swapped     # the printed Lord spawns in its place
        assert [d >= L.LORD for d in deeds(st)] == [d >= L.LORD for d in deeds(base)]    # on the same area
        assert st.RG[0] == base.RG[0]


def test_a_deed_from_the_start_takes_one_dealt_deeds_area_drawn_apart_from_the_game(printed):
    content = start(printed, 0).content
    lake = [d["id"] for d in printed.config["deeds"]["deed"] if d["level"] == "lake"]
    for k in range(8):
        base = start(printed, k)
        absent = [content.deeds[d] for d in range(len(content.deeds))
                  if d not in deeds(base) and content.deeds[d] not in lake]
        areas = []
        for name in absent[:2] + [next(x for x in lake if content.deeds.index(x) not in deeds(base))]:
            st, d = start(treated(printed, deed=name), k), content.deeds.index(name)
            now, was = deeds(st), deeds(base)
            assert now.count(d) == 1 and st.S[L.S_DEED + d] == L.DS_BOARD
            area = now.index(d)
            assert [x for i, x in enumerate(now) if i != area] == [x for i, x in enumerate(was) if i != area]
            assert 0 <= was[area] < L.LORD and st.S[L.S_DEED + was[area]] == L.DS_BOX    # the dealt deed: boxed
            assert (area == 5) == (name in lake)       # a lake deed on the inner lake
            areas.append(area)
            assert st.RG[0] == base.RG[0]
        assert areas[0] == areas[1]                    # its own stream: the same area for any deed of a game


def sides_offered(rules, game_index, p):
    """The sides seat p is offered Angel ANGEL on, at its location with a blessing token."""
    st = State(rules, P, 3, game_index, nations=["kusan", "guild"], run=False)
    calm(st)
    st.run_to_decision()
    while not (st.frame()[0] == L.F_MOVE and st.S[L.S_AREA + st.frame()[1]] < 0):
        take_any(st)
    ready(st, 21, 22)
    a = at_angel(st, p, ANGEL)
    st.start_turn(p)
    while st.frame()[0] != L.F_ACTION:
        take_any(st)
    return {row[1] for row in st.options() if row[0] == L.O_CHRONICLE and row[2] == a}


def test_only_the_treated_seat_is_held_to_the_angels_side(printed):
    both = {L.CH_AWAKEN_HERO, L.CH_AWAKEN_PATRON}
    for side, code in (("hero", L.CH_AWAKEN_HERO), ("patron", L.CH_AWAKEN_PATRON)):
        rules = treated(printed, angel=ANGEL, angel_side=side)
        for k in range(P):
            for p in range(P):
                assert sides_offered(rules, k, p) == ({code} if p == treated_seat(k, P) else both)
    assert sides_offered(printed, 0, 0) == both


def test_values_combine_within_one_intervention(printed):
    base, t = start(printed, 1), treated_seat(1, P)
    j, u = base.content.journey.index(JOURNEY), base.content.upgrades.index("u01")
    st = start(treated(printed, journey=JOURNEY, upgrade="u01", nation="noom"), 1)
    assert st.S[L.S_JLOC + j] == L.J_HAND + t and upgrade_place(st.S, t, u) == L.U_SHIP_PLACE
    assert st.nations[t] == NATIONS.index("noom")


# ---------------------------------------------------------------- a run: the recorded tables
@pytest.fixture(scope="module")
def whatif(tmp_path_factory, printed):
    lord, deed = lord_and_deed_of_game_0(printed)
    out = tmp_path_factory.mktemp("whatif_eos") / "w"
    r = invoke("whatif", "eos", "--players", P, "--games", N, "--seed", SEED, "--strategies", "greedy", "--jobs", 1,
               "--intervention", f"upgrade={UPGRADE}", "--intervention", f"journey={JOURNEY}",
               "--intervention", f"curse={lord}", "--intervention", f"deed={deed}",
               "--intervention", f"hero:angel={ANGEL},angel_side=hero",
               "--intervention", f"patron:angel={ANGEL},angel_side=patron",
               "--out", out, "--no-progress", "--no-report")
    assert r.exit_code == 0, r.stderr
    return out, r, lord, deed


def table(out, cell, name="seats"):
    return pl.read_parquet(f"{out}/{cell}-{P}p/{name}/*.parquet")


def of_treated(df):
    return df.filter(treated_seat(pl.col("game_id"), P) == pl.col("seat"))


def same_games(out, cell, games):
    """Whether these games of `cell` are the printed ones, every seat's glory."""
    def scores(c):
        return table(out, c).filter(pl.col("game_id").is_in(games)).sort("game_id", "seat")["score_total"].to_list()
    return scores(cell) == scores("base")


def test_every_intervention_pairs_every_game(whatif):
    out, r, lord, deed = whatif
    cells = ["upgrade-" + UPGRADE, "journey-" + JOURNEY, f"curse-{lord}", f"deed-{deed}", "hero", "patron"]
    effects = treated_effects(open_compare(out))
    assert sorted(effects["intervention"]) == sorted(cells) and (effects["n"] == N).all()
    for cell in cells:
        assert re.search(rf"^  {cell} \(.+\), {P} players, n = {N} games: ", r.stdout, re.M), r.stdout
        assert table(out, cell, "games").height == N


def test_the_treated_seat_starts_with_its_upgrade_and_card_in_every_game(whatif, printed):
    out, *_ = whatif
    for key, ident, kind in (("upgrade", UPGRADE, "upgrade"), ("journey", JOURNEY, "journey")):
        rules = treated(printed, **{key: ident})
        for k in range(N):                             # the face deals each game as the batch did
            st, t = start(rules, k), treated_seat(k, P)
            row = L.S_CARD + (st.content.upgrades.index(ident) + L.MAX_JOURNEY if kind == "upgrade"
                              else st.content.journey.index(ident)) * L.CARD_W
            assert (st.S[row + L.CARD_SEAT], st.S[row + L.CARD_HOW]) == (t, L.HOW_DEALT)
        cards = table(out, f"{key}-{ident}", "cards").filter((pl.col("card") == ident) & pl.col("at_setup"))
        assert cards.height and cards.height == of_treated(cards).height     # the cards table: the treated seat's
        assert not table(out, "base", "cards").filter((pl.col("card") == ident) & pl.col("at_setup")).height


def test_a_curse_or_deed_from_the_start_leaves_the_games_that_had_it_as_printed(whatif, printed):
    out, _, lord, deed = whatif
    first = table(out, f"curse-{lord}", "games")["first_lord"]
    assert (first == lord).all()
    had = table(out, "base", "games").filter(pl.col("first_lord") == lord)["game_id"]
    assert len(had) and same_games(out, f"curse-{lord}", had.to_list())
    rules, d = treated(printed, deed=deed), start(printed, 0).content.deeds.index(deed)
    assert all(d in deeds(start(rules, k)) for k in range(N))
    had = [k for k in range(N) if d in deeds(start(printed, k))]
    assert had and same_games(out, f"deed-{deed}", had)
    assert not same_games(out, f"deed-{deed}", [k for k in range(N) if k not in had])


def test_the_treated_seat_takes_the_angel_only_on_its_side_and_other_games_stay_printed(whatif):
    out, *_ = whatif
    base = of_treated(table(out, "base", "feats")).filter(pl.col("item") == ANGEL)
    changed = 0
    for side in ("hero", "patron"):
        other = "angel_patron" if side == "hero" else "angel_hero"
        mine = of_treated(table(out, side, "feats")).filter(pl.col("item") == ANGEL)
        assert (mine["kind"] == f"angel_{side}").all()
        # a game where the printed treated seat never took the other side is the printed game
        took_other = base.filter(pl.col("kind") == other)["game_id"]
        assert same_games(out, side, [k for k in range(N) if k not in took_other.to_list()])
        changed += len(took_other)
    assert changed                                     # (some game did change: the test can tell)


def test_replay_tells_each_interventions_game_as_recorded(whatif):
    out, _, lord, deed = whatif
    for cell, k in (("upgrade-" + UPGRADE, 1), ("journey-" + JOURNEY, 2), (f"curse-{lord}", 3),
                    (f"deed-{deed}", 4), ("patron", 5)):
        r = invoke("replay", out / f"{cell}-{P}p", "--game", k)
        assert r.exit_code == 0, r.stderr
        told = [int(v) for v in re.findall(r"= (\d+) glory;", r.stdout)]
        assert told == table(out, cell).filter(pl.col("game_id") == k).sort("seat")["score_total"].to_list()
        given = rf"^What-if .*; the seat given it \(one a game, each seat in turn\): .* \(seat {treated_seat(k, P)}, "
        assert re.search(given, r.stdout, re.M)


@pytest.mark.parametrize("spec, words", [
    ("upgrade=u99", "intervention.upgrade: expected none or one of u01, u02,"),
    ("journey=j99", "intervention.journey: expected none or one of j01,"),
    ("curse=amban", "intervention.curse: expected none or one of Amban,"),
    ("deed=the_moon", "intervention.deed: expected none or one of awaken_the_drowned_redeemer,"),
    ("angel=leanas,angel_side=hero", "intervention.angel: expected none or one of alhana,"),
    ("angel=eo,angel_side=both", "intervention.angel_side: expected none or one of hero, patron, got 'both'"),
    ("angel=eo", "intervention.angel_side: angel = 'eo' needs its side: hero or patron"),
    ("angel_side=hero", "intervention.angel: angel_side = 'hero' needs an Angel: one of alhana,"),
])
def test_bad_values_are_one_line_and_exit_2(tmp_path, spec, words):
    r = invoke("whatif", "eos", "--players", P, "--games", 10, "--intervention", spec, "--out", tmp_path / "w")
    assert r.exit_code == 2, r.stderr
    assert words in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "w").exists()


def test_an_item_sections_association_quotes_the_causal_effect_of_its_intervention():
    """The report's item sections (an upgrade's, a journey card's) name their item `item`, by the
    name the report gives it: the finding on The Demon Heart quotes upgrade=u01's effect."""
    from analysis.findings import ITEMS, Finding, quote_causal_effects
    from reports.data import item_label
    from simulate.core.games import get_game

    game = get_game("eos")
    names = game.item_names(game.load_rules().config)
    effects = pl.DataFrame([{"key": "upgrade", "value": "u01", "players": 2, "intervention": "upgrade-u01",
                             "won": 0.038, "won_lo": 0.015, "won_hi": 0.06, "n": 2000}])
    said = "Seats that gained it won more; an association, not a cause."
    mine, other, elsewhere = (Finding("upgrade", "upgrade x", said, 0.03, 0.01,
                                      {"item": item_label(names, item), "n_players": players}, tier=ITEMS)
                              for item, players in (("u01", 2), ("u02", 2), ("u01", 3)))
    quote_causal_effects([mine, other, elsewhere], effects, game.intervention_subjects,
                         lambda i: item_label(names, i))
    assert "Its causal effect, measured: starting with it in play changes a seat's win rate by +3.8" in mine.sentence
    assert other.sentence == said and elsewhere.sentence == said
