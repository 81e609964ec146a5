"""Chronicle actions, the chronicle track, Demon Lords and events (rulebook: "Chronicle
Actions and Events", "Angels", "Demon Lords", "Epic Deeds").

A chronicle action needs the ship to have started the turn where it still is: awaken the
Angel on its shore with a blessing token (hero side: its glory, attacks and reward;
patron side: 15 glory), defeat the Demon Lord there with an Angel attack, or accomplish
the deed there. Then a nation token goes on the next chronicle slot, whose effects (an
event, glory, a spawn) the active player takes; filling the last slot ends the game
after everyone else's last turn.
"""
from ..core.jit import hot, tiny
from .cards import draw_event
from .frames import option, push, push_program
from .layout import (C_N_CORNERS, ANG_BOARD, ANG_HERO, ANG_PATRON, C_A_ATTACKS, C_A_AREA, C_A_HERO_GLORY, C_A_PATRON_GLORY,
                     C_A_REWARD, C_ADJ, C_ADJ_START, C_AREA_PASSAGE, C_CHRON_SLOT, C_D_GLORY, C_D_REWARD,
                     C_D_TROPHY, C_DEED_AREA, C_E_ACTIVE, C_E_GLOBAL, C_E_GLOBAL_FLAG, C_E_LEAST, C_L_GLORY,
                     C_L_REWARD, C_LEAST_GLORY, C_MAX_CURSES, C_N_ANGELS, C_N_AREAS, C_N_OBJECTIVES, C_O_AT,
                     C_O_EACH, C_O_GLORY, C_O_KIND, C_O_STAT, C_T_REWARD, CH_AWAKEN_HERO, CH_AWAKEN_PATRON,
                     CH_DEED, CH_LORD, DS_DONE, DS_REMOVED, EG_CORNER_REFILL, EG_HAND_TO_TWO,
                     EG_MARKET_REFRESH, EG_MOST_GLORY_DEMONS, EG_POOREST_COINS, F_CHRONICLE_DONE, F_DISCARD,
                     F_EVENT, F_PUSH, GF_ANGEL, GF_CHRONICLE, GF_DEED, GF_LORD, GF_OBJECTIVE, LORD, LS_BOARD,
                     LS_DEFEATED, OBJECTIVES_IN_PLAY, OK_DISCARD, OK_HAVE, OK_SPEND, S_ANGEL, S_ANGELS_HERO,
                     S_ANGELS_PATRON, S_AREA, S_ATTACKS, S_BLESSINGS, S_CHRON, S_CHRON_LAST, S_CHRON_NEXT,
                     S_COINS, S_CORNER_TOKENS, S_CURSES, S_DEED, S_DEED_AT, S_DISCARDED, S_END_SEAT, S_ENTRIES,
                     S_GLORY, S_LORD, S_LORD_STACK, S_LORD_STACK_N, S_N, S_N_CURSES, S_N_HAND, S_OBJ,
                     S_OBJ_DONE, S_PAWN, S_PLACEMENT, S_PLACEMENT_N, S_SEAT, S_SPENT_COINS, S_SPENT_POWER,
                     S_START_AREA, S_STAT, S_SUPPLY_BLESSINGS, S_TROPHIES, STATS, ST_ANGELS, ST_CHRONICLE,
                     ST_COINS, ST_DEEDS, ST_LORDS, ST_MAX_MORALE_HEROES, ST_POWER, ST_SHIP_UPGRADES, ST_UPGRADES,
                     C_PER_CORNER, C_N_UPGRADES, C_U_SHIP, Y_COINS, Y_POWER, O_CHRONICLE, GF_OTHER, C_L_CURSE,
                     C_T_CURSE, K_DEMOR, K_TEMATABAN, S_BLOCKED_HERO, S_BLOCKED_SECONDARY, S_CURSE_MASK,
                     F_MARK_CURSE, K_REMORAN, C_A_PASSIVE, PF_ANTHEA, S_BLESSING_LIMIT, S_PASSIVE, K_GLONDAN,
                     C_T_PASSIVE, PF_KLEPHASTION_ATTACK, PF_ASHAMNON, C_A_CHOICE, K_BETAUN, S_ATTACKS_USED,
                     C_D_DISCARD_CURSE, C_T_TYPE, TT_SHIP, PF_ATTACH, F_ATTACH, S_SHIP_TROPHY, S_MAX_WORKERS,
                     C_T_WORKERS, NS_WORKERS, S_LOST_WORKERS, S_ON_SHIP, S_SPEED, C_T_SPEED, S_N_WAITING, F_TRIGGERS,
                     TRIG_AFTER_CHRONICLE, S_TRAITOR_PENDING, MODE_NO_LOSSES, UF_AKEEM, S_DEED_CURSES,
                     S_FEATS, S_N_FEATS, FEAT_W, MAX_FEATS, FEAT_SEAT, FEAT_KIND, FEAT_ITEM, FEAT_TURN,
                     FEAT_ANGEL_HERO, FEAT_ANGEL_PATRON, FEAT_LORD, FEAT_DEED, S_SLOT_TURN, S_CURSES_EVER, S_TURN)
from .layout import C_SOLO_EVENT_GLOBAL, S_SOLO
from .layout import C_IV_ANGEL, C_IV_ANGEL_SIDE, S_TREATED
from .layout import ATTACH_TROPHY, EVENT_CARD, EVENT_STAGE, FR_PLAYER, MARK_DISCARD
from .cards import off_pile, refresh_market, seat_flags, upgrade_place
from .resources import gain_coins, gain_demons, power
from .resources import spend_power
from .symbols import (cursed, glory, pawn_supply, heroes_at_max_morale, holds, receive_coins, receive_demons, stat,
                      upgrades_in_play)
from .deluxe import corsair_roams, deed_here, deed_leaves
from .layout import (C_D_SPECIAL, DK_DARRINGTON, F_ABYSS, PF_GRAVEYARD, PF_HEPHTO, PF_TWO_SHIPS, S_COVERED,
                     S_SHIP2, S_SHIP2_START)


@tiny
def deed_area_of(S, C, x):
    """The deed area number (1..6) of area x, or 0."""
    for d in range(1, 7):
        if C[C_DEED_AREA + d] == x:
            return d
    return 0


@hot
def chronicle_options(S, C, p, OPT, n):
    """The chronicle actions open to p now, appended to OPT as (O_CHRONICLE, CH_*, target)
    from row n; the new number of rows."""
    x = S[S_AREA + p]
    if x >= 0 and x == S[S_START_AREA + p]:
        n = chronicle_options_at(S, C, p, x, OPT, n)
    y = S[S_SHIP2 + p]                      # Lady Ignal's trophy: the second pawn "works exactly the same"
    if y >= 0 and y == S[S_SHIP2_START + p] and not (x == y and x == S[S_START_AREA + p]):
        n = chronicle_options_at(S, C, p, y, OPT, n)
    return n


@hot
def chronicle_options_at(S, C, p, x, OPT, n):
    """chronicle_options for a ship pawn of p that started the turn in area x."""
    if S[S_BLESSINGS + p] > 0:
        for a in range(C[C_N_ANGELS]):
            if S[S_ANGEL + a] == ANG_BOARD and C[C_A_AREA + a] == x:
                for side in (CH_AWAKEN_HERO, CH_AWAKEN_PATRON):
                    if may_take_side(S, C, p, a, side):
                        n = option(OPT, n, O_CHRONICLE, side, a, 0)
    d = deed_area_of(S, C, x)
    if d > 0:
        at = S[S_DEED_AT + d]
        if at >= LORD:
            if S[S_ATTACKS + p] > 0:
                n = option(OPT, n, O_CHRONICLE, CH_LORD, at - LORD, 0)
            if holds(S, p, PF_KLEPHASTION_ATTACK) and power(S, p) >= 10 and S[S_BLESSINGS + p] > 0:
                n = option(OPT, n, O_CHRONICLE, CH_LORD, at - LORD, 1)   # 10 power and a token instead
    k = deed_here(S, C, p, x)               # a deed (the Corsair's where its pawn is; Lady Ignal's escorted)
    if k >= 0 and (power(S, p) >= 7 or not cursed(S, C, p, K_GLONDAN)):
        n = option(OPT, n, O_CHRONICLE, CH_DEED, k, 0)
    return n


@tiny
def may_take_side(S, C, p, a, side):
    """Whether p may awaken Angel a on `side` (CH_AWAKEN_*): always, but for the treated seat of an
    intervention that forces its side of this Angel (C_IV_ANGEL, C_IV_ANGEL_SIDE; ``interventions.py``)."""
    return a != C[C_IV_ANGEL] or S[S_TREATED] != p + 1 or side == C[C_IV_ANGEL_SIDE]


@hot
def update_curses(S, C):
    """S_CURSE_MASK from the Demon Lord curses in play and the deed curses (S_DEED_CURSES); a
    Lord's marks (Demor, Temataban) go when its curse goes."""
    mask = S[S_DEED_CURSES]             # "not removed if their corresponding epic deed is removed by a Demon Lord"
    for i in range(S[S_N_CURSES]):
        mask |= 1 << C[C_L_CURSE + S[S_CURSES + i]]
    S[S_CURSE_MASK] = mask
    S[S_CURSES_EVER] |= mask
    for p in range(S[S_N]):
        if not (mask >> K_DEMOR) & 1:
            S[S_BLOCKED_SECONDARY + p] = -1
        if not (mask >> K_TEMATABAN) & 1:
            S[S_BLOCKED_HERO + p] = -1


@hot
def curse_enters(S, C, p, lord):
    """Lord's curse comes into play: each player marks a secondary action (Demor) or a hero
    (Temataban), in seat order from p."""
    k = C[C_L_CURSE + lord]
    if k == K_DEMOR or k == K_TEMATABAN:
        n = S[S_N]
        for i in range(n - 1, -1, -1):
            push(S, F_MARK_CURSE, (p + i) % n, k, 0, 0, 0, 0, 0)


@hot
def remove_curse(S, lord):
    off_pile(S, S_CURSES, S_N_CURSES, lord)


@hot
def tile_glory(S, C, p, g, source):
    """Glory from an Angel, a Demon Lord or a deed: 5 less under Remoran's curse (never below 0)."""
    if cursed(S, C, p, K_REMORAN):
        g = max(0, g - 5)
    glory(S, p, g, source)


@hot
def awaken_hero_side(S, C, p, a):
    """Angel a joins p's crew on its hero side: its pawns as Angel attacks (the one on its
    shore, the others from the supply while it lasts), its passives."""
    supply = pawn_supply(S, C)
    if S[S_ANGEL + a] == ANG_BOARD:
        supply += 1                         # its own pawn comes off the shore with it
    S[S_ANGEL + a] = ANG_HERO + p
    S[S_ATTACKS + p] += min(C[C_A_ATTACKS + a], supply)
    bits = C[C_A_PASSIVE + a]
    if (bits >> PF_ANTHEA) & 1:
        S[S_BLESSING_LIMIT + p] += 1
    S[S_PASSIVE + p] |= bits


@hot
def new_ship(S, C, NS, p, t):
    """Ship trophy t replaces p's ship: its slots and workers (less the workers lost for good),
    its speed; coins and upgrades stay with the player."""
    old = S[S_MAX_WORKERS + p]
    if S[S_SHIP_TROPHY + p] >= 0:           # "Remove your old ship from the game": its speed too
        S[S_SPEED + p] -= C[C_T_SPEED + S[S_SHIP_TROPHY + p]]
        ship_abilities_go(S, C, p, S[S_SHIP_TROPHY + p])
    S[S_COVERED + p] = 0                    # the Plague Ship's cover lay on the old ship card
    S[S_SHIP_TROPHY + p] = t
    # as many workers as the new ship has slots, of the pawns the seat kept at setup (the Guild
    # returned its fifth to the box), less those lost for good (pending: at recharge)
    pawns = min(C[C_T_WORKERS + t], NS[p, NS_WORKERS])
    new = max(0, pawns - S[S_LOST_WORKERS + p] + S[S_TRAITOR_PENDING + p])
    if new >= old:
        S[S_MAX_WORKERS + p] = new
        S[S_ON_SHIP + p] += new - old
    else:                                   # fewer slots: workers on the ship go first, the rest at recharge
        take = min(old - new, S[S_ON_SHIP + p])
        S[S_ON_SHIP + p] -= take
        S[S_MAX_WORKERS + p] -= take
        S[S_TRAITOR_PENDING + p] += old - new - take
    S[S_SPEED + p] += C[C_T_SPEED + t]


@hot
def ship_abilities_go(S, C, p, t):
    """Ship trophy t leaves the game: its rule flags go (the submarine's); the Ship Graveyard's
    extra blessing token limit too, tokens above the limit back to the supply."""
    bits = C[C_T_PASSIVE + t]
    S[S_PASSIVE + p] &= ~bits
    if (bits >> PF_GRAVEYARD) & 1:
        S[S_BLESSING_LIMIT + p] -= 1
        over = S[S_BLESSINGS + p] - S[S_BLESSING_LIMIT + p]
        if over > 0:
            S[S_BLESSINGS + p] -= over
            S[S_SUPPLY_BLESSINGS] += over


@hot
def lose_worker(S, p):
    """One worker out of p's use for good ("Effects that change the max. number of workers are
    persistent"): the rightmost on the ship, or, with none on the ship, the next one to return
    (Demon Traitor; Darrington's Abyss, whose worker stays on its hero)."""
    S[S_LOST_WORKERS + p] += 1
    if S[S_ON_SHIP + p] > 0:
        S[S_ON_SHIP + p] -= 1
        S[S_MAX_WORKERS + p] -= 1
    else:
        S[S_TRAITOR_PENDING + p] += 1


@tiny
def log_feat(S, p, kind, item):
    """A chronicle action in the records' log (layout FEAT_*); past MAX_FEATS only counted."""
    k = S[S_N_FEATS]
    S[S_N_FEATS] = k + 1
    if k < MAX_FEATS:
        at = S_FEATS + k * FEAT_W
        S[at + FEAT_SEAT] = p
        S[at + FEAT_KIND] = kind
        S[at + FEAT_ITEM] = item
        S[at + FEAT_TURN] = S[S_TURN] + 1


@hot
def chronicle_action(S, C, NS, p, kind, target, instead):
    """Take chronicle action (kind, target) for p; pushes its rewards, with the chronicle slot
    (F_CHRONICLE_DONE) under them. `instead`: a Lord defeated with Klephastion's 10 power and
    a blessing token instead of an Angel attack."""
    push(S, F_CHRONICLE_DONE, p, 0, 0, 0, 0, 0, 0)
    if kind == CH_AWAKEN_HERO or kind == CH_AWAKEN_PATRON:
        S[S_BLESSINGS + p] -= 1
        S[S_SUPPLY_BLESSINGS] += 1
        stat(S, p, ST_ANGELS, 1)
        log_feat(S, p, FEAT_ANGEL_HERO if kind == CH_AWAKEN_HERO else FEAT_ANGEL_PATRON, target)
        if kind == CH_AWAKEN_HERO:
            awaken_hero_side(S, C, p, target)
            S[S_ANGELS_HERO + p] += 1
            tile_glory(S, C, p, C[C_A_HERO_GLORY + target], GF_ANGEL)
            push_program(S, p, C[C_A_REWARD + target], 0, GF_ANGEL)
        else:
            S[S_ANGEL + target] = ANG_PATRON + p
            S[S_ANGELS_PATRON + p] += 1
            tile_glory(S, C, p, C[C_A_PATRON_GLORY + target], GF_ANGEL)
    elif kind == CH_LORD:
        if instead == 0:
            S[S_ATTACKS + p] -= 1
            S[S_ATTACKS_USED + p] += 1
        else:                               # Klephastion: 10 power and a blessing token instead
            spend_power(S, p, 10)
            S[S_BLESSINGS + p] -= 1
            S[S_SUPPLY_BLESSINGS] += 1
        S[S_LORD + target] = LS_DEFEATED
        log_feat(S, p, FEAT_LORD, target)
        for d in range(1, 7):
            if S[S_DEED_AT + d] == LORD + target:
                S[S_DEED_AT + d] = -1
        remove_curse(S, target)
        update_curses(S, C)
        stat(S, p, ST_LORDS, 1)
        tile_glory(S, C, p, C[C_L_GLORY + target], GF_LORD)
        push_program(S, p, C[C_L_REWARD + target], 0, GF_LORD)
    else:
        if cursed(S, C, p, K_GLONDAN):      # paid at the start of the chronicle action
            S[S_SPENT_POWER + p] += 7
            spend_power(S, p, 7)
        S[S_DEED + target] = DS_DONE
        deed_leaves(S, C, S[S_N], target, True)
        log_feat(S, p, FEAT_DEED, target)
        for d in range(1, 7):
            if S[S_DEED_AT + d] == target:
                S[S_DEED_AT + d] = -1
        t = C[C_D_TROPHY + target]
        if t >= 0 and C[C_T_CURSE + t] >= 0:
            S[S_DEED_CURSES] &= ~(1 << C[C_T_CURSE + t])
        update_curses(S, C)
        stat(S, p, ST_DEEDS, 1)
        tile_glory(S, C, p, C[C_D_GLORY + target], GF_DEED)
        t = C[C_D_TROPHY + target]
        if C[C_D_DISCARD_CURSE + target] and S[S_N_CURSES] > 0:
            push(S, F_MARK_CURSE, p, MARK_DISCARD, 1, 0, 0, 0, 0)     # Inspire the Resistance: a curse to discard
        if C[C_D_SPECIAL + target] == DK_DARRINGTON:
            push(S, F_ABYSS, p, 0, 0, 0, 0, 0, 0)           # a hero the next worker occupies for good
        if t >= 0:
            S[S_TROPHIES + p] |= 1 << t
            S[S_PASSIVE + p] |= C[C_T_PASSIVE + t]
            if C[C_T_TYPE + t] == TT_SHIP:
                new_ship(S, C, NS, p, t)
            deluxe_trophy(S, C, p, t)
            if (C[C_T_PASSIVE + t] >> PF_ATTACH) & 1:
                push(S, F_ATTACH, p, t, ATTACH_TROPHY, 0, 0, 0, 0)    # Her Majesty's delivery: under a hero
            push_program(S, p, C[C_T_REWARD + t], 0, GF_DEED)
        push_program(S, p, C[C_D_REWARD + target], 0, GF_DEED)


@hot
def deluxe_trophy(S, C, p, t):
    """What taking trophy t changes besides its rule flags: the Ship Graveyard's blessing limit
    (its token is the reward), Hephto one more Angel awakened (the statistic objectives count;
    no chronicle entry), Lady Ignal's second ship pawn (on the ship's area)."""
    bits = C[C_T_PASSIVE + t]
    if (bits >> PF_GRAVEYARD) & 1:
        S[S_BLESSING_LIMIT + p] += 1
    if (bits >> PF_HEPHTO) & 1:
        stat(S, p, ST_ANGELS, 1)
    if (bits >> PF_TWO_SHIPS) & 1 and S[S_SHIP2 + p] < 0:
        S[S_SHIP2 + p] = S[S_AREA + p]
        S[S_SHIP2_START + p] = S[S_AREA + p]


@hot
def fill_chronicle(S, C, PR, p):
    """p's nation token on the next chronicle slot; the slot's effects for p. The last slot
    triggers the end of the game."""
    slot = S[S_CHRON_NEXT]
    if S[S_SOLO]:                           # solo: no chronicle track, no entry
        stat(S, p, ST_CHRONICLE, 1)
        chronicle_completed(S, C, PR, p)
        return
    if slot > S[S_CHRON_LAST]:
        chronicle_completed(S, C, PR, p)
        return
    S[S_CHRON + slot] = p
    entries = 0
    for q in range(S[S_N]):
        entries += S[S_ENTRIES + q]
    S[S_SLOT_TURN + entries] = S[S_TURN] + 1      # the game's entries in order, for the records
    S[S_CHRON_NEXT] = slot + 1
    S[S_ENTRIES + p] += 1
    stat(S, p, ST_CHRONICLE, 1)
    if slot == S[S_CHRON_LAST] and S[S_END_SEAT] < 0:
        S[S_END_SEAT] = p
    chronicle_completed(S, C, PR, p)      # under the slot's effects: they come first
    push_program(S, p, C[C_CHRON_SLOT + slot], 0, GF_CHRONICLE)


@hot
def chronicle_completed(S, C, PR, p):
    """After any player's chronicle action: Ashamnon's holders take a reward; under Betaun's
    curse every player gains 4 Demons."""
    n = S[S_N]
    if S[S_N_WAITING + p] > 0:
        push(S, F_TRIGGERS, p, TRIG_AFTER_CHRONICLE, 0, 0, 0, 0, 0)
    for i in range(n - 1, -1, -1):
        q = (p + i) % n
        if holds(S, q, PF_ASHAMNON):
            for a in range(C[C_N_ANGELS]):
                if (C[C_A_PASSIVE + a] >> PF_ASHAMNON) & 1:
                    push_program(S, q, C[C_A_CHOICE + a], 0, GF_ANGEL)
        if cursed(S, C, q, K_BETAUN):
            receive_demons(S, C, PR, q, 4)


@hot
def spawn_ships_out(S, C, p):
    """A Demon Lord spawns on the pawn's area: its deed goes, every ship there is pushed
    out (its owner chooses where, frames F_PUSH). Returns the deed area (0: none to spawn)."""
    d = S[S_PAWN]
    if d == 0 or S[S_LORD_STACK_N] == 0:
        return 0
    at = S[S_DEED_AT + d]
    if 0 <= at < LORD:
        S[S_DEED + at] = DS_REMOVED
        S[S_DEED_AT + d] = -1
        deed_leaves(S, C, S[S_N], at, False)
        update_curses(S, C)
    x = C[C_DEED_AREA + d]
    n = S[S_N]
    for k in range(n - 1, -1, -1):
        q = (p + k) % n
        if S[S_SHIP2 + q] == x:
            push(S, F_PUSH, q, x, 1, 0, 0, 0, 0)      # Lady Ignal's second pawn: pushed out as the ship
        if S[S_AREA + q] == x:
            push(S, F_PUSH, q, x, 0, 0, 0, 0, 0)
    return d


@hot
def spawn_lord(S, C, p):
    """The next Demon Lord tile on the pawn's area, its curse in play (the oldest of more than
    three leaves), the pawn to the next placement token or, after area 6, onto the last
    chronicle slot (which ends the game if it was the last free one)."""
    d = S[S_PAWN]
    if d == 0 or S[S_LORD_STACK_N] == 0:
        return
    S[S_LORD_STACK_N] -= 1
    lord = S[S_LORD_STACK + S[S_LORD_STACK_N]]
    S[S_LORD + lord] = LS_BOARD
    S[S_DEED_AT + d] = LORD + lord
    if S[S_N_CURSES] >= C[C_MAX_CURSES]:
        remove_curse(S, S[S_CURSES])
    S[S_CURSES + S[S_N_CURSES]] = lord
    S[S_N_CURSES] += 1
    update_curses(S, C)
    curse_enters(S, C, p, lord)
    S[S_PLACEMENT_N] -= 1
    if S[S_PLACEMENT_N] > 0:
        S[S_PAWN] = S[S_PLACEMENT + S[S_PLACEMENT_N] - 1]
    else:
        S[S_PAWN] = 0
        S[S_CHRON_LAST] -= 1 - S[S_SOLO]    # (solo: no track for the pawn to shorten)
        if S[S_CHRON_NEXT] > S[S_CHRON_LAST] and S[S_END_SEAT] < 0:
            # "If this is the last free slot, every player takes one last turn and the end of the
            # game triggers": as when the active player fills the last slot, every other player
            # takes one more turn (the active player's turn is its last)
            S[S_END_SEAT] = S[S_SEAT]


@hot
def push_targets(S, C, x, out):
    """Where a ship pushed out of x may go: x's neighbours (the lake's: the passage points)."""
    n = 0
    for k in range(C[C_ADJ_START + x], C[C_ADJ_START + x + 1]):
        out[n] = C[C_ADJ + k]
        n += 1
    if n == 0:
        for y in range(C[C_N_AREAS]):
            if C[C_AREA_PASSAGE + y] > 0:
                out[n] = y
                n += 1
    return n


# ---------------------------------------------------------------- events
@hot
def least_glory(S):
    g = S[S_GLORY]
    for q in range(1, S[S_N]):
        g = min(g, S[S_GLORY + q])
    return g


@hot
def event_mode(S, q):
    """How q takes an event's bonus or least-glory part: with Akeem's upgrade its direct losses
    are ignored ("but not global effects": an event's global part binds everyone)."""
    return MODE_NO_LOSSES if seat_flags(S, q) & UF_AKEEM else 0


@hot
def event_stage(S, C, PR, R, at):
    """Work of event frame at `at` (F_EVENT): the active player's bonus,
    the least-glory players' choice (skipped when the active player has the least), the
    global effect. Returns False when the event is over."""
    p = S[at + FR_PLAYER]
    e = S[at + EVENT_CARD]
    stage = S[at + EVENT_STAGE]
    n = S[S_N]
    if e < 0:
        e = draw_event(S, C, R)
        S[at + EVENT_CARD] = e
        corsair_roams(S, C)                 # the Roaming Corsair moves at each event (ASSUMED)
    S[at + EVENT_STAGE] = stage + 1
    if stage == 0:
        push_program(S, p, C[C_E_ACTIVE + e], event_mode(S, p), GF_OTHER)
    elif stage == 1:                        # "If the active player has the least glory, they skip this reward"
        low = least_glory(S)
        prog = C[C_E_LEAST + e] if C[C_E_LEAST + e] >= 0 else C[C_LEAST_GLORY]
        for k in range(n - 1, 0, -1):
            q = (p + k) % n
            if S[S_GLORY + q] == low:
                push_program(S, q, prog, event_mode(S, q), GF_OTHER)
    elif stage == 2:
        if S[S_SOLO] and C[C_SOLO_EVENT_GLOBAL] == 0:
            return True                     # solo: "you only gain the active player reward"
        g = C[C_E_GLOBAL + e]
        if g >= 0:                          # a global effect: Akeem's upgrade does not ignore it
            for k in range(n - 1, -1, -1):
                push_program(S, (p + k) % n, g, 0, GF_OTHER)
        flag = C[C_E_GLOBAL_FLAG + e]
        if flag == EG_MARKET_REFRESH:
            refresh_market(S, C, R)
        elif flag == EG_HAND_TO_TWO:
            for k in range(n - 1, -1, -1):
                q = (p + k) % n
                if S[S_N_HAND + q] > 2:
                    push(S, F_DISCARD, q, S[S_N_HAND + q] - 2, 1, 1, 0, 0, 0)     # (DISCARD_MUST, DISCARD_GENERAL)
        elif flag == EG_MOST_GLORY_DEMONS:
            top = S[S_GLORY]
            for q in range(n):
                top = max(top, S[S_GLORY + q])
            for q in range(n):
                if S[S_GLORY + q] == top:
                    receive_demons(S, C, PR, q, 5)
        elif flag == EG_CORNER_REFILL:
            for c in range(1, C[C_N_CORNERS] + 1):
                if S[S_SUPPLY_BLESSINGS] > 0 and S[S_CORNER_TOKENS + c] < n * C[C_PER_CORNER]:
                    S[S_CORNER_TOKENS + c] += 1
                    S[S_SUPPLY_BLESSINGS] -= 1
        elif flag == EG_POOREST_COINS:
            low = S[S_COINS]
            for q in range(n):
                low = min(low, S[S_COINS + q])
            for q in range(n):
                if S[S_COINS + q] == low:
                    receive_coins(S, C, q, 10)
    else:
        return False
    return True


# ---------------------------------------------------------------- objectives
@hot
def have_value(S, C, NS, p, st):
    if st == ST_UPGRADES:
        return upgrades_in_play(S, C, p)
    if st == ST_SHIP_UPGRADES:
        n = 0
        for u in range(C[C_N_UPGRADES]):
            if upgrade_place(S, p, u) == 5 and C[C_U_SHIP + u]:
                n += 1
        return n
    if st == ST_MAX_MORALE_HEROES:
        return heroes_at_max_morale(S, NS, p)
    if st == ST_POWER:
        return power(S, p)
    if st == ST_COINS:
        return S[S_COINS + p]
    return S[S_STAT + p * len(STATS) + st]


@hot
def score_objectives(S, C, NS):
    """Every objective in play that a player now meets, in player order from the active one:
    "each" cards once per player, "first" cards once in all."""
    n = S[S_N]
    for i in range(OBJECTIVES_IN_PLAY):
        o = S[S_OBJ + i]
        if o < 0:
            continue
        for k in range(n):
            q = (S[S_SEAT] + k) % n
            done = S[S_OBJ_DONE + i]
            if (done >> q) & 1 or (C[C_O_EACH + o] == 0 and done != 0):
                continue
            kind = C[C_O_KIND + o]
            if kind == OK_HAVE:
                v = have_value(S, C, NS, q, C[C_O_STAT + o])
            elif kind == OK_SPEND:
                v = S[S_SPENT_COINS + q] if C[C_O_STAT + o] == Y_COINS else S[S_SPENT_POWER + q]
            else:
                v = S[S_DISCARDED + q]
            if kind != OK_HAVE and q != S[S_SEAT]:
                continue                        # spend / discard: "during your turn"
            if v >= C[C_O_AT + o]:
                S[S_OBJ_DONE + i] |= 1 << q
                glory(S, q, C[C_O_GLORY + o], GF_OBJECTIVE)
