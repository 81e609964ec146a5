"""What a heuristic seat reads off a card's text beyond its symbols (simulate/eos/text_worth.py,
issue #33): each valuation follows the situation it names, and with its weight at 0 (greedy)
it is worth nothing. Positions are set up through the Python face (tests/eos/scenario.py)."""
import pytest

from simulate.eos import GAME
from simulate.eos import layout as L
from simulate.eos import policy, text_worth
from simulate.eos.transcript import SeatPolicies
from strategies import resolve_strategies

from .scenario import FIRST_OFFICER, fresh, market_upgrade, put_in_deed_area, set_curses

RULES = GAME.load_rules()


def weighed(st, spec):
    seats = SeatPolicies(resolve_strategies(GAME, spec, st.n)[0], st.n, st.C)
    for p in range(st.n):
        policy.use_phase(st.S, st.C, seats.W, seats.PV, p, policy.game_phase(st.S, st.C))
    return seats.W, seats.PV


def angel(st, ident):
    return st.content.angels.index(ident)


def test_the_turns_left_follow_the_chronicle_slots_left():
    st = fresh(RULES, "kusan", "guild")
    S = st.S
    first = int(st.C[L.C_CHRON_FIRST + 2])
    slots = int(S[L.S_CHRON_LAST]) + 1 - first
    assert text_worth.own_turns_left(S, st.C, 0) == pytest.approx(slots * 6.0 / 2 + 1)
    S[L.S_CHRON_NEXT] = first + 4                    # 4 entries in 40 turns: 8 turns an entry ((40 + 12) / 6)
    S[L.S_TURN] = 40
    assert text_worth.own_turns_left(S, st.C, 0) == pytest.approx((slots - 4) * (52 / 6) / 2 + 1)
    S[L.S_CHRON_NEXT] = int(S[L.S_CHRON_LAST]) + 1
    assert text_worth.own_turns_left(S, st.C, 0) == pytest.approx(1.0)


def test_a_passive_is_worth_more_the_more_turns_are_left_and_nothing_to_greedy():
    """Neasta: 5 power at the start of each turn, over the turns left."""
    st = fresh(RULES, "kusan", "guild")
    S, C = st.S, st.C
    a = angel(st, "neasta")
    W, PV = weighed(st, "balanced:passive=1:attack_held=0:curse_ignored=0:once_action=0")
    early = text_worth.hero_side_extra(S, C, W, PV, 0, a, 1)
    assert early == pytest.approx(text_worth.own_turns_left(S, C, 0) * 0.5 * 5 * W[0, L.Y_POWER])
    S[L.S_CHRON_NEXT] = int(S[L.S_CHRON_LAST])      # one slot left
    assert 0 < text_worth.hero_side_extra(S, C, W, PV, 0, a, 1) < early / 3
    W0, PV0 = weighed(st, "greedy")
    assert text_worth.hero_side_extra(S, C, W0, PV0, 0, a, 1) == 0.0


def test_a_once_per_game_action_and_an_attack_already_held():
    """Hea's 7 ranks at its symbols' worth times once_action; each unused attack held takes
    attack_held off each attack the hero side brings."""
    st = fresh(RULES, "kusan", "guild")
    S, C = st.S, st.C
    a = angel(st, "hea")
    W, PV = weighed(st, "balanced:passive=0:once_action=0.5:attack_held=3:curse_ignored=0")
    S[L.S_ATTACKS + 0] = 0
    none_held = text_worth.hero_side_extra(S, C, W, PV, 0, a, 1)
    assert none_held == pytest.approx(0.5 * 7 * W[0, L.Y_RANK])
    S[L.S_ATTACKS + 0] = 2
    assert text_worth.hero_side_extra(S, C, W, PV, 0, a, 1) == pytest.approx(none_held - 3 * 2)


def test_the_patron_is_worth_a_binding_curse_and_half_of_one_to_come():
    st = fresh(RULES, "kusan", "guild")
    S, C = st.S, st.C
    W, _ = weighed(st, "balanced:curse_ignored=2")
    set_curses(st, board=False)
    assert text_worth.patron_extra(S, C, W, 0) == pytest.approx(1.0)           # none in play: half of 2
    set_curses(st, "Hanor", board=False)
    assert text_worth.patron_extra(S, C, W, 0) == pytest.approx(2.0)
    S[L.S_IGNORED + 0] = 1 << st.content.lords.index("Hanor")                  # ignored already: none binds
    assert text_worth.patron_extra(S, C, W, 0) == pytest.approx(1.0)


def test_an_upgrades_rule_flags_are_worth_their_use_under_the_best_hero():
    """The Tactician (an extra secondary action) is worth the seat's best secondary action per
    use; the Hireling Captain (no activation cost) the coins of a hero's top rank, so nothing
    while every hero is at rank 1."""
    st = fresh(RULES, "kusan", "guild")
    S, C, NS = st.S, st.C, st.NS
    W, PV = weighed(st, "balanced:upgrade_flags=1")
    tactician, hireling = st.content.upgrades.index("u22"), st.content.upgrades.index("u20")
    best = max(text_worth.pv(PV, 0, NS[0, L.NS_SECONDARY + k]) for k in range(NS[0, L.NS_N_SECONDARY]))
    assert text_worth.flags_worth(S, C, NS, W, PV, 0, tactician) == pytest.approx(W[0, L.W_UPGRADE_USES] * best)
    assert text_worth.flags_worth(S, C, NS, W, PV, 0, hireling) == 0.0
    S[L.S_RANK + FIRST_OFFICER] = 3                                           # seat 0's first officer at rank 3
    cost = NS[0, L.NS_RANK_COINS + FIRST_OFFICER * L.MAX_RANKS + 2]
    assert cost > 0
    assert text_worth.flags_worth(S, C, NS, W, PV, 0, hireling) == pytest.approx(
        W[0, L.W_UPGRADE_USES] * W[0, L.Y_COINS] * cost)
    W0, PV0 = weighed(st, "greedy")
    assert text_worth.flags_worth(S, C, NS, W0, PV0, 0, tactician) == 0.0


def test_coins_short_of_the_wanted_upgrade_and_power_that_clears_demons():
    st = fresh(RULES, "kusan", "guild")
    S, C, NS, PR = st.S, st.C, st.NS, st.PR
    W, PV = weighed(st, "balanced:coin_need=0.5:demon_relief=1")
    market_upgrade(st, "u05")
    S[L.S_COINS + 0] = 0
    short = text_worth.coins_short(S, C, NS, W, PV, 0)
    assert short > 0
    coins10 = next(k for k in range(int(C[L.C_N_PROGS])) if st.content.programs.decode(k) == (((("coins", 10),),),))
    S[L.S_MARKER + 0] = 0
    assert text_worth.need_worth(S, C, NS, PR, W, PV, 0, coins10) == pytest.approx(0.5 * min(10, short))
    S[L.S_COINS + 0] = 500                                                     # rich: no coin is short
    assert text_worth.need_worth(S, C, NS, PR, W, PV, 0, coins10) == 0.0
    power3 = next(k for k in range(int(C[L.C_N_PROGS])) if st.content.programs.decode(k) == (((("power", 3),),),))
    S[L.S_MARKER + 0] = -2                                                     # 2 Demons, no protection
    S[L.S_PROTECTION + 0] = 0
    assert text_worth.need_worth(S, C, NS, PR, W, PV, 0, power3) == pytest.approx(2.0)


def test_blessing_tokens_no_waiting_angel_would_take_are_worth_nothing():
    st = fresh(RULES, "kusan", "guild")
    S, C = st.S, st.C
    W, _ = weighed(st, "balanced")
    two = next(k for k in range(int(C[L.C_N_PROGS])) if st.content.programs.decode(k) == (((("blessing", 2),),),))
    for a in range(int(C[L.C_N_ANGELS])):
        if S[L.S_ANGEL + a] == L.ANG_BOARD:
            S[L.S_ANGEL + a] = L.ANG_BOX
    S[L.S_ANGEL + 0] = L.ANG_BOARD                                             # one Angel waits
    S[L.S_BLESSINGS + 0] = 0
    assert text_worth.blessing_glut(S, C, W, 0, two, 0, 0) == pytest.approx(W[0, L.Y_BLESSING])   # one of the two
    S[L.S_BLESSINGS + 0] = 1
    assert text_worth.blessing_glut(S, C, W, 0, two, 0, 0) == pytest.approx(2 * W[0, L.Y_BLESSING])


def test_blessing_tokens_over_the_holding_limit_are_worth_nothing_unless_the_action_raises_it():
    """The kernel drops a token a seat at its limit would gain; Anthea's hero side raises the
    limit by one before her two tokens come."""
    st = fresh(RULES, "kusan", "guild")
    S, C = st.S, st.C
    W, _ = weighed(st, "balanced")
    two = next(k for k in range(int(C[L.C_N_PROGS])) if st.content.programs.decode(k) == (((("blessing", 2),),),))
    assert text_worth.angels_waiting(S, C) >= 4                                 # no Angel shortage here
    limit = int(S[L.S_BLESSING_LIMIT + 0])
    S[L.S_BLESSINGS + 0] = limit - 1                                         # room for one
    assert text_worth.blessing_glut(S, C, W, 0, two, 0, 0) == pytest.approx(W[0, L.Y_BLESSING])
    assert text_worth.blessing_glut(S, C, W, 0, two, 0, 1) == 0.0
    S[L.S_BLESSINGS + 0] = limit                                             # full: both lost
    assert text_worth.blessing_glut(S, C, W, 0, two, 0, 0) == pytest.approx(2 * W[0, L.Y_BLESSING])


def test_a_deeds_trophy_is_weighed_with_the_text():
    """A trophy adds to its deed's worth by ``passive`` (an extra crew over the turns left)."""
    st = fresh(RULES, "kusan", "guild")
    S, C = st.S, st.C
    k = put_in_deed_area(st, 1, deed="find_the_expedition")
    W, PV = weighed(st, "balanced:passive=1")
    assert text_worth.deed_extra(S, C, W, PV, 0, k) > 0
    W0, PV0 = weighed(st, "greedy")
    assert text_worth.deed_extra(S, C, W0, PV0, 0, k) == 0.0
