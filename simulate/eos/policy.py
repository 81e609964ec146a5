"""EOS policies: random (a uniform pick among the options) and greedy (the option whose
immediate worth, in glory, is highest, with the ship drawn towards the next chronicle
action it can take: an Angel while holding a blessing token, a deed whose challenge it
can pay, a Demon Lord while holding an Angel attack, a blessing corner while without a
token). The strategies issue (#19) builds the weighted heuristics on these features.
"""
from ..jit import hot, tiny
from ..rng import below
from .cards import hero_market_upgrades, ship_slots, slot_reward, upgrade_place, upgrades_at
from .chronicle import deed_area_of
from .frames import alt_of, amount_in, n_syms, sym_amount, sym_code, top
from .layout import (ANG_BOARD, AREA_BLESSING, C_A_AREA, C_A_ACTION, C_AREA_CORNER, C_AREA_DEMONS, C_AREA_KIND,
                     C_AREA_REWARD, C_CORNER_REWARD, C_D_GLORY, C_DEED_AREA, C_DIST, C_J_ACTIONS, C_J_COST,
                     C_L_GLORY, C_N_ANGELS, C_N_AREAS, C_N_UPGRADES, C_REFRESH_COINS, C_U_ACTIONS, C_U_ONCE,
                     C_U_PRICE, C_U_RECHARGE, C_VALUES, F_ATTACH, F_CORNER, F_DISCARD, F_MORALE, F_MOVE, F_PLAY,
                     F_PURIFY_ADJ, F_PUSH, F_RANK, F_UPGRADE, LORD, MAX_AREAS, MAX_CORNER_REWARDS, MAX_MORALE,
                     MAX_RANKS, N_HEROES, NS_MORALE_PROG, NS_RANK_COINS, NS_RANK_PROG, NS_SECONDARY, NS_N_SLOTS,
                     NS_SLOT, O_ALT, O_AREA, O_BUY, O_CARD, O_CHRONICLE, O_CREW, O_DONE, O_HERO, O_HERO_PICK,
                     O_PLACE, O_RECHARGE, O_REFRESH, O_ROLL, O_SECONDARY, O_TRIGGER, O_UPGRADE, POL_RANDOM,
                     S_ANGEL, S_AREA, S_ATTACKS, S_BLESSINGS, S_CORNER_TOKENS, S_DEED_AT, S_MAX_WORKERS,
                     S_MORALE, S_ON_SHIP, S_PURIFIED, S_RANK, C_AREA_ANGEL, U_SHIP_PLACE, C_D_CHALLENGE,
                     C_L_CHALLENGE, Y_MOVE, C_L_REWARD, C_D_REWARD, CH_AWAKEN_HERO, CH_AWAKEN_PATRON, CH_LORD,
                     C_A_HERO_GLORY, C_A_PATRON_GLORY, C_A_ATTACKS, C_A_REWARD, F_MARK_CURSE, F_INSTEAD, O_ALVA, O_CURSE,
                     O_KRAKEN_MOVE, O_KRAKEN_PURIFY, S_KRAKEN, C_T_ACTIONS, F_DOUBLE, F_THORSTEYN, F_DIOP,
                     F_TAKE_DISCARD)
from .symbols import can_pay, move_speed

SCALE = 100.0           # C's program values are glory x 100


@hot
def pv(C, prog):
    return C[C[C_VALUES] + prog] / SCALE if prog >= 0 else 0.0


@hot
def upgrade_value(C, u):
    """An upgrade's worth: repeated bonuses counted three times, plus its 3 end-game glory."""
    return 3.0 + pv(C, C[C_U_ONCE + u]) + 3.0 * pv(C, C[C_U_RECHARGE + u]) + 3.0 * pv(C, C[C_U_ACTIONS + u])


@tiny
def away(d):
    """The greedy's discount for a target d wave lines away: a chronicle action needs the
    ship there at the start of a turn, so being there is worth much more than being near."""
    return 0.0 if d <= 0 else 5.0 + 1.5 * d


@hot
def position_value(S, C, NS, PR, p, x, reach):
    """How well placed p's ship is at x for its next chronicle action, if it may still sail
    `reach` wave lines: the best target's worth less ``away`` (a deed's or Lord's challenge
    counted unless the ship is already there)."""
    best = 0.0
    bless = S[S_BLESSINGS + p] > 0
    if bless:
        for a in range(C[C_N_ANGELS]):
            if S[S_ANGEL + a] == ANG_BOARD:
                best = max(best, 14.0 - away(C[C_DIST + x * MAX_AREAS + C[C_A_AREA + a]] - reach))
    for d in range(1, 7):
        at = S[S_DEED_AT + d]
        y = C[C_DEED_AREA + d]
        if at < 0:
            continue
        if at >= LORD:
            if S[S_ATTACKS + p] == 0:
                continue
            ch = C[C_L_CHALLENGE + at - LORD]
            worth = 12.0 + C[C_L_GLORY + at - LORD] + pv(C, C[C_L_REWARD + at - LORD])
        else:
            ch = C[C_D_CHALLENGE + at]
            worth = 6.0 + C[C_D_GLORY + at] + pv(C, C[C_D_REWARD + at])
        if x != y:                          # not there yet: the challenge is still to pay
            if worth + pv(C, ch) <= best or not can_pay(S, C, NS, PR, p, ch, 6):
                continue
            worth += pv(C, ch) - away(C[C_DIST + x * MAX_AREAS + y] - reach)
        best = max(best, worth)
    if not bless:
        for y in range(C[C_N_AREAS]):
            if C[C_AREA_KIND + y] == AREA_BLESSING and S[S_CORNER_TOKENS + C[C_AREA_CORNER + y]] > 0:
                best = max(best, 9.0 - 1.5 * max(0, C[C_DIST + x * MAX_AREAS + y] - reach))
    return best


@hot
def reach_gain(S, C, NS, PR, p, speed):
    """How much better placed p's ship could be after sailing `speed` wave lines."""
    x = S[S_AREA + p]
    return position_value(S, C, NS, PR, p, x, speed) - position_value(S, C, NS, PR, p, x, 0)


@hot
def entering_value(S, C, NS, PR, p, x):
    v = pv(C, C[C_AREA_REWARD + x])
    if S[S_PURIFIED + x] == 0:
        v -= 0.5 * C[C_AREA_DEMONS + x]
    d = deed_area_of(S, C, x)
    if d > 0:
        at = S[S_DEED_AT + d]
        if at >= LORD:
            v += pv(C, C[C_L_CHALLENGE + at - LORD])
        elif at >= 0:
            v += pv(C, C[C_D_CHALLENGE + at])
    return v + position_value(S, C, NS, PR, p, x, 0)


@hot
def option_value(S, C, NS, PR, OPT, i):
    """The greedy policy's worth of option i of the top frame, in glory."""
    at = top(S)
    kind = S[at]
    p = S[at + 1]
    code = OPT[i, 0]
    x = OPT[i, 1]
    y = OPT[i, 2]
    if code == O_HERO:
        if y == 0:
            return -2.0
        prog = NS[p, NS_RANK_PROG + x * MAX_RANKS + y - 1]
        v = pv(C, prog) - 0.2 * NS[p, NS_RANK_COINS + x * MAX_RANKS + y - 1]
        if upgrades_at(S, p, x) > 0:
            for u in range(C[C_N_UPGRADES]):
                if upgrade_place(S, p, u) == x:
                    v += pv(C, C[C_U_ACTIONS + u])
        speed = amount_in(C, prog, Y_MOVE)
        if speed > 0 and S[S_AREA + p] >= 0:
            v += reach_gain(S, C, NS, PR, p, move_speed(S, PR, p, speed))
        return v
    if code == O_CHRONICLE:                 # always worth taking: the chronicle entry and its reward
        if x == CH_AWAKEN_HERO:
            return 20.0 + C[C_A_HERO_GLORY + y] + 10.0 * C[C_A_ATTACKS + y] + pv(C, C[C_A_REWARD + y])
        if x == CH_AWAKEN_PATRON:
            return 20.0 + C[C_A_PATRON_GLORY + y]
        if x == CH_LORD:
            return 20.0 + C[C_L_GLORY + y] + pv(C, C[C_L_REWARD + y])
        return 20.0 + C[C_D_GLORY + y] + pv(C, C[C_D_REWARD + y])
    if code == O_CREW:
        return pv(C, C[C_A_ACTION + y]) if x == 0 else pv(C, C[C_T_ACTIONS + y])
    if code == O_RECHARGE:
        v = -1.0
        for s in range(S[S_ON_SHIP + p], min(S[S_MAX_WORKERS + p], ship_slots(S, C, NS, p))):
            v += pv(C, slot_reward(S, C, NS, p, s))
        if upgrades_at(S, p, U_SHIP_PLACE) > 0:
            for u in range(C[C_N_UPGRADES]):
                if upgrade_place(S, p, u) == U_SHIP_PLACE:
                    v += pv(C, C[C_U_RECHARGE + u])
        return v
    if code == O_BUY:
        return upgrade_value(C, x) - 0.2 * C[C_U_PRICE + x]
    if code == O_UPGRADE:
        return upgrade_value(C, x) if kind == F_UPGRADE and S[at + 3] == 0 else -upgrade_value(C, x)
    if code == O_REFRESH:
        return -0.2 * C[C_REFRESH_COINS]
    if code == O_TRIGGER:
        return pv(C, C[C_J_ACTIONS + x])
    if code == O_ROLL:
        return 0.8
    if code == O_SECONDARY:                 # marking one for Demor: the least useful
        v = pv(C, C[C_T_ACTIONS + x - 100]) if x >= 100 else pv(C, NS[p, NS_SECONDARY + x])
        return -v if kind == F_MARK_CURSE else v
    if code == O_ALVA:
        return reach_gain(S, C, NS, PR, p, 1) - 0.5
    if code == O_CURSE:
        return 1.0
    if code == O_KRAKEN_MOVE:
        return -1.0 if kind == F_MOVE else 0.5
    if code == O_KRAKEN_PURIFY:
        return C[C_AREA_DEMONS + S[S_KRAKEN + p]]
    if code == O_ALT:
        if kind == F_INSTEAD:
            return pv(C, S[at + 2]) if x == 0 else 2.0
        if kind == F_DOUBLE:
            return pv(C, slot_reward(S, C, NS, p, x))
        if kind == F_THORSTEYN or kind == F_DIOP:
            return 1.0
        if kind == F_CORNER:
            return pv(C, C[C_CORNER_REWARD + S[at + 2] * MAX_CORNER_REWARDS + x])
        alt = alt_of(C, S[at + 2], x)
        v = 0.0
        for k in range(n_syms(C, alt)):
            v += sym_amount(C, alt, k) * 0.5
        return v
    if code == O_HERO_PICK:
        if kind == F_MORALE:
            m = S[S_MORALE + p * N_HEROES + x]
            return pv(C, NS[p, NS_MORALE_PROG + x * MAX_MORALE + m]) if S[at + 3] == 0 else -m
        if kind == F_RANK:
            r = S[S_RANK + p * N_HEROES + x]
            return pv(C, NS[p, NS_RANK_PROG + x * MAX_RANKS + r]) - pv(C, NS[p, NS_RANK_PROG + x * MAX_RANKS + r - 1])
        if kind == F_ATTACH:
            return -hero_market_upgrades(S, C, p, x) if x < N_HEROES else 0.0
        return 0.0
    if code == O_CARD:
        if kind == F_PLAY:
            return 0.5 if y == 1 else pv(C, C[C_J_ACTIONS + x]) + pv(C, C[C_J_COST + x])
        return pv(C, C[C_J_ACTIONS + x]) if kind == F_TAKE_DISCARD else -pv(C, C[C_J_ACTIONS + x])
    if code == O_AREA or code == O_PLACE:
        if kind == F_PURIFY_ADJ:
            return C[C_AREA_DEMONS + x]
        return entering_value(S, C, NS, PR, p, x)
    if code == O_DONE:
        if kind == F_MOVE:
            return position_value(S, C, NS, PR, p, S[S_AREA + p], 0) if S[S_AREA + p] >= 0 else -99.0
        return 0.0
    return 0.0


@hot
def decide(S, C, NS, PR, RP, OPT, n, pol):
    """Index of the option the seat's policy picks."""
    if pol == POL_RANDOM:
        return below(RP, n)
    best = 0
    best_v = -1e9
    for i in range(n):
        v = option_value(S, C, NS, PR, OPT, i)
        if v > best_v:
            best_v = v
            best = i
    return best
