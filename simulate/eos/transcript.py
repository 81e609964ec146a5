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

from ..errors import UserError
from ..protocol import Played, treated_seat
from . import layout as L
from .check import CHECKS, check_state
from .face import State
from .scoring import end_bonus
from .seat_policies import SeatPolicies  # noqa: F401  (tests and callers import it from here)
from .resources import demons, power
from . import solo


def _snapshot(st):
    S, n = st.S, st.n
    seats = []
    for p in range(n):
        seats.append(dict(
            glory=int(S[L.S_GLORY + p]), coins=int(S[L.S_COINS + p]), power=int(power(S, p)),
            demons=int(demons(S, p)), protection=int(S[L.S_PROTECTION + p]), area=int(S[L.S_AREA + p]),
            kraken=int(S[L.S_KRAKEN + p]), hand=int(S[L.S_N_HAND + p]), blessings=int(S[L.S_BLESSINGS + p]),
            attacks=int(S[L.S_ATTACKS + p]), shields=int(S[L.S_SHIELDS + p]), upgrades=int(S[L.S_N_UPGRADES + p]),
            ranks=tuple(int(v) for v in S[L.S_RANK + p * L.N_HEROES:L.S_RANK + (p + 1) * L.N_HEROES]),
            morale=tuple(int(v) for v in S[L.S_MORALE + p * L.N_HEROES:L.S_MORALE + (p + 1) * L.N_HEROES])))
    return dict(seats=seats, chron=tuple(int(v) for v in S[L.S_CHRON:L.S_CHRON + L.MAX_CHRONICLE]),
                curses=tuple(int(v) for v in S[L.S_CURSES:L.S_CURSES + S[L.S_N_CURSES]]),
                deed_at=tuple(int(v) for v in S[L.S_DEED_AT:L.S_DEED_AT + L.N_DEED_AREAS + 1]),
                events=int(S[L.S_EDECK_N]), edeck=tuple(int(v) for v in S[L.S_EDECK:L.S_EDECK + L.MAX_EVENTS]),
                turn=int(S[L.S_TURN]), solo_done=int(S[L.S_SOLO_DONE]), recharges=int(S[L.S_ACTIONS + L.A_RECHARGE]))


def _amount(n, what):
    return f"{'+' if n > 0 else ''}{n} {what}"


def _changes(st, a, b, who):
    """What happened between snapshots a and b, in sentences."""
    w, out = st.words, []
    for p in range(st.n):
        x, y, parts = a["seats"][p], b["seats"][p], []
        for key, what in (("glory", "glory"), ("coins", "coins"), ("protection", "protection"),
                          ("shields", "shields"), ("blessings", "blessing tokens"), ("attacks", "Angel attacks"),
                          ("upgrades", "upgrades in play")):
            if y[key] != x[key]:
                parts.append(f"{_amount(y[key] - x[key], what)} ({y[key]})")
        if (x["power"], x["demons"]) != (y["power"], y["demons"]):
            def marker(v):
                return f"{v['power']} power" if v["power"] else f"{v['demons']} Demons" if v["demons"] else "none"
            parts.append(f"{marker(x)} -> {marker(y)}")
        if y["hand"] != x["hand"]:
            parts.append(f"hand {x['hand']} -> {y['hand']} cards")
        for h in range(L.N_HEROES):
            hero = w.hero(st.nations[p], h)
            if y["ranks"][h] != x["ranks"][h]:
                parts.append(f"{hero} rank {x['ranks'][h]} -> {y['ranks'][h]}")
            if y["morale"][h] != x["morale"][h]:
                parts.append(f"{hero} morale {x['morale'][h]} -> {y['morale'][h]}")
        if y["area"] != x["area"]:
            parts.append(f"ship in {w.area(y['area'])}")
        if y["kraken"] != x["kraken"] and y["kraken"] >= 0:
            parts.append(f"Kraken in {w.area(y['kraken'])}")
        if parts:
            out.append(f"    {who[p]}: {'; '.join(parts)}.")
    for slot, (u, v) in enumerate(zip(a["chron"], b["chron"])):
        if u < 0 <= v:
            out.append(f"    Chronicle: {who[v]} fills slot {slot + 1} of the track.")
    if st.S[L.S_SOLO]:
        texts = solo.scenario(st.rules.config, st.S)[1]
        for k in range(a["solo_done"], b["solo_done"]):
            out.append(f"    Solo task {k + 1} done: {texts[k]} (after {int(st.S[L.S_SOLO_AT + k])} recharge actions).")
        if b["recharges"] != a["recharges"]:
            left = solo.recharges_left(st.C, st.S)
            out.append(f"    Solo: {left} recharge actions left." if left >= 0 else "    Solo: the losing recharge action.")
    if b["events"] != a["events"] or b["edeck"] != a["edeck"]:
        if b["events"] < a["events"] or b["events"] > a["events"]:
            out.append(f"    Event: {st.content.events[b['edeck'][b['events']]]} is drawn.")
    for lord in b["curses"]:
        if lord not in a["curses"]:
            out.append(f"    Curse in play: {w.lord(lord)}.")
    for lord in a["curses"]:
        if lord not in b["curses"]:
            out.append(f"    Curse gone: {w.lord(lord)}.")
    for d in range(1, L.N_DEED_AREAS + 1):
        u, v = a["deed_at"][d], b["deed_at"][d]
        if u != v:
            if v >= L.LORD:
                out.append(f"    Demon Lord {w.lord(v - L.LORD)} spawns on deed area {d}.")
            elif u >= L.LORD:
                out.append(f"    Demon Lord {w.lord(u - L.LORD)} leaves deed area {d}.")
            elif u >= 0:
                out.append(f"    Deed {w.deed(u)} leaves deed area {d}.")
    return out


def replay(rules, n_players, run_seed, game_index, strategies, check=False, nations=None, tape=None):
    """(Played, text): game `game_index` of a run, `strategies` in seat order (the caller
    seats a rotated run's), `nations` as the batch seated them (None: its random draw);
    `tape`: the choices of its plain-Python seats (``simulate/python_play.py``)."""
    st = State(rules, n_players, run_seed, game_index, nations=nations)
    seats = SeatPolicies(strategies, n_players, st.C, tape)
    names = seats.names
    w, S = st.words, st.S
    who = [f"{w.nation(st.nations[p])} (seat {p}, {names[p]})" for p in range(n_players)]
    lines = [f"EOS: Island of Angels, {n_players} player{'s' if n_players != 1 else ''}, seed {run_seed}, game {game_index}.",
             "Seats: " + ", ".join(who) + "."]
    what_if = {k: v for k, v in st.rules.config.get("intervention", {}).items() if v != "none"}
    if what_if:
        t = treated_seat(game_index, n_players)
        lines.append("What-if (docs/whatif.md): " + ", ".join(f"{k} = {v}" for k, v in what_if.items())
                     + f"; the treated seat: {who[t]}.")
    if st.rules.config.get("variants"):
        lines.append("Modules: " + ", ".join(st.rules.config["variants"]) + ".")
    if st.C[L.C_SHIPS_DEALT]:
        lines.append("Ships dealt: " + ", ".join(f"{w.nation(st.nations[p])} sails {st.content.ships[st.NS[p, L.NS_SHIP]]}"
                                                 for p in range(n_players)) + ".")
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
    before = _snapshot(st)
    turn = -1
    while not st.is_terminal():
        if S[L.S_TURN] != turn:
            turn = int(S[L.S_TURN])
            lines.append(f"Turn {turn + 1}: {who[int(S[L.S_SEAT])]}")
        p = st.current_player()
        i = seats.pick(st)
        lines.append(f"  {who[p]} chooses: {st.legal_actions()[i]}.")
        st.choose_index(i)
        if check and error == 0:
            error = int(check_state(S, st.C, st.NS, st.PR))
            if error:
                S[L.S_ERROR], S[L.S_ERROR_TURN] = error, S[L.S_TURN]
        after = _snapshot(st)
        lines.extend(_changes(st, before, after, who))
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
