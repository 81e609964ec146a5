"""The rulebook's action symbols (section "Action Symbols") as kernel steps.

``do_symbol`` takes one symbol of a program for player p: the ones that need no decision
happen at once (glory, coins, draw, power, Demons, ...); the others push the frame that
asks (morale and ranks: which hero; play and discard: which card; moves: where to;
upgrades: which one; the die: whether to roll). ``can_pay`` says whether a cost or a
challenge can be paid in full ("Costs for actions are always paid before performing
the action"; challenges "have to be paid in full").
"""
from ..core.jit import hot, tiny
from .cards import draw_journey, in_hand, upgrade_place
from .frames import alt_of, n_alts, n_steps, n_syms, push, push_move, step_of, sym_amount, sym_code
from .layout import (C_A_ONCE, C_AREA_DEMONS, C_N_ANGELS, C_N_JOURNEY, C_N_UPGRADES, C_SHIELDS, F_DIE,
                     F_DISCARD, F_EVENT, F_KRAKEN, F_MORALE, F_PLAY, F_PURIFY_ADJ, F_RANK, F_SPAWN,
                     F_UPGRADE, F_CHRONICLE, GF_AREA, MAX_PLAYERS, N_HEROES, NS_N_MORALE, S_AREA, S_ATTACKS,
                     S_BLESSING_LIMIT, S_BLESSINGS, S_GLORY_FROM, S_HAND_LIMIT, S_KRAKEN, S_MORALE, S_N,
                     S_ON_SHIP, S_PROTECTION, S_PURIFIED, S_SHIELDS, S_SPEED, S_SPENT_COINS, S_SPENT_POWER,
                     S_STAT, S_SUPPLY_BLESSINGS, S_SUPPLY_SHIELDS, S_USED, STATS, ST_PURIFIED, Y_ANGEL_ATTACK,
                     Y_BLESSING, Y_CHRONICLE, Y_COINS, Y_DEMONS, Y_DESTROY, Y_DIE, Y_DISCARD, Y_DRAW, Y_EVENT,
                     Y_GLORY, Y_HAND_LIMIT, Y_HAVE_PROTECTION, Y_HAVE_UPGRADES, Y_KRAKEN, Y_MAX_MORALE_HEROES,
                     Y_MORALE, Y_MORALE_TOTAL, Y_MOVE, Y_MOVE1, Y_PLAY, Y_POWER, Y_PROTECTION, Y_PURIFY,
                     Y_PURIFY_ADJ, Y_RANK, Y_SHIELD, Y_SPAWN_LORD, Y_SPEED, Y_SPEED_TOTAL, Y_UPGRADE, Y_WORKER,
                     PR_FIXED_PROTECTION, S_COINS, S_GLORY, J_HAND, S_JLOC, S_N_UPGRADES, S_PASSIVE, S_CURSE_MASK,
                     K_DEMON_MAW, PF_ALHANA, S_CURSES, S_IGNORED, C_L_CURSE, ANG_HERO, S_ANGEL, C_A_IGNORES, K_AMBAN,
                     PF_QUESTOR, K_SECHATOR, K_BELVADAN, K_HANOR, K_QUARANAVAN, S_N_CURSES, PF_BELIA_HOLDS, S_BELIA,
                     S_N_WAITING, F_TRIGGERS, TRIG_GAIN_DEMONS, MODE_COST, MODE_NO_LOSSES, MODE_PAY_LEAST,
                     S_ATTACKS_USED, C_ANGEL_PAWNS, ANG_BOARD, K_FIRST_DEED_CURSE)
from .layout import N_SPECIALS, N_USE_COUNTS, PR_SPEED_AT_POWER, S_SPECIALS, S_USES, SP_POWER_SPEED_MOVES, S_SOLO
from .resources import (demons, destroy_demons, gain_coins, gain_demons, gain_glory, gain_power,
                        gain_protection, power, spend_power, speed_modifier)

MOVE_PLAIN, MOVE_KRAKEN = 1, 2     # F_MOVE flags: no speed bonus (move 1, the Kraken symbol), the Kraken moves
MOVE_SHIP2 = 4     # F_MOVE flag: Lady Ignal's trophy, the second ship pawn moves


@tiny
def glory(S, p, n, source):
    before = S[S_GLORY + p]
    gain_glory(S, p, n)
    S[S_GLORY_FROM + p * 8 + source] += S[S_GLORY + p] - before


@tiny
def stat(S, p, st, n):
    S[S_STAT + p * len(STATS) + st] += n


@tiny
def special(S, p, k, n):
    """Count n uses of special k (layout.SPECIALS) for p."""
    S[S_SPECIALS + p * N_SPECIALS + k] += n


@tiny
def use(S, p, k):
    """Count one use of k (layout USE_SECONDARY + option, USE_TROPHY + trophy) for p: the `uses` table."""
    S[S_USES + p * N_USE_COUNTS + k] += 1


@tiny
def holds(S, p, bit):
    """Whether p holds the seat rule flag `bit` (layout.PASSIVES)."""
    return (S[S_PASSIVE + p] >> bit) & 1 == 1


@hot
def cursed(S, C, p, k):
    """Whether curse k (layout.CURSES) is in play and binds p. A Demon Lord's curse is
    ignored with Alhana, with an Angel hero naming that Lord, or when p chose to ignore
    it (a patron, Break the Blockade); a deed's curse binds everyone."""
    if not (S[S_CURSE_MASK] >> k) & 1:
        return False
    if k >= K_FIRST_DEED_CURSE:         # a deed's curse (the Demon Maw, the Plague Ship)
        return True
    if holds(S, p, PF_ALHANA):
        return False
    for i in range(S[S_N_CURSES]):
        lord = S[S_CURSES + i]
        if C[C_L_CURSE + lord] != k or (S[S_IGNORED + p] >> lord) & 1:
            continue
        ignored = False
        for a in range(C[C_N_ANGELS]):
            if S[S_ANGEL + a] == ANG_HERO + p and C[C_A_IGNORES + a] == lord:
                ignored = True
        if not ignored:
            return True
    return False


@hot
def receive_coins(S, C, p, n):
    """Gain n coins; under Amban's curse only up to a total of 30 (more already held is kept)."""
    if cursed(S, C, p, K_AMBAN):
        S[S_COINS + p] = max(S[S_COINS + p], min(S[S_COINS + p] + n, 30))
    else:
        gain_coins(S, p, n)


@hot
def receive_demons(S, C, PR, p, n):
    """Gain n Demons from one source: 2 fewer with Questor, shields per source; under
    Sechator's curse 2 coins lost per Demon received."""
    if holds(S, p, PF_QUESTOR):
        n -= 2
    if n <= 0:
        return 0
    if holds(S, p, PF_BELIA_HOLDS):         # the way to Ol'Phandan: new Demons go to Belia
        taken = max(0, n - S[S_SHIELDS + p])
        S[S_BELIA + p] += taken
    else:
        taken = gain_demons(S, PR, p, n)
    if taken > 0 and S[S_N_WAITING + p] > 0:
        push(S, F_TRIGGERS, p, TRIG_GAIN_DEMONS, 0, 0, 0, 0, 0)
    if taken > 0 and cursed(S, C, p, K_SECHATOR):
        pay_coins(S, p, 2 * taken)
    return taken


@tiny
def pay_coins(S, p, n):
    S[S_SPENT_COINS + p] += min(n, S[S_COINS + p])
    gain_coins(S, p, -n)


@tiny
def cards_in_hand(S, C, p):
    """Journey cards in p's hand, nation cards included (they can pay a discard)."""
    n = 0
    for j in range(C[C_N_JOURNEY]):
        if S[S_JLOC + j] == J_HAND + p:
            n += 1
    return n


@tiny
def upgrades_in_play(S, C, p):
    return S[S_N_UPGRADES + p]


@hot
def heroes_at_max_morale(S, NS, p):
    n = 0
    for h in range(N_HEROES):
        if S[S_MORALE + p * N_HEROES + h] >= NS[p, NS_N_MORALE + h]:
            n += 1
    return n


@hot
def morale_total(S, p):
    n = 0
    for h in range(N_HEROES):
        n += S[S_MORALE + p * N_HEROES + h]
    return n


@hot
def move_speed(S, PR, p, base):
    """Speed of a move with speed `base`: plus permanent speed, the power bonus, the damage zone."""
    return max(0, base + S[S_SPEED + p] + speed_modifier(S, PR, p))


@hot
def can_pay(S, C, NS, PR, p, prog, speed):
    """Whether p can pay cost or challenge `prog` in full (`speed`: the move's total speed at its
    start, for "at least speed X when starting your movement"). Demons can always be taken."""
    return can_pay_but(S, C, NS, PR, p, prog, speed, -1)


@hot
def can_pay_but(S, C, NS, PR, p, prog, speed, skip):
    """can_pay without step `skip` (an icon ignored: Thorsteyn)."""
    for i in range(n_steps(C, prog)):
        if i == skip:
            continue
        step = step_of(C, prog, i)
        ok_any = False
        for a in range(n_alts(C, step)):
            alt = alt_of(C, step, a)
            ok = True
            for k in range(n_syms(C, alt)):
                code = sym_code(C, alt, k)
                need = -sym_amount(C, alt, k)            # a loss is written negative
                if code == Y_COINS and S[S_COINS + p] < need:
                    ok = False
                elif code == Y_POWER and power(S, p) < need:
                    ok = False
                elif code == Y_GLORY and S[S_GLORY + p] < need and S[S_SOLO] == 0:   # solo: never lost
                    ok = False
                elif code == Y_PROTECTION and S[S_PROTECTION + p] - PR[p, PR_FIXED_PROTECTION] < need:
                    ok = False
                elif code == Y_BLESSING and S[S_BLESSINGS + p] < need:
                    ok = False
                elif code == Y_ANGEL_ATTACK and S[S_ATTACKS + p] < need:
                    ok = False
                elif code == Y_DISCARD and cards_in_hand(S, C, p) < -need:
                    ok = False
                elif code == Y_UPGRADE and upgrades_in_play(S, C, p) < need:
                    ok = False
                elif code == Y_SPEED_TOTAL and speed < -need:
                    ok = False
                elif code == Y_HAVE_UPGRADES and upgrades_in_play(S, C, p) < -need:
                    ok = False
                elif code == Y_HAVE_PROTECTION and S[S_PROTECTION + p] < -need:
                    ok = False
                elif code == Y_MAX_MORALE_HEROES and heroes_at_max_morale(S, NS, p) < -need:
                    ok = False
                elif code == Y_MORALE_TOTAL and morale_total(S, p) < -need:
                    ok = False
            if ok:
                ok_any = True
        if not ok_any:
            return False
    return True


@hot
def pawn_supply(S, C):
    """Angel pawns in the supply: those not on a board Angel nor a ready attack."""
    n = C[C_ANGEL_PAWNS]
    for a in range(C[C_N_ANGELS]):
        if S[S_ANGEL + a] == ANG_BOARD:
            n -= 1
    for q in range(S[S_N]):
        n -= S[S_ATTACKS + q]
    return n


@hot
def purify(S, C, p, x, source):
    """Cover area x's printed Demons with p's token and gain that much glory."""
    if S[S_PURIFIED + x] != 0 or cursed(S, C, p, K_BELVADAN):
        return
    S[S_PURIFIED + x] = p + 1
    glory(S, p, C[C_AREA_DEMONS + x], source)
    stat(S, p, ST_PURIFIED, 1)


@hot
def gain_blessing(S, C, p, n):
    """Blessing tokens from the supply, up to p's limit ("You may only have 1 token at any time")."""
    for _ in range(n):
        if S[S_BLESSINGS + p] >= S[S_BLESSING_LIMIT + p] or S[S_SUPPLY_BLESSINGS] == 0:
            return
        S[S_BLESSINGS + p] += 1
        S[S_SUPPLY_BLESSINGS] -= 1


@tiny
def is_loss(code, n):
    """A symbol that harms its taker: a loss, Demons, a discard."""
    return (n < 0 and code != Y_SPEED_TOTAL) or code == Y_DEMONS or code == Y_DISCARD or code == Y_SPAWN_LORD


@hot
def pay_least_glory(S, C, p, n):
    """Coins that go to the player with the least glory (Jacub's upgrade): the tied fewest share
    them, the remainder to the earliest in turn order; p pays the second fewest if it is p."""
    k = S[S_N]
    low = 1 << 30
    for q in range(k):
        if q != p:
            low = min(low, S[S_GLORY + q])
    paid = min(n, S[S_COINS + p])
    pay_coins(S, p, n)
    m = 0
    for q in range(k):
        if q != p and S[S_GLORY + q] == low:
            m += 1
    i = 0
    for d in range(1, k):
        q = (p + d) % k
        if S[S_GLORY + q] == low:
            receive_coins(S, C, q, paid // m + (1 if i < paid % m else 0))
            i += 1


@hot
def do_symbol(S, C, NS, PR, R, p, code, n, cost, source):
    """Take symbol `code` with amount n for p (a cost: n is the rulebook's signed amount);
    `cost` is the program's mode (layout.MODE_*)."""
    if cost == MODE_NO_LOSSES and is_loss(code, n):
        return                              # Akeem: a direct negative effect ignored
    if code == Y_COINS and n < 0 and cost == MODE_PAY_LEAST:
        pay_least_glory(S, C, p, -n)
        return
    if code == Y_GLORY:
        glory(S, p, n, source)
    elif code == Y_COINS:
        if n < 0:
            pay_coins(S, p, -n)
        else:
            receive_coins(S, C, p, n)
    elif code == Y_MORALE:
        push(S, F_MORALE, p, abs(n), 1 if n < 0 else 0, 0, 0, 0, 0)
    elif code == Y_RANK:
        push(S, F_RANK, p, abs(n), 1 if n < 0 else 0, 0, 0, 0, 0)
    elif code == Y_DRAW:
        draw_journey(S, C, R, p, n)
    elif code == Y_DISCARD:
        push(S, F_DISCARD, p, abs(n), 1 if cost == MODE_COST else 0, 0, 0, 0, 0)
    elif code == Y_PLAY:
        if cursed(S, C, p, K_QUARANAVAN):
            return
        push(S, F_PLAY, p, n, 0, 0, 0, 0, 0)
    elif code == Y_HAND_LIMIT:
        S[S_HAND_LIMIT + p] += n
    elif code == Y_MOVE1:
        push_move(S, p, 1, S[S_AREA + p], MOVE_PLAIN)
    elif code == Y_MOVE:
        v = move_speed(S, PR, p, n)
        if PR[p, PR_SPEED_AT_POWER] > 0 and power(S, p) >= PR[p, PR_SPEED_AT_POWER]:
            special(S, p, SP_POWER_SPEED_MOVES, 1)
        push_move(S, p, v, S[S_AREA + p], 0)
    elif code == Y_SPEED:
        S[S_SPEED + p] += n
    elif code == Y_WORKER:
        if S[S_ON_SHIP + p] > 0:
            S[S_ON_SHIP + p] -= 1
            S[S_USED + p] = 1
    elif code == Y_DIE:
        push(S, F_DIE, p, n, 0, 0, 0, 0, 0)
    elif code == Y_UPGRADE:
        if n > 0 and cursed(S, C, p, K_HANOR):
            return
        push(S, F_UPGRADE, p, abs(n), 1 if n < 0 else 0, 0, 0, 0, 0)
    elif code == Y_EVENT:
        for _ in range(n):
            push(S, F_EVENT, p, -1, 0, 0, 0, 0, 0)
    elif code == Y_KRAKEN:
        if S[S_KRAKEN + p] >= 0:
            push(S, F_KRAKEN, p, 0, 0, 0, 0, 0, 0)
    elif code == Y_POWER:
        if n < 0:
            S[S_SPENT_POWER + p] += min(-n, power(S, p))
            spend_power(S, p, -n)
        else:
            gain_power(S, PR, p, n)
    elif code == Y_DEMONS:
        receive_demons(S, C, PR, p, n)
    elif code == Y_DESTROY:
        destroy_demons(S, p, n)
    elif code == Y_PROTECTION:
        gain_protection(S, PR, p, n)
    elif code == Y_SHIELD:
        k = min(n, S[S_SUPPLY_SHIELDS])
        S[S_SHIELDS + p] += k
        S[S_SUPPLY_SHIELDS] -= k
    elif code == Y_PURIFY:
        if S[S_AREA + p] >= 0:
            purify(S, C, p, S[S_AREA + p], GF_AREA)
    elif code == Y_PURIFY_ADJ:
        push(S, F_PURIFY_ADJ, p, 0, 0, 0, 0, 0, 0)
    elif code == Y_BLESSING:
        if n > 0:
            gain_blessing(S, C, p, n)
        else:
            k = min(-n, S[S_BLESSINGS + p])
            S[S_BLESSINGS + p] -= k
            S[S_SUPPLY_BLESSINGS] += k
    elif code == Y_ANGEL_ATTACK:
        if n < 0:                           # a discarded attack is a used one (the Heart of the Sea)
            S[S_ATTACKS_USED + p] += min(-n, S[S_ATTACKS + p])
            S[S_ATTACKS + p] = max(0, S[S_ATTACKS + p] + n)
        else:                               # pawns from the supply while it lasts
            S[S_ATTACKS + p] += min(n, pawn_supply(S, C))
    elif code == Y_SPAWN_LORD:
        for _ in range(n):
            push(S, F_SPAWN, p, 0, 0, 0, 0, 0, 0)
    elif code == Y_CHRONICLE:
        push(S, F_CHRONICLE, p, 0, 0, 0, 0, 0, 0)
    # the challenge-only conditions (speed_total, have_*) are checked by can_pay and cost nothing
