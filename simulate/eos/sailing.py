"""Sailing (rulebook: "Sailing", "Special Ocean Areas", "Epic Deeds"): where a ship may go
and what entering an area brings.

A move never re-enters its start area or an area it entered already; an epic deed or
Demon Lord area is entered only by paying its challenge in full, "speed X" meaning the
move's total speed at its start; entering gains the area's Demons (unless purified) and
its reward (a deed area only when empty), a blessing corner a token (if there is room)
and one of its border rewards. The secret passage joins the inner lake to points A and B
for a ship whose Scout carries the passage upgrade.
"""
from ..core.jit import hot, tiny
from .cards import flags_at, seat_flags
from .frames import n_steps
from .frames import push, push_program
from .layout import (AREA_BLESSING, AREA_DEED, C_ADJ, C_ADJ_START, C_AREA_CORNER, C_AREA_DEED, C_AREA_DEMONS,
                     C_AREA_KIND, C_AREA_PASSAGE, C_AREA_REWARD, C_CORNER_N, C_D_CHALLENGE, C_DEED_AREA,
                     C_L_CHALLENGE, C_N_AREAS, C_N_UPGRADES, C_U_FLAGS, F_CORNER, GF_AREA, LORD,
                     MAX_CORNER_REWARDS, S_AREA, S_BLESSING_LIMIT, S_BLESSINGS, S_CORNER_TAKEN,
                     S_CORNER_TOKENS, S_DEED_AT, S_MOVED, S_N, S_PURIFIED, UF_PASSAGE, C_CORNER_SHARED, U_SHIP_PLACE,
                     PF_KLEPHASTION_ICONS, K_MEARON, K_DEMON_MAW, UF_THORSTEYN, S_PROTECTION, PR_FIXED_PROTECTION,
                     F_THORSTEYN, F_AREA_DEMONS)
from .symbols import can_pay, can_pay_but, cursed, holds, receive_demons
from .deluxe import escort, pay_toll, special_at, toll_payable
from .layout import DK_CORSAIR, PF_SUBMARINE, S_SHIP2, S_SHIP2_MOVED

LAKE = 6


@hot
def has_passage(S, C, p):
    return flags_at(S, p, 0) & UF_PASSAGE != 0      # under the Scout (hero 0)


@hot
def corner_taken(S, C, p, c, k):
    """Whether reward k of corner c is closed to p: marked by p, or by anyone when shared."""
    bit = (c - 1) * MAX_CORNER_REWARDS + k
    if C[C_CORNER_SHARED]:
        for q in range(S[S_N]):
            if (S[S_CORNER_TAKEN + q] >> bit) & 1:
                return True
        return False
    return (S[S_CORNER_TAKEN + p] >> bit) & 1 == 1


@hot
def challenge_of(S, C, p, x):
    """The challenge program guarding area x for p (-1: none): its deed's or Demon Lord's
    (Klephastion's holder ignores every Demon Lord challenge icon)."""
    if C[C_AREA_KIND + x] != AREA_DEED:
        return -1
    at = S[S_DEED_AT + C[C_AREA_DEED + x]]
    if at < 0:
        return -1
    if at >= LORD:
        ignore = holds(S, p, PF_KLEPHASTION_ICONS) or holds(S, p, PF_SUBMARINE)    # Copper and Steel too
        return -1 if ignore else C[C_L_CHALLENGE + at - LORD]
    return C[C_D_CHALLENGE + at]


@hot
def neighbours(S, C, p, x, out):
    """Areas one wave line from x into out; their number. The passage adds the lake to A and
    B and A and B to the lake, for a ship with the passage upgrade."""
    n = 0
    for k in range(C[C_ADJ_START + x], C[C_ADJ_START + x + 1]):
        out[n] = C[C_ADJ + k]
        n += 1
    if has_passage(S, C, p):
        lake = C[C_DEED_AREA + LAKE]
        if x == lake:
            for y in range(C[C_N_AREAS]):
                if C[C_AREA_PASSAGE + y] > 0:
                    out[n] = y
                    n += 1
        elif C[C_AREA_PASSAGE + x] > 0:
            out[n] = lake
            n += 1
    return n


@tiny
def entered(lo, hi, x):
    return (lo >> x) & 1 if x < 31 else (hi >> (x - 31)) & 1


@hot
def may_enter(S, C, NS, PR, p, x, start, lo, hi, speed0):
    """Whether p's ship may sail into x on this move."""
    if x == start or entered(lo, hi, x) or not toll_payable(S, C, NS, p, x):
        return False
    ch = challenge_of(S, C, p, x)
    if ch < 0 or can_pay(S, C, NS, PR, p, ch, speed0):
        return True
    if thorsteyn(S, C, PR, p, x):           # one icon ignored for 1 protection, the rest met after it
        return thorsteyn_icon(S, C, NS, PR, p, ch, speed0, 0) >= 0
    return False


@hot
def thorsteyn_icon(S, C, NS, PR, p, ch, speed0, k0):
    """The first icon k >= k0 of challenge ch that p may ignore with Thorsteyn's upgrade: the
    other icons can be met once the protection is discarded (-1: none)."""
    S[S_PROTECTION + p] -= 1
    found = -1
    for k in range(k0, n_steps(C, ch)):
        if can_pay_but(S, C, NS, PR, p, ch, speed0, k):
            found = k
            break
    S[S_PROTECTION + p] += 1
    return found


@hot
def thorsteyn(S, C, PR, p, x):
    """Whether p may discard 1 protection to ignore one challenge icon of the Demon Lord in x."""
    at = S[S_DEED_AT + C[C_AREA_DEED + x]] if C[C_AREA_KIND + x] == AREA_DEED else -1
    return (at >= LORD and seat_flags(S, p) & UF_THORSTEYN != 0
            and S[S_PROTECTION + p] - PR[p, PR_FIXED_PROTECTION] >= 1)


@hot
def enter_area(S, C, PR, p, x):
    """p's ship enters x: the challenge first (paid in full), then Demons and rewards. Pushes
    the frames that ask (rewards, a corner's choice); the Demons are taken at once. Under
    Meâron's curse no reward but blessing tokens."""
    S[S_AREA + p] = x
    S[S_MOVED + p] += 1
    arrive(S, C, PR, p, x, True)
    escort(S, p, x)


@hot
def enter_with_second(S, C, PR, p, x):
    """p's second ship pawn (Lady Ignal's trophy) enters x: as the ship ("they work exactly the same")."""
    S[S_SHIP2 + p] = x
    S[S_SHIP2_MOVED + p] += 1
    arrive(S, C, PR, p, x, True)
    escort(S, p, x)


@hot
def arrive(S, C, PR, p, x, ship):
    """What a ship of p (`ship`: a ship pawn; else the Kraken) finds entering area x."""
    pay_toll(S, C, p, x)
    kind = C[C_AREA_KIND + x]
    rewards = not cursed(S, C, p, K_MEARON)
    if kind == AREA_BLESSING:
        c = C[C_AREA_CORNER + x]
        if S[S_BLESSINGS + p] < S[S_BLESSING_LIMIT + p] and S[S_CORNER_TOKENS + c] > 0:
            S[S_BLESSINGS + p] += 1
            S[S_CORNER_TOKENS + c] -= 1
        for k in range(C[C_CORNER_N + c] if rewards else 0):
            if not corner_taken(S, C, p, c, k):
                push(S, F_CORNER, p, c, 0, 0, 0, 0, 0)
                break
    guarded = kind == AREA_DEED and S[S_DEED_AT + C[C_AREA_DEED + x]] >= 0
    if guarded and special_at(S, C, x) == DK_CORSAIR:
        guarded = False                     # the Corsair's tile: "This area is considered empty when sailing"
    if rewards and not guarded:
        push_program(S, p, C[C_AREA_REWARD + x], 0, GF_AREA)
    submarine = ship and holds(S, p, PF_SUBMARINE)     # Copper and Steel: the area's Demons ignored
    demons = 0
    if not submarine and S[S_PURIFIED + x] == 0 and C[C_AREA_DEMONS + x] > 0:
        demons = C[C_AREA_DEMONS + x] + (1 if cursed(S, C, p, K_DEMON_MAW) else 0)
    ch = challenge_of(S, C, p, x)
    if ch < 0:
        if demons > 0:
            receive_demons(S, C, PR, p, demons)
        return
    # "the challenges players have to pay before being able to move their ship into the ocean
    # area ... paid in full": the challenge on top, the area's Demons under it
    if demons > 0:
        push(S, F_AREA_DEMONS, p, demons, 0, 0, 0, 0, 0)
    if thorsteyn(S, C, PR, p, x):
        push(S, F_THORSTEYN, p, x, ch, 0, 0, 0, 0)     # pay it all, or ignore one icon
    else:
        push_program(S, p, ch, 1, GF_AREA)
