"""The rulebook's worked examples as scenarios, in the book's order, each quoting the book.

Every scenario runs the real kernel through the Python face (``simulate/eos/face.py``):
a game is set up from its seed, the position the example needs is written into its
state ``S`` through ``layout``'s offsets, and the kernel takes it from there
(``engine.advance``/``choose``). Each test asserts what would break if the rule were
wrong. (The resources examples are in test_resources.py; Angel passives, curses,
trophies, Noom's starting Angel and the Kraken in test_angels_curses.py; the nations'
upgrades in test_nations.py. The helpers are shared: tests/eos/scenario.py.)
"""
import pytest

from simulate.eos import cards
from simulate.eos import layout as L
from simulate.eos.config import load_rules
from simulate.eos.face import State
from simulate.eos.symbols import pawn_supply
from tests.eos.scenario import (at_angel, FIRST_OFFICER, QUARTERMASTER, SCOUT, TREASURER, WARRIOR, angel_area, angel_on_board, area, areas_offered,
                                deed_area, demons, finish_turn, free_angels, fresh, give_journey, give_upgrade,
                                glory_from, neighbours, new, no_damage, power, put_in_deed_area, ready, stat, stop_sailing,
                                take_any)


@pytest.fixture(scope="module")
def rules():
    return load_rules()


# ---------------------------------------------------------------- setup
def test_hqs_ophelia_gives_a_rank_increase_and_mespanne_starts_with_3_protection(rules):
    """"The HQS Ophelia gives the blue player a rank increase. They choose the Treasurer to
    increase in rank. The Mespanne nation starts with 3 protection, which has them shift
    their protection track 3 spaces to the right.\""""
    st = fresh(rules, "mespanne", "kusan")
    kind, p = st.frame()[:2]
    assert (kind, p) == (L.F_RANK, 0)                             # the first decision: which hero
    assert sorted(r[1] for r in st.options() if r[0] == L.O_HERO_PICK) == list(range(5))
    st.choose(L.O_HERO_PICK, TREASURER)
    ranks = [int(st.S[L.S_RANK + h]) for h in range(5)]
    assert ranks == [1, 1, 1, 2, 1]
    assert int(st.S[L.S_STAT + L.STATS.index("rank_increases")]) == 1     # a rank increase like any other
    assert int(st.S[L.S_PROTECTION + 0]) == 3 and int(st.S[L.S_PROTECTION + 1]) == 0
    assert [int(st.S[L.S_RANK + 5 + h]) for h in range(5)] == [1] * 5   # Kusan's ship gives no rank


# ---------------------------------------------------------------- end of game
def test_the_last_chronicle_slot_gives_every_other_player_one_more_turn(rules):
    """"The game end is triggered when the last space of the chronicle track is filled. Each
    player - except the active player that ended the game - gets one more turn.\""""
    st = new(rules, "noom", "kusan", "guild")
    (angel,) = free_angels(st, 1)
    ready(st, 21, angel_area(st, angel), 22)                    # Kusan at the Angel's location
    st.S[L.S_BLESSINGS + 1] = 1
    st.S[L.S_CHRON_NEXT] = st.S[L.S_CHRON_LAST]                  # one free slot left
    st.start_turn(1)
    st.choose(L.O_CHRONICLE, L.CH_AWAKEN_PATRON, angel)
    assert int(st.S[L.S_END_SEAT]) == 1
    kusan_actions = int(st.S[L.S_ACTIONS + 4:L.S_ACTIONS + 8].sum())
    finish_turn(st)
    assert not st.is_terminal() and st.current_player() == 2     # The Guild's last turn
    finish_turn(st)
    assert not st.is_terminal() and st.current_player() == 0     # Noom's last turn
    finish_turn(st)
    assert st.is_terminal() and st.current_player() < 0          # not Kusan again
    assert int(st.S[L.S_ACTIONS + 4:L.S_ACTIONS + 8].sum()) == kusan_actions
    assert int(st.S[L.S_ENDED_BY]) == L.END_CHRONICLE
    assert sum(st.returns()) == pytest.approx(1.0)


def test_bonus_glory_at_the_end_and_most_glory_then_most_coins_wins(rules):
    """"Lose 1 glory for each unprotected Demon on your board. Gain 1 glory for each morale
    boost. Gain 1 glory for each rank increase. Gain 2 glory for each played journey card.
    Discarded journey cards are not worth any glory. Gain 3 glory for each upgrade built."
    "The player with the most glory is the winner. In case of a tie, the tied player with
    the most coins is the winner. If there is still a tie, the victory is shared.\""""
    st = new(rules, "kusan", "guild")
    S = st.S
    S[L.S_GLORY + 0] = 50
    S[L.S_MARKER + 0] = -5                                       # 5 Demons, 2 of them protected
    S[L.S_PROTECTION + 0] = 2                                    # -3
    S[L.S_MORALE + SCOUT] = S[L.S_MORALE + WARRIOR] = 2          # 4 morale boosts: +4
    S[L.S_RANK + SCOUT], S[L.S_RANK + TREASURER] = 3, 2          # 3 rank increases: +3
    for ident in ("j02", "j03"):                                 # 2 played cards ...
        S[L.S_JLOC + st.content.journey.index(ident)] = L.J_PLAYED + 0
    S[L.S_JLOC + st.content.journey.index("kusan_j4")] = L.J_WAITING + 0   # ... 1 played, not triggered: +6
    S[L.S_JLOC + st.content.journey.index("j05")] = L.J_DISCARD             # discarded: nothing
    give_upgrade(st, 0, "u01", L.U_SHIP_PLACE)                   # 2 upgrades: +6
    give_upgrade(st, 0, "u23", QUARTERMASTER)
    assert st.scores()[0] == 50 - 3 + 4 + 3 + 6 + 6
    S[L.S_GLORY + 1] = 66                                        # The Guild: no bonus
    assert st.scores() == [66, 66]
    S[L.S_COINS + 0], S[L.S_COINS + 1] = 40, 50
    assert st.winners() == [1]                                   # the tie goes to the most coins
    S[L.S_COINS + 0] = 50
    assert st.winners() == [0, 1]                                # still tied: shared
    S[L.S_MARKER + 0] = -4
    assert st.winners() == [0]


# ---------------------------------------------------------------- turn overview: the recharge
def test_kusan_recharges_three_workers(rules):
    """"Gain all the visible rewards on your ship from the spaces your workers vacated ...
    Example: Kusan may boost 1 morale, gain 20 coins and play 1 journey card." "Return all
    workers to their spaces, covering them. Starting on the leftmost free slot. Example: Kusan
    takes back their 3 workers from Scout, chronicle action and Warrior." "Remove your
    secondary action cube from the board.\""""
    st = new(rules, "kusan", "guild")
    ready(st, 21, 22)
    S = st.S
    S[L.S_ON_SHIP + 0] = 2                                       # 3 workers out: the 3 right slots vacated
    S[L.S_USED + 0] = 1
    S[L.S_HERO_WORKERS + SCOUT] = S[L.S_HERO_WORKERS + WARRIOR] = 1      # (the third: chronicle action)
    S[L.S_SECONDARY + 0] = 1
    coins, hand = int(S[L.S_COINS]), int(S[L.S_N_HAND])
    played = int(S[stat(st, 0, "journey_played")])
    st.start_turn(0)
    st.choose(L.O_RECHARGE)
    assert st.frame()[0] == L.F_MORALE and st.frame()[2] == 1     # boost 1 morale
    st.choose(L.O_HERO_PICK, WARRIOR)
    assert int(S[L.S_COINS]) == coins + 20                       # 20 coins
    assert st.frame()[0] == L.F_PLAY and st.frame()[2] == 1      # play 1 journey card
    card = next(r[1] for r in st.options() if r[0] == L.O_CARD)
    st.choose(L.O_CARD, card, 1)
    assert st.frame()[0] == L.F_END_TURN                         # nothing from the 2 covered slots
    assert int(S[L.S_MORALE + WARRIOR]) == 1 and int(S[stat(st, 0, "journey_played")]) == played + 1
    assert int(S[L.S_N_HAND]) == hand                            # no "draw 2" (a covered slot)
    assert int(S[L.S_ON_SHIP]) == 5 and int(S[L.S_USED]) == 0
    assert [int(S[L.S_HERO_WORKERS + h]) for h in range(5)] == [0] * 5
    assert int(S[L.S_SECONDARY]) == -1                           # the cube is off: any secondary next time


def test_recharge_needs_a_used_worker_and_is_forced_without_workers(rules):
    """"You may choose this option only if you have used at least one worker since your last
    recharge action. If all your workers are off your ship, you must choose this action.\""""
    st = new(rules, "kusan", "guild")
    ready(st, 21, 22)
    st.start_turn(0)
    assert not st.offers(L.O_RECHARGE) and st.offers(L.O_HERO)
    st.S[L.S_ON_SHIP + 0] = 0
    st.S[L.S_USED + 0] = 1
    st.S[L.S_COINS + 0] = 20                                     # a free action beside it: a decision to see
    st.start_turn(0)
    codes = {r[0] for r in st.options()}
    assert L.O_RECHARGE in codes and not codes & {L.O_HERO, L.O_CHRONICLE, L.O_CREW}


def test_a_ship_upgrades_recharge_reward_and_its_move_without_speed(rules):
    """"Gain all the rewards and take the bonus actions from any ship upgrades you have gained."
    "Example: Kusan gains 10 coins and may move their ship by 1 ocean area (no speed bonus).\""""
    st = new(rules, "kusan", "guild")
    ready(st, 21, 22)
    S = st.S
    give_upgrade(st, 0, "u01", L.U_SHIP_PLACE)                   # The Demon Heart: 10 coins each recharge
    give_upgrade(st, 0, "u04", L.U_SHIP_PLACE)                   # Navigator's Wheel: move 1 each recharge
    for j in range(int(st.C[L.C_N_JOURNEY])):                    # an empty hand: the vacated "play 1" plays nothing
        if S[L.S_JLOC + j] == L.J_HAND + 0:
            S[L.S_JLOC + j] = L.J_BOX
    S[L.S_N_HAND + 0] = 0
    S[L.S_ON_SHIP + 0], S[L.S_USED + 0] = 4, 1
    S[L.S_SPEED + 0] = 2                                         # speed a move with speed would add ...
    S[L.S_MARKER + 0] = 12                                       # ... and 10+ power's +1
    coins = int(S[L.S_COINS + 0])
    st.start_turn(0)
    st.choose(L.O_RECHARGE)
    kind, p, speed = st.frame()[:3]
    assert (kind, p, speed) == (L.F_MOVE, 0, 1)                  # 1 ocean area, no speed bonus
    assert areas_offered(st) <= neighbours(st, area(st, 21)) and st.offers(L.O_DONE)
    st.choose(L.O_AREA, area(st, 22))
    assert st.frame()[0] == L.F_END_TURN                         # no second area
    assert int(S[L.S_AREA + 0]) == area(st, 22)
    assert int(S[L.S_COINS + 0]) == coins + 10


# ---------------------------------------------------------------- the first turn
def test_the_first_turn_is_the_scout_placing_the_ship_as_1_speed(rules):
    """"On your first turn of the game, you must take a worker action and you must choose your
    scout. Place your ship pawn in the ocean area of any island surrounding the perimeter of
    the map. Then take the reward shown in that area. This counts as 1 speed. If your scout
    provides more than 1 speed at the start of the game, you may complete the rest of that
    action. You may take a secondary action during this first turn as well.\""""
    st = new(rules, "kusan", "guild")
    S = st.S
    S[L.S_FIRST_DONE + 0] = 0                                    # Kusan's first turn from its start
    S[L.S_ON_SHIP + 0], S[L.S_HERO_WORKERS + SCOUT] = 5, 0
    S[L.S_RANK + SCOUT] = 2                                      # two ranks to choose from, and coins for both
    S[L.S_COINS + 0] = 20
    st.start_turn(0)
    assert sorted(st.options()) == [(L.O_HERO, SCOUT, 1, 0), (L.O_HERO, SCOUT, 2, 0)]   # no other hero, no recharge
    st.choose(L.O_HERO, SCOUT, 1)                                # Nadira Sel at rank 1: move 2
    assert st.frame()[0] == L.F_MOVE and {r[0] for r in st.options()} == {L.O_PLACE}
    perimeter = {x for x in range(int(st.C[L.C_N_AREAS])) if st.C[L.C_AREA_PERIMETER + x]}
    assert areas_offered(st) == perimeter and area(st, 36) not in perimeter     # not a blessing corner
    glory = int(S[L.S_GLORY + 0])
    st.choose(L.O_PLACE, area(st, 21))                           # Gull Rocks: 1 glory
    assert int(S[L.S_GLORY + 0]) == glory + 1
    assert st.frame()[0] == L.F_MOVE and st.frame()[2] == 1     # the placement took 1 of the 2 speed
    assert areas_offered(st) <= neighbours(st, area(st, 21)) and area(st, 22) in areas_offered(st)
    st.choose(L.O_AREA, area(st, 22))
    assert st.frame()[0] == L.F_SECONDARY and st.offers(L.O_SECONDARY)
    assert int(S[L.S_FIRST_DONE + 0]) == 1


# ---------------------------------------------------------------- heroes
@pytest.mark.parametrize("rank,coins,cards", [(1, 0, 3), (2, 10, 4), (3, 20, 5)])
def test_cassandra_at_rank_3(rules, rank, coins, cards):
    """"Cassandra is at rank 3. The Guild may choose to activate her at rank 1, 2 or 3. Rank 1
    costs 0 coins and lets them draw 3 journey cards and play 1. At rank 2, the cost is 10
    coins, and she may draw 1 additional card, for a total of 4. If activated at rank 3, the
    cost is 20 coins. The Guild may then draw 5 journey cards and play 1." "You may not
    choose locked ranks or those you cannot pay for.\""""
    st = new(rules, "guild", "kusan")
    ready(st, 21, 22)
    S = st.S
    S[L.S_RANK + QUARTERMASTER] = 3
    for have, ranks in ((5, {1}), (15, {1, 2}), (20, {1, 2, 3})):
        S[L.S_COINS + 0] = have
        st.start_turn(0)
        assert {r[2] for r in st.options() if r[:2] == (L.O_HERO, QUARTERMASTER)} == ranks | {0}
    hand = int(S[L.S_N_HAND + 0])
    text = st.legal_actions()[st.find(L.O_HERO, QUARTERMASTER, rank)]
    assert text.startswith(f"activate the Quartermaster Cassandra at rank {rank}")
    st.choose(L.O_HERO, QUARTERMASTER, rank)
    assert int(S[L.S_COINS + 0]) == 20 - coins
    assert int(S[L.S_N_HAND + 0]) == hand + cards
    kind, p, plays = st.frame()[:3]
    assert (kind, p, plays) == (L.F_PLAY, 0, 1)


@pytest.mark.parametrize("coins", [10, 9])
def test_a_cost_of_exactly_the_coins_held_can_be_paid(rules, coins):
    """"Once you've chosen a rank, pay the coins listed below." "You may not choose locked ranks
    or those you cannot pay for." "Coins can never fall below 0." Kusan's Warrior at rank 2
    (ASSUMED cost: 10 coins) with exactly 10 coins: rank 2 is offered and leaves 0 coins; with 9
    it is not. An upgrade whose price is exactly the coins held can be bought the same way."""
    st = new(rules, "kusan", "guild")
    ready(st, 21, 22)
    S = st.S
    no_damage(st, 0)
    S[L.S_RANK + WARRIOR] = 2
    S[L.S_COINS + 0] = coins
    S[L.S_MARKER + 0] = 0
    saved = S.copy()
    st.start_turn(0)
    assert st.offers(L.O_HERO, WARRIOR, 1)
    assert st.offers(L.O_HERO, WARRIOR, 2) == (coins >= 10)
    if coins >= 10:
        st.choose(L.O_HERO, WARRIOR, 2)
        assert int(S[L.S_COINS + 0]) == 0 and power(st, 0) == 3 + 2     # rank 1's and rank 2's actions
    S[:] = saved
    m = next(int(S[L.S_MARKET + i]) for i in range(int(st.C[L.C_MARKET])) if S[L.S_MARKET + i] >= 0)
    price = int(st.C[L.C_U_PRICE + m])
    S[L.S_COINS + 0] = price - (10 - coins)                       # exactly its price (or one coin short)
    st.start_turn(0)
    assert st.offers(L.O_BUY, m) == (coins >= 10)
    if coins >= 10:
        st.choose(L.O_BUY, m)
        if st.frame()[0] == L.F_ATTACH:                                # a hero upgrade: under a hero
            take_any(st)
        assert int(S[L.S_COINS + 0]) == 0 and int(S[L.S_ULOC + m]) >= L.U_PLAY


# ---------------------------------------------------------------- the chronicle track
def test_four_players_first_two_entries_draw_an_event_the_third_spawns_a_demon_lord(rules):
    """"The first player to complete a chronicle action will add their token to the empty space
    that marks the game's player count. Further tokens are placed to the right of it."
    "Example: In a four player game, The Guild was the first to complete a chronicle action, so
    they placed their token as shown. Noom was next to place a token. Both played an event card
    afterwards. The next player to complete a chronicle action will draw an event and spawn a
    Demon Lord in addition.\""""
    st = new(rules, "guild", "noom", "kusan", "mespanne")
    S = st.S
    angels = free_angels(st, 3)
    ready(st, *(angel_area(st, a) for a in angels), 21)         # three ships at Angels' locations
    for p in range(3):
        S[L.S_BLESSINGS + p] = 1
    first = int(st.C[L.C_CHRON_FIRST + 4])
    events, lords = [], []
    for p in range(3):                                           # The Guild, Noom, then Kusan
        deck, stack = int(S[L.S_EDECK_N]), int(S[L.S_LORD_STACK_N])
        if deck == 0:
            deck = int(st.C[L.C_N_EVENTS])                       # the event deck is shuffled at its first draw
        st.start_turn(p)
        st.choose(L.O_CHRONICLE, L.CH_AWAKEN_PATRON, angels[p])
        finish_turn(st)
        assert int(S[L.S_CHRON + first + p]) == p
        events.append(deck - int(S[L.S_EDECK_N]))
        lords.append(stack - int(S[L.S_LORD_STACK_N]))
    assert events == [1, 1, 1]
    assert lords == [0, 0, 1]
    assert int(S[L.S_CHRON_NEXT]) == first + 3
    assert all(int(S[L.S_CHRON + i]) == -1 for i in range(first))      # nothing left of the player-count space


# ---------------------------------------------------------------- objectives
def objectives(st, *idents):
    S = st.S
    for i in range(L.OBJECTIVES_IN_PLAY):
        S[L.S_OBJ + i] = st.content.objectives.index(idents[i]) if i < len(idents) else -1
        S[L.S_OBJ_DONE + i] = 0


def test_the_first_player_to_have_played_7_journey_cards_gains_10_glory(rules):
    """"Example: The first player to have played 7 journey cards gains 10 glory immediately.
    Only one player can complete this card, flip it over as a reminder that it has been
    completed.\""""
    st = new(rules, "kusan", "guild")
    ready(st, 21, 22)
    objectives(st, "o02")
    S = st.S
    S[stat(st, 0, "journey_played")] = S[stat(st, 1, "journey_played")] = 6
    st.start_turn(0)
    st.choose(L.O_HERO, QUARTERMASTER, 1)                        # Selim Karavan: draw 2, play 1
    card = next(r[1] for r in st.options() if r[0] == L.O_CARD)
    st.choose(L.O_CARD, card, 1)                                 # the 7th (face down counts as played)
    finish_turn(st)
    assert glory_from(st, 0, L.GF_OBJECTIVE) == 10
    S[stat(st, 1, "journey_played")] = 7                          # The Guild gets there too: too late
    finish_turn(st)
    finish_turn(st)
    assert glory_from(st, 1, L.GF_OBJECTIVE) == 0
    assert glory_from(st, 0, L.GF_OBJECTIVE) == 10               # once


def test_spend_100_coins_during_your_turn_each_player_once(rules):
    """"Example: During your turn, spend 100 coins to gain 10 glory. Any player that does this
    adds a nation cube to the bottom of the card. Each player can only do this once per game.\""""
    st = new(rules, "kusan", "guild")
    ready(st, 21, 22)
    objectives(st, "o03")
    S = st.S
    S[L.S_COINS + 0], S[L.S_COINS + 1] = 250, 250
    put_in_deed_area(st, 1, deed="pay_the_demons")               # "Discard 100 coins", next to Kusan's ship
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    st.choose(L.O_AREA, deed_area(st, 1))                        # Kusan pays 100 coins entering
    assert int(S[L.S_COINS + 0]) == 150
    finish_turn(st)
    assert glory_from(st, 0, L.GF_OBJECTIVE) == 10
    assert st.current_player() == 1                              # The Guild spends 60 this turn ...
    st.push_program(1, "upgrades.card[u01].cost", 1)             # (30 coins, as buying The Demon Heart)
    st.push_program(1, "upgrades.card[u05].cost", 1)             # (30 coins)
    st.run_to_decision()
    finish_turn(st)
    assert glory_from(st, 1, L.GF_OBJECTIVE) == 0
    assert st.current_player() == 0                              # Kusan spends 100 again: only once
    st.push_program(0, "deeds.deed[pay_the_demons].challenge", 1)
    st.run_to_decision()
    finish_turn(st)
    assert glory_from(st, 0, L.GF_OBJECTIVE) == 10
    assert st.current_player() == 1                              # ... and 40 more the next: not one turn
    st.push_program(1, "upgrades.card[u46].cost", 1)
    st.run_to_decision()
    finish_turn(st)
    assert glory_from(st, 1, L.GF_OBJECTIVE) == 0
    st.push_program(0, "upgrades.card[u46].cost", 1)             # (Kusan's turn: nothing)
    st.run_to_decision()
    finish_turn(st)
    assert st.current_player() == 1                              # The Guild: 40 + 30 + 30 in one turn
    for cost in ("u46", "u01", "u05"):
        st.push_program(1, f"upgrades.card[{cost}].cost", 1)
    st.run_to_decision()
    finish_turn(st)
    assert glory_from(st, 1, L.GF_OBJECTIVE) == 10
    assert glory_from(st, 0, L.GF_OBJECTIVE) == 10


def test_12_rank_increases_each_player_once_independent_of_the_9_rank_card(rules):
    """"Example: Each player to have increased a total of 12 ranks during the game gains 10
    glory immediately. Each player can only do this once per game." "Objectives are
    independent from each other. Example: If you fulfill the objective that requires 9 rank
    increases, you only need 3 more for the 12 rank increases objective.\""""
    st = new(rules, "kusan", "guild")
    ready(st, 21, 22)
    objectives(st, "o05", "o04")                                 # 9 rank increases; 12 rank increases
    S = st.S
    S[stat(st, 0, "rank_increases")] = 8
    st.start_turn(0)
    st.push_program(0, "destiny_die.face[4]")                    # increase 1 rank
    st.run_to_decision()
    st.choose(L.O_HERO_PICK, TREASURER)
    finish_turn(st)
    assert int(S[stat(st, 0, "rank_increases")]) == 9
    assert glory_from(st, 0, L.GF_OBJECTIVE) == 10               # the 9 card
    S[stat(st, 1, "rank_increases")] = 12                        # The Guild has 12
    finish_turn(st)
    assert glory_from(st, 1, L.GF_OBJECTIVE) == 10               # the 12 card (the 9 card is taken)
    st.push_program(0, "deeds.deed[cross_the_virgin_gate].rewards")    # increase 3 ranks
    st.run_to_decision()
    for h in (SCOUT, WARRIOR, FIRST_OFFICER):
        st.choose(L.O_HERO_PICK, h)
    finish_turn(st)
    assert int(S[stat(st, 0, "rank_increases")]) == 12
    assert glory_from(st, 0, L.GF_OBJECTIVE) == 20               # the same increases count for both
    finish_turn(st)
    finish_turn(st)
    assert glory_from(st, 0, L.GF_OBJECTIVE) == 20 and glory_from(st, 1, L.GF_OBJECTIVE) == 10   # once each


# ---------------------------------------------------------------- journey cards
def test_the_regular_journey_card_gives_3_demons_and_a_move_2_with_speed(rules):
    """"Regular journey card: When you play this card, you gain 3 Demons and may take a move 2
    action that can be enhanced with speed. Add it to your face-down pile after you've
    resolved it.\""""
    st = new(rules, "kusan", "guild")
    ready(st, 21, 22)
    S = st.S
    S[L.S_PROTECTION + 0] = 3                                    # the 3 Demons protected: no damage speed
    S[L.S_SPEED + 0] = 1                                         # +1 speed (a Scout's morale step)
    j01 = give_journey(st, 0, "j01")
    st.start_turn(0)
    st.choose(L.O_HERO, QUARTERMASTER, 1)                        # draw 2, play 1
    assert "play journey card \"Favourable Winds\"" in st.legal_actions()
    st.choose(L.O_CARD, j01, 0)
    assert demons(st, 0) == 3
    kind, p, speed = st.frame()[:3]
    assert (kind, p, speed) == (L.F_MOVE, 0, 3)                  # move 2, enhanced by the +1 speed
    assert int(S[L.S_JLOC + j01]) == L.J_PLAYED + 0


def test_a_journey_card_played_face_down_costs_and_gives_nothing(rules):
    """"When you're allowed to play a journey card, you may choose to simply put it face down in
    your player area to gain 2 glory for it at the end of the game. In this case, don't pay any
    costs and gain no Demons nor rewards.\""""
    st = new(rules, "kusan", "guild")
    ready(st, 21, 22)
    j01 = give_journey(st, 0, "j01")
    before = st.scores()[0]
    st.start_turn(0)
    st.choose(L.O_HERO, QUARTERMASTER, 1)
    st.choose(L.O_CARD, j01, 1)
    assert demons(st, 0) == 0 and st.frame()[0] != L.F_MOVE
    assert int(st.S[L.S_JLOC + j01]) == L.J_PLAYED + 0
    assert st.scores()[0] == before + 2


# ---------------------------------------------------------------- sailing
def test_sailing_restrictions(rules):
    """"You cannot move into the ocean area where your ship pawn started. You cannot enter an
    ocean area that you already entered with this movement. You cannot enter areas with
    challenges when you cannot pay for all challenges.\""""
    st = new(rules, "kusan", "guild")
    ready(st, 21, 22)
    S = st.S
    S[L.S_SPEED + 0] = 1                                         # Scout move 2 + 1: speed 3
    put_in_deed_area(st, 1, deed="pay_the_demons")               # area 9, next to 21 and 22: 100 coins
    S[L.S_COINS + 0] = 50
    saved = S.copy()
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    assert st.frame()[2] == 3
    start, gate = area(st, 21), deed_area(st, 1)
    assert gate in neighbours(st, start)
    assert areas_offered(st) == neighbours(st, start) - {gate}   # 50 coins cannot pay 100
    st.choose(L.O_AREA, area(st, 22))
    assert start not in areas_offered(st) and gate not in areas_offered(st)
    assert areas_offered(st) == neighbours(st, area(st, 22)) - {start, gate}
    st.choose(L.O_AREA, area(st, 36))                            # a blessing corner: between 21 and 22 only
    while st.frame()[0] == L.F_CORNER:
        take_any(st)
    assert neighbours(st, area(st, 36)) == {start, area(st, 22)}
    assert st.frame()[0] == L.F_SECONDARY                        # 1 speed left, nowhere to go: the move ends
    S[:] = saved
    S[L.S_COINS + 0] = 100
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    assert gate in areas_offered(st)                             # 100 coins pay it in full


def test_kusan_sails_with_speed_2_through_a_and_b(rules):
    """"Move your ship pawn up to its speed. If the area you enter contains Demons or rewards,
    gain them immediately. If you have more than one speed, enter each ocean area separately,
    resolving as you go. Do not gain rewards or Demons from the area you start your movement
    in." "Example: Kusan has a sailing action with speed 2. They first enter area a, gaining 3
    Demons. Then they enter area b, gaining 5 more Demons and 2 glory.\""""
    # a = area 8 (3 Demons), b = area 2 (5 Demons) next to it; their rewards set to the
    # example's (a: none, b: 2 glory)
    rules = load_rules(overrides={"map.area.8.reward": [], "map.area.2.reward": ["glory:2"]})
    st = new(rules, "kusan", "guild")
    ready(st, 20, 22)                                            # area 20 (1 Demon, 5 coins) next to a
    S = st.S
    a, b = area(st, 8), area(st, 2)
    assert (int(st.C[L.C_AREA_DEMONS + a]), int(st.C[L.C_AREA_DEMONS + b])) == (3, 5)
    glory, coins = int(S[L.S_GLORY + 0]), int(S[L.S_COINS + 0])
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    assert st.frame()[2] == 2
    st.choose(L.O_AREA, a)
    assert demons(st, 0) == 3 and int(S[L.S_GLORY + 0]) == glory
    st.choose(L.O_AREA, b)
    assert demons(st, 0) == 8 and int(S[L.S_GLORY + 0]) == glory + 2
    assert int(S[L.S_COINS + 0]) == coins                        # nothing from the start area
    assert st.frame()[0] == L.F_SECONDARY


def test_noom_awakens_ashamnon_with_a_chronicle_action_the_turn_after_entering(rules):
    """"Angel Locations: ... Simply entering an Angel area does not gain you the Angel. You need
    a blessing token and then a chronicle action. Example: Noom entered Ashamnon's area last
    turn. They may now take a chronicle action and discard a blessing token to awaken
    Ashamnon and add them to their crew." (Angels: "If your ship starts your turn in an ocean
    area with an Angel pawn, and you have a blessing token ...". Hero: "Gain the glory reward
    ... Place the Angel pawn from the ocean area onto the Angel hero. Each pawn acts as a ready
    Angel attack." Patron: "Flip your Angel card over and gain 15 glory ... the Angel pawn is
    returned to the general supply.")"""
    ids = [a["id"] for a in rules.config["angels"]["angel"]]
    ash, eo = ids.index("ashamnon"), ids.index("eo")
    for seed in range(1, 40):                                    # Noom's starting Angel neither Ashamnon nor Eo
        st = new(rules, "noom", "kusan", seed=seed)              # (Eo's start of turn would come first)
        if st.S[L.S_ANGEL + ash] != L.ANG_HERO and st.S[L.S_ANGEL + eo] != L.ANG_HERO:
            break
    ready(st, 14, 22)
    S = st.S
    angel_on_board(st, "ashamnon")
    there = int(st.C[L.C_A_AREA + ash])
    assert there == area(st, 15) and there in neighbours(st, area(st, 14))
    S[L.S_BLESSINGS + 0] = 1
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    st.choose(L.O_AREA, there)                                   # entering: nothing yet
    stop_sailing(st)
    st.push_program(0, "upgrades.card[u46].actions")             # a chronicle action now (Herald of Deeds)
    st.run_to_decision()
    assert st.frame()[0] == L.F_SECONDARY and not st.offers(L.O_CHRONICLE)
    assert int(S[L.S_ANGEL + ash]) == L.ANG_BOARD
    finish_turn(st)
    finish_turn(st)                                              # Kusan's turn
    assert st.current_player() == 0 and st.frame()[0] == L.F_ACTION
    assert st.offers(L.O_CHRONICLE, L.CH_AWAKEN_HERO, ash) and st.offers(L.O_CHRONICLE, L.CH_AWAKEN_PATRON, ash)
    saved = S.copy()
    S[L.S_BLESSINGS + 0] = 0
    st.start_turn(0)
    assert not st.offers(L.O_CHRONICLE)                          # no blessing token, no Angel
    supply, attacks0 = int(saved[L.S_SUPPLY_BLESSINGS]), int(saved[L.S_ATTACKS + 0])
    glory0, entries0 = glory_from(st, 0, L.GF_ANGEL), int(saved[L.S_ENTRIES + 0])
    for side, glory, attacks, where in ((L.CH_AWAKEN_HERO, int(st.C[L.C_A_HERO_GLORY + ash]), 1, L.ANG_HERO),
                                        (L.CH_AWAKEN_PATRON, 15, 0, L.ANG_PATRON)):
        S[:] = saved
        st.start_turn(0)
        st.choose(L.O_CHRONICLE, side, ash)
        assert int(S[L.S_BLESSINGS + 0]) == 0 and int(S[L.S_SUPPLY_BLESSINGS]) == supply + 1
        assert glory_from(st, 0, L.GF_ANGEL) == glory0 + glory
        assert int(S[L.S_ATTACKS + 0]) == attacks0 + attacks
        assert int(S[L.S_ANGEL + ash]) == where + 0
        assert int(S[L.S_ENTRIES + 0]) == entries0 + 1           # a chronicle entry


@pytest.mark.parametrize("purified", [False, True])
def test_a_purified_ocean_area_gives_no_demons_on_entering(rules, purified):
    """"Purify an area: Use a nation token to cover up the printed Demon total in the area where
    your ship pawn is located." "If the area you enter contains Demons or rewards, gain them
    immediately." Kusan sails from Gull Rocks into the Ashen Strait (3 Demons, 2 glory): purified
    (by The Guild's token), its Demons are covered and only its reward comes."""
    st = new(rules, "kusan", "guild")
    ready(st, 21, 22)
    S = st.S
    no_damage(st, 0)
    strait = area(st, 8)
    assert int(st.C[L.C_AREA_DEMONS + strait]) == 3 and strait in neighbours(st, area(st, 21))
    S[L.S_MARKER + 0] = 0
    S[L.S_SHIELDS + 0] = 0
    S[L.S_PURIFIED + strait] = 2 if purified else 0               # 1 + the purifying seat
    glory = int(S[L.S_GLORY + 0])
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    st.choose(L.O_AREA, strait)
    while st.frame()[0] != L.F_MOVE:
        take_any(st)
    assert int(S[L.S_AREA + 0]) == strait
    assert demons(st, 0) == (0 if purified else 3)
    assert int(S[L.S_GLORY + 0]) == glory + 2                     # the reward all the same
    assert int(S[L.S_PURIFIED + strait]) == (2 if purified else 0)


@pytest.mark.parametrize("ident,supply,attacks", [("alhana", 0, 1), ("eo", 0, 1), ("eo", 1, 2)])
def test_an_angel_awakened_as_a_hero_gives_one_ready_attack_even_when_the_pawn_supply_is_empty(
        rules, ident, supply, attacks):
    """"Hero: ... Remove the Angel pawn from your ship's area and place it on your new Angel card.
    As long as that pawn is on the card, you have one ready Angel attack for defeating a Demon
    Lord." The pawn comes from the shore, not the supply: with every other pawn in play (The
    Guild's ready attacks) the awakening still gives one attack. Eo ("Gain 2 Angel pawns upon
    awakening Eo") takes its second from the supply, when there is one."""
    st = new(rules, "kusan", "guild")
    ready(st, 21, 22)
    S = st.S
    a = at_angel(st, 0, ident)
    S[L.S_ATTACKS + 1] += pawn_supply(S, st.C) - supply          # the rest of the pawns: The Guild's
    assert pawn_supply(S, st.C) == supply
    before = int(S[L.S_ATTACKS + 0])
    st.start_turn(0)
    while st.frame()[0] != L.F_ACTION:
        take_any(st)
    st.choose(L.O_CHRONICLE, L.CH_AWAKEN_HERO, a)
    assert int(S[L.S_ANGEL + a]) == L.ANG_HERO + 0
    assert int(S[L.S_ATTACKS + 0]) == before + attacks
    assert pawn_supply(S, st.C) == supply - (attacks - 1)         # the shore's pawn went onto the card


def test_kwanan_enters_pass_the_black_rock_with_speed_3_and_15_demons(rules):
    """"Epic Deed Areas: ... You cannot enter epic deed areas unless you can fulfill the
    challenges of the epic deed or Demon Lord that reside there." "Example: Kwanan want to
    enter this area. They need to gain 15 Demons and have at least a total of speed 3. If they
    don't have a total speed of 3 or don't want to gain 15 Demons, they cannot enter this
    area.\""""
    st = new(rules, "kwanan", "kusan")
    ready(st, 21, 22)
    S = st.S
    put_in_deed_area(st, 1, deed="pass_the_black_rock")
    rock = deed_area(st, 1)
    S[L.S_PURIFIED + rock] = 2                                   # the area's printed Demons covered: the 15 alone
    saved = S.copy()
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)                                # Falkuun: move 2
    assert st.frame()[2] == 2 and rock not in areas_offered(st)
    S[:] = saved
    S[L.S_SPEED + 0] = 1
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    assert st.frame()[2] == 3 and rock in areas_offered(st)
    assert "sail into area 9 (Bay of Broken Oaths)" in st.legal_actions()
    st.choose(L.O_AREA, rock)
    assert demons(st, 0) == 15 and int(S[L.S_AREA + 0]) == rock


@pytest.mark.parametrize("shared", [True, False])
def test_the_guild_takes_4_glory_at_a_blessing_corner_where_mespanne_took_5(rules, shared):
    """"Blessing Areas: When you enter a blessing area you gain a blessing token if you don't
    have one. Then gain one of the rewards on the border and mark it with a nation token. You
    can't gain a reward of that type from that area again." "Example: The Guild enters this
    area. They gain a blessing token and choose to gain 4 glory since 5 glory has already been
    claimed by Mespanne. The Guild places a nation token of theirs on 4 glory."

    The shared reading (a claimed reward is closed to everyone) is the config's default
    (game.corner_rewards_shared); the other setting closes it only to its taker."""
    if not shared:
        rules = load_rules(overrides={"game.corner_rewards_shared": False})
    st = new(rules, "mespanne", "guild")
    ready(st, 21, 22)                                            # both next to corner 1 (area 36)
    S = st.S
    corner = area(st, 36)
    c = int(st.C[L.C_AREA_CORNER + corner])
    rewards = [st.content.programs.decode(int(st.C[L.C_CORNER_REWARD + c * L.MAX_CORNER_REWARDS + k]))[0]
               for k in range(int(st.C[L.C_CORNER_N + c]))]            # one step each
    five, four = rewards.index(((("glory", 5),),)), rewards.index(((("glory", 4),),))
    tokens = int(S[L.S_CORNER_TOKENS + c])
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    st.choose(L.O_AREA, corner)
    assert int(S[L.S_BLESSINGS + 0]) == 1
    glory = int(S[L.S_GLORY + 0])
    st.choose(L.O_ALT, five)                                     # Mespanne claims 5 glory
    assert int(S[L.S_GLORY + 0]) == glory + 5
    finish_turn(st)
    assert st.current_player() == 1
    st.choose(L.O_HERO, SCOUT, 1)
    st.choose(L.O_AREA, corner)
    assert int(S[L.S_BLESSINGS + 1]) == 1 and int(S[L.S_CORNER_TOKENS + c]) == tokens - 2
    offered = {r[1] for r in st.options() if r[0] == L.O_ALT}
    assert four in offered and (five not in offered) == shared
    glory = int(S[L.S_GLORY + 1])
    st.choose(L.O_ALT, four)
    assert int(S[L.S_GLORY + 1]) == glory + 4
    assert (int(S[L.S_CORNER_TAKEN + 1]) >> ((c - 1) * L.MAX_CORNER_REWARDS + four)) & 1


def test_mespanne_needs_a_scout_upgrade_to_enter_the_inner_lake(rules):
    """"The Secret Passage: ... You need to upgrade your scout to use the secret passage. Once
    you do, you may travel in and out of the inner lake from points A or B as if they shared a
    wave line." "Example: Mespanne wants to enter the inner lake. To get there, they have to
    sail along the dotted line from areas A or B. This requires an upgrade on the scout.\""""
    st = new(rules, "mespanne", "kusan")
    S = st.S
    gate = next(x for x in range(int(st.C[L.C_N_AREAS])) if st.C[L.C_AREA_PASSAGE + x] == 1)     # A
    mist = next(x for x in range(int(st.C[L.C_N_AREAS])) if st.C[L.C_AREA_PASSAGE + x] == 2)     # B
    lake = deed_area(st, 6)
    ready(st, st.content.areas[gate], 22)
    put_in_deed_area(st, 6)                                      # an empty lake: its printed reward
    saved = S.copy()
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    assert lake not in areas_offered(st)                         # without the upgrade: never
    S[:] = saved
    passage = [u for u in range(int(st.C[L.C_N_UPGRADES])) if st.C[L.C_U_FLAGS + u] & L.UF_PASSAGE]
    assert [st.content.upgrades[u] for u in passage] == ["u19"]
    give_upgrade(st, 0, "u19", SCOUT)
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    assert lake in areas_offered(st)
    glory = int(S[L.S_GLORY + 0])
    st.choose(L.O_AREA, lake)
    assert int(S[L.S_AREA + 0]) == lake
    assert int(S[L.S_GLORY + 0]) == glory + 5                    # the lake's printed reward
    assert areas_offered(st) == {mist}                           # out again: B (A was the start)


def test_the_secret_passage_upgrade_under_another_hero_does_not_open_it(rules):
    """"You need to upgrade your scout to use the secret passage." "This requires an upgrade
    on the scout.\""""
    st = new(rules, "mespanne", "kusan")
    gate = next(x for x in range(int(st.C[L.C_N_AREAS])) if st.C[L.C_AREA_PASSAGE + x] == 1)
    ready(st, st.content.areas[gate], 22)
    put_in_deed_area(st, 6)
    give_upgrade(st, 0, "u19", WARRIOR)
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    assert deed_area(st, 6) not in areas_offered(st)


# ---------------------------------------------------------------- Demon Lords
def spawn_position(st):
    """Kusan's and The Guild's ships in deed area 1 (area 9) with Save the City; three curses
    in play (Glondan oldest; none of them touches what follows); Betaun next on the stack; the
    pawn on area 1, then 5, then 6."""
    S = st.S
    ready(st, 9, 9)
    city = put_in_deed_area(st, 1, deed="save_the_city")
    old = [put_in_deed_area(st, d, lord=lo) for d, lo in ((2, "Glondan"), (3, "Quaranavan"), (4, "Hanor"))]
    put_in_deed_area(st, 5)
    S[L.S_CURSES:L.S_CURSES + 3] = old
    S[L.S_N_CURSES] = 3
    new_lord = st.content.lords.index("Betaun")
    for lo in range(int(st.C[L.C_N_LORDS])):
        if S[L.S_LORD + lo] == L.LS_STACK:
            S[L.S_LORD + lo] = L.LS_BOX
    S[L.S_LORD_STACK] = new_lord
    S[L.S_LORD + new_lord] = L.LS_STACK
    S[L.S_LORD_STACK_N] = 1
    S[L.S_PLACEMENT:L.S_PLACEMENT + 3] = (6, 5, 1)               # top last
    S[L.S_PLACEMENT_N] = 3
    S[L.S_PAWN] = 1
    return city, old, new_lord


def test_spawning_a_demon_lord(rules):
    """"Locate the ocean area with the Demon Lord pawn. The new Demon Lord will spawn there.
    Remove any epic deed from this area and the owners of any ships in that area must move
    them to adjacent ocean areas (owner's choice). This movement cannot be enhanced by speed
    or any other modifier. Players gain rewards and Demons as usual." "If there are already 3
    curses, remove the oldest curse, but leave its Demon Lord on the board. There can only ever
    be 3 Demon Lord curses in play." "Choose the next Demon Lord spawn location. Discard the
    top Demon Lord placement token from the stack. Place the Demon Lord pawn in the area
    mentioned on the new top placement token.\""""
    st = new(rules, "kusan", "guild")
    S = st.S
    city, old, new_lord = spawn_position(st)
    S[L.S_SPEED + 0] = 3                                         # no speed counts
    coins, glory = int(S[L.S_COINS + 0]), int(S[L.S_GLORY + 1])
    st.start_turn(0)
    st.push(L.F_SPAWN, 0)                                        # "spawn a Demon Lord" (a chronicle slot's)
    st.run_to_decision()
    here = deed_area(st, 1)
    for p, to in ((0, 10), (1, 21)):                             # the active player first
        assert st.current_player() == p and st.frame()[0] == L.F_PUSH
        assert areas_offered(st) == neighbours(st, here)
        st.choose(L.O_AREA, area(st, to))
        assert int(S[L.S_AREA + p]) == area(st, to)
    assert int(S[L.S_COINS + 0]) == coins + 10 and demons(st, 0) == 2    # area 10: 10 coins and 2 Demons
    assert int(S[L.S_GLORY + 1]) == glory + 1                            # area 21: 1 glory
    assert int(S[L.S_DEED + city]) == L.DS_REMOVED
    assert int(S[L.S_DEED_AT + 1]) == L.LORD + new_lord
    assert [int(v) for v in S[L.S_CURSES:L.S_CURSES + S[L.S_N_CURSES]]] == old[1:] + [new_lord]
    assert int(S[L.S_LORD + old[0]]) == L.LS_BOARD and int(S[L.S_DEED_AT + 2]) == L.LORD + old[0]
    assert int(S[L.S_PAWN]) == 5 and int(S[L.S_PLACEMENT_N]) == 2
    assert st.frame()[0] == L.F_ACTION                           # no move of the spawn's own after the pushes


def test_a_demon_lord_spawned_in_area_6_puts_the_pawn_on_the_chronicle_track(rules):
    """"If you've placed a Demon Lord on area 6 and the Demon Lord placement stack is thus
    empty, place the Demon Lord pawn on the last slot of the chronicle track. This shortens the
    track as it takes away the possibility for players to score an entry.\""""
    st = new(rules, "kusan", "guild")
    S = st.S
    _, _, new_lord = spawn_position(st)
    S[L.S_PLACEMENT] = 6
    S[L.S_PLACEMENT_N] = 1
    S[L.S_PAWN] = 6
    last = int(S[L.S_CHRON_LAST])
    st.start_turn(0)
    st.push(L.F_SPAWN, 0)
    st.run_to_decision()
    assert int(S[L.S_DEED_AT + 6]) == L.LORD + new_lord
    assert int(S[L.S_PAWN]) == 0 and int(S[L.S_CHRON_LAST]) == last - 1


@pytest.mark.parametrize("players", [2, 3])
def test_a_spawn_that_takes_the_last_free_slot_gives_every_other_player_one_last_turn(rules, players):
    """"If you've placed a Demon Lord on area 6 and the Demon Lord placement stack is thus empty,
    place the Demon Lord pawn on the last slot of the chronicle track. ... If this is the last
    free slot, every player takes one last turn and the end of the game triggers." As when a
    player fills the last slot ("Each player - except the active player that ended the game -
    gets one more turn"): the active player's turn is its last, every other player takes exactly
    one more."""
    st = new(rules, *("kusan", "guild", "noom")[:players])
    S = st.S
    ready(st, *[21] * players)                                   # no ship in the inner lake
    assert int(S[L.S_LORD_STACK_N]) > 0
    S[L.S_PLACEMENT] = 6
    S[L.S_PLACEMENT_N] = 1
    S[L.S_PAWN] = 6
    S[L.S_CHRON_NEXT] = S[L.S_CHRON_LAST]                        # one free slot left: the pawn takes it
    st.start_turn(0)
    st.push(L.F_SPAWN, 0)
    st.run_to_decision()
    assert int(S[L.S_END_SEAT]) == 0
    order = []
    finish_turn(st)
    while not st.is_terminal():
        order.append(st.current_player())
        finish_turn(st)
    assert order == list(range(1, players))                      # each other player once, seat 0 not again


# ---------------------------------------------------------------- epic deeds
def test_a_deeds_challenge_is_paid_in_full_before_the_ship_enters_its_area(rules):
    """"Each epic deed tile shows: the challenges players have to pay before being able to move
    their ship into the ocean area where the tile sits (they have to be paid in full ...)"
    ("Defend Home Against the Hordes. Challenge: Lose 10 power.") Kusan holds 10 power and sails
    into the deed's area, which holds 4 Demons: the 10 power is paid first, then the area's 4
    Demons come (taking the Demons first would leave 6 power, too little to pay)."""
    st = new(rules, "kusan", "guild")
    ready(st, 22, 21)
    S = st.S
    no_damage(st, 0)
    put_in_deed_area(st, 1, deed="defend_home_against_the_hordes")
    home = deed_area(st, 1)
    assert int(st.C[L.C_AREA_DEMONS + home]) == 4 and int(S[L.S_PURIFIED + home]) == 0
    S[L.S_MARKER + 0] = 10                                       # 10 power
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    assert home in areas_offered(st)
    st.choose(L.O_AREA, home)
    while st.frame()[0] != L.F_MOVE:                             # (the challenge asks nothing)
        take_any(st)
    assert int(S[L.S_AREA + 0]) == home
    assert power(st, 0) == 0 and demons(st, 0) == 4


def test_the_speed_3_challenge_counts_the_speed_when_the_move_starts(rules):
    """"Where a challenge requires a total of X speed, the player has to have a total of X speed
    before they start moving their ship. Their current speed value when entering the ocean
    area with this tile is irrelevant. Example: The challenge requires 3 speed and the
    player's ship sits in an adjacent area. They activate their Scout which gives them 2 speed,
    and they have +1 speed from their protection track. They may solve the challenge since
    they had 3 speed when starting their movement. It does not matter that they only have 2
    speed left after they have entered the area.\""""
    st = new(rules, "kusan", "guild")
    ready(st, 21, 22)
    S = st.S
    put_in_deed_area(st, 1, deed="pass_the_black_rock")          # 15 Demons and speed 3
    rock = deed_area(st, 1)
    S[L.S_PURIFIED + rock] = 2
    S[L.S_MARKER + 0] = -2                                       # 2 Demons
    S[L.S_PROTECTION + 0] = 1                                    # (room for 17)
    st.PR[0, L.PR_N_ZONES] = 0                                   # no damage zone: the Scout's 2 alone
    saved = S.copy()
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    assert st.frame()[2] == 2 and rock not in areas_offered(st)
    S[:] = saved
    # The test's own protection track: a zone giving +1 speed at Kusan's Demons (the kernel's
    # zones carry a speed change, PR_ZONES: Demons from, to, speed, no protection gain).
    st.PR[0, L.PR_N_ZONES] = 1
    st.PR[0, L.PR_ZONES:L.PR_ZONES + 4] = (1, 16, 1, 0)
    st.start_turn(0)
    st.choose(L.O_HERO, SCOUT, 1)
    assert st.frame()[2] == 3 and rock in areas_offered(st)
    st.choose(L.O_AREA, rock)
    assert int(S[L.S_AREA + 0]) == rock and demons(st, 0) == 17
    assert st.frame()[0] == L.F_MOVE and st.frame()[2] == 2      # 2 speed left after entering
