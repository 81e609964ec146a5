"""EOS policies: random (a uniform pick among the options) and greedy (the option whose
immediate worth, in glory, is highest, with the ship drawn towards the next chronicle
action it can take: an Angel while holding a blessing token, a deed whose challenge it
can pay, a Demon Lord while holding an Angel attack, a blessing corner while without a
token; the way to it sailed round the deed areas it cannot enter). Coins beyond a reserve
cost it nothing, and it keeps the journey cards a challenge in play asks it to discard.
These three made the two-player greedy end 99.4% of its games by the chronicle (96.4%
before: ships circled next to targets they could not reach, or farmed coins).
The strategies issue (#19) builds the weighted heuristics on these features.
"""
import numpy as np

from ..core.jit import hot, tiny
from ..core.rng import below
from .cards import hero_market_upgrades, ship_slots, slot_reward, upgrade_place, upgrades_at
from .chronicle import deed_area_of
from .frames import alt_of, amount_in, n_alts, n_steps, n_syms, step_of, sym_amount, sym_code, top, top_kind, top_player
from .layout import (ANG_BOARD, AREA_BLESSING, CH_AWAKEN_HERO, CH_AWAKEN_PATRON, CH_LORD, C_ADJ, C_ADJ_START,
                     C_AREA_CORNER, C_AREA_DEMONS, C_AREA_KIND, C_AREA_REWARD, C_A_ACTION, C_A_AREA, C_A_ATTACKS,
                     C_A_HERO_GLORY, C_A_PATRON_GLORY, C_A_REWARD, C_CORNER_REWARD, C_DEED_AREA, C_D_CHALLENGE,
                     C_D_GLORY, C_D_REWARD, C_J_ACTIONS, C_J_COST, C_L_CHALLENGE, C_L_GLORY, C_L_REWARD, C_N_ANGELS,
                     C_N_AREAS, C_N_UPGRADES, C_REFRESH_COINS, C_T_ACTIONS, C_U_ACTIONS, C_U_ONCE, C_U_PRICE,
                     C_U_RECHARGE, C_CHRON_FIRST, C_N_PROGS, F_ATTACH, F_CORNER, F_DIOP, F_DOUBLE, F_INSTEAD, F_MARK_CURSE, F_MORALE,
                     F_MOVE, F_PLAY, F_PURIFY_ADJ, F_RANK, F_TAKE_DISCARD, F_THORSTEYN, F_UPGRADE, LORD,
                     MAX_CORNER_REWARDS, MAX_MORALE, MAX_RANKS, NS_MORALE_PROG, NS_RANK_COINS, NS_RANK_PROG,
                     NS_SECONDARY, N_HEROES, O_ALT, O_ALVA, O_AREA, O_BUY, O_CARD, O_CHRONICLE, O_CREW, O_CURSE,
                     O_DONE, O_HERO, O_HERO_PICK, O_KRAKEN_MOVE, O_KRAKEN_PURIFY, O_PLACE, O_RECHARGE, O_REFRESH,
                     O_ROLL, O_SECONDARY, O_TRIGGER, O_UPGRADE, POL_RANDOM, S_ANGEL, S_AREA, S_ATTACKS, S_BLESSINGS,
                     S_COINS, S_CORNER_TOKENS, S_DEED_AT, S_KRAKEN, S_MAX_WORKERS, S_MORALE, S_ON_SHIP, S_PURIFIED,
                     S_RANK, U_SHIP_PLACE, Y_COINS, Y_DISCARD, Y_MOVE,
                     N_SYMBOLS, N_WEIGHTS, S_CHRON_LAST, S_CHRON_NEXT, S_N, W_ANGEL, W_ATTACK_AWAKENED, W_AWAY,
                     W_AWAY_LINE, W_CORNER, W_DEED, W_ENTRY, W_FACE_DOWN, W_KEEP, W_LORD, W_PATRON, W_RECHARGE,
                     W_RESERVE, W_UPGRADE_END, W_UPGRADE_USES, Y_DEMONS, Y_DIE, Y_GLORY, W_IDLE_LINE, W_IDLE_TARGET,
                     S_FEATS, S_N_FEATS, FEAT_W, FEAT_SEAT, FEAT_TURN, MAX_FEATS, S_TURN, K_BELVADAN, PR_MAX_POWER,
                     PR_SPEED_AT_POWER, PR_TWICE_AT_POWER, PR_TWO_SECONDARY_AT_POWER, S_MARKER, W_KRAKEN_CORNER,
                     W_KRAKEN_TARGET, W_THRESHOLD_SECONDARY, W_THRESHOLD_SPEED, W_THRESHOLD_TWICE, Y_POWER,
                     W_CURSES, K_DEMON_MAW, K_MEARON, K_REMORAN, W_UPGRADE_FLAGS)
from .layout import (ATTACH_ITEM, CHOICE_STEP, CORNER_NUMBER, FR_KIND, FR_PLAYER, INSTEAD_PROG, MOVE_FLAGS, MOVE_LEFT,
                     STEPS_DOWN, UPGRADE_LOSS)
from .symbols import MOVE_KRAKEN, can_pay, cards_in_hand, cursed, move_speed
from .layout import (A_RECHARGE, C_SOLO_LOSE_AT, S_ACTIONS, S_SOLO, S_SOLO_DONE, SOLO_TASKS, ST_ANGELS,
                     ST_CHRONICLE, ST_COINS, ST_DEEDS, ST_JOURNEY_PLAYED, ST_LORDS, ST_MAX_MORALE_HEROES,
                     ST_MORALE_BOOSTS, ST_POWER, ST_PURIFIED, ST_RANK_INCREASES, ST_SHIP_UPGRADES, ST_UPGRADES,
                     TASK_HAVE, TK_KIND, TK_STAT, W_SOLO_RECHARGE, W_SOLO_TASK, Y_BLESSING, Y_DESTROY, Y_DRAW,
                     Y_MORALE, Y_PLAY, Y_PURIFY, Y_PURIFY_ADJ, Y_RANK, Y_UPGRADE)
from .solo import task_at
from .cards import printed_slot_reward
from .deluxe import coverable_slot, deed_here, special_at, toll_payable
from .layout import (AREA_DEED, C_AREA_DEED, C_D_SPECIAL, DK_IGNAL, DK_PLAGUE, F_ABYSS, F_COVER, PF_SUBMARINE, S_CORSAIR,
                     S_IGNAL_ESCORT, Y_BLESSING)
from .symbols import holds
from .text_worth import deed_extra, flag_worth_at, flags_worth, hero_side_extra, need_worth, patron_extra, pv, upgrade_value


@hot
def cover_cost(S, C, NS, PV, p, x):
    """What entering x costs p besides its challenge icons: the Plague Ship's area, the worth of
    the least useful ship slot p would cover (one recharge's reward: a rough weight)."""
    if special_at(S, C, x) != DK_PLAGUE:
        return 0.0
    least = 1e9
    k = coverable_slot(S, C, NS, p, 0)
    while k >= 0:
        least = min(least, pv(PV, p, printed_slot_reward(S, C, NS, p, k)))
        k = coverable_slot(S, C, NS, p, k + 1)
    return least if least < 1e9 else 0.0


@hot
def deed_aim(S, C, p, y):
    """The deed p's ship may sail to area y for (-1: none): the deed p may accomplish there
    (``deluxe.deed_here``), and Lady Ignal's for its escort, whose pawn comes along."""
    k = deed_here(S, C, p, y)
    if k < 0 and C[C_AREA_KIND + y] == AREA_DEED and S[S_IGNAL_ESCORT] == p:
        at = S[S_DEED_AT + C[C_AREA_DEED + y]]
        if 0 <= at < LORD and C[C_D_SPECIAL + at] == DK_IGNAL:
            k = at
    return k



@hot
def program_worth(C, W, p, prog):
    """Per step, the best alternative's weighted symbols (challenge-only symbols count 0)."""
    v = 0.0
    for i in range(n_steps(C, prog)):
        step = step_of(C, prog, i)
        best = -1e18
        for a in range(n_alts(C, step)):
            alt = alt_of(C, step, a)
            t = 0.0
            for k in range(n_syms(C, alt)):
                code = sym_code(C, alt, k)
                if code < N_SYMBOLS:
                    t += W[p, code] * sym_amount(C, alt, k)
            best = max(best, t)
        v += best
    return v


@tiny
def game_phase(S, C):
    """0 early, 1 mid, 2 late: which third of its chronicle slots the game has filled
    (public: the track is on the table); solo: which third of the recharge actions it may take."""
    if S[S_SOLO]:
        return min(2, 3 * S[S_ACTIONS + A_RECHARGE] // C[C_SOLO_LOSE_AT])
    first = C[C_CHRON_FIRST + S[S_N]]
    done = 3 * (S[S_CHRON_NEXT] - first)
    slots = S[S_CHRON_LAST] + 1 - first
    return 0 if done < slots else (1 if done < 2 * slots else 2)


@hot
def use_phase(S, C, W, PV, p, phase):
    """Put p's weights for `phase` in use and weigh every program with them."""
    for k in range(N_WEIGHTS):
        W[p, k] = W[p, N_WEIGHTS * (1 + phase) + k]
    if S[S_SOLO]:
        solo_weights(S, C, W, p)
    for prog in range(C[C_N_PROGS]):
        PV[p, prog] = program_worth(C, W, p, prog)


@hot
def task_weights(W, p, st, w):
    """Weigh what makes progress on a solo task counting statistic `st` `w` more per unit (a unit:
    one of the count; 10 coins; 3 power)."""
    if st == ST_COINS:
        W[p, Y_COINS] += w / 10.0
    elif st == ST_POWER:
        W[p, Y_POWER] += w / 3.0
        W[p, Y_DESTROY] += w / 3.0         # (not Demons: shunning them kept ships from every target)
    elif st == ST_JOURNEY_PLAYED:
        W[p, Y_PLAY] += w
        W[p, Y_DRAW] += w / 3.0
    elif st == ST_RANK_INCREASES:
        W[p, Y_RANK] += w
    elif st == ST_MORALE_BOOSTS or st == ST_MAX_MORALE_HEROES:
        W[p, Y_MORALE] += w
    elif st == ST_UPGRADES or st == ST_SHIP_UPGRADES:
        W[p, Y_UPGRADE] += w
        W[p, W_UPGRADE_END] += w
    elif st == ST_ANGELS:
        W[p, W_ANGEL] += w
        W[p, W_CORNER] += w / 2.0
        W[p, Y_BLESSING] += w / 2.0
    elif st == ST_PURIFIED:
        W[p, Y_PURIFY] += w
        W[p, Y_PURIFY_ADJ] += w
    elif st == ST_DEEDS:
        W[p, W_DEED] += w
    elif st == ST_LORDS:
        W[p, W_LORD] += w
        W[p, W_ATTACK_AWAKENED] += w / 2.0
        W[p, W_ANGEL] += w / 2.0
    elif st == ST_CHRONICLE:
        W[p, W_ENTRY] += w


@hot
def solo_weights(S, C, W, p):
    """Solo: glory is worth nothing, a recharge action `solo_recharge` more (each brings the loss
    nearer), progress on the unlocked task `solo_task` more per unit, on the next task if it is a
    "have" one (it may be prepared) half as much."""
    W[p, Y_GLORY] = 0.0
    W[p, W_RECHARGE] += W[p, W_SOLO_RECHARGE]
    k = S[S_SOLO_DONE]
    if k < SOLO_TASKS:
        task_weights(W, p, C[task_at(S, k) + TK_STAT], W[p, W_SOLO_TASK])
    if k + 1 < SOLO_TASKS and C[task_at(S, k + 1) + TK_KIND] == TASK_HAVE:
        task_weights(W, p, C[task_at(S, k + 1) + TK_STAT], W[p, W_SOLO_TASK] / 2.0)


@hot
def challenge_worth(S, C, W, PV, p, ch):
    """What paying challenge `ch` costs p, in glory: its program value, but coins p holds
    beyond a reserve cost nothing (a seat with hundreds of coins has no better use for
    them, and counting them left it farming coins for ever instead of taking the deed)."""
    v = pv(PV, p, ch)
    need = -amount_in(C, ch, Y_COINS)
    if need > 0 and S[S_COINS + p] >= need + W[p, W_RESERVE]:
        v += W[p, Y_COINS] * need
    return v


@hot
def discards_wanted(S, C, p):
    """The most journey cards a challenge of a deed or Demon Lord in play asks p to discard
    (a card played is then one fewer to pay it with)."""
    most = 0
    for d in range(1, 7):
        at = S[S_DEED_AT + d]
        if at < 0 or (at >= LORD and S[S_ATTACKS + p] == 0):
            continue
        ch = C[C_L_CHALLENGE + at - LORD] if at >= LORD else C[C_D_CHALLENGE + at]
        most = max(most, amount_in(C, ch, Y_DISCARD))
    return most


@hot
def best_speed(S, C, NS, PR, p):
    """The fastest move p's heroes can make now (a rank's move, with p's speed bonuses): a
    challenge "at least speed X when starting your movement" it cannot meet is no target."""
    best = 0
    for x in range(N_HEROES):
        for r in range(S[S_RANK + p * N_HEROES + x]):
            base = amount_in(C, NS[p, NS_RANK_PROG + x * MAX_RANKS + r], Y_MOVE)
            if base > 0:
                best = max(best, move_speed(S, PR, p, base))
    return best


@tiny
def away(W, p, d):
    """The greedy's discount for a target d wave lines away: a chronicle action needs the
    ship there at the start of a turn, so being there is worth much more than being near."""
    return 0.0 if d <= 0 else W[p, W_AWAY] + W[p, W_AWAY_LINE] * d


@hot
def tile_worth(S, C, W, p, g):
    """The worth of an Angel's, a Demon Lord's or a deed's g glory to p; with `curses`, the 5
    glory Remoran's curse takes off (``chronicle.tile_glory``) counted."""
    if W[p, W_CURSES] != 0 and cursed(S, C, p, K_REMORAN):
        return W[p, Y_GLORY] * (g - W[p, W_CURSES] * (g - max(0, g - 5)))
    return W[p, Y_GLORY] * g


@hot
def target_worth(S, C, NS, PR, W, PV, p, y, d, bless, there):
    """The worth of what p's ship can do from area y, d wave lines beyond its reach: awaken an
    Angel there (holding a blessing token), take the deed or defeat the Lord there (its
    challenge counted unless the ship is `there` already), fetch a token from a corner."""
    best = 0.0
    if bless:
        for a in range(C[C_N_ANGELS]):
            if S[S_ANGEL + a] == ANG_BOARD and C[C_A_AREA + a] == y:
                best = max(best, W[p, W_ANGEL] - away(W, p, d))
    k = deed_area_of(S, C, y)
    at = S[S_DEED_AT + k] if k > 0 else -1
    if at < LORD:
        at = deed_aim(S, C, p, y)           # the deed p may accomplish there (the deluxe pawns' rules)
    if at >= 0:
        if at >= LORD:
            worth = W[p, W_LORD] + tile_worth(S, C, W, p, C[C_L_GLORY + at - LORD]) + pv(PV, p, C[C_L_REWARD + at - LORD])
            ch = C[C_L_CHALLENGE + at - LORD]
        else:
            worth = (W[p, W_DEED] + tile_worth(S, C, W, p, C[C_D_GLORY + at]) + pv(PV, p, C[C_D_REWARD + at])
                     + deed_extra(S, C, W, PV, p, at))
            ch = C[C_D_CHALLENGE + at]
        if not there:                       # the challenge is still to pay
            worth += challenge_worth(S, C, W, PV, p, ch) - away(W, p, d)
        best = max(best, worth)
    elif not bless and C[C_AREA_KIND + y] == AREA_BLESSING and S[S_CORNER_TOKENS + C[C_AREA_CORNER + y]] > 0:
        best = max(best, W[p, W_CORNER] - W[p, W_AWAY_LINE] * max(0, d))
    return best


@hot
def sailing_targets(S, C, NS, PR, W, PV, p):
    """(target, blocked, most): as bits, the areas holding a target for p's next chronicle
    action and the deed and Lord areas p's ship cannot enter (a challenge it cannot pay with
    its fastest move); the most a target is worth. Worked out once per decision: the state
    does not change while the greedy weighs its options."""
    bless = S[S_BLESSINGS + p] > 0
    speed = best_speed(S, C, NS, PR, p)
    target = np.int64(0)
    blocked = np.int64(0)
    most = 0.0
    if bless:
        for a in range(C[C_N_ANGELS]):
            if S[S_ANGEL + a] == ANG_BOARD:
                target |= np.int64(1) << C[C_A_AREA + a]
                most = W[p, W_ANGEL]
    for k in range(1, 7):
        at = S[S_DEED_AT + k]
        if at < 0:
            continue
        y = C[C_DEED_AREA + k]
        ch = C[C_L_CHALLENGE + at - LORD] if at >= LORD else C[C_D_CHALLENGE + at]
        if not (at >= LORD and holds(S, p, PF_SUBMARINE)) and not can_pay(S, C, NS, PR, p, ch, speed) \
                or not toll_payable(S, C, NS, p, y):
            blocked |= np.int64(1) << y
        elif at >= LORD and S[S_ATTACKS + p] > 0 or at < LORD and deed_aim(S, C, p, y) == at:
            target |= np.int64(1) << y
            most = max(most, target_worth(S, C, NS, PR, W, PV, p, y, 0, False, False))
    y = S[S_CORSAIR]                        # the Roaming Corsair: its pawn's area, for a blessing token
    if y >= 0:
        if S[S_BLESSINGS + p] < 1:
            blocked |= np.int64(1) << y
        elif deed_here(S, C, p, y) >= 0:
            target |= np.int64(1) << y
            most = max(most, target_worth(S, C, NS, PR, W, PV, p, y, 0, False, False))
    if not bless:
        for y in range(C[C_N_AREAS]):
            if C[C_AREA_KIND + y] == AREA_BLESSING and S[S_CORNER_TOKENS + C[C_AREA_CORNER + y]] > 0:
                target |= np.int64(1) << y
                most = max(most, W[p, W_CORNER])
    return target, blocked, most


@hot
def position_values(S, C, NS, PR, W, PV, p, x, reach, target, blocked, most):
    """How well placed p's ship is at x for its next chronicle action, if it may sail no
    further and if it may still sail `reach` wave lines: the best target's worth less
    ``away`` (``sailing_targets``: target, blocked, most). The distances are sailed round the
    areas p cannot enter (a target behind them is farther than the map says; counting it
    near left ships circling next to it)."""
    bless = S[S_BLESSINGS + p] > 0
    here = 0.0
    far = 0.0
    k = deed_area_of(S, C, x)
    lord_here = k > 0 and S[S_DEED_AT + k] >= LORD and S[S_ATTACKS + p] > 0
    if (target >> x) & 1 or lord_here or deed_here(S, C, p, x) >= 0:
        here = far = target_worth(S, C, NS, PR, W, PV, p, x, 0, bless, True)
        target &= ~(np.int64(1) << x)
    # breadth first from x, one wave line a level, while a target left could still be worth more
    seen = np.int64(1) << x
    frontier = seen
    level = 0
    while frontier != 0 and target != 0 and (most - away(W, p, level - reach) > far or most - away(W, p, level) > here):
        hits = frontier & target
        if hits != 0:
            for y in range(C[C_N_AREAS]):
                if (hits >> y) & 1:
                    here = max(here, target_worth(S, C, NS, PR, W, PV, p, y, level, bless, False))
                    far = max(far, target_worth(S, C, NS, PR, W, PV, p, y, level - reach, bless, False))
            target &= ~hits
        grown = np.int64(0)
        for y in range(C[C_N_AREAS]):
            if (frontier >> y) & 1:
                for i in range(C[C_ADJ_START + y], C[C_ADJ_START + y + 1]):
                    grown |= np.int64(1) << C[C_ADJ + i]
        frontier = grown & ~seen & ~blocked
        seen |= frontier
        level += 1
    return here, far


@hot
def reach_gain(S, C, NS, PR, W, PV, p, speed, target, blocked, most):
    """How much better placed p's ship could be after sailing `speed` wave lines."""
    here, far = position_values(S, C, NS, PR, W, PV, p, S[S_AREA + p], speed, target, blocked, most)
    return far - here


@hot
def threshold_worth(S, PR, W, p, delta):
    """Nation-aware: the worth of the power thresholds of p's nation board (PR_*_AT_POWER: +1
    speed, heroes activated again while occupied, two secondary actions) that a change of
    `delta` on p's power marker (power gained less Demons taken) reaches (or loses)."""
    m = S[S_MARKER + p]
    new = min(m + delta, PR[p, PR_MAX_POWER])
    v = 0.0
    for col, w in ((PR_SPEED_AT_POWER, W_THRESHOLD_SPEED), (PR_TWICE_AT_POWER, W_THRESHOLD_TWICE),
                   (PR_TWO_SECONDARY_AT_POWER, W_THRESHOLD_SECONDARY)):
        at = PR[p, col]
        if at > 0:
            if m < at <= new:
                v += W[p, w]
            elif new < at <= m:
                v -= W[p, w]
    return v


@tiny
def marker_change(C, prog):
    """Power gained less Demons taken by program prog (its first alternatives)."""
    return 0 if prog < 0 else amount_in(C, prog, Y_POWER) - amount_in(C, prog, Y_DEMONS)


@hot
def situational(S, C, NS, PR, W, PV, p, prog, more):
    """What program prog is worth to p beyond its symbols in p's situation: the power thresholds
    it reaches (``thresholds``, `more` on the marker) and the resources p is short of
    (``text_worth.need_worth``)."""
    return thresholds(S, C, PR, W, p, prog, more) + need_worth(S, C, NS, PR, W, PV, p, prog)


@hot
def thresholds(S, C, PR, W, p, prog, more):
    """threshold_worth of program prog's power and Demons, plus `more` on the marker; 0 at
    once for a seat that weighs no threshold (greedy)."""
    if W[p, W_THRESHOLD_SPEED] == 0.0 and W[p, W_THRESHOLD_TWICE] == 0.0 and W[p, W_THRESHOLD_SECONDARY] == 0.0:
        return 0.0
    return threshold_worth(S, PR, W, p, marker_change(C, prog) + more)


@tiny
def kraken_aware(W, p):
    """Whether p weighs the Kraken's own targets (greedy does not: its areas weighed as the ship's)."""
    return W[p, W_KRAKEN_TARGET] != 0.0 or W[p, W_KRAKEN_CORNER] != 0.0


@hot
def kraken_worth(S, C, W, p, x, reach, here):
    """Nation-aware: the Kraken at area x, free to sail `reach` more wave lines, is worth its
    best target less away_line per wave line beyond the reach (plain wave lines: the
    Kraken's way round closed areas is not sought): an area it could purify, kraken_target
    per printed Demon (x itself only if `here`); a blessing corner with a token while p holds
    none (the Kraken takes it for p), kraken_corner."""
    if x < 0:
        return 0.0
    purify = not cursed(S, C, p, K_BELVADAN)
    corner = S[S_BLESSINGS + p] == 0
    best = 0.0
    seen = np.int64(1) << x
    frontier = seen
    level = 0
    while frontier != 0 and level <= reach + 4:
        for y in range(C[C_N_AREAS]):
            if (frontier >> y) & 1 and (here or y != x):
                far = W[p, W_AWAY_LINE] * max(0, level - reach)
                if purify and S[S_PURIFIED + y] == 0 and C[C_AREA_DEMONS + y] > 0:
                    best = max(best, W[p, W_KRAKEN_TARGET] * C[C_AREA_DEMONS + y] - far)
                if corner and C[C_AREA_KIND + y] == AREA_BLESSING and S[S_CORNER_TOKENS + C[C_AREA_CORNER + y]] > 0:
                    best = max(best, W[p, W_KRAKEN_CORNER] - far)
        grown = np.int64(0)
        for y in range(C[C_N_AREAS]):
            if (frontier >> y) & 1:
                for i in range(C[C_ADJ_START + y], C[C_ADJ_START + y + 1]):
                    grown |= np.int64(1) << C[C_ADJ + i]
        frontier = grown & ~seen
        seen |= frontier
        level += 1
    return best


@hot
def area_value(S, C, W, PV, p, x):
    """What a ship of p (the ship or the Kraken) finds entering x: its reward, its Demons
    (unpurified), the challenge of a deed or Lord there; with `curses`, Mearon's curse takes
    the reward and the Demon Maw's adds a Demon."""
    v = pv(PV, p, C[C_AREA_REWARD + x])
    if W[p, W_CURSES] != 0 and cursed(S, C, p, K_MEARON):
        v *= 1.0 - W[p, W_CURSES]
    if S[S_PURIFIED + x] == 0 and C[C_AREA_DEMONS + x] > 0:
        maw = W[p, W_CURSES] if W[p, W_CURSES] != 0 and cursed(S, C, p, K_DEMON_MAW) else 0.0
        v += W[p, Y_DEMONS] * (C[C_AREA_DEMONS + x] + maw)
    if x == S[S_CORSAIR]:                   # the Roaming Corsair's toll
        v -= W[p, Y_BLESSING]
    d = deed_area_of(S, C, x)
    if d > 0:
        at = S[S_DEED_AT + d]
        if at >= LORD:
            v += challenge_worth(S, C, W, PV, p, C[C_L_CHALLENGE + at - LORD])
        elif at >= 0:
            v += challenge_worth(S, C, W, PV, p, C[C_D_CHALLENGE + at])
    return v


@hot
def entering_value(S, C, NS, PR, W, PV, p, x, target, blocked, most):
    v = area_value(S, C, W, PV, p, x)
    return v + position_values(S, C, NS, PR, W, PV, p, x, 0, target, blocked, most)[0]


@hot
def area_demons(S, C, x):
    return C[C_AREA_DEMONS + x] if S[S_PURIFIED + x] == 0 else 0


@hot
def option_value(S, C, NS, PR, W, PV, OPT, i, target, blocked, most):
    """The greedy policy's worth of option i of the top frame, in glory."""
    at = top(S)
    kind = S[at + FR_KIND]
    p = S[at + FR_PLAYER]
    code = OPT[i, 0]
    x = OPT[i, 1]
    y = OPT[i, 2]
    if code == O_HERO:
        if y == 0:
            return -2.0
        prog = NS[p, NS_RANK_PROG + x * MAX_RANKS + y - 1]
        v = pv(PV, p, prog) - W[p, Y_COINS] * NS[p, NS_RANK_COINS + x * MAX_RANKS + y - 1]
        if upgrades_at(S, p, x) > 0:
            for u in range(C[C_N_UPGRADES]):
                if upgrade_place(S, p, u) == x:
                    v += pv(PV, p, C[C_U_ACTIONS + u])
        speed = amount_in(C, prog, Y_MOVE)
        if speed > 0 and S[S_AREA + p] >= 0:
            v += reach_gain(S, C, NS, PR, W, PV, p, move_speed(S, PR, p, speed), target, blocked, most)
        return v + situational(S, C, NS, PR, W, PV, p, prog, 0)
    if code == O_CHRONICLE:                 # always worth taking: the chronicle entry and its reward
        if x == CH_AWAKEN_HERO:
            return (W[p, W_ENTRY] + tile_worth(S, C, W, p, C[C_A_HERO_GLORY + y])
                    + W[p, W_ATTACK_AWAKENED] * C[C_A_ATTACKS + y] + pv(PV, p, C[C_A_REWARD + y])
                    + hero_side_extra(S, C, W, PV, p, y, C[C_A_ATTACKS + y]))
        if x == CH_AWAKEN_PATRON:
            return (W[p, W_ENTRY] + tile_worth(S, C, W, p, C[C_A_PATRON_GLORY + y]) + W[p, W_PATRON]
                    + patron_extra(S, C, W, p))
        if x == CH_LORD:
            return W[p, W_ENTRY] + tile_worth(S, C, W, p, C[C_L_GLORY + y]) + pv(PV, p, C[C_L_REWARD + y])
        return (W[p, W_ENTRY] + tile_worth(S, C, W, p, C[C_D_GLORY + y]) + pv(PV, p, C[C_D_REWARD + y])
                + deed_extra(S, C, W, PV, p, y))
    if code == O_CREW:
        prog = C[C_A_ACTION + y] if x == 0 else C[C_T_ACTIONS + y]
        return pv(PV, p, prog) + situational(S, C, NS, PR, W, PV, p, prog, 0)
    if code == O_RECHARGE:
        v = W[p, W_RECHARGE]
        for s in range(S[S_ON_SHIP + p], min(S[S_MAX_WORKERS + p], ship_slots(S, C, NS, p))):
            v += pv(PV, p, slot_reward(S, C, NS, p, s)) + need_worth(S, C, NS, PR, W, PV, p, slot_reward(S, C, NS, p, s))
        if upgrades_at(S, p, U_SHIP_PLACE) > 0:
            for u in range(C[C_N_UPGRADES]):
                if upgrade_place(S, p, u) == U_SHIP_PLACE:
                    v += pv(PV, p, C[C_U_RECHARGE + u])
        return v
    if code == O_BUY:
        return upgrade_value(C, W, PV, p, x) + flags_worth(S, C, NS, W, PV, p, x) - W[p, Y_COINS] * C[C_U_PRICE + x]
    if code == O_UPGRADE:
        v = upgrade_value(C, W, PV, p, x) + flags_worth(S, C, NS, W, PV, p, x)
        return v if kind == F_UPGRADE and S[at + UPGRADE_LOSS] == 0 else -v
    if code == O_REFRESH:
        return -W[p, Y_COINS] * C[C_REFRESH_COINS]
    if code == O_TRIGGER:
        return pv(PV, p, C[C_J_ACTIONS + x]) + situational(S, C, NS, PR, W, PV, p, C[C_J_ACTIONS + x], 0)
    if code == O_ROLL:
        return W[p, Y_DIE]
    if code == O_SECONDARY:                 # marking one for Demor: the least useful
        prog = C[C_T_ACTIONS + x - 100] if x >= 100 else NS[p, NS_SECONDARY + x]
        v = pv(PV, p, prog)
        return -v if kind == F_MARK_CURSE else v + situational(S, C, NS, PR, W, PV, p, prog, 0)
    if code == O_ALVA:
        return reach_gain(S, C, NS, PR, W, PV, p, 1, target, blocked, most) - 0.5
    if code == O_CURSE:
        return 1.0
    if code == O_KRAKEN_MOVE:
        if kraken_aware(W, p):              # nation-aware: towards its own targets
            k = S[S_KRAKEN + p]
            if kind == F_MOVE:              # the ship's move given to the Kraken: the ship stays
                return (position_values(S, C, NS, PR, W, PV, p, S[S_AREA + p], 0, target, blocked, most)[0]
                        + kraken_worth(S, C, W, p, k, S[at + MOVE_LEFT], False) - kraken_worth(S, C, W, p, k, 0, True))
            return kraken_worth(S, C, W, p, k, 2, False)
        return -1.0 if kind == F_MOVE else 0.5
    if code == O_KRAKEN_PURIFY:
        return C[C_AREA_DEMONS + S[S_KRAKEN + p]]
    if code == O_ALT:
        if kind == F_COVER:                 # the Plague Ship: cover the least worth
            return -pv(PV, p, printed_slot_reward(S, C, NS, p, x))
        if kind == F_INSTEAD:
            return pv(PV, p, S[at + INSTEAD_PROG]) if x == 0 else 2.0
        if kind == F_DOUBLE:
            return pv(PV, p, slot_reward(S, C, NS, p, x))
        if kind == F_THORSTEYN or kind == F_DIOP:
            return 1.0
        if kind == F_CORNER:
            return pv(PV, p, C[C_CORNER_REWARD + S[at + CORNER_NUMBER] * MAX_CORNER_REWARDS + x])
        alt = alt_of(C, S[at + CHOICE_STEP], x)      # F_CHOICE
        v = 0.0
        for k in range(n_syms(C, alt)):
            v += sym_amount(C, alt, k) * 0.5
        return v
    if code == O_HERO_PICK:
        if kind == F_MORALE:
            m = S[S_MORALE + p * N_HEROES + x]
            return pv(PV, p, NS[p, NS_MORALE_PROG + x * MAX_MORALE + m]) if S[at + STEPS_DOWN] == 0 else -m
        if kind == F_RANK:
            r = S[S_RANK + p * N_HEROES + x]
            return pv(PV, p, NS[p, NS_RANK_PROG + x * MAX_RANKS + r]) - pv(PV, p, NS[p, NS_RANK_PROG + x * MAX_RANKS + r - 1])
        if kind == F_ATTACH:                # where its flags are worth most, else the hero with fewest
            flags = W[p, W_UPGRADE_FLAGS] * flag_worth_at(S, C, NS, W, PV, p, S[at + ATTACH_ITEM], x)
            return flags - hero_market_upgrades(S, C, p, x) if x < N_HEROES else 0.0
        if kind == F_ABYSS:                 # Darrington's Abyss: occupy the least useful hero
            return -pv(PV, p, NS[p, NS_RANK_PROG + x * MAX_RANKS + S[S_RANK + p * N_HEROES + x] - 1])
        return 0.0
    if code == O_CARD:
        if kind == F_PLAY:
            keep = W[p, W_KEEP] if cards_in_hand(S, C, p) <= discards_wanted(S, C, p) else 0.0
            if y == 1:
                return W[p, W_FACE_DOWN] - keep
            return (pv(PV, p, C[C_J_ACTIONS + x]) + pv(PV, p, C[C_J_COST + x])
                    + situational(S, C, NS, PR, W, PV, p, C[C_J_ACTIONS + x], marker_change(C, C[C_J_COST + x]))) - keep
        return pv(PV, p, C[C_J_ACTIONS + x]) if kind == F_TAKE_DISCARD else -pv(PV, p, C[C_J_ACTIONS + x])
    if code == O_AREA or code == O_PLACE:
        if kind == F_PURIFY_ADJ:
            return C[C_AREA_DEMONS + x]
        cover = cover_cost(S, C, NS, PV, p, x)
        if kind == F_MOVE and S[at + MOVE_FLAGS] & MOVE_KRAKEN and kraken_aware(W, p):
            return (area_value(S, C, W, PV, p, x) + kraken_worth(S, C, W, p, x, S[at + MOVE_LEFT] - 1, True)
                    + thresholds(S, C, PR, W, p, C[C_AREA_REWARD + x], -area_demons(S, C, x))) - cover
        return (entering_value(S, C, NS, PR, W, PV, p, x, target, blocked, most)
                + thresholds(S, C, PR, W, p, C[C_AREA_REWARD + x], -area_demons(S, C, x))) - cover
    if code == O_DONE:
        if kind == F_MOVE:
            if S[S_AREA + p] < 0:
                return -99.0
            if S[at + MOVE_FLAGS] & MOVE_KRAKEN and kraken_aware(W, p):
                return kraken_worth(S, C, W, p, S[S_KRAKEN + p], 0, True)
            return position_values(S, C, NS, PR, W, PV, p, S[S_AREA + p], 0, target, blocked, most)[0]
        return 0.0
    return 0.0


@hot
def option_targets(S, C, NS, PR, W, PV, OPT, n):
    """The ship's targets (``sailing_targets``) when an option of OPT[:n] sails, else none:
    only sailing options weigh the ship's position."""
    for i in range(n):
        code = OPT[i, 0]
        if code == O_HERO or code == O_AREA or code == O_PLACE or code == O_ALVA or top_kind(S) == F_MOVE:
            return sailing_targets(S, C, NS, PR, W, PV, top_player(S))
    return np.int64(0), np.int64(0), 0.0


@hot
def decide(S, C, NS, PR, RP, OPT, n, pol, W, PV):
    """Index of the option the seat's policy picks (a heuristic: with its weights W[p] in use
    and its program worths PV[p], ``use_phase``)."""
    if pol == POL_RANDOM:
        return below(RP, n)
    if n == 1:
        return 0
    target, blocked, best_target = option_targets(S, C, NS, PR, W, PV, OPT, n)
    best = 0
    best_v = -1e9
    for i in range(n):
        v = option_value(S, C, NS, PR, W, PV, OPT, i, target, blocked, best_target)
        if v > best_v:
            best_v = v
            best = i
    return best


@hot
def idle_turns(S, p):
    """p's own turns since its last chronicle action (since the game began if none; the
    feats log holds them, ``chronicle.log_feat``)."""
    last = 0
    for k in range(min(S[S_N_FEATS], MAX_FEATS) - 1, -1, -1):
        if S[S_FEATS + k * FEAT_W + FEAT_SEAT] == p:
            last = S[S_FEATS + k * FEAT_W + FEAT_TURN]
            break
    return (S[S_TURN] + 1 - last) // S[S_N]


@hot
def weigh_idleness(S, W, p, phase):
    """The longer p goes without a chronicle action, the more its targets and a chronicle
    action's entry are worth (`idle_target`) and the more each wave line to a target costs
    (`idle_line`), per idle turn, on top of the phase's weights: the game ends only when
    the chronicle track fills, and a seat circling for the glory of the areas, or shunning
    a deed whose challenge costs more than it brings, would play on for ever."""
    idle = idle_turns(S, p)
    base = N_WEIGHTS * (1 + phase)
    W[p, W_AWAY_LINE] = W[p, base + W_AWAY_LINE] + W[p, W_IDLE_LINE] * idle
    for k in (W_ANGEL, W_DEED, W_LORD, W_ENTRY):
        W[p, k] = W[p, base + k] + W[p, W_IDLE_TARGET] * idle


@hot
def weights_now(S, C, W, PV, PH, p):
    """Put seat p's weights for the game's phase in use when the phase has changed (PH: each
    seat's phase in use, -1 none; solo: phase + 3 * (task + 1), weighed again at each task), then
    weigh its idle turns (``weigh_idleness``; not solo)."""
    phase = game_phase(S, C)
    key = phase + 3 * (1 + S[S_SOLO_DONE]) if S[S_SOLO] else phase
    if key != PH[p]:
        use_phase(S, C, W, PV, p, phase)
        PH[p] = key
    if S[S_SOLO] == 0 and (W[p, W_IDLE_LINE] != 0 or W[p, W_IDLE_TARGET] != 0):   # solo: the recharges are the clock
        weigh_idleness(S, W, p, phase)


@hot
def pick(S, C, NS, PR, RP, OPT, n, pol, W, PV, PH):
    """decide() for the seat at the top frame, a heuristic seat with its weights for now
    (``weights_now``)."""
    p = top_player(S)
    if pol != POL_RANDOM:
        weights_now(S, C, W, PV, PH, p)
    return decide(S, C, NS, PR, RP, OPT, n, pol, W, PV)
