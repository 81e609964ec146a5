"""The EOS step machine: the options of the decision on top of the stack, applying the one
chosen, and the driver that runs everything needing no decision in between.

``advance`` resolves frames until one offers two or more options (listed in ``OPT``, their
number returned) or the game is over (0). ``choose`` applies option i. A policy (a
strategy, the Python face, a scenario) only ever picks a row of ``OPT``. Both dispatch on
the top frame's kind: each kind has its options (``move_options``, ...) or automatic step
(``program_step``, ...) and its choice applied (``choose_move``, ...), reading the frame's
fields by their ``layout`` names.

The turn (rulebook "Turn Overview"): start-of-turn effects (F_TURN); a worker action or
a recharge (F_ACTION, with the free actions: buying an upgrade once per turn, refreshing
the market, using a triggered card); the free actions again and the hand limit
(F_END_TURN); the next player.
"""
from ..core.jit import hot, tiny
from ..core.rng import below
from .cards import (card_gained, card_played, discard_journey, flags_at, hero_market_upgrades, leave_hand,
                    played_journey, put_in_play, refresh_market, ship_slots, slot_reward, take_from_market,
                    take_into_hand, take_out_of_play, upgrade_place, upgrades_at)
from .chronicle import (chronicle_action, chronicle_options, event_stage, fill_chronicle, lose_worker, push_targets,
                        remove_curse, score_objectives, spawn_lord, spawn_ships_out, update_curses)
from .deluxe import coverable_slot, toll_payable
from .frames import (alt_of, amount_in, n_alts, n_steps, n_syms, option, pop, push, push_move, push_program, step_of,
                     sym_amount, sym_code, top)
from .layout import (A_CHRONICLE, A_CREW, A_HERO, A_RECHARGE, AFTER_ACTED, AFTER_HERO, AFTER_NEXT_UPGRADE, ALT_ID,
                     ALT_MODE, ALT_SOURCE, ALT_SYMBOL, ANG_HERO, ATTACH_ITEM, ATTACH_KIND, ATTACH_TROPHY, C_A_ACTION,
                     C_A_ONCE, C_AREA_DEMONS, C_AREA_PERIMETER, C_BUYS, C_CORNER_N, C_CORNER_REWARD, C_DIE, C_DIE_N,
                     C_EO_START, C_GT_N, C_GT_REWARD, C_GT_STEP, C_HAND_LIMIT, C_HERO_UPGRADES, C_J_ACTIONS, C_J_COST,
                     C_J_NATION, C_J_TRIGGER, C_MARKET, C_MAX_ACTIVATIONS, C_N_ANGELS, C_N_AREAS, C_N_GENERAL_UPGRADES,
                     C_N_JOURNEY, C_N_TROPHIES, C_N_UPGRADES, C_REFRESH_COINS, C_T_ACTIONS, C_T_PASSIVE, C_T_TYPE,
                     C_TURN_CAP, C_ROUND_OUT, C_U_ACTIONS, C_U_FLAGS, C_U_HERO, C_U_ONCE, C_U_PRICE, C_U_RECHARGE, C_U_SHIP,
                     CHOICE_MODE, CHOICE_SOURCE, CHOICE_STEP, CORNER_NUMBER, CREW, DIE_LEFT, DIOP_DEMONS,
                     DISCARD_GENERAL, DISCARD_LEFT, DISCARD_MUST, DOUBLE_SLOT, END_CAP, END_CHRONICLE, END_TURN_STAGE,
                     F_ABYSS, F_ACTION, F_AFTER_HERO, F_ALT, F_AREA_DEMONS, F_ATTACH, F_CHOICE, F_CHRONICLE,
                     F_CHRONICLE_DONE, F_CORNER, F_COVER, F_DIE, F_DIOP, F_DISCARD, F_DOUBLE, F_END_TURN, F_EVENT,
                     F_INSTEAD, F_KRAKEN, F_KRAKEN_CHOICE, F_MARK_CURSE, F_MORALE, F_MOVE, F_PLAY, F_PROGRAM,
                     F_PURIFY_ADJ, F_PUSH, F_RANK, F_RECHARGE, F_SECONDARY, F_SPAWN, F_TAKE_DISCARD, F_THORSTEYN,
                     F_TRIGGERS, F_TURN, F_UPGRADE, FR_KIND, FR_PLAYER, GF_AREA, GF_OTHER, GUARDED_DEMONS, HOW_BOUGHT,
                     HOW_GAINED, INSTEAD_PROG, J_DISCARD, J_HAND, J_PLAYED, J_WAITING, K_BELVADAN, K_DEMOR, K_HANOR,
                     K_QUARANAVAN, K_RAGADOR, K_TEMATABAN, MARK_CURSE, MARK_DISCARD, MARK_IGNORE, MARK_PICKED,
                     MARK_PICKS, MAX_CORNER_REWARDS, MAX_JOURNEY, MAX_MORALE, MAX_PLAYERS, MAX_RANKS, MODE_COST,
                     MODE_PAY_LEAST, MOVE_ENTERED_HI, MOVE_ENTERED_LO, MOVE_FLAGS, MOVE_FROM, MOVE_LEFT, MOVE_SPEED,
                     N_HEROES, NF_KRAKEN, NS_FLAGS, NS_MORALE_PERMANENT, NS_MORALE_PROG, NS_N_MORALE, NS_N_RANKS,
                     NS_N_SECONDARY, NS_N_SLOTS, NS_RANK_COINS, NS_RANK_COST, NS_RANK_PROG, NS_SECONDARY, NS_SLOT,
                     O_ALT, O_ALVA, O_AREA, O_BUY, O_CARD, O_CHRONICLE, O_CREW, O_CURSE, O_DONE, O_HERO, O_HERO_PICK,
                     O_KRAKEN_MOVE, O_KRAKEN_PURIFY, O_PLACE, O_RECHARGE, O_REFRESH, O_ROLL, O_SECONDARY, O_SHIP2,
                     O_TRIGGER, O_UPGRADE, PF_ALVA, PF_ATTACH, PF_BELIA_DESTROY, PF_BOREANOS, PF_EO, PF_EXTRA_SECONDARY,
                     PF_FREYANA_GLORY, PF_FREYANA_TWICE, PF_HAUNTED, PF_IGNORE_2, PF_LAVALOAN, PF_NEASTA, PF_OHAMNON,
                     PF_RECHARGE_BLESSING, PF_RECHARGE_DOUBLE, PLAY_LEFT, PLAYED_FACE_DOWN, PLAYED_FACE_UP,
                     PR_TWICE_AT_POWER, PR_TWO_SECONDARY_AT_POWER, PROG_ID, PROG_MODE, PROG_SOURCE, PROG_STEP,
                     PUSH_FROM, PUSH_SHIP2, QUARTERMASTER, RECHARGE_STAGE, S_ABYSS_HERO, S_ACTIONS, S_ALVA_USED,
                     S_ANGEL, S_ANGEL_ONCE, S_ANGELS_PATRON, S_AREA, S_ATTACKS, S_ATTACKS_USED, S_BELIA, S_BLOCKED_HERO,
                     S_BLOCKED_SECONDARY, S_BOUGHT, S_COINS, S_CORNER_TAKEN, S_COVERED, S_CREW_AGAIN, S_CREW_USED,
                     S_CURSES, S_DELIVERY_HERO, S_DISCARDED, S_DONE, S_END_SEAT, S_ENDED_BY, S_ERROR, S_FIRST_DONE,
                     S_GLORY, S_GT_CLAIMED, S_HAND_LIMIT, S_HERO_WORKERS, S_IGNORED, S_JLOC, S_KRAKEN, S_KRAKEN_MOVED,
                     S_LOST_WORKERS, S_MARKER, S_MARKET, S_MAX_WORKERS, S_MORALE, S_MOVED, S_N, S_N_CURSES, S_N_HAND,
                     S_N_WAITING, S_OFFERED, S_ON_SHIP, S_PURIFIED, S_RANK, S_REFRESHED, S_SEAT, S_SECONDARY, S_SHIP2,
                     S_SHIP2_MOVED, S_SHIP2_START, S_SOLO, S_SP, S_SPENT_COINS, S_SPENT_POWER, S_START_AREA,
                     S_TRAITOR_PENDING, S_TROPHIES, S_TURN, S_ULOC, S_USED, SECONDARY_BY_POWER, SECONDARY_LEFT,
                     SECONDARY_TAKEN, SP_ABOVE_1, SP_ACTIVATIONS, SP_CREW_ANGEL_ACTIONS, SP_EXTRA_SECONDARIES,
                     SP_KRAKEN_AREAS, SP_KRAKEN_MOVES, SP_KRAKEN_PURIFIES, SP_NATION_UPGRADES, SP_OCCUPIED_ACTIVATIONS,
                     SP_QM_RANKS, SPAWN_STAGE, ST_JOURNEY_PLAYED, ST_MORALE_BOOSTS, ST_RANK_INCREASES, STEPS_DOWN,
                     STEPS_LEFT, TAKE_LEFT, THORSTEYN_CHALLENGE, TRIG_AFTER_HERO, TRIG_OWN_TURN, TRIG_RECHARGE,
                     TRIG_START, TRIGGERS_WHEN, TT_HERO, U_BOX, U_DISCARD, U_HAND, U_MARKET, U_PLACES, U_PLAY,
                     U_SHIP_PLACE, UF_DIOP, UF_DISCOUNT_10, UF_EXTRA_SECONDARY, UF_JACUB, UF_NO_COST, UF_OCCUPIED_TWICE,
                     UF_OHN_MA_PUUHN, UF_PASSAGE, UF_TRAITOR, UPGRADE_LEFT, UPGRADE_LOSS, USE_SECONDARY, USE_TROPHY,
                     Y_COINS, Y_DESTROY, Y_DRAW)
from .resources import destroy_demons, gain_power, gain_protection, power
from .sailing import arrive, corner_taken, enter_area, enter_with_second, may_enter, neighbours, thorsteyn_icon
from .solo import end_of_turn as solo_end_of_turn, recharge_loses
from .symbols import (MOVE_KRAKEN, MOVE_PLAIN, MOVE_SHIP2, can_pay, can_pay_but, cursed, do_symbol, gain_blessing,
                      glory, holds, pawn_supply, pay_coins, purify, receive_demons, special, stat, use)

ERR_NO_FRAME = 91       # the stack ran empty before the game ended
EXTRA = 100             # O_SECONDARY x of a trophy's extra secondary action: EXTRA + trophy


# ---------------------------------------------------------------- heroes
@tiny
def upgrade_flag_under(S, C, p, h, flag):
    return flags_at(S, p, h) & flag != 0


@hot
def may_activate(S, C, PR, p, h):
    """A worker may go on hero h: unoccupied, or occupied once and allowed a second time
    (New Contract under it, Mespanne's power); never more than twice."""
    w = S[S_HERO_WORKERS + p * N_HEROES + h]
    if S[S_ABYSS_HERO + p] == h:            # Darrington's Abyss: its worker never leaves this hero
        w += 1
    if w == 0:
        return True
    if w >= C[C_MAX_ACTIVATIONS]:
        return False
    return upgrade_flag_under(S, C, p, h, UF_OCCUPIED_TWICE) or holds(S, p, PF_FREYANA_TWICE) or (
        PR[p, PR_TWICE_AT_POWER] > 0 and power(S, p) >= PR[p, PR_TWICE_AT_POWER])


@hot
def rank_coins(S, C, NS, p, h, r):
    """Coins to activate hero h at rank r (1-based): the rank's printed cost, less discounts."""
    cost = NS[p, NS_RANK_COINS + h * MAX_RANKS + r - 1]
    if upgrade_flag_under(S, C, p, h, UF_NO_COST) or holds(S, p, PF_OHAMNON):
        return 0
    if upgrade_flag_under(S, C, p, h, UF_DISCOUNT_10):
        cost = max(0, cost - 10)
    return cost


@hot
def secondary_count(S, C, PR, p, h):
    n = 1
    if (PR[p, PR_TWO_SECONDARY_AT_POWER] > 0 and power(S, p) >= PR[p, PR_TWO_SECONDARY_AT_POWER]) or (
            h >= 0 and upgrade_flag_under(S, C, p, h, UF_EXTRA_SECONDARY)):
        n = 2
    return n


@hot
def two_secondary_by_power(PR, S, p):
    """1 if p's power threshold gives it two secondary actions now (records: extra_secondaries)."""
    return 1 if PR[p, PR_TWO_SECONDARY_AT_POWER] > 0 and power(S, p) >= PR[p, PR_TWO_SECONDARY_AT_POWER] else 0


@hot
def has_least_glory(S, p):
    for q in range(S[S_N]):
        if S[S_GLORY + q] < S[S_GLORY + p]:
            return False
    return True


@hot
def crew_options(S, C, p, OPT, n):
    """p's extra crew from deeds as O_HERO_PICK rows (x = CREW + trophy)."""
    for t in range(C[C_N_TROPHIES]):
        if (S[S_TROPHIES + p] >> t) & 1 and C[C_T_TYPE + t] == TT_HERO:
            n = option(OPT, n, O_HERO_PICK, CREW + t, 0, 0)
    return n


@hot
def take_worker(S, p):
    """The rightmost worker leaves the ship."""
    S[S_ON_SHIP + p] -= 1
    S[S_USED + p] = 1


# ---------------------------------------------------------------- upgrades
@hot
def may_place_upgrade(S, C, p, u):
    if C[C_U_SHIP + u] or C[C_U_HERO + u] >= 0:
        return True
    for h in range(1 if C[C_U_FLAGS + u] & UF_PASSAGE else N_HEROES):
        if hero_market_upgrades(S, C, p, h) < C[C_HERO_UPGRADES]:
            return True
    return False


@hot
def gain_upgrade(S, C, R, p, u, how):
    """Upgrade u (market or p's nation hand) into p's play area: a ship upgrade under the ship
    (its once-bonus at once), a nation upgrade under its hero, another under a hero p chooses."""
    card_gained(S, MAX_JOURNEY + u, p, how)
    if S[S_ULOC + u] == U_MARKET:
        take_from_market(S, C, R, u)
    if C[C_U_SHIP + u]:
        put_in_play(S, C, p, u, U_SHIP_PLACE)
        push_program(S, p, C[C_U_ONCE + u], 0, GF_OTHER)
    elif C[C_U_HERO + u] >= 0:
        put_in_play(S, C, p, u, C[C_U_HERO + u])
    else:
        S[S_ULOC + u] = U_BOX           # in transit until attached
        push(S, F_ATTACH, p, u, 0, 0, 0, 0, 0)
    if u >= C[C_N_GENERAL_UPGRADES]:
        special(S, p, SP_NATION_UPGRADES, 1)
    if C[C_U_FLAGS + u] & UF_TRAITOR:   # Demon Traitor: one worker less, for good
        lose_worker(S, p)


@hot
def free_options(S, C, p, OPT, n):
    """Buying one upgrade (market or nation hand), refreshing the market, using a card that
    triggers on one's own turn: allowed at any point of the turn the kernel offers."""
    if S[S_AREA + p] >= 0 and holds(S, p, PF_ALVA) and S[S_ALVA_USED + p] == 0:
        n = option(OPT, n, O_ALVA, 0, 0, 0)
    if S[S_BOUGHT + p] < C[C_BUYS] and not cursed(S, C, p, K_HANOR):
        for m in range(C[C_MARKET]):
            u = S[S_MARKET + m]
            if u >= 0 and S[S_COINS + p] >= C[C_U_PRICE + u] and may_place_upgrade(S, C, p, u):
                n = option(OPT, n, O_BUY, u, 0, 0)
        for u in range(C[C_N_GENERAL_UPGRADES], C[C_N_UPGRADES]):
            if S[S_ULOC + u] == U_HAND + p and S[S_COINS + p] >= C[C_U_PRICE + u]:
                n = option(OPT, n, O_BUY, u, 0, 0)
    if S[S_REFRESHED + p] == 0 and S[S_COINS + p] >= C[C_REFRESH_COINS]:
        n = option(OPT, n, O_REFRESH, 0, 0, 0)
    for j in range(C[C_N_JOURNEY]):
        if S[S_JLOC + j] == J_WAITING + p and C[C_J_TRIGGER + j] == TRIG_OWN_TURN:
            n = option(OPT, n, O_TRIGGER, j, 0, 0)
    return n


@hot
def apply_free(S, C, R, p, code, x):
    if code == O_BUY:
        pay_coins(S, p, C[C_U_PRICE + x])
        S[S_BOUGHT + p] += 1
        gain_upgrade(S, C, R, p, x, HOW_BOUGHT)
    elif code == O_REFRESH:
        pay_coins(S, p, C[C_REFRESH_COINS])
        S[S_REFRESHED + p] = 1
        refresh_market(S, C, R)
    elif code == O_TRIGGER:
        S[S_JLOC + x] = J_PLAYED + p
        S[S_N_WAITING + p] -= 1
        push_program(S, p, C[C_J_ACTIONS + x], 0, GF_OTHER)
    elif code == O_ALVA:
        S[S_ALVA_USED + p] = 1
        push_move(S, p, 1, S[S_AREA + p], MOVE_PLAIN)


# ---------------------------------------------------------------- options
@hot
def action_options(S, C, NS, PR, p, OPT):
    n = 0
    first = S[S_FIRST_DONE + p] == 0
    if S[S_ON_SHIP + p] > 0:
        for h in range(N_HEROES):
            if first and h != 0:
                continue
            if not may_activate(S, C, PR, p, h):
                continue
            if not first:
                n = option(OPT, n, O_HERO, h, 0, 0)           # place the worker, skip cost and actions
            if S[S_BLOCKED_HERO + p] == h and cursed(S, C, p, K_TEMATABAN):
                continue
            for r in range(1, S[S_RANK + p * N_HEROES + h] + 1):
                if S[S_COINS + p] >= rank_coins(S, C, NS, p, h, r) and can_pay(
                        S, C, NS, PR, p, NS[p, NS_RANK_COST + h * MAX_RANKS + r - 1], 0):
                    n = option(OPT, n, O_HERO, h, r, 0)
        if not first:
            n = chronicle_options(S, C, p, OPT, n)
            for a in range(C[C_N_ANGELS]):
                if S[S_ANGEL + a] == ANG_HERO + p and C[C_A_ACTION + a] >= 0 and not (S[S_ANGEL_ONCE + p] >> a) & 1:
                    n = option(OPT, n, O_CREW, 0, a, 0)
            twice = PR[p, PR_TWICE_AT_POWER] > 0 and power(S, p) >= PR[p, PR_TWICE_AT_POWER]
            for t in range(C[C_N_TROPHIES]):    # extra crew from deeds: once until the next recharge (twice: Mespanne)
                used = (S[S_CREW_USED + p] >> t) & 1
                if (S[S_TROPHIES + p] >> t) & 1 and C[C_T_TYPE + t] == TT_HERO and (
                        not used or (twice and not (S[S_CREW_AGAIN + p] >> t) & 1)):
                    if not (S[S_BLOCKED_HERO + p] == CREW + t and cursed(S, C, p, K_TEMATABAN)):
                        n = option(OPT, n, O_CREW, 1, t, 0)
    if not first:
        if S[S_USED + p]:
            n = option(OPT, n, O_RECHARGE, 0, 0, 0)
        n = free_options(S, C, p, OPT, n)
    return n


@tiny
def with_done(OPT, n):
    """The n options listed, then O_DONE (stop) if there are any."""
    return option(OPT, n, O_DONE, 0, 0, 0) if n > 0 else n


# Each frame kind's options into OPT (their number), or -1 after doing its automatic work
# (a step that needs no decision; popping the frame once it is over).
@hot
def begin_turn(S, C, PR, p):
    """F_TURN: the turn's action and its end, under the start-of-turn effects."""
    pop(S)
    push(S, F_END_TURN, p, 0, 0, 0, 0, 0, 0)
    push(S, F_ACTION, p, 0, 0, 0, 0, 0, 0)
    start_turn(S, C, PR, p)
    return -1


@hot
def take_guarded_demons(S, C, PR, p, at):
    """F_AREA_DEMONS: a guarded area's Demons, its challenge paid (sailing.arrive)."""
    pop(S)
    receive_demons(S, C, PR, p, S[at + GUARDED_DEMONS])
    return -1


@hot
def program_step(S, C, p, at):
    """F_PROGRAM: its next step, to take (one alternative) or to choose (several)."""
    prog = S[at + PROG_ID]
    i = S[at + PROG_STEP]
    if i >= n_steps(C, prog):
        pop(S)
        return -1
    S[at + PROG_STEP] = i + 1
    step = step_of(C, prog, i)
    if n_alts(C, step) == 1:
        push(S, F_ALT, p, alt_of(C, step, 0), 0, S[at + PROG_MODE], S[at + PROG_SOURCE], 0, 0)
    else:
        push(S, F_CHOICE, p, step, 0, S[at + PROG_MODE], S[at + PROG_SOURCE], 0, 0)
    return -1


@hot
def alt_symbols(S, C, NS, PR, R, p, at):
    """F_ALT: its symbols in order, until one pushes a frame (worked on before the next symbol)."""
    alt = S[at + ALT_ID]
    while S[at + ALT_SYMBOL] < n_syms(C, alt):
        k = S[at + ALT_SYMBOL]
        S[at + ALT_SYMBOL] = k + 1
        sp = S[S_SP]
        do_symbol(S, C, NS, PR, R, p, sym_code(C, alt, k), sym_amount(C, alt, k), S[at + ALT_MODE],
                  S[at + ALT_SOURCE])
        if S[S_SP] != sp:
            return -1
    pop(S)
    return -1


@hot
def choice_options(S, C, at, OPT):
    """F_CHOICE: each alternative of the step; none of them unless it is a cost."""
    n = 0
    step = S[at + CHOICE_STEP]
    for i in range(n_alts(C, step)):
        n = option(OPT, n, O_ALT, i, 0, 0)
    if S[at + CHOICE_MODE] != MODE_COST:
        n = option(OPT, n, O_DONE, 0, 0, 0)
    return n


@hot
def hero_step_options(S, NS, p, at, OPT, track, tops, bottom):
    """F_MORALE (track S_MORALE, tops NS_N_MORALE, bottom 0), F_RANK (S_RANK, NS_N_RANKS, 1):
    the heroes whose track can take the step, up to their top or down to the bottom."""
    if S[at + STEPS_LEFT] == 0:
        pop(S)
        return -1
    n = 0
    down = S[at + STEPS_DOWN]
    for h in range(N_HEROES):
        v = S[track + p * N_HEROES + h]
        if (down == 0 and v < NS[p, tops + h]) or (down == 1 and v > bottom):
            n = option(OPT, n, O_HERO_PICK, h, 0, 0)
    return n


@hot
def discard_options(S, C, p, at, OPT):
    """F_DISCARD: the cards in hand (only general ones for the hand limit); stopping, unless a must."""
    if S[at + DISCARD_LEFT] == 0:
        pop(S)
        return -1
    n = 0
    general_only = S[at + DISCARD_GENERAL]
    for j in range(C[C_N_JOURNEY]):
        if S[S_JLOC + j] == J_HAND + p and (general_only == 0 or C[C_J_NATION + j] < 0):
            n = option(OPT, n, O_CARD, j, 0, 0)
    if n > 0 and S[at + DISCARD_MUST] == 0:
        n = option(OPT, n, O_DONE, 0, 0, 0)
    return n


@hot
def play_options(S, C, NS, PR, p, at, OPT):
    """F_PLAY: each card in hand face up (if its cost can be paid) and face down; stopping."""
    if S[at + PLAY_LEFT] == 0:
        pop(S)
        return -1
    n = 0
    for j in range(C[C_N_JOURNEY]):
        if S[S_JLOC + j] == J_HAND + p:
            if can_pay(S, C, NS, PR, p, C[C_J_COST + j], 0):
                n = option(OPT, n, O_CARD, j, 0, 0)
            n = option(OPT, n, O_CARD, j, 1, 0)
    return with_done(OPT, n)


@hot
def placement_options(S, C, NS, p, OPT):
    """The first turn's move: the ship's placement, in a perimeter area (1 speed)."""
    n = 0
    for x in range(C[C_N_AREAS]):
        if C[C_AREA_PERIMETER + x] and toll_payable(S, C, NS, p, x):     # (the Corsair's pawn there)
            n = option(OPT, n, O_PLACE, x, 0, 0)
    return n


@hot
def move_options(S, C, NS, PR, p, at, OPT, NB):
    """F_MOVE: the areas the moving pawn (the ship, the Kraken, the second ship pawn) may sail
    into; the ship's move given to the Kraken or the second pawn; stopping."""
    if S[at + MOVE_LEFT] == 0:
        pop(S)
        return -1
    if S[S_AREA + p] < 0:
        return placement_options(S, C, NS, p, OPT)
    kraken = S[at + MOVE_FLAGS] & MOVE_KRAKEN
    second = S[at + MOVE_FLAGS] & MOVE_SHIP2     # Lady Ignal's trophy: the second ship pawn moves
    moved = S_KRAKEN_MOVED if kraken else S_SHIP2_MOVED if second else S_MOVED
    if cursed(S, C, p, K_RAGADOR) and S[moved + p] >= 2:
        pop(S)                          # Ragador: no ship further than 2 areas a turn
        return -1
    n = 0
    k = neighbours(S, C, p, S[(S_KRAKEN if kraken else S_SHIP2 if second else S_AREA) + p], NB)
    for i in range(k):
        x = NB[i]
        if may_enter(S, C, NS, PR, p, x, S[at + MOVE_FROM], S[at + MOVE_ENTERED_LO], S[at + MOVE_ENTERED_HI],
                     S[at + MOVE_SPEED]):
            n = option(OPT, n, O_AREA, x, 0, 0)
    if (S[S_KRAKEN + p] >= 0 and not kraken and S[at + MOVE_ENTERED_LO] == 0 and S[at + MOVE_ENTERED_HI] == 0
            and not S[at + MOVE_FLAGS] & MOVE_PLAIN):  # Kwanan: this move may move the Kraken instead
        n = option(OPT, n, O_KRAKEN_MOVE, 0, 0, 0)
    if S[S_SHIP2 + p] >= 0 and not (kraken or second) and not S[at + MOVE_FLAGS] & MOVE_PLAIN:
        n = option(OPT, n, O_SHIP2, 0, 0, 0)    # "dividing speed between them": the rest to the other
    return with_done(OPT, n)


@hot
def upgrade_options(S, C, p, at, OPT):
    """F_UPGRADE: a loss: p's upgrades in play; a gain: the market's upgrades p has room for and
    its nation's in hand, or stopping."""
    if S[at + UPGRADE_LEFT] == 0:
        pop(S)
        return -1
    n = 0
    if S[at + UPGRADE_LOSS] == 1:
        for u in range(C[C_N_UPGRADES]):
            if upgrade_place(S, p, u) >= 0:
                n = option(OPT, n, O_UPGRADE, u, 0, 0)
        return n
    for m in range(C[C_MARKET]):
        u = S[S_MARKET + m]
        if u >= 0 and may_place_upgrade(S, C, p, u):
            n = option(OPT, n, O_UPGRADE, u, 0, 0)
    for u in range(C[C_N_GENERAL_UPGRADES], C[C_N_UPGRADES]):
        if S[S_ULOC + u] == U_HAND + p:
            n = option(OPT, n, O_UPGRADE, u, 0, 0)
    return with_done(OPT, n)


@hot
def attach_options(S, C, p, at, OPT):
    """F_ATTACH: the heroes with room for the upgrade (none: it is discarded); a trophy item goes
    under any hero or extra crew member."""
    n = 0
    if S[at + ATTACH_KIND] == ATTACH_TROPHY:
        for h in range(N_HEROES):
            n = option(OPT, n, O_HERO_PICK, h, 0, 0)
        return crew_options(S, C, p, OPT, n)
    scout_only = C[C_U_FLAGS + S[at + ATTACH_ITEM]] & UF_PASSAGE      # the passage upgrade goes under the Scout
    for h in range(1 if scout_only else N_HEROES):
        if hero_market_upgrades(S, C, p, h) < C[C_HERO_UPGRADES]:
            n = option(OPT, n, O_HERO_PICK, h, 0, 0)
    if n == 0:
        S[S_ULOC + S[at + ATTACH_ITEM]] = U_DISCARD
    return n


@hot
def die_options(S, at, OPT):
    """F_DIE: roll, or stop."""
    if S[at + DIE_LEFT] == 0:
        pop(S)
        return -1
    n = option(OPT, 0, O_ROLL, 0, 0, 0)
    return option(OPT, n, O_DONE, 0, 0, 0)


@hot
def purify_options(S, C, p, OPT, NB):
    """F_PURIFY_ADJ: the ship's area and its neighbours with Demons to purify; stopping."""
    n = 0
    x = S[S_AREA + p]
    if x >= 0:
        if S[S_PURIFIED + x] == 0 and C[C_AREA_DEMONS + x] > 0:
            n = option(OPT, n, O_AREA, x, 0, 0)
        k = neighbours(S, C, p, x, NB)
        for i in range(k):
            if S[S_PURIFIED + NB[i]] == 0 and C[C_AREA_DEMONS + NB[i]] > 0:
                n = option(OPT, n, O_AREA, NB[i], 0, 0)
    return with_done(OPT, n)


@hot
def kraken_wakes(S, p):
    """F_KRAKEN: p's Kraken, if it has one, moves up to 2 areas (no speed bonus) or purifies its area."""
    pop(S)
    if S[S_KRAKEN + p] < 0:
        return -1
    push(S, F_KRAKEN_CHOICE, p, 0, 0, 0, 0, 0, 0)
    return -1


@hot
def kraken_options(S, C, p, OPT):
    """F_KRAKEN_CHOICE: move the Kraken, purify its area (Demons there, no Belvadan), or neither."""
    n = option(OPT, 0, O_KRAKEN_MOVE, 0, 0, 0)
    x = S[S_KRAKEN + p]
    if S[S_PURIFIED + x] == 0 and C[C_AREA_DEMONS + x] > 0 and not cursed(S, C, p, K_BELVADAN):
        n = option(OPT, n, O_KRAKEN_PURIFY, 0, 0, 0)
    return option(OPT, n, O_DONE, 0, 0, 0)


@hot
def secondary_options(S, C, NS, p, at, OPT):
    """F_SECONDARY: p's secondary actions but the last one taken (and the one Demor's curse
    blocks), a trophy's extra one; stopping."""
    if S[at + SECONDARY_LEFT] == 0:
        pop(S)
        return -1
    n = 0
    demor = cursed(S, C, p, K_DEMOR)
    for s in range(NS[p, NS_N_SECONDARY]):
        if s != S[S_SECONDARY + p] and not (demor and s == S[S_BLOCKED_SECONDARY + p]):
            n = option(OPT, n, O_SECONDARY, s, 0, 0)
    if holds(S, p, PF_EXTRA_SECONDARY):     # the Cape of Terror: one more option
        for t in range(C[C_N_TROPHIES]):
            if (C[C_T_PASSIVE + t] >> PF_EXTRA_SECONDARY) & 1 and S[S_SECONDARY + p] != EXTRA + t:
                n = option(OPT, n, O_SECONDARY, EXTRA + t, 0, 0)
    return with_done(OPT, n)


@hot
def end_turn_options(S, C, NS, p, at, OPT):
    """F_END_TURN: the free actions and ending the turn; once ended (the hand limit applied), the
    next player."""
    if S[at + END_TURN_STAGE] == 0:
        n = free_options(S, C, p, OPT, 0)
        return option(OPT, n, O_DONE, 0, 0, 0)
    if S[S_SOLO] and solo_end_of_turn(S, C, NS, p, at):  # a task done: its event and effect first
        return -1
    pop(S)
    end_turn(S, C, NS, p)
    return -1


@hot
def push_options(S, C, at, OPT, NB):
    """F_PUSH: the areas the pushed ship pawn may go to."""
    n = 0
    k = push_targets(S, C, S[at + PUSH_FROM], NB)
    for i in range(k):
        n = option(OPT, n, O_AREA, NB[i], 0, 0)
    return n


@hot
def event_step(S, C, PR, R, at):
    """F_EVENT: its next stage."""
    if not event_stage(S, C, PR, R, at):
        pop(S)
    return -1


@hot
def chronicle_done(S, C, PR, p):
    """F_CHRONICLE_DONE: the chronicle track filled."""
    pop(S)
    fill_chronicle(S, C, PR, p)
    return -1


@hot
def spawn_step(S, C, p, at):
    """F_SPAWN: the ships pushed out of the Lord's area, then the Lord placed."""
    if S[at + SPAWN_STAGE] == 0:
        S[at + SPAWN_STAGE] = 1
        if spawn_ships_out(S, C, p) == 0:
            pop(S)
        return -1
    pop(S)
    spawn_lord(S, C, p)
    return -1


@hot
def corner_options(S, C, p, at, OPT):
    """F_CORNER: the corner's rewards p has not taken; stopping."""
    n = 0
    c = S[at + CORNER_NUMBER]
    for k in range(C[C_CORNER_N + c]):
        if not corner_taken(S, C, p, c, k):
            n = option(OPT, n, O_ALT, k, 0, 0)
    return with_done(OPT, n)


@hot
def after_hero(S, C, NS, PR, p, at):
    """F_AFTER_HERO: the upgrades under the hero act one by one, then the activation ends."""
    h = S[at + AFTER_HERO]
    if next_upgrade_acts(S, C, p, h, at):
        return -1
    pop(S)
    activation_ends(S, C, NS, PR, p, h, S[at + AFTER_ACTED])
    return -1


@hot
def next_upgrade_acts(S, C, p, h, at):
    """Whether an upgrade under hero h from the frame's next one on acts: its action pushed, the
    frame moved past it."""
    first_u = S[at + AFTER_NEXT_UPGRADE] if h < N_HEROES and upgrades_at(S, p, h) > 0 else C[C_N_UPGRADES]
    for u in range(first_u, C[C_N_UPGRADES]):
        if upgrade_place(S, p, u) == h:
            f = C[C_U_FLAGS + u]
            if f & UF_OHN_MA_PUUHN:         # its draws come from the discard pile
                S[at + AFTER_NEXT_UPGRADE] = u + 1
                push(S, F_TAKE_DISCARD, p, amount_in(C, C[C_U_ACTIONS + u], Y_DRAW), 0, 0, 0, 0, 0)
                return True
            if f & UF_DIOP:                 # its Demons destroyed are another player's
                S[at + AFTER_NEXT_UPGRADE] = u + 1
                push(S, F_DIOP, p, amount_in(C, C[C_U_ACTIONS + u], Y_DESTROY), 0, 0, 0, 0, 0)
                return True
            if C[C_U_ACTIONS + u] >= 0:
                S[at + AFTER_NEXT_UPGRADE] = u + 1
                if f & UF_JACUB:            # not with the least glory (ties included); its coins paid in full
                    if not has_least_glory(S, p) and S[S_COINS + p] >= -amount_in(C, C[C_U_ACTIONS + u], Y_COINS):
                        push_program(S, p, C[C_U_ACTIONS + u], MODE_PAY_LEAST, GF_OTHER)
                else:
                    push_program(S, p, C[C_U_ACTIONS + u], 0, GF_OTHER)
                return True
    return False


@hot
def activation_ends(S, C, NS, PR, p, h, acted):
    """After hero h's upgrades (`acted`: a rank's actions taken): the secondary action and what
    comes before it."""
    if h < N_HEROES:                    # extra crew take no secondary action
        push(S, F_SECONDARY, p, secondary_count(S, C, PR, p, h), two_secondary_by_power(PR, S, p), 0, 0, 0, 0)
    if holds(S, p, PF_BOREANOS) and not cursed(S, C, p, K_QUARANAVAN):
        push(S, F_PLAY, p, 1, 0, 0, 0, 0, 0)    # Boreanos: a journey card before the secondary action
    if S[S_N_WAITING + p] > 0:
        push(S, F_TRIGGERS, p, TRIG_AFTER_HERO, 0, 0, 0, 0, 0)
    if holds(S, p, PF_LAVALOAN) and h < N_HEROES and acted == 1:
        m = S[S_MORALE + p * N_HEROES + h]  # the Battle of Lavaloan: the reward the morale cube covers
        if m > 0 and NS[p, NS_MORALE_PERMANENT + h * MAX_MORALE + m - 1] == 0:
            push_program(S, p, NS[p, NS_MORALE_PROG + h * MAX_MORALE + m - 1], 0, GF_OTHER)
    if holds(S, p, PF_ATTACH) and S[S_DELIVERY_HERO + p] == h:
        for t in range(C[C_N_TROPHIES]):
            if (C[C_T_PASSIVE + t] >> PF_ATTACH) & 1:
                push_program(S, p, C[C_T_ACTIONS + t], 0, GF_OTHER)


@hot
def mark_curse_options(S, C, NS, p, at, OPT):
    """F_MARK_CURSE: Demor's curse: a secondary action to block; Temataban's: a hero (not the
    Scout) or extra crew member; a curse in play to discard; curses to ignore (patrons, Break
    the Blockade), each pick a new choice, or stopping."""
    n = 0
    k = S[at + MARK_CURSE]
    if k == K_DEMOR:
        for s in range(NS[p, NS_N_SECONDARY]):
            n = option(OPT, n, O_SECONDARY, s, 0, 0)
    elif k == K_TEMATABAN:
        for h in range(1, N_HEROES):    # not the Scout; extra crew may be chosen, Angels not
            n = option(OPT, n, O_HERO_PICK, h, 0, 0)
        n = crew_options(S, C, p, OPT, n)
    elif k == MARK_DISCARD:             # Inspire the Resistance: any curse in play
        for i in range(S[S_N_CURSES]):
            n = option(OPT, n, O_CURSE, S[S_CURSES + i], 0, 0)
    elif S[at + MARK_PICKS] > 0:
        for i in range(S[S_N_CURSES]):
            lord = S[S_CURSES + i]
            if S[at + MARK_PICKED] == 0 or not (S[S_IGNORED + p] >> lord) & 1:
                n = option(OPT, n, O_CURSE, lord, 0, 0)
        n = with_done(OPT, n)
    return n


@hot
def instead_options(OPT):
    """F_INSTEAD: the morale reward (0) or 2 glory (1)."""
    n = option(OPT, 0, O_ALT, 0, 0, 0)
    return option(OPT, n, O_ALT, 1, 0, 0)


@hot
def trigger_options(S, C, p, at, OPT):
    """F_TRIGGERS: p's played cards waiting for this trigger; stopping."""
    n = 0
    for j in range(C[C_N_JOURNEY] if S[S_N_WAITING + p] > 0 else 0):
        if S[S_JLOC + j] == J_WAITING + p and C[C_J_TRIGGER + j] == S[at + TRIGGERS_WHEN]:
            n = option(OPT, n, O_TRIGGER, j, 0, 0)
    return with_done(OPT, n)


@hot
def cover_options(S, C, NS, p, OPT):
    """F_COVER: the Plague Ship: the ship's slots that give a reward."""
    n = 0
    k = coverable_slot(S, C, NS, p, 0)
    while k >= 0:
        n = option(OPT, n, O_ALT, k, 0, 0)
        k = coverable_slot(S, C, NS, p, k + 1)
    return n


@hot
def abyss_options(OPT):
    """F_ABYSS: Darrington's Abyss: any hero but the Scout."""
    n = 0
    for h in range(1, N_HEROES):
        n = option(OPT, n, O_HERO_PICK, h, 0, 0)
    return n


@hot
def thorsteyn_options(S, C, NS, PR, p, at, OPT):
    """F_THORSTEYN: the whole challenge paid (O_DONE, if p can), or each icon p may ignore for 1
    protection, paying the others."""
    n = 0
    ch = S[at + THORSTEYN_CHALLENGE]
    if can_pay(S, C, NS, PR, p, ch, 99):
        n = option(OPT, n, O_DONE, 0, 0, 0)
    k = thorsteyn_icon(S, C, NS, PR, p, ch, 99, 0)
    while k >= 0:
        n = option(OPT, n, O_ALT, k, 0, 0)
        k = thorsteyn_icon(S, C, NS, PR, p, ch, 99, k + 1)
    return n


@hot
def take_discard_options(S, C, at, OPT):
    """F_TAKE_DISCARD: the cards in the discard pile; stopping."""
    if S[at + TAKE_LEFT] == 0:
        pop(S)
        return -1
    n = 0
    for j in range(C[C_N_JOURNEY]):
        if S[S_JLOC + j] == J_DISCARD:
            n = option(OPT, n, O_CARD, j, 0, 0)
    return with_done(OPT, n)


@hot
def diop_options(S, p, OPT):
    """F_DIOP: the other players holding Demons; stopping."""
    n = 0
    for q in range(S[S_N]):
        if q != p and S[S_MARKER + q] < 0:
            n = option(OPT, n, O_ALT, q, 0, 0)
    return with_done(OPT, n)


@hot
def double_options(S, C, NS, p, at, OPT):
    """F_DOUBLE: the vacated slots with a reward; stopping."""
    n = 0
    for i in range(S[at + DOUBLE_SLOT], min(S[S_MAX_WORKERS + p], ship_slots(S, C, NS, p))):
        if slot_reward(S, C, NS, p, i) >= 0:
            n = option(OPT, n, O_ALT, i, 0, 0)
    return with_done(OPT, n)


@hot
def options(S, C, NS, PR, R, OPT, NB):
    """Options of the top frame into OPT (their number), or -1 after doing automatic work."""
    if S[S_SP] == 0:
        S[S_ERROR] = ERR_NO_FRAME
        S[S_DONE] = 1
        return -1
    at = top(S)
    kind = S[at + FR_KIND]
    p = S[at + FR_PLAYER]
    if kind == F_TURN:
        return begin_turn(S, C, PR, p)
    if kind == F_ACTION:
        return action_options(S, C, NS, PR, p, OPT)
    if kind == F_AREA_DEMONS:
        return take_guarded_demons(S, C, PR, p, at)
    if kind == F_PROGRAM:
        return program_step(S, C, p, at)
    if kind == F_ALT:
        return alt_symbols(S, C, NS, PR, R, p, at)
    if kind == F_CHOICE:
        return choice_options(S, C, at, OPT)
    if kind == F_MORALE:
        return hero_step_options(S, NS, p, at, OPT, S_MORALE, NS_N_MORALE, 0)
    if kind == F_RANK:
        return hero_step_options(S, NS, p, at, OPT, S_RANK, NS_N_RANKS, 1)
    if kind == F_DISCARD:
        return discard_options(S, C, p, at, OPT)
    if kind == F_PLAY:
        return play_options(S, C, NS, PR, p, at, OPT)
    if kind == F_MOVE:
        return move_options(S, C, NS, PR, p, at, OPT, NB)
    if kind == F_UPGRADE:
        return upgrade_options(S, C, p, at, OPT)
    if kind == F_ATTACH:
        return attach_options(S, C, p, at, OPT)
    if kind == F_DIE:
        return die_options(S, at, OPT)
    if kind == F_PURIFY_ADJ:
        return purify_options(S, C, p, OPT, NB)
    if kind == F_KRAKEN:
        return kraken_wakes(S, p)
    if kind == F_KRAKEN_CHOICE:
        return kraken_options(S, C, p, OPT)
    if kind == F_CHRONICLE:
        return with_done(OPT, chronicle_options(S, C, p, OPT, 0))
    if kind == F_SECONDARY:
        return secondary_options(S, C, NS, p, at, OPT)
    if kind == F_END_TURN:
        return end_turn_options(S, C, NS, p, at, OPT)
    if kind == F_PUSH:
        return push_options(S, C, at, OPT, NB)
    if kind == F_EVENT:
        return event_step(S, C, PR, R, at)
    if kind == F_RECHARGE:
        recharge_stage(S, C, NS, p, at)
        return -1
    if kind == F_CHRONICLE_DONE:
        return chronicle_done(S, C, PR, p)
    if kind == F_SPAWN:
        return spawn_step(S, C, p, at)
    if kind == F_CORNER:
        return corner_options(S, C, p, at, OPT)
    if kind == F_AFTER_HERO:
        return after_hero(S, C, NS, PR, p, at)
    if kind == F_MARK_CURSE:
        return mark_curse_options(S, C, NS, p, at, OPT)
    if kind == F_INSTEAD:
        return instead_options(OPT)
    if kind == F_TRIGGERS:
        return trigger_options(S, C, p, at, OPT)
    if kind == F_COVER:
        return cover_options(S, C, NS, p, OPT)
    if kind == F_ABYSS:
        return abyss_options(OPT)
    if kind == F_THORSTEYN:
        return thorsteyn_options(S, C, NS, PR, p, at, OPT)
    if kind == F_TAKE_DISCARD:
        return take_discard_options(S, C, at, OPT)
    if kind == F_DIOP:
        return diop_options(S, p, OPT)
    if kind == F_DOUBLE:
        return double_options(S, C, NS, p, at, OPT)
    return 0


# ---------------------------------------------------------------- applying a choice
# Each frame kind's option x (y, z: the option's other fields) applied.
@hot
def choose_done(S, p, at, kind):
    """O_DONE: the frame ends; Thorsteyn's whole challenge paid; the turn's free actions over,
    the hand limit next (F_END_TURN stays for the next player)."""
    if kind == F_THORSTEYN:
        pop(S)
        push_program(S, p, S[at + THORSTEYN_CHALLENGE], MODE_COST, GF_AREA)
    elif kind == F_END_TURN:
        S[at + END_TURN_STAGE] = 1
        excess = S[S_N_HAND + p] - S[S_HAND_LIMIT + p]
        if excess > 0:
            push(S, F_DISCARD, p, excess, 1, 1, 0, 0, 0)     # (DISCARD_MUST, DISCARD_GENERAL)
    else:
        pop(S)


@hot
def choose_action(S, C, NS, PR, p, code, x, y, z):
    """F_ACTION: hero x at rank y, chronicle action (x, y, z), crew x's action y, or the recharge."""
    pop(S)
    if code == O_HERO:
        activate_hero(S, C, NS, p, x, y)
    elif code == O_CHRONICLE:
        take_worker(S, p)
        S[S_ACTIONS + p * 4 + A_CHRONICLE] += 1
        push(S, F_SECONDARY, p, secondary_count(S, C, PR, p, -1), two_secondary_by_power(PR, S, p), 0, 0, 0, 0)
        chronicle_action(S, C, NS, p, x, y, z)
    elif code == O_CREW:
        take_worker(S, p)
        S[S_ACTIONS + p * 4 + A_CREW] += 1
        if x == 0:
            angel_action(S, C, p, y)
        else:
            crew_action(S, C, p, y)
    elif code == O_RECHARGE:
        S[S_ACTIONS + p * 4 + A_RECHARGE] += 1
        if not recharge_loses(S, C, p):
            push(S, F_RECHARGE, p, 0, 0, 0, 0, 0, 0)


@hot
def activate_hero(S, C, NS, p, h, r):
    """A worker on hero h, activated at rank r (0: placed without cost or actions)."""
    if S[S_HERO_WORKERS + p * N_HEROES + h] > 0 and not upgrade_flag_under(S, C, p, h, UF_OCCUPIED_TWICE) \
            and not holds(S, p, PF_FREYANA_TWICE):
        special(S, p, SP_OCCUPIED_ACTIVATIONS, 1)   # again while occupied: the power threshold's doing
    if r > 0:
        special(S, p, SP_ACTIVATIONS + h, 1)
        if h == QUARTERMASTER:
            special(S, p, SP_QM_RANKS, r)
        if r > 1:
            special(S, p, SP_ABOVE_1[h], 1)        # a rank the seat raised
    take_worker(S, p)
    S[S_HERO_WORKERS + p * N_HEROES + h] += 1
    S[S_ACTIONS + p * 4 + A_HERO] += 1
    S[S_FIRST_DONE + p] = 1
    push(S, F_AFTER_HERO, p, h, 0, 0, 1 if r > 0 else 0, 0, 0)     # (AFTER_ACTED: a rank's actions)
    if r > 0:
        push_program(S, p, NS[p, NS_RANK_PROG + h * MAX_RANKS + r - 1], 0, GF_OTHER)
        pay_coins(S, p, rank_coins(S, C, NS, p, h, r))
        push_program(S, p, NS[p, NS_RANK_COST + h * MAX_RANKS + r - 1], 1, GF_OTHER)


@hot
def angel_action(S, C, p, a):
    """The action of Angel a on p's hero side (some once per game)."""
    special(S, p, SP_CREW_ANGEL_ACTIONS, 1)
    if C[C_A_ONCE + a]:
        S[S_ANGEL_ONCE + p] |= 1 << a
    push_program(S, p, C[C_A_ACTION + a], 0, GF_OTHER)


@hot
def crew_action(S, C, p, t):
    """The activation of trophy t's extra crew (no secondary action after it)."""
    if (S[S_CREW_USED + p] >> t) & 1:
        S[S_CREW_AGAIN + p] |= 1 << t
        special(S, p, SP_OCCUPIED_ACTIVATIONS, 1)   # only the power threshold allows it
    S[S_CREW_USED + p] |= 1 << t
    use(S, p, USE_TROPHY + t)
    push(S, F_AFTER_HERO, p, CREW + t, 0, 0, 0, 0, 0)
    bits = C[C_T_PASSIVE + t]
    if (bits >> PF_HAUNTED) & 1:
        push(S, F_RECHARGE, p, 0, 0, 0, 0, 0, 0)    # "First gain an upgrade, then take a recharge action"
    if (bits >> PF_BELIA_DESTROY) & 1:
        S[S_BELIA + p] = 0
    push_program(S, p, C[C_T_ACTIONS + t], 0, GF_OTHER)


@hot
def choose_alternative(S, C, p, at, x):
    """F_CHOICE: alternative x of the step taken, with the program's mode and source."""
    pop(S)
    push(S, F_ALT, p, alt_of(C, S[at + CHOICE_STEP], x), 0, S[at + CHOICE_MODE], S[at + CHOICE_SOURCE], 0, 0)


@hot
def choose_morale(S, NS, p, at, h):
    """F_MORALE: hero h's morale one step down, or up with the reward it uncovers (Freyana &
    Olessa: or 2 glory instead, unless the reward is permanent)."""
    S[at + STEPS_LEFT] -= 1
    if S[at + STEPS_DOWN] == 1:
        S[S_MORALE + p * N_HEROES + h] -= 1
        return
    m = S[S_MORALE + p * N_HEROES + h]
    S[S_MORALE + p * N_HEROES + h] = m + 1
    stat(S, p, ST_MORALE_BOOSTS, 1)
    reward = NS[p, NS_MORALE_PROG + h * MAX_MORALE + m]
    if holds(S, p, PF_FREYANA_GLORY) and NS[p, NS_MORALE_PERMANENT + h * MAX_MORALE + m] == 0:
        push(S, F_INSTEAD, p, reward, 0, 0, 0, 0, 0)
    else:
        push_program(S, p, reward, 0, GF_OTHER)


@hot
def choose_rank(S, p, at, h):
    """F_RANK: hero h's rank one step down or up."""
    S[at + STEPS_LEFT] -= 1
    if S[at + STEPS_DOWN] == 1:
        S[S_RANK + p * N_HEROES + h] -= 1
    else:
        S[S_RANK + p * N_HEROES + h] += 1
        stat(S, p, ST_RANK_INCREASES, 1)


@hot
def choose_discard(S, C, p, at, j):
    """F_DISCARD: card j discarded."""
    S[at + DISCARD_LEFT] -= 1
    discard_journey(S, C, p, j)


@hot
def choose_play(S, C, p, at, j, face_down):
    """F_PLAY: card j played: face down (2 glory at the end, no cost, no reward), or its cost
    paid and its actions taken (a triggered card's wait for its trigger)."""
    S[at + PLAY_LEFT] -= 1
    leave_hand(S, C, p, j)
    stat(S, p, ST_JOURNEY_PLAYED, 1)
    card_played(S, j, PLAYED_FACE_DOWN if face_down == 1 else PLAYED_FACE_UP)
    if face_down == 1:
        played_journey(S, p, j)
        return
    if C[C_J_TRIGGER + j] > 0:
        S[S_JLOC + j] = J_WAITING + p
        S[S_N_WAITING + p] += 1
    else:
        played_journey(S, p, j)
        push_program(S, p, C[C_J_ACTIONS + j], 0, GF_OTHER)
    push_program(S, p, C[C_J_COST + j], 1, GF_OTHER)


@hot
def choose_move(S, C, NS, PR, p, at, code, x):
    """F_MOVE: the move given to the Kraken or (the rest of its speed) to the second ship pawn,
    from where it is; or area x sailed into."""
    if code == O_KRAKEN_MOVE:
        S[at + MOVE_FLAGS] |= MOVE_KRAKEN
        S[at + MOVE_FROM] = S[S_KRAKEN + p]
        special(S, p, SP_KRAKEN_MOVES, 1)
    elif code == O_SHIP2:
        S[at + MOVE_FLAGS] |= MOVE_SHIP2
        S[at + MOVE_FROM] = S[S_SHIP2 + p]
        S[at + MOVE_ENTERED_LO] = 0
        S[at + MOVE_ENTERED_HI] = 0
    else:
        sail_into(S, C, NS, PR, p, at, code, x)


@hot
def sail_into(S, C, NS, PR, p, at, code, x):
    """One speed of the move: the moving pawn enters area x (the ship's placement: x is where
    the move starts, and the Kraken's place too)."""
    S[at + MOVE_LEFT] -= 1
    if code == O_PLACE:
        S[at + MOVE_FROM] = x               # the move's start: it may not come back here
        if NS[p, NS_FLAGS] & NF_KRAKEN:
            S[S_KRAKEN + p] = x
    elif x < 31:
        S[at + MOVE_ENTERED_LO] |= 1 << x
    else:
        S[at + MOVE_ENTERED_HI] |= 1 << (x - 31)
    if S[at + MOVE_FLAGS] & MOVE_KRAKEN:
        S[S_KRAKEN + p] = x
        S[S_KRAKEN_MOVED + p] += 1
        special(S, p, SP_KRAKEN_AREAS, 1)
        arrive(S, C, PR, p, x, False)
    elif S[at + MOVE_FLAGS] & MOVE_SHIP2:
        enter_with_second(S, C, PR, p, x)
    else:
        enter_area(S, C, PR, p, x)


@hot
def choose_upgrade(S, C, R, p, at, u):
    """F_UPGRADE: upgrade u lost (a general one to the discard pile, a nation's to the box) or gained."""
    S[at + UPGRADE_LEFT] -= 1
    if S[at + UPGRADE_LOSS] == 1:
        take_out_of_play(S, C, p, u, U_DISCARD if u < C[C_N_GENERAL_UPGRADES] else U_BOX)
    else:
        gain_upgrade(S, C, R, p, u, HOW_GAINED)


@hot
def choose_attach(S, C, p, at, h):
    """F_ATTACH: the upgrade under hero h, or the trophy item attached to h (or an extra crew)."""
    pop(S)
    if S[at + ATTACH_KIND] == ATTACH_TROPHY:
        S[S_DELIVERY_HERO + p] = h
    else:
        put_in_play(S, C, p, S[at + ATTACH_ITEM], h)


@hot
def roll_die(S, C, R, p, at):
    """F_DIE: a roll of the destiny die, its face's effects taken."""
    S[at + DIE_LEFT] -= 1
    push_program(S, p, C[C_DIE + below(R, C[C_DIE_N])], 0, GF_OTHER)


@hot
def choose_secondary(S, C, NS, p, at, x):
    """F_SECONDARY: secondary action x (EXTRA + t: trophy t's) taken; it may not be the next one."""
    if S[at + SECONDARY_BY_POWER] == 1 and S[at + SECONDARY_LEFT] == 1 and S[at + SECONDARY_TAKEN] == 1:
        special(S, p, SP_EXTRA_SECONDARIES, 1)      # the second of two the power threshold gave
    S[at + SECONDARY_LEFT] -= 1
    S[at + SECONDARY_TAKEN] = 1
    S[S_SECONDARY + p] = x
    use(S, p, USE_TROPHY + x - EXTRA if x >= EXTRA else USE_SECONDARY + x)
    push_program(S, p, C[C_T_ACTIONS + x - EXTRA] if x >= EXTRA else NS[p, NS_SECONDARY + x], 0, GF_OTHER)


@hot
def choose_push(S, C, PR, p, at, x):
    """F_PUSH: the ship (Lady Ignal's trophy: the second pawn) pushed out into area x."""
    pop(S)
    if S[at + PUSH_SHIP2] == 1:
        enter_with_second(S, C, PR, p, x)
    else:
        enter_area(S, C, PR, p, x)


@hot
def choose_kraken(S, C, p, code):
    """F_KRAKEN_CHOICE: the Kraken moves up to 2 areas (no speed bonus), or purifies its area."""
    pop(S)
    if code == O_KRAKEN_MOVE:
        special(S, p, SP_KRAKEN_MOVES, 1)
        push_move(S, p, 2, S[S_KRAKEN + p], MOVE_KRAKEN | MOVE_PLAIN)
    else:
        special(S, p, SP_KRAKEN_PURIFIES, 1)
        purify(S, C, p, S[S_KRAKEN + p], GF_AREA)


@hot
def choose_mark_curse(S, C, p, at, x):
    """F_MARK_CURSE: secondary action x blocked (Demor), hero x blocked (Temataban), Lord x's
    curse discarded (its Lord stays), or Lord x's curse ignored (the turn's first pick replaces
    the old choice)."""
    k = S[at + MARK_CURSE]
    if k == K_DEMOR:
        pop(S)
        S[S_BLOCKED_SECONDARY + p] = x
    elif k == K_TEMATABAN:
        pop(S)
        S[S_BLOCKED_HERO + p] = x
    elif k == MARK_DISCARD:
        pop(S)
        remove_curse(S, x)
        update_curses(S, C)
    else:
        if S[at + MARK_PICKED] == 0:
            S[S_IGNORED + p] = 0
        S[at + MARK_PICKED] += 1
        S[at + MARK_PICKS] -= 1
        S[S_IGNORED + p] |= 1 << x


@hot
def choose_thorsteyn_icon(S, C, PR, p, at, x):
    """F_THORSTEYN: 1 protection for the challenge's icon x; its other icons paid."""
    pop(S)
    ch = S[at + THORSTEYN_CHALLENGE]
    gain_protection(S, PR, p, -1)
    for k in range(n_steps(C, ch) - 1, -1, -1):
        if k != x:
            push(S, F_ALT, p, alt_of(C, step_of(C, ch, k), 0), 0, MODE_COST, GF_AREA, 0, 0)


@hot
def take_from_discard(S, C, p, at, j):
    """F_TAKE_DISCARD: card j from the discard pile into p's hand."""
    S[at + TAKE_LEFT] -= 1
    take_into_hand(S, C, p, j)


@hot
def choose_instead(S, p, at, x):
    """F_INSTEAD: the morale reward (x 0), or 2 glory instead."""
    pop(S)
    if x == 0:
        push_program(S, p, S[at + INSTEAD_PROG], 0, GF_OTHER)
    else:
        glory(S, p, 2, GF_OTHER)


@hot
def choose_corner(S, C, p, at, k):
    """F_CORNER: the corner's reward k, taken once."""
    pop(S)
    c = S[at + CORNER_NUMBER]
    S[S_CORNER_TAKEN + p] |= 1 << ((c - 1) * MAX_CORNER_REWARDS + k)
    push_program(S, p, C[C_CORNER_REWARD + c * MAX_CORNER_REWARDS + k], 0, GF_AREA)


@hot
def choose(S, C, NS, PR, R, OPT, i):
    """Apply option i of the top frame's list in OPT."""
    at = top(S)
    kind = S[at + FR_KIND]
    p = S[at + FR_PLAYER]
    code = OPT[i, 0]
    x = OPT[i, 1]
    y = OPT[i, 2]
    if code == O_BUY or code == O_REFRESH or code == O_TRIGGER or code == O_ALVA:
        apply_free(S, C, R, p, code, x)
    elif code == O_DONE:
        choose_done(S, p, at, kind)
    elif kind == F_ACTION:
        choose_action(S, C, NS, PR, p, code, x, y, OPT[i, 3])
    elif kind == F_CHOICE:
        choose_alternative(S, C, p, at, x)
    elif kind == F_MORALE:
        choose_morale(S, NS, p, at, x)
    elif kind == F_RANK:
        choose_rank(S, p, at, x)
    elif kind == F_DISCARD:
        choose_discard(S, C, p, at, x)
    elif kind == F_PLAY:
        choose_play(S, C, p, at, x, y)
    elif kind == F_MOVE:
        choose_move(S, C, NS, PR, p, at, code, x)
    elif kind == F_UPGRADE:
        choose_upgrade(S, C, R, p, at, x)
    elif kind == F_ATTACH:
        choose_attach(S, C, p, at, x)
    elif kind == F_DIE:
        roll_die(S, C, R, p, at)
    elif kind == F_PURIFY_ADJ:
        pop(S)
        purify(S, C, p, x, GF_AREA)
    elif kind == F_CHRONICLE:
        pop(S)
        chronicle_action(S, C, NS, p, x, y, OPT[i, 3])
    elif kind == F_SECONDARY:
        choose_secondary(S, C, NS, p, at, x)
    elif kind == F_PUSH:
        choose_push(S, C, PR, p, at, x)
    elif kind == F_COVER:                   # the Plague Ship: slot x covered for good
        pop(S)
        S[S_COVERED + p] |= 1 << x
    elif kind == F_ABYSS:                   # Darrington's Abyss: the next worker on hero x for good
        pop(S)
        S[S_ABYSS_HERO + p] = x
        lose_worker(S, p)
    elif kind == F_KRAKEN_CHOICE:
        choose_kraken(S, C, p, code)
    elif kind == F_MARK_CURSE:
        choose_mark_curse(S, C, p, at, x)
    elif kind == F_THORSTEYN:
        choose_thorsteyn_icon(S, C, PR, p, at, x)
    elif kind == F_TAKE_DISCARD:
        take_from_discard(S, C, p, at, x)
    elif kind == F_DIOP:                    # another player's Demons destroyed
        pop(S)
        destroy_demons(S, x, S[at + DIOP_DEMONS])
    elif kind == F_DOUBLE:                  # slot x's reward again
        pop(S)
        push_program(S, p, slot_reward(S, C, NS, p, x), 0, GF_OTHER)
    elif kind == F_INSTEAD:
        choose_instead(S, p, at, x)
    elif kind == F_CORNER:
        choose_corner(S, C, p, at, x)


# ---------------------------------------------------------------- the turn
@hot
def start_turn(S, C, PR, p):
    """Start of p's turn: the turn's counters, where the ship starts (chronicle actions need
    it); the start-of-turn effects: Neasta's 5 power, Eo's choice, the curses to ignore
    (one per patron, two with Break the Blockade), frames above the action."""
    S[S_SEAT] = p
    S[S_ALVA_USED + p] = 0
    if holds(S, p, PF_NEASTA):
        gain_power(S, PR, p, 5)
    if holds(S, p, PF_EO):
        push_program(S, p, C[C_EO_START], 0, GF_AREA)
    if S[S_N_WAITING + p] > 0:
        push(S, F_TRIGGERS, p, TRIG_START, 0, 0, 0, 0, 0)
    picks = S[S_ANGELS_PATRON + p] + (2 if holds(S, p, PF_IGNORE_2) else 0)
    if picks > 0 and S[S_N_CURSES] > 0:     # choose again, or keep ("until you choose another one")
        push(S, F_MARK_CURSE, p, MARK_IGNORE, picks, 0, 0, 0, 0)
    S[S_START_AREA + p] = S[S_AREA + p]
    S[S_SHIP2_START + p] = S[S_SHIP2 + p]
    S[S_SHIP2_MOVED + p] = 0
    S[S_BOUGHT + p] = 0
    S[S_REFRESHED + p] = 0
    S[S_MOVED + p] = 0
    S[S_KRAKEN_MOVED + p] = 0
    S[S_SPENT_COINS + p] = 0
    S[S_SPENT_POWER + p] = 0
    S[S_DISCARDED + p] = 0


@hot
def recharge_stage(S, C, NS, p, at):
    """Recharge (F_RECHARGE, a stage): the rewards of the slots the workers vacated; then
    the workers back from the left, the secondary cube off the board, the ship upgrades'
    rewards."""
    stage = S[at + RECHARGE_STAGE]
    S[at + RECHARGE_STAGE] = stage + 1
    if stage == 0:
        if holds(S, p, PF_RECHARGE_DOUBLE):         # Pass the Black Rock: one reward twice
            push(S, F_DOUBLE, p, S[S_ON_SHIP + p], 0, 0, 0, 0, 0)
        if S[S_N_WAITING + p] > 0:
            push(S, F_TRIGGERS, p, TRIG_RECHARGE, 0, 0, 0, 0, 0)
        for i in range(min(S[S_MAX_WORKERS + p], ship_slots(S, C, NS, p)) - 1, S[S_ON_SHIP + p] - 1, -1):
            push_program(S, p, slot_reward(S, C, NS, p, i), 0, GF_OTHER)
        if holds(S, p, PF_RECHARGE_BLESSING):       # the Heart of the Sea
            gain_blessing(S, C, p, 1)
            if S[S_ATTACKS_USED + p] > 0 and pawn_supply(S, C) > 0:
                S[S_ATTACKS_USED + p] -= 1
                S[S_ATTACKS + p] += 1
    elif stage == 1:
        S[S_MAX_WORKERS + p] -= S[S_TRAITOR_PENDING + p]
        S[S_TRAITOR_PENDING + p] = 0
        S[S_ON_SHIP + p] = S[S_MAX_WORKERS + p]
        for h in range(N_HEROES):
            S[S_HERO_WORKERS + p * N_HEROES + h] = 0
        S[S_USED + p] = 0
        S[S_CREW_USED + p] = 0
        S[S_CREW_AGAIN + p] = 0
        S[S_SECONDARY + p] = -1
        for u in range(C[C_N_UPGRADES] if upgrades_at(S, p, U_SHIP_PLACE) > 0 else 0):
            if upgrade_place(S, p, u) == U_SHIP_PLACE and C[C_U_RECHARGE + u] >= 0:
                push_program(S, p, C[C_U_RECHARGE + u], 0, GF_OTHER)
    else:
        pop(S)


@hot
def end_turn(S, C, NS, p):
    """After the hand limit: objectives, then the next player, or the end of the game (the
    player who filled the last chronicle slot is reached again, or, with the round played out
    (C_ROUND_OUT), the first seat: every seat has had as many turns; or the turn cap)."""
    score_objectives(S, C, NS)
    S[S_TURN] += 1
    q = (p + 1) % S[S_N]
    if S[S_END_SEAT] >= 0 and q == (0 if C[C_ROUND_OUT] else S[S_END_SEAT]):
        S[S_DONE] = 1
        S[S_ENDED_BY] = END_CHRONICLE
    elif S[S_TURN] >= C[C_TURN_CAP]:
        S[S_DONE] = 1
        S[S_ENDED_BY] = END_CAP
    else:
        push(S, F_TURN, q, 0, 0, 0, 0, 0, 0)


# ---------------------------------------------------------------- the driver
@hot
def glory_track(S, C):
    """Night Mode: "When your nation token first enters that step, also gain the reward. You
    only get these rewards once per game." Looked at between steps, so a reward is taken as
    soon as the step that gained the glory is done (a frame pushed mid-step could be popped
    by it). Reaching a step counts, whether the marker stops on it or passes it (ASSUMED)."""
    for p in range(S[S_N]):
        for i in range(C[C_GT_N]):
            if (S[S_GT_CLAIMED + p] >> i) & 1 == 0 and S[S_GLORY + p] >= C[C_GT_STEP + i]:
                S[S_GT_CLAIMED + p] |= 1 << i
                push_program(S, p, C[C_GT_REWARD + i], 0, GF_OTHER)


@hot
def advance(S, C, NS, PR, R, OPT, NB):
    """Run the game up to its next real decision: the number of options in OPT (0: over).
    A decision with one option is taken here."""
    while S[S_DONE] == 0:
        if C[C_GT_N] > 0:
            glory_track(S, C)
        n = options(S, C, NS, PR, R, OPT, NB)
        if n < 0:
            continue
        if n == 0:                          # nothing to choose: the frame ends
            pop(S)
            continue
        if n == 1:
            choose(S, C, NS, PR, R, OPT, 0)
            continue
        S[S_OFFERED] = n
        return n
    return 0
