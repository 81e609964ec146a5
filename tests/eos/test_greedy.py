"""The EOS greedy policy (simulate/eos/policy.py): its ship finds the way to a target round
the areas it cannot enter, coins it has plenty of cost it nothing, it keeps the cards a
challenge asks for, and so it ends its games by the chronicle (the kernel issue: at least
99% for every player count)."""
import numpy as np
import pytest

from simulate.eos import GAME
from simulate.eos import layout as L
from simulate.eos import policy
from strategies import resolve_strategies

from .scenario import empty_hand, free_angels, fresh, give_journey, neighbours, put_in_deed_area, ready

RULES = GAME.load_rules()


def bit(*areas):
    return np.int64(sum(1 << int(a) for a in areas))


def targets(st, p=0):
    return policy.sailing_targets(st.S, st.C, st.NS, st.PR, p)[:2]


def test_a_target_behind_closed_water_is_farther():
    """An Angel two wave lines away is worth ANGEL less ``away(2)`` to a seat holding a
    blessing token (ANGEL if it may still sail 2); with every area next to the ship closed it
    is out of reach, worth nothing; with the way to it closed, it is farther."""
    st = fresh(RULES, "noom", "kusan")
    a = free_angels(st, 1)[0]
    y = int(st.C[L.C_A_AREA + a])
    near_y = neighbours(st, y)
    x = min(z for z in {z for n in near_y for z in neighbours(st, n)} - near_y - {y}
            if st.C[L.C_AREA_KIND + z] == L.AREA_OCEAN)
    st.S[L.S_AREA] = x
    st.S[L.S_BLESSINGS] = 1
    S, C, NS, PR = st.S, st.C, st.NS, st.PR
    target, nothing = bit(y), np.int64(0)

    def worth(blocked, reach=0):
        return policy.position_values(S, C, NS, PR, 0, x, reach, target, blocked, policy.ANGEL)
    assert worth(nothing, 2) == (policy.ANGEL - policy.away(2), policy.ANGEL)
    assert worth(nothing, 1) == (policy.ANGEL - policy.away(2), policy.ANGEL - policy.away(1))
    near = neighbours(st, x)
    assert worth(bit(*near), 2) == (0.0, 0.0)
    ways = sorted(near & near_y)                # the areas between x and the Angel
    if len(ways) > 1:                           # one closed: the other way is as short
        assert worth(bit(ways[0]))[0] == policy.ANGEL - policy.away(2)
    else:                                       # the only one closed: a longer way, or none
        assert worth(bit(ways[0]))[0] < policy.ANGEL - policy.away(2)
    assert (policy.sailing_targets(S, C, NS, PR, 0)[0] >> y) & 1      # the Angel is a target


def test_a_challenge_the_seat_cannot_pay_closes_its_area():
    """Pay the Demons (discard 100 coins): closed to a seat with 20 coins, a target for one
    with 200."""
    st = fresh(RULES, "noom", "kusan")
    ready(st, 21, 22)
    put_in_deed_area(st, 1, deed="pay_the_demons")
    y = int(st.C[L.C_DEED_AREA + 1])
    st.S[L.S_COINS] = 20
    target, blocked = targets(st)
    assert (blocked >> y) & 1 and not (target >> y) & 1
    st.S[L.S_COINS] = 200
    target, blocked = targets(st)
    assert (target >> y) & 1 and not (blocked >> y) & 1


def test_coins_beyond_the_reserve_cost_nothing():
    st = fresh(RULES, "noom", "kusan")
    k = st.content.deeds.index("pay_the_demons")
    ch = int(st.C[L.C_D_CHALLENGE + k])
    st.S[L.S_COINS] = 100
    assert policy.challenge_worth(st.S, st.C, 0, ch) == pytest.approx(-100 * policy.COIN)
    st.S[L.S_COINS] = 100 + policy.RICH
    assert policy.challenge_worth(st.S, st.C, 0, ch) == 0.0


def test_the_greedy_keeps_the_cards_a_challenge_asks_for():
    """Find the Expedition asks for 2 journey cards: holding no more than 2, every card the
    greedy could play costs it KEEP more than with a third in hand; so with only the face-down
    play on offer (2 glory at the end) it keeps them."""
    st = fresh(RULES, "noom", "kusan")
    ready(st, 21, 22)
    empty_hand(st, 0)
    put_in_deed_area(st, 1, deed="find_the_expedition")
    for ident in ("j01", "j02"):
        give_journey(st, 0, ident)
    assert policy.discards_wanted(st.S, st.C, 0) == 2

    def values():
        st.S[L.S_SP] = 0
        st.push(L.F_PLAY, 0, 1)
        n = st.run_to_decision()
        target, blocked, most = policy.sailing_targets(st.S, st.C, st.NS, st.PR, 0)
        return {st.options()[i][:3]: policy.option_value(st.S, st.C, st.NS, st.PR, st.OPT, i, target, blocked, most)
                for i in range(n)}
    held = values()
    j = st.content.journey.index("j01")
    assert held[(L.O_CARD, j, 1)] < held[(L.O_DONE, 0, 0)]          # face down: kept
    give_journey(st, 0, "j03")
    spare = values()
    for option, v in held.items():
        assert spare[option] == pytest.approx(v + (policy.KEEP if option[0] == L.O_CARD else 0.0))
    assert spare[(L.O_CARD, j, 1)] > spare[(L.O_DONE, 0, 0)]         # a third card: one may go


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_greedy_ends_its_games_by_the_chronicle(players):
    """At least 99% of 4,000 greedy games end by the chronicle track, not the turn cap."""
    _, POL, W = resolve_strategies(GAME, "greedy", players)
    r = GAME.play(RULES, players, 11, 0, 4000, POL, W)
    assert r.capped.mean() <= 0.01
    assert (r.turns[r.capped] == RULES.config["game"]["turn_cap"]).all()
