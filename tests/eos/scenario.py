"""Scenario helpers for EOS rule tests through the Python face (``simulate/eos/face.py``).

A game is set up from its seed, the position a rule needs is written into its state ``S``
through ``layout``'s offsets (or with the kernel's own writers: ``cards.put_in_play``,
``chronicle.awaken_hero_side``, ``chronicle.update_curses``, ``chronicle.new_ship``), and
the kernel takes it from there (``engine.advance``/``choose``).

The first block serves every scenario file (tests/eos/test_rulebook.py too): take_any,
calm, fresh, new, free_angels, angel_area, area, ready, finish_turn, stop_sailing,
areas_offered, neighbours, demons, stat, glory_from, give_journey, give_upgrade,
put_in_deed_area, deed_area, angel_on_board. Then: Angels held (hold_angel) or awakened (at_angel, awaken), curses in play (set_curses,
binds), deeds to accomplish (at_deed, accomplish), trophies held (give_trophy), triggered
cards waiting (waiting), the next spawn (next_spawn), a chronicle slot with glory alone
(quiet_chronicle), an upgrade in the market (market_upgrade).
"""
from simulate.eos import cards, chronicle, symbols
from simulate.eos import layout as L
from simulate.eos.face import State

SCOUT, FIRST_OFFICER, QUARTERMASTER, TREASURER, WARRIOR = range(5)


# ---------------------------------------------------------------- positions, areas, cards
def take_any(st):
    """A decision the scenario does not care about: 'done' where offered, else the first option."""
    st.choose_index(st.find(L.O_DONE) if st.offers(L.O_DONE) else 0)


def calm(st):
    """No curse in play: the setup's Demon Lord keeps its tile but not its curse, no deed with a
    curse trophy stays on the board, no marks."""
    S, C = st.S, st.C
    S[L.S_N_CURSES] = 0
    for d in range(1, L.N_DEED_AREAS + 1):
        at = int(S[L.S_DEED_AT + d])
        if 0 <= at < L.LORD and C[L.C_D_TROPHY + at] >= 0 and C[L.C_T_CURSE + C[L.C_D_TROPHY + at]] >= 0:
            put_in_deed_area(st, d)
    S[L.S_CURSE_MASK] = 0
    S[L.S_DEED_CURSES] = 0
    S[L.S_BLOCKED_SECONDARY:L.S_BLOCKED_SECONDARY + L.MAX_PLAYERS] = -1
    S[L.S_BLOCKED_HERO:L.S_BLOCKED_HERO + L.MAX_PLAYERS] = -1
    while S[L.S_SP] and st.frame()[0] == L.F_MARK_CURSE:        # the setup's marks (Demor, Temataban)
        S[L.S_SP] -= 1


def fresh(rules, *nations, seed=3):
    """A game of these nations (seat 0 first) without curses, run to its first decision."""
    st = State(rules, len(nations), seed=seed, nations=list(nations), run=False)
    calm(st)
    st.run_to_decision()
    return st


def new(rules, *nations, seed=3):
    """fresh(), the setup's own decisions taken (the first option, or none), stopped where
    seat 0 places its ship."""
    st = fresh(rules, *nations, seed=seed)
    while not (st.frame()[0] == L.F_MOVE and st.S[L.S_AREA + st.frame()[1]] < 0):
        take_any(st)
    return st


def free_angels(st, k):
    """k Angels nobody holds (Noom's starting Angel is held), put on the board."""
    out = [a for a in range(int(st.C[L.C_N_ANGELS])) if st.S[L.S_ANGEL + a] in (L.ANG_BOX, L.ANG_BOARD)][:k]
    for a in out:
        st.S[L.S_ANGEL + a] = L.ANG_BOARD
    return out


def angel_area(st, a):
    """The config id of Angel a's location."""
    return st.content.areas[int(st.C[L.C_A_AREA + a])]


def area(st, ident):
    """Kernel index of the area with this id in configs/eos/map.toml."""
    return st.content.areas.index(ident)


def ready(st, *ids):
    """Every seat's first turn behind it, seat p's ship in the area with id ids[p], all its
    workers on the ship."""
    for p, ident in enumerate(ids):
        st.S[L.S_FIRST_DONE + p] = 1
        st.S[L.S_ON_SHIP + p] = st.S[L.S_MAX_WORKERS + p]
        st.S[L.S_USED + p] = 0
        st.S[L.S_HERO_WORKERS + p * L.N_HEROES:L.S_HERO_WORKERS + (p + 1) * L.N_HEROES] = 0
        st.S[L.S_AREA + p] = st.S[L.S_START_AREA + p] = area(st, ident)


def finish_turn(st):
    """Take the rest of the turn at hand with take_any, up to the next player's first decision."""
    t = st.turns
    while st.offered and st.turns == t:
        take_any(st)


def stop_sailing(st):
    """'stop sailing' (and turn down anything else) until the secondary action is asked."""
    while st.frame()[0] != L.F_SECONDARY:
        take_any(st)


def areas_offered(st):
    return {r[1] for r in st.options() if r[0] in (L.O_AREA, L.O_PLACE)}


def neighbours(st, x):
    C = st.C
    return {int(C[L.C_ADJ + k]) for k in range(C[L.C_ADJ_START + x], C[L.C_ADJ_START + x + 1])}


def demons(st, p):
    return max(0, -int(st.S[L.S_MARKER + p]))


def stat(st, p, name):
    return L.S_STAT + p * len(L.STATS) + L.STATS.index(name)


def glory_from(st, p, source):
    return int(st.S[L.S_GLORY_FROM + p * 8 + source])


def off_the_deck(st, ident):
    """Journey card `ident` out of the draw pile if it is there; its index."""
    S, j = st.S, st.content.journey.index(ident)
    n = int(S[L.S_JDECK_N])
    pile = [int(v) for v in S[L.S_JDECK:L.S_JDECK + n]]
    if j in pile:
        pile.remove(j)
        S[L.S_JDECK:L.S_JDECK + n - 1] = pile
        S[L.S_JDECK_N] = n - 1
    return j


def give_journey(st, p, ident):
    """Journey card `ident` into p's hand (out of the draw pile if it was there)."""
    S, j = st.S, off_the_deck(st, ident)
    S[L.S_JLOC + j] = L.J_HAND + p
    if st.C[L.C_J_NATION + j] < 0:
        S[L.S_N_HAND + p] += 1
    return j


def give_upgrade(st, p, ident, place):
    """Upgrade `ident` in p's play area under hero `place` (5: the ship), out of the deck or market."""
    S, u = st.S, st.content.upgrades.index(ident)
    n = int(S[L.S_UDECK_N])
    pile = [int(v) for v in S[L.S_UDECK:L.S_UDECK + n]]
    if u in pile:
        pile.remove(u)
        S[L.S_UDECK:L.S_UDECK + n - 1] = pile
        S[L.S_UDECK_N] = n - 1
    for m in range(int(st.C[L.C_MARKET])):
        if S[L.S_MARKET + m] == u:                     # the market's place gets the deck's top card
            S[L.S_UDECK_N] -= 1
            S[L.S_MARKET + m] = S[L.S_UDECK + S[L.S_UDECK_N]]
            S[L.S_ULOC + S[L.S_MARKET + m]] = L.U_MARKET
    cards.put_in_play(S, st.C, p, u, place)
    return u


def put_in_deed_area(st, d, deed=None, lord=None):
    """Deed area d holds `deed` (an id) or the Demon Lord `lord` (an id), or nothing; what was
    there goes back to the box (a Lord's curse with it)."""
    S = st.S
    at = int(S[L.S_DEED_AT + d])
    if at >= L.LORD:
        S[L.S_LORD + at - L.LORD] = L.LS_BOX
        curses = [int(c) for c in S[L.S_CURSES:L.S_CURSES + S[L.S_N_CURSES]] if c != at - L.LORD]
        S[L.S_CURSES:L.S_CURSES + len(curses)] = curses
        S[L.S_N_CURSES] = len(curses)
    elif at >= 0:
        S[L.S_DEED + at] = L.DS_BOX
        t = st.C[L.C_D_TROPHY + at]
        if t >= 0 and st.C[L.C_T_CURSE + t] >= 0:               # back in the box: its curse goes too
            S[L.S_DEED_CURSES] &= ~(1 << int(st.C[L.C_T_CURSE + t]))
    S[L.S_DEED_AT + d] = -1
    if deed is not None:
        k = st.content.deeds.index(deed)
        for e in range(1, L.N_DEED_AREAS + 1):           # off any other area first
            if S[L.S_DEED_AT + e] == k:
                S[L.S_DEED_AT + e] = -1
        S[L.S_DEED_AT + d] = k
        S[L.S_DEED + k] = L.DS_BOARD
        t = st.C[L.C_D_TROPHY + k]
        if t >= 0 and st.C[L.C_T_CURSE + t] >= 0:               # a curse trophy: in effect while the deed is out
            S[L.S_DEED_CURSES] |= 1 << int(st.C[L.C_T_CURSE + t])
        return k
    if lord is not None:
        k = st.content.lords.index(lord)
        for e in range(1, L.N_DEED_AREAS + 1):           # off any other area first
            if S[L.S_DEED_AT + e] == L.LORD + k:
                S[L.S_DEED_AT + e] = -1
        S[L.S_DEED_AT + d] = L.LORD + k
        S[L.S_LORD + k] = L.LS_BOARD
        return k
    return -1


def deed_area(st, d):
    """Kernel index of the ocean area of deed area d (1..6)."""
    return int(st.C[L.C_DEED_AREA + d])


def angel_on_board(st, ident):
    a = st.content.angels.index(ident)
    st.S[L.S_ANGEL + a] = L.ANG_BOARD
    return a


# ---------------------------------------------------------------- new helpers
QUIET_SLOT = 6          # the chronicle slot giving 3 glory and nothing else (no event, no spawn)


def quiet_chronicle(st):
    """The next chronicle action fills the slot that gives 3 glory alone (no event, no spawn)."""
    assert st.content.programs.decode(int(st.C[L.C_CHRON_SLOT + QUIET_SLOT])) == (((("glory", 3),),),)
    st.S[L.S_CHRON_NEXT] = QUIET_SLOT


def power(st, p):
    return max(0, int(st.S[L.S_MARKER + p]))


def no_damage(st, *seats):
    """No damage zone on these seats' protection tracks (Demons do not slow their ships)."""
    for p in seats:
        st.PR[p, L.PR_N_ZONES] = 0


def empty_hand(st, p):
    """p holds no journey card."""
    S = st.S
    for j in range(int(st.C[L.C_N_JOURNEY])):
        if S[L.S_JLOC + j] == L.J_HAND + p:
            S[L.S_JLOC + j] = L.J_BOX
    S[L.S_N_HAND + p] = 0


def angel(st, ident):
    return st.content.angels.index(ident)


def lord(st, ident):
    return st.content.lords.index(ident)


def trophy(st, ident):
    return st.content.trophies.index(ident)


def hold_angel(st, p, ident):
    """p holds Angel `ident` on its hero side (its pawns as attacks, its passives), as the
    kernel's awakening puts it (chronicle.awaken_hero_side) - without the awakening's glory,
    reward or chronicle entry."""
    a = angel(st, ident)
    chronicle.awaken_hero_side(st.S, st.C, p, a)
    return a


def set_curses(st, *lords, board=True):
    """These Demon Lords' curses in play, oldest first (ids of demon_lords.toml); their tiles
    on the board (in deed areas 5, 4, 3 ..., whatever was there going back to the box, unless
    board=False; deed area 1 is left to the scenarios' deeds); the curse mask as the kernel
    keeps it (chronicle.update_curses)."""
    S = st.S
    ks = [lord(st, lo) for lo in lords]
    if board:
        for k in ks:
            if S[L.S_LORD + k] != L.LS_BOARD:
                d = next(d for d in range(5, 0, -1)
                         if not (S[L.S_DEED_AT + d] >= L.LORD and int(S[L.S_DEED_AT + d]) - L.LORD in ks))
                put_in_deed_area(st, d, lord=st.content.lords[k])
    S[L.S_CURSES:L.S_CURSES + len(ks)] = ks
    S[L.S_N_CURSES] = len(ks)
    chronicle.update_curses(S, st.C)
    return ks


def binds(st, p, k):
    """Whether curse k (layout.CURSES) binds p now (the kernel's one check: symbols.cursed)."""
    return bool(symbols.cursed(st.S, st.C, p, k))


def give_trophy(st, p, ident):
    """p holds trophy `ident` (its passives; a ship trophy replaces the ship: chronicle.new_ship)."""
    t = trophy(st, ident)
    S = st.S
    S[L.S_TROPHIES + p] |= 1 << t
    S[L.S_PASSIVE + p] |= int(st.C[L.C_T_PASSIVE + t])
    if st.C[L.C_T_TYPE + t] == L.TT_SHIP:
        chronicle.new_ship(S, st.C, st.NS, p, t)
    return t


def waiting(st, p, ident):
    """Journey card `ident` played by p earlier and waiting for its trigger."""
    S, j = st.S, off_the_deck(st, ident)
    S[L.S_JLOC + j] = L.J_WAITING + p
    S[L.S_N_WAITING + p] += 1
    return j


def next_spawn(st, ident, d, clear=True):
    """The next Demon Lord to spawn is `ident`, on deed area d (then the pawn goes to area 6);
    whatever is in d goes back to the box first unless clear=False (the spawn removes a deed)."""
    S = st.S
    if clear:
        put_in_deed_area(st, d)
    k = lord(st, ident)
    for lo in range(int(st.C[L.C_N_LORDS])):
        if S[L.S_LORD + lo] == L.LS_STACK:
            S[L.S_LORD + lo] = L.LS_BOX
    S[L.S_LORD_STACK] = k
    S[L.S_LORD + k] = L.LS_STACK
    S[L.S_LORD_STACK_N] = 1
    S[L.S_PLACEMENT:L.S_PLACEMENT + 2] = (6, d)
    S[L.S_PLACEMENT_N] = 2
    S[L.S_PAWN] = d
    return k


def curses_in_play(st):
    return [st.content.lords[int(c)] for c in st.S[L.S_CURSES:L.S_CURSES + st.S[L.S_N_CURSES]]]


def trigger_offered(st, j):
    return st.offers(L.O_TRIGGER, j)


def at_angel(st, p, ident, blessings=1):
    """Angel `ident` on the board, p's ship at its location since the start of the turn, p with
    `blessings` blessing tokens and a worker; the next chronicle slot the quiet one."""
    a = angel_on_board(st, ident)
    x = int(st.C[L.C_A_AREA + a])
    st.S[L.S_AREA + p] = st.S[L.S_START_AREA + p] = x
    st.S[L.S_BLESSINGS + p] = blessings
    quiet_chronicle(st)
    return a


def awaken(st, p, ident, side=L.CH_AWAKEN_HERO):
    """p awakens Angel `ident` with a chronicle action at the start of p's turn (hero side or
    patron side; start-of-turn choices, such as Eo's or a patron's curse, turned down); the
    kernel then runs to the next decision."""
    a = at_angel(st, p, ident)
    st.start_turn(p)
    while st.frame()[0] != L.F_ACTION:
        take_any(st)
    st.choose(L.O_CHRONICLE, side, a)
    return a


def at_deed(st, p, ident, d=1):
    """Deed `ident` in deed area d (1: the Bay of Broken Oaths, next to Gull Rocks and Amber
    Coast), p's ship there since the start of the turn (its challenge paid on entering), the
    next chronicle slot the quiet one. Returns the deed's index."""
    k = put_in_deed_area(st, d, deed=ident)
    x = deed_area(st, d)
    st.S[L.S_AREA + p] = st.S[L.S_START_AREA + p] = x
    quiet_chronicle(st)
    return k


def accomplish(st, p, ident, d=1):
    """p accomplishes deed `ident` with a chronicle action at the start of p's turn."""
    k = at_deed(st, p, ident, d)
    st.start_turn(p)
    st.choose(L.O_CHRONICLE, L.CH_DEED, k)
    return k


def market_upgrade(st, ident):
    """Upgrade `ident` in the market's first place (out of the deck; the card there goes back
    to the deck's bottom)."""
    S, u = st.S, st.content.upgrades.index(ident)
    n = int(S[L.S_UDECK_N])
    pile = [int(v) for v in S[L.S_UDECK:L.S_UDECK + n]]
    if S[L.S_ULOC + u] == L.U_MARKET:
        return u
    if u in pile:
        pile.remove(u)
    old = int(S[L.S_MARKET])
    if old >= 0:
        pile.insert(0, old)
        S[L.S_ULOC + old] = L.U_DECK
    S[L.S_UDECK:L.S_UDECK + len(pile)] = pile
    S[L.S_UDECK_N] = len(pile)
    S[L.S_MARKET] = u
    S[L.S_ULOC + u] = L.U_MARKET
    return u


def journey_bonus(st, p):
    """p's end bonus for played journey cards (kernel.record)."""
    return int(st.record()[1][p][L.P_BONUS_JOURNEY])
