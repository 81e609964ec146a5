"""The rulebook's modules as switchable, combinable options (``configs/eos/modules/``,
``--variant``): First Game Adjustments, the deed levels, Free Choice of Ship and Night
Mode, each held to its printed rule, then every combination played under check mode.
(The deluxe content and the solo mode have their own files.)"""
import itertools
import shutil

import numpy as np
import polars as pl
import pytest

from simulate.eos import GAME, symbols
from simulate.eos import layout as L
from simulate.eos.config import CONFIG_DIR, MODULES, NATIONS as GAME_NATIONS, load_rules
from simulate.eos.face import State
from simulate.core.errors import ConfigError, UserError
from strategies import resolve_strategies
from tests.eos.scenario import angel_area, area, areas_offered, finish_turn, free_angels, new, ready

LEVEL = {"I": 0, "II": 1, "III": 2, "lake": L.DEED_LAKE}


@pytest.fixture(scope="module")
def night():
    return GAME.load_rules(variants=["night"])


def deeds_on_board(st):
    """{deed area: deed index} of the deeds set up (a Demon Lord's area left out)."""
    return {d: int(st.S[L.S_DEED_AT + d]) for d in range(1, L.N_DEED_AREAS + 1)
            if 0 <= st.S[L.S_DEED_AT + d] < L.LORD}


# ---------------------------------------------------------------- the mechanism
def test_a_module_is_its_file_applied_to_the_config_and_recorded_in_it():
    base, night = load_rules(), load_rules(modules=["night"])
    assert "variants" not in base.config and night.config["variants"] == ["night"]
    assert len(night.config["glory_track"]["step"]) > 0 and "glory_track" not in base.config
    assert [a["id"] for a in night.config["map"]["area"] if a.get("perimeter")] == [27, 30]
    assert sum(1 for a in base.config["map"]["area"] if a.get("perimeter")) > 2     # the base untouched
    assert night.hash != base.hash


def test_modules_combine_in_the_games_order_and_a_wrong_name_is_one_error():
    assert set(MODULES) >= {"first-game", "free-ship", "night"}
    assert GAME.canonical_variant("night+first-game") == "first-game,night"
    for bad, says in (("nite", "unknown variant 'nite'"), ("night,night", "names a variant twice"),
                      ("base,night", "cannot be combined")):
        with pytest.raises(UserError, match=says):
            GAME.canonical_variant(bad)


def test_a_modules_file_is_read_from_the_config_folder_given(tmp_path):
    """A designer's copy of the config carries its own modules: an edit there is what plays,
    and a module adding to a list the config lacks is one error naming the file."""
    folder = tmp_path / "eos"
    shutil.copytree(CONFIG_DIR, folder)
    module = folder / "modules" / "free-ship.toml"
    module.write_text(module.read_text() + '\n"setup.objectives" = false\n')
    assert load_rules(folder, modules=["free-ship"]).config["setup"]["objectives"] is False
    module.write_text('[add.deeds]\nnothing = [1]\n')
    with pytest.raises(ConfigError, match=r"free-ship\.toml.*add\.deeds\.nothing: adds to a list"):
        load_rules(folder, modules=["free-ship"])
    module.unlink()
    with pytest.raises(ConfigError, match="has no module 'free-ship'"):
        load_rules(folder, modules=["free-ship"])


# ---------------------------------------------------------------- First Game Adjustments
def test_first_game_sorts_the_lords_uses_level_one_deeds_and_no_objectives():
    """"Don't shuffle the Demon Lord tiles. Instead, sort them in this order from top to
    bottom: 1. Demor (he'll be placed during setup), 2. Meâron, 3. Amban, 4. Remoran, 5. Hanor,
    6. Betaun." "Use level I epic deeds exclusively." "don't use objective cards.\""""
    rules = GAME.load_rules(variants=["first-game"])
    for seed in range(12):
        st = State(rules, 3, seed=seed, run=False)
        S, content = st.S, st.content
        assert content.lords[int(S[L.S_CURSES])] == "Demor"
        n = int(S[L.S_LORD_STACK_N])
        stack = [content.lords[int(S[L.S_LORD_STACK + i])] for i in range(n - 1, -1, -1)]      # top first
        assert stack[:5] == ["Mearon", "Amban", "Remoran", "Hanor", "Betaun"]
        levels = {int(st.C[L.C_D_LEVEL + d]) for d in deeds_on_board(st).values()}
        assert levels <= {LEVEL["I"], LEVEL["lake"]} and LEVEL["I"] in levels
        assert int(st.C[L.C_D_LEVEL + S[L.S_DEED_AT + 6]]) == LEVEL["lake"] or S[L.S_DEED_AT + 6] >= L.LORD
        assert (S[L.S_OBJ:L.S_OBJ + L.OBJECTIVES_IN_PLAY] == -1).all()


def test_without_objectives_the_rest_of_the_setup_is_the_base_games():
    """The objectives are drawn and put back, so a first-game setup sees the base game's
    stream: the same decks (common random numbers for a comparison)."""
    base = State(load_rules(), 3, seed=5, run=False)
    plain = State(GAME.load_rules(overrides={"setup.objectives": False}), 3, seed=5, run=False)
    assert (plain.S[L.S_JDECK:L.S_JDECK + 60] == base.S[L.S_JDECK:L.S_JDECK + 60]).all()
    assert base.S[L.S_OBJ] >= 0 and plain.S[L.S_OBJ] == -1


# ---------------------------------------------------------------- deed levels
@pytest.mark.parametrize("levels", [["I"], ["II"], ["III"], ["II", "III"]])
def test_the_deed_levels_chosen_are_the_only_ones_set_up_and_the_lake_deed_stays_in_the_lake(levels):
    """"For an easy game, use only I-tiles, for a more complex game use II- and/or III-tiles or
    just mix them all together as you like." "(Lake) areas can only be placed in the inner lake.\""""
    rules = GAME.load_rules(overrides={"setup.deed_levels": levels})
    seen = set()
    for seed in range(15):
        st = State(rules, 4, seed=seed, run=False)
        for d, deed in deeds_on_board(st).items():
            level = int(st.C[L.C_D_LEVEL + deed])
            assert (level == LEVEL["lake"]) == (d == 6)
            seen.add(level)
    assert seen == {LEVEL[v] for v in levels} | {LEVEL["lake"]}


@pytest.mark.parametrize("bad", [[], ["IV"], ["I", "I"], ["lake"]])
def test_an_impossible_choice_of_deed_levels_is_one_error(bad):
    with pytest.raises(ConfigError, match="setup.deed_levels: expected a non-empty choice"):
        GAME.load_rules(overrides={"setup.deed_levels": bad})


# ---------------------------------------------------------------- Free Choice of Ship
def test_free_ship_deals_every_seat_a_different_ship_of_all_five():
    """"Shuffle all ship cards and deal one to each player at random, instead of playing with
    the ship provided by the nation.\""""
    rules = GAME.load_rules(variants=["free-ship"])
    foreign, dealt = 0, set()
    for seed in range(40):
        st = State(rules, 3, seed=seed, run=False)
        ships = [int(st.NS[p, L.NS_SHIP]) for p in range(3)]
        assert len(set(ships)) == 3
        dealt.update(ships)
        for p, k in enumerate(ships):
            own = st.content.NS[k]
            assert int(st.S[L.S_MAX_WORKERS + p]) == own[L.NS_WORKERS]               # the ship's workers
            assert (st.NS[p, L.NS_SLOT:L.NS_SLOT + L.MAX_SLOTS] == own[L.NS_SLOT:L.NS_SLOT + L.MAX_SLOTS]).all()
            assert (st.NS[p, L.NS_RANK_PROG] == st.content.NS[st.nations[p], L.NS_RANK_PROG]).all()  # its heroes
            foreign += k != st.nations[p]
    assert dealt == set(range(5)) and foreign > 40


def test_free_ship_keeps_the_base_games_nations_and_decks_and_records_the_ship():
    """The ships come from a stream of their own: the same seeds give the same nations and the
    same decks as the base game (paired comparisons), and the seats table names the ship."""
    base, free = load_rules(), GAME.load_rules(variants=["free-ship"])
    for seed in range(5):
        a, b = State(base, 4, seed=seed, run=False), State(free, 4, seed=seed, run=False)
        assert a.nations == b.nations
        assert (a.S[L.S_JDECK:L.S_JDECK + 60] == b.S[L.S_JDECK:L.S_JDECK + 60]).all()
        assert (a.S[L.S_LORD_STACK:L.S_LORD_STACK + 12] == b.S[L.S_LORD_STACK:L.S_LORD_STACK + 12]).all()
    tables = {}
    for name, rules in (("base", base), ("free", free)):
        _, POL, W = resolve_strategies(GAME, "greedy", 3)
        r = GAME.play(rules, 3, 11, 0, 30, POL, W)
        seats = tables[name] = r.tables(run_id=name, run_seed=11, first=0, strategies=["greedy"] * 3, variant=name)["seats"]
        ships = r.content.ships
        assert seats["ship"].to_pylist() == [ships[k] for k in r.seats[:30, :3, L.P_SHIP].ravel()]
    own = dict(zip(("noom", "mespanne", "kusan", "guild", "kwanan"), r.content.ships))
    assert all(own[n] == s for n, s in zip(tables["base"]["nation"].to_pylist(), tables["base"]["ship"].to_pylist()))
    assert any(own[n] != s for n, s in zip(tables["free"]["nation"].to_pylist(), tables["free"]["ship"].to_pylist()))


# ---------------------------------------------------------------- Night Mode
def test_night_has_two_start_areas_and_one_blessing_area_with_every_token(night):
    """"there are only two starting areas for ships and only one blessing area. Place all of
    the required blessing tokens (depending on the player count) next to it.\""""
    for n in (2, 5):
        st = new(night, *["noom", "kusan", "guild", "mespanne", "kwanan"][:n])
        assert areas_offered(st) == {area(st, 27), area(st, 30)}
        assert int(st.C[L.C_N_CORNERS]) == 1
        assert int(st.S[L.S_CORNER_TOKENS + 1]) == 4 * n                 # what four corners hold by day
        assert int(st.S[L.S_CORNER_TOKENS + 2]) == 0
    solo = State(GAME.load_rules(variants=["night", "solo"]), 1, seed=3, run=False)
    assert int(solo.S[L.S_CORNER_TOKENS + 1]) == 8                      # two per corner, four corners' worth


def glory_to(st, p, target):
    """Glory for p up to `target` as a step of play would give it, then the kernel on to its
    next decision (where a track reward is asked for: the frame on top)."""
    symbols.glory(st.S, p, target - int(st.S[L.S_GLORY + p]), L.GF_OTHER)
    st.run_to_decision()


def test_a_glory_track_reward_comes_once_the_first_time_the_marker_enters_its_step(night):
    """"When your nation token first enters that step, also gain the reward. You only get these
    rewards once per game." "Noom gains a total of 20 glory and may increase 1 rank. If they score
    120 glory, they may not increase 1 rank.\""""
    data = dict(night.config, glory_track={"step": [s for s in night.config["glory_track"]["step"] if s["at"] == 20]})
    only20 = load_rules(data=data)
    st = new(only20, "noom", "kusan")
    S = st.S
    glory_to(st, 0, 19)
    assert st.frame()[0] != L.F_RANK and S[L.S_GT_CLAIMED] == 0
    glory_to(st, 0, 20)
    assert st.frame()[:3] == (L.F_RANK, 0, 1)                       # "may increase 1 rank"
    st.choose_index(0)
    assert S[L.S_GT_CLAIMED] == 1 and S[L.S_GT_CLAIMED + 1] == 0    # Kusan's marker has not been there
    symbols.glory(S, 0, -15, L.GF_OTHER)                            # back below the step ...
    glory_to(st, 0, 25)                                             # ... and past it again
    assert st.frame()[0] != L.F_RANK
    glory_to(st, 0, 120)
    assert st.frame()[0] != L.F_RANK                                # "they may not increase 1 rank"


def test_passing_steps_gives_each_of_their_rewards_once(night):
    st = new(night, "noom", "kusan")
    steps = [s["at"] for s in night.config["glory_track"]["step"]]
    pushed = []
    before = int(st.S[L.S_SP])
    symbols.glory(st.S, 1, 45, L.GF_OTHER)
    from simulate.eos.engine import glory_track
    glory_track(st.S, st.C)
    for i in range(before, int(st.S[L.S_SP])):
        pushed.append(tuple(int(x) for x in st.S[L.S_STACK + i * L.FRAME:L.S_STACK + i * L.FRAME + 3]))
    assert pushed == [(L.F_PROGRAM, 1, int(st.C[L.C_GT_REWARD + i])) for i, at in enumerate(steps) if at <= 45]
    glory_track(st.S, st.C)
    assert int(st.S[L.S_SP]) == before + len(pushed)                 # nothing twice


# ---------------------------------------------------------------- the seats' knobs (issue #42)
def three_seats_end(rules, ender):
    """A three-player game where seat `ender` fills the last chronicle slot (awakening an Angel);
    the seats that take a turn after it, in order."""
    st = new(rules, "noom", "kusan", "guild")
    (angel,) = free_angels(st, 1)
    ids = [21, 22, 21]
    ids[ender] = angel_area(st, angel)
    ready(st, *ids)
    st.S[L.S_BLESSINGS + ender] = 1
    st.S[L.S_CHRON_NEXT] = st.S[L.S_CHRON_LAST]                  # one free slot left
    st.start_turn(ender)
    st.choose(L.O_CHRONICLE, L.CH_AWAKEN_PATRON, angel)
    assert int(st.S[L.S_END_SEAT]) == ender
    order = []
    finish_turn(st)
    while not st.is_terminal():
        order.append(st.current_player())
        finish_turn(st)
    assert int(st.S[L.S_ENDED_BY]) == L.END_CHRONICLE
    return order


@pytest.mark.parametrize("ender", [0, 1, 2])
def test_with_the_round_played_out_the_game_ends_after_the_last_seats_turn(ender):
    """full-round: "every seat the same number of turns": after the seat that filled the last slot,
    only the seats after it in the round play (none after the last seat); the printed end gives
    every seat but the ender one more turn."""
    assert three_seats_end(load_rules(), ender) == [s % 3 for s in range(ender + 1, ender + 3)]
    assert three_seats_end(load_rules(modules=["full-round"]), ender) == list(range(ender + 1, 3))


def test_with_the_round_played_out_every_seat_plays_as_many_turns_in_the_batch():
    rules = GAME.load_rules(variants=["full-round"])
    _, POL, W = resolve_strategies(GAME, "greedy", 4)
    r = GAME.play(rules, 4, 7, 0, 40, POL, W, check=True)
    done = r.games[:40, L.G_ENDED_BY] == L.END_CHRONICLE
    assert done.mean() > 0.9 and not r.games[:40, L.G_ERROR].any()
    assert (r.games[:40, L.G_TURNS][done] % 4 == 0).all()         # whole rounds only
    base = GAME.play(GAME.load_rules(), 4, 7, 0, 40, POL, W)
    assert (base.games[:40, L.G_TURNS] % 4 != 0).any()            # the printed end: not always


def test_the_seat_compensation_gives_each_seat_its_glory_and_coins_at_setup():
    """[seat_compensation]: glory_Np and coins_Np by seat at setup (the setup's glory source), the
    table of the game's player count only; none (the printed game) changes nothing."""
    comp = load_rules(overrides={"seat_compensation.glory_3p": [0, 2, 5], "seat_compensation.coins_3p": [0, 10, 0],
                                 "seat_compensation.glory_4p": [9, 9, 9, 9]})
    nations = ["noom", "kusan", "guild"]
    base, st = State(load_rules(), 3, seed=4, nations=nations, run=False), State(comp, 3, seed=4, nations=nations,
                                                                                   run=False)
    glory = [int(st.S[L.S_GLORY + p] - base.S[L.S_GLORY + p]) for p in range(3)]
    coins = [int(st.S[L.S_COINS + p] - base.S[L.S_COINS + p]) for p in range(3)]
    assert glory == [0, 2, 5] and coins == [0, 10, 0]
    assert [int(st.S[L.S_GLORY_FROM + p * 8 + L.GF_OTHER] - base.S[L.S_GLORY_FROM + p * 8 + L.GF_OTHER])
            for p in range(3)] == [0, 2, 5]
    assert int(st.S[L.S_GLORY + 0]) == int(base.S[L.S_GLORY + 0])    # (the 4-player table is not this game's)
    big = load_rules(overrides={"seat_compensation.glory_3p": [0, 0, 60]})       # over a score's sd (about 44)
    _, POL, W = resolve_strategies(GAME, "balanced", 3)
    a, b = GAME.play(load_rules(), 3, 5, 0, 300, POL, W), GAME.play(big, 3, 5, 0, 300, POL, W)
    assert (a.seats[:300, :3, L.P_NATION] == b.seats[:300, :3, L.P_NATION]).all()  # the same deals
    assert a.seats[:300, 2, L.P_WON].mean() < 0.35 and b.seats[:300, 2, L.P_WON].mean() > 0.55   # (measured: 25%, 71%)


PICK = {"noom": [50, 10, 10], "mespanne": [40, 60, 10], "kusan": [10, 50, 10], "guild": [10, 70, 80],
        "kwanan": [10, 10, 20]}


def test_the_reverse_order_pick_gives_each_seat_the_nation_best_for_it_last_seat_first():
    """reverse-pick: "chosen in reverse player order": seat 2 first takes the Guild (80 at its seat),
    seat 1 then Mespanne (60: the Guild, its best, is gone), seat 0 Noom. A seat given its nation
    (--nations) keeps it and the others choose around it."""
    rules = load_rules(modules=["reverse-pick"], overrides={f"nation_pick.3.{k}": v for k, v in PICK.items()})
    names = lambda st: [GAME_NATIONS[k] for k in st.nations]         # noqa: E731
    assert names(State(rules, 3, seed=1, run=False)) == ["noom", "mespanne", "guild"]
    assert names(State(rules, 3, seed=2, nations=["guild", None, None], run=False)) == ["guild", "mespanne", "kwanan"]
    assert len(set(names(State(load_rules(), 3, seed=s, run=False))[0] for s in range(12))) > 1   # random as printed
    _, POL, W = resolve_strategies(GAME, "greedy", 3)
    r = GAME.play(rules, 3, 9, 0, 12, POL, W, rotate=True)
    assert (r.seats[:12, :3, L.P_NATION] == [0, 1, 3]).all()     # every game, whoever sits where


def test_the_reverse_pick_modules_table_covers_every_count_and_is_marked():
    """The module's win-rate table: every nation at every seat of 2-5 players, each table marked
    as measured (its games and strategy named)."""
    rules = load_rules(modules=["reverse-pick"])
    for n in range(2, 6):
        table = rules.config["nation_pick"][str(n)]
        assert set(table) == set(GAME_NATIONS) and all(len(v) == n for v in table.values())
    text = (CONFIG_DIR / "modules" / "reverse-pick.toml").read_text()
    assert "measured" in text and "balanced" in text


def test_the_replay_tells_the_seats_knobs_and_plays_the_batchs_game():
    rules = GAME.load_rules(None, {"seat_compensation.glory_3p": [0, 3, 6]}, variants=["reverse-pick", "full-round"])
    chosen, POL, W = resolve_strategies(GAME, "greedy", 3)
    r = GAME.play(rules, 3, 21, 0, 2, POL, W)
    played, text = GAME.replay(rules, 3, 21, 1, chosen)
    assert played.scores == [int(v) for v in r.seats[1, :3, L.P_SCORE]]
    assert "Nations chosen in reverse player order: seat 2 takes" in text
    assert "Seat compensation: " in text and "starts with 6 glory" in text
    assert "The round is played out" in text


# ---------------------------------------------------------------- every combination under check mode
# the rulebook's modules in every combination; the seats' knobs (issue #42) alone, together and with each
KNOBS = ("reverse-pick", "full-round", "seat-compensation")
BOOK = [m for m in MODULES if m not in KNOBS]
COMBOS = ([",".join(c) for k in range(1, len(BOOK) + 1) for c in itertools.combinations(BOOK, k)]
          + [m for m in KNOBS if m in MODULES]
          + [",".join([m, *(k for k in KNOBS if k in MODULES)]) for m in BOOK])


@pytest.mark.parametrize("combo", COMBOS)
def test_every_combination_of_modules_plays_clean_games_under_check_mode(combo):
    rules = GAME.load_rules(variants=combo.split(","))
    lo, hi = rules.player_range
    for n in range(lo, hi + 1):
        for policy, games in (("random", 10), ("greedy", 60)):
            _, POL, W = resolve_strategies(GAME, policy, n)
            r = GAME.play(rules, n, 1000 + n, 0, games, POL, W, rotate=True, check=True)
            errors = r.games[:games, L.G_ERROR]
            assert not errors.any(), (combo, n, policy, np.unique(errors))
            if policy == "greedy":
                assert (r.games[:games, L.G_ENDED_BY] != L.END_CAP).mean() >= 0.9, (combo, n)


def test_the_replay_of_a_modules_game_is_the_batchs_and_names_modules_and_ships():
    rules = GAME.load_rules(variants=["free-ship", "night"])
    chosen, POL, W = resolve_strategies(GAME, "greedy", 3)
    r = GAME.play(rules, 3, 21, 0, 3, POL, W)
    played, text = GAME.replay(rules, 3, 21, 2, chosen)
    assert played.scores == [int(v) for v in r.seats[2, :3, L.P_SCORE]]
    assert "Modules: free-ship, night." in text
    ships = [r.content.ships[k] for k in r.seats[2, :3, L.P_SHIP]]
    assert all(f"sails {ship}" in text for ship in ships)


# ---------------------------------------------------------------- a comparison of modules
COMPARED = [m for m in ("night", "free-ship", "deluxe") if m in MODULES]


@pytest.fixture(scope="module")
def modules_compared(tmp_path_factory):
    """base and each module (and night with deluxe, when both exist) at 2 and 3 players, one
    seed: every cell plays the same game seeds."""
    from typer.testing import CliRunner

    from simulate.cli import app
    cells = ["base", *COMPARED] + (["night+deluxe"] if {"night", "deluxe"} <= set(COMPARED) else [])
    out = tmp_path_factory.mktemp("modules") / "cmp"
    r = CliRunner().invoke(app, ["compare", "eos", "--modules", ",".join(cells), "--players", "2,3", "--games", "240",
                                 "--seed", "5", "--jobs", "1", "--strategies", "greedy", "--out", str(out),
                                 "--no-progress"])
    assert r.exit_code == 0, r.stdout + r.stderr
    return out, cells


def test_a_comparison_of_modules_pairs_games_by_seed_and_reports_nations_length_and_glory(modules_compared):
    from analysis.variants import compare_variants
    out, cells = modules_compared
    d = compare_variants(out)
    for variant in cells[1:]:
        for players in (2, 3):
            rows = d.filter((pl.col("variant") == variant.replace("+", ",")) & (pl.col("n_players") == players))
            turns = rows.filter((pl.col("subject") == "all") & (pl.col("metric") == "turns"))
            assert turns.height == 1 and turns["paired"][0] and turns["n_pairs"][0] == 240     # game length
            glory = rows.filter(pl.col("subject").str.starts_with("seat ") & (pl.col("metric") == "score_total"))
            assert glory.height == players and glory["paired"].all()                          # final glory by seat
            nations = rows.filter(pl.col("subject").str.starts_with("nation ") & (pl.col("metric") == "won"))
            assert nations.height == 5 and nations["paired"].all() and (nations["lo"] <= nations["hi"]).all()
            assert rows.filter((pl.col("subject") == "nations") & (pl.col("metric") == "balance")).height == 1
    ships = d.filter(pl.col("subject").str.starts_with("ship"))
    assert set(ships["variant"]) == {"free-ship"}       # elsewhere a ship is its nation's: no second row of it
    assert ships.filter(pl.col("subject") == "ships").height == 2         # and the balance over ships
    report = (out / "report.md").read_text()
    assert "nations" in report and "turns" in report
