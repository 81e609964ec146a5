"""EOS rules of a player's resources, with the rulebook's worked examples in the book's order
("Coin and Glory Tracking", "Demons and Power", "Protection", and Mespanne's setup)."""
import numpy as np
import pytest

from simulate.eos import layout as L
from simulate.eos import resources as R
from simulate.eos.config import load_rules
from simulate.eos.nations import player_rules_table

SEATS = ("noom", "mespanne", "kusan", "guild", "kwanan")
NOOM, MESPANNE, KUSAN, GUILD, KWANAN = range(5)


@pytest.fixture(scope="module")
def PR():
    return player_rules_table(load_rules().config, SEATS)


@pytest.fixture
def S():
    S = np.zeros(L.S_SIZE, np.int32)
    S[L.S_PROTECTION + MESPANNE] = 3              # Mespanne's setup: 3 protection
    return S


def marker(S, p):
    return int(S[L.S_MARKER + p])


# ---------------------------------------------------------------- coin and glory tracking
def test_coins_and_glory_never_fall_below_0_and_run_past_100(S):
    R.gain_coins(S, MESPANNE, 127)                # "Mespanne has 127 coins"
    R.gain_coins(S, MESPANNE, -200)
    assert S[L.S_COINS + MESPANNE] == 0
    R.gain_glory(S, NOOM, 98)                     # "Noom has 98 glory. The Guild has 103 glory."
    R.gain_glory(S, GUILD, 103)
    assert (S[L.S_GLORY + NOOM], S[L.S_GLORY + GUILD]) == (98, 103)
    R.gain_glory(S, NOOM, -99)
    assert S[L.S_GLORY + NOOM] == 0


# ---------------------------------------------------------------- Demons and power
def test_3_demons_and_gain_10_power_leaves_7_power(S, PR):
    R.gain_demons(S, PR, KUSAN, 3)
    R.gain_power(S, PR, KUSAN, 10)
    assert (R.power(S, KUSAN), R.demons(S, KUSAN)) == (7, 0)


def test_4_power_and_gain_13_demons_leaves_9_demons(S, PR):
    R.gain_power(S, PR, KUSAN, 4)
    R.gain_demons(S, PR, KUSAN, 13)
    assert (R.power(S, KUSAN), R.demons(S, KUSAN)) == (0, 9)


def test_spending_5_power_with_only_4_is_not_possible(S, PR):
    R.gain_power(S, PR, KUSAN, 4)
    assert not R.spend_power(S, KUSAN, 5) and R.power(S, KUSAN) == 4
    assert R.spend_power(S, KUSAN, 4) and marker(S, KUSAN) == 0


def test_destroying_6_of_5_demons_stops_at_0_without_power(S, PR):
    R.gain_demons(S, PR, KUSAN, 5)
    R.destroy_demons(S, KUSAN, 6)
    assert marker(S, KUSAN) == 0
    R.destroy_demons(S, KUSAN, 3)                 # no Demons: nothing happens, no power
    assert marker(S, KUSAN) == 0


def test_noom_cannot_gain_power_past_15(S, PR):
    assert PR[NOOM, L.PR_MAX_POWER] == 15         # printed: "Noom has 15 power and cannot gain any more"
    R.gain_power(S, PR, NOOM, 40)
    assert R.power(S, NOOM) == 15


def test_kwanan_at_16_demons_gaining_2_loses_2_glory(S, PR):
    R.gain_glory(S, KWANAN, 10)
    R.gain_demons(S, PR, KWANAN, 16)
    assert R.gain_demons(S, PR, KWANAN, 2) == 0
    assert R.demons(S, KWANAN) == 16 and S[L.S_GLORY + KWANAN] == 8


def test_13_demons_may_mean_minus_1_speed_and_no_protection_gain(S, PR):
    """"a player with 13 Demons may, due to the position of their protection track, suffer a
    permanent -1 speed and be unable to gain protection" (zones as the config sets them)."""
    S[L.S_PROTECTION + KUSAN] = 6
    R.gain_demons(S, PR, KUSAN, 13)
    z = R.damage_zone(S, PR, KUSAN)
    assert z >= 0 and PR[KUSAN, L.PR_ZONES + 4 * z + 3] == 1
    assert R.speed_modifier(S, PR, KUSAN) == PR[KUSAN, L.PR_ZONES + 4 * z + 2] < 0
    R.gain_protection(S, PR, KUSAN, 1)
    assert S[L.S_PROTECTION + KUSAN] == 6


def test_10_power_sails_with_plus_1_speed(S, PR):
    R.gain_power(S, PR, GUILD, 9)
    assert R.speed_modifier(S, PR, GUILD) == 0
    R.gain_power(S, PR, GUILD, 1)
    assert R.speed_modifier(S, PR, GUILD) == 1


def test_shields_reduce_each_source(S, PR):
    S[L.S_SHIELDS + KUSAN] = 2
    S[L.S_PROTECTION + KUSAN] = 5
    R.gain_demons(S, PR, KUSAN, 3)
    R.gain_demons(S, PR, KUSAN, 3)
    R.gain_demons(S, PR, KUSAN, 1)
    assert R.demons(S, KUSAN) == 2                # 1 + 1 + 0, not 7 - 2


# ---------------------------------------------------------------- protection
def test_mespannes_3_demons_are_protected(S, PR):
    R.gain_demons(S, PR, MESPANNE, 3)
    assert R.unprotected_demons(S, PR, MESPANNE) == 0
    R.gain_demons(S, PR, KUSAN, 3)                # without protection the same 3 cost 3 glory at the end
    assert R.unprotected_demons(S, PR, KUSAN) == 3


def test_mespanne_with_4_demons_loses_the_minus_1_speed_with_1_more_protection(S, PR):
    R.gain_demons(S, PR, MESPANNE, 4)
    assert R.speed_modifier(S, PR, MESPANNE) == -1
    R.gain_protection(S, PR, MESPANNE, 1)
    assert S[L.S_PROTECTION + MESPANNE] == 4 and R.speed_modifier(S, PR, MESPANNE) == 0


def test_mespannes_3_protection_can_never_be_lost(S, PR):
    assert PR[MESPANNE, L.PR_FIXED_PROTECTION] == 3
    R.gain_protection(S, PR, MESPANNE, -5)
    assert S[L.S_PROTECTION + MESPANNE] == 3
    R.gain_protection(S, PR, KUSAN, 2)
    R.gain_protection(S, PR, KUSAN, -5)
    assert S[L.S_PROTECTION + KUSAN] == 0


def test_protection_stops_at_the_boards_maximum(S, PR):
    R.gain_protection(S, PR, GUILD, 50)
    assert S[L.S_PROTECTION + GUILD] == PR[GUILD, L.PR_MAX_STEPS]
