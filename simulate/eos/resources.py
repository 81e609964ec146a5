"""EOS rules of a player's resources (rulebook: "Coin and Glory Tracking", "Demons and
Power", "Protection"): glory and coins never below 0; power and Demons on one marker;
the maximum power of the nation board; the maximum Demons of the protection track, with
1 glory lost per Demon over it; shields per source; protection that moves the damage
zones; Mespanne's fixed protection.

Numba functions over the state ``S`` and the seats' nation numbers ``PR`` (``layout``).
"""
from ..core.jit import hot
from .layout import N_SPECIALS, S_SPECIALS, SP_POWER_PEAK
from .layout import (PR_FIXED_PROTECTION, PR_MAX_DEMONS, PR_MAX_POWER, PR_MAX_STEPS, PR_N_ZONES, PR_PROTECTED_BASE,
                     PR_SPEED_AT_POWER, PR_ZONES, S_COINS, S_GLORY, S_MARKER, S_PROTECTION, S_SHIELDS)
from .layout import S_SOLO
from .layout import PF_STREET, S_PASSIVE


@hot
def demons_harmless(S, p):
    """Cross the Street of Demons' trophy: p's Demons cost no glory at the end, do no damage, and
    Demons past the maximum cost no glory."""
    return (S[S_PASSIVE + p] >> PF_STREET) & 1 == 1


@hot
def gain_glory(S, p, n):
    """Gain (n < 0: lose) glory; glory never falls below 0. Solo: glory is ignored and cannot be lost."""
    if S[S_SOLO]:
        return
    S[S_GLORY + p] = max(0, S[S_GLORY + p] + n)


@hot
def gain_coins(S, p, n):
    """Gain (n < 0: lose) coins; coins never fall below 0."""
    S[S_COINS + p] = max(0, S[S_COINS + p] + n)


@hot
def power(S, p):
    return max(0, S[S_MARKER + p])


@hot
def demons(S, p):
    return max(0, -S[S_MARKER + p])


@hot
def gain_power(S, PR, p, n):
    """Power first removes Demons, then the marker flips to power, up to the nation
    board's maximum ("You have 3 Demons and gain 10 power ... the remaining 7 power")."""
    S[S_MARKER + p] = min(S[S_MARKER + p] + n, PR[p, PR_MAX_POWER])
    peak = S_SPECIALS + p * N_SPECIALS + SP_POWER_PEAK     # the most power held (records)
    S[peak] = max(S[peak], S[S_MARKER + p])


@hot
def spend_power(S, p, n):
    """Pay n power in full, or not at all ("You want to spend 5 power, but only have 4. You
    may not move your marker"); returns whether it was paid."""
    if power(S, p) < n:
        return False
    S[S_MARKER + p] -= n
    return True


@hot
def destroy_demons(S, p, n):
    """Destroy up to n Demons; the marker never passes 0 ("destroy all 5 ... don't flip")."""
    if S[S_MARKER + p] < 0:
        S[S_MARKER + p] = min(0, S[S_MARKER + p] + n)


@hot
def max_demons(S, PR, p):
    """The most Demons the seat can have: the protection track's end, shifted by protection."""
    return PR[p, PR_MAX_DEMONS] + S[S_PROTECTION + p]


@hot
def gain_demons(S, PR, p, n):
    """Gain n Demons from one source, less one per shield; Demons first remove power; past
    the track's maximum, lose 1 glory per Demon instead ("Kwanan has 16 Demons. If they
    would gain 2 more, they lose 2 glory"). Returns the Demons the marker took."""
    n = max(0, n - S[S_SHIELDS + p])
    marker = S[S_MARKER + p] - n
    over = min(n, -marker - max_demons(S, PR, p))     # only Demons gained now: a marker already past
    if over > 0:                                      # the maximum (protection lost) stays where it is
        if not demons_harmless(S, p):
            gain_glory(S, p, -over)
        marker += over
    taken = S[S_MARKER + p] - marker
    S[S_MARKER + p] = marker
    return taken


@hot
def damage_zone(S, PR, p):
    """Index of the damage zone the seat's Demons sit in (-1: none); the zones move right
    with the protection track."""
    if demons_harmless(S, p):
        return -1
    d = demons(S, p) - S[S_PROTECTION + p]
    for z in range(PR[p, PR_N_ZONES]):
        if PR[p, PR_ZONES + 4 * z] <= d <= PR[p, PR_ZONES + 4 * z + 1]:
            return z
    return -1


@hot
def gain_protection(S, PR, p, n):
    """Move the protection track n steps (n < 0: back), within 0 (Mespanne: its fixed
    protection) and the board's maximum; a damage zone may forbid gaining any."""
    if n > 0:
        z = damage_zone(S, PR, p)
        if z >= 0 and PR[p, PR_ZONES + 4 * z + 3]:
            return
    S[S_PROTECTION + p] = min(max(S[S_PROTECTION + p] + n, PR[p, PR_FIXED_PROTECTION]), PR[p, PR_MAX_STEPS])


@hot
def speed_modifier(S, PR, p):
    """Speed added to every move with speed: +1 from the power threshold, the damage zone's change."""
    v = 0
    if PR[p, PR_SPEED_AT_POWER] > 0 and power(S, p) >= PR[p, PR_SPEED_AT_POWER]:
        v += 1
    z = damage_zone(S, PR, p)
    if z >= 0:
        v += PR[p, PR_ZONES + 4 * z + 2]
    return v


@hot
def unprotected_demons(S, PR, p):
    """Demons outside the protection area: each costs 1 glory at the end of the game."""
    if demons_harmless(S, p):
        return 0
    return max(0, demons(S, p) - S[S_PROTECTION + p] - PR[p, PR_PROTECTED_BASE])
