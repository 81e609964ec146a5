"""How a seat chooses among the legal options the decision stack lists (``search.decide`` picks
the policy; the searches are the core's, ``search``).

The policies, picked per seat by ``POL[p]``:

* ``POL_RANDOM``: uniform over the legal options of each decision.
* ``POL_HEURISTIC``: scores each option with the seat's weight vector ``W[p]``
  (value of a VP, of a wind, of a crystal, of a river step, ...) and takes the
  best. A card is scored by the best plan its sailing value reaches (harbor
  action or river move, less the wind it costs), so one weight vector plays a
  whole turn coherently. Every named heuristic strategy is just a weight vector.
* ``POL_SCRIPT``: follows the rows of ``SCR`` (kind, a, b, c; ANY = wildcard);
  used by the scenario API and tests. A scripted choice that is not legal
  raises, so a test cannot pass on an illegal move.
* ``POL_RECORD`` plays the heuristic and writes each choice onto a choice tape
  (``SCR``, see layout); ``POL_REPLAY`` reads them back: the same games at the
  cost of their rules alone, which ``windtunnel bench`` reports beside each heuristic.

Policies only read what a player at the table sees: their own hand, favor
cards and pieces, and the public board. They never read the deck order or
other hands (the scoring functions below take ``p`` and touch only
``S_HAND + p*...``, ``S_FAVOR + p*...`` and public fields).
"""
import numpy as np
from ..core.jit import hot, tiny

from .layout import *  # noqa: F403
from .observe import observe
from .scorer import WS_BACKUP, WS_BASE, WS_SEAT
from .options import (SCRATCH, can_settle_at, free_action_target, platform_vp, prophet_place_open,
                      step_options)
from .pieces import (crystal_gain, favor_available, harbor_ships, pile_top, present, present_with, ships_at,
                     ships_in)


@hot
def heuristic_choice(S, T, W, OPT, p, n, dk, WS, SC):
    """The option with the highest score (``option_scores`` into SC; the first of equals); with
    a plugin's scratch WS (else None), each option's score also goes to WS[WS_BASE + i] in
    milli-VP, the base a plugin scorer is handed."""
    option_scores(S, T, W, OPT, p, n, dk, SC)
    best, best_score = 0, -1e18
    for i in range(n):
        if WS is not None:
            WS[WS_BASE + i] = np.int32(SC[i] * 1000.0)
        if better(SC[i], best_score):
            best, best_score = i, SC[i]
    return best


@hot
def option_scores(S, T, W, OPT, p, n, dk, out):
    """The heuristic's score of each option of OPT[:n] into out[:n], by seat p's weights for the
    turn's phase. A loop per scorer, each with its scorer inlined, rather than one loop inlining
    a function that dispatches to every scorer: numba copies an inlined function's IR at each
    site, nested inlines included, and that nesting took a third of the cold compile. The loops
    repeat on purpose: numba inlines only a function named in the code, so one loop over a
    scorer passed in would call it per option, passing ~35 values of exploded arrays each time.
    The seat's weights in use are its turn's phase's (``activate_phase``, as its turn begins)."""
    if not plan_is_current(S, p):
        turn_plan(S, T, W, OPT, p)
    if dk == DK_CARD:
        for i in range(n):
            out[i] = card_value(S, T, W, p, S[S_HAND + p * HAND_CAP + OPT[i, 1]])
    elif dk == DK_VALUE:
        for i in range(n):
            out[i] = value_choice_value(S, T, W, OPT, p, i)
    elif dk == DK_WINDOW:
        for i in range(n):
            out[i] = window_value(S, T, W, OPT, p, i)
    else:
        for i in range(n):
            out[i] = score_option(S, T, W, OPT, p, dk, i)


@tiny
def better(score, best_score):
    """Ties go to the first option listed."""
    return score > best_score + 1e-9


@hot
def plugin_choice(S, T, W, OPT, X, p, n, dk, SC):
    """The option a plugin scorer rates highest. It is handed the seat's view of the
    state (S masked in place, restored after), the decision's options and the
    heuristic's score of each (see ``scorer``). A score that is not a finite number
    fails the game (``plugin_failed``)."""
    fns, WS = X[0], X[1]
    fallback = heuristic_choice(S, T, W, OPT, p, n, dk, WS, SC)       # the heuristic's score of each option
    if S[S_ERROR] == CHK_PLUGIN:
        return fallback
    for i in range(S_SIZE):
        WS[WS_BACKUP + i] = S[i]
    observe(S, p)
    fn = fns[WS[WS_SEAT + p]]
    options = OPT[:n]
    best = 0
    best_score = -1e18
    for i in range(n):
        sc = fn(S, dk, options, i, WS[WS_BASE + i] * 0.001, W, p)
        if not np.isfinite(sc):
            best = -1
            break
        if better(sc, best_score):
            best, best_score = i, sc
    for i in range(S_SIZE):
        S[i] = WS[WS_BACKUP + i]
    if best < 0:
        plugin_failed(S)
        return fallback
    return best


@hot
def plugin_failed(S):
    """A plugin scorer raised (``strategies.plugin`` turns that into NaN), indexed out of
    bounds or returned NaN/inf: its games are worth nothing, so mark this one
    (``CHK_PLUGIN``, the runner fails the run on it) and end it after this turn, the
    seat playing its base heuristic until then. Any other choice (the first option, as
    NaN compared) would silently skew the results."""
    S[S_ERROR] = CHK_PLUGIN
    S[S_ERROR_TURN] = S[S_TURN]
    S[S_OVER] = 1


@hot
def scripted(S, SCR, OPT, n):
    k = S[S_SCRIPT_POS]
    if k >= SCR.shape[0]:
        # the script is over: take "done" where the rules allow it
        for i in range(n):
            if OPT[i, 0] == O_DONE:
                return i
        if n == 1:
            return 0
        S[S_OFFERED] = n
        raise ValueError("scripted turn ended at a decision with no 'done' option")
    for i in range(n):
        ok = True
        for j in range(4):
            if SCR[k, j] != ANY and SCR[k, j] != OPT[i, j]:
                ok = False
        if ok:
            S[S_SCRIPT_POS] = k + 1
            return i
    S[S_OFFERED] = n              # OPT[:n] are the decision's options (the Python face lists them)
    raise ValueError("scripted choice is not a legal option here")


@hot
def activate_phase(S, W, p):
    """Copy the seat's weights for the phase its turn began in into the block in use (a row with
    no phase blocks, as scenarios use, is left alone): the loop does it at the turn's first
    decision, a search's playouts at each (``search.scores``) and put back after."""
    if W.shape[1] < N_WCOLS:
        return
    base = N_WEIGHTS * (1 + S[S_TURN_PHASE])
    for w in range(N_WEIGHTS):
        W[p, w] = W[p, base + w]


# ------------------------------------------------------------------ values of things
@hot
def wind_gain_value(S, T, W, p, n):
    """Wind above the end-of-turn cap is lost, so only the room below it counts."""
    room = max(0, T[T_WIND_CAP] - S[S_WIND + p])
    return W[p, W_WIND] * min(n, room)


@hot
def wind_cost_value(S, T, W, p, n):
    """Wind above the cap would be returned anyway, so giving it costs nothing."""
    spare = max(0, S[S_WIND + p] - T[T_WIND_CAP])
    return W[p, W_WIND] * max(0, n - spare)


@hot
def ability_value(S, T, W, p, a):
    """Variant 1: what the seat's tableau adds to an action it rewards (0 for others)."""
    if S[S_ABILITY + p] != a:
        return 0.0
    return wind_gain_value(S, T, W, p, T[T_ABILITY_WIND + a]) + W[p, W_VP] * T[T_ABILITY_VP + a]


@hot
def poseidon_value(S, T, W, p, h):
    """Variant 2: what moving a ship into harbor h does through its face-up token."""
    k = S[S_POSEIDON_AT + h]
    if k < 0:
        return 0.0
    wind = T[T_POSEIDON_WIND + k]
    v = W[p, W_VP] * T[T_POSEIDON_VP + k]
    if wind > 0:
        v += wind_gain_value(S, T, W, p, wind)
    elif wind < 0:
        if S[S_WIND + p] == 0:
            v -= W[p, W_VP] * T[T_NO_WIND_VP]
        else:
            v -= wind_cost_value(S, T, W, p, min(-wind, S[S_WIND + p]))
    return v


@hot
def crystal_value(S, T, W, p, c):
    v = W[p, W_VP] * crystal_gain(S, T, p, c) + W[p, W_CRYSTAL]
    if c != PURPLE and S[S_CRYSTALS + p * N_COLOURS + c] == 0:
        v += ability_value(S, T, W, p, ABILITY_CRYSTALS)
    return v


@hot
def best_crystal_value(S, T, W, p):
    best = 0.0
    for c in range(PURPLE):
        if S[S_BOARD_CRYSTAL + c] > 0:
            best = max(best, crystal_value(S, T, W, p, c))
    return best


@hot
def location_value(T, W, p, loc):
    """Progress of a ship not yet sacrificed: river steps taken."""
    if loc >= LOC_RIVER and loc < LOC_PLACE:
        return W[p, W_RIVER_STEP] * T[T_SPACE_DEPTH + loc - LOC_RIVER]
    return 0.0


@hot
def place_value(S, T, W, p, k):
    v = W[p, W_VP] * W[p, W_TEMPLE] * T[T_PLACE_VP + k]
    bonus = T[T_PLACE_BONUS + k]
    amount = T[T_PLACE_BONUS_AMOUNT + k]
    if bonus == BONUS_WIND:
        v += wind_gain_value(S, T, W, p, amount)
    elif bonus == BONUS_FAVOR:
        v += W[p, W_FAVOR] * amount
    elif bonus == BONUS_CRYSTAL:
        v += best_crystal_value(S, T, W, p)
    if T[T_PLACE_PURPLE + k] == 1 and S[S_BOARD_CRYSTAL + PURPLE] > 0:
        v += crystal_value(S, T, W, p, PURPLE)
    return v


@hot
def prophet_value(S, T, W, p, place, cost):
    """Moving the prophet one space after paying `cost` wind (the third platform
    scores the wind left after paying)."""
    level = S[S_PROPHET + p]
    if level < N_PLATFORMS:
        if level == N_PLATFORMS - 1:
            vp = T[T_PROPHET_VP + level] * max(0, S[S_WIND + p] - cost)
        else:
            vp = platform_vp(S, T, p, level)
        reached = S[S_PLATFORM_REACHED + level]
        if reached == 0:
            vp += T[T_PROPHET_FIRST]
        elif reached == 1 and S[S_N_PLAYERS] >= 3:
            vp += T[T_PROPHET_SECOND]
        return W[p, W_VP] * vp + W[p, W_PROPHET_STEP] + ability_value(S, T, W, p, ABILITY_PROPHET)
    return place_value(S, T, W, p, place) + ability_value(S, T, W, p, ABILITY_PROPHET)


@hot
def step_value(S, T, W, p, src, dst, cost):
    if dst >= LOC_PLACE:
        v = place_value(S, T, W, p, dst - LOC_PLACE) - location_value(T, W, p, src)
    else:
        v = location_value(T, W, p, dst) - location_value(T, W, p, src)
        if src < LOC_RIVER:
            v += W[p, W_RIVER_STEP]      # leaving the mouth harbor is a step too
    return v - wind_cost_value(S, T, W, p, cost)


@hot
def upriver_value(S, T, W, OPT, p, budget):
    """Rough value of the upriver action: the best single ship's run within the budget."""
    n = step_options(S, T, OPT, SCRATCH, p, True, min(budget, S[S_WIND + p]))
    best = 0.0
    for i in range(SCRATCH, n):
        src, dst = OPT[i, 1], OPT[i, 2]
        if dst >= LOC_PLACE:
            v = step_value(S, T, W, p, src, dst, OPT[i, 3])
        else:
            s = dst - LOC_RIVER
            to_go = T[T_SPACE_TO_GO + s]
            steps = min(budget, S[S_WIND + p])
            if to_go + 1 <= steps:     # reaches the temple this action: value it like a landing
                v = W[p, W_VP] * W[p, W_TEMPLE] * 8.0 - wind_cost_value(S, T, W, p, to_go + 1)
            else:
                v = W[p, W_RIVER_STEP] * steps - wind_cost_value(S, T, W, p, steps)
        best = max(best, v)
    return best


@tiny
def action_value(S, T, W, OPT, p, i):
    return kind_value(S, T, W, OPT, p, OPT[i, 0], OPT[i, 1], OPT[i, 2])


@tiny
def kind_value(S, T, W, OPT, p, kind, a, b):
    """A harbor action's alternative (an option row kind, a, b), in VP: one valuation for
    the action decision, the turn plan and the favor cards that do the same thing."""
    if kind == O_CRYSTAL:
        return crystal_value(S, T, W, p, a)
    if kind == O_UPRIVER:
        return upriver_value(S, T, W, OPT, p, S[S_HARBOR_AMOUNT + a])
    if kind == O_SETTLE:
        return settlement_value(S, T, W, p)
    if kind == O_SHIP:
        return ship_value(S, T, W, p)
    if kind == O_DRAW_FAVOR:
        return W[p, W_FAVOR] * a
    if kind == O_GAIN_VP:
        return W[p, W_VP] * W[p, W_HARBOR_VP] * a
    if kind == O_GAIN_WIND:
        return wind_gain_value(S, T, W, p, a)
    if kind == O_PROPHET:
        return prophet_move_value(S, T, W, p, b, a)
    if kind == O_FAVOR_CHOICE:
        return 1.25 * W[p, W_FAVOR]          # one card, the better of two
    if kind == O_FREE:
        return planned_harbor_value(S, p, a)
    return 0.0


@tiny
def settlement_value(S, T, W, p):
    return W[p, W_SETTLEMENT] + ability_value(S, T, W, p, ABILITY_SETTLEMENT)


@tiny
def due_value(S, T, W, p, wind, ships, settlements):
    """What more wind, ships or settlements add to the VP of the platform the prophet just
    reached, while they are due (the window after its move); 0 when none is due."""
    due = S[S_PLATFORM_DUE]
    if due == 0:
        return 0.0
    count = ships if due == 1 else (settlements if due == 2 else wind)
    return W[p, W_VP] * T[T_PROPHET_VP + due - 1] * count


@tiny
def ship_value(S, T, W, p):
    return W[p, W_SHIP] + ability_value(S, T, W, p, ABILITY_SHIP)


@hot
def prophet_move_value(S, T, W, p, place, cost):
    """The prophet's next step (onto temple place `place` from the third platform),
    paying `cost` wind."""
    return prophet_value(S, T, W, p, place, cost) - wind_cost_value(S, T, W, p, cost)


@hot
def turn_plan(S, T, W, OPT, p):
    """Once per turn, value each harbor's action and each sailing value's best plan and
    keep them in the policy scratch of S. A heuristic plans its turn on the position at
    the turn's start; the kernel checks legality at every step, so a value gone stale
    within the turn never makes a move illegal. (Called by ``heuristic_choice`` at
    the seat's first scored decision of the turn.)"""
    at_harbor, supply, loss1, loss2, loc1 = fleet(S, T, W, p)
    for k in range(2 * N_HARBORS):
        # a free harbor action is worth the best other harbor's: value those last
        h = k - N_HARBORS if k >= N_HARBORS else k
        if (S[S_HARBOR_ACTION + h] == ACT_FREE) == (k >= N_HARBORS):
            v = harbor_value(S, T, W, OPT, p, h, at_harbor, supply)
            S[S_POLICY_HARBOR + p * N_HARBORS + h] = np.int32(v * 1000.0)
    S[S_POLICY_KEY + p] = S[S_TURN] + 1
    plan_table(S, T, W, p, at_harbor, loss1, loss2, loc1)


@tiny
def fleet(S, T, W, p):
    """p's ships for the turn plan: (``harbor_ships``; ships in the supply; the least
    and second least progress a ship loses by sailing away, and where the first one
    is: a ship cannot sail to where it already is, hence the runner-up)."""
    loss1, loss2, loc1 = 1e18, 1e18, -99
    supply = 0
    for i in range(MAX_SHIPS):
        loc = S[S_SHIP_LOC + p * MAX_SHIPS + i]
        if loc < LOC_TABLEAU or loc >= LOC_PLACE:
            if loc == LOC_SUPPLY:
                supply += 1
            continue
        loss = location_value(T, W, p, loc)
        if loss < loss1:
            loss2 = loss1
            loss1, loc1 = loss, loc
        elif loss < loss2:
            loss2 = loss
    return harbor_ships(S, p), supply, loss1, loss2, loc1


@tiny
def plan_is_current(S, p):
    """``turn_plan`` has run for this seat this turn."""
    return S[S_POLICY_KEY + p] == S[S_TURN] + 1


@tiny
def planned_harbor_value(S, p, h):
    """Harbor h's action for seat p, as valued by this turn's plan (``turn_plan`` runs
    before any option is scored)."""
    return S[S_POLICY_HARBOR + p * N_HARBORS + h] * 0.001


@tiny
def harbor_value(S, T, W, OPT, p, h, at_harbor, supply):
    """Best alternative of harbor h's action (0 if none is worth taking): the value
    ``action_value`` gives the best of ``options.harbor_options(h)``, computed straight
    from the rules' conditions instead of listing the options (a turn plan values every
    harbor, and listing them was a third of a heuristic game's time). at_harbor and
    supply: p's ships at each harbor (``harbor_ships``) and in the supply."""
    best = 0.0
    c = S[S_HARBOR_CRYSTAL + h]
    if c >= 0 and S[S_BOARD_CRYSTAL + c] > 0:
        best = crystal_value(S, T, W, p, c)
    act = S[S_HARBOR_ACTION + h]
    amount = S[S_HARBOR_AMOUNT + h]
    # the action's alternative as an option row (kind, a), valued once below
    kind, a = O_DONE, amount
    if act == ACT_UPRIVER:
        kind, a = O_UPRIVER, h           # 0 when no ship can step
    elif act == ACT_SETTLEMENT:
        if can_settle_somewhere(S, p, at_harbor):
            kind = O_SETTLE
    elif act == ACT_SHIP:
        if supply > 0:
            kind = O_SHIP
    elif act == ACT_FAVOR:
        if favor_available(S):
            kind = O_DRAW_FAVOR
    elif act == ACT_VP:
        kind = O_GAIN_VP
    elif act == ACT_WIND:
        if S[S_WIND_SUPPLY] > 0:
            kind = O_GAIN_WIND
    elif act == ACT_FAVOR_CHOICE:
        if favor_available(S):
            kind = O_FAVOR_CHOICE
    v = 0.0
    if kind != O_DONE:
        v = kind_value(S, T, W, OPT, p, kind, a, 0)
    elif act == ACT_PROPHET:
        v = prophet_action_value(S, T, W, OPT, p, amount)
    elif act == ACT_FREE:
        for t in range(N_HARBORS):
            if free_action_target(S, p, h, t, ships_in(at_harbor, t)):
                v = max(v, planned_harbor_value(S, p, t))     # kind_value of O_FREE
    return max(best, v)


@hot
def can_settle_somewhere(S, p, at_harbor):
    """The settlement action is possible at some harbor (at_harbor: ``harbor_ships``)."""
    if S[S_SETTLE_LEFT + p] <= 0:
        return False
    for t in range(N_HARBORS):
        if can_settle_at(S, p, t, ships_in(at_harbor, t)):
            return True
    return False


@hot
def prophet_action_value(S, T, W, OPT, p, amount):
    """The best prophet move the prophet action (paying `amount` wind) allows."""
    if S[S_WIND + p] < amount:
        return 0.0
    level = S[S_PROPHET + p]
    if level < N_PLATFORMS:
        return prophet_move_value(S, T, W, p, -1, amount)
    best = 0.0
    if level == N_PLATFORMS:
        for k in range(T[T_N_PLACES]):
            if prophet_place_open(S, T, k):
                best = max(best, prophet_move_value(S, T, W, p, k, amount))
    return best


@tiny
def plan_table(S, T, W, p, at_harbor, loss1, loss2, loc1):
    """(Part of turn_plan, from ``fleet``.) Fill S_POLICY_PLAN[v] (milli-VP) with
    the value of the best thing to do with sailing value v: the harbor action (sailing a
    ship in if not present), or a ship sailed onto a river space showing v."""
    for v in range(MAX_VALUE + 1):
        S[S_POLICY_PLAN + v] = 0
    for h in range(N_HARBORS):
        dst = LOC_HARBOR + h
        action = planned_harbor_value(S, p, h)
        loss = loss2 if loc1 == dst else loss1
        sail_in = action + poseidon_value(S, T, W, p, h) - loss if loss < 1e17 else -1e18
        if present_with(S, p, h, ships_in(at_harbor, h)):
            value = max(action, sail_in)        # sailing in anyway is allowed (a Poseidon token)
        else:
            value = sail_in if loss < 1e17 else 0.0
        S[S_POLICY_PLAN + h + FIRST_HARBOR] = np.int32(max(0.0, value) * 1000.0)
    for s in range(T[T_N_SPACES]):
        dst = LOC_RIVER + s
        loss = loss2 if loc1 == dst else loss1
        if loss < 1e17:
            v = T[T_SPACE_VALUE + s]
            value = np.int32((location_value(T, W, p, dst) - loss) * 1000.0)
            if value > S[S_POLICY_PLAN + v]:
                S[S_POLICY_PLAN + v] = value


@hot
def plan(S, v):
    return S[S_POLICY_PLAN + v] * 0.001


@tiny
def card_value(S, T, W, p, card):
    """A hand card: its symbol wind plus the best plan its sailing value can reach
    by giving wind (or with Hermes, at the price of the card). Walks outwards from
    the card's value, so each distance's cost is worked out once for both sides."""
    pile = T[T_CARD_COLOUR + card]
    other = pile_top(S, 1 - pile)
    v = 0.0
    if T[T_CARD_SYMBOL + card] == T[T_CARD_SYMBOL + other]:
        v += wind_gain_value(S, T, W, p, T[T_MATCH_WIND])
    base = T[T_CARD_VALUE + card] + T[T_CARD_VALUE + other]
    wind = S[S_WIND + p]
    reach = wind
    if S[S_FAVOR + p * N_FAVOR_TYPES + F_HERMES] > 0:
        reach += T[T_HERMES_MAX]
    best = 0.0
    for need in range(min(reach, max(base - MIN_VALUE, MAX_VALUE - base)) + 1):
        if need > wind:
            cost = W[p, W_FAVOR] + wind_cost_value(S, T, W, p, need - T[T_HERMES_MAX])
        else:
            cost = wind_cost_value(S, T, W, p, need)
        if base - need >= MIN_VALUE and base - need <= MAX_VALUE:
            best = max(best, plan(S, base - need) - cost)
        if need > 0 and base + need >= MIN_VALUE and base + need <= MAX_VALUE:
            best = max(best, plan(S, base + need) - cost)
    return v + best


@tiny
def value_choice_value(S, T, W, OPT, p, i):
    if OPT[i, 0] == O_DONE:
        return 0.0
    v = plan(S, OPT[i, 1]) - wind_cost_value(S, T, W, p, OPT[i, 3])
    if OPT[i, 2] != 0:                  # one Hermes, or two for a shift beyond one's reach
        v -= W[p, W_FAVOR] * (1 if abs(OPT[i, 2]) <= T[T_HERMES_MAX] else 2)
    return v


@hot
def best_harbor_value(S, p):
    """What an extra harbor action (token, Athene) is worth now: the best harbor's
    action, from this turn's plan (made before any option is scored)."""
    best = 0
    for h in range(N_HARBORS):
        best = max(best, S[S_POLICY_HARBOR + p * N_HARBORS + h])
    return best * 0.001


@tiny
def score_option(S, T, W, OPT, p, dk, i):
    kind, a, b, c = OPT[i, 0], OPT[i, 1], OPT[i, 2], OPT[i, 3]
    if dk == DK_MOVE:
        v = S[S_SAILING_VALUE]
        h = v - FIRST_HARBOR
        if kind == O_DONE:
            if v <= FIRST_HARBOR + N_HARBORS - 1 and present(S, p, h):
                return planned_harbor_value(S, p, h)
            return 0.0
        if b >= LOC_RIVER:
            return location_value(T, W, p, b) - location_value(T, W, p, a)
        return (planned_harbor_value(S, p, h) + poseidon_value(S, T, W, p, h)
                - location_value(T, W, p, a))
    if dk == DK_ACTION:
        return action_value(S, T, W, OPT, p, i)
    if dk == DK_STEP:
        if kind == O_DONE:
            return 0.0
        return step_value(S, T, W, p, a, b, c)
    if dk == DK_CRYSTAL:
        return crystal_value(S, T, W, p, a)
    if dk == DK_EXTRA:
        return harbor_value(S, T, W, OPT, p, a, harbor_ships(S, p), ships_at(S, p, LOC_SUPPLY))
    if dk == DK_KEEP:
        return W[p, W_FAVOR] + W[p, W_VP] * T[T_FAVOR_END_VP + a]
    if dk == DK_DISCARD:
        # keep the cards whose sailing values reach the most: discard extreme values
        return abs(T[T_CARD_VALUE + S[S_HAND + p * HAND_CAP + a]] * 2.0 - 5.0)
    return 0.0


@tiny
def window_value(S, T, W, OPT, p, i):
    """Playing a favor card or a bonus token now, against keeping it (0 = done)."""
    kind, a, b, c = OPT[i, 0], OPT[i, 1], OPT[i, 2], OPT[i, 3]
    if kind == O_DONE:
        return 0.0
    if kind == O_TOKEN:
        keep = W[p, W_VP] * T[T_TOKEN_VP] + W[p, W_TOKEN_KEEP]
        if a == TOKEN_EXTRA:
            return best_harbor_value(S, p) - keep
        return -keep
    keep = W[p, W_VP] * T[T_FAVOR_END_VP + a] + W[p, W_PLAY_FAVOR]
    if a == F_AEOLOS:
        gain = (wind_gain_value(S, T, W, p, T[T_AEOLOS_WIND]) + W[p, W_VP] * T[T_AEOLOS_VP]
                + due_value(S, T, W, p, min(T[T_AEOLOS_WIND], S[S_WIND_SUPPLY]), 0, 0))
    elif a == F_APOLLON:
        gain = prophet_move_value(S, T, W, p, b, T[T_APOLLON_COST]) - due_value(S, T, W, p, T[T_APOLLON_COST], 0, 0)
    elif a == F_ARTEMIS:
        gain = (2.0 * W[p, W_RIVER_STEP] - wind_cost_value(S, T, W, p, T[T_ARTEMIS_COST])
                - due_value(S, T, W, p, T[T_ARTEMIS_COST], 0, 0))
    elif a == F_ATHENE:
        gain = (best_harbor_value(S, p) - wind_cost_value(S, T, W, p, T[T_ATHENE_COST])
                - due_value(S, T, W, p, T[T_ATHENE_COST], 0, 0))
    elif a == F_HERA:
        gain = (W[p, W_VP] * T[T_HERA_VP] if b == HERA_VP
                else settlement_value(S, T, W, p) + due_value(S, T, W, p, 0, 0, 1))
    elif a == F_PLUTOS:
        gain = crystal_value(S, T, W, p, c)
    elif a == F_ZEUS:
        if b == ZEUS_VP:
            gain = W[p, W_VP] * T[T_ZEUS_VP]
        else:
            gain = ship_value(S, T, W, p) + location_value(T, W, p, c) + due_value(S, T, W, p, 0, 1, 0)
    else:
        gain = 0.0
    return gain - keep
