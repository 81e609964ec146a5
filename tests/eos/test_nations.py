"""The rulebook's Nations notes (References, "Nations") as scenarios, in the book's order:
The Guild's Thorsteyn, Kusan's Jacub van Luwenburgh ("Paying costs to oneself") and Akeem,
Kwanan's Ohn Ma Puuhn, Noom's Hyazynthia, Mespanne's protection track, Mère Admiral Adele
and Grande Garde Antoinette Diop. (The Kraken, Noom's Divine Guidance and Noom's starting
Angel are in tests/eos/test_angels_curses.py.)

The rulebook only names most nation upgrades; what each does in the kernel is the reading of
docs/assumptions.md ("Nation upgrades whose effect the rulebook only names") and of
configs/eos/flags/nations.toml, on the amounts of configs/eos/nations/*.toml. Every scenario
runs the real kernel through the Python face (``simulate/eos/face.py``) with the helpers of
``tests/eos/scenario.py`` and compares the same position with and without the upgrade (or
the power threshold), so that it fails if the rule were wrong or missing.

Tests that found bugs when they were written (the kernel, the data or the words did otherwise)
say so in their docstrings; all are fixed.
"""
import pytest

from simulate.eos import layout as L
from simulate.eos.config import load_rules
from simulate.eos.symbols import pay_least_glory

from .scenario import (FIRST_OFFICER, QUARTERMASTER, SCOUT, TREASURER, WARRIOR, area, areas_offered, awaken, binds,
                       deed_area, demons, give_trophy, give_upgrade, hold_angel, neighbours, new, next_spawn,
                       no_damage, power, put_in_deed_area, ready, set_curses, take_any)


@pytest.fixture(scope="module")
def rules():
    return load_rules()


def decode(st, prog):
    return st.content.programs.decode(int(prog))


def upgrade_actions(st, ident):
    return decode(st, st.C[L.C_U_ACTIONS + st.content.upgrades.index(ident)])


def rank_program(st, p, h, r):
    """(actions added up, coins, other cost) of hero h of seat p at rank r (1-based)."""
    i = h * L.MAX_RANKS + r - 1
    cost = int(st.NS[p, L.NS_RANK_COST + i])
    return (decode(st, st.NS[p, L.NS_RANK_PROG + i]), int(st.NS[p, L.NS_RANK_COINS + i]),
            decode(st, cost) if cost >= 0 else None)


def to_secondary(st):
    """Turn down everything (take_any) until the secondary action is asked."""
    while st.frame()[0] != L.F_SECONDARY:
        take_any(st)


def hero_ranks(st, p, h):
    return {r[2] for r in st.options() if r[:2] == (L.O_HERO, h)}


# ================================================================ The Guild: Thorsteyn
BAY = 1         # deed area 1, the Bay of Broken Oaths: next to Gull Rocks (The Guild's ship)


def guild_at_sea(rules, lord="Amban", thorsteyn=True, protection=2, coins=10, power_=0):
    """The Guild (seat 0, ship at Gull Rocks) and Kusan; Demon Lord `lord` in the Bay of Broken
    Oaths (its 4 printed Demons covered), Thorsteyn's upgrade (guild_u2) under Thorsteyn; The
    Guild activates its Scout (move 3) and is asked where to sail."""
    st = new(rules, "guild", "kusan")
    ready(st, 21, 22)
    no_damage(st, 0)
    S = st.S
    put_in_deed_area(st, BAY, lord=lord)
    S[L.S_PURIFIED + deed_area(st, BAY)] = 2
    if thorsteyn:
        give_upgrade(st, 0, "guild_u2", FIRST_OFFICER)
    S[L.S_PROTECTION + 0], S[L.S_COINS + 0], S[L.S_MARKER + 0] = protection, coins, power_
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    assert st.frame()[:3] == (L.F_MOVE, 0, 3)
    return st


def test_thorsteyn_opens_a_lord_area_unpayable_in_full_for_1_protection(rules):
    """"The Guild of Seafarers - Thorsteyn: You must discard the protection to ignore the
    challenge icons before entering the ocean area with the Demon Lord." ("Ignore challenges:
    Some effects allow you to ignore challenges on epic deeds or Demon Lords. This effect only
    refers to challenge icons.")

    Amban's tile (ASSUMED challenge: gain 10 Demons and pay 20 coins); The Guild has 10 coins.
    The kernel's reading (docs/assumptions.md): 1 protection leaves out one icon."""
    seen = {}
    for thorsteyn in (False, True):
        st = guild_at_sea(rules, thorsteyn=thorsteyn)
        S, bay = st.S, deed_area(st, BAY)
        seen[thorsteyn] = bay in areas_offered(st)
        if thorsteyn:
            st.choose(L.O_AREA, bay)            # one way in: the coin icon ignored (a single option)
            assert int(S[L.S_AREA + 0]) == bay
            assert (int(S[L.S_PROTECTION + 0]), int(S[L.S_COINS + 0]), demons(st, 0)) == (1, 10, 10)
    assert seen == {False: False, True: True}
    # no protection to discard: the area stays closed
    st = guild_at_sea(rules, protection=0)
    assert deed_area(st, BAY) not in areas_offered(st)


def test_thorsteyn_the_ignored_icon_is_the_players_choice_the_others_are_paid(rules):
    """"With this upgrade, you may only ignore 1 challenge icon per Demon Lord." Which one is
    the player's choice; paying the whole challenge (keeping the protection) is another.

    Amban's tile (ASSUMED: 10 Demons, 20 coins); The Guild has 30 coins and 2 protection."""
    outcomes = {}
    for pick in ("pay all", "ignore the Demons", "ignore the coins"):
        st = guild_at_sea(rules, coins=30)
        S = st.S
        st.choose(L.O_AREA, deed_area(st, BAY))
        assert st.frame()[:2] == (L.F_THORSTEYN, 0)
        assert sorted(st.options()) == [(L.O_DONE, 0, 0, 0), (L.O_ALT, 0, 0, 0), (L.O_ALT, 1, 0, 0)]
        if pick == "pay all":
            st.choose(L.O_DONE)
        else:
            st.choose(L.O_ALT, 0 if pick == "ignore the Demons" else 1)
        outcomes[pick] = (int(S[L.S_PROTECTION + 0]), int(S[L.S_COINS + 0]), demons(st, 0))
    assert outcomes == {"pay all": (2, 10, 10), "ignore the Demons": (1, 10, 0), "ignore the coins": (1, 30, 10)}
    # without the upgrade: the challenge is paid in full, no question asked
    st = guild_at_sea(rules, coins=30, thorsteyn=False)
    st.choose(L.O_AREA, deed_area(st, BAY))
    assert st.frame()[0] != L.F_THORSTEYN
    assert (int(st.S[L.S_PROTECTION + 0]), int(st.S[L.S_COINS + 0]), demons(st, 0)) == (2, 10, 10)


def test_thorsteyn_ignores_only_1_icon_per_demon_lord(rules):
    """"With this upgrade, you may only ignore 1 challenge icon per Demon Lord."

    A Demon Lord with three challenge icons: the Siege of Beskal's challenge (gain 20 Demons,
    lose 5 protection, lose 10 power) on Amban's tile, in a copy of the content (every Lord
    of the data has one icon besides its Demons). With 6 protection and 10 power all is
    payable; with no power, Thorsteyn's 1 protection leaves out the power icon (5 protection
    left for its icon); with no power and 2 protection, two icons are short and only one may
    be left out: the area stays closed."""
    def guild(protection, power_):
        st = new(rules, "guild", "kusan")
        st.C = st.C.copy()                                          # the shared content stays as it is
        st.C[L.C_L_CHALLENGE + st.content.lords.index("Amban")] = \
            st.content.programs.index["deeds.deed[the_siege_of_beskal].challenge"]
        ready(st, 21, 22)
        no_damage(st, 0)
        put_in_deed_area(st, BAY, lord="Amban")
        st.S[L.S_PURIFIED + deed_area(st, BAY)] = 2
        give_upgrade(st, 0, "guild_u2", FIRST_OFFICER)
        st.S[L.S_PROTECTION + 0], st.S[L.S_MARKER + 0] = protection, power_
        st.start_turn(0)
        st.choose(L.O_HERO, SCOUT, 1)
        return st

    st = guild(6, 10)                                               # all three payable
    assert deed_area(st, BAY) in areas_offered(st)
    st = guild(6, 0)                                                # the power icon alone unpayable
    assert deed_area(st, BAY) in areas_offered(st)
    st.choose(L.O_AREA, deed_area(st, BAY))
    assert int(st.S[L.S_PROTECTION + 0]) == 0                       # 1 for Thorsteyn, 5 for the icon
    st = guild(2, 0)                                                # power and protection unpayable
    assert deed_area(st, BAY) not in areas_offered(st)


def test_thorsteyn_the_other_icons_are_met_after_the_protection_is_discarded(rules):
    """"You must discard the protection to ignore the challenge icons *before* entering the ocean
    area with the Demon Lord." The rest of the challenge is then paid in full as ever.

    Glondan's tile (ASSUMED challenge: gain 10 Demons, have at least 3 protection); The Guild
    has 3 protection. Paying it all is possible; ignoring the "3 protection" icon for 1
    protection is possible; ignoring the Demons for 1 protection leaves 2 protection, short of
    the 3 the other icon asks."""
    st = guild_at_sea(rules, lord="Glondan", protection=3)
    st.choose(L.O_AREA, deed_area(st, BAY))
    assert st.frame()[:2] == (L.F_THORSTEYN, 0)
    assert sorted(st.options()) == [(L.O_DONE, 0, 0, 0), (L.O_ALT, 1, 0, 0)]


def test_thorsteyn_never_for_an_epic_deed(rules):
    """"With this upgrade, you may only ignore 1 challenge icon per *Demon Lord*."

    Save the City (challenge: gain 12 Demons and discard 30 coins) in the Bay of Broken Oaths;
    The Guild holds the upgrade, 2 protection and 10 coins: the area stays closed; with 30
    coins it pays the whole challenge, without being asked about Thorsteyn."""
    for coins in (10, 30):
        st = new(rules, "guild", "kusan")
        ready(st, 21, 22)
        no_damage(st, 0)
        S = st.S
        put_in_deed_area(st, BAY, deed="save_the_city")
        S[L.S_PURIFIED + deed_area(st, BAY)] = 2
        give_upgrade(st, 0, "guild_u2", FIRST_OFFICER)
        S[L.S_PROTECTION + 0], S[L.S_COINS + 0] = 2, coins
        st.start_turn(0)
        st.choose(L.O_HERO, SCOUT, 1)
        assert (deed_area(st, BAY) in areas_offered(st)) == (coins == 30)
        if coins == 30:
            st.choose(L.O_AREA, deed_area(st, BAY))
            assert st.frame()[0] != L.F_THORSTEYN
            assert (int(S[L.S_PROTECTION + 0]), int(S[L.S_COINS + 0]), demons(st, 0)) == (2, 0, 12)


def test_thorsteyn_cannot_spend_fixed_protection(rules):
    """Mespanne: "This protection cannot be lost in any way or spent e.g. to pay for a
    challenge." - fixed protection does not pay for Thorsteyn either.

    The Guild's seat given Mespanne's rule (PR_FIXED_PROTECTION 2): with 2 protection nothing
    can be discarded and Amban's area (unpayable: 10 coins for 20) stays closed; with 3, one
    step can go."""
    for protection in (2, 3):
        st = new(rules, "guild", "kusan")
        st.PR[0, L.PR_FIXED_PROTECTION] = 2
        ready(st, 21, 22)
        no_damage(st, 0)
        S = st.S
        put_in_deed_area(st, BAY, lord="Amban")
        S[L.S_PURIFIED + deed_area(st, BAY)] = 2
        give_upgrade(st, 0, "guild_u2", FIRST_OFFICER)
        S[L.S_PROTECTION + 0], S[L.S_COINS + 0] = protection, 10
        st.start_turn(0)
        st.choose(L.O_HERO, SCOUT, 1)
        assert (deed_area(st, BAY) in areas_offered(st)) == (protection == 3)
        if protection == 3:
            st.choose(L.O_AREA, deed_area(st, BAY))
            assert int(S[L.S_PROTECTION + 0]) == 2


# ================================================================ Kusan: Jacub van Luwenburgh
def kusan_table(rules, glory, coins=None, jacub=True):
    """Kusan (seat 0) and len(glory) - 1 others (The Guild, Noom, Mespanne), first turns behind,
    glory as given, nobody with coins but Kusan (20); Jacub's Patronage (kusan_u4, ASSUMED:
    "coins:-10 + rank + glory:1", its coins to the least glory) under the Treasurer."""
    nations = ("kusan", "guild", "noom", "mespanne")[:len(glory)]
    st = new(rules, *nations)
    ready(st, *(21, 22, 23, 24)[:len(glory)])
    S = st.S
    if jacub:
        give_upgrade(st, 0, "kusan_u4", TREASURER)
    for p, g in enumerate(glory):
        S[L.S_GLORY + p] = g
        S[L.S_COINS + p] = 0
    S[L.S_COINS + 0] = 20 if coins is None else coins
    return st


def after_treasurer(st, rank=1):
    """Kusan activates the Treasurer (rank 1: 10 coins; rank 0: the worker placed without
    activating), its upgrades follow (a rank: the Scout's); up to the secondary action. Returns
    (every seat's coins, Kusan's glory, Kusan's ranks)."""
    S = st.S
    st.start_turn(0)
    st.choose(L.O_HERO, TREASURER, rank)
    while st.frame()[0] != L.F_SECONDARY:
        if st.frame()[0] == L.F_RANK:
            st.choose(L.O_HERO_PICK, SCOUT)
        else:
            take_any(st)
    return ([int(S[L.S_COINS + p]) for p in range(st.n)], int(S[L.S_GLORY + 0]),
            [int(S[L.S_RANK + h]) for h in range(L.N_HEROES)])


def test_jacub_pays_his_upgrades_coins_to_the_player_with_the_least_glory(rules):
    """"Paying costs to oneself: Whenever you have to pay costs that directly go to the player
    with the least glory (like Jacub van Luwenburgh's upgrade) ..."

    Kusan 10 glory, The Guild 0: the Treasurer's 10 coins, then the upgrade's 10 coins go to
    The Guild, Kusan gains a rank and 1 glory. Without the upgrade: the 10 coins alone."""
    st = kusan_table(rules, (10, 0))
    assert upgrade_actions(st, "kusan_u4") == (((("coins", -10), ("rank", 1), ("glory", 1)),),)
    assert after_treasurer(st) == ([20, 10], 11, [2, 1, 1, 1, 1])
    assert after_treasurer(kusan_table(rules, (10, 0), jacub=False)) == ([30, 0], 10, [1] * 5)


def test_jacub_cannot_be_used_by_the_player_with_the_least_glory(rules):
    """"Kusan - Jacub van Luwenburgh: You may not use his upgrade when you are the player with
    the least glory." (The kernel's reading: a tie for the least glory included.)"""
    for glory in ((0, 10), (5, 5)):
        assert after_treasurer(kusan_table(rules, glory)) == ([30, 0], glory[0], [1] * 5)
    assert after_treasurer(kusan_table(rules, (6, 5)))[0] == [20, 10]      # one glory more: used


def test_jacub_players_tied_for_the_least_glory_share_the_coins(rules):
    """"Ties: Sometimes the player with the least glory gains a reward ... If there is more than
    1 player with the least glory, all players with the least glory choose a reward." - the
    kernel splits the coins among them, the remainder to the earliest in turn order (after
    Kusan, seat 0)."""
    assert after_treasurer(kusan_table(rules, (10, 0, 0, 5)))[0] == [20, 5, 5, 0]
    assert after_treasurer(kusan_table(rules, (10, 0, 0, 0)))[0] == [20, 4, 3, 3]
    assert after_treasurer(kusan_table(rules, (10, 3, 0, 0)))[0] == [20, 0, 5, 5]


def test_paying_costs_to_oneself_goes_to_the_second_fewest_glory(rules):
    """"... and you are the player with the least glory, pay the costs to the player with the
    second fewest glory instead."

    symbols.pay_least_glory, the kernel's one payer of such costs, called for a payer who has
    the least glory (seat 0: 0 glory; seat 1: 3; seat 2: 5)."""
    st = kusan_table(rules, (0, 3, 5))
    S = st.S
    pay_least_glory(S, st.C, 0, 10)
    assert [int(S[L.S_COINS + p]) for p in range(3)] == [10, 10, 0]
    S[L.S_GLORY + 2] = 3                                            # the second fewest tied: shared
    pay_least_glory(S, st.C, 0, 10)
    assert [int(S[L.S_COINS + p]) for p in range(3)] == [0, 15, 5]


def test_jacubs_costs_are_paid_in_full_or_his_upgrade_is_not_used(rules):
    """"Costs for actions are always paid before performing the action." - and the book calls
    what Jacub's upgrade pays "costs that directly go to the player with the least glory".

    Kusan (10 glory, 5 coins) places the worker on the Treasurer without activating ("You may
    still use their upgrades"): 5 coins cannot pay the 10, so no rank and no glory."""
    assert after_treasurer(kusan_table(rules, (10, 0), coins=5), rank=0) == ([5, 0], 10, [1] * 5)


# ================================================================ Kusan: Akeem
def akeem_table(rules, akeem=True, glory=(0, 0)):
    """Kusan (seat 0, Akeem's Indemnity, kusan_u2, under Akeem) and The Guild at the start of
    Kusan's turn."""
    st = new(rules, "kusan", "guild")
    ready(st, 21, 22)
    no_damage(st, 0, 1)
    if akeem:
        give_upgrade(st, 0, "kusan_u2", FIRST_OFFICER)
    st.S[L.S_GLORY + 0], st.S[L.S_GLORY + 1] = glory
    st.start_turn(0)
    return st


def event(st, p, ident):
    """Event `ident` drawn by p on top of Kusan's worker action, resolved (the least-glory
    player's choice turned down) back to that action."""
    st.push(L.F_EVENT, p, st.content.events.index(ident))
    st.run_to_decision()
    while st.frame()[0] != L.F_ACTION:
        take_any(st)


def test_akeem_ignores_an_events_direct_losses(rules):
    """"Kusan - Akeem: You may only ignore direct effects like coin loss etc., but not global
    effects like a curse from a new Demon Lord." (The kernel's reading, docs/assumptions.md:
    the losing symbols of an event's active and least-glory parts are ignored for the holder;
    gains are kept; an event's global effect, e.g. "the most glory gain 5 Demons", is not.)

    No event of the data makes its active player lose anything, so Fair Weather (e01) is given,
    in a copy of the content, the losses of Delivery for Her Majesty's Troops' challenge (lose
    3 protection, 9 power and 30 coins) as its active part; then Envy of the Deep (e10: active
    1 protection; "The player(s) with the most glory gain 5 Demons"), drawn by The Guild, both
    with the most glory."""
    for akeem in (False, True):
        st = akeem_table(rules, akeem)
        S = st.S
        st.C = st.C.copy()
        st.C[L.C_E_ACTIVE + st.content.events.index("e01")] = \
            st.content.programs.index["deeds.deed[delivery_for_her_majestys_troops].challenge"]
        S[L.S_COINS + 0], S[L.S_MARKER + 0], S[L.S_PROTECTION + 0] = 30, 10, 3
        event(st, 0, "e01")
        assert (int(S[L.S_COINS + 0]), power(st, 0), int(S[L.S_PROTECTION + 0])) == \
            ((30, 10, 3) if akeem else (0, 1, 0))
        st = akeem_table(rules, akeem, glory=(8, 8))
        event(st, 1, "e10")
        assert int(st.S[L.S_PROTECTION + 1]) == 1                   # The Guild's bonus
        assert (demons(st, 0), demons(st, 1)) == (5, 5)            # a global effect: not ignored


def test_akeem_does_not_ignore_an_events_global_effect(rules):
    """Demon Tide (e02, ASSUMED: active 2 glory; every player gains 3 Demons), drawn by Kusan:
    "If the card has a global effect, it is executed at the end." Akeem ignores "not global
    effects": Kusan takes the 2 glory and the 3 Demons with the upgrade as without it. (This
    test first found that event cards' global effects were never compiled.)"""
    for akeem in (False, True):
        st = akeem_table(rules, akeem)
        event(st, 0, "e02")
        assert int(st.S[L.S_GLORY + 0]) == 2
        assert (demons(st, 0), demons(st, 1)) == (3, 3)


def test_akeem_ignores_only_events_not_other_losses(rules):
    """Akeem ignores "direct effects" of events; entering an area still brings its Demons.

    Amber Coast: 1 Demon printed."""
    st = akeem_table(rules)
    st.choose(L.O_HERO, SCOUT, 1)
    st.choose(L.O_AREA, area(st, 22))
    assert demons(st, 0) == 1


def test_akeem_a_new_demon_lords_curse_still_binds(rules):
    """"... but not global effects like a curse from a new Demon Lord."

    Sechator spawns ("Each player loses 2 coins for every Demon they receive"): its curse binds
    Kusan with Akeem's upgrade; entering Amber Coast (1 Demon) costs Kusan 2 coins. Betaun's
    curse ("Every time a player has completed a chronicle action, each player gains 4 Demons")
    brings Kusan its 4 Demons."""
    seen = {}
    for akeem in (False, True):
        st = akeem_table(rules, akeem)
        S = st.S
        next_spawn(st, "Sechator", 2)
        st.push(L.F_SPAWN, 0)
        st.run_to_decision()
        assert st.frame()[0] == L.F_ACTION
        S[L.S_COINS + 0] = 20
        st.choose(L.O_HERO, SCOUT, 1)
        st.choose(L.O_AREA, area(st, 22))
        sechator = (binds(st, 0, L.K_SECHATOR), demons(st, 0), int(S[L.S_COINS + 0]))
        st = new(rules, "kusan", "guild")
        ready(st, 21, 22)
        if akeem:
            give_upgrade(st, 0, "kusan_u2", FIRST_OFFICER)
        set_curses(st, "Betaun")
        awaken(st, 0, "neasta", L.CH_AWAKEN_PATRON)
        while st.frame()[0] == L.F_MARK_CURSE:
            take_any(st)
        seen[akeem] = sechator, (demons(st, 0), demons(st, 1))
    assert seen[True] == seen[False] == ((True, 1, 18), (4, 4))


# ================================================================ Kwanan: Ohn Ma Puuhn
def test_ohn_ma_puuhn_takes_discarded_cards_not_played_ones(rules):
    """"Kwanan - Ohn Ma Puuhn: You may only take discarded cards (e.g. because the other players
    have more cards than their hand limit allows), not played cards."

    Ohn Ma Puuhn's Net (kwanan_u3, ASSUMED: its draw:1 taken from the discard pile, the
    player's choice) under the Quartermaster Ohn Ma Puuhn (rank 1: draw 2, play 1). The
    discard pile holds two general journey cards (a, b below), Kusan played a third (c) and
    Kwanan a fourth (d)."""
    for net in (False, True):
        st = new(rules, "kwanan", "kusan")
        ready(st, 21, 22)
        S = st.S
        assert upgrade_actions(st, "kwanan_u3") == (((("draw", 1),),),)
        if net:
            give_upgrade(st, 0, "kwanan_u3", QUARTERMASTER)
        n = int(S[L.S_JDECK_N])
        a, b, c, d = (int(j) for j in S[L.S_JDECK:L.S_JDECK + 4])     # from the bottom of the deck
        S[L.S_JDECK:L.S_JDECK + n - 4] = S[L.S_JDECK + 4:L.S_JDECK + n].copy()
        S[L.S_JDECK_N] = n - 4
        for j, where in ((a, L.J_DISCARD), (b, L.J_DISCARD), (c, L.J_PLAYED + 1), (d, L.J_PLAYED + 0)):
            S[L.S_JLOC + j] = where
        assert [j for j in range(int(st.C[L.C_N_JOURNEY])) if S[L.S_JLOC + j] == L.J_DISCARD] == sorted((a, b))
        hand, deck = int(S[L.S_N_HAND + 0]), int(S[L.S_JDECK_N])
        st.start_turn(0)
        st.choose(L.O_HERO, QUARTERMASTER, 1)
        assert st.frame()[0] == L.F_PLAY
        st.choose(L.O_DONE)                                         # play none
        assert int(S[L.S_JDECK_N]) == deck - 2                       # the rank's draw 2
        if not net:
            assert st.frame()[0] == L.F_SECONDARY and int(S[L.S_N_HAND + 0]) == hand + 2
            continue
        assert st.frame()[:3] == (L.F_TAKE_DISCARD, 0, 1)
        assert sorted(r[1] for r in st.options() if r[0] == L.O_CARD) == sorted((a, b))       # not c, d
        assert st.offers(L.O_DONE)
        st.choose(L.O_CARD, b)
        assert int(S[L.S_JLOC + b]) == L.J_HAND + 0 and int(S[L.S_JLOC + a]) == L.J_DISCARD
        assert int(S[L.S_N_HAND + 0]) == hand + 3 and int(S[L.S_JDECK_N]) == deck - 2
        assert st.frame()[0] == L.F_SECONDARY                       # 1 card only


def test_ohn_ma_puuhn_with_an_empty_discard_pile_takes_nothing(rules):
    """Nothing discarded: nothing to take (and the upgrade draws nothing from the deck)."""
    st = new(rules, "kwanan", "kusan")
    ready(st, 21, 22)
    S = st.S
    give_upgrade(st, 0, "kwanan_u3", QUARTERMASTER)
    for j in range(int(st.C[L.C_N_JOURNEY])):
        if S[L.S_JLOC + j] == L.J_DISCARD:
            S[L.S_JLOC + j] = L.J_BOX
    deck = int(S[L.S_JDECK_N])
    st.start_turn(0)
    st.choose(L.O_HERO, QUARTERMASTER, 1)
    st.choose(L.O_DONE)
    assert st.frame()[0] == L.F_SECONDARY and int(S[L.S_JDECK_N]) == deck - 2


# ================================================================ Noom: Hyazynthia
def test_hyazynthias_upgrade_gives_both_5_coins_and_2_glory(rules):
    """"Noom - Hyazynthia: With her upgrade, you gain both 5 coins and 2 glory."

    The data (noom_u1, Hyazynthia's Tithe, under the Treasurer Hyazynthia): two steps, not a
    choice; after her activation (rank 1: 10 coins) Noom gains both."""
    got = {}
    for tithe in (False, True):
        st = new(rules, "noom", "kusan")
        ready(st, 21, 22)
        S = st.S
        assert upgrade_actions(st, "noom_u1") == (((("coins", 5),),), ((("glory", 2),),))
        assert st.content.upgrades.index("noom_u1") in range(int(st.C[L.C_N_GENERAL_UPGRADES]),
                                                             int(st.C[L.C_N_UPGRADES]))
        assert int(st.C[L.C_U_HERO + st.content.upgrades.index("noom_u1")]) == TREASURER
        if tithe:
            give_upgrade(st, 0, "noom_u1", TREASURER)
        S[L.S_COINS + 0], S[L.S_GLORY + 0] = 0, 0
        st.start_turn(0)
        st.choose(L.O_HERO, TREASURER, 1)
        assert st.frame()[0] == L.F_SECONDARY                       # nothing to choose
        got[tithe] = (int(S[L.S_COINS + 0]), int(S[L.S_GLORY + 0]))
    assert got == {False: (10, 0), True: (15, 2)}


# ================================================================ Mespanne: the protection track
def mespanne(rules, power_=0, others=("kusan",)):
    st = new(rules, "mespanne", *others)
    ready(st, 21, *(22, 23, 24)[:len(others)])
    no_damage(st, 0)
    st.S[L.S_MARKER + 0] = power_
    return st


def test_mespannes_thresholds_are_the_nation_boards(rules):
    """"Mespanne - Protection Track: Mespanne can have up to 25 power. At 15 power they gain +1
    speed when sailing. At 20 power each hero ... may be activated a second time ... At 25
    power, they may use 2 instead of 1 secondary actions ..." - the kernel reads them from
    nations/mespanne.toml (PR_*); the other nations keep the general "10 or more power: +1
    speed"."""
    st = new(rules, "mespanne", "kusan")
    board = rules.config["nations"]["mespanne"]["nation"]
    effects = {f: e["at"] for e in board["power_effects"] for f in e["flags"]}
    assert board["max_power"] == 25 and effects == {"power_speed_plus_1": 15, "power_activate_occupied_heroes": 20,
                                                    "power_two_secondary_actions": 25}
    assert [int(st.PR[0, k]) for k in (L.PR_MAX_POWER, L.PR_SPEED_AT_POWER, L.PR_TWICE_AT_POWER,
                                       L.PR_TWO_SECONDARY_AT_POWER)] == [25, 15, 20, 25]
    assert int(st.PR[1, L.PR_SPEED_AT_POWER]) == 10


def test_mespanne_has_up_to_25_power(rules):
    """"Mespanne can have up to 25 power." (Noom: "Noom has 15 power and cannot gain any more";
    Kusan's board, ASSUMED: 20.)"""
    st = mespanne(rules, power_=20)
    st.S[L.S_MARKER + 1] = 20
    st.start_turn(0)
    for p in (0, 1):
        for _ in range(3):
            st.push_program(p, "nations.mespanne.secondary[1].actions")     # gain 3 power
    st.run_to_decision()
    assert (power(st, 0), power(st, 1)) == (25, 20) == (int(st.PR[0, L.PR_MAX_POWER]), int(st.PR[1, L.PR_MAX_POWER]))


def test_mespanne_sails_with_1_more_speed_from_15_power_not_10(rules):
    """"At 15 power they gain +1 speed when sailing." (Everyone else: "When a player has 10 or
    more power, they have +1 speed when sailing.")

    Mespanne's Scout (move 2) and Kusan's (move 2)."""
    speeds = {}
    for nation in ("mespanne", "kusan"):
        for pw in (10, 14, 15):
            st = new(rules, nation, "guild")
            ready(st, 21, 22)
            no_damage(st, 0)
            st.S[L.S_MARKER + 0] = pw
            st.start_turn(0)
            st.choose(L.O_HERO, SCOUT, 1)
            speeds[nation, pw] = st.frame()[2]
    assert speeds == {("mespanne", 10): 2, ("mespanne", 14): 2, ("mespanne", 15): 3,
                      ("kusan", 10): 3, ("kusan", 14): 3, ("kusan", 15): 3}


def test_mespanne_activates_an_occupied_hero_a_second_time_from_20_power(rules):
    """"At 20 power each hero (including extra crew, but not Angels) may be activated a second
    time if they are already occupied with a worker." ("each activated hero can only be
    activated at most twice"; "Angel heroes can never be activated a second time.")"""
    for pw in (19, 20):
        for workers in (1, 2):
            st = mespanne(rules, pw)
            st.S[L.S_HERO_WORKERS + TREASURER] = workers
            st.start_turn(0)
            assert bool(hero_ranks(st, 0, TREASURER)) == (pw == 20 and workers == 1)
    st = mespanne(rules, 20)
    st.S[L.S_HERO_WORKERS + TREASURER] = 1
    coins = int(st.S[L.S_COINS + 0])
    st.start_turn(0)
    assert hero_ranks(st, 0, TREASURER) == {0, 1}                   # the second worker, any rank
    st.choose(L.O_HERO, TREASURER, 1)
    assert int(st.S[L.S_HERO_WORKERS + TREASURER]) == 2 and int(st.S[L.S_COINS + 0]) == coins + 10
    # an Angel hero's action (Hea: once per game) is not offered again at 20 power
    st = mespanne(rules, 20)
    a = hold_angel(st, 0, "hea")
    st.S[L.S_ANGEL_ONCE + 0] = 1 << a
    st.start_turn(0)
    assert not st.offers(L.O_CREW, 0, a)


def test_mespanne_activates_its_extra_crew_a_second_time_from_20_power(rules):
    """"At 20 power each hero (*including extra crew*, but not Angels) may be activated a
    second time if they are already occupied with a worker."

    Find the Expedition's extra crew (expedition_hero), activated once since the recharge."""
    for pw in (19, 20):
        st = mespanne(rules, pw)
        t = give_trophy(st, 0, "expedition_hero")
        st.S[L.S_CREW_USED + 0] = 1 << t
        st.start_turn(0)
        assert st.offers(L.O_CREW, 1, t) == (pw == 20)


def test_mespanne_takes_2_secondary_actions_from_25_power(rules):
    """"At 25 power, they may use 2 instead of 1 secondary actions after a hero or chronicle
    action." (The kernel: two different ones; "You cannot choose the same option twice in a
    row.")"""
    for pw in (24, 25):
        st = mespanne(rules, pw)
        st.start_turn(0)
        st.choose(L.O_HERO, TREASURER, 1)
        to_secondary(st)
        assert st.frame()[2] == (2 if pw == 25 else 1)
        coins = int(st.S[L.S_COINS + 0])
        st.choose(L.O_SECONDARY, 0)                                 # gain 5 coins
        if pw == 25:
            assert st.frame()[0] == L.F_SECONDARY and not st.offers(L.O_SECONDARY, 0)
            st.choose(L.O_SECONDARY, 3)                             # draw 1
        assert st.frame()[0] == L.F_END_TURN and int(st.S[L.S_COINS + 0]) == coins + 5
        # after a chronicle action
        st = mespanne(rules, pw)
        awaken(st, 0, "neasta", L.CH_AWAKEN_PATRON)
        while st.frame()[0] == L.F_MARK_CURSE:
            take_any(st)
        assert st.frame()[:3] == (L.F_SECONDARY, 0, 2 if pw == 25 else 1)


# ================================================================ Mespanne: Mère Admiral Adele
def test_adeles_ranks_in_the_data(rules):
    """"Mespanne - Mère Admiral Adele: On rank 2 or higher, you may choose to purify the area
    with your ship or an adjacent area, not both. On rank 4, you gain 20 Demons, plus you have
    to pay 5 coins." - the data: purify_adjacent from rank 2 on; rank 4's cost 5 coins and
    20 Demons."""
    st = new(rules, "mespanne", "kusan")
    for r in (1, 2, 3, 4):
        actions, coins, other = rank_program(st, 0, FIRST_OFFICER, r)
        symbols = [name for step in actions for alt in step for name, _ in alt]
        assert ("purify_adjacent" in symbols) == (r >= 2)
        if r == 4:
            assert (coins, other) == (5, (((("demons", 20),),),))


def adele(rules, rank, coins=30, power_=0):
    """Mespanne (Adele at `rank`) in Ashen Strait (3 Demons printed), next to Gate of Whispers
    (5), Bay of Broken Oaths (4, empty), Gull Rocks (0), Northwind Shallows (1); activated."""
    st = mespanne(rules, power_)
    st.S[L.S_RANK + FIRST_OFFICER] = rank
    ready(st, 8, 22)
    put_in_deed_area(st, BAY)
    st.S[L.S_COINS + 0] = coins
    st.start_turn(0)
    return st


def purified(st):
    return {x for x in range(int(st.C[L.C_N_AREAS])) if st.S[L.S_PURIFIED + x]}


def test_adele_from_rank_2_purifies_the_ships_area_or_an_adjacent_one(rules):
    """"On rank 2 or higher, you may choose to purify the area with your ship or an adjacent
    area, not both." (Rank 1: no purifying.)"""
    st = adele(rules, 2)
    st.choose(L.O_HERO, FIRST_OFFICER, 1)
    assert st.frame()[0] != L.F_PURIFY_ADJ and purified(st) == set()
    for pick in (area(st, 8), area(st, 2)):
        st = adele(rules, 2)
        st.choose(L.O_HERO, FIRST_OFFICER, 2)
        assert st.frame()[0] == L.F_PURIFY_ADJ
        offered = {r[1] for r in st.options() if r[0] == L.O_AREA}
        ash = area(st, 8)
        assert offered == {ash} | {x for x in neighbours(st, ash) if st.C[L.C_AREA_DEMONS + x] > 0}
        assert len(offered) == 5                                    # all but Gull Rocks (no Demons)
        glory = int(st.S[L.S_GLORY + 0])
        st.choose(L.O_AREA, pick)
        assert purified(st) == {pick}
        assert int(st.S[L.S_GLORY + 0]) == glory + int(st.C[L.C_AREA_DEMONS + pick])
        to_secondary(st)
        assert purified(st) == {pick}


def test_adele_at_rank_4_gains_20_demons_and_pays_5_coins(rules):
    """"On rank 4, you gain 20 Demons, plus you have to pay 5 coins." - a cost: rank 4 is not
    offered without 5 coins; with them, Mespanne (20 power) pays 5 coins and takes 20 Demons
    (the power goes first: "Gaining Demons automatically reduces your power")."""
    assert hero_ranks(adele(rules, 4, coins=4), 0, FIRST_OFFICER) == {0, 1}
    assert hero_ranks(adele(rules, 4, coins=5), 0, FIRST_OFFICER) == {0, 1, 4}
    st = adele(rules, 4, coins=30, power_=20)
    assert 4 in hero_ranks(st, 0, FIRST_OFFICER)
    st.choose(L.O_HERO, FIRST_OFFICER, 4)
    assert int(st.S[L.S_COINS + 0]) == 25
    assert power(st, 0) == 0 and demons(st, 0) == 0                 # 20 power - 20 Demons (then destroy 2)
    st = adele(rules, 4, coins=30, power_=22)
    st.choose(L.O_HERO, FIRST_OFFICER, 4)
    assert power(st, 0) == 2


def test_adele_at_rank_4_still_purifies_only_one_area(rules):
    """"On rank 2 *or higher*, you may choose to purify the area with your ship or an adjacent
    area, not both." - rank 4 too.

    Adele at rank 4 in Ashen Strait (3 Demons printed) purifies Gate of Whispers (5)."""
    st = adele(rules, 4, coins=30, power_=20)
    st.choose(L.O_HERO, FIRST_OFFICER, 4)
    assert st.frame()[0] == L.F_PURIFY_ADJ
    st.choose(L.O_AREA, area(st, 2))
    to_secondary(st)
    assert purified(st) == {area(st, 2)}


# ================================================================ Mespanne: Grande Garde Antoinette Diop
def test_diop_destroys_another_players_demons_without_asking(rules):
    """"Mespanne - Grande Garde Antoinette Diop: With her upgrade, you don't have to ask for
    the other player's permission before destroying their Demons."

    Diop's Purge (mespanne_u5, ASSUMED: its destroy:3 destroys another player's Demons, the
    holder picks whose) under the Warrior Diop (rank 1: 4 power). Mespanne has 2 Demons, Kusan
    5, The Guild 4, Noom none. The decision is Mespanne's alone; Mespanne's own Demons stay
    (the Warrior's 4 power take them)."""
    for purge in (False, True):
        st = mespanne(rules, 0, others=("kusan", "guild", "noom"))
        S = st.S
        assert upgrade_actions(st, "mespanne_u5") == (((("destroy", 3),),),)
        if purge:
            give_upgrade(st, 0, "mespanne_u5", WARRIOR)
        S[L.S_MARKER:L.S_MARKER + 4] = (-2, -5, -4, 0)
        st.start_turn(0)
        st.choose(L.O_HERO, WARRIOR, 1)
        if not purge:
            assert st.frame()[0] == L.F_SECONDARY
            assert [demons(st, p) for p in range(4)] == [0, 5, 4, 0] and power(st, 0) == 2
            continue
        assert st.frame()[:3] == (L.F_DIOP, 0, 3) and st.current_player() == 0
        assert sorted(st.options()) == [(L.O_DONE, 0, 0, 0), (L.O_ALT, 1, 0, 0), (L.O_ALT, 2, 0, 0)]
        st.choose(L.O_ALT, 2)
        assert st.frame()[0] == L.F_SECONDARY
        assert [demons(st, p) for p in range(4)] == [0, 5, 1, 0] and power(st, 0) == 2
    # nobody else with Demons: nothing to decide
    st = mespanne(rules, 0)
    give_upgrade(st, 0, "mespanne_u5", WARRIOR)
    st.S[L.S_MARKER + 0] = -3
    st.start_turn(0)
    st.choose(L.O_HERO, WARRIOR, 1)
    assert st.frame()[0] == L.F_SECONDARY and power(st, 0) == 1
