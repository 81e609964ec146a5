"""EOS check mode (simulate/eos/check.py): many games of every player count played with the
checks on break no invariant, and every check catches the violation planted for it."""
import numpy as np
import pytest

from simulate.core.tape import no_tape
from simulate.eos import GAME, cards, check, engine, kernel, setup
from simulate.eos import layout as L
from simulate.eos.config import load_rules
from simulate.eos.content import build
from simulate.eos.frames import push
from simulate.eos.resources import max_demons
from strategies import resolve_strategies

GAMES = 5000            # per player count and policy
RUN_SEED = 20240611
NATIONS = (0, 1, 2, 3)  # the planting game's seats: Noom, Mespanne, Kusan, The Guild
N = len(NATIONS)


@pytest.fixture(scope="module")
def rules():
    return load_rules().config


@pytest.fixture(scope="module")
def content(rules):
    return build(rules)


def fresh(content, n=N, nations=NATIONS, seed=7):
    """A game of n seats just set up (the setup bonuses still on the stack): S, C, NS, PR, RG."""
    sc = kernel.scratch(int(content.C[L.C_N_PROGS]))
    S, RG, NS, PR = sc.S, sc.RG, sc.NS, sc.PR
    for p in range(n):
        NS[p] = content.NS[nations[p]]
        PR[p] = content.PR[nations[p]]
    RG[0] = seed
    setup.new_game(S, content.C, NS, n, RG)
    return S, content.C, NS, PR, RG


def code_of(S, C, NS, PR):
    return int(check.check_state(S, C, NS, PR))


# ---------------------------------------------------------------- the codes
def test_codes_are_one_per_description_below_the_engines_codes():
    codes = [v for k, v in vars(check).items() if k.startswith("CK_")]
    assert sorted(codes) == list(range(1, len(check.CHECKS) + 1))
    assert len(check.CHECKS) < 90          # 90, 91: frames.ERR_STACK, engine.ERR_NO_FRAME
    assert all(isinstance(d, str) and d and "\n" not in d for d in check.CHECKS)


def test_angel_pawns_is_the_configs(rules):
    assert check.ANGEL_PAWNS == rules["game"]["angel_pawns"]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_fresh_game_keeps_every_invariant(content, n):
    for seed in range(20):
        nations = np.random.default_rng(seed).permutation(5)[:n]
        S, C, NS, PR, _ = fresh(content, n, nations, seed)
        assert code_of(S, C, NS, PR) == 0, (n, seed, nations)


# ---------------------------------------------------------------- the big run
@pytest.mark.slow
@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_games_with_checks_on_break_no_invariant(content, n, policy):
    games, seats, seeds = kernel.result_arrays(GAMES)
    _, POL, W = resolve_strategies(GAME, policy, n)
    plan = kernel.Plan(n_players=n, run_seed=RUN_SEED, first=0, n_games=GAMES, nations=np.full(n, -1, np.int64),
                       rotate=True, POL=POL, WS=W, check=True)
    kernel.batch(content.C, content.NS, content.PR, plan, kernel.Out(games, seats, seeds, kernel.card_arrays(GAMES)),
                 kernel.scratch(int(content.C[L.C_N_PROGS])), None, no_tape())
    errors = games[:, L.G_ERROR]
    broken = {}
    for code in np.unique(errors[errors != 0]):
        at = np.nonzero(errors == code)[0]
        what = check.CHECKS[code - 1] if code <= len(check.CHECKS) else "engine error"
        first = at[0]
        broken[int(code)] = (what, f"{len(at)} games; the first: game {first} (run seed {RUN_SEED}, game seed "
                                   f"{seeds[first]}), turn {games[first, L.G_ERROR_TURN]}")
    assert not broken, broken
    assert (games[:, L.G_TURNS] > 0).all()


# ---------------------------------------------------------------- each check catches its violation
def seat_upgrade(S, C, NS, p=0):
    """One of seat p's nation upgrades (in its hand at setup) and that upgrade's hero."""
    u = int(NS[p, L.NS_UPGRADES])
    return u, int(C[L.C_U_HERO + u])


def deed_areas(S, lords):
    return [d for d in range(1, L.N_DEED_AREAS + 1)
            if (S[L.S_DEED_AT + d] >= L.LORD) == lords and S[L.S_DEED_AT + d] >= 0]


def pile(S, at, n_at):
    return [int(v) for v in S[at:at + S[n_at]]]


def set_pile(S, at, n_at, items):
    S[at:at + len(items)] = items
    S[n_at] = len(items)


def take_worker(S, p, h):
    S[L.S_ON_SHIP + p] -= 1
    S[L.S_HERO_WORKERS + p * L.N_HEROES + h] += 1
    S[L.S_USED + p] = 1


def plant_hero_workers_over_off_ship(S, C, NS, PR):
    S[L.S_HERO_WORKERS + 1] = 1                     # all workers still on the ship


def plant_worker_lost_from_a_full_ship_only(S, C, NS, PR):
    take_worker(S, 0, 0)                            # 4 on the ship, 1 on the Scout
    S[L.S_MAX_WORKERS] -= 1                         # a worker less for good...
    S[L.S_ON_SHIP] = min(S[L.S_ON_SHIP], S[L.S_MAX_WORKERS])     # ...taken only from a full ship


def plant_three_on_a_hero(S, C, NS, PR):
    S[L.S_ON_SHIP] -= 3
    S[L.S_HERO_WORKERS + 2] = 3


def plant_blessing_over_limit(S, C, NS, PR):
    S[L.S_SUPPLY_BLESSINGS] -= 2
    S[L.S_BLESSINGS + 1] += 2


def plant_attacks_over_pawns(S, C, NS, PR):
    on_board = sum(S[L.S_ANGEL + a] == L.ANG_BOARD for a in range(C[L.C_N_ANGELS]))
    S[L.S_ATTACKS + 2] = check.ANGEL_PAWNS - on_board + 1


def plant_stacked_lord_defeated(S, C, NS, PR):
    S[L.S_LORD + S[L.S_LORD_STACK + S[L.S_LORD_STACK_N] - 1]] = L.LS_DEFEATED


def plant_lord_off_its_area(S, C, NS, PR):
    S[L.S_DEED_AT + deed_areas(S, True)[0]] = -1


def plant_lord_in_two_areas(S, C, NS, PR):
    S[L.S_DEED_AT + deed_areas(S, False)[0]] = S[L.S_DEED_AT + deed_areas(S, True)[0]]


def plant_pawn_elsewhere(S, C, NS, PR):
    S[L.S_PAWN] = S[L.S_PAWN] % L.N_DEED_AREAS + 1


def plant_lord_spawned_without_a_token(S, C, NS, PR):
    lord = S[L.S_LORD_STACK + S[L.S_LORD_STACK_N] - 1]
    S[L.S_LORD_STACK_N] -= 1
    S[L.S_LORD + lord] = L.LS_BOARD
    d = deed_areas(S, False)[0]
    S[L.S_DEED + S[L.S_DEED_AT + d]] = L.DS_REMOVED
    S[L.S_DEED_AT + d] = L.LORD + lord              # the pawn and the placement tokens untouched


def plant_curse_of_a_stacked_lord(S, C, NS, PR):
    S[L.S_CURSES + 1] = S[L.S_LORD_STACK]
    S[L.S_N_CURSES] = 2


def plant_curse_twice(S, C, NS, PR):
    S[L.S_CURSES + 1] = S[L.S_CURSES]
    S[L.S_N_CURSES] = 2


def plant_done_deed_in_its_area(S, C, NS, PR):
    S[L.S_DEED + S[L.S_DEED_AT + deed_areas(S, False)[0]]] = L.DS_DONE


def plant_board_deed_nowhere(S, C, NS, PR):
    S[L.S_DEED_AT + deed_areas(S, False)[0]] = -1


def nation_card_in_hand(S, C, p=0):
    return next(j for j in range(C[L.C_N_JOURNEY])
                if S[L.S_JLOC + j] == L.J_HAND + p and C[L.C_J_NATION + j] >= 0)


def plant_journey_with_absent_seat(S, C, NS, PR):
    S[L.S_JLOC + nation_card_in_hand(S, C)] = L.J_PLAYED + N       # seat N is not in play


def plant_nation_card_with_other_seat(S, C, NS, PR):
    S[L.S_JLOC + nation_card_in_hand(S, C)] = L.J_HAND + 1


def plant_nation_card_in_discard(S, C, NS, PR):
    S[L.S_JLOC + nation_card_in_hand(S, C)] = L.J_DISCARD


def plant_draw_without_count(S, C, NS, PR):
    S[L.S_JDECK_N] -= 1
    S[L.S_JLOC + S[L.S_JDECK + S[L.S_JDECK_N]]] = L.J_HAND


def plant_upgrade_on_place_6(S, C, NS, PR):
    S[L.S_ULOC + seat_upgrade(S, C, NS)[0]] = L.U_PLAY + 6


def plant_nation_upgrade_with_other_seat(S, C, NS, PR):
    S[L.S_ULOC + seat_upgrade(S, C, NS)[0]] = L.U_HAND + 1


def plant_nation_upgrade_in_market(S, C, NS, PR):
    u = seat_upgrade(S, C, NS)[0]
    S[L.S_ULOC + S[L.S_MARKET]] = L.U_DISCARD
    S[L.S_MARKET] = u
    S[L.S_ULOC + u] = L.U_MARKET


def plant_market_twice(S, C, NS, PR):
    S[L.S_ULOC + S[L.S_MARKET + 1]] = L.U_DISCARD
    S[L.S_MARKET + 1] = S[L.S_MARKET]


def plant_market_past_its_size(S, C, NS, PR):
    S[L.S_MARKET + 3] = S[L.S_MARKET]
    S[L.S_MARKET] = -1


def plant_nation_upgrade_under_other_hero(S, C, NS, PR):
    u, h = seat_upgrade(S, C, NS)
    S[L.S_ULOC + u] = L.U_PLAY + (h + 1) % L.N_HEROES


def plant_hero_upgrade_under_ship(S, C, NS, PR):
    u, _ = seat_upgrade(S, C, NS)
    S[L.S_ULOC + u] = L.U_PLAY + L.U_SHIP_PLACE


def plant_four_market_upgrades_on_a_hero(S, C, NS, PR):
    cards = pile(S, L.S_UDECK, L.S_UDECK_N)
    hero = [u for u in cards if not C[L.C_U_SHIP + u]][:C[L.C_HERO_UPGRADES] + 1]
    set_pile(S, L.S_UDECK, L.S_UDECK_N, [u for u in cards if u not in hero])
    for u in hero:
        S[L.S_ULOC + u] = L.U_PLAY + 1 * L.U_PLACES + 2        # seat 1, hero 2


def plant_upgrade_in_play_uncounted(S, C, NS, PR):
    u, h = seat_upgrade(S, C, NS)
    S[L.S_ULOC + u] = L.U_PLAY + h                  # seat 0, under its hero, no count kept


def put_seat_upgrade_in_play(S, C, NS):
    u, h = seat_upgrade(S, C, NS)
    cards.put_in_play(S, C, 0, u, h)
    return u, h


def plant_upgrade_flags_lost(S, C, NS, PR):
    u, h = put_seat_upgrade_in_play(S, C, NS)
    assert not C[L.C_U_FLAGS + u] & L.UF_TRAITOR
    S[L.S_UFLAGS + h] |= L.UF_TRAITOR               # a flag no upgrade there has


def plant_upgrade_flag_not_kept(S, C, NS, PR):
    traitor = next(u for u in range(C[L.C_N_UPGRADES]) if C[L.C_U_FLAGS + u] & L.UF_TRAITOR)
    upgrade_into_market(S, traitor)
    S[L.S_MARKET + list(S[L.S_MARKET:L.S_MARKET + 4]).index(traitor)] = -1      # bought: out of the market...
    cards.put_in_play(S, C, 1, traitor, 0)          # ...under seat 1's Scout
    assert code_of(S, C, NS, PR) == 0
    S[L.S_UFLAGS + 1 * L.U_PLACES] = 0


def plant_upgrade_total_off(S, C, NS, PR):
    put_seat_upgrade_in_play(S, C, NS)
    S[L.S_N_UPGRADES] += 1


def plant_hero_market_count_off(S, C, NS, PR):
    S[L.S_HERO_MARKET + 1 * L.N_HEROES + 3] = 1


def plant_upgrade_lost_in_the_box(S, C, NS, PR):
    S[L.S_UDECK_N] -= 1
    S[L.S_ULOC + S[L.S_UDECK + S[L.S_UDECK_N]]] = L.U_BOX


def plant_attach_of_an_upgrade_in_hand(S, C, NS, PR):
    push(S, L.F_ATTACH, 0, seat_upgrade(S, C, NS)[0], 0, 0, 0, 0, 0)


def plant_event_twice(S, C, NS, PR):
    S[L.S_EDECK:L.S_EDECK + 2] = 5
    S[L.S_EDECK_N] = 2


def plant_demons_past_the_furthest_shift(S, C, NS, PR):
    S[L.S_MARKER + 2] = -(PR[2, L.PR_MAX_DEMONS] + PR[2, L.PR_MAX_STEPS] + 1)


def plant_mespanne_without_fixed_protection(S, C, NS, PR):
    S[L.S_FIRST_DONE + 1] = 1               # Mespanne's first turn is behind, its 3 protection is not there


def plant_token_past_the_pointer(S, C, NS, PR):
    S[L.S_CHRON + S[L.S_CHRON_NEXT]] = 0


def plant_pointer_past_the_track(S, C, NS, PR):
    S[L.S_CHRON_NEXT] = C[L.C_CHRON_N] + 1


def plant_frame_of_absent_seat(S, C, NS, PR):
    S[L.S_STACK + (S[L.S_SP] - 1) * L.FRAME + 1] = N


def plant(field, value, offset=0):
    """A plant setting one field (S[field + offset] = value; value may be a function of (S, C, NS, PR))."""
    def f(S, C, NS, PR):
        S[field + offset] = value(S, C, NS, PR) if callable(value) else value
    return f


PLANTS = [
    (check.CK_SHIP_WORKERS, plant(L.S_ON_SHIP, lambda S, C, NS, PR: S[L.S_MAX_WORKERS] + 1)),
    (check.CK_SHIP_WORKERS, plant(L.S_MAX_WORKERS, check.WORKER_PAWNS + 1, 1)),
    (check.CK_SHIP_WORKERS, plant(L.S_ON_SHIP, -1, 2)),
    (check.CK_HERO_WORKERS, plant_hero_workers_over_off_ship),
    (check.CK_HERO_WORKERS, plant_worker_lost_from_a_full_ship_only),
    (check.CK_HERO_MAX, plant_three_on_a_hero),
    (check.CK_HERO_MAX, plant(L.S_HERO_WORKERS, -1, 3)),
    (check.CK_RANK, plant(L.S_RANK, 0, 1 * L.N_HEROES + 4)),
    (check.CK_RANK, plant(L.S_RANK, lambda S, C, NS, PR: NS[2, L.NS_N_RANKS + 1] + 1, 2 * L.N_HEROES + 1)),
    (check.CK_MORALE, plant(L.S_MORALE, -1, 3)),
    (check.CK_MORALE, plant(L.S_MORALE, lambda S, C, NS, PR: NS[0, L.NS_N_MORALE] + 1)),
    (check.CK_BLESSINGS, plant(L.S_CORNER_TOKENS, lambda S, C, NS, PR: S[L.S_CORNER_TOKENS + 2] + 1, 2)),
    (check.CK_BLESSINGS, plant(L.S_SUPPLY_BLESSINGS, lambda S, C, NS, PR: S[L.S_SUPPLY_BLESSINGS] - 1)),
    (check.CK_BLESSING_LIMIT, plant_blessing_over_limit),
    (check.CK_ANGELS, plant(L.S_ANGEL, L.ANG_HERO + N, 0)),
    (check.CK_ANGELS, plant(L.S_ANGEL, L.ANG_PATRON + L.MAX_PLAYERS, 1)),
    (check.CK_ANGEL_PAWNS, plant_attacks_over_pawns),
    (check.CK_ANGEL_PAWNS, plant(L.S_ATTACKS, -1, 1)),
    (check.CK_SHIELDS, plant(L.S_SHIELDS, 1, 2)),
    (check.CK_LORD_STATE, plant(L.S_LORD, 4, 0)),
    (check.CK_LORD_STACK, plant_stacked_lord_defeated),
    (check.CK_LORD_STACK, plant(L.S_LORD_STACK_N, lambda S, C, NS, PR: S[L.S_LORD_STACK_N] - 1)),
    (check.CK_DEED_AREAS, plant(L.S_DEED_AT, lambda S, C, NS, PR: C[L.C_N_DEEDS],
                                1)),    # one past the last deed (area 1 may hold anything)
    (check.CK_DEED_AREAS, plant(L.S_DEED_AT, 0, 0)),
    (check.CK_LORD_AREAS, plant_lord_off_its_area),
    (check.CK_LORD_AREAS, plant_lord_in_two_areas),
    (check.CK_LORD_PAWN, plant_pawn_elsewhere),
    (check.CK_LORD_PAWN, plant_lord_spawned_without_a_token),
    (check.CK_CURSES, plant_curse_of_a_stacked_lord),
    (check.CK_CURSES, plant_curse_twice),
    (check.CK_DEEDS, plant_done_deed_in_its_area),
    (check.CK_DEEDS, plant_board_deed_nowhere),
    (check.CK_JOURNEY_PLACE, plant_journey_with_absent_seat),
    (check.CK_JOURNEY_NATION, plant_nation_card_with_other_seat),
    (check.CK_JOURNEY_NATION, plant_nation_card_in_discard),
    (check.CK_JOURNEY_DECK, plant(L.S_JDECK_N, lambda S, C, NS, PR: S[L.S_JDECK_N] - 1)),
    (check.CK_JOURNEY_DECK, plant(L.S_JDECK, lambda S, C, NS, PR: S[L.S_JDECK], 1)),      # a card twice
    (check.CK_HAND, plant_draw_without_count),
    (check.CK_HAND, plant(L.S_N_HAND, 1, 2)),
    (check.CK_UPGRADE_PLACE, plant_upgrade_on_place_6),
    (check.CK_UPGRADE_NATION, plant_nation_upgrade_with_other_seat),
    (check.CK_UPGRADE_NATION, plant_nation_upgrade_in_market),
    (check.CK_UPGRADE_DECK, plant(L.S_UDECK_N, lambda S, C, NS, PR: S[L.S_UDECK_N] - 1)),
    (check.CK_UPGRADE_DECK, plant(L.S_UDECK, lambda S, C, NS, PR: S[L.S_MARKET], 0)),     # a market card
    (check.CK_MARKET, plant(L.S_MARKET, -1, 0)),
    (check.CK_MARKET, plant_market_twice),
    (check.CK_MARKET, plant_market_past_its_size),
    (check.CK_UPGRADES_IN_PLAY, plant_nation_upgrade_under_other_hero),
    (check.CK_UPGRADES_IN_PLAY, plant_hero_upgrade_under_ship),
    (check.CK_UPGRADES_IN_PLAY, plant_four_market_upgrades_on_a_hero),
    (check.CK_UPGRADE_COUNTS, plant_upgrade_in_play_uncounted),
    (check.CK_UPGRADE_COUNTS, plant_upgrade_flags_lost),
    (check.CK_UPGRADE_COUNTS, plant_upgrade_flag_not_kept),
    (check.CK_UPGRADE_COUNTS, plant_upgrade_total_off),
    (check.CK_UPGRADE_COUNTS, plant_hero_market_count_off),
    (check.CK_UPGRADE_COUNTS, plant(L.S_AT_PLACE, 1, 2 * L.U_PLACES + L.U_SHIP_PLACE)),
    (check.CK_UPGRADE_BOX, plant_upgrade_lost_in_the_box),
    (check.CK_UPGRADE_BOX, plant_attach_of_an_upgrade_in_hand),
    (check.CK_EVENTS, plant_event_twice),
    (check.CK_EVENTS, plant(L.S_EDECK_N, lambda S, C, NS, PR: C[L.C_N_EVENTS] + 1)),
    (check.CK_POWER, plant(L.S_MARKER, lambda S, C, NS, PR: PR[1, L.PR_MAX_POWER] + 1, 1)),
    (check.CK_DEMONS, plant_demons_past_the_furthest_shift),
    (check.CK_COINS_GLORY, plant(L.S_COINS, -1, 3)),
    (check.CK_COINS_GLORY, plant(L.S_GLORY, -1, 0)),
    (check.CK_PROTECTION, plant(L.S_PROTECTION, lambda S, C, NS, PR: PR[0, L.PR_MAX_STEPS] + 1, 0)),
    (check.CK_PROTECTION, plant_mespanne_without_fixed_protection),
    (check.CK_CHRONICLE, plant(L.S_CHRON_NEXT, lambda S, C, NS, PR: S[L.S_CHRON_NEXT] + 1)),   # a slot skipped
    (check.CK_CHRONICLE, plant_token_past_the_pointer),
    (check.CK_CHRONICLE, plant_pointer_past_the_track),
    (check.CK_CHRONICLE, plant(L.S_CHRON_LAST, lambda S, C, NS, PR: C[L.C_CHRON_N] - 3)),
    (check.CK_END, plant(L.S_END_SEAT, 0)),
    (check.CK_END, plant(L.S_END_SEAT, N)),
    (check.CK_STACK, plant(L.S_SP, L.MAX_FRAMES + 1)),
    (check.CK_STACK, plant_frame_of_absent_seat),
    (check.CK_STACK, plant(L.S_STACK, len(L.FRAME_NAMES))),        # the bottom frame of an unknown kind
    (check.CK_BOARD, plant(L.S_AREA, lambda S, C, NS, PR: C[L.C_N_AREAS], 1)),
    (check.CK_BOARD, plant(L.S_PURIFIED, N + 1, 3)),
    (check.CK_BOARD, plant(L.S_SEAT, N)),
    (check.CK_SOLO, plant(L.S_SOLO, 1)),                          # a base game that thinks it is solo
]


@pytest.mark.parametrize("code, corrupt", PLANTS, ids=[f"{c}-{i}" for i, (c, _) in enumerate(PLANTS)])
def test_each_check_catches_its_planted_violation(content, code, corrupt):
    S, C, NS, PR, _ = fresh(content)
    assert code_of(S, C, NS, PR) == 0
    corrupt(S, C, NS, PR)
    assert code_of(S, C, NS, PR) == code, check.CHECKS[code - 1]


def test_every_check_has_a_plant():
    assert {code for code, _ in PLANTS} == set(range(1, len(check.CHECKS) + 1))


# ---------------------------------------------------------------- what the checks allow
def test_demons_over_the_current_maximum_after_a_protection_loss_are_legal(content):
    """"If you lose protection, move it to the left. Do not change the position of your Demon
    power marker" (rulebook "Protection"): Demons may sit past the current maximum."""
    S, C, NS, PR, _ = fresh(content)
    S[L.S_PROTECTION + 2] = 3
    S[L.S_MARKER + 2] = -max_demons(S, PR, 2)
    S[L.S_PROTECTION + 2] = 0                       # "Gain 12 Demons and lose 3 protection"
    assert code_of(S, C, NS, PR) == 0


def test_the_guild_on_a_ship_of_5_may_use_its_5th_worker_pawn(content):
    S, C, NS, PR, _ = fresh(content)
    assert NS[3, L.NS_WORKERS] == 4
    S[L.S_MAX_WORKERS + 3] = S[L.S_ON_SHIP + 3] = check.WORKER_PAWNS
    assert code_of(S, C, NS, PR) == 0


def test_mespanne_before_its_setup_bonus_has_no_protection_yet(content):
    S, C, NS, PR, _ = fresh(content)
    assert PR[1, L.PR_FIXED_PROTECTION] > 0 and S[L.S_PROTECTION + 1] == 0
    assert code_of(S, C, NS, PR) == 0


def test_a_trophy_being_attached_is_no_upgrade(content):
    """Her Majesty's delivery: an attach frame with b = 2 holds a trophy (chronicle.py)."""
    S, C, NS, PR, _ = fresh(content)
    push(S, L.F_ATTACH, 0, seat_upgrade(S, C, NS)[0], check.ATTACH_TROPHY, 0, 0, 0, 0)
    assert code_of(S, C, NS, PR) == 0


def upgrade_into_market(S, u):
    """Put upgrade u (in the deck pile or the market) into the market; market place 0's card to
    the discard pile."""
    if S[L.S_ULOC + u] == L.U_MARKET:
        return
    set_pile(S, L.S_UDECK, L.S_UDECK_N, [v for v in pile(S, L.S_UDECK, L.S_UDECK_N) if v != u])
    S[L.S_ULOC + S[L.S_MARKET]] = L.U_DISCARD
    S[L.S_MARKET] = u
    S[L.S_ULOC + u] = L.U_MARKET


def test_upgrades_put_in_play_keep_their_counts(content):
    S, C, NS, PR, _ = fresh(content)
    put_seat_upgrade_in_play(S, C, NS)
    u = next(v for v in pile(S, L.S_UDECK, L.S_UDECK_N) if not C[L.C_U_SHIP + v])
    set_pile(S, L.S_UDECK, L.S_UDECK_N, [v for v in pile(S, L.S_UDECK, L.S_UDECK_N) if v != u])
    cards.put_in_play(S, C, 1, u, 4)
    assert code_of(S, C, NS, PR) == 0


def test_an_upgrade_being_attached_waits_in_the_box(content):
    S, C, NS, PR, RG = fresh(content)
    u = next(v for v in pile(S, L.S_UDECK, L.S_UDECK_N) if not C[L.C_U_SHIP + v])
    upgrade_into_market(S, u)
    assert code_of(S, C, NS, PR) == 0
    engine.gain_upgrade(S, C, RG, 0, u, L.HOW_BOUGHT)   # F_ATTACH on the stack, the card in the box
    assert S[L.S_ULOC + u] == L.U_BOX
    assert code_of(S, C, NS, PR) == 0


def test_gaining_demon_traitor_with_a_worker_off_the_ship_conserves_workers(content):
    """Demon Traitor: "discard a worker" for good; with a worker on a hero the seat keeps
    4 workers in all (3 on the ship and 1 on the hero, or 4 and 1 to leave at the recharge)."""
    S, C, NS, PR, RG = fresh(content)
    traitor = next(u for u in range(C[L.C_N_UPGRADES]) if C[L.C_U_FLAGS + u] & L.UF_TRAITOR)
    upgrade_into_market(S, traitor)
    take_worker(S, 0, 0)
    assert code_of(S, C, NS, PR) == 0
    engine.gain_upgrade(S, C, RG, 0, traitor, L.HOW_BOUGHT)
    assert code_of(S, C, NS, PR) == 0, check.CHECKS[code_of(S, C, NS, PR) - 1]


def test_a_smaller_ship_with_every_worker_off_it_conserves_workers(content):
    """A ship trophy holding fewer workers than are out: "adjust the max number of workers
    accordingly" (rulebook "Types of Trophies") must not leave more workers on heroes than the
    seat has off its ship."""
    from simulate.eos.chronicle import new_ship
    S, C, NS, PR, _ = fresh(content)
    C = C.copy()                                    # a ship of 4 slots (every printed-size ship holds 5)
    t = next(t for t in range(C[L.C_N_TROPHIES]) if C[L.C_T_TYPE + t] == L.TT_SHIP)
    C[L.C_T_WORKERS + t] = NS[0, L.NS_WORKERS] - 1
    for h, w in enumerate((2, 1, 1, 1)):            # Noom's 5 workers all on heroes
        S[L.S_HERO_WORKERS + h] = w
    S[L.S_ON_SHIP] = 0
    S[L.S_USED] = 1
    assert code_of(S, C, NS, PR) == 0
    new_ship(S, C, NS, 0, t)
    assert code_of(S, C, NS, PR) == 0, check.CHECKS[code_of(S, C, NS, PR) - 1]
