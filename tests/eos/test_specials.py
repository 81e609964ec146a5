"""How often each seat used its nation's specials (layout.SPECIALS, the seats table's columns
of the same names, docs/data.md): each counter moves where its rule fires and nowhere else.
Scenarios as in test_nations.py (scenario.py), then seeded games of the five nations."""
import numpy as np
import pytest

from simulate.eos import GAME
from simulate.eos import layout as L
from simulate.eos.config import load_rules
from strategies import resolve_strategies

from .scenario import (FIRST_OFFICER, QUARTERMASTER, SCOUT, TREASURER, area, give_trophy, hold_angel, new,
                       no_damage, ready, take_any)


@pytest.fixture(scope="module")
def rules():
    return load_rules()


def used(st, p, name):
    return int(st.S[L.S_SPECIALS + p * L.N_SPECIALS + L.SPECIALS.index(name)])


def counts(st, p=0):
    return {name: used(st, p, name) for name in L.SPECIALS}


def moved(before, after):
    """The counters that changed, by how much (the power peak aside: an area's reward may
    bring power)."""
    return {k: after[k] - before[k] for k in after if after[k] != before[k] and k != "power_peak"}


def seat(rules, nation, power_=0, other="kusan"):
    st = new(rules, nation, other)
    ready(st, 21, 22)
    no_damage(st, 0)
    st.S[L.S_MARKER + 0] = power_
    return st


def to_secondary(st):
    while st.frame()[0] != L.F_SECONDARY:
        take_any(st)


# ---------------------------------------------------------------- the Kraken
def test_the_kraken_counts_its_moves_areas_and_purifies(rules):
    """A ship's move given to the Kraken (1 move, 2 areas), the Kraken symbol's move (1 move,
    2 areas) and its purify (Seal Point, 2 Demons printed); the other seat's counters stay 0."""
    st = seat(rules, "kwanan")
    S = st.S
    S[L.S_KRAKEN + 0] = area(st, 30)
    saved = S.copy()
    before = counts(st)
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)                   # Falkuun: move 2, given to the Kraken
    st.choose(L.O_KRAKEN_MOVE)
    st.choose(L.O_AREA, area(st, 29))
    st.choose(L.O_AREA, area(st, 28))
    assert moved(before, counts(st)) == {"kraken_moves": 1, "kraken_areas": 2, "activations_scout": 1}
    S[:] = saved
    st.start_turn(0)
    st.choose(L.O_HERO, FIRST_OFFICER, 1)           # Tamaru Ka: the Kraken symbol
    st.choose(L.O_KRAKEN_MOVE)
    st.choose(L.O_AREA, area(st, 29))
    st.choose(L.O_AREA, area(st, 28))
    assert moved(before, counts(st)) == {"kraken_moves": 1, "kraken_areas": 2, "activations_first_officer": 1}
    S[:] = saved
    st.start_turn(0)
    st.choose(L.O_HERO, FIRST_OFFICER, 1)
    st.choose(L.O_KRAKEN_PURIFY)
    assert moved(before, counts(st)) == {"kraken_purifies": 1, "activations_first_officer": 1}
    assert not any(counts(st, 1).values())


# ---------------------------------------------------------------- the power thresholds
@pytest.mark.parametrize("nation,at", [("mespanne", 15), ("kusan", 10)])
def test_a_move_sailed_with_the_thresholds_speed_is_counted(rules, nation, at):
    for pw in (at - 1, at):
        st = seat(rules, nation, pw, other="guild")
        before = counts(st)
        st.start_turn(0)
        st.choose(L.O_HERO, SCOUT, 1)
        assert moved(before, counts(st)).get("power_speed_moves", 0) == (pw == at)


def test_a_hero_activated_again_by_the_threshold_is_counted(rules):
    """Mespanne at 20 power: the Treasurer a second time (counted), or free (not)."""
    for pw, workers in ((20, 1), (20, 0), (19, 0)):
        st = seat(rules, "mespanne", pw)
        st.S[L.S_HERO_WORKERS + TREASURER] = workers
        before = counts(st)
        st.start_turn(0)
        st.choose(L.O_HERO, TREASURER, 1)
        assert moved(before, counts(st)).get("occupied_activations", 0) == workers
        assert moved(before, counts(st))["activations_treasurer"] == 1


def test_extra_crew_activated_again_by_the_threshold_is_counted(rules):
    st = seat(rules, "mespanne", 20)
    t = give_trophy(st, 0, "expedition_hero")
    st.S[L.S_CREW_USED + 0] = 1 << t
    before = counts(st)
    st.start_turn(0)
    st.choose(L.O_CREW, 1, t)
    assert moved(before, counts(st)).get("occupied_activations") == 1


def test_a_second_secondary_action_from_the_threshold_is_counted(rules):
    for pw in (24, 25):
        st = seat(rules, "mespanne", pw)
        st.start_turn(0)
        st.choose(L.O_HERO, TREASURER, 1)
        to_secondary(st)
        before = counts(st)
        st.choose(L.O_SECONDARY, 0)
        assert "extra_secondaries" not in moved(before, counts(st))
        if pw == 25:
            st.choose(L.O_SECONDARY, 3)
            assert moved(before, counts(st)) == {"extra_secondaries": 1}


def test_the_power_peak_is_the_most_power_held(rules):
    st = seat(rules, "mespanne", 0)
    st.start_turn(0)
    for _ in range(3):
        st.push_program(0, "nations.mespanne.secondary[1].actions")     # gain 3 power
    st.run_to_decision()
    assert used(st, 0, "power_peak") == 9
    st.S[L.S_MARKER + 0] = -4                                           # Demons do not lower the peak
    st.push_program(0, "nations.mespanne.secondary[1].actions")
    st.run_to_decision()
    assert used(st, 0, "power_peak") == 9


# ---------------------------------------------------------------- Angels, upgrades, the Quartermaster
def test_an_angels_crew_action_is_counted(rules):
    st = seat(rules, "noom")
    a = hold_angel(st, 0, "hea")
    before = counts(st)
    st.start_turn(0)
    st.choose(L.O_CREW, 0, a)
    assert moved(before, counts(st)) == {"crew_angel_actions": 1}


def test_a_nation_upgrade_put_in_play_is_counted(rules):
    st = seat(rules, "kusan", other="guild")
    u = st.content.upgrades.index("kusan_u2")                           # Akeem's Indemnity, in hand
    st.start_turn(0)
    st.push(L.F_UPGRADE, 0, 1)
    st.run_to_decision()
    before = counts(st)
    st.choose(L.O_UPGRADE, u)
    assert moved(before, counts(st)) == {"nation_upgrades": 1}
    g = next(int(st.S[L.S_MARKET + m]) for m in range(int(st.C[L.C_MARKET])) if st.S[L.S_MARKET + m] >= 0)
    st.push(L.F_UPGRADE, 0, 1)                                          # a market upgrade: not counted
    st.run_to_decision()
    before = counts(st)
    st.choose(L.O_UPGRADE, g)
    while st.frame()[0] == L.F_ATTACH:
        take_any(st)
    assert "nation_upgrades" not in moved(before, counts(st))


def test_the_quartermasters_ranks_are_counted(rules):
    """Cassandra at rank 3, activated at rank 1, then 3."""
    st = seat(rules, "guild")
    st.S[L.S_RANK + QUARTERMASTER] = 3
    st.S[L.S_COINS + 0] = 50
    saved = st.S.copy()
    for r, above in ((1, 0), (3, 1)):
        st.S[:] = saved
        before = counts(st)
        st.start_turn(0)
        st.choose(L.O_HERO, QUARTERMASTER, r)
        got = moved(before, counts(st))
        assert (got["activations_quartermaster"], got["quartermaster_ranks"],
                got.get("quartermaster_above_rank_1", 0)) == (1, r, above)


@pytest.mark.parametrize("hero,name", list(enumerate(("scout", "first_officer", "quartermaster", "treasurer",
                                                        "warrior"))))
def test_each_heros_activations_above_rank_1_are_counted(rules, hero, name):
    """A hero at rank 2 activated at rank 2 counts once above rank 1 (its own counter, no other's);
    at rank 1, not."""
    st = seat(rules, "guild")
    st.S[L.S_RANK + hero] = 2
    st.S[L.S_COINS + 0] = 50
    saved = st.S.copy()
    for r in (1, 2):
        st.S[:] = saved
        before = counts(st)
        st.start_turn(0)
        st.choose(L.O_HERO, hero, r)
        got = {k: v for k, v in moved(before, counts(st)).items() if k.endswith("above_rank_1")}
        assert got == ({f"{name}_above_rank_1": 1} if r == 2 else {}), r


# ---------------------------------------------------------------- seeded games
def test_seeded_games_count_each_special_only_where_the_nation_has_it():
    """Five greedy seats, one of each nation (seats rotated): only Kwanan moves a Kraken; no
    occupied activation for Noom and The Guild (no such threshold), no second secondary action
    for Kusan and Kwanan; nothing above the power the seat ever held; every counter within the
    actions it counts."""
    rules = GAME.load_rules()
    _, POL, W = resolve_strategies(GAME, "greedy", 5)
    r = GAME.play(rules, 5, 7, 0, 150, POL, W, rotate=True,
                  options={"nations": "noom,mespanne,kusan,guild,kwanan"})
    seats = r.seats[:r.n, :5]
    nation = seats[..., L.P_NATION]
    names = ("noom", "mespanne", "kusan", "guild", "kwanan")

    def col(name):
        return seats[..., L.P_SPECIALS + L.SPECIALS.index(name)]
    kwanan = nation == names.index("kwanan")
    assert (col("kraken_moves")[kwanan] > 0).mean() > 0.5 and (col("kraken_areas")[kwanan] > 0).mean() > 0.5
    for name in ("kraken_moves", "kraken_areas", "kraken_purifies"):
        assert (col(name)[~kwanan] == 0).all(), name
    assert col("kraken_purifies")[kwanan].sum() > 0
    for name, without in (("occupied_activations", ("noom", "guild")), ("extra_secondaries", ("kusan", "kwanan"))):
        off = np.isin(nation, [names.index(n) for n in without])
        assert (col(name)[off] == 0).all() and col(name)[~off].sum() > 0, name
    assert col("power_speed_moves").sum() > 0 and (col("power_peak") >= seats[..., L.P_POWER]).all()
    assert (col("crew_angel_actions") <= seats[..., L.P_ACTIONS + L.A_CREW]).all()
    hero = sum(col(f"activations_{h}") for h in ("scout", "first_officer", "quartermaster", "treasurer", "warrior"))
    assert (hero <= seats[..., L.P_ACTIONS + L.A_HERO]).all() and hero.sum() > 0
    qm = col("activations_quartermaster")
    assert (qm <= col("quartermaster_ranks")).all() and (col("quartermaster_ranks") <= L.MAX_RANKS * qm).all()
    for h in ("scout", "first_officer", "quartermaster", "treasurer", "warrior"):
        assert (col(f"{h}_above_rank_1") <= col(f"activations_{h}")).all(), h
    assert (col("nation_upgrades") <= 5).all() and col("nation_upgrades").sum() > 0
