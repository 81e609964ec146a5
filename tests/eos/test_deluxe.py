"""The deluxe module (configs/eos/modules/deluxe.toml): each deluxe epic deed's printed rule as a
scenario, in the order of the rulebook's References list (Epic Deeds, the deeds marked
(Deluxe)), quoting the book; the component counts the module validates; and games under
check mode with the module alone and with the other modules, in every player count.

The scenarios run the kernel through the Python face with the helpers of scenario.py (a game
set up from its seed, the position written into its state, the kernel plays it), each against
the same position without the deed's rule wherever the difference is the point.
"""
import re
import shutil

import numpy as np
import pytest

from simulate.core.tape import no_tape
from simulate.core.errors import ConfigError
from simulate.eos import GAME, check, deluxe, kernel
from simulate.eos import layout as L
from simulate.eos.config import CONFIG_DIR, load_rules
from simulate.eos.content import build
from strategies import resolve_strategies

from .scenario import (SCOUT, TREASURER, WARRIOR, accomplish, area, areas_offered, at_deed, deed_area, demons,
                       finish_turn, give_trophy, give_upgrade, hold_angel, neighbours, new, next_spawn, no_damage,
                       put_in_deed_area, quiet_chronicle, ready, stat, take_any, trophy)

GULL_ROCKS, AMBER_COAST, GATE_OF_WHISPERS = 21, 22, 2   # map ids: Gull Rocks and Amber Coast border deed area 1,
BAY = 9                                                  # the Bay of Broken Oaths (9); Gate of Whispers: passage A


@pytest.fixture(scope="module")
def rules():
    return load_rules(modules=["deluxe"])


def kusan(rules, seed=3):
    """Kusan (seat 0, no nation rule of its own) and The Guild, first turns behind them, Kusan
    at Gull Rocks (21), The Guild at Amber Coast (22), no damage zones, the deluxe pawns as
    setup leaves them for the deeds now on the board."""
    st = new(rules, "kusan", "guild", seed=seed)
    ready(st, GULL_ROCKS, AMBER_COAST)
    no_damage(st, 0, 1)
    return st


def on_board(st, ident, d=1):
    """Deed `ident` in deed area d, its pawns placed as at setup (deluxe.place_pawns)."""
    k = put_in_deed_area(st, d, deed=ident)
    deluxe.place_pawns(st.S, st.C)
    return k


def challenge_lets_in(rules, deed, short, enough, purified=False):
    """Seat 0 (Kusan) with `deed` on the bay's board: with `short` (seat-0 offsets of S: values)
    the bay is not offered, with `enough` added the ship sails in and pays. S afterwards."""
    st = kusan(rules)
    on_board(st, deed)
    S = st.S
    for at, v in short.items():
        S[at + 0] = v
    if purified:
        S[L.S_PURIFIED + area(st, BAY)] = 1
    scout_move(st)
    assert area(st, BAY) not in areas_offered(st)
    for at, v in enough.items():
        S[at + 0] = v
    scout_move(st)
    sail(st, BAY)
    return S


def scout_move(st, p=0):
    """p's turn, its workers all on the ship: the Scout at rank 1 (Kusan's move 2)."""
    S = st.S
    S[L.S_ON_SHIP + p], S[L.S_USED + p] = S[L.S_MAX_WORKERS + p], 0
    S[L.S_HERO_WORKERS + p * L.N_HEROES:L.S_HERO_WORKERS + (p + 1) * L.N_HEROES] = 0
    st.start_turn(p)
    st.choose(L.O_HERO, SCOUT, 1)


def sail(st, *ids):
    for ident in ids:
        st.choose(L.O_AREA, area(st, ident))


def to_end_of_turn(st):
    while st.offered and st.frame()[0] not in (L.F_SECONDARY, L.F_END_TURN):
        take_any(st)


# ---------------------------------------------------------------- The Battle of Lavaloan
def test_lavaloan_gains_the_reward_the_morale_cube_covers_after_a_heros_action(rules):
    """"The Battle of Lavaloan (Deluxe). Challenge: Discard 2 Angel attacks. Trophy: Each time
    you activate a hero, gain the corresponding reward after their action." Kusan's Treasurer
    (rank 1: 10 coins) with its morale cube on its first step (10 coins, ASSUMED data)."""
    gained = {}
    for held in (False, True):
        for m in (0, 1):
            st = kusan(rules)
            S = st.S
            S[L.S_COINS + 0] = 0
            S[L.S_MORALE + 0 * L.N_HEROES + TREASURER] = m
            if held:
                give_trophy(st, 0, "lavaloan_item")
            st.start_turn(0)
            st.choose(L.O_HERO, TREASURER, 1)
            to_end_of_turn(st)
            gained[held, m] = int(S[L.S_COINS + 0])
    assert gained == {(False, 0): 10, (False, 1): 10, (True, 0): 10, (True, 1): 20}
    # the challenge: 2 Angel attacks, discarded on entering
    st = kusan(rules)
    on_board(st, "the_battle_of_lavaloan")
    hold_angel(st, 0, "neasta")
    scout_move(st)
    assert area(st, BAY) not in areas_offered(st)              # 1 attack
    st.S[L.S_ATTACKS + 0] = 2
    scout_move(st)
    sail(st, BAY)
    assert int(st.S[L.S_ATTACKS + 0]) == 0


# ---------------------------------------------------------------- Cross the Street of Demons
def test_the_street_of_demons_demons_cost_no_glory_and_do_no_damage(rules):
    """"Cross the Street of Demons (Deluxe). Challenge: Have 7 protection and discard 1 blessing
    token. Trophy: No matter how many Demons you have, they are not worth any negative glory at
    the end of the game nor are you affected by their damage effects. You don't lose glory if
    you gain more Demons than you can have.\""""
    for held in (False, True):
        st = new(rules, "kusan", "guild")
        ready(st, GULL_ROCKS, AMBER_COAST)
        S, PR = st.S, st.PR
        if held:
            give_trophy(st, 0, "street_of_demons_item")
        full = int(PR[0, L.PR_MAX_DEMONS])
        S[L.S_MARKER + 0] = -full                                   # as many Demons as the track holds
        S[L.S_GLORY + 0] = 20
        st.start_turn(0)
        st.push_program(0, "journey.card[j01].cost", cost=1)        # 3 Demons more
        st.run_to_decision()
        assert demons(st, 0) == full
        assert int(S[L.S_GLORY + 0]) == (20 if held else 17)
        assert int(st.record()[1][0][L.P_BONUS_DEMONS]) == (0 if held else -(full - int(PR[0, L.PR_PROTECTED_BASE])))
        st.choose(L.O_HERO, SCOUT, 1)                               # the damage zone's speed
        speed = st.frame()[2]
        assert (speed == 2) if held else speed < 2
    # the challenge: 7 protection and a blessing token
    S = challenge_lets_in(rules, "cross_the_street_of_demons", {L.S_BLESSINGS: 1, L.S_PROTECTION: 6},
                          {L.S_PROTECTION: 7})
    assert int(S[L.S_BLESSINGS + 0]) == 0 and int(S[L.S_PROTECTION + 0]) == 7


# ---------------------------------------------------------------- Darrington's Abyss
def test_darringtons_abyss_a_worker_occupies_a_hero_for_good(rules):
    """"Darrington's Abyss (Deluxe). Challenge: This deed has no challenge. You may enter it at
    any time. Reward: When taking the chronicle action, take the next worker from your ship and
    permanently occupy any hero (except Scout) with it. This worker prevents the hero from being
    activated and is not removed when taking a recharge action. The occupied hero can only be
    activated if you are allowed to activate occupied heroes a second time." And "Number of
    workers: Effects that change the max. number of workers are persistent" (a new ship too)."""
    st = kusan(rules)
    S = st.S
    on_board(st, "darringtons_abyss")
    scout_move(st)
    assert area(st, BAY) in areas_offered(st)                  # no challenge
    st = kusan(rules)
    S = st.S
    workers = int(S[L.S_MAX_WORKERS + 0])
    accomplish(st, 0, "darringtons_abyss")
    assert st.frame()[0] == L.F_ABYSS
    assert {r[1] for r in st.options()} == {1, 2, 3, 4}              # any hero but the Scout
    assert all("for good (Darrington's Abyss)" in w for w in st.legal_actions()) and "Abyss" in str(st)
    st.choose(L.O_HERO_PICK, WARRIOR)
    assert int(S[L.S_MAX_WORKERS + 0]) == workers - 1 and int(S[L.S_ON_SHIP + 0]) == workers - 2
    S[L.S_ON_SHIP + 0], S[L.S_USED + 0] = 0, 1                      # a recharge: the worker stays
    S[L.S_COINS + 0] = 20                                           # a free action beside it: a decision
    st.start_turn(0)
    st.choose(L.O_RECHARGE)
    finish_turn(st)
    assert int(S[L.S_ON_SHIP + 0]) == workers - 1
    st.start_turn(0)
    assert not st.offers(L.O_HERO, WARRIOR) and st.offers(L.O_HERO, TREASURER)
    give_upgrade(st, 0, "u17", WARRIOR)                             # New Contract: activate it while occupied
    st.start_turn(0)
    assert st.offers(L.O_HERO, WARRIOR, 1)
    st.choose(L.O_HERO, WARRIOR, 1)
    st.start_turn(0)
    assert not st.offers(L.O_HERO, WARRIOR)                         # "at most twice" counts the Abyss's worker
    give_trophy(st, 0, "golden_cape_ship")                          # 5 workers, one of them lost for good
    assert int(S[L.S_MAX_WORKERS + 0]) == 4


# ---------------------------------------------------------------- Dawn of the Savior
def test_dawn_of_the_savior_needs_3_heroes_on_max_morale_and_hephto_counts_as_an_angel(rules):
    """"Dawn of the Savior (Deluxe). Challenge: This challenge cannot be ignored ... You must
    have at least 3 heroes on max. morale. ... Trophy: Hephto counts as an Angel in terms of
    total Angels awakened. However, you don't gain any additional chronicle entry for awakening
    him. He does not have a patron side.\""""
    for at_max in (2, 3):
        st = kusan(rules)
        on_board(st, "dawn_of_the_savior")
        hold_angel(st, 0, "klephastion")                            # ignores challenge icons of Lords only
        for h in range(at_max):
            st.S[L.S_MORALE + h] = st.NS[0, L.NS_N_MORALE + h]
        scout_move(st)
        assert (area(st, BAY) in areas_offered(st)) == (at_max == 3)
    st = kusan(rules)
    S = st.S
    angels = int(S[stat(st, 0, "angels_awakened")])
    accomplish(st, 0, "dawn_of_the_savior")
    finish_turn(st)
    assert int(S[stat(st, 0, "angels_awakened")]) == angels + 1
    assert int(S[L.S_ENTRIES + 0]) == 1 and int(S[L.S_ANGELS_HERO + 0]) == 0
    st.start_turn(0)
    assert st.offers(L.O_CREW, 1, trophy(st, "hephto"))                # an extra crew member


# ---------------------------------------------------------------- Escort the Lady Ignal
def test_lady_ignal_is_escorted_from_the_inner_lake_by_one_player_only(rules):
    """"Escort the Lady Ignal (Deluxe). Challenge: ... To solve this challenge, escort the white
    ship pawn from the inner lake to this tile. Once a player has started the escort, no other
    players may attempt it. If the epic deed tile gets removed before the deed has been
    accomplished, also remove the white ship pawn." The way into the lake: the secret passage
    (Sea Chart of the Ancients under the Scout) from Gate of Whispers (passage A, next to the
    Bay of Broken Oaths, deed area 1)."""
    st = kusan(rules)
    S = st.S
    on_board(st, "escort_the_lady_ignal")
    put_in_deed_area(st, 6)                                          # the lake empty: no Lake challenge
    lake = deed_area(st, 6)
    assert int(S[L.S_IGNAL]) == lake and int(S[L.S_IGNAL_ESCORT]) == -1
    for p in (0, 1):
        give_upgrade(st, p, "u19", SCOUT)
    ready(st, GATE_OF_WHISPERS, GATE_OF_WHISPERS)
    S[L.S_SPEED + 0] = -1                                            # the Scout's move 1: into the lake
    scout_move(st)
    st.choose(L.O_AREA, lake)
    assert int(S[L.S_IGNAL_ESCORT]) == 0
    S[L.S_SPEED + 0] = 0
    # the other player in the lake, the pawn there: it may not start the escort
    ready(st, GATE_OF_WHISPERS, GATE_OF_WHISPERS)
    S[L.S_AREA + 0] = S[L.S_START_AREA + 0] = lake
    S[L.S_SPEED + 1] = -1
    st.start_turn(1)
    st.choose(L.O_HERO, SCOUT, 1)
    st.choose(L.O_AREA, lake)
    assert int(S[L.S_IGNAL_ESCORT]) == 0
    S[L.S_SPEED + 1] = 0
    st.S[L.S_SP] = 0
    st.push(L.F_MOVE, 1, 1, lake, 0, 0, 1)                          # The Guild sails on: the pawn stays
    st.run_to_decision()
    st.choose(L.O_AREA, area(st, GATE_OF_WHISPERS))
    assert int(S[L.S_IGNAL]) == lake
    # the escort sails it to the deed: the chronicle action is the escort's, there
    scout_move(st, 0)
    sail(st, GATE_OF_WHISPERS, BAY)
    assert int(S[L.S_IGNAL]) == area(st, BAY)
    ready(st, BAY, BAY)
    quiet_chronicle(st)
    st.start_turn(1)
    k = st.content.deeds.index("escort_the_lady_ignal")
    assert not st.offers(L.O_CHRONICLE, L.CH_DEED, k)
    st.start_turn(0)
    st.choose(L.O_CHRONICLE, L.CH_DEED, k)
    assert int(S[L.S_IGNAL]) == -1 and int(S[L.S_DEED + k]) == L.DS_DONE
    # without the escort the deed's area offers no chronicle action
    st = kusan(rules)
    k = at_deed(st, 0, "escort_the_lady_ignal")
    deluxe.place_pawns(st.S, st.C)
    st.start_turn(0)
    assert not st.offers(L.O_CHRONICLE, L.CH_DEED, k)
    # the tile removed by a spawn: the pawn goes
    st = kusan(rules)
    on_board(st, "escort_the_lady_ignal")
    next_spawn(st, "Hanor", 1, clear=False)
    st.start_turn(0)
    st.push(L.F_SPAWN, 0)
    st.run_to_decision()
    assert int(st.S[L.S_IGNAL]) == -1 and int(st.S[L.S_IGNAL_ESCORT]) == -1


def test_lady_ignals_trophy_two_ship_pawns_divide_the_speed(rules):
    """"Trophy: You have 2 ship pawns from now on. Apart from dividing speed between them, they
    work exactly the same." The second pawn (ASSUMED: placed where the ship is) takes the rest
    of a move's speed, enters areas as the ship does, and may take a chronicle action."""
    st = kusan(rules)
    S = st.S
    give_trophy(st, 0, "lady_ignal_item")
    S[L.S_SHIP2 + 0] = area(st, GULL_ROCKS)
    glory = int(S[L.S_GLORY + 0])
    scout_move(st)
    sail(st, AMBER_COAST)                                            # the ship: 1 of the 2 speed
    assert "sail the second ship pawn with the rest of the speed (Lady Ignal's trophy)" in st.legal_actions()
    st.choose(L.O_SHIP2)
    assert "second ship pawn" in str(st) and all("second ship pawn" in w or "stop" in w for w in st.legal_actions())
    assert area(st, GULL_ROCKS) not in areas_offered(st) and area(st, 20) in areas_offered(st)
    sail(st, 20)
    assert int(S[L.S_AREA + 0]) == area(st, AMBER_COAST) and int(S[L.S_SHIP2 + 0]) == area(st, 20)
    assert st.frame()[0] != L.F_MOVE                                  # the speed is spent
    assert int(S[L.S_GLORY + 0]) > glory or demons(st, 0) > 0         # the second pawn found area 20's reward
    # a chronicle action where the second pawn started the turn: an Angel on its shore
    st = kusan(rules)
    S = st.S
    give_trophy(st, 0, "lady_ignal_item")
    a = st.content.angels.index("neasta")
    S[L.S_ANGEL + a] = L.ANG_BOARD
    S[L.S_SHIP2 + 0] = st.C[L.C_A_AREA + a]
    S[L.S_BLESSINGS + 0] = 1
    quiet_chronicle(st)
    st.start_turn(0)
    assert st.offers(L.O_CHRONICLE, L.CH_AWAKEN_HERO, a)
    S[L.S_SHIP2 + 0] = -1
    st.start_turn(0)
    assert not st.offers(L.O_CHRONICLE, L.CH_AWAKEN_HERO, a)


# ---------------------------------------------------------------- The Plague Ship
def recharge_coins(st, covered):
    """Kusan's coins after a recharge of its slots 4 and 5 (20 coins, play) with these slots covered."""
    S = st.S
    S[L.S_COVERED + 0] = covered
    S[L.S_COINS + 0] = 0
    S[L.S_ON_SHIP + 0], S[L.S_USED + 0] = 3, 1
    st.start_turn(0)
    st.choose(L.O_RECHARGE)
    finish_turn(st)
    return int(S[L.S_COINS + 0])


def test_the_plague_ship_covers_a_slot_until_it_is_accomplished(rules):
    """"The Plague Ship (Deluxe). Challenge: This challenge cannot be ignored ... Permanently
    cover up any 1 recharge reward on your ship. When recharging, you don't gain this reward.
    You may not choose slots that don't give a reward. Trophy: Remove the curse card from play.
    Players may then uncover their rewards." And "CURSE: ... are not removed if their
    corresponding epic deed is removed by a Demon Lord. They are only removed when the epic
    deed has been accomplished." Kusan's slots (ASSUMED data): upgrade / rank, draw 2, morale,
    20 coins, play."""
    st = kusan(rules)
    S = st.S
    on_board(st, "the_plague_ship")
    assert (int(S[L.S_DEED_CURSES]) >> L.K_PLAGUE) & 1
    scout_move(st)
    sail(st, BAY)
    while st.frame()[0] != L.F_COVER:
        take_any(st)
    assert {r[1] for r in st.options()} == {0, 1, 2, 3, 4}
    assert "cover worker slot 4: gain 20 coins" in st.legal_actions() and "Plague Ship" in str(st)
    st.choose(L.O_ALT, 3)                                            # the 20 coins
    assert int(S[L.S_COVERED + 0]) == 1 << 3
    saved = S.copy()
    assert recharge_coins(st, 1 << 3) == 0 and recharge_coins(st, 0) == 20
    # entering again covers one more; with every rewarding slot covered it cannot be entered
    S[:] = saved
    S[L.S_COVERED + 0] = 0b11110
    ready(st, GULL_ROCKS, AMBER_COAST)
    scout_move(st)
    assert area(st, BAY) in areas_offered(st)
    S[L.S_COVERED + 0] = 0b11111
    scout_move(st)
    assert area(st, BAY) not in areas_offered(st)
    # removed by a spawn: the curse and the covers stay
    S[:] = saved
    next_spawn(st, "Hanor", 1, clear=False)
    st.start_turn(1)
    st.push(L.F_SPAWN, 1)
    st.run_to_decision()
    assert int(S[L.S_COVERED + 0]) == 1 << 3 and (int(S[L.S_CURSE_MASK]) >> L.K_PLAGUE) & 1
    # accomplished: the curse goes, every player uncovers
    S[:] = saved
    S[L.S_COVERED + 1] = 1
    accomplish(st, 0, "the_plague_ship")
    assert int(S[L.S_COVERED + 0]) == 0 and int(S[L.S_COVERED + 1]) == 0
    assert not (int(S[L.S_CURSE_MASK]) >> L.K_PLAGUE) & 1


# ---------------------------------------------------------------- The Roaming Corsair
def test_the_corsairs_tile_is_empty_its_pawns_area_costs_a_blessing_token(rules):
    """"The Roaming Corsair (Deluxe). Challenge: This area is considered empty when sailing. To
    enter the area with the Corsair's ship pawn, you must discard 1 blessing token. This
    challenge stays in play even if the corresponding deed tile is removed by e.g. spawning a
    Demon Lord. Trophy: Remove the Corsair's ship pawn from play." ASSUMED: the pawn starts on
    the tile's area, roams one area at each event, and the deed is accomplished where it is."""
    glory = {}
    for deed in ("the_plague_ship", "the_roaming_corsair"):      # a deed's area, and the Corsair's
        st = kusan(rules)
        S = st.S
        k = on_board(st, deed)
        if deed == "the_roaming_corsair":                          # set up on its tile's area; roamed off it
            assert int(S[L.S_CORSAIR]) == deed_area(st, 1)
            S[L.S_CORSAIR] = area(st, 23)
        S[L.S_PURIFIED + area(st, BAY)] = 1                         # no Demons: the glory is the reward's
        before = int(S[L.S_GLORY + 0])
        scout_move(st)
        assert area(st, BAY) in areas_offered(st)
        sail(st, BAY)
        glory[deed] = int(S[L.S_GLORY + 0]) - before
    assert glory == {"the_plague_ship": 0, "the_roaming_corsair": 3}    # Bay of Broken Oaths: 3 glory printed
    assert int(S[L.S_CORSAIR]) == area(st, 23)
    ready(st, GULL_ROCKS, AMBER_COAST)
    S[L.S_BLESSINGS + 0] = 0
    scout_move(st)
    sail(st, AMBER_COAST)
    assert area(st, 23) not in areas_offered(st)                    # no token: the pawn's area is closed
    S[L.S_BLESSINGS + 0] = 1
    ready(st, GULL_ROCKS, AMBER_COAST)
    scout_move(st)
    sail(st, AMBER_COAST)
    assert area(st, 23) in areas_offered(st)
    supply = int(S[L.S_SUPPLY_BLESSINGS])
    sail(st, 23)
    assert int(S[L.S_BLESSINGS + 0]) == 0 and int(S[L.S_SUPPLY_BLESSINGS]) == supply + 1
    # the chronicle action: where the pawn is, not on the tile
    ready(st, 23, AMBER_COAST)
    quiet_chronicle(st)
    st.start_turn(1)
    S[L.S_AREA + 1] = S[L.S_START_AREA + 1] = deed_area(st, 1)
    st.start_turn(1)
    assert not st.offers(L.O_CHRONICLE, L.CH_DEED, k)
    saved = S.copy()
    st.start_turn(0)
    st.choose(L.O_CHRONICLE, L.CH_DEED, k)
    assert int(S[L.S_CORSAIR]) == -1 and int(S[L.S_DEED + k]) == L.DS_DONE
    # removed by a spawn: the pawn and its toll stay
    S[:] = saved
    next_spawn(st, "Hanor", 1, clear=False)
    st.start_turn(1)
    st.push(L.F_SPAWN, 1)
    st.run_to_decision()
    assert int(S[L.S_DEED + k]) == L.DS_REMOVED and int(S[L.S_CORSAIR]) == area(st, 23)
    # it roams: at an event, to a neighbouring ocean area
    S[:] = saved
    st.start_turn(1)
    st.push(L.F_EVENT, 1, -1)
    st.run_to_decision()
    x = int(S[L.S_CORSAIR])
    assert x in neighbours(st, area(st, 23)) and st.C[L.C_AREA_KIND + x] == L.AREA_OCEAN


# ---------------------------------------------------------------- The Ship Graveyard
def test_the_ship_graveyard_one_blessing_token_more_cumulative_with_anthea(rules):
    """"The Ship Graveyard (Deluxe). Challenge: Discard 1 blessing token and lose 15 power.
    Trophy: This ship allows you to have 1 additional blessing token and immediately gives you
    1 blessing token from the general supply. This bonus is cumulative to e.g. Anthea." A ship:
    replaced by another ship trophy, its bonus goes with it."""
    limits = {}
    for anthea in (False, True):
        st = kusan(rules)
        S = st.S
        if anthea:
            hold_angel(st, 0, "anthea")
        S[L.S_BLESSINGS + 0] = 0
        accomplish(st, 0, "the_ship_graveyard")
        finish_turn(st)
        limits[anthea] = int(S[L.S_BLESSING_LIMIT + 0])
        assert int(S[L.S_BLESSINGS + 0]) == 1
        assert int(S[L.S_SHIP_TROPHY + 0]) == trophy(st, "graveyard_ship")
    assert limits == {False: 2, True: 3}
    S[L.S_BLESSINGS + 0] = 3
    supply = int(S[L.S_SUPPLY_BLESSINGS])
    give_trophy(st, 0, "submarine")                                    # another ship: the bonus goes
    assert int(S[L.S_BLESSING_LIMIT + 0]) == 2 and int(S[L.S_BLESSINGS + 0]) == 2
    assert int(S[L.S_SUPPLY_BLESSINGS]) == supply + 1
    # the challenge
    S = challenge_lets_in(rules, "the_ship_graveyard", {L.S_BLESSINGS: 1, L.S_MARKER: 14}, {L.S_MARKER: 15},
                          purified=True)                   # no Demons taking power on the way in
    assert int(S[L.S_BLESSINGS + 0]) == 0 and int(S[L.S_MARKER + 0]) == 0


# ---------------------------------------------------------------- A Ship of Copper and Steel
def test_copper_and_steel_ignores_ocean_demons_and_lord_challenge_icons(rules):
    """"A Ship of Copper and Steel (Deluxe). Challenge: Discard 3 upgrades. Trophy: The submarine
    allows you to ignore all Demons from ocean areas and all Demon Lord challenge icons. You may
    choose to gain Demons if you like." (ASSUMED: the holder never chooses to.) Amber Coast
    shows 1 Demon; Hanor's challenge is beyond a seat with nothing."""
    for held in (False, True):
        st = kusan(rules)
        S = st.S
        S[L.S_MARKER + 0] = 0
        put_in_deed_area(st, 1, lord="Hanor")
        S[L.S_COINS + 0] = 0
        S[L.S_PROTECTION + 0] = 0
        if held:
            give_trophy(st, 0, "submarine")
        scout_move(st)
        assert (area(st, BAY) in areas_offered(st)) == held
        sail(st, AMBER_COAST)
        assert demons(st, 0) == (0 if held else 1)
    # the challenge: 3 upgrades in play
    st = kusan(rules)
    on_board(st, "a_ship_of_copper_and_steel")
    S = st.S
    for u in ("u01", "u02"):
        give_upgrade(st, 0, u, L.U_SHIP_PLACE)
    scout_move(st)
    assert area(st, BAY) not in areas_offered(st)
    give_upgrade(st, 0, "u17", TREASURER)
    scout_move(st)
    sail(st, BAY)
    while st.frame()[0] == L.F_UPGRADE:
        take_any(st)
    assert int(S[L.S_N_UPGRADES + 0]) == 0


# ---------------------------------------------------------------- the components
def test_the_module_adds_the_deluxe_components_and_counts_them(rules):
    """"Additional content - Journey Cards: 5 The Kwanan Empire, 5 The Dangers of the Sea, 5 The
    Spoils of War, 5 The Age of Seafarers, 5 The Wonders of the Sea. ... Nation Journey Cards: 2
    The Guild, 2 Noom, 2 Kwanan, 2 Mespanne, 2 Lavaloan, 2 Kusan, 2 Gloyn. ... Epic Deeds: ...\""""
    c = rules.config
    sets = [card.get("set") for card in c["journey"]["card"][60:]]
    assert len(c["journey"]["card"]) == 85 and {s: sets.count(s) for s in sets} == {
        "The Kwanan Empire": 5, "The Dangers of the Sea": 5, "The Spoils of War": 5, "The Age of Seafarers": 5,
        "The Wonders of the Sea": 5}
    assert all(len(n["journey"]) == 6 for n in c["nations"].values())
    deeds = c["deeds"]["deed"][21:]
    assert [d["name"] for d in deeds] == [
        "The Battle of Lavaloan", "Cross the Street of Demons", "Darrington's Abyss", "Dawn of the Savior",
        "Escort the Lady Ignal", "The Plague Ship", "The Roaming Corsair", "The Ship Graveyard",
        "A Ship of Copper and Steel"]
    assert all(d["level"] != "lake" and d["text"].startswith("Challenge: ") for d in deeds)
    assert sum("trophy" in d for d in deeds) == 8 and len(c["deeds"]["trophy"]) == 21
    names = GAME.item_names(c)
    assert names["darringtons_abyss"] == "Darrington's Abyss" and names["d25"] and names["kwanan_j6"]
    base = load_rules().config                                      # the base content is untouched
    assert len(base["journey"]["card"]) == 60 and len(base["deeds"]["deed"]) == 21
    C = build(load_rules().config).C                                # and no deed of it has a deluxe rule
    assert not C[L.C_D_SPECIAL:L.C_D_SPECIAL + L.MAX_DEEDS].any()
    assert not any((int(v) >> L.PF_LAVALOAN) for v in C[L.C_T_PASSIVE:L.C_T_PASSIVE + L.MAX_TROPHIES])


def test_a_deluxe_card_too_few_is_one_clear_error(tmp_path):
    folder = tmp_path / "eos"
    shutil.copytree(CONFIG_DIR, folder)
    module = folder / "modules" / "deluxe.toml"
    text = module.read_text()
    module.write_text(re.sub(r'\[\[add\.journey\.card\]\]\nid = "d25".*?(?=\n\n)', "", text, flags=re.S))
    with pytest.raises(ConfigError, match="have 85 journey cards, the config 84"):
        load_rules(folder, modules=["deluxe"])
    module.write_text(text.replace('[[add.nations.guild.journey]]\nid = "guild_j6"', '[[removed]]\nid = "guild_j6"'))
    with pytest.raises(ConfigError):
        load_rules(folder, modules=["deluxe"])


# ---------------------------------------------------------------- games under check mode
def test_check_mode_catches_a_deluxe_pawn_out_of_place(rules):
    """The board check (check.CK_BOARD) covers the deluxe pawns: Lady Ignal's only with its deed on
    the board, escorted by a seat in play; the Corsair's until its deed is accomplished; a second
    ship pawn in an area."""
    st = kusan(rules)
    S = st.S
    ignal = on_board(st, "escort_the_lady_ignal", d=2)
    corsair = on_board(st, "the_roaming_corsair", d=3)
    ok = S.copy()

    def code():
        return int(check.check_state(S, st.C, st.NS, st.PR))

    assert code() == 0
    gone = {L.S_DEED + ignal: L.DS_REMOVED, L.S_DEED_AT + 2: -1}     # the tile removed, its pawn left behind
    done = {L.S_DEED + corsair: L.DS_DONE, L.S_DEED_AT + 3: -1}       # accomplished, its pawn left behind
    for plant in (gone, {L.S_IGNAL_ESCORT: 2}, done, {L.S_SHIP2 + 1: int(st.C[L.C_N_AREAS])}):
        S[:] = ok
        for at, v in plant.items():
            S[at] = v
        assert code() == check.CK_BOARD, plant
    S[:] = ok
    S[L.S_DEED + corsair] = L.DS_REMOVED                            # removed by a spawn: the pawn stays
    S[L.S_DEED_AT + 3] = -1
    assert code() == 0


@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_with_every_deluxe_piece_in_use_keeps_every_invariant(rules, seed):
    """Random play (check mode after every decision) from a position where each deluxe rule is
    at work: both seats hold a second ship pawn, Kusan a worker in the Abyss and a covered slot,
    Lady Ignal's escort under way, the Corsair roaming, Lavaloan's and the Street's trophies held."""
    st = kusan(rules, seed=seed)
    S = st.S
    on_board(st, "escort_the_lady_ignal", d=2)
    on_board(st, "the_roaming_corsair", d=3)
    on_board(st, "the_plague_ship", d=4)
    for p in (0, 1):
        give_trophy(st, p, "lady_ignal_item")
        S[L.S_SHIP2 + p] = S[L.S_AREA + p]
    give_trophy(st, 0, "lavaloan_item")
    give_trophy(st, 1, "street_of_demons_item")
    S[L.S_ABYSS_HERO + 0] = WARRIOR
    S[L.S_COVERED + 0] = 1 << 3
    S[L.S_IGNAL], S[L.S_IGNAL_ESCORT] = S[L.S_AREA + 1], 1
    pick = np.random.default_rng(seed)
    st.start_turn(0)
    decisions = 0
    while st.offered and decisions < 20000:
        st.choose_index(int(pick.integers(st.offered)))
        decisions += 1
        assert int(check.check_state(S, st.C, st.NS, st.PR)) == 0, (decisions, str(st))
    assert int(S[L.S_ERROR]) == 0


GAMES = 20              # per module combination, player count and policy: 480 games in all
COMBINATIONS = (("deluxe",), ("first-game", "deluxe"), ("free-ship", "deluxe"))


@pytest.fixture(scope="module")
def contents():
    return {mods: build(load_rules(modules=list(mods)).config) for mods in COMBINATIONS}


@pytest.mark.parametrize("mods", COMBINATIONS, ids=lambda m: "+".join(m))
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_games_with_the_deluxe_module_break_no_invariant(contents, mods, n):
    content = contents[mods]
    done = np.zeros(int(content.C[L.C_N_DEEDS]), np.int64)
    for policy in ("random", "greedy"):
        games, seats, seeds = kernel.result_arrays(GAMES)
        _, POL, W = resolve_strategies(GAME, policy, n)
        plan = kernel.Plan(n_players=n, run_seed=20261202, first=0, n_games=GAMES,
                           nations=np.full(n, -1, np.int64), rotate=True, POL=POL, WS=W, check=True)
        kernel.batch(content.C, content.NS, content.PR, plan,
                     kernel.Out(games, seats, seeds, kernel.card_arrays(GAMES)),
                     kernel.scratch(int(content.C[L.C_N_PROGS])), None, no_tape())
        errors = games[:, L.G_ERROR]
        assert not errors.any(), {check.CHECKS[c - 1] if c <= len(check.CHECKS) else f"engine error {c}":
                                  int((errors == c).sum()) for c in np.unique(errors[errors != 0])}
        for g in range(GAMES):
            for f in range(min(int(games[g, L.G_N_FEATS]), L.MAX_FEATS)):
                row = games[g, L.G_FEATS + f * L.FEAT_W:L.G_FEATS + (f + 1) * L.FEAT_W]
                if row[L.FEAT_KIND] == L.FEAT_DEED:
                    done[row[L.FEAT_ITEM]] += 1
    assert done[21:].sum() > 0                                      # the deluxe deeds are in play and taken
