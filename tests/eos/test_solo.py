"""The Solo Mode (rulebook, Modules: "Solo Mode"; configs/eos/modules/solo.toml, simulate/eos/solo.py):
its printed rules as scenarios in the book's order, through the Python face (the helpers are
tests/eos/scenario.py's); then random and greedy solo games under check mode with the modules
it combines with, the records against the kernel's state, and the command line."""
import re

import numpy as np
import pytest
from typer.testing import CliRunner

from simulate.cli import app
from simulate.eos import GAME, check, kernel
from simulate.eos import layout as L
from simulate.eos.config import CONFIG_DIR, apply_module, load_rules, read_files
from simulate.core.errors import ConfigError
from simulate.core.tape import no_tape
from simulate.eos.content import build
from simulate.eos.face import State
from strategies import resolve_strategies
from tests.eos.scenario import accomplish, demons, finish_turn, new, power, ready, stat, take_any
from simulate.eos.transcript import replay
from tests.eos.test_nations import after_treasurer, kusan_table
from tests.eos.test_check import code_of
from tests.eos.test_check import fresh as check_fresh
from tests.eos.test_transcript import batch_game

THERE_AND_BACK = "s01"  # "There and Back again": 1 Angel (then 3 Demons), 2 journey cards played (then
#                        a Demon Lord), have 150 coins (rulebook), 2 epic deeds (rulebook)
E_MORALE = "e01"        # active: a morale boost (a decision)
E_LEAST_GLOBAL = "e20"  # active: destroy 3 + 2 power; least glory: a choice; global: 3 Demons


@pytest.fixture(scope="module")
def rules():
    return load_rules(modules=["solo"], overrides={"solo.play": THERE_AND_BACK})


def solo(rules, nation="kusan", task=0, seed=3):
    """A solo game of `nation` at its first turn's start, the ship in area 21, `task` (0-based)
    the unlocked one (the tasks before it done on the first recharge), no event deck yet."""
    st = new(rules, nation, seed=seed)
    ready(st, 21)
    S = st.S
    S[L.S_SOLO_DONE] = task
    S[L.S_SOLO_AT:L.S_SOLO_AT + task] = 0
    return st


def top_event(st, ident):
    """Event `ident` is the next drawn (a deck of that one card)."""
    st.S[L.S_EDECK] = st.content.events.index(ident)
    st.S[L.S_EDECK_N] = 1


def bump(st, name, n):
    st.S[stat(st, 0, name)] += n


def task_done(st):
    return int(st.S[L.S_SOLO_DONE])


# ---------------------------------------------------------------- the data
BAD_SOLO = {
    "unknown key": (lambda d: d["solo"]["scenario"][0]["task"][0].update(bogus=1), "unknown key"),
    "a do task on coins": (lambda d: d["solo"]["scenario"][0]["task"][2].update(kind="do"), "a do task counts one of"),
    "three tasks": (lambda d: d["solo"]["scenario"][1]["task"].pop(), "4 tasks"),
    "an unknown stat": (lambda d: d["solo"]["scenario"][0]["task"][0].update(stat="glory"), "counts one of"),
    "no such scenario": (lambda d: d["solo"].update(play="s99"), "solo.play"),
    "two players": (lambda d: d["game"].update(max_players=2), "one player"),
    "one player without it": (lambda d: d.pop("solo"), "Solo Mode"),
    "a bad effect": (lambda d: d["solo"]["scenario"][0]["task"][0].update(after=["demons:x"]), "after"),
}


@pytest.mark.parametrize("case", list(BAD_SOLO))
def test_bad_solo_data_is_one_config_error(case):
    data, _ = read_files()
    apply_module(data, "solo")
    spoil, needle = BAD_SOLO[case]
    spoil(data)
    with pytest.raises(ConfigError, match=needle):
        load_rules(data=data)


def test_the_data_marks_what_the_rulebook_does_not_print():
    """Every scenario but the rulebook's example is ASSUMED, and its two assumed tasks too."""
    text = (CONFIG_DIR / "modules" / "solo.toml").read_text()
    assert text.count("[[solo.scenario]]                       # ASSUMED (the whole card)") == 9
    cards = load_rules(modules=["solo"]).config["solo"]["scenario"]
    assert len(cards) == 10 and cards[0]["name"] == "There and Back again"
    assert [(t["kind"], t["stat"], t["at_least"]) for t in cards[0]["task"][2:]] == [
        ("have", "coins", 150), ("do", "deeds_accomplished", 2)]


# ---------------------------------------------------------------- setup
def test_setup_is_the_two_player_one_with_two_tokens_per_corner_no_track_and_no_objectives(rules):
    """"Setup: Use the setup for 2 players with the following adjustments: The chronicle track
    and objective cards are not used in the solo mode." - "place a number of blessing tokens
    equal to the number of players (in a solo game, place two per corner)"; 5 Angels (2 players)."""
    scenarios = set()
    for g in range(12):
        st = State(load_rules(modules=["solo"]), 1, seed=9, game_index=g, run=False)     # as dealt
        S = st.S
        assert [int(S[L.S_CORNER_TOKENS + c]) for c in range(1, 5)] == [2, 2, 2, 2]
        assert int(S[L.S_SUPPLY_BLESSINGS]) == 24 - 8
        assert sum(S[L.S_ANGEL + a] == L.ANG_BOARD for a in range(int(st.C[L.C_N_ANGELS]))) == 5
        assert sum(S[L.S_ANGEL + a] != L.ANG_BOX for a in range(int(st.C[L.C_N_ANGELS]))) == 5 + (
            1 if st.nations[0] == 0 else 0)                    # (Noom's starting Angel comes from the box)
        assert list(S[L.S_OBJ:L.S_OBJ + L.OBJECTIVES_IN_PLAY]) == [-1] * L.OBJECTIVES_IN_PLAY
        assert (task_done(st), int(S[L.S_GLORY])) == (0, 0)
        st.run_to_decision()
        assert "5 recharge actions left" in str(st) and "chronicle (" not in str(st)
        scenarios.add(int(S[L.S_SOLO_SCENARIO]))
    assert len(scenarios) > 3 and scenarios <= set(range(10))     # "draw a scenario at random"
    assert [int(State(load_rules(), 3, seed=9).S[L.S_CORNER_TOKENS + c]) for c in range(1, 5)] == [3] * 4


def test_one_player_is_the_solo_modules_only(rules):
    with pytest.raises(ValueError, match="solo"):
        State(load_rules(), 1)
    with pytest.raises(ValueError):
        State(rules, 2)


def test_a_chronicle_action_places_no_entry(rules):
    """"The chronicle track ... [is] not used in the solo mode": a deed accomplished fills no slot."""
    st = solo(rules)
    chron = st.S[L.S_CHRON:L.S_CHRON + L.MAX_CHRONICLE].copy()
    accomplish(st, 0, "cross_the_virgin_gate")
    finish_turn(st)                                           # its rewards, then its (no) entry
    assert int(st.S[stat(st, 0, "deeds_accomplished")]) == 1
    assert int(st.S[stat(st, 0, "chronicle_actions")]) == 1
    assert (st.S[L.S_CHRON:L.S_CHRON + L.MAX_CHRONICLE] == chron).all() and (chron == -1).all()
    assert int(st.S[L.S_ENTRIES]) == 0 and int(st.S[L.S_END_SEAT]) == -1


# ---------------------------------------------------------------- tasks
def test_a_have_task_prepared_in_advance_counts_once_unlocked(rules):
    """"Each task has to be completed one by one in the given order. It does not count if you
    fulfilled a certain condition before the scenario asked you to." - "the third task is to have
    150 coins. You may start to collect these coins prior to unlocking the third task.\""""
    st = solo(rules, task=1)                                  # task 2: play two journey cards
    st.S[L.S_COINS] = 200
    st.start_turn(0)
    finish_turn(st)
    assert task_done(st) == 1                                 # the coins wait for task 3
    assert list(st.S[L.S_SOLO_AT + 2:L.S_SOLO_AT + 4]) == [-1, -1]
    bump(st, "journey_played", 2)                             # task 2 done in this turn ...
    st.S[L.S_COINS] = 200
    finish_turn(st)
    assert task_done(st) == 3                                 # ... and the prepared task 3 with it
    assert list(st.S[L.S_SOLO_AT + 1:L.S_SOLO_AT + 3]) == [0, 0]


def test_a_have_task_needs_its_amount_at_the_end_of_the_turn(rules):
    st = solo(rules, task=2)
    st.S[L.S_COINS] = 149
    st.start_turn(0)
    st.choose(L.O_HERO, 0, 0)                                 # a worker placed, nothing gained
    finish_turn(st)
    assert task_done(st) == 2


def test_a_do_task_counts_only_what_is_done_after_its_unlock(rules):
    """"For the fourth task, you have to accomplish two epic deeds, no matter how many deeds you
    already have accomplished before unlocking this task.\""""
    st = solo(rules, task=2)
    bump(st, "deeds_accomplished", 3)                         # three deeds before
    st.S[L.S_COINS] = 150                                     # task 3 done at this turn's end: task 4 unlocked
    st.start_turn(0)
    st.choose(L.O_HERO, 0, 0)
    finish_turn(st)
    assert task_done(st) == 3 and int(st.S[L.S_SOLO_BASE]) == 3
    accomplish(st, 0, "cross_the_virgin_gate")
    finish_turn(st)
    assert task_done(st) == 3 and not st.is_terminal()       # one deed since the unlock: not yet
    accomplish(st, 0, "defend_home_against_the_hordes")
    finish_turn(st)
    assert st.is_terminal() and int(st.S[L.S_ENDED_BY]) == L.END_SOLO_WON   # the second


def test_an_event_follows_each_task_with_the_active_players_reward_only(rules):
    """"Draw and execute 1 event card after you have completed each task. Since there is only one
    player, you only gain the active player reward." (The global effect, 3 Demons for everyone
    here, is not executed either: docs/assumptions-eos-solo.md; solo.event_global runs it.)"""
    for event_global, marker in ((False, 2), (True, -1)):
        r = load_rules(modules=["solo"], overrides={"solo.play": THERE_AND_BACK, "solo.event_global": event_global})
        st = solo(r, task=2)                                  # task 3 (150 coins) has no effect after it
        st.S[L.S_COINS] = 150
        top_event(st, E_LEAST_GLOBAL)
        st.start_turn(0)
        st.choose(L.O_HERO, 0, 0)
        finish_turn(st)
        assert task_done(st) == 3
        assert int(st.S[L.S_EDECK_N]) == 0                    # one event drawn
        assert int(st.S[L.S_MARKER]) == marker               # destroy 3, 2 power (global: 3 Demons)
        assert int(st.S[L.S_COINS]) == 150                    # no least-glory choice taken


def test_the_tasks_demons_come_after_its_event(rules):
    """"Some tasks require you to gain Demons or spawn a Demon Lord after you've executed the
    event card." Task 1 of There and Back again: then 3 Demons."""
    st = solo(rules, task=0)
    top_event(st, E_MORALE)
    bump(st, "angels_awakened", 1)
    st.start_turn(0)
    st.choose(L.O_HERO, 0, 0)
    while st.frame()[0] != L.F_MORALE:                        # the event's morale boost: a decision
        take_any(st)
    assert task_done(st) == 1 and demons(st, 0) == 0 and power(st, 0) == 0
    st.choose(L.O_HERO_PICK, 3)
    assert demons(st, 0) == 3                                 # the Demons after it


def test_the_tasks_demon_lord_spawns_after_its_event():
    """Task 1 of Storm over Eos (s08, ASSUMED): a chronicle action, then a Demon Lord spawns."""
    st = solo(load_rules(modules=["solo"], overrides={"solo.play": "s08"}), task=0)
    top_event(st, E_MORALE)
    pawn = int(st.S[L.S_PAWN])
    lords = int(st.S[L.S_LORD_STACK_N])
    bump(st, "chronicle_actions", 1)
    st.start_turn(0)
    st.choose(L.O_HERO, 0, 0)
    while st.frame()[0] != L.F_MORALE:
        take_any(st)
    assert int(st.S[L.S_LORD_STACK_N]) == lords               # not yet
    st.choose(L.O_HERO_PICK, 3)
    while st.S[L.S_LORD_STACK_N] == lords and st.offered:
        take_any(st)
    assert int(st.S[L.S_LORD_STACK_N]) == lords - 1
    assert int(st.S[L.S_DEED_AT + pawn]) >= L.LORD            # on the pawn's area


# ---------------------------------------------------------------- glory, costs to oneself
def test_glory_is_ignored_and_cannot_be_lost(rules):
    """"Ignore all glory you gain and use the glory track to indicate how many recharge actions
    you have left instead. You can neither lose glory in the solo mode ..." A glory cost (Old
    Debts, j39: 2 glory for 25 coins) can be paid with none."""
    st = solo(rules)
    st.push_program(0, "events.card[e02].active")             # 2 glory
    st.run_to_decision()
    assert int(st.S[L.S_GLORY]) == 0 and int(st.S[L.S_GLORY_FROM:L.S_GLORY_FROM + 8].sum()) == 0
    from tests.eos.scenario import give_journey
    j = give_journey(st, 0, "j39")
    coins = int(st.S[L.S_COINS])
    st.push(L.F_PLAY, 0, 1)
    st.run_to_decision()
    st.choose(L.O_CARD, j, 0)                                 # face up: its cost paid, its reward gained
    assert int(st.S[L.S_COINS]) == coins + 25 and int(st.S[L.S_GLORY]) == 0
    assert int(st.record()[1][0][L.P_SCORE]) == 0             # no end bonus either
    two = new(load_rules(), "kusan", "guild")                 # the base game: no glory, not payable
    two.push(L.F_PLAY, 0, 1)
    j = give_journey(two, 0, "j39")
    two.run_to_decision()
    assert not two.offers(L.O_CARD, j, 0) and two.offers(L.O_CARD, j, 1)


def test_no_costs_are_paid_to_oneself(rules):
    """"You can neither lose glory in the solo mode nor take actions where you have to pay costs
    to yourself." Jacub's Patronage pays its coins to the player with the least glory: never used
    (the Treasurer's 10 coins alone, no rank, no glory); two players: used (test_nations)."""
    assert after_treasurer(kusan_table(rules, (0,))) == ([30], 0, [1] * 5)
    assert after_treasurer(kusan_table(rules, (12,)))[0] == [30]         # whatever the glory says
    assert after_treasurer(kusan_table(load_rules(), (10, 0)))[0] == [20, 10]


# ---------------------------------------------------------------- the end
def test_the_fourth_task_before_the_sixth_recharge_wins(rules):
    """"You win the game if you can fulfill all four tasks on the solo mode card before taking the
    6th recharge action.\""""
    st = solo(rules, task=3)
    st.S[L.S_ACTIONS + L.A_RECHARGE] = 5                      # the last recharge taken
    st.S[L.S_SOLO_AT:L.S_SOLO_AT + 3] = (1, 3, 5)
    accomplish(st, 0, "cross_the_virgin_gate")
    bump(st, "deeds_accomplished", 1)                        # two since the unlock
    finish_turn(st)
    assert st.is_terminal() and int(st.S[L.S_ENDED_BY]) == L.END_SOLO_WON
    seat = st.record()[1][0]
    assert seat[L.P_WON] == 1 and seat[L.P_SOLO_DONE] == 4
    assert list(seat[L.P_SOLO_AT:L.P_SOLO_AT + 4]) == [1, 3, 5, 5] and st.returns() == [1.0]


def test_the_sixth_recharge_action_loses(rules):
    """"You lose the game when you have to take your 6th recharge action." The 5th does not."""
    for taken, lost in ((4, False), (5, True)):
        st = solo(rules, task=3)
        S = st.S
        S[L.S_ACTIONS + L.A_RECHARGE] = taken
        S[L.S_ON_SHIP] = 0                                    # every worker off the ship: recharge
        S[L.S_USED] = 1
        S[L.S_COINS] = 20                                     # a free action beside it: a decision
        st.start_turn(0)
        assert not st.offers(L.O_HERO)
        st.choose(L.O_RECHARGE)
        assert st.is_terminal() == lost
        if not lost:
            finish_turn(st)                                   # the recharge's rewards
        if lost:
            assert int(S[L.S_ENDED_BY]) == L.END_SOLO_LOST and int(S[L.S_ON_SHIP]) == 0   # not recharged
            assert st.record()[1][0][L.P_WON] == 0 and st.returns() == [0.0]
        else:
            assert int(S[L.S_ON_SHIP]) == int(S[L.S_MAX_WORKERS])
            assert "0 recharge actions left" in str(st)


# ---------------------------------------------------------------- games under check mode, records
def plant_task_done_without_its_recharge(S, C, NS, PR):
    S[L.S_SOLO_DONE] = 1


def plant_chronicle_entry(S, C, NS, PR):
    S[L.S_CHRON] = 0                            # seat 0 on the first slot, the pointer past it
    S[L.S_CHRON_NEXT] = 1


def plant_four_tasks_and_playing_on(S, C, NS, PR):
    S[L.S_SOLO_DONE] = 4
    S[L.S_SOLO_AT:L.S_SOLO_AT + 4] = 0


def plant_losing_recharge_and_playing_on(S, C, NS, PR):
    S[L.S_ACTIONS + L.A_RECHARGE] = 6


SOLO_PLANTS = {"glory": lambda S, C, NS, PR: S.__setitem__(L.S_GLORY, 1),
               "a chronicle entry": plant_chronicle_entry,
               "an objective": lambda S, C, NS, PR: S.__setitem__(L.S_OBJ, 0),
               "a task done unrecorded": plant_task_done_without_its_recharge,
               "four tasks, the game on": plant_four_tasks_and_playing_on,
               "the 6th recharge, the game on": plant_losing_recharge_and_playing_on}


@pytest.mark.parametrize("case", list(SOLO_PLANTS))
def test_the_solo_check_catches_its_planted_violations(case):
    content = build(load_rules(modules=["solo"]).config)
    S, C, NS, PR, _ = check_fresh(content, 1, (2,))
    assert code_of(S, C, NS, PR) == 0
    SOLO_PLANTS[case](S, C, NS, PR)
    assert code_of(S, C, NS, PR) == check.CK_SOLO



COMBINATIONS = (["solo"], ["first-game", "solo"], ["free-ship", "solo"], ["first-game", "free-ship", "solo"])
GAMES = 300


def play(modules, policy, games=GAMES, seed=20261202):
    content = build(load_rules(modules=modules).config)
    games_, seats, seeds = kernel.result_arrays(games)
    _, POL, W = resolve_strategies(GAME, policy, 1)
    plan = kernel.Plan(n_players=1, run_seed=seed, first=0, n_games=games, nations=np.full(1, -1, np.int64),
                       rotate=False, POL=POL, WS=W, check=True)
    kernel.batch(content.C, content.NS, content.PR, plan, kernel.Out(games_, seats, seeds, kernel.card_arrays(games)),
                 kernel.scratch(int(content.C[L.C_N_PROGS])), None, no_tape())
    return content, games_, seats


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize("modules", COMBINATIONS, ids=lambda m: "+".join(m))
def test_solo_games_under_check_mode_break_no_invariant(modules, policy):
    _, games, seats = play(modules, policy)
    errors = games[:, L.G_ERROR]
    assert not errors.any(), {check.CHECKS[c - 1] if c <= len(check.CHECKS) else int(c): int((errors == c).sum())
                              for c in np.unique(errors[errors != 0])}
    ended = games[:, L.G_ENDED_BY]
    assert set(np.unique(ended)) <= {L.END_SOLO_WON, L.END_SOLO_LOST}
    won = seats[:, 0, L.P_WON] == 1
    assert (won == (ended == L.END_SOLO_WON)).all() and (won == (seats[:, 0, L.P_SOLO_DONE] == 4)).all()
    assert (seats[:, 0, L.P_ACTIONS + L.A_RECHARGE][~won] == 6).all()
    if policy == "greedy":                      # the heuristic pursues the tasks
        assert won.mean() > 0.2, won.mean()
    else:
        assert won.mean() < 0.05


def test_the_lookahead_plays_solo_games_for_the_scenario():
    """Its rollouts score the standing on the scenario (no rival, no glory): it wins some."""
    _, games, seats = play(["solo"], "lookahead", games=40)
    assert not games[:, L.G_ERROR].any() and seats[:, 0, L.P_WON].sum() >= 4


def test_the_records_are_the_kernels_state(rules):
    """The seats' solo columns (docs/data.md) from a face game's end, and a batch's tables."""
    st = State(load_rules(modules=["solo"]), 1, seed=4)
    rng = np.random.default_rng(1)
    while not st.is_terminal():
        st.choose_index(int(rng.integers(st.offered)))
    S, seat = st.S, st.record()[1][0]
    assert seat[L.P_SOLO_SCENARIO] == S[L.S_SOLO_SCENARIO] and seat[L.P_SOLO_DONE] == S[L.S_SOLO_DONE]
    assert list(seat[L.P_SOLO_AT:L.P_SOLO_AT + 4]) == list(S[L.S_SOLO_AT:L.S_SOLO_AT + 4])
    assert seat[L.P_WON] == (S[L.S_ENDED_BY] == L.END_SOLO_WON)

    r = GAME.play(load_rules(modules=["solo"]), 1, 7, 0, 60, *resolve_strategies(GAME, "greedy", 1)[1:])
    t = r.tables(run_id="x", run_seed=7, first=0, strategies=["greedy"], variant="solo")
    games, seats = t["games"].to_pylist(), t["seats"].to_pylist()
    for g, row, s in zip(games, seats, r.seats[:60, 0]):
        done = int(s[L.P_SOLO_DONE])
        assert row["solo_scenario"] == r.content.scenarios[s[L.P_SOLO_SCENARIO]]
        assert row["solo_tasks_done"] == done and row["won"] == (done == 4) == (g["ended_by"] == "solo_won")
        at = [row[f"solo_task_{k + 1}_recharge"] for k in range(4)]
        assert at == [int(s[L.P_SOLO_AT + k]) if k < done else None for k in range(4)]
        assert g["winner_seat"] == (0 if row["won"] else None) and row["score_total"] == 0
    assert {g["ended_by"] for g in games} == {"solo_won", "solo_lost"}
    base = GAME.play(load_rules(), 2, 7, 0, 5, *resolve_strategies(GAME, "greedy", 2)[1:])
    rows = base.tables(run_id="x", run_seed=7, first=0, strategies=["greedy"] * 2, variant="base")["seats"].to_pylist()
    assert all(row[c] is None for row in rows for c in ("solo_scenario", "solo_tasks_done", "solo_task_1_recharge"))


def test_the_transcript_tells_the_scenario_and_each_task_as_the_batch_played_it():
    """``windtunnel replay`` of solo games: the very game the batch played (won or lost, tasks done,
    turns), each task done in words, under check mode."""
    r = load_rules(modules=["solo"])
    greedy = resolve_strategies(GAME, "greedy", 1)[0]
    outcomes = set()
    for index in range(6):
        game, seats = batch_game(r, 1, 31, index, None, greedy, check=True)
        played, text = replay(r, 1, 31, index, greedy, check=True)
        done, won = int(seats[0][L.P_SOLO_DONE]), bool(seats[0][L.P_WON])
        assert played.turns == game[L.G_TURNS] and played.returns == [1.0 if won else 0.0] and not played.error_message
        assert text.count("Solo task ") == done and (done == 0 or f"Solo task {done} done" in text)
        assert text.startswith("EOS") and "Solo scenario " in text and "recharge actions left" in text
        assert text.rstrip().endswith("wins the scenario." if won else "loses the scenario.")
        outcomes.add(won)
    assert outcomes == {True, False}


# ---------------------------------------------------------------- the command line
def test_the_command_line_plays_and_reports_solo_and_refuses_one_player_without_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(app, ["simulate", "eos", "--players", "1", "--variant", "solo", "--games", "40",
                                 "--out", "solo", "--jobs", "1", "--no-progress"])
    assert r.exit_code == 0, (r.stdout, r.stderr, r.exception)
    r = CliRunner().invoke(app, ["report", "solo"])
    assert r.exit_code == 0, (r.stdout, r.stderr, r.exception)
    page = (tmp_path / "solo" / "report.md").read_text()
    assert "Solo scenarios" in page and "where lost games stopped" in page
    assert re.search(r"\| There and Back again \| \d+ \|.*\| \d: [A-Z]", page)     # a task by its text
    for given in (["--players", "1"], ["--players", "2", "--variant", "solo"]):
        r = CliRunner().invoke(app, ["simulate", "eos", *given, "--games", "20", "--out", "x"])
        assert r.exit_code == 2, (r.stdout, r.stderr, r.exception)
        lines = r.stderr.splitlines()
        assert len(lines) == 1 and "solo" in lines[0].lower(), r.stderr
    assert not (tmp_path / "x").exists()
