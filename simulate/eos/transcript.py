"""``windtunnel replay eos``: one game of a run told in the rulebook's words.

The game is played again through the Python face (``face.State``: the kernel's own
``engine.advance``/``choose``) with the seats' policies drawing from the batch's policy
stream, so the story is the very game the batch recorded. Each decision is told with its
option's words (``words.Words``), and what it changed follows: glory, coins, power and
Demons, protection, ranks and morale, the ship's path, cards, upgrades, blessing tokens,
Angel attacks, the chronicle track, Demon Lords, curses, deeds and events. Rules that
need no decision (a reward, Demons on entering an area, a single option) show up in
those changes.
"""
import numpy as np

from ..core.errors import UserError
from ..core.protocol import Played
from ..core.seats import treated_seat
from . import layout as L
from .check import CHECKS, check_state
from .actions import parse_actions
from .config import NATIONS
from .face import State
from .scoring import end_bonus
from .seat_policies import SeatPolicies  # noqa: F401  (tests and callers import it from here)
from .words import DONE_WORDS, plural, steps
from .resources import demons, power
from . import solo


STOP = DONE_WORDS[L.F_MOVE]         # "stop sailing"


def _snapshot(st):
    S, n, C = st.S, st.n, st.C
    seats = []
    n_journey, n_upgrades = int(C[L.C_N_JOURNEY]), int(C[L.C_N_UPGRADES])
    for p in range(n):
        seats.append(dict(
            glory=int(S[L.S_GLORY + p]), coins=int(S[L.S_COINS + p]), power=int(power(S, p)),
            demons=int(demons(S, p)), protection=int(S[L.S_PROTECTION + p]), area=int(S[L.S_AREA + p]),
            kraken=int(S[L.S_KRAKEN + p]), hand=int(S[L.S_N_HAND + p]), blessings=int(S[L.S_BLESSINGS + p]),
            attacks=int(S[L.S_ATTACKS + p]), shields=int(S[L.S_SHIELDS + p]), upgrades=int(S[L.S_N_UPGRADES + p]),
            ranks=tuple(int(v) for v in S[L.S_RANK + p * L.N_HEROES:L.S_RANK + (p + 1) * L.N_HEROES]),
            morale=tuple(int(v) for v in S[L.S_MORALE + p * L.N_HEROES:L.S_MORALE + (p + 1) * L.N_HEROES]),
            in_play=frozenset(u for u in range(n_upgrades)
                              if 0 <= S[L.S_ULOC + u] - L.U_PLAY - p * L.U_PLACES < L.U_PLACES),
            played=frozenset(j for j in range(n_journey) if S[L.S_JLOC + j] in (L.J_PLAYED + p, L.J_WAITING + p)),
            held=frozenset(j for j in range(n_journey) if S[L.S_JLOC + j] == L.J_HAND + p),
            angels=frozenset(a for a in range(int(C[L.C_N_ANGELS]))
                             if S[L.S_ANGEL + a] in (L.ANG_HERO + p, L.ANG_PATRON + p))))
    return dict(seats=seats, chron=tuple(int(v) for v in S[L.S_CHRON:L.S_CHRON + L.MAX_CHRONICLE]),
                curses=tuple(int(v) for v in S[L.S_CURSES:L.S_CURSES + S[L.S_N_CURSES]]),
                objectives=tuple(int(v) for v in S[L.S_OBJ_DONE:L.S_OBJ_DONE + L.OBJECTIVES_IN_PLAY]),
                deed_at=tuple(int(v) for v in S[L.S_DEED_AT:L.S_DEED_AT + L.N_DEED_AREAS + 1]),
                events=int(S[L.S_EDECK_N]), edeck=tuple(int(v) for v in S[L.S_EDECK:L.S_EDECK + L.MAX_EVENTS]),
                turn=int(S[L.S_TURN]), solo_done=int(S[L.S_SOLO_DONE]), recharges=int(S[L.S_ACTIONS + L.A_RECHARGE]))


def _gain(n, one, many=None, gain="gains", lose="loses"):
    """"gains 2 glory" / "loses 1 blessing token": an amount's change in the rulebook's verbs."""
    return f"{gain if n > 0 else lose} {plural(abs(n), one, many)}"


def _power_and_demons(x, y):
    """The Demon power marker's move in words ("gains 3 Demons (4 Demons)", "destroys 2 Demons (none
    left)", "gains 2 power (its 1 Demon destroyed first: 1 power)"): gaining power destroys Demons first,
    gaining Demons loses power first (rulebook: Demons and Power)."""
    def now(v):
        return f"{v['power']} power" if v["power"] else plural(v["demons"], "Demon") if v["demons"] else "none left"
    if y["demons"] > x["demons"]:
        lost = f"its {x['power']} power lost first: " if x["power"] else ""
        return f"gains {plural(y['demons'] - x['demons'] + x['power'], 'Demon')} ({lost}{now(y)})"
    if y["power"] > x["power"]:
        gone = f"its {plural(x['demons'], 'Demon')} destroyed first: " if x["demons"] else ""
        return f"gains {y['power'] - x['power'] + x['demons']} power ({gone}{now(y)})"
    if y["demons"] < x["demons"]:
        return f"destroys {plural(x['demons'] - y['demons'], 'Demon')} ({now(y)})"
    return f"loses {x['power'] - y['power']} power ({now(y)})"


def _changes(st, a, b, who, said=""):
    """What happened between snapshots a and b, in the rulebook's words; `said`: the decision's
    own text (what it already names is not told again)."""
    w, out = st.words, []
    for p in range(st.n):
        x, y, parts = a["seats"][p], b["seats"][p], []
        for key, one, many, gain, lose in (("glory", "glory", "glory", "gains", "loses"),
                                           ("coins", "coin", None, "gains", "pays"),
                                           ("protection", "protection", "protection", "gains", "loses"),
                                           ("shields", "shield", None, "gains", "loses"),
                                           ("blessings", "blessing token", None, "gains", "discards"),
                                           ("attacks", "Angel attack", None, "gains", "discards")):
            if y[key] != x[key]:
                parts.append(f"{_gain(y[key] - x[key], one, many, gain, lose)} ({y[key]})")
        if (x["power"], x["demons"]) != (y["power"], y["demons"]):
            parts.append(_power_and_demons(x, y))
        drawn = len(y["held"] - x["held"] - x["played"])
        if drawn:
            parts.append(f"draws {plural(drawn, 'journey card')} ({y['hand']} in hand)")
        for j in sorted(y["played"] - x["played"]):
            if w.journey_names[j] not in said:
                parts.append(f"plays {w.journey(j)}")
        gone = x["held"] - y["held"] - y["played"]
        if gone:
            parts.append("discards " + ", ".join(w.journey(j) for j in sorted(gone)) + f" ({y['hand']} in hand)")
        for u in sorted(y["in_play"] - x["in_play"]):
            if w.upgrade_names[u] not in said:
                parts.append(f"gains {w.upgrade(u)}")
        for u in sorted(x["in_play"] - y["in_play"]):
            parts.append(f"discards {w.upgrade(u)}")
        for ang in sorted(y["angels"] - x["angels"]):
            if w.angel(ang) not in said:
                side = "hero" if st.S[L.S_ANGEL + ang] == L.ANG_HERO + p else "patron"
                parts.append(f"gains the Angel {w.angel(ang)} ({side} side)")
        for h in range(L.N_HEROES):
            hero = w.hero(st.nations[p], h)
            if y["ranks"][h] != x["ranks"][h]:
                verb = "increases the rank of" if y["ranks"][h] > x["ranks"][h] else "lowers the rank of"
                parts.append(f"{verb} {hero} (rank {y['ranks'][h]})")
            if y["morale"][h] != x["morale"][h]:
                verb = "boosts the morale of" if y["morale"][h] > x["morale"][h] else "lowers the morale of"
                parts.append(f"{verb} {hero} ({y['morale'][h]})")
        if y["area"] != x["area"] and w.area(y["area"]) not in said:
            parts.append(f"{'places' if x['area'] < 0 else 'moves'} the ship {'in' if x['area'] < 0 else 'to'} "
                         f"{w.area(y['area'])}")
        if y["kraken"] != x["kraken"] and y["kraken"] >= 0 and not ("Kraken" in said and w.area(y["kraken"]) in said):
            parts.append(f"{'places' if x['kraken'] < 0 else 'moves'} the Kraken {'in' if x['kraken'] < 0 else 'to'} "
                         f"{w.area(y['kraken'])}")
        if parts:
            out.append(f"    {who[p]}: {'; '.join(parts)}.")
    cards = st.rules.config["objectives"]["card"]
    for i, (u, v) in enumerate(zip(a["objectives"], b["objectives"])):
        for p in range(st.n):
            if (v >> p) & 1 and not (u >> p) & 1:
                card = cards[int(st.S[L.S_OBJ + i])]
                out.append(f"    {who[p]} scores the objective \"{card['name']}\" ({card['glory']} glory).")
    for slot, (u, v) in enumerate(zip(a["chron"], b["chron"])):
        if u < 0 <= v:
            out.append(f"    Chronicle: {who[v]} places a nation token on slot {slot + 1} of the track.")
    if st.S[L.S_SOLO]:
        texts = solo.scenario(st.rules.config, st.S)[1]
        for k in range(a["solo_done"], b["solo_done"]):
            out.append(f"    Solo task {k + 1} done: {texts[k]} (after {int(st.S[L.S_SOLO_AT + k])} recharge actions).")
        if b["recharges"] != a["recharges"]:
            left = solo.recharges_left(st.C, st.S)
            out.append(f"    Solo: {left} recharge actions left." if left >= 0 else "    Solo: the losing recharge action.")
    if b["events"] != a["events"]:
        out.append(f"    {_event(st, b['edeck'][b['events']])}")
    for lord in b["curses"]:
        if lord not in a["curses"]:
            out.append(f"    {_curse(w, lord)} comes into play.")
    for lord in a["curses"]:
        if lord not in b["curses"]:
            out.append(f"    {_curse(w, lord)} leaves play.")
    for d in range(1, L.N_DEED_AREAS + 1):
        u, v = a["deed_at"][d], b["deed_at"][d]
        if u != v:
            if v >= L.LORD:
                out.append(f"    The Demon Lord {w.lord(v - L.LORD)} spawns on deed area {d}.")
            elif u >= L.LORD:
                out.append(f"    The Demon Lord {w.lord(u - L.LORD)} leaves deed area {d}.")
            elif u >= 0:
                out.append(f"    The epic deed {w.deed(u)} leaves deed area {d}.")
    return out


def _curse(w, lord):
    title = w.lord_titles[lord]
    return f"{w.lord(lord)}'s curse" + (f' "{title}"' if title else "")


def _actions(items):
    return steps(parse_actions(items)) if items else "nothing"


def _event(st, e):
    """An event card as the rulebook resolves it: the active player's bonus, the least-glory
    players' choice, the global effect."""
    config = st.rules.config
    card = config["events"]["card"][e]
    parts = [f"the active player: {_actions(card.get('active', []))}"]
    least = card.get("least_glory") or [config["least_glory_event"]["choice"]]
    parts.append(f"the player(s) with the least glory may choose: {_actions(least)}")
    glob = card.get("global")
    if isinstance(glob, list) and glob:
        parts.append(f"every player: {_actions(glob)}")
    elif isinstance(glob, str):
        text = config.get("flags", {}).get(glob, {}).get("text", glob.replace("_", " "))
        parts.append(f"for every player: {text.rstrip('.')}")
    return f"Event {st.words.event_names[e]} is drawn: " + "; ".join(parts) + "."


def _setup_bonuses(st, who):
    """Each seat's setup bonuses (rulebook, Player Setup: "each player gains the specific setup
    bonuses granted from their ship and nation"), named by their source."""
    w, config, out = st.words, st.rules.config, []
    for p in range(st.n):
        nation = config["nations"][NATIONS[st.nations[p]]]
        parts = []
        ship = int(st.NS[p, L.NS_SHIP_SETUP])
        if ship >= 0 and w.decode(ship):
            parts.append(f"{st.content.ships[int(st.NS[p, L.NS_SHIP])]} (its ship): {w.program(ship)}")
        own = int(st.NS[p, L.NS_SETUP])
        if own >= 0 and w.decode(own):
            fixed = " that can never be lost or spent" if "mespanne_fixed_protection" in nation["nation"].get(
                "flags", ()) else ""
            parts.append(f"the nation: {w.program(own)}{fixed}")
        if st.NS[p, L.NS_FLAGS] & L.NF_DIVINE_GUIDANCE:
            angel = [a for a in range(int(st.C[L.C_N_ANGELS])) if st.S[L.S_ANGEL + a] == L.ANG_HERO + p]
            if angel:
                parts.append(f"Divine Guidance: the Angel {w.angel(angel[0])} joins its crew on its hero side "
                             "(not an awakening)")
        if st.NS[p, L.NS_FLAGS] & L.NF_KRAKEN:
            parts.append("the Kraken, its second ship, placed with the ship")
        if parts:
            out.append(f"  {who[p]}: " + "; ".join(parts) + ".")
    return out


def _card_text(st, row):
    """A journey card played face up is told with what it does: ' (pay 15 coins, gain 1 upgrade)'."""
    if int(row[0]) == L.O_CARD and st.frame()[0] == L.F_PLAY and int(row[2]) == 0:
        return f" ({st.words.journey_text(int(row[1]))})"
    return ""


def _whose_move(st):
    """The upgrade whose move a "stop sailing" ends, where no decision named it: an upgrade under a
    hero acting after the hero's activation (' (the move of upgrade "Sea Chart of the Ancients",
    under the Scout Nadira Sel)') or the destiny die's (rolled several times), so that stops of several
    such moves in a row read apart; "" for any other move (the decision before it names it)."""
    S, w = st.S, st.words
    for k in range(int(S[L.S_SP]) - 2, -1, -1):            # below the move: its programs, then their source
        at = L.S_STACK + k * L.FRAME
        kind = int(S[at + L.FR_KIND])
        if kind in (L.F_PROGRAM, L.F_ALT, L.F_CHOICE):
            continue
        if kind == L.F_DIE:                 # a roll's "move your ship 1 ocean area", the die rolled again
            return " (the destiny die's move)"
        upgrade, h = int(S[at + L.AFTER_NEXT_UPGRADE]) - 1, int(S[at + L.AFTER_HERO])
        if kind != L.F_AFTER_HERO or upgrade < 0:
            return ""
        p = int(S[at + L.FR_PLAYER])
        hero = w.hero(st.nations[p], h) if h < L.CREW else f"the extra crew member of {w.trophy(h - L.CREW)}"
        return f" (the move of {w.upgrade(upgrade)}, under {hero})"
    return ""


def _in_setup(st):
    """Whether the game is still resolving the setup bonuses (before the first turn's start)."""
    return st.turns == 0 and st.S[L.S_SP] > 1 and st.S[L.S_STACK] == L.F_TURN


def replay(rules, n_players, run_seed, game_index, strategies, check=False, nations=None, tape=None):
    """(Played, text): game `game_index` of a run, `strategies` in seat order (the caller
    seats a rotated run's), `nations` as the batch seated them (None: its random draw);
    `tape`: the choices of its plain-Python seats (``simulate/core/python_play.py``)."""
    st = State(rules, n_players, run_seed, game_index, nations=nations)
    seats = SeatPolicies(strategies, n_players, st.C, tape)
    names = seats.names
    w, S = st.words, st.S
    who = [f"{w.nation(st.nations[p])} (seat {p}, {names[p]})" for p in range(n_players)]
    short = [w.nation(st.nations[p]) for p in range(n_players)]     # (nations are one per seat)
    lines = [f"EOS: Island of Angels, {n_players} player{'s' if n_players != 1 else ''}, seed {run_seed}, game {game_index}.",
             "Seats: " + ", ".join(who) + "."]
    what_if = {k: v for k, v in st.rules.config.get("intervention", {}).items() if v != "none"}
    if what_if:
        t = treated_seat(game_index, n_players)
        lines.append("What-if (docs/whatif.md): " + ", ".join(f"{k} = {v}" for k, v in what_if.items())
                     + f"; the seat given it (one a game, each seat in turn): {who[t]}.")
    if st.rules.config.get("variants"):
        lines.append("Modules: " + ", ".join(st.rules.config["variants"]) + ".")
    if st.C[L.C_SHIPS_DEALT]:
        lines.append("Ships dealt: " + ", ".join(f"{w.nation(st.nations[p])} sails {st.content.ships[st.NS[p, L.NS_SHIP]]}"
                                                 for p in range(n_players)) + ".")
    if st.C[L.C_NATION_PICK]:
        lines.append("Nations chosen in reverse player order: " + ", ".join(
            f"seat {p} takes {w.nation(st.nations[p])}" for p in range(n_players - 1, -1, -1)) + ".")
    at = n_players * L.MAX_PLAYERS
    given = [f"{short[p]} starts with " + " and ".join(
        f"{v} {what}" for v, what in ((int(st.C[L.C_SEAT_GLORY + at + p]), "glory"),
                                      (int(st.C[L.C_SEAT_COINS + at + p]), "coins")) if v)
        for p in range(n_players) if st.C[L.C_SEAT_GLORY + at + p] or st.C[L.C_SEAT_COINS + at + p]]
    if given:
        lines.append("Seat compensation: " + ", ".join(given) + ".")
    if st.C[L.C_ROUND_OUT]:
        lines.append("The round is played out: the game ends after the last seat's turn.")
    deeds = [f"area {d}: " + (f"Demon Lord {w.lord(S[L.S_DEED_AT + d] - L.LORD)}" if S[L.S_DEED_AT + d] >= L.LORD
                              else w.deed(S[L.S_DEED_AT + d]) if S[L.S_DEED_AT + d] >= 0 else "empty")
             for d in range(1, L.N_DEED_AREAS + 1)]
    lines.append("Deed areas: " + "; ".join(deeds) + f". The next Demon Lord spawns on area {S[L.S_PAWN]}.")
    lines.append("Angels on the board: " + ", ".join(w.angel(a) for a in range(st.C[L.C_N_ANGELS])
                                                      if S[L.S_ANGEL + a] == L.ANG_BOARD) + ".")
    if S[L.S_SOLO]:
        lines.append("Solo scenario " + solo.told(st.rules.config, S) + ".")
    cards = st.rules.config["objectives"]["card"]
    lines.append("Objectives: " + (", ".join(cards[o]["name"] for o in S[L.S_OBJ:L.S_OBJ + L.OBJECTIVES_IN_PLAY]
                                             if o >= 0) or "none") + ".")
    error = 0
    bare = State(rules, n_players, run_seed, game_index, nations=nations, run=False)
    setup = _setup_bonuses(st, short)
    if setup:
        lines.append("Setup bonuses (each player gains those of their ship and nation):")
        lines += setup
        lines += _changes(st, _snapshot(bare), _snapshot(st), short)
    before = _snapshot(st)
    turn = -1
    while not st.is_terminal():
        if S[L.S_TURN] != turn and not _in_setup(st):
            turn = int(S[L.S_TURN])
            lines.append(f"Turn {turn + 1}: {who[int(S[L.S_SEAT])]}")
        p = st.current_player()
        i = seats.pick(st)
        said = st.legal_actions()[i]
        lines.append(f"  {short[p]} chooses: {said}{_card_text(st, st.options()[i])}"
                     f"{_whose_move(st) if said == STOP else ''}.")
        st.choose_index(i)
        if check and error == 0:
            error = int(check_state(S, st.C, st.NS, st.PR))
            if error:
                S[L.S_ERROR], S[L.S_ERROR_TURN] = error, S[L.S_TURN]
        after = _snapshot(st)
        lines.extend(_changes(st, before, after, short, said))
        before = after
    ended = {L.END_CHRONICLE: "the chronicle track is full", L.END_SOLO_WON: "the fourth solo task is done",
             L.END_SOLO_LOST: "the losing recharge action is taken"}.get(int(S[L.S_ENDED_BY]), "the turn cap is reached")
    lines.append(f"The game ends after {int(S[L.S_TURN])} turns: {ended}.")
    scores, returns = st.scores(), st.returns()
    tmp = np.zeros(8, np.int64)
    for p in range(n_players if not S[L.S_SOLO] else 0):     # solo: glory is ignored
        end_bonus(S, st.C, st.NS, st.PR, p, tmp)
        lines.append(f"  {who[p]}: {int(S[L.S_GLORY + p])} glory in play, end bonus {int(tmp[0]):+d} Demons, "
                     f"{int(tmp[1]):+d} morale, {int(tmp[2]):+d} ranks, {int(tmp[3]):+d} journey cards, "
                     f"{int(tmp[4]):+d} upgrades = {scores[p]} glory; {int(S[L.S_COINS + p])} coins.")
    winners = [who[p] for p in range(n_players) if returns[p] > 0]
    if S[L.S_SOLO]:                         # glory is ignored: the scenario is won or lost
        lines.append(f"Solo scenario {solo.told(st.rules.config, S)}.")
        lines.append(f"{who[0]} {'wins' if winners else 'loses'} the scenario.")
    else:
        lines.append(f"{winners[0]} wins." if len(winners) == 1 else f"{' and '.join(winners)} share the win.")
    message = CHECKS[error - 1] if 0 < error <= len(CHECKS) else (f"check code {error}" if error else "")
    if message:
        lines.append(f"Check failed at turn {int(S[L.S_ERROR_TURN])}: {message}.")
    rounds = (int(S[L.S_TURN]) + n_players - 1) // n_players
    return Played(scores, returns, int(S[L.S_TURN]), rounds, message), "\n".join(lines)
