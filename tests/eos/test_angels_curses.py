"""The rulebook's References as scenarios: every Angel, every Demon Lord curse, the epic
deeds' trophies, the triggered journey cards, Noom's starting Angel and the Kraken, in the
book's order (References: Angels A-Z, Demon Lords A-Z, Epic Deeds; then Journey Cards and
Nations), each quoting the book.

Every scenario runs the real kernel through the Python face (``simulate/eos/face.py``) with
the helpers of ``tests/eos/scenario.py``: a game is set up from its seed, the position the
rule needs is written into its state, the kernel plays it, and the test asserts what the
rule changes, against the same position without the rule (without the Angel, the curse, the
trophy) wherever the difference is the point.

Eleven of these tests found kernel bugs when they were written (the patron's ignored curse
reset each turn, Klephastion's payment forced, Jacub's coins past Amban's cap, Temataban and
Her Majesty's delivery without extra crew, a deed curse lost to a spawn, Inspire skipping
ignored curses, a replaced ship's speed kept, the Heart of the Sea missing discarded
attacks, no after-activation step for extra crew, the after-chronicle card before the
slot's effects); all are fixed.
"""
import pytest

from simulate.eos import layout as L
from simulate.eos.config import load_rules
from simulate.eos.symbols import MOVE_KRAKEN, MOVE_PLAIN

from .scenario import (FIRST_OFFICER, QUARTERMASTER, SCOUT, TREASURER, WARRIOR, accomplish, angel, area,
                       areas_offered, at_angel, at_deed, awaken, binds, curses_in_play, deed_area, demons,
                       empty_hand, finish_turn, give_trophy, give_upgrade, glory_from, hold_angel, journey_bonus,
                       lord, market_upgrade, neighbours, new, next_spawn, no_damage, power, put_in_deed_area,
                       quiet_chronicle, ready, set_curses, stat, take_any, trophy, waiting)


@pytest.fixture(scope="module")
def rules():
    return load_rules()


def kusan(rules, seed=3):
    """Kusan (seat 0, no nation rule of its own) and The Guild, both first turns behind them,
    Kusan's ship at Gull Rocks (21, 0 Demons), The Guild's at Amber Coast (22). Kusan holds 20
    coins whatever its assumed setup gives: enough to refresh the market, so that its turn
    stops at the end-of-turn frame (with nothing free to do, the kernel passes it)."""
    st = new(rules, "kusan", "guild", seed=seed)
    ready(st, 21, 22)
    st.S[L.S_COINS + 0] = max(int(st.S[L.S_COINS + 0]), 20)
    return st


def ranks_offered(st, h):
    return {r[2] for r in st.options() if r[:2] == (L.O_HERO, h)}


def crew_offered(st):
    return {(r[1], r[2]) for r in st.options() if r[0] == L.O_CREW}


# ================================================================ Angels
def test_alhana_ignores_every_demon_lord_curse_at_once_but_not_a_deeds_curse(rules):
    """"Alhana. Passive: Ignore all Demon Lord curses at the same time." (Epic Deeds, CURSE:
    "These curses work much like curses from Demon Lords. They are in effect the moment the
    deed sits on the board and affect all players.")

    Three Lords' curses in play (Hanor: no upgrades bought; Meâron: no area rewards;
    Sechator: 2 coins per Demon) and Purge the Demon Maw's curse (ASSUMED data: 1 more Demon
    from every area with Demons)."""
    seen = {}
    for alhana in (False, True):
        st = kusan(rules)
        S = st.S
        no_damage(st, 0)
        put_in_deed_area(st, 2, deed="purge_the_demon_maw")
        set_curses(st, "Hanor", "Mearon", "Sechator")
        if alhana:
            hold_angel(st, 0, "alhana")
        S[L.S_COINS + 0] = 50
        hand = int(S[L.S_N_HAND + 0])
        st.start_turn(0)
        buys = st.offers(L.O_BUY)
        st.choose(L.O_HERO, SCOUT, 1)
        st.choose(L.O_AREA, area(st, 22))                         # Amber Coast: 1 Demon, draw 1
        seen[alhana] = (buys, int(S[L.S_COINS + 0]), int(S[L.S_N_HAND + 0]) - hand, demons(st, 0))
        assert binds(st, 0, L.K_DEMON_MAW) and binds(st, 1, L.K_HANOR)
    assert seen[False] == (False, 50 - 2 * 2, 0, 2)                # Hanor, Sechator, Meâron; the Maw's +1
    assert seen[True] == (True, 50, 1, 2)                          # the Lords' curses ignored; the Maw's not


def test_alva_moves_the_ship_1_area_once_per_turn_whatever_the_action(rules):
    """"Alva. Passive: Ignore Ragador's curse. Once per turn, you may move your ship 1 ocean
    area. This can be used no matter the action you take on your turn. This cannot be
    increased by spending speed."

    The kernel offers the move as a free action before the worker or recharge action and
    again at the end of the turn (docs/assumptions.md)."""
    st = kusan(rules)
    S = st.S
    st.start_turn(0)
    assert not st.offers(L.O_ALVA)                                  # without Alva: never
    hold_angel(st, 0, "alva")
    S[L.S_SPEED + 0] = 2                                            # speed and 10+ power: not for this move
    S[L.S_MARKER + 0] = 12
    st.start_turn(0)
    assert st.offers(L.O_ALVA)
    st.choose(L.O_ALVA)
    kind, p, speed = st.frame()[:3]
    assert (kind, p, speed) == (L.F_MOVE, 0, 1) and st.frame()[7] & MOVE_PLAIN
    st.choose(L.O_AREA, area(st, 22))
    assert int(S[L.S_AREA + 0]) == area(st, 22)
    assert st.frame()[0] == L.F_ACTION and not st.offers(L.O_ALVA)  # once per turn
    st.choose(L.O_HERO, TREASURER, 1)
    while st.frame()[0] != L.F_END_TURN:
        take_any(st)
    assert not st.offers(L.O_ALVA)
    finish_turn(st)
    finish_turn(st)                                                 # The Guild's turn
    assert st.current_player() == 0 and st.offers(L.O_ALVA)         # a new turn: again
    # "no matter the action": with a recharge, and at the end of the turn
    S[L.S_ON_SHIP + 0], S[L.S_USED + 0] = 0, 1
    st.start_turn(0)
    assert st.offers(L.O_RECHARGE) and st.offers(L.O_ALVA)
    st.choose(L.O_RECHARGE)
    while st.frame()[0] != L.F_END_TURN:
        take_any(st)
    assert st.offers(L.O_ALVA)
    before = int(S[L.S_AREA + 0])
    st.choose(L.O_ALVA)
    st.choose(L.O_AREA, next(iter(areas_offered(st))))
    assert int(S[L.S_AREA + 0]) in neighbours(st, before)


def test_anthea_raises_the_blessing_limit_by_1_and_gives_2_tokens(rules):
    """"Anthea. Passive: Ignore Remoran's curse. You may have 1 additional blessing token from
    now on. Immediately gain 2 blessing tokens." ("You may only have 1 token at any time.")"""
    got = {}
    for side in (L.CH_AWAKEN_HERO, L.CH_AWAKEN_PATRON):
        st = kusan(rules)
        S = st.S
        supply = int(S[L.S_SUPPLY_BLESSINGS])
        awaken(st, 0, "anthea", side)
        got[side] = (int(S[L.S_BLESSINGS + 0]), int(S[L.S_BLESSING_LIMIT + 0]), int(S[L.S_SUPPLY_BLESSINGS]))
        assert got[side][2] == supply + 1 - got[side][0]            # the token paid back, the new from the supply
    assert got[L.CH_AWAKEN_HERO][:2] == (2, 2)                      # 1 paid, 2 gained: the limit is 2
    assert got[L.CH_AWAKEN_PATRON][:2] == (0, 1)                    # the patron side: none of it
    # the limit at a blessing corner: a second token with Anthea, none without
    for anthea in (False, True):
        st = kusan(rules)
        S = st.S
        if anthea:
            hold_angel(st, 0, "anthea")
        S[L.S_BLESSINGS + 0] = 1
        st.start_turn(0)
        st.choose(L.O_HERO, SCOUT, 1)
        st.choose(L.O_AREA, area(st, 36))                           # the North-East blessing corner
        assert int(S[L.S_BLESSINGS + 0]) == (2 if anthea else 1)


def test_ashamnon_rewards_every_chronicle_action_of_any_player(rules):
    """"Ashamnon. Passive: Whenever any player completes a chronicle action (including the
    action that gained you Ashamnon), gain 1 of the listed rewards. You may choose the same
    reward more than once with subsequent chronicle actions."

    The listed rewards are ASSUMED data: 2 glory / 10 coins / 3 power / draw 1."""
    st = kusan(rules)
    S = st.S
    a = angel(st, "ashamnon")
    assert st.content.programs.decode(int(st.C[L.C_A_CHOICE + a]))[0] == (
        (("glory", 2),), (("coins", 10),), (("power", 3),), (("draw", 1),))
    coins = int(S[L.S_COINS + 0])
    awaken(st, 0, "ashamnon")
    assert st.frame()[:2] == (L.F_CHOICE, 0)                        # the awakening's own chronicle action
    st.choose(L.O_ALT, 1)
    assert int(S[L.S_COINS + 0]) == coins + 10
    finish_turn(st)
    assert st.current_player() == 1                                 # The Guild awakens an Angel
    at_angel(st, 1, "neasta")
    st.start_turn(1)
    st.choose(L.O_CHRONICLE, L.CH_AWAKEN_PATRON, angel(st, "neasta"))
    assert st.frame()[:2] == (L.F_CHOICE, 0) and st.current_player() == 0     # Kusan's reward, in The Guild's turn
    st.choose(L.O_ALT, 1)                                           # the same reward again
    assert int(S[L.S_COINS + 0]) == coins + 20
    # Ashamnon as a patron: nothing
    st = kusan(rules)
    awaken(st, 0, "ashamnon", L.CH_AWAKEN_PATRON)
    assert st.frame()[0] == L.F_SECONDARY


def test_boreanos_plus_3_hand_limit_and_a_card_after_each_hero_activation(rules):
    """"Boreanos. Passive: Ignore Quaranavan's curse. Your journey card hand limit is
    increased by +3. After each of your hero activations, you may play a journey card before
    taking your secondary action. Playing this card is not a secondary action.\""""
    for side in (L.CH_AWAKEN_HERO, L.CH_AWAKEN_PATRON):
        st = kusan(rules)
        S = st.S
        limit = int(S[L.S_HAND_LIMIT + 0])
        awaken(st, 0, "boreanos", side)
        assert st.frame()[0] == L.F_SECONDARY                       # a chronicle action: no card
        assert int(S[L.S_HAND_LIMIT + 0]) == limit + (3 if side == L.CH_AWAKEN_HERO else 0)
        finish_turn(st)
        finish_turn(st)
        assert st.current_player() == 0
        st.choose(L.O_HERO, WARRIOR, 1)
        if side == L.CH_AWAKEN_PATRON:
            assert st.frame()[0] == L.F_SECONDARY
            continue
        kind, p, plays = st.frame()[:3]
        assert (kind, p, plays) == (L.F_PLAY, 0, 1) and st.offers(L.O_DONE)
        card = next(r[1] for r in st.options() if r[0] == L.O_CARD)
        played = int(S[stat(st, 0, "journey_played")])
        st.choose(L.O_CARD, card, 1)
        assert int(S[stat(st, 0, "journey_played")]) == played + 1
        kind, p, n = st.frame()[:3]
        assert (kind, p, n) == (L.F_SECONDARY, 0, 1)                # the secondary action is still to come
        assert st.offers(L.O_SECONDARY)


def test_eo_brings_2_angel_attacks_and_destroys_3_or_purifies_at_each_turns_start(rules):
    """"Eo. Passive: Ignore Belvadan's curse. Eo can have 2 Angel attacks. Gain 2 Angel pawns
    upon awakening Eo and place them on the top left slots. At the beginning of your turn,
    destroy up to 3 Demons OR purify the ocean area where your ship sits.\""""
    st = kusan(rules)
    S = st.S
    st.start_turn(0)
    assert st.frame()[0] == L.F_ACTION                              # without Eo: nothing at the start
    attacks = int(S[L.S_ATTACKS + 0])
    awaken(st, 0, "eo")
    assert int(S[L.S_ATTACKS + 0]) == attacks + 2
    S[L.S_MARKER + 0] = -5
    saved = S.copy()
    st.start_turn(0)
    assert st.frame()[:2] == (L.F_CHOICE, 0)
    assert {r[:2] for r in st.options()} == {(L.O_ALT, 0), (L.O_ALT, 1), (L.O_DONE, 0)}
    st.choose(L.O_ALT, 0)                                           # destroy 3
    assert demons(st, 0) == 2 and st.frame()[0] == L.F_ACTION
    S[:] = saved
    x = int(S[L.S_AREA + 0])                                        # Hall of Stone Wings: 6 Demons printed
    glory = int(S[L.S_GLORY + 0])
    st.start_turn(0)
    st.choose(L.O_ALT, 1)                                           # or purify the ship's area
    assert int(S[L.S_PURIFIED + x]) == 1 and int(S[L.S_GLORY + 0]) == glory + int(st.C[L.C_AREA_DEMONS + x])
    assert demons(st, 0) == 5                                       # not both


def once_per_game_action(rules, ident):
    """Angel `ident` held on its hero side: its action is extra crew (a worker, no secondary
    action after it), offered once in the game. Returns the state at the action's first frame
    and a function running the rest of the check."""
    st = kusan(rules)
    S = st.S
    a = hold_angel(st, 0, ident)
    st.start_turn(0)
    assert (0, a) in crew_offered(st)
    on_ship = int(S[L.S_ON_SHIP + 0])
    st.choose(L.O_CREW, 0, a)
    assert int(S[L.S_ON_SHIP + 0]) == on_ship - 1                   # a worker action
    first = st.frame()

    def rest():
        while st.frame()[0] not in (L.F_END_TURN, L.F_SECONDARY):
            take_any(st)
        assert st.frame()[0] == L.F_END_TURN                        # no secondary action after extra crew
        finish_turn(st)
        finish_turn(st)
        assert st.current_player() == 0 and (0, a) not in crew_offered(st)      # once per game
        S[L.S_ON_SHIP + 0], S[L.S_USED + 0] = 0, 1
        st.choose(L.O_RECHARGE)
        finish_turn(st)
        finish_turn(st)
        assert (0, a) not in crew_offered(st)                       # not after a recharge either
    return st, first, rest


def test_ephaston_gains_5_upgrades_once_per_game_as_extra_crew(rules):
    """"Ephaston. Passive: Ignore Hanor's curse. Once per game, you may take this action to
    gain 5 upgrades. As always, choose from any combination of nation specific and general
    upgrades." ("When you use these actions on your turn instead of the crew on your nation
    board, you cannot use a secondary action afterwards.")"""
    st, first, rest = once_per_game_action(rules, "ephaston")
    assert first[:3] == (L.F_UPGRADE, 0, 5)
    offered = {r[1] for r in st.options() if r[0] == L.O_UPGRADE}
    market = {int(u) for u in st.S[L.S_MARKET:L.S_MARKET + 3]}
    nation = {u for u in range(int(st.C[L.C_N_UPGRADES])) if st.S[L.S_ULOC + u] == L.U_HAND + 0}
    assert offered == market | nation
    n = int(st.S[L.S_N_UPGRADES + 0])
    u = next(iter(nation))
    st.choose(L.O_UPGRADE, u)                                       # a nation upgrade goes under its hero
    assert int(st.S[L.S_N_UPGRADES + 0]) == n + 1 and st.frame()[2] == 4
    rest()


def test_freyana_and_olessa_a_second_worker_on_an_occupied_hero(rules):
    """"Freyana & Olessa. Passive: Ignore Temataban's curse. Each occupied hero can be
    activated a second time with a worker (max. 2x)." ("Angel heroes can never be activated
    a second time.")"""
    st = kusan(rules)
    S = st.S
    S[L.S_HERO_WORKERS + WARRIOR] = 1
    S[L.S_ON_SHIP + 0], S[L.S_USED + 0] = 4, 1
    st.start_turn(0)
    assert not ranks_offered(st, WARRIOR)                           # occupied
    hold_angel(st, 0, "freyana_olessa")
    st.start_turn(0)
    assert ranks_offered(st, WARRIOR) == {0, 1}
    st.choose(L.O_HERO, WARRIOR, 1)
    assert int(S[L.S_HERO_WORKERS + WARRIOR]) == 2
    finish_turn(st)
    finish_turn(st)
    assert st.current_player() == 0 and not ranks_offered(st, WARRIOR)     # at most 2 workers


def test_freyana_and_olessa_2_glory_instead_of_a_morale_reward_never_a_permanent_one(rules):
    """"Whenever you boost morale you may gain 2 glory instead of the listed reward. This
    cannot replace morale rewards that give permanent bonuses like hand limit increases."

    Kusan's Scout (ASSUMED data): its first morale step moves the ship 1 area, its third is a
    permanent +1 speed."""
    st = kusan(rules)
    S = st.S
    NS = st.NS
    assert NS[0, L.NS_MORALE_PERMANENT + SCOUT * L.MAX_MORALE + 0] == 0
    assert NS[0, L.NS_MORALE_PERMANENT + SCOUT * L.MAX_MORALE + 2] == 1
    saved = S.copy()
    st.start_turn(0)
    st.push(L.F_MORALE, 0, 1)
    st.run_to_decision()
    st.choose(L.O_HERO_PICK, SCOUT)
    assert st.frame()[:3] == (L.F_MOVE, 0, 1)                       # without the Angel: the reward itself
    S[:] = saved
    hold_angel(st, 0, "freyana_olessa")
    saved = S.copy()
    glory = int(S[L.S_GLORY + 0])
    st.start_turn(0)
    st.push(L.F_MORALE, 0, 1)
    st.run_to_decision()
    st.choose(L.O_HERO_PICK, SCOUT)
    assert st.frame()[:2] == (L.F_INSTEAD, 0)
    st.choose(L.O_ALT, 1)                                           # 2 glory instead of the move
    assert int(S[L.S_GLORY + 0]) == glory + 2 and int(S[L.S_MORALE + SCOUT]) == 1
    assert st.frame()[0] == L.F_ACTION
    S[:] = saved
    S[L.S_MORALE + SCOUT] = 2                                       # the next step is the permanent +1 speed
    st.start_turn(0)
    st.push(L.F_MORALE, 0, 1)
    st.run_to_decision()
    st.choose(L.O_HERO_PICK, SCOUT)
    assert st.frame()[0] == L.F_ACTION                              # no choice offered
    assert int(S[L.S_SPEED + 0]) == 1 and int(S[L.S_GLORY + 0]) == glory


def test_hea_increases_7_ranks_once_per_game(rules):
    """"Hea. Action: Once per game, you may take this action to increase 7 ranks.\""""
    st, first, rest = once_per_game_action(rules, "hea")
    assert first[:3] == (L.F_RANK, 0, 7)
    for h in (SCOUT, SCOUT, WARRIOR, WARRIOR, WARRIOR, TREASURER, QUARTERMASTER):
        st.choose(L.O_HERO_PICK, h)
    assert [int(st.S[L.S_RANK + h]) for h in range(5)] == [3, 1, 2, 2, 4]
    assert int(st.S[stat(st, 0, "rank_increases")]) == 7
    rest()


def test_klephastion_ignores_a_demon_lords_challenge_icons(rules):
    """"Klephastion. Passive: Ignore Glondan's curse. Ignore all Demon Lord challenge icons."

    Amban's tile (ASSUMED challenge: 10 Demons and 20 coins) in deed area 1 (Bay of Broken
    Oaths, next to Kusan's ship); Kusan has no coins."""
    for klephastion in (False, True):
        st = kusan(rules)
        S = st.S
        put_in_deed_area(st, 1, lord="Amban")
        bay = deed_area(st, 1)
        S[L.S_PURIFIED + bay] = 2                                   # its printed Demons covered
        S[L.S_COINS + 0] = 0
        if klephastion:
            hold_angel(st, 0, "klephastion")
        st.start_turn(0)
        st.choose(L.O_HERO, SCOUT, 1)
        assert (bay in areas_offered(st)) == klephastion
        if klephastion:
            st.choose(L.O_AREA, bay)
            assert int(S[L.S_AREA + 0]) == bay and demons(st, 0) == 0 and int(S[L.S_COINS + 0]) == 0


def test_klephastion_defeats_a_lord_with_10_power_and_a_blessing_token(rules):
    """"You may spend 10 power and 1 blessing token instead of an Angel attack to defeat a
    Demon Lord. This does not modify any challenges.\""""
    for klephastion, pw, tokens, offered in ((False, 10, 1, False), (True, 9, 1, False), (True, 10, 0, False),
                                              (True, 10, 1, True)):
        st = kusan(rules)
        S = st.S
        k = put_in_deed_area(st, 1, lord="Amban")
        ready(st, 9, 22)                                            # the ship in the Lord's area
        quiet_chronicle(st)
        if klephastion:
            hold_angel(st, 0, "klephastion")
            S[L.S_ATTACKS + 0] = 0                                  # its own Angel attack used
        S[L.S_MARKER + 0], S[L.S_BLESSINGS + 0] = pw, tokens
        st.start_turn(0)
        assert st.offers(L.O_CHRONICLE, L.CH_LORD, k) == offered
        if offered:
            st.choose(L.O_CHRONICLE, L.CH_LORD, k)
            assert power(st, 0) == 0 and int(S[L.S_BLESSINGS + 0]) == 0
            assert int(S[L.S_LORD + k]) == L.LS_DEFEATED and int(S[L.S_DEED_AT + 1]) == -1
            assert int(S[stat(st, 0, "lords_defeated")]) == 1


def test_klephastion_may_pay_power_and_a_token_while_holding_an_angel_attack(rules):
    """"You *may* spend 10 power and 1 blessing token instead of an Angel attack to defeat a
    Demon Lord" - a choice also for a player who still has an Angel attack (to keep it for
    another Lord)."""
    st = kusan(rules)
    S = st.S
    k = put_in_deed_area(st, 1, lord="Amban")
    ready(st, 9, 22)
    quiet_chronicle(st)
    hold_angel(st, 0, "klephastion")                                # its Angel attack ready
    S[L.S_MARKER + 0], S[L.S_BLESSINGS + 0] = 10, 1
    st.start_turn(0)
    assert len([r for r in st.options() if r[:3] == (L.O_CHRONICLE, L.CH_LORD, k)]) == 2


def test_neasta_gains_5_power_at_the_start_of_each_turn(rules):
    """"Neasta. Passive: At the beginning of each of your turns, gain 5 power." (Power first
    removes Demons.)"""
    st = kusan(rules)
    S = st.S
    S[L.S_MARKER + 0] = -3
    st.start_turn(0)
    assert demons(st, 0) == 3
    hold_angel(st, 0, "neasta")
    st.start_turn(0)
    assert power(st, 0) == 2 and st.frame()[0] == L.F_ACTION
    st.start_turn(0)                                                # each turn
    assert power(st, 0) == 7


def test_ohamnon_heroes_cost_no_coins(rules):
    """"Ohamnon. Passive: Ignore Amban's curse. Heroes no longer cost any coins to activate.
    You still have to pay for challenges, upgrades, etc. This has no effect on the Treasurer."

    Kusan's Scout at rank 3 (ASSUMED costs: rank 2 10 coins, rank 3 20 coins); no coins."""
    st = kusan(rules)
    S = st.S
    S[L.S_RANK + SCOUT] = 3
    S[L.S_COINS + 0] = 0
    st.start_turn(0)
    assert ranks_offered(st, SCOUT) == {0, 1}
    hold_angel(st, 0, "ohamnon")
    st.start_turn(0)
    assert ranks_offered(st, SCOUT) == {0, 1, 2, 3}
    assert not st.offers(L.O_BUY)                                   # upgrades still cost coins
    st.choose(L.O_HERO, SCOUT, 3)
    assert int(S[L.S_COINS + 0]) == 0 and st.frame()[:3] == (L.F_MOVE, 0, 2 + 1 + 1)


def test_omeston_boosts_6_morale_once_per_game(rules):
    """"Omeston. Action: Once per game, you may take this action to gain 6 morale boosts.\""""
    st, first, rest = once_per_game_action(rules, "omeston")
    assert first[:3] == (L.F_MORALE, 0, 6)
    for _ in range(6):
        st.choose(L.O_HERO_PICK, WARRIOR)
        while st.frame()[0] != L.F_MORALE and st.frame()[0] not in (L.F_END_TURN, L.F_SECONDARY):
            take_any(st)
        if int(st.S[L.S_MORALE + WARRIOR]) == st.NS[0, L.NS_N_MORALE + WARRIOR]:
            break
    assert int(st.S[stat(st, 0, "morale_boosts")]) == 4             # the Warrior's track is full ...
    while st.frame()[0] == L.F_MORALE:
        st.choose(L.O_HERO_PICK, TREASURER)                         # ... the rest elsewhere
        while st.frame()[0] not in (L.F_MORALE, L.F_END_TURN, L.F_SECONDARY):
            take_any(st)
    assert int(st.S[stat(st, 0, "morale_boosts")]) == 6
    rest()


def test_questor_2_shields_and_2_fewer_demons_from_each_source(rules):
    """"Questor. Passive: Ignore Betaun's curse. Gain 2 shields. From now on, you gain 2 less
    Demons from any source." ("Gain shields (X): ... When you would gain Demons, reduce the
    number you gain by the number of shield tokens you have. Reduce the number from each
    individual source, not the total.")"""
    st = kusan(rules)
    S = st.S
    supply = int(S[L.S_SUPPLY_SHIELDS])
    awaken(st, 0, "questor")
    assert int(S[L.S_SHIELDS + 0]) == 2 and int(S[L.S_SUPPLY_SHIELDS]) == supply - 2
    S[L.S_MARKER + 0] = S[L.S_MARKER + 1] = 0
    st.push_program(1, "demon_lords.lord[Betaun].challenge")        # 15 Demons
    st.push_program(0, "demon_lords.lord[Betaun].challenge")
    st.push_program(0, "journey.card[j04].cost")                    # 4 Demons
    st.run_to_decision()
    assert demons(st, 0) == (15 - 2 - 2) + 0                        # Questor's 2 and 2 shields, per source
    assert demons(st, 1) == 15
    S[L.S_SHIELDS + 0] = 0
    S[L.S_MARKER + 0] = 0
    st.push_program(0, "journey.card[j04].cost")
    st.run_to_decision()
    assert demons(st, 0) == 2                                       # Questor alone


IGNORING = [(a["id"], a["ignores_curse"]) for a in load_rules().config["angels"]["angel"] if "ignores_curse" in a]


@pytest.mark.parametrize("ident,lord_id", IGNORING)
def test_an_angels_hero_side_ignores_its_lords_curse(rules, ident, lord_id):
    """"Passive: Ignore X's curse." (Alva: Ragador, Anthea: Remoran, Boreanos: Quaranavan, Eo:
    Belvadan, Ephaston: Hanor, Freyana & Olessa: Temataban, Klephastion: Glondan, Ohamnon:
    Amban, Questor: Betaun.) The holder ignores it; every other player does not, nor the holder
    of the same Angel as a patron (who chooses a curse at the start of each turn instead)."""
    st = kusan(rules)
    (k,) = set_curses(st, lord_id)
    curse = int(st.C[L.C_L_CURSE + k])
    assert L.CURSES[curse].split("_")[1] in lord_id.lower().replace("â", "a")
    assert binds(st, 0, curse) and binds(st, 1, curse)
    saved = st.S.copy()
    hold_angel(st, 0, ident)
    assert not binds(st, 0, curse) and binds(st, 1, curse)
    st.S[:] = saved
    st.S[L.S_ANGEL + angel(st, ident)] = L.ANG_PATRON + 0
    st.S[L.S_ANGELS_PATRON + 0] = 1
    assert binds(st, 0, curse)


def test_the_patron_side_15_glory_and_one_curse_ignored_chosen_each_turn(rules):
    """"Patron: Flip your Angel card over and gain 15 glory. You do not gain any rewards from
    the front side of the card and the Angel pawn is returned to the general supply. From now
    on you ignore 1 Demon Lord curse. You may choose which one you ignore at the start of each
    of your turns." ("Some effects allow you to ignore Demon Lord curses. If you can, when you
    are the active player, you may choose any curse in play and place a nation marker of
    yours on it. This indicates that you ignore this curse. At the start of each turn you may
    move the marker to another curse.")"""
    st = kusan(rules)
    S = st.S
    sech, amban = set_curses(st, "Sechator", "Amban")
    glory = glory_from(st, 0, L.GF_ANGEL)
    attacks = int(S[L.S_ATTACKS + 0])
    a = awaken(st, 0, "neasta", L.CH_AWAKEN_PATRON)
    assert glory_from(st, 0, L.GF_ANGEL) == glory + 15
    assert int(S[L.S_ATTACKS + 0]) == attacks and int(S[L.S_ANGEL + a]) == L.ANG_PATRON + 0
    assert not st.S[L.S_PASSIVE + 0] & (1 << L.PF_NEASTA)           # no front side
    finish_turn(st)
    finish_turn(st)
    assert st.current_player() == 0 and st.frame()[:3] == (L.F_MARK_CURSE, 0, -1)
    assert {r[1] for r in st.options() if r[0] == L.O_CURSE} == {sech, amban}
    st.choose(L.O_CURSE, sech)
    assert st.frame()[0] == L.F_ACTION                              # one curse only
    assert not binds(st, 0, L.K_SECHATOR) and binds(st, 0, L.K_AMBAN) and binds(st, 1, L.K_SECHATOR)
    S[L.S_COINS + 0] = S[L.S_COINS + 1] = 10
    for p in (0, 1):
        st.push_program(p, "journey.card[j04].cost")                # 4 Demons
    st.run_to_decision()
    assert int(S[L.S_COINS + 0]) == 10 and int(S[L.S_COINS + 1]) == 2
    finish_turn(st)
    assert not binds(st, 0, L.K_SECHATOR)                           # kept through the others' turns
    finish_turn(st)
    assert st.current_player() == 0
    st.choose(L.O_CURSE, amban)                                     # moved to another curse
    assert binds(st, 0, L.K_SECHATOR) and not binds(st, 0, L.K_AMBAN)


def test_the_patrons_curse_stays_ignored_until_another_is_chosen(rules):
    """"You ignore it until you choose another one." ("At the start of each turn you *may*
    move the marker to another curse.")"""
    st = kusan(rules)
    sech, _ = set_curses(st, "Sechator", "Amban")
    awaken(st, 0, "neasta", L.CH_AWAKEN_PATRON)
    finish_turn(st)
    finish_turn(st)
    st.choose(L.O_CURSE, sech)
    finish_turn(st)
    finish_turn(st)
    assert st.current_player() == 0 and st.frame()[0] == L.F_MARK_CURSE
    st.choose(L.O_DONE)                                             # the marker is not moved
    assert not binds(st, 0, L.K_SECHATOR)


# ================================================================ Demon Lords' curses
def spawn(st, p, ident, d=5, clear=True):
    """`ident` spawns on deed area d (no ship there) during p's turn, its curse entering play
    (each player's mark asked first where the curse has one)."""
    next_spawn(st, ident, d, clear)
    st.push(L.F_SPAWN, p)
    return st.run_to_decision()


def test_amban_coins_received_only_up_to_30_more_already_held_kept(rules):
    """"Amban - Marauding Hordes: Players can only receive coins until they have a total of
    30. If they have more than 30 when Amban spawns, they keep their coins.\""""
    st = kusan(rules)
    S = st.S
    S[L.S_COINS + 0], S[L.S_COINS + 1] = 25, 40
    saved = S.copy()
    st.start_turn(0)
    st.choose(L.O_HERO, TREASURER, 1)                               # 10 coins
    assert int(S[L.S_COINS + 0]) == 35                              # without the curse
    S[:] = saved
    st.start_turn(0)
    spawn(st, 0, "Amban")
    assert curses_in_play(st) == ["Amban"] and int(S[L.S_COINS + 1]) == 40     # kept
    st.choose(L.O_HERO, TREASURER, 1)
    assert int(S[L.S_COINS + 0]) == 30
    st.push_program(1, "deeds.deed[defend_home_against_the_hordes].rewards")   # 30 coins (and 2 upgrades)
    st.run_to_decision()
    assert int(S[L.S_COINS + 1]) == 40
    S[:] = saved
    set_curses(st, "Amban")
    hold_angel(st, 0, "ohamnon")                                    # Ohamnon ignores Amban's curse
    st.start_turn(0)
    st.choose(L.O_HERO, TREASURER, 1)
    assert int(S[L.S_COINS + 0]) == 35


def test_amban_caps_coins_paid_by_another_player(rules):
    """"Players can only receive coins until they have a total of 30." - also the coins another
    player pays them ("costs that directly go to the player with the least glory (like Jacub
    van Luwenburgh's upgrade)"; Jacub's Patronage, kusan_u4, ASSUMED: 10 coins to the least
    glory, a rank and 1 glory after the Treasurer's activation)."""
    for curse in (False, True):
        st = kusan(rules)
        S = st.S
        give_upgrade(st, 0, "kusan_u4", TREASURER)
        if curse:
            set_curses(st, "Amban")
        S[L.S_GLORY + 0], S[L.S_GLORY + 1] = 10, 0                  # The Guild has the least glory
        S[L.S_COINS + 0], S[L.S_COINS + 1] = 20, 30
        st.start_turn(0)
        st.choose(L.O_HERO, TREASURER, 1)
        while st.frame()[0] != L.F_SECONDARY:
            take_any(st)
        assert int(S[L.S_COINS + 1]) == (30 if curse else 40)


def test_belvadan_no_area_can_be_purified(rules):
    """"Belvadan - Maelstrom to the Deep: Ocean areas cannot be purified." ("Purify an area:
    Use a nation token to cover up the printed Demon total in the area where your ship pawn is
    located. Gain glory equal to the Demon amount.") Eo ignores Belvadan's curse.

    The purify symbol of the upgrade Lookout (u34, ASSUMED data) and Belvadan's own reward
    "purify an adjacent area" (ASSUMED data)."""
    for case in ("no curse", "curse", "Eo"):
        st = kusan(rules)
        S = st.S
        ready(st, 8, 22)                                            # Ashen Strait: 3 Demons printed
        ash = area(st, 8)
        if case != "no curse":
            set_curses(st, "Belvadan")
        if case == "Eo":
            hold_angel(st, 0, "eo")
        glory = int(S[L.S_GLORY + 0])
        st.start_turn(0)
        while st.frame()[0] == L.F_CHOICE:                          # (Eo's own start of turn: not now)
            st.choose(L.O_DONE)
        st.push_program(0, "upgrades.card[u34].actions")            # purify
        st.run_to_decision()
        purified = case != "curse"
        assert (int(S[L.S_PURIFIED + ash]) == 1) == purified
        assert int(S[L.S_GLORY + 0]) == glory + (3 if purified else 0)
        st.push_program(0, "demon_lords.lord[Belvadan].rewards")    # purify an adjacent area, boost 2 morale
        st.run_to_decision()
        if st.frame()[0] == L.F_PURIFY_ADJ:
            st.choose(L.O_AREA, area(st, 2))                        # Gate of Whispers: 5 Demons printed
        assert (int(S[L.S_PURIFIED + area(st, 2)]) == 1) == purified


def test_betaun_every_player_gains_4_demons_after_each_chronicle_action(rules):
    """"Betaun - Demonic Legions: Every time a player has completed a chronicle action, each
    player gains 4 Demons. This includes the active player." Questor ignores Betaun's curse."""
    for case in ("no curse", "curse", "Questor"):
        st = kusan(rules)
        S = st.S
        if case != "no curse":
            set_curses(st, "Betaun")
        if case == "Questor":
            hold_angel(st, 1, "questor")
            S[L.S_SHIELDS + 1] = 0
        awaken(st, 0, "neasta", L.CH_AWAKEN_PATRON)
        while st.frame()[0] == L.F_MARK_CURSE:                      # (the new patron's pick comes next turn)
            take_any(st)
        assert demons(st, 0) == (0 if case == "no curse" else 4)
        assert demons(st, 1) == (4 if case == "curse" else 0)


def test_demor_each_player_marks_a_secondary_action_blocked_while_the_curse_is_in_play(rules):
    """"Demor - Hostile Sea: Each player marks one of their secondary actions. This action
    cannot be taken as long as this curse is in play. The chosen secondary action is
    completely blocked from use ..." ("[Curses] are removed once the corresponding Demon Lord
    has been defeated as part of the chronicle action.")

    Kusan's secondary actions (ASSUMED data): 0 coins, 1 power, 2 draw, 3 move 1."""
    st = kusan(rules)
    S = st.S
    st.start_turn(0)
    spawn(st, 0, "Demor")
    k = lord(st, "Demor")
    for p in (0, 1):                                                # every player, the active first
        assert st.frame()[:3] == (L.F_MARK_CURSE, p, L.K_DEMOR)
        assert {r[1] for r in st.options() if r[0] == L.O_SECONDARY} == {0, 1, 2, 3}
        st.choose(L.O_SECONDARY, 0)
    assert [int(S[L.S_BLOCKED_SECONDARY + p]) for p in (0, 1)] == [0, 0]
    st.choose(L.O_HERO, WARRIOR, 1)
    assert st.frame()[0] == L.F_SECONDARY
    assert {r[1] for r in st.options() if r[0] == L.O_SECONDARY} == {1, 2, 3}
    st.choose(L.O_SECONDARY, 2)
    finish_turn(st)
    finish_turn(st)
    # Kusan defeats Demor: the curse goes, the marked action is free again
    ready(st, st.content.areas[deed_area(st, 5)], 22)
    S[L.S_ATTACKS + 0] = 1
    quiet_chronicle(st)
    st.start_turn(0)
    st.choose(L.O_CHRONICLE, L.CH_LORD, k)
    assert curses_in_play(st) == [] and int(S[L.S_BLOCKED_SECONDARY + 0]) == -1
    while st.frame()[0] != L.F_SECONDARY:                           # (Demor's reward: ranks)
        take_any(st)
    assert 0 in {r[1] for r in st.options() if r[0] == L.O_SECONDARY}


def test_glondan_7_power_more_to_accomplish_a_deed(rules):
    """"Glondan - To End all Wars: Each player needs to additionally pay 7 power to accomplish
    epic deeds. This must be paid at the beginning of the chronicle action and does not count
    as an additional challenge." Klephastion ignores Glondan's curse.

    Cross the Virgin Gate (its challenge paid when the ship entered) in deed area 1."""
    for case, pw, offered, left in (("no curse", 0, True, 0), ("curse", 6, False, 6), ("curse", 7, True, 0),
                                    ("Klephastion", 0, True, 0), ("Klephastion", 7, True, 7)):
        st = kusan(rules)
        S = st.S
        if case != "no curse":
            set_curses(st, "Glondan")
        if case == "Klephastion":
            hold_angel(st, 0, "klephastion")
        k = at_deed(st, 0, "cross_the_virgin_gate")
        S[L.S_MARKER + 0] = pw
        st.start_turn(0)
        assert st.offers(L.O_CHRONICLE, L.CH_DEED, k) == offered, (case, pw)
        if offered:
            st.choose(L.O_CHRONICLE, L.CH_DEED, k)
            assert power(st, 0) == left and int(S[L.S_DEED + k]) == L.DS_DONE
            assert st.frame()[:3] == (L.F_RANK, 0, 3)               # the deed's reward: 3 ranks


def test_hanor_no_upgrade_gained_by_symbol_or_bought_existing_ones_still_work(rules):
    """"Hanor - Sabotaging Servants: Players cannot gain upgrades, neither via action symbols
    nor coins. Existing upgrades can still be used." Ephaston ignores Hanor's curse.

    Under Kusan's Warrior (3 power at rank 1): the upgrade Battle Drill (u25, ASSUMED: 2 power
    after each activation)."""
    for case in ("no curse", "curse", "Ephaston"):
        st = kusan(rules)
        S = st.S
        give_upgrade(st, 0, "u25", WARRIOR)
        if case != "no curse":
            set_curses(st, "Hanor")
        if case == "Ephaston":
            hold_angel(st, 0, "ephaston")
        S[L.S_COINS + 0] = 100
        blocked = case == "curse"
        st.start_turn(0)
        assert st.offers(L.O_BUY) != blocked
        st.push_program(0, "deeds.deed[defend_home_against_the_hordes].rewards")   # 30 coins, 2 upgrades
        st.run_to_decision()
        assert (st.frame()[:3] == (L.F_UPGRADE, 0, 2)) != blocked
        st.start_turn(0)
        st.choose(L.O_HERO, WARRIOR, 1)
        assert power(st, 0) == 3 + 2                                # the upgrade in play works


def test_mearon_no_area_rewards_but_blessing_tokens(rules):
    """"Meâron - Preyed Upon: Players cannot gain rewards from ocean areas (neither regular
    ones nor once per game ones) except blessing tokens.\""""
    for curse in (False, True):
        st = kusan(rules)
        S = st.S
        no_damage(st, 0)
        if curse:
            set_curses(st, "Mearon")
        hand = int(S[L.S_N_HAND + 0])
        st.start_turn(0)
        st.choose(L.O_HERO, SCOUT, 1)
        st.choose(L.O_AREA, area(st, 22))                           # Amber Coast: 1 Demon, draw 1
        assert int(S[L.S_N_HAND + 0]) == hand + (0 if curse else 1)
        assert demons(st, 0) == 1                                   # the Demons still come
        st.choose(L.O_AREA, area(st, 36))                           # a blessing corner
        assert int(S[L.S_BLESSINGS + 0]) == 1                       # the token still comes ...
        assert (st.frame()[0] == L.F_CORNER) != curse               # ... its border reward not


def test_quaranavan_no_journey_card_played_triggered_cards_in_play_still_usable(rules):
    """"Quaranavan - Unfortunate Signs: Journey cards cannot be played. Triggered cards may
    still be activated if they have already been played before Quaranavan came into play."
    Boreanos ignores Quaranavan's curse.

    Kusan's Quartermaster (draw 2, play 1 at rank 1, ASSUMED data); Lucky Coin (j57, ASSUMED:
    triggered on one's own turn) played before the curse."""
    for case in ("no curse", "curse", "Boreanos"):
        st = kusan(rules)
        S = st.S
        j = waiting(st, 0, "j57")
        if case != "no curse":
            set_curses(st, "Quaranavan")
        if case == "Boreanos":
            hold_angel(st, 0, "boreanos")
        st.start_turn(0)
        assert st.offers(L.O_TRIGGER, j)                            # the triggered card: always
        st.choose(L.O_HERO, QUARTERMASTER, 1)
        assert (st.frame()[:3] == (L.F_PLAY, 0, 1)) == (case != "curse")
        if case == "curse":
            assert st.frame()[0] == L.F_SECONDARY


def test_ragador_at_most_2_areas_per_turn_for_each_ship(rules):
    """"Ragador - What Sleeps Forever...: Ships cannot move further than 2 ocean areas per
    turn, even if the movements come from different sources. This applies to each ship
    (Kwanan may move their ship 2 areas and their Kraken 2 areas). Players may still spend
    more than 2 speed to accomplish challenges (e.g. The Maelstrom, Pass the Black Rock).\""""
    for curse in (False, True):
        st = kusan(rules)
        S = st.S
        no_damage(st, 0)
        S[L.S_SPEED + 0] = 2                                        # the Scout's move 2: 4 areas
        if curse:
            set_curses(st, "Ragador")
        st.start_turn(0)
        st.choose(L.O_HERO, SCOUT, 1)
        assert st.frame()[2] == 4
        st.choose(L.O_AREA, area(st, 22))
        st.choose(L.O_AREA, area(st, 23))
        if not curse:
            assert st.frame()[:3] == (L.F_MOVE, 0, 2) and area(st, 24) in areas_offered(st)
            continue
        assert st.frame()[0] == L.F_SECONDARY                       # the move ends after 2 areas
        st.choose(L.O_SECONDARY, 3)                                 # move 1: another source, same turn
        assert int(S[L.S_AREA + 0]) == area(st, 23) and st.frame()[0] == L.F_END_TURN
    # the speed still counts in full for a challenge: Cross the Golden Cape needs speed 4
    st = kusan(rules)
    S = st.S
    no_damage(st, 0)
    S[L.S_SPEED + 0] = 2
    set_curses(st, "Ragador")
    put_in_deed_area(st, 1, deed="cross_the_golden_cape")
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    assert deed_area(st, 1) in areas_offered(st)
    # Kwanan: the ship 2 areas, then the Kraken 2 areas (its symbol: a secondary action)
    st = new(rules, "kwanan", "guild")
    ready(st, 21, 22)
    S = st.S
    no_damage(st, 0)
    S[L.S_KRAKEN + 0] = area(st, 21)
    S[L.S_SPEED + 0] = 2
    set_curses(st, "Ragador")
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    st.choose(L.O_AREA, area(st, 22))
    st.choose(L.O_AREA, area(st, 23))
    while st.frame()[0] != L.F_SECONDARY:
        take_any(st)
    st.choose(L.O_SECONDARY, 2)                                     # Kwanan's "kraken" secondary (ASSUMED data)
    st.choose(L.O_KRAKEN_MOVE)
    assert st.frame()[:3] == (L.F_MOVE, 0, 2)
    st.choose(L.O_AREA, area(st, 20))
    st.choose(L.O_AREA, area(st, 35))
    assert int(S[L.S_KRAKEN + 0]) == area(st, 35) and int(S[L.S_AREA + 0]) == area(st, 23)
    st.push_program(0, "nations.kwanan.secondary[2].actions")        # a third Kraken area: no
    st.run_to_decision()
    if st.frame()[0] == L.F_KRAKEN_CHOICE:
        st.choose(L.O_KRAKEN_MOVE)
    assert int(S[L.S_KRAKEN + 0]) == area(st, 35) and st.frame()[0] != L.F_MOVE


def test_remoran_angels_lords_and_deeds_give_5_less_glory_not_the_chronicle_track(rules):
    """"Remoran - Toxic Secretion: Angels, Demon Lords and epic deeds give 5 less glory. This
    does not reduce glory gained from the chronicle track. In addition, you don't lose glory
    this way, e.g. you don't have to pay glory to awaken Ephaston." Anthea ignores Remoran's
    curse.

    Glory (ASSUMED data): a patron 15, Hea's hero side 8, Ephaston's 0, Cross the Virgin Gate
    5, Amban 12; the quiet chronicle slot 3."""
    def angel_glory(curse, anthea, ident, side):
        st = kusan(rules)
        if curse:
            set_curses(st, "Remoran")
        if anthea:
            hold_angel(st, 0, "anthea")
        st.S[L.S_GLORY + 0] = 20
        awaken(st, 0, ident, side)
        while st.frame()[0] != L.F_SECONDARY:
            take_any(st)
        return glory_from(st, 0, L.GF_ANGEL), glory_from(st, 0, L.GF_CHRONICLE), int(st.S[L.S_GLORY + 0])

    assert angel_glory(False, False, "neasta", L.CH_AWAKEN_PATRON) == (15, 3, 20 + 15 + 3)
    assert angel_glory(True, False, "neasta", L.CH_AWAKEN_PATRON) == (10, 3, 20 + 10 + 3)
    assert angel_glory(True, True, "neasta", L.CH_AWAKEN_PATRON) == (15, 3, 20 + 15 + 3)
    assert angel_glory(True, False, "hea", L.CH_AWAKEN_HERO) == (3, 3, 20 + 3 + 3)
    assert angel_glory(True, False, "ephaston", L.CH_AWAKEN_HERO) == (0, 3, 20 + 3)   # no glory paid
    gate = next(d["glory"] for d in rules.config["deeds"]["deed"] if d["id"] == "cross_the_virgin_gate")
    for curse in (False, True):
        st = kusan(rules)
        if curse:
            set_curses(st, "Remoran")
        accomplish(st, 0, "cross_the_virgin_gate")
        assert glory_from(st, 0, L.GF_DEED) == max(0, gate - 5 if curse else gate)
        st = kusan(rules)
        if curse:
            set_curses(st, "Remoran")
        k = put_in_deed_area(st, 1, lord="Amban")
        ready(st, 9, 22)
        quiet_chronicle(st)
        st.S[L.S_ATTACKS + 0] = 1
        st.start_turn(0)
        st.choose(L.O_CHRONICLE, L.CH_LORD, k)
        assert glory_from(st, 0, L.GF_LORD) == (7 if curse else 12)


def test_sechator_2_coins_lost_per_demon_received(rules):
    """"Sechator - Fear Itself: Each player loses 2 coins for every Demon they receive. If they
    cannot lose any more coins, they still gain the Demons.\""""
    for curse, coins, shields, got, left in ((False, 10, 0, 4, 10), (True, 10, 0, 4, 2), (True, 3, 0, 4, 0),
                                             (True, 10, 1, 3, 4)):
        st = kusan(rules)
        S = st.S
        if curse:
            set_curses(st, "Sechator")
        S[L.S_COINS + 0], S[L.S_SHIELDS + 0] = coins, shields
        st.start_turn(0)
        st.push_program(0, "journey.card[j04].cost")                # 4 Demons
        st.run_to_decision()
        assert (demons(st, 0), int(S[L.S_COINS + 0])) == (got, left)    # a shield: 3 received, 6 coins


def test_temataban_each_player_marks_a_hero_whose_action_cannot_be_taken(rules):
    """"Temataban - Ancient Terror: Each player marks one of their heroes (except Scout). This
    hero's action cannot be taken as long as this curse is in play. Their passive upgrades can
    still be used, and you may boost their morale and increase their ranks." Freyana & Olessa
    ignore Temataban's curse.

    The kernel offers the marked hero at "rank 0" only: the worker placed, the hero's action
    skipped, its upgrades used (Battle Drill, u25, ASSUMED: 2 power)."""
    st = kusan(rules)
    S = st.S
    give_upgrade(st, 0, "u25", WARRIOR)
    st.start_turn(0)
    spawn(st, 0, "Temataban")
    for p in (0, 1):
        assert st.frame()[:3] == (L.F_MARK_CURSE, p, L.K_TEMATABAN)
        assert {r[1] for r in st.options() if r[0] == L.O_HERO_PICK} == {FIRST_OFFICER, QUARTERMASTER, TREASURER,
                                                                          WARRIOR}      # not the Scout
        st.choose(L.O_HERO_PICK, WARRIOR)
    assert st.frame()[0] == L.F_ACTION
    assert ranks_offered(st, WARRIOR) == {0} and ranks_offered(st, TREASURER) == {0, 1}
    saved = S.copy()
    st.choose(L.O_HERO, WARRIOR, 0)
    assert power(st, 0) == 2                                        # the upgrade, not the 3 power
    assert st.frame()[0] == L.F_SECONDARY
    S[:] = saved
    st.push(L.F_MORALE, 0, 1)
    st.push(L.F_RANK, 0, 1)
    st.run_to_decision()
    assert st.offers(L.O_HERO_PICK, WARRIOR)                        # its ranks ...
    st.choose(L.O_HERO_PICK, WARRIOR)
    assert st.offers(L.O_HERO_PICK, WARRIOR)                        # ... and morale
    S[:] = saved
    hold_angel(st, 0, "freyana_olessa")
    st.start_turn(0)
    assert ranks_offered(st, WARRIOR) == {0, 1}


def test_temataban_may_mark_an_extra_crew_member_not_an_angel(rules):
    """"You may choose extra crew members, but not Angels.\""""
    st = kusan(rules)
    give_trophy(st, 0, "expedition_hero")
    hold_angel(st, 0, "hea")
    st.start_turn(0)
    spawn(st, 0, "Temataban")
    assert st.frame()[:3] == (L.F_MARK_CURSE, 0, L.K_TEMATABAN)
    assert len(st.options()) == 4 + 1                               # First Officer to Warrior, the Expedition


def test_at_most_3_lord_curses_the_oldest_leaves_its_lord_stays(rules):
    """"If there are already 3 curses, remove the oldest curse, but leave its Demon Lord on the
    board. There can only ever be 3 Demon Lord curses in play." The oldest is Demor's: its
    marks go with it (the secondary action is free again) while the tile stays."""
    st = kusan(rules)
    S = st.S
    st.start_turn(0)
    spawn(st, 0, "Demor", d=4)
    st.choose(L.O_SECONDARY, 0)
    st.choose(L.O_SECONDARY, 0)
    set_curses(st, "Demor", "Hanor", "Sechator")
    demor = lord(st, "Demor")
    assert int(S[L.S_DEED_AT + 4]) == L.LORD + demor
    spawn(st, 0, "Amban", d=2)
    assert curses_in_play(st) == ["Hanor", "Sechator", "Amban"]
    assert int(S[L.S_LORD + demor]) == L.LS_BOARD and int(S[L.S_DEED_AT + 4]) == L.LORD + demor
    assert not binds(st, 0, L.K_DEMOR) and int(S[L.S_BLOCKED_SECONDARY + 0]) == -1
    st.choose(L.O_HERO, WARRIOR, 1)
    assert 0 in {r[1] for r in st.options() if r[0] == L.O_SECONDARY}


# ================================================================ Epic deeds and trophies
def test_a_deeds_curse_binds_everyone_is_not_one_of_the_3_and_goes_when_accomplished(rules):
    """CURSE: "These curses work much like curses from Demon Lords. They are in effect the
    moment the deed sits on the board and affect all players. Place those trophy cards next to
    the Demon Lord curses. Curses from epic deeds do not count towards the max. 3 Demon Lord
    curses in play ... They are only removed when the epic deed has been accomplished."

    Purge the Demon Maw (ASSUMED data: a level III deed, its curse 1 more Demon from every area
    with Demons)."""
    st = kusan(rules)
    put_in_deed_area(st, 1, deed="purge_the_demon_maw")
    set_curses(st, "Sechator", "Amban", "Hanor")
    assert all(binds(st, p, k) for p in (0, 1) for k in (L.K_DEMON_MAW, L.K_SECHATOR, L.K_AMBAN, L.K_HANOR))
    accomplish(st, 0, "purge_the_demon_maw")
    assert not binds(st, 0, L.K_DEMON_MAW) and not binds(st, 1, L.K_DEMON_MAW)
    assert curses_in_play(st) == ["Sechator", "Amban", "Hanor"]


def test_a_deeds_curse_stays_when_a_lord_spawns_on_its_deed(rules):
    """"Curses from epic deeds ... are not removed if their corresponding epic deed is removed
    by a Demon Lord. They are only removed when the epic deed has been accomplished.\""""
    st = kusan(rules)
    k = put_in_deed_area(st, 2, deed="purge_the_demon_maw")
    set_curses(st)
    assert binds(st, 0, L.K_DEMON_MAW)
    st.start_turn(0)
    spawn(st, 0, "Amban", d=2, clear=False)
    assert int(st.S[L.S_DEED + k]) == L.DS_REMOVED
    assert binds(st, 0, L.K_DEMON_MAW) and binds(st, 1, L.K_DEMON_MAW)


def test_inspire_the_resistance_discards_a_curse_its_lord_stays(rules):
    """"Inspire the Resistance. Challenge: Discard 1 blessing token and lose 6 power. Reward:
    Discard 1 Demon Lord curse currently in play. This triggers no chronicle action and the
    Demon Lord tile stays in play, too. To remove it, the Demon Lord has to be defeated.\""""
    st = kusan(rules)
    S = st.S
    sech, hanor = set_curses(st, "Sechator", "Hanor")
    entries = int(S[L.S_ENTRIES + 0])
    k = accomplish(st, 0, "inspire_the_resistance")
    assert int(S[L.S_DEED + k]) == L.DS_DONE
    assert st.frame()[:2] == (L.F_MARK_CURSE, 0)
    assert {r[1] for r in st.options() if r[0] == L.O_CURSE} == {sech, hanor}
    st.choose(L.O_CURSE, hanor)
    assert curses_in_play(st) == ["Sechator"]
    assert not binds(st, 0, L.K_HANOR) and not binds(st, 1, L.K_HANOR)    # gone for everyone
    assert int(S[L.S_LORD + hanor]) == L.LS_BOARD                   # the tile stays
    assert any(int(S[L.S_DEED_AT + d]) == L.LORD + hanor for d in range(1, 6))
    while st.frame()[0] != L.F_SECONDARY:
        take_any(st)
    assert int(S[L.S_ENTRIES + 0]) == entries + 1                   # the deed's entry alone


def test_inspire_the_resistance_may_discard_a_curse_the_player_ignores(rules):
    """"Discard 1 Demon Lord curse currently in play." - any of them, also one the player's
    patron lets them ignore (the others are still cursed by it)."""
    st = kusan(rules)
    sech, hanor = set_curses(st, "Sechator", "Hanor")
    st.S[L.S_ANGELS_PATRON + 0] = 1
    st.S[L.S_IGNORED + 0] = 1 << hanor
    at_deed(st, 0, "inspire_the_resistance")
    st.start_turn(0)
    st.choose(L.O_CURSE, hanor)                                     # the patron keeps ignoring Hanor
    st.choose(L.O_CHRONICLE, L.CH_DEED, st.content.deeds.index("inspire_the_resistance"))
    assert {r[1] for r in st.options() if r[0] == L.O_CURSE} == {sech, hanor}


def test_a_ship_trophy_replaces_the_ship(rules):
    """"SHIP: They replace your current ship card. Transfer all coins from your current ship to
    the new one. Transfer all upgrades from your old ship, too, but don't trigger them. Remove
    your old ship from the game. Place the new ship next to your nation board and adjust the
    max number of workers accordingly (if necessary). ... Finally, consider the new ship's
    abilities." ("Cross the Golden Cape ... Trophy: This ship gives +1 speed when sailing.")

    The Golden Cape ship (ASSUMED data): 5 workers, as the nations' ships (a trophy must not take
    a worker away); slot rewards upgrade / rank, 10 coins, morale, draw, 2 glory. Kusan's own
    ship: 5 workers, its rightmost slot "play 1 journey card", the next 20 coins."""
    st = kusan(rules)
    S = st.S
    no_damage(st, 0)
    give_upgrade(st, 0, "u01", L.U_SHIP_PLACE)                      # The Demon Heart: 10 coins each recharge
    S[L.S_COINS + 0] = 50
    upgrades = int(S[L.S_N_UPGRADES + 0])
    accomplish(st, 0, "cross_the_golden_cape")
    t = trophy(st, "golden_cape_ship")
    assert int(S[L.S_SHIP_TROPHY + 0]) == t
    assert int(S[L.S_MAX_WORKERS + 0]) == 5 and int(S[L.S_ON_SHIP + 0]) == 4     # the chronicle's worker is out
    assert int(S[L.S_COINS + 0]) == 50 and int(S[L.S_N_UPGRADES + 0]) == upgrades
    assert int(S[L.S_SPEED + 0]) == 1
    finish_turn(st)
    finish_turn(st)
    assert st.current_player() == 0
    st.choose(L.O_HERO, SCOUT, 1)
    assert st.frame()[:3] == (L.F_MOVE, 0, 2 + 1)                   # +1 speed when sailing
    # a recharge gains the new ship's slot rewards: its two rightmost slots are draw and 2 glory
    # (Kusan's own: 20 coins and play 1 journey card)
    S[L.S_ON_SHIP + 0], S[L.S_USED + 0] = 3, 1
    S[L.S_HERO_WORKERS:L.S_HERO_WORKERS + 5] = 0
    glory = int(S[L.S_GLORY + 0])
    st.start_turn(0)
    st.choose(L.O_RECHARGE)
    finish_turn(st)
    assert int(S[L.S_COINS + 0]) == 50 + 10                         # The Demon Heart, not Kusan's 20
    assert int(S[L.S_GLORY + 0]) == glory + 2                       # not Kusan's journey card
    assert int(S[L.S_ON_SHIP + 0]) == 5


def test_demon_traitors_lost_worker_stays_lost_after_a_new_ship(rules):
    """"Number of workers: Effects that change the max. number of workers are persistent.
    Example: If you discard a worker due to the Demon Traitor upgrade, use one less worker even
    if you swap your ship during the game." ("Then, adjust for other permanent changes to your
    workers like Demon Traitor ...")"""
    st = kusan(rules)
    S = st.S
    u = market_upgrade(st, "u18")
    st.start_turn(0)
    st.push(L.F_UPGRADE, 0, 1)
    st.run_to_decision()
    st.choose(L.O_UPGRADE, u)
    st.choose(L.O_HERO_PICK, WARRIOR)
    assert int(S[L.S_MAX_WORKERS + 0]) == 4 and int(S[L.S_LOST_WORKERS + 0]) == 1
    S[L.S_ON_SHIP + 0] = 4
    accomplish(st, 0, "cross_the_golden_cape")
    assert int(S[L.S_MAX_WORKERS + 0]) == 5 - 1 and int(S[L.S_ON_SHIP + 0]) == 3     # (the chronicle's worker out)
    S[L.S_ON_SHIP + 0], S[L.S_USED + 0] = 0, 1
    S[L.S_COINS + 0] = 100
    st.start_turn(0)
    st.choose(L.O_RECHARGE)
    finish_turn(st)
    assert int(S[L.S_ON_SHIP + 0]) == 4                             # 4 workers come back, not 5


def test_a_second_ship_trophy_takes_the_first_ships_speed_with_it(rules):
    """"SHIP: They replace your current ship card. ... Remove your old ship from the game."
    (Cross the Golden Cape: "This ship gives +1 speed when sailing"; Raise the Sunken Flagship's
    ship, ASSUMED data: 5 workers, no speed.)"""
    st = kusan(rules)
    give_trophy(st, 0, "golden_cape_ship")
    assert int(st.S[L.S_SPEED + 0]) == 1 and int(st.S[L.S_MAX_WORKERS + 0]) == 5
    give_trophy(st, 0, "sunken_flagship")
    assert int(st.S[L.S_MAX_WORKERS + 0]) == 5
    assert int(st.S[L.S_SPEED + 0]) == 0


def test_extra_crew_from_a_deed_once_until_the_next_recharge_no_secondary_action(rules):
    """"HERO: Those additional heroes are placed to the right of your nation board. ... They
    are activated with a hero action like your regular heroes. ... However, you may not take a
    secondary action after using an additional hero." ("Find the Expedition (Lake) ...
    Trophy: This extra crew does not cost any coins to activate.")

    The Expedition's activation (ASSUMED data): move 2, draw 2."""
    st = kusan(rules)
    S = st.S
    t = give_trophy(st, 0, "expedition_hero")
    S[L.S_COINS + 0] = 50
    st.start_turn(0)
    assert (1, t) in crew_offered(st)
    hand = int(S[L.S_N_HAND + 0])
    st.choose(L.O_CREW, 1, t)
    assert st.frame()[0] == L.F_MOVE
    st.choose(L.O_DONE)
    assert int(S[L.S_N_HAND + 0]) == hand + 2 and int(S[L.S_COINS + 0]) == 50
    assert st.frame()[0] == L.F_END_TURN                            # no secondary action
    finish_turn(st)
    finish_turn(st)
    assert st.current_player() == 0 and (1, t) not in crew_offered(st)     # occupied until the recharge
    st.choose(L.O_RECHARGE)
    finish_turn(st)
    finish_turn(st)
    assert (1, t) in crew_offered(st)


def test_the_haunted_ship_gains_an_upgrade_then_recharges(rules):
    """"The Haunted Ship (Lake) ... Trophy: This extra crew has no morale track or ranks. It
    doesn't cost any coins to activate them. First gain an upgrade, then take a recharge
    action.\""""
    st = kusan(rules)
    S = st.S
    empty_hand(st, 0)
    t = give_trophy(st, 0, "haunted_ship_hero")
    S[L.S_ON_SHIP + 0], S[L.S_USED + 0] = 3, 1                      # 2 workers out (Scout, Warrior)
    S[L.S_HERO_WORKERS + SCOUT] = S[L.S_HERO_WORKERS + WARRIOR] = 1
    coins = int(S[L.S_COINS + 0])
    st.start_turn(0)
    st.choose(L.O_CREW, 1, t)
    assert st.frame()[:3] == (L.F_UPGRADE, 0, 1)                    # first the upgrade ...
    assert int(S[L.S_ON_SHIP + 0]) == 2
    st.choose(L.O_DONE)
    assert st.frame()[:2] == (L.F_MORALE, 0)                        # ... then the recharge: slots 2-4 vacated
    st.choose(L.O_HERO_PICK, WARRIOR)
    while st.frame()[0] != L.F_END_TURN:
        take_any(st)
    assert int(S[L.S_COINS + 0]) == coins + 20                      # morale, 20 coins, play (no card)
    assert int(S[L.S_ON_SHIP + 0]) == 5 and int(S[L.S_HERO_WORKERS + SCOUT]) == 0
    assert int(S[L.S_SECONDARY + 0]) == -1                          # no secondary action; the cube off


def test_pass_the_black_rock_doubles_one_recharge_reward(rules):
    """"Pass the Black Rock ... Trophy: When you take a recharge action, choose any 1 reward you
    gain and double it."

    The kernel offers the rewards of the vacated slots (Kusan's slots 2-4: morale, 20 coins,
    play) - not a ship upgrade's recharge reward: its reading of "any 1 reward you gain"."""
    for rock in (False, True):
        st = kusan(rules)
        S = st.S
        empty_hand(st, 0)
        if rock:
            give_trophy(st, 0, "black_rock")
        S[L.S_ON_SHIP + 0], S[L.S_USED + 0] = 2, 1
        coins = int(S[L.S_COINS + 0])
        st.start_turn(0)
        st.choose(L.O_RECHARGE)
        st.choose(L.O_HERO_PICK, WARRIOR)                           # slot 2: morale
        if not rock:
            assert st.frame()[0] == L.F_END_TURN and int(S[L.S_COINS + 0]) == coins + 20
            continue
        assert st.frame()[:2] == (L.F_DOUBLE, 0)
        assert {r[1] for r in st.options() if r[0] == L.O_ALT} == {2, 3, 4}     # the vacated slots only
        st.choose(L.O_ALT, 3)
        assert int(S[L.S_COINS + 0]) == coins + 40
        assert st.frame()[0] == L.F_END_TURN                        # one reward only


def test_the_heart_of_the_sea_a_token_and_an_angel_pawn_on_recharge(rules):
    """"The Heart of the Sea (Lake) ... Trophy: When recharging, gain 1 blessing token (mind
    the limit) and place 1 Angel pawn from the supply onto an Angel attack that you've already
    used.\""""
    for heart in (False, True):
        st = kusan(rules)
        S = st.S
        hold_angel(st, 0, "neasta")
        S[L.S_ATTACKS + 0], S[L.S_ATTACKS_USED + 0] = 0, 1            # its attack used on a Lord
        if heart:
            give_trophy(st, 0, "heart_of_the_sea")
        S[L.S_ON_SHIP + 0], S[L.S_USED + 0] = 4, 1
        st.start_turn(0)
        st.choose(L.O_RECHARGE)
        assert (int(S[L.S_BLESSINGS + 0]), int(S[L.S_ATTACKS + 0])) == ((1, 1) if heart else (0, 0))
        if heart:                                                   # again: the limit, no used attack left
            S[L.S_ON_SHIP + 0], S[L.S_USED + 0] = 4, 1
            supply = int(S[L.S_SUPPLY_BLESSINGS])
            st.start_turn(0)
            st.choose(L.O_RECHARGE)
            assert (int(S[L.S_BLESSINGS + 0]), int(S[L.S_ATTACKS + 0])) == (1, 1)
            assert int(S[L.S_SUPPLY_BLESSINGS]) == supply


def test_the_heart_of_the_sea_refills_the_attack_discarded_for_its_challenge(rules):
    """"The Heart of the Sea (Lake). Challenge: Gain 5 Demons, discard 1 blessing token and 1
    Angel attack. Trophy: When recharging, ... place 1 Angel pawn from the supply onto an Angel
    attack that you've already used." (The pawn discarded for the challenge leaves its attack
    used.)"""
    st = kusan(rules)
    S = st.S
    hold_angel(st, 0, "neasta")
    S[L.S_BLESSINGS + 0] = 1
    st.start_turn(0)
    st.push_program(0, "deeds.deed[the_heart_of_the_sea].challenge", cost=1)
    st.run_to_decision()
    assert int(S[L.S_ATTACKS + 0]) == 0 and int(S[L.S_BLESSINGS + 0]) == 0
    give_trophy(st, 0, "heart_of_the_sea")
    S[L.S_ON_SHIP + 0], S[L.S_USED + 0] = 4, 1
    st.start_turn(0)
    st.choose(L.O_RECHARGE)
    assert int(S[L.S_ATTACKS + 0]) == 1


def test_break_the_blockade_ignores_2_curses_marked_at_each_turns_start(rules):
    """"Break the Blockade ... Trophy: You may ignore 2 Demon Lord curses. At the start of each
    of your turns, you may mark any 2 to ignore.\""""
    st = kusan(rules)
    sech, amban, hanor = set_curses(st, "Sechator", "Amban", "Hanor")
    st.start_turn(0)
    assert st.frame()[0] == L.F_ACTION
    give_trophy(st, 0, "blockade_item")
    st.start_turn(0)
    assert st.frame()[:4] == (L.F_MARK_CURSE, 0, -1, 2)
    st.choose(L.O_CURSE, sech)
    assert {r[1] for r in st.options() if r[0] == L.O_CURSE} == {amban, hanor}
    st.choose(L.O_CURSE, hanor)
    assert st.frame()[0] == L.F_ACTION
    assert (binds(st, 0, L.K_SECHATOR), binds(st, 0, L.K_HANOR), binds(st, 0, L.K_AMBAN)) == (False, False, True)
    assert binds(st, 1, L.K_SECHATOR) and binds(st, 1, L.K_HANOR)
    st.start_turn(0)
    st.choose(L.O_CURSE, amban)                                     # the next turn: any 2 again
    st.choose(L.O_CURSE, sech)
    assert (binds(st, 0, L.K_SECHATOR), binds(st, 0, L.K_HANOR), binds(st, 0, L.K_AMBAN)) == (False, True, False)


def test_belia_holds_new_demons_until_activated(rules):
    """"The Way to Ol'Phandan ... Trophy: You may only assign newly gained Demons to Belia. If
    you activate this extra crew, destroy all Demons on her. This does not cost any power. You
    may not spend any protection from Belia."

    The kernel's reading: every newly gained Demon goes to Belia (after shields); Demons still
    on her count as unprotected at the end (docs/assumptions.md)."""
    for belia in (False, True):
        st = kusan(rules)
        S = st.S
        if belia:
            t = give_trophy(st, 0, "belia")
        S[L.S_MARKER + 0] = 5
        S[L.S_GLORY + 0] = 50
        st.start_turn(0)
        before = st.scores()[0]
        st.push_program(0, "journey.card[j04].cost")                # 4 Demons
        st.run_to_decision()
        if not belia:
            assert power(st, 0) == 1
            continue
        assert power(st, 0) == 5 and int(S[L.S_BELIA + 0]) == 4
        assert st.scores()[0] == before - 4
        st.choose(L.O_CREW, 1, t)
        assert int(S[L.S_BELIA + 0]) == 0 and power(st, 0) == 5     # destroyed, no power spent
        assert st.frame()[0] == L.F_END_TURN


def test_the_cape_of_terror_one_more_secondary_option_not_one_more_action(rules):
    """"The Cape of Terror ... Trophy: You gain an additional secondary action which you may
    choose. This does not increase the total number of secondary actions you may take, it
    merely gives your more options." ("You cannot choose the same option twice in a row.")

    Its option (ASSUMED data): 10 coins / 3 power / draw 1 / move 1."""
    from simulate.eos.engine import EXTRA
    st = kusan(rules)
    S = st.S
    st.start_turn(0)
    st.choose(L.O_HERO, WARRIOR, 1)
    assert {r[1] for r in st.options() if r[0] == L.O_SECONDARY} == {0, 1, 2, 3}
    t = give_trophy(st, 0, "cape_of_terror")
    st.start_turn(0)
    st.choose(L.O_HERO, TREASURER, 1)
    assert st.frame()[:3] == (L.F_SECONDARY, 0, 1)
    assert {r[1] for r in st.options() if r[0] == L.O_SECONDARY} == {0, 1, 2, 3, EXTRA + t}
    coins = int(S[L.S_COINS + 0])
    st.choose(L.O_SECONDARY, EXTRA + t)
    st.choose(L.O_ALT, 0)
    assert int(S[L.S_COINS + 0]) == coins + 10
    assert st.frame()[0] == L.F_END_TURN                            # still one secondary action
    finish_turn(st)
    finish_turn(st)
    st.choose(L.O_HERO, FIRST_OFFICER, 1)
    while st.frame()[0] != L.F_SECONDARY:
        take_any(st)
    assert {r[1] for r in st.options() if r[0] == L.O_SECONDARY} == {0, 1, 2, 3}   # not twice in a row


def test_her_majestys_delivery_under_a_hero(rules):
    """"Delivery for Her Majesty's Troops. Challenge: Lose 3 protection, 9 power and 30 coins.
    Trophy: You may also attach it to an extra crew member."

    Its effect is not in the text (ASSUMED data: 3 power and 5 coins after each activation of
    the hero it is under, as a hero upgrade)."""
    st = kusan(rules)
    S = st.S
    accomplish(st, 0, "delivery_for_her_majestys_troops")
    assert st.frame()[:2] == (L.F_ATTACH, 0)
    assert {r[1] for r in st.options() if r[0] == L.O_HERO_PICK} == set(range(5))
    st.choose(L.O_HERO_PICK, WARRIOR)
    assert int(S[L.S_DELIVERY_HERO + 0]) == WARRIOR
    saved = S.copy()
    coins = int(S[L.S_COINS + 0])
    st.start_turn(0)
    st.choose(L.O_HERO, WARRIOR, 1)
    assert power(st, 0) == 3 + 3 and int(S[L.S_COINS + 0]) == coins + 5
    S[:] = saved
    st.start_turn(0)
    st.choose(L.O_HERO, TREASURER, 1)
    assert power(st, 0) == 0 and int(S[L.S_COINS + 0]) == coins + 10


def test_her_majestys_delivery_may_go_to_an_extra_crew_member(rules):
    """"Trophy: You may also attach it to an extra crew member.\""""
    st = kusan(rules)
    give_trophy(st, 0, "expedition_hero")
    accomplish(st, 0, "delivery_for_her_majestys_troops")
    assert st.frame()[0] == L.F_ATTACH
    assert len(st.options()) == 5 + 1                               # the 5 heroes and the Expedition


def test_the_siege_of_beskal_gives_2_shields(rules):
    """"The Siege of Beskal. Challenge: Gain 20 Demons, lose 5 protection and lose 10 power.
    Trophy: This item gives you 2 shields." ("When you would gain Demons, reduce the number you
    gain by the number of shield tokens you have. Reduce the number from each individual
    source, not the total.")"""
    st = kusan(rules)
    S = st.S
    supply = int(S[L.S_SUPPLY_SHIELDS])
    accomplish(st, 0, "the_siege_of_beskal")
    assert int(S[L.S_SHIELDS + 0]) == 2 and int(S[L.S_SUPPLY_SHIELDS]) == supply - 2
    assert int(S[L.S_TROPHIES + 0]) >> trophy(st, "beskal_item") & 1
    st.push_program(0, "journey.card[j04].cost")                    # 4 Demons
    st.push_program(0, "journey.card[j04].cost")
    st.run_to_decision()
    assert demons(st, 0) == 2 + 2


# ================================================================ triggered journey cards
# One waiting card per trigger kind (ASSUMED data, configs/eos/journey.toml; the kinds:
# configs/eos/flags/cards.toml), with what using it changes in the script below.
TRIGGERED = [("j59", L.TRIG_START, "glory", 1),              # Dawn Prayer: destroy 3, morale, 1 glory
             ("j57", L.TRIG_OWN_TURN, "coins", 5),           # Lucky Coin: 2 dice (not rolled here), 5 coins
             ("j54", L.TRIG_AFTER_HERO, "marker", 6),        # Battle Cry: 6 power
             ("j49", L.TRIG_GAIN_DEMONS, "marker", 1),       # Guardian Charm: destroy 6 (1 Demon there)
             ("j55", L.TRIG_AFTER_CHRONICLE, "glory", 4),    # Historian's Quill: 4 glory
             ("j51", L.TRIG_RECHARGE, "coins", 15)]          # Payday: 15 coins


def trigger_script(rules, ident, use):
    """Kusan plays three turns with journey card `ident` played earlier and waiting: (1) at
    Neasta's location, a chronicle action (Neasta awakened as a patron), then the secondary
    action "2 power"; (2) the Scout into Ashen Strait (3 Demons), the secondary action "10
    coins"; (3) a recharge. Returns the state and every point where the card was offered
    (a trigger frame's kind, or "trigger_own_turn" where a free action may be taken), using
    it the first time if `use`."""
    st = kusan(rules)
    S = st.S
    no_damage(st, 0)
    empty_hand(st, 0)
    j = waiting(st, 0, ident)
    seen = []

    def at(where):
        if not st.offers(L.O_TRIGGER, j):
            return False
        seen.append(where)
        if not (use and len(seen) == 1):
            return False
        sp = int(S[L.S_SP])
        st.choose(L.O_TRIGGER, j)
        while int(S[L.S_SP]) > sp:                                  # the card's own decisions
            take_any(st)
        return True

    def until(kind):
        while st.frame()[0] != kind:
            if st.frame()[0] == L.F_TRIGGERS:
                if not at(L.TRIGGERS[st.frame()[2]]):
                    st.choose(L.O_DONE)
            else:
                take_any(st)

    def end_of_turn():
        until(L.F_END_TURN)
        at(L.TRIGGERS[L.TRIG_OWN_TURN])
        st.choose(L.O_DONE)

    def start():
        st.start_turn(0)
        until(L.F_ACTION)
        at(L.TRIGGERS[L.TRIG_OWN_TURN])

    neasta = at_angel(st, 0, "neasta")
    start()
    st.choose(L.O_CHRONICLE, L.CH_AWAKEN_PATRON, neasta)
    until(L.F_SECONDARY)
    st.choose(L.O_SECONDARY, 1)
    end_of_turn()
    start()
    st.choose(L.O_HERO, SCOUT, 1)
    st.choose(L.O_AREA, area(st, 8))
    until(L.F_MOVE)
    st.choose(L.O_DONE)
    until(L.F_SECONDARY)
    st.choose(L.O_SECONDARY, 0)
    end_of_turn()
    start()
    st.choose(L.O_RECHARGE)
    end_of_turn()
    return st, j, seen


@pytest.mark.parametrize("ident,kind,field,gain", TRIGGERED)
def test_a_triggered_card_is_offered_at_its_trigger_only_used_once_and_worth_2(rules, ident, kind, field, gain):
    """"Triggered journey card: This card has a triggered effect. After you have played it, it
    stays in your player area until you choose to use it. Add it to your face-down pile after
    you've resolved it." ("Journey cards with a trigger effect that have been played but not
    triggered are still worth 2 glory.")"""
    st, j, seen = trigger_script(rules, ident, use=False)
    assert st.content.journey[j] == ident and int(st.C[L.C_J_TRIGGER + j]) == kind
    assert seen and set(seen) == {L.TRIGGERS[kind]}                 # at its point, nowhere else
    assert int(st.S[L.S_JLOC + j]) == L.J_WAITING + 0
    used, _, seen_used = trigger_script(rules, ident, use=True)
    assert seen_used == [L.TRIGGERS[kind]]                          # used once: never offered again
    assert int(used.S[L.S_JLOC + j]) == L.J_PLAYED + 0 and int(used.S[L.S_N_WAITING + 0]) == 0
    offset = {"glory": L.S_GLORY, "coins": L.S_COINS, "marker": L.S_MARKER}[field]
    assert int(used.S[offset]) - int(st.S[offset]) == gain          # its actions were taken
    assert journey_bonus(st, 0) == journey_bonus(used, 0) == 2      # 2 glory at the end either way


def test_an_after_activation_card_is_offered_after_an_extra_crew_activation(rules):
    """"HERO: Those additional heroes ... are activated with a hero action like your regular
    heroes." The trigger's definition (configs/eos/flags/cards.toml): "Use after one of your
    hero activations (nation heroes and extra crew, not Angels)".

    Battle Cry (j54) waiting; the Expedition's activation (ASSUMED data: move 2, draw 2)."""
    st = kusan(rules)
    t = give_trophy(st, 0, "expedition_hero")
    j = waiting(st, 0, "j54")
    st.start_turn(0)
    st.choose(L.O_CREW, 1, t)
    offered = False
    while st.frame()[0] != L.F_END_TURN and not offered:
        offered = st.offers(L.O_TRIGGER, j)
        if not offered:
            take_any(st)
    assert offered


def test_an_after_chronicle_card_comes_after_the_chronicle_slots_effects(rules):
    """The trigger's definition (configs/eos/flags/cards.toml; the rulebook names no point):
    "Use right after you complete a chronicle action (after its rewards and the chronicle
    slot's effects)." ("Finally, if you successfully completed a chronicle action, place a
    nation token on the next free slot of the chronicle track. This will trigger additional
    effects".)

    Historian's Quill (j55) waiting; the chronicle slot gives 3 glory."""
    st = kusan(rules)
    j = waiting(st, 0, "j55")
    awaken(st, 0, "neasta", L.CH_AWAKEN_PATRON)
    assert st.frame()[0] == L.F_TRIGGERS and st.offers(L.O_TRIGGER, j)
    assert glory_from(st, 0, L.GF_CHRONICLE) == 3


# ================================================================ Nations: Noom's starting Angel, the Kraken
def noom_with(rules, ident=None):
    """A Noom (seat 0) and Kusan game whose Noom starts with Angel `ident` (any other than Eo
    and Ashamnon if None): the first seed that deals it, without curses, run to its first
    decision."""
    from simulate.eos.face import State
    from .scenario import calm
    special = {angel_index for angel_index, name in enumerate(rules.config["angels"]["angel"])
               if name["id"] in ("eo", "ashamnon")}
    for seed in range(1, 1000):
        st = State(rules, 2, seed=seed, nations=["noom", "kusan"], run=False)
        held = [a for a in range(int(st.C[L.C_N_ANGELS])) if st.S[L.S_ANGEL + a] == L.ANG_HERO + 0]
        if len(held) == 1 and (held[0] == angel(st, ident) if ident else held[0] not in special):
            calm(st)
            st.run_to_decision()
            return st, held[0]
    raise AssertionError(f"no seed deals Noom {ident}")


@pytest.mark.parametrize("ident", [None, "eo", "ashamnon"])
def test_nooms_starting_angel_is_no_awakening(rules, ident):
    """Player Setup: "Noom: Gaining an Angel this way does not count as awakening an Angel. You
    may not choose their patron side. There are two exceptions: Eo: Gain both Angel attacks;
    Ashamnon: Choose one reward." (Nations: "Noom - Divine Guidance: This Angel does not count
    towards awakened Angels." Objective Cards: "Noom's starting Angel doesn't count towards
    objectives.")

    The kernel draws it from the Angels not drawn for the board (docs/assumptions.md)."""
    st, a = noom_with(rules, ident)
    S, C = st.S, st.C
    assert int(S[L.S_ANGEL + a]) == L.ANG_HERO + 0                  # the hero side
    assert sum(1 for b in range(int(C[L.C_N_ANGELS])) if S[L.S_ANGEL + b] == L.ANG_BOARD) == 5
    assert int(S[L.S_GLORY + 0]) == 0 and glory_from(st, 0, L.GF_ANGEL) == 0
    assert int(S[L.S_ENTRIES + 0]) == 0 and all(int(S[L.S_CHRON + i]) == -1 for i in range(L.MAX_CHRONICLE))
    assert int(S[stat(st, 0, "angels_awakened")]) == 0 and int(S[L.S_ANGELS_HERO + 0]) == 0
    assert int(S[L.S_ATTACKS + 0]) == (2 if ident == "eo" else 1)
    passive = int(C[L.C_A_PASSIVE + a])
    if ident == "ashamnon":                                         # one reward instead of the passive
        assert not int(S[L.S_PASSIVE + 0]) >> L.PF_ASHAMNON & 1
        assert st.frame()[:2] == (L.F_CHOICE, 0)
        assert {r[1] for r in st.options() if r[0] == L.O_ALT} == {0, 1, 2, 3}
        st.choose(L.O_ALT, 1)
        assert int(S[L.S_COINS + 0]) == 10
    else:
        assert int(S[L.S_PASSIVE + 0]) & passive == passive
    while not (st.frame()[0] == L.F_MOVE and S[L.S_AREA + st.frame()[1]] < 0):
        take_any(st)
    # Noom awakens one Angel: the first that counts ("Friend of the Angels": the first to 2)
    ready(st, 21, 22)
    for i in range(L.OBJECTIVES_IN_PLAY):
        S[L.S_OBJ + i] = st.content.objectives.index("o08") if i == 0 else -1
        S[L.S_OBJ_DONE + i] = 0
    awaken(st, 0, st.content.angels[free_angel(st)], L.CH_AWAKEN_PATRON)
    finish_turn(st)
    assert int(S[stat(st, 0, "angels_awakened")]) == 1 and glory_from(st, 0, L.GF_OBJECTIVE) == 0
    if ident == "ashamnon":                                         # no reward for this chronicle action
        assert int(S[L.S_COINS + 0]) == 10


def free_angel(st):
    return next(a for a in range(int(st.C[L.C_N_ANGELS])) if st.S[L.S_ANGEL + a] in (L.ANG_BOX, L.ANG_BOARD))


def test_the_kraken_is_placed_with_the_ship(rules):
    """"Kwanan: The Kwanan always play with the Kraken as their second ship. ... Place it on
    the board when you place your ship, but they don't have to sit in the same ocean area."

    The kernel places it in the ship's area (docs/assumptions.md)."""
    st = new(rules, "kwanan", "kusan")
    assert st.frame()[:2] == (L.F_MOVE, 0) and int(st.S[L.S_KRAKEN + 0]) == -1
    st.choose(L.O_PLACE, area(st, 21))
    assert int(st.S[L.S_AREA + 0]) == int(st.S[L.S_KRAKEN + 0]) == area(st, 21)
    st = new(rules, "kusan", "kwanan")
    st.choose(L.O_PLACE, area(st, 21))
    assert int(st.S[L.S_KRAKEN + 0]) == -1                          # nobody else has one


def test_a_move_with_speed_may_move_the_kraken_instead(rules):
    """"The Kraken can be activated either with the Kraken action symbol or be moved when
    moving the ship." ("Kwanan - Kraken: ... If you gain a new ship, you may never replace the
    Kraken.")

    The kernel's reading: a move with speed moves either the ship or the Kraken (chosen before
    the first area), the Kraken gaining an area's Demons and rewards as a ship does; a plain
    "move 1 area" moves the ship (docs/assumptions.md)."""
    st = new(rules, "kwanan", "kusan")
    ready(st, 21, 22)
    S = st.S
    no_damage(st, 0)
    S[L.S_KRAKEN + 0] = area(st, 30)                                # Seal Point
    S[L.S_SPEED + 0] = 1
    coins = int(S[L.S_COINS + 0])
    saved = S.copy()
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)                                   # Falkuun: move 2 (+1)
    assert st.frame()[:3] == (L.F_MOVE, 0, 3) and st.offers(L.O_KRAKEN_MOVE)
    st.choose(L.O_KRAKEN_MOVE)
    assert areas_offered(st) == neighbours(st, area(st, 30))
    st.choose(L.O_AREA, area(st, 29))                               # Driftwood Bay: 5 coins
    assert int(S[L.S_KRAKEN + 0]) == area(st, 29) and int(S[L.S_AREA + 0]) == area(st, 21)
    assert int(S[L.S_COINS + 0]) == coins + 5
    assert st.frame()[:3] == (L.F_MOVE, 0, 2) and not st.offers(L.O_KRAKEN_MOVE)
    assert area(st, 30) not in areas_offered(st)                    # not back to its start
    S[:] = saved
    st.start_turn(0)
    st.push_program(0, "upgrades.card[u36].actions")                # move the ship 1 ocean area
    st.run_to_decision()
    assert st.frame()[:3] == (L.F_MOVE, 0, 1) and not st.offers(L.O_KRAKEN_MOVE)
    give_trophy(st, 0, "golden_cape_ship")                          # a new ship: the Kraken stays
    assert int(S[L.S_KRAKEN + 0]) == area(st, 30)


def test_the_kraken_symbol_moves_it_2_areas_without_speed_or_purifies_its_area(rules):
    """"Activate the Kraken: Allows you to move the Kraken up to 2 ocean areas OR purify the
    Kraken's ocean area." ("If the Kraken gets activated using the Kraken action symbol, it may
    not benefit from speed bonuses.")

    Tamaru Ka, Kwanan's First Officer (ASSUMED data): the Kraken symbol at rank 1."""
    st = new(rules, "kwanan", "kusan")
    ready(st, 21, 22)
    S = st.S
    no_damage(st, 0)
    S[L.S_KRAKEN + 0] = area(st, 30)                                # Seal Point: 2 Demons printed
    S[L.S_SPEED + 0] = 2
    S[L.S_MARKER + 0] = 12                                          # +1 speed from power: not for the Kraken
    saved = S.copy()
    st.start_turn(0)
    st.choose(L.O_HERO, FIRST_OFFICER, 1)
    assert st.frame()[:2] == (L.F_KRAKEN_CHOICE, 0)
    assert {r[0] for r in st.options()} == {L.O_KRAKEN_MOVE, L.O_KRAKEN_PURIFY, L.O_DONE}
    st.choose(L.O_KRAKEN_MOVE)
    kind, p, speed = st.frame()[:3]
    assert (kind, p, speed) == (L.F_MOVE, 0, 2) and st.frame()[7] == MOVE_KRAKEN | MOVE_PLAIN
    st.choose(L.O_AREA, area(st, 29))
    st.choose(L.O_AREA, area(st, 28))
    assert int(S[L.S_KRAKEN + 0]) == area(st, 28) and int(S[L.S_AREA + 0]) == area(st, 21)
    assert st.frame()[0] != L.F_MOVE                                # 2 areas, no more
    S[:] = saved
    glory = int(S[L.S_GLORY + 0])
    st.start_turn(0)
    st.choose(L.O_HERO, FIRST_OFFICER, 1)
    st.choose(L.O_KRAKEN_PURIFY)
    assert int(S[L.S_PURIFIED + area(st, 30)]) == 1 and int(S[L.S_GLORY + 0]) == glory + 2
    assert int(S[L.S_PURIFIED + area(st, 21)]) == 0                 # not the ship's area
