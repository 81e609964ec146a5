"""The EOS heuristic (simulate/eos/policy.py): its ship finds the way to a target round the
areas it cannot enter, coins it has plenty of cost it nothing, it keeps the cards a challenge
asks for, and so the greedy ends its games by the chronicle (the kernel issue: at least 99%
for every player count); its weights and phases (docs/strategies-eos.md) change its play."""
import numpy as np
import pytest

from simulate.eos import GAME
from simulate.eos import layout as L
from simulate.eos.actions import SYMBOLS
from simulate.eos import policy
from simulate.eos.transcript import SeatPolicies
from strategies import resolve_strategies

from .scenario import empty_hand, free_angels, fresh, give_journey, neighbours, put_in_deed_area, ready

RULES = GAME.load_rules()


def bit(*areas):
    return np.int64(sum(1 << int(a) for a in areas))


def weighed(st, strategy="greedy"):
    """(W, PV): every seat's weights and program worths under `strategy`, for the game's phase."""
    seats = SeatPolicies(resolve_strategies(GAME, strategy, st.n)[0], st.n, st.C)
    for p in range(st.n):
        policy.use_phase(st.S, st.C, seats.W, seats.PV, p, policy.game_phase(st.S, st.C))
    return seats.W, seats.PV


def targets(st, p=0):
    return policy.sailing_targets(st.S, st.C, st.NS, st.PR, *weighed(st), p)[:2]


def test_a_target_behind_closed_water_is_farther():
    """An Angel two wave lines away is worth angel_target less ``away(2)`` to a seat holding
    a blessing token (angel_target if it may still sail 2); with every area next to the ship closed it
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
    W, PV = weighed(st)
    target, nothing = bit(y), np.int64(0)
    angel = W[0, L.W_ANGEL]

    def away(d):
        return policy.away(W, 0, d)

    def worth(blocked, reach=0):
        return policy.position_values(S, C, NS, PR, W, PV, 0, x, reach, target, blocked, angel)
    assert worth(nothing, 2) == (angel - away(2), angel)
    assert worth(nothing, 1) == (angel - away(2), angel - away(1))
    near = neighbours(st, x)
    assert worth(bit(*near), 2) == (0.0, 0.0)
    ways = sorted(near & near_y)                # the areas between x and the Angel
    if len(ways) > 1:                           # one closed: the other way is as short
        assert worth(bit(ways[0]))[0] == angel - away(2)
    else:                                       # the only one closed: a longer way, or none
        assert worth(bit(ways[0]))[0] < angel - away(2)
    assert (targets(st)[0] >> y) & 1            # the Angel is a target


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
    W, PV = weighed(st)
    st.S[L.S_COINS] = 100
    assert policy.challenge_worth(st.S, st.C, W, PV, 0, ch) == pytest.approx(-100 * W[0, L.Y_COINS])
    st.S[L.S_COINS] = 100 + W[0, L.W_RESERVE]
    assert policy.challenge_worth(st.S, st.C, W, PV, 0, ch) == 0.0


def test_the_greedy_keeps_the_cards_a_challenge_asks_for():
    """Find the Expedition asks for 2 journey cards: holding no more than 2, every card the
    greedy could play costs it keep_card more than with a third in hand; so with only the face-down
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
        W, PV = weighed(st)
        target, blocked, most = policy.sailing_targets(st.S, st.C, st.NS, st.PR, W, PV, 0)
        return {st.options()[i][:3]: policy.option_value(st.S, st.C, st.NS, st.PR, W, PV, st.OPT, i, target,
                                                         blocked, most) for i in range(n)}
    held = values()
    j = st.content.journey.index("j01")
    assert held[(L.O_CARD, j, 1)] < held[(L.O_DONE, 0, 0)]          # face down: kept
    give_journey(st, 0, "j03")
    spare = values()
    for option, v in held.items():
        keep = weighed(st)[0][0, L.W_KEEP]
        assert spare[option] == pytest.approx(v + (keep if option[0] == L.O_CARD else 0.0))
    assert spare[(L.O_CARD, j, 1)] > spare[(L.O_DONE, 0, 0)]         # a third card: one may go


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_greedy_ends_its_games_by_the_chronicle(players):
    """At least 99% of 4,000 greedy games end by the chronicle track, not the turn cap."""
    _, POL, W = resolve_strategies(GAME, "greedy", players)
    r = GAME.play(RULES, players, 11, 0, 4000, POL, W)
    assert r.capped.mean() <= 0.01
    assert (r.turns[r.capped] == RULES.config["game"]["turn_cap"]).all()


# ---------------------------------------------------------------- weights and phases
def test_the_phase_is_the_third_of_the_chronicle_track_filled():
    st = fresh(RULES, "noom", "kusan")
    first = int(st.C[L.C_CHRON_FIRST + 2])
    slots = int(st.S[L.S_CHRON_LAST]) + 1 - first
    seen = []
    for filled in range(slots):
        st.S[L.S_CHRON_NEXT] = first + filled
        seen.append(policy.game_phase(st.S, st.C))
    assert seen == [3 * k // slots for k in range(slots)] and seen[0] == 0 and seen[-1] == 2


def test_a_phase_puts_its_weights_in_use_and_weighs_every_program_with_them():
    st = fresh(RULES, "noom", "kusan")
    strategy = resolve_strategies(GAME, "greedy:late.glory=3:early.coins=1", 2)[0][0]
    seats = SeatPolicies([strategy], 2, st.C)
    W, PV = seats.W, seats.PV
    n = L.N_WEIGHTS
    for phase, (glory, coins) in enumerate([(1.0, 1.0), (1.0, 0.2), (3.0, 0.2)]):
        policy.use_phase(st.S, st.C, W, PV, 0, phase)
        assert (W[0, :n] == W[0, n * (1 + phase):n * (2 + phase)]).all()
        assert (W[0, L.Y_GLORY], W[0, L.Y_COINS]) == (glory, coins)
        for prog, decoded in ((p, st.content.programs.decode(p)) for p in range(0, int(st.C[L.C_N_PROGS]), 37)):
            expected = sum(max(sum(W[0, SYMBOLS.index(name)] * amount for name, amount in alt
                                   if name in SYMBOLS) for alt in step) for step in decoded)
            assert PV[0, prog] == pytest.approx(expected)


@pytest.mark.parametrize("weight,column", [("coins=1.0", L.P_COINS), ("patron=40", L.P_ANGELS_PATRON)])
def test_a_weight_changes_how_the_seats_play(weight, column):
    """Seats that value coins five times higher end with more of them; seats with a bias for
    the patron side awaken more Angels as patrons (400 four-player games, the same seeds)."""
    def mean(strategy):
        _, POL, W = resolve_strategies(GAME, strategy, 4)
        r = GAME.play(RULES, 4, 3, 0, 400, POL, W)
        return r.seats[:r.n, :4, column].mean()
    assert mean(f"greedy:{weight}") > 1.5 * mean("greedy") + 0.1


def test_idle_turns_count_a_seats_turns_since_its_last_chronicle_action():
    """Counted apart from the feats log: at each of seat 0's turns, its own turns since the
    one in which its chronicle actions last rose (since the game began if never)."""
    st = fresh(RULES, "noom", "kusan", seed=8)
    seats = SeatPolicies(resolve_strategies(GAME, "greedy", 2)[0], 2, st.C)
    S = st.S
    own, last_active, before, checked = 0, 0, 0, 0
    turn = -1
    while not st.is_terminal() and S[L.S_TURN] < 80:
        if S[L.S_TURN] != turn and S[L.S_SEAT] == 0:
            turn = int(S[L.S_TURN])
            took = int(S[L.S_ACTIONS + L.A_CHRONICLE])
            if took > before:
                last_active, before = own - 1, took
            assert policy.idle_turns(S, 0) == own - last_active
            own += 1
            checked += 1
        st.choose_index(seats.pick(st))
    assert checked >= 15 and before >= 2


def test_idleness_makes_targets_and_the_chronicle_more_urgent():
    """With idle_line and idle_target, a seat's weights in use are the phase's plus so much
    per idle turn; with both at 0 (greedy) they are the phase's."""
    st = fresh(RULES, "noom", "kusan")
    S = st.S
    S[L.S_TURN] = 2 * 7                         # seat 0's eighth turn, no chronicle action yet
    for spec, line, target in (("greedy", 0.0, 0.0), ("greedy:idle_line=0.5:idle_target=2", 0.5, 2.0)):
        seats = SeatPolicies(resolve_strategies(GAME, spec, 2)[0], 2, st.C)
        W = seats.W
        policy.pick(S, st.C, st.NS, st.PR, st.RP, st.OPT, st.offered, seats.pol[0], W, seats.PV, seats.PH)
        base = L.N_WEIGHTS * (1 + seats.PH[0])
        idle = policy.idle_turns(S, 0)
        assert idle == 7
        assert W[0, L.W_AWAY_LINE] == pytest.approx(W[0, base + L.W_AWAY_LINE] + line * idle)
        for k in (L.W_ANGEL, L.W_DEED, L.W_LORD, L.W_ENTRY):
            assert W[0, k] == pytest.approx(W[0, base + k] + target * idle)


def test_with_curses_the_heuristic_weighs_the_curses_in_play():
    """Remoran's curse takes 5 glory off an Angel's, a Lord's or a deed's; Mearon's takes the
    areas' rewards; the Demon Maw's adds a Demon on entering (chronicle.tile_glory,
    sailing.arrive): `curses` 1 counts them as the engine will, 0 (greedy) not at all."""
    from .scenario import set_curses
    st = fresh(RULES, "noom", "kusan")
    S, C = st.S, st.C
    rows = {}
    for spec in ("greedy", "greedy:curses=1"):
        seats = SeatPolicies(resolve_strategies(GAME, spec, 2)[0], 2, C)
        policy.use_phase(S, C, seats.W, seats.PV, 1, 0)      # seat 1: Kusan (Noom's Angel may be Alhana)
        rows[spec] = seats.W, seats.PV
    W, PV = rows["greedy:curses=1"]
    rewarded = next(x for x in range(int(C[L.C_N_AREAS])) if policy.pv(PV, 1, C[L.C_AREA_REWARD + x]) > 0
                    and C[L.C_AREA_DEMONS + x] > 0 and S[L.S_PURIFIED + x] == 0)
    glory, demons, reward = W[1, L.Y_GLORY], W[1, L.Y_DEMONS], policy.pv(PV, 1, C[L.C_AREA_REWARD + rewarded])
    free = policy.area_value(S, C, W, PV, 1, rewarded)
    set_curses(st, "Remoran", board=False)
    assert policy.tile_worth(S, C, W, 1, 12) == pytest.approx(7 * glory) and policy.tile_worth(S, C, W, 1, 3) == 0
    assert policy.tile_worth(S, C, *rows["greedy"][:1], 1, 12) == pytest.approx(12 * rows["greedy"][0][1, L.Y_GLORY])
    set_curses(st, "Mearon", board=False)
    assert policy.area_value(S, C, W, PV, 1, rewarded) == pytest.approx(free - reward)
    S[L.S_DEED_CURSES] = 1 << L.K_DEMON_MAW
    set_curses(st, board=False)
    assert policy.area_value(S, C, W, PV, 1, rewarded) == pytest.approx(free + demons)
