"""What a heuristic seat reads off a card's text beyond its action symbols (issue #33).

The greedy weighs programs, the action symbols of a rank, a card or an area. Much of EOS is
text that no symbol carries: an Angel's passives and once-per-game action, the curse its side
lets the seat ignore, the rule flags of upgrades (no activation cost, an extra secondary action),
and resources worth more when the seat is short of them. Each is weighed here by the same symbol
weights, over what is left of the game, and scaled by its own weight (``layout.POLICY_WEIGHTS``:
``passive``, ``once_action``, ``curse_ignored``, ``attack_held``, ``upgrade_flags``,
``coin_need``, ``demon_relief``; all 0 in greedy.toml, so the greedy's games do not change).

What is left of the game is public: the chronicle slots still free. Over 2,000 balanced games of
every player count a chronicle entry came every 6 turns of the table (49 turns for 8 entries with
2 players, 73 for 12 with 4, 85 for 14 with 5), so a seat's own turns left are read as the slots
left times the game's turns per entry so far (6 at the start), over the players.
"""
from ..core.jit import hot, tiny
from .cards import upgrade_place
from .layout import (ANG_BOARD, ANG_HERO, C_A_REWARD, S_BLESSINGS, S_BLESSING_LIMIT, C_D_TROPHY, C_T_ACTIONS, C_T_PASSIVE,
                     C_T_REWARD, C_T_SPEED, C_T_TYPE, TT_CURSE, TT_HERO, TT_ITEM, TT_SHIP, Y_SPEED, C_A_ACTION, C_A_CHOICE, C_A_IGNORES, C_A_PASSIVE, C_CHRON_FIRST, C_L_CHALLENGE,
                     C_L_CURSE, C_MARKET, C_N_ANGELS, C_N_UPGRADES, C_U_ACTIONS, C_U_FLAGS, C_U_ONCE, C_U_RECHARGE, C_U_HERO, C_U_PRICE, C_U_SHIP,
                     C_DEED_AREA, LORD, MAX_RANKS, NS_N_SECONDARY, NS_UPGRADES, NS_RANK_COINS, NS_RANK_PROG, NS_SECONDARY, N_HEROES,
                     PF_ALHANA, PF_ALVA, PF_ANTHEA, PF_ASHAMNON, PF_BOREANOS, PF_EO, PF_FREYANA_TWICE,
                     PF_KLEPHASTION_ATTACK, PF_KLEPHASTION_ICONS, PF_NEASTA, PF_OHAMNON, PF_QUESTOR, S_ANGEL,
                     S_ATTACKS, S_CHRON_LAST, S_CHRON_NEXT, S_COINS, S_CURSES, S_DEED_AT, S_IGNORED, S_MARKET, S_N,
                     S_N_CURSES, S_RANK, S_TURN, S_ULOC, U_HAND, UF_DISCOUNT_10, UF_EXTRA_SECONDARY, UF_NO_COST,
                     UF_OCCUPIED_TWICE, UF_PASSAGE, W_ATTACK_AWAKENED, W_ATTACK_HELD, W_COIN_NEED,
                     W_CURSE_IGNORED, W_DEED, W_DEMON_RELIEF, W_ONCE_ACTION, W_PASSIVE, W_UPGRADE_END,
                     W_UPGRADE_FLAGS, W_UPGRADE_USES, Y_BLESSING, Y_COINS, Y_DEMONS, Y_DESTROY, Y_MOVE1, Y_PLAY,
                     Y_POWER, Y_PURIFY, Y_WORKER)
from .frames import amount_in
from .resources import unprotected_demons

TURNS_PER_ENTRY = 6.0   # the table's turns per chronicle entry before the game shows its own pace
LAKE = 6


@hot
def own_turns_left(S, C, p):
    """p's own turns the game is likely to have left: chronicle slots still free times the
    table's turns per entry so far, over the players (the prior of 6 counts as two entries)."""
    first = C[C_CHRON_FIRST + S[S_N]]
    done = max(0, S[S_CHRON_NEXT] - first)
    left = max(0, S[S_CHRON_LAST] + 1 - S[S_CHRON_NEXT])
    per_entry = (S[S_TURN] + 2.0 * TURNS_PER_ENTRY) / (done + 2.0)
    return left * per_entry / S[S_N] + 1.0         # + the turn at hand's own effects


@tiny
def pv(PV, p, prog):
    """Program prog's worth to p: its symbols weighed by p's weights (``policy.use_phase``)."""
    return PV[p, prog] if prog >= 0 else 0.0


@hot
def binding_lord_curses(S, C, p):
    """Demon Lords in play whose curse binds p (not ignored by an Angel of p, nor marked)."""
    n = 0
    for i in range(S[S_N_CURSES]):
        lord = S[S_CURSES + i]
        if (S[S_IGNORED + p] >> lord) & 1:
            continue
        free = False
        for a in range(C[C_N_ANGELS]):
            if S[S_ANGEL + a] == ANG_HERO + p and C[C_A_IGNORES + a] == lord:
                free = True
        if not free:
            n += 1
    return n


@hot
def curse_worth(S, C, W, p, n):
    """n curses ignored: those binding p now, the first of them counted whole, a curse still to
    come (Demon Lords spawn on a third of the slots) half."""
    binding = binding_lord_curses(S, C, p)
    return W[p, W_CURSE_IGNORED] * (min(n, binding) + (0.5 if binding < n else 0.0))


@hot
def passive_worth(S, C, W, PV, p, a):
    """Angel a's hero-side passives, in glory: each as the symbols it gives per own turn (or per
    chronicle action, per Lord, ...) over the turns left, times a rough share of turns it pays."""
    bits = C[C_A_PASSIVE + a]
    if bits == 0:
        return 0.0
    t = own_turns_left(S, C, p)
    slots = max(0, S[S_CHRON_LAST] + 1 - S[S_CHRON_NEXT])
    v = 0.0
    if (bits >> PF_NEASTA) & 1:                 # 5 power at the start of each turn
        v += t * 0.5 * 5.0 * W[p, Y_POWER]          # (power above the board's maximum is lost)
    if (bits >> PF_EO) & 1:                     # destroy 3 Demons or purify the ship's area, each turn
        v += t * 0.5 * max(3.0 * W[p, Y_DESTROY], W[p, Y_PURIFY])
    if (bits >> PF_ALVA) & 1:                   # move 1 area each turn
        v += t * 0.5 * W[p, Y_MOVE1]
    if (bits >> PF_BOREANOS) & 1:               # a journey card after each hero activation
        v += t * 0.3 * W[p, Y_PLAY]
    if (bits >> PF_FREYANA_TWICE) & 1:          # occupied heroes activated again: a worker more per cycle
        v += t * 0.3 * W[p, Y_WORKER]
    if (bits >> PF_OHAMNON) & 1:                # no coins to activate heroes: ranks above 1 for free
        v += t * 0.3 * 10.0 * W[p, Y_COINS]
    if (bits >> PF_QUESTOR) & 1:                # 2 Demons fewer from every source
        v -= t * 0.5 * 2.0 * W[p, Y_DEMONS]
    if (bits >> PF_ASHAMNON) & 1:               # a reward at every chronicle action of anyone
        v += slots * pv(PV, p, C[C_A_CHOICE + a])
    if (bits >> PF_ANTHEA) & 1:                 # a second blessing token held
        v += 0.5 * W[p, Y_BLESSING]
    if (bits >> PF_KLEPHASTION_ICONS) & 1:      # the Demon Lords' challenges ignored
        for d in range(1, 7):
            at = S[S_DEED_AT + d]
            if at >= LORD:
                v -= 0.5 * pv(PV, p, C[C_L_CHALLENGE + at - LORD])
    if (bits >> PF_KLEPHASTION_ATTACK) & 1:     # 10 power and a blessing token as an Angel attack
        v += 0.5 * W[p, W_ATTACK_AWAKENED]
    return v


@hot
def angels_waiting(S, C):
    """Angels on the board: what a blessing token can still be spent on."""
    n = 0
    for a in range(C[C_N_ANGELS]):
        if S[S_ANGEL + a] == ANG_BOARD:
            n += 1
    return n


@hot
def blessing_glut(S, C, W, p, prog, spent, room):
    """The worth of program prog's blessing tokens that are lost or idle: those over p's holding
    limit (`room`: the limit this action raises, Anthea's +1) are never taken, and a token is
    worth its weight only while an Angel waits for it (`spent`: Angels the action at hand takes
    off the board)."""
    gain = amount_in(C, prog, Y_BLESSING)
    if gain <= 0:
        return 0.0
    held = S[S_BLESSINGS + p]
    lost = gain - (S[S_BLESSING_LIMIT + p] + room - held)
    idle = held + gain - max(0, angels_waiting(S, C) - spent)
    return W[p, Y_BLESSING] * min(gain, max(0, lost, idle))


@hot
def hero_side_extra(S, C, W, PV, p, a, attacks):
    """What Angel a's hero side brings beyond its glory, attacks and reward: its passives, its
    once-per-game action, the curses it lets p ignore (Alhana: every one; others: their Lord's),
    less its attacks' worth when p holds unused ones already."""
    v = W[p, W_PASSIVE] * passive_worth(S, C, W, PV, p, a)
    if W[p, W_PASSIVE] != 0.0:                  # (Anthea's 2 tokens: worth only while Angels wait)
        v -= blessing_glut(S, C, W, p, C[C_A_REWARD + a], 1, (C[C_A_PASSIVE + a] >> PF_ANTHEA) & 1)
    v += W[p, W_ONCE_ACTION] * pv(PV, p, C[C_A_ACTION + a])
    if W[p, W_CURSE_IGNORED] != 0.0:
        if (C[C_A_PASSIVE + a] >> PF_ALHANA) & 1:
            v += curse_worth(S, C, W, p, 3)
        elif C[C_A_IGNORES + a] >= 0:
            lord = C[C_A_IGNORES + a]
            for i in range(S[S_N_CURSES]):
                if S[S_CURSES + i] == lord and not (S[S_IGNORED + p] >> lord) & 1:
                    v += W[p, W_CURSE_IGNORED]
    return v - W[p, W_ATTACK_HELD] * S[S_ATTACKS + p] * attacks


@hot
def patron_extra(S, C, W, p):
    """The patron side's 1 curse ignored for the rest of the game."""
    return curse_worth(S, C, W, p, 1) if W[p, W_CURSE_IGNORED] != 0.0 else 0.0


# ---------------------------------------------------------------- trophies
@hot
def trophy_worth(S, C, W, PV, p, t):
    """What trophy t brings beyond its deed's glory and reward, in glory: its own reward once, an
    extra crew's or an item's action on a share of the turns left, a ship's speed and workers, its
    rule flags (a rough glory a turn each), a curse it takes out of play."""
    if t < 0:
        return 0.0
    left = own_turns_left(S, C, p)
    v = pv(PV, p, C[C_T_REWARD + t])
    kind = C[C_T_TYPE + t]
    if kind == TT_HERO or kind == TT_ITEM:
        v += left * 0.3 * pv(PV, p, C[C_T_ACTIONS + t])
    elif kind == TT_SHIP:
        v += left * 0.5 * W[p, Y_SPEED] * C[C_T_SPEED + t]
    elif kind == TT_CURSE:
        v += W[p, W_CURSE_IGNORED]
    bits = C[C_T_PASSIVE + t]
    while bits:
        v += left * 0.3 * (bits & 1)
        bits >>= 1
    return v


@hot
def deed_extra(S, C, W, PV, p, k):
    """Deed k's trophy to p, scaled by ``passive`` (the text over the turns left)."""
    if W[p, W_PASSIVE] == 0.0:
        return 0.0
    return W[p, W_PASSIVE] * trophy_worth(S, C, W, PV, p, C[C_D_TROPHY + k])


# ---------------------------------------------------------------- upgrades
@hot
def upgrade_value(C, W, PV, p, u):
    """An upgrade's worth: its repeated bonuses counted `upgrade_uses` times, plus its end-game glory."""
    return (W[p, W_UPGRADE_END] + pv(PV, p, C[C_U_ONCE + u])
            + W[p, W_UPGRADE_USES] * (pv(PV, p, C[C_U_RECHARGE + u]) + pv(PV, p, C[C_U_ACTIONS + u])))


@hot
def top_rank(S, p, h):
    """p's highest unlocked rank of hero h (0-based)."""
    return S[S_RANK + p * N_HEROES + h] - 1


@hot
def flag_worth_at(S, C, NS, W, PV, p, u, h):
    """Upgrade u's rule flags under hero h (h = N_HEROES: the ship), per use, in glory: no coins
    to activate (the cost of h's top rank), 10 coins off a rank, an extra secondary action (the
    best of p's), an occupied h activated again (half its top rank), the secret passage (a deed
    or Lord in the inner lake to reach)."""
    f = C[C_U_FLAGS + u]
    if f == 0 or h >= N_HEROES:
        return 0.0
    r = top_rank(S, p, h)
    v = 0.0
    if f & UF_NO_COST:
        v += W[p, Y_COINS] * NS[p, NS_RANK_COINS + h * MAX_RANKS + r]
    if f & UF_DISCOUNT_10:
        v += W[p, Y_COINS] * min(10, NS[p, NS_RANK_COINS + h * MAX_RANKS + r])
    if f & UF_EXTRA_SECONDARY:
        best = 0.0
        for k in range(NS[p, NS_N_SECONDARY]):
            best = max(best, pv(PV, p, NS[p, NS_SECONDARY + k]))
        v += best
    if f & UF_OCCUPIED_TWICE:
        v += 0.5 * pv(PV, p, NS[p, NS_RANK_PROG + h * MAX_RANKS + r])
    if f & UF_PASSAGE and h == 0 and S[S_DEED_AT + LAKE] >= 0:
        v += W[p, W_DEED] / W[p, W_UPGRADE_USES] if W[p, W_UPGRADE_USES] > 0 else 0.0     # once, not per use
    return v


@hot
def best_hero_for(S, C, NS, W, PV, p, u):
    """(hero, worth per use): where upgrade u's flags are worth most to p (a nation upgrade: its
    hero; a ship upgrade: nowhere)."""
    if C[C_U_SHIP + u]:
        return N_HEROES, 0.0
    if C[C_U_HERO + u] >= 0:
        h = C[C_U_HERO + u]
        return h, flag_worth_at(S, C, NS, W, PV, p, u, h)
    best, best_v = 0, -1.0
    for h in range(N_HEROES):
        v = flag_worth_at(S, C, NS, W, PV, p, u, h)
        if v > best_v:
            best, best_v = h, v
    return best, best_v


@hot
def flags_worth(S, C, NS, W, PV, p, u):
    """Upgrade u's rule flags to p at their best hero, over the uses an upgrade is counted for."""
    if W[p, W_UPGRADE_FLAGS] == 0.0 or C[C_U_FLAGS + u] == 0:
        return 0.0
    return W[p, W_UPGRADE_FLAGS] * W[p, W_UPGRADE_USES] * best_hero_for(S, C, NS, W, PV, p, u)[1]


# ---------------------------------------------------------------- resources short
@hot
def coins_short(S, C, NS, W, PV, p):
    """Coins p lacks for the upgrade it would most like to buy (the market's and its nation's in
    hand, by `worth` less the price it costs at p's coin weight); 0 when it can pay or wants none."""
    best, need = 0.0, 0
    for m in range(C[C_MARKET]):
        u = S[S_MARKET + m]
        if u >= 0:
            v = upgrade_value(C, W, PV, p, u) + flags_worth(S, C, NS, W, PV, p, u) - W[p, Y_COINS] * C[C_U_PRICE + u]
            if v > best:
                best, need = v, C[C_U_PRICE + u]
    for k in range(5):                          # p's nation upgrades still in hand
        u = NS[p, NS_UPGRADES + k]
        if u >= 0 and S[S_ULOC + u] == U_HAND + p:
            v = upgrade_value(C, W, PV, p, u) + flags_worth(S, C, NS, W, PV, p, u) - W[p, Y_COINS] * C[C_U_PRICE + u]
            if v > best:
                best, need = v, C[C_U_PRICE + u]
    return max(0, need - S[S_COINS + p])


@hot
def need_worth(S, C, NS, PR, W, PV, p, prog):
    """Program prog's resources by what p holds: coins towards the upgrade it wants (``coin_need``
    per coin), power or destroys that clear unprotected Demons (``demon_relief`` per Demon), blessing
    tokens no Angel on the board would take (their worth off); 0 at once for a seat weighing
    neither need (greedy)."""
    if prog < 0 or (W[p, W_COIN_NEED] == 0.0 and W[p, W_DEMON_RELIEF] == 0.0):
        return 0.0
    v = -blessing_glut(S, C, W, p, prog, 0, 0)
    coins = amount_in(C, prog, Y_COINS)
    if coins > 0 and W[p, W_COIN_NEED] != 0.0:
        v += W[p, W_COIN_NEED] * min(coins, coins_short(S, C, NS, W, PV, p))
    clear = amount_in(C, prog, Y_POWER) + amount_in(C, prog, Y_DESTROY)
    if clear > 0 and W[p, W_DEMON_RELIEF] != 0.0:
        v += W[p, W_DEMON_RELIEF] * min(clear, unprotected_demons(S, PR, p))
    return v
