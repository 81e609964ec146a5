"""Legal options of each AEOLOS decision, enumerated into the option buffer.

Pure functions of the state: they list, they never change anything. The rule
steps (rules.py) and the heuristic policy (policy.py) share them, so what a
strategy evaluates is exactly what the rules allow.
"""
from ..core.jit import hot, tiny

from .layout import *  # noqa: F403
from .pieces import (favor_available, harbor_ships, present_with, settlements_built, ships_at, ships_in,
                     ships_in_play)

SCRATCH = MAX_OPTIONS - 64     # buffer rows used to count options without deciding


@tiny
def add_option(OPT, n, kind, a=0, b=0, c=0):
    OPT[n, 0] = kind
    OPT[n, 1] = a
    OPT[n, 2] = b
    OPT[n, 3] = c
    return n + 1


@hot
def space_open(S, T, s):
    """A ship may end a move on river space s: always, except under the Challenge of
    Aeolos (variant 3) when any ship is already there."""
    if T[T_ONE_SHIP_PER_SPACE] == 0:
        return True
    loc = LOC_RIVER + s
    for i in range(MAX_PLAYERS * MAX_SHIPS):
        if S[S_SHIP_LOC + i] == loc:
            return False
    return True


@hot
def step_options(S, T, OPT, n, p, paid, max_cost):
    """Every single step upriver a ship can make now: mouth harbor -> first river space,
    space -> next space, last space -> a free temple place. A paid step costs 1 wind
    (the temple step its configured wind); only steps costing <= max_cost are listed.
    Option c holds the step's wind cost. Under the Challenge a step passes over occupied
    spaces to the next open one, paying for each (see ``step_from``)."""
    seen = 0
    for i in range(MAX_SHIPS):
        loc = S[S_SHIP_LOC + p * MAX_SHIPS + i]
        if loc < LOC_HARBOR or loc >= LOC_PLACE or (seen >> loc) & 1:
            continue
        seen |= 1 << loc
        if loc < LOC_RIVER:
            h = loc - LOC_HARBOR
            for m in range(T[T_MOUTH_N + h]):
                n = step_from(S, T, OPT, n, loc, T[T_MOUTH + h * MAX_MOUTH + m], paid, max_cost)
        else:
            n = step_from(S, T, OPT, n, loc, T[T_SPACE_NEXT + loc - LOC_RIVER], paid, max_cost)
            if T[T_SPACE_NEXT + loc - LOC_RIVER] < 0:      # the last space: the temple is next
                n = temple_steps(S, T, OPT, n, loc, T[T_SPACE_TEMPLE + loc - LOC_RIVER],
                                 T[T_TEMPLE_STEP_WIND] if paid else 0, max_cost)
    return n


@hot
def step_from(S, T, OPT, n, src, s, paid, max_cost):
    """The step from src onto river space s (-1: none), passing over occupied spaces."""
    if s < 0:
        return n
    river_cost = 1 if paid else 0
    cost = river_cost
    while not space_open(S, T, s):
        nxt = T[T_SPACE_NEXT + s]
        if nxt < 0:                       # past the last space: onto the temple
            return temple_steps(S, T, OPT, n, src, T[T_SPACE_TEMPLE + s],
                                cost + (T[T_TEMPLE_STEP_WIND] if paid else 0), max_cost)
        s = nxt
        cost += river_cost
    if cost <= max_cost:
        n = add_option(OPT, n, O_STEP, src, LOC_RIVER + s, cost)
    return n


@hot
def temple_steps(S, T, OPT, n, src, t, cost, max_cost):
    if cost <= max_cost:
        for k in range(T[T_N_PLACES]):
            if T[T_PLACE_TEMPLE + k] == t and S[S_PLACE_OWNER + k] == PLACE_FREE:
                n = add_option(OPT, n, O_STEP, src, LOC_PLACE + k, cost)
    return n


@hot
def prophet_options(S, T, OPT, n, p, kind, f):
    """Options to move the prophet one space: onto the next platform, or from the
    third platform onto a free landing place of the prophet's temple."""
    level = S[S_PROPHET + p]
    if level < N_PLATFORMS:
        n = add_option(OPT, n, kind, f, -1)
    elif level == N_PLATFORMS:
        for k in range(T[T_N_PLACES]):
            if prophet_place_open(S, T, k):
                n = add_option(OPT, n, kind, f, k)
    return n


@tiny
def prophet_place_open(S, T, k):
    """The prophet may step from its third platform onto temple place k."""
    return (T[T_PLACE_TEMPLE + k] == T[T_PROPHET_TEMPLE] and T[T_PLACE_BONUS + k] == BONUS_NONE
            and S[S_PLACE_OWNER + k] == PLACE_FREE)


@tiny
def free_action_target(S, p, h, t, ships):
    """Variant 3: the free harbor action at harbor h may take harbor t's action (another
    harbor, not itself a free action, where p, with `ships` ships there, is present)."""
    return t != h and S[S_HARBOR_ACTION + t] != ACT_FREE and present_with(S, p, t, ships)


@tiny
def can_settle_at(S, p, t, ships):
    """The settlement action's conditions at harbor t, where p has `ships` ships (a
    settlement left is the caller's): none of p's there yet, a free space, and a ship of
    p's there (not one Zeus placed this turn)."""
    return (S[S_SETTLED + p * N_HARBORS + t] == 0 and S[S_SPACES_FREE + t] > 0
            and ships - S[S_ZEUS_AT + t] > 0)


@hot
def can_build_ship(S, p):
    return ships_at(S, p, LOC_SUPPLY) > 0


@hot
def harbor_options(S, T, OPT, n, p, h):
    """The alternatives of harbor h's action for player p. Presence is the caller's
    business (an extra action or Athene needs none); every other rule applies here (and an
    intervention's ban: the treated seat never takes the action of ``T_IV_NO_HARBOR``)."""
    if h == T[T_IV_NO_HARBOR] and S[S_TREATED] == p + 1:
        return n
    c = S[S_HARBOR_CRYSTAL + h]
    if c >= 0 and S[S_BOARD_CRYSTAL + c] > 0:
        n = add_option(OPT, n, O_CRYSTAL, c)
    act = S[S_HARBOR_ACTION + h]
    amount = S[S_HARBOR_AMOUNT + h]
    if act == ACT_UPRIVER:
        if step_options(S, T, OPT, n, p, True, min(amount, S[S_WIND + p])) > n:
            n = add_option(OPT, n, O_UPRIVER, h)
    elif act == ACT_SETTLEMENT:
        if S[S_SETTLE_LEFT + p] > 0:
            at_harbor = harbor_ships(S, p)
            for t in range(N_HARBORS):
                if can_settle_at(S, p, t, ships_in(at_harbor, t)):
                    n = add_option(OPT, n, O_SETTLE, t)
    elif act == ACT_SHIP:
        if can_build_ship(S, p):
            n = add_option(OPT, n, O_SHIP)
    elif act == ACT_FAVOR:
        if favor_available(S):
            n = add_option(OPT, n, O_DRAW_FAVOR, amount)
    elif act == ACT_VP:
        n = add_option(OPT, n, O_GAIN_VP, amount)
    elif act == ACT_WIND:
        if S[S_WIND_SUPPLY] > 0:
            n = add_option(OPT, n, O_GAIN_WIND, amount)
    elif act == ACT_PROPHET:
        if S[S_WIND + p] >= amount:
            n = prophet_options(S, T, OPT, n, p, O_PROPHET, amount)
    elif act == ACT_FAVOR_CHOICE:
        if favor_available(S):
            n = add_option(OPT, n, O_FAVOR_CHOICE, amount)
    elif act == ACT_FREE:
        at_harbor = harbor_ships(S, p)
        for t in range(N_HARBORS):
            if free_action_target(S, p, h, t, ships_in(at_harbor, t)):
                n = add_option(OPT, n, O_FREE, t)
    return n


@hot
def window_options(S, T, OPT, p):
    """What a player may do at any time in their turn: favor cards (Hermes only as the
    sailing value is set, see value_options) and bonus tokens. Its "done" (close the
    window) is marked a = 1, so a script tells it from skipping a step."""
    n = add_option(OPT, 0, O_DONE, 1)
    fav = S_FAVOR + p * N_FAVOR_TYPES
    wind = S[S_WIND + p]
    if S[fav + F_AEOLOS] > 0:
        n = add_option(OPT, n, O_FAVOR, F_AEOLOS)
    if S[fav + F_APOLLON] > 0 and wind >= T[T_APOLLON_COST]:
        n = prophet_options(S, T, OPT, n, p, O_FAVOR, F_APOLLON)
    if S[fav + F_ARTEMIS] > 0 and wind >= T[T_ARTEMIS_COST] and step_options(S, T, OPT, n, p, False, 0) > n:
        n = add_option(OPT, n, O_FAVOR, F_ARTEMIS)
    if S[fav + F_ATHENE] > 0 and wind >= T[T_ATHENE_COST]:
        n = add_option(OPT, n, O_FAVOR, F_ATHENE)
    if S[fav + F_HERA] > 0:
        n = add_option(OPT, n, O_FAVOR, F_HERA, HERA_VP)
        if S[S_SETTLE_LEFT + p] > 0:
            # "at any harbor": "not yet built in the selected harbor" is the harbor action's rule
            for h in range(N_HARBORS):
                n = add_option(OPT, n, O_FAVOR, F_HERA, HERA_SETTLE, h)
    if S[fav + F_PLUTOS] > 0:
        for c in range(PURPLE):
            if S[S_BOARD_CRYSTAL + c] > 0:
                n = add_option(OPT, n, O_FAVOR, F_PLUTOS, 0, c)
    if S[fav + F_ZEUS] > 0:
        n = add_option(OPT, n, O_FAVOR, F_ZEUS, ZEUS_VP)
        if can_build_ship(S, p):
            for h in range(N_HARBORS):
                if h + FIRST_HARBOR <= T[T_ZEUS_MAX_VALUE]:
                    n = add_option(OPT, n, O_FAVOR, F_ZEUS, ZEUS_SHIP, LOC_HARBOR + h)
            for s in range(T[T_N_SPACES]):
                if T[T_SPACE_VALUE + s] <= T[T_ZEUS_MAX_VALUE] and space_open(S, T, s):
                    n = add_option(OPT, n, O_FAVOR, F_ZEUS, ZEUS_SHIP, LOC_RIVER + s)
    if S[S_TOKENS + p * 2 + TOKEN_SWAP] == 1 and S[S_DECK_N] > 0:
        n = add_option(OPT, n, O_TOKEN, TOKEN_SWAP)
    if S[S_TOKENS + p * 2 + TOKEN_EXTRA] == 1:
        n = add_option(OPT, n, O_TOKEN, TOKEN_EXTRA)
    return n


@tiny
def value_options(S, T, OPT, p, base):
    """Final sailing values reachable by giving wind and by Hermes, played as the value is
    set, right after the sailing card and its window: (value, Hermes shift, wind given).
    "As many of your action cards as you wish": two Hermes shift up to twice as far (one
    option per number of Hermes that saves wind). O_DONE: no ship move, no harbor action."""
    n = add_option(OPT, 0, O_DONE)
    wind = S[S_WIND + p]
    hermes = min(S[S_FAVOR + p * N_FAVOR_TYPES + F_HERMES], 2)
    hmax = T[T_HERMES_MAX]
    for v in range(MIN_VALUE, MAX_VALUE + 1):
        need = abs(v - base)
        if need <= wind:
            n = add_option(OPT, n, O_VALUE, v, 0, need)
        for k in range(1, hermes + 1):
            d = min(max(v - base, -k * hmax), k * hmax)
            rest = abs(v - base - d)
            if abs(d) > (k - 1) * hmax and rest < need and rest <= wind:
                n = add_option(OPT, n, O_VALUE, v, d, rest)
                need = rest
    return n


@tiny
def move_options(S, T, OPT, p, v):
    """Move one ship (from the tableau, a harbor or a river space) to harbor v or a
    river space showing v. O_DONE: no move."""
    n = add_option(OPT, 0, O_DONE)
    for d in range(MAX_SPACES + 1):
        if d == MAX_SPACES:
            if v > FIRST_HARBOR + N_HARBORS - 1:
                break
            dst = LOC_HARBOR + v - FIRST_HARBOR
        elif d < T[T_N_SPACES] and T[T_SPACE_VALUE + d] == v and space_open(S, T, d):
            dst = LOC_RIVER + d
        else:
            continue
        seen = 0
        for i in range(MAX_SHIPS):
            src = S[S_SHIP_LOC + p * MAX_SHIPS + i]
            if src < LOC_TABLEAU or src >= LOC_PLACE or src == dst:
                continue
            bit = 1 << src
            if seen & bit:
                continue
            seen |= bit
            n = add_option(OPT, n, O_MOVE, src, dst)
    return n


@hot
def platform_vp(S, T, p, platform):
    if platform == 0:
        return T[T_PROPHET_VP] * ships_in_play(S, T, p)
    if platform == 1:
        return T[T_PROPHET_VP + 1] * settlements_built(S, T, p)
    return T[T_PROPHET_VP + 2] * S[S_WIND + p]


@tiny
def hand_options(S, OPT, p, kind):
    """Each card in p's hand, by slot: the sailing card to play (O_CARD) or a card swap's
    discard (O_DISCARD)."""
    n = 0
    for slot in range(S[S_HAND_N + p]):
        n = add_option(OPT, n, kind, slot)
    return n


@tiny
def crystal_options(S, OPT):
    """A blue, red, green or yellow crystal still on the board (a bonus place's)."""
    n = 0
    for c in range(PURPLE):
        if S[S_BOARD_CRYSTAL + c] > 0:
            n = add_option(OPT, n, O_CRYSTAL, c)
    return n


@tiny
def keep_options(S, OPT, drawn):
    """Variant 3, harbor 6: each favor card drawn (S_KEEP), one to keep."""
    n = 0
    for j in range(drawn):
        n = add_option(OPT, n, O_KEEP, S[S_KEEP + j])
    return n


@hot
def extra_options(S, T, OPT, p):
    """An extra harbor action (token, Athene): each harbor whose action p could take now."""
    n = 0
    for h in range(N_HARBORS):
        if harbor_options(S, T, OPT, SCRATCH, p, h) > SCRATCH:
            n = add_option(OPT, n, O_EXTRA, h)
    return n
