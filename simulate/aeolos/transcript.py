"""AEOLOS transcript: the log rows of one game, told turn by turn in the rulebook's words.

The kernel appends a row ``(turn, seat, event, a, b, c)`` for everything that
happens (``pieces.log``); this module reads those rows back and writes text.
Nothing here replays or re-decides the game: what you read is what the batch
ran. Names come from ``Rules`` (cards, harbors, river spaces, temple places)
and from the enums in ``layout``, so a changed config reads correctly.

The reader keeps running totals (VP by source, wind, crystals, cards in the
draw pile, ...) from the rows alone and, at the end, compares them with the
final state ``S``; a difference means the kernel changed something without a
log row, and the transcript says so in a line starting with "Transcript check:".

Entry points: ``transcript(rules, game, ...)`` -> str, for a game ``kernel.play_one``
played (``GAME.replay`` plays one and tells it), and ``turn_text`` for a single turn.
"""
import re
import textwrap
from types import SimpleNamespace

import numpy as np

from analysis.words import plural

from . import layout as L
from .game import ranks

EVENT_NAMES = {getattr(L, k): k[3:].lower() for k in dir(L) if k.startswith("EV_")}
FAVOR_TITLES = tuple(n.capitalize() for n in L.FAVOR_NAMES)
TOKEN_TITLES = tuple(n.capitalize() for n in L.TOKEN_NAMES)
SOURCE_TITLES = {
    "temple": "temples", "prophet": "prophet", "harbor": "harbor VP",
    "favor_played": "favor cards played", "crystals": "crystal sets", "wind": "wind",
    "favor_held": "favor cards held", "bonus_tokens": "unused bonus tokens", "tableau": "tableau ability",
    "poseidon": "Poseidon",
}
WIDTH = 100


def favor_title(f):
    return f'"{FAVOR_TITLES[f]}"'


def cap(s):
    """Upper-case the first letter only (str.capitalize would lower-case "VP")."""
    return s[:1].upper() + s[1:]


def ordinal(n):
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def and_list(items):
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def event_name(ev):
    return EVENT_NAMES.get(int(ev), f"event {ev}")


def raw_rows(log):
    """The log rows as text, one per line (for debugging the transcript itself)."""
    return "\n".join(f"turn {t:3d} seat {s} {event_name(e):13s} {a:4d} {b:4d} {c:4d}"
                     for t, s, e, a, b, c in log.tolist())



# events told on their own as a sentence: event -> how to tell it
TOLD_AS_SENTENCE = {L.EV_PROPHET: "prophet", L.EV_PLATFORM: "platform", L.EV_VP: "vp_gain", L.EV_WIND_GAIN: "wind_gain",
                    L.EV_CRYSTAL: "crystal", L.EV_FAVOR_DRAWN: "favor_drawn", L.EV_SHIP: "ship",
                    L.EV_SETTLE: "settle", L.EV_ABILITY: "ability", L.EV_POSEIDON: "poseidon"}

# harbor actions told from one log event: option kind -> (event, how to tell it, text if it did not happen)
ONE_EVENT_ACTIONS = {
    L.O_CRYSTAL: (L.EV_CRYSTAL, "crystal", "takes a crystal"),
    L.O_SETTLE: (L.EV_SETTLE, "settle", "builds a settlement"),
    L.O_SHIP: (L.EV_SHIP, "ship", "builds a ship"),
    L.O_GAIN_VP: (L.EV_VP, "vp_gain", "gains 0 VP"),
    L.O_GAIN_WIND: (L.EV_WIND_GAIN, "wind_gain", "takes no wind (the supply is empty)"),
}

class _Reader:
    """Walks the log rows once, turning each into a sentence and keeping totals."""

    def __init__(self, rules, game, names):
        self.r, self.T, self.S = rules, rules.T, game.S
        self.rows = game.log.tolist()
        self.i = 0
        T, S = self.T, self.S
        n = self.n = int(S[L.S_N_PLAYERS])
        self.names = list(names) if names else ["?"] * n
        self.vp = [int(T[L.T_START_VP])] * n
        self.src = [[0] * L.N_SRC for _ in range(n)]
        self.wind = [int(T[L.T_START_WIND + p]) for p in range(n)]
        treated = int(S[L.S_TREATED]) - 1           # an intervention's seat: its extra VP and wind
        if treated >= 0:
            self.vp[treated] += int(T[L.T_IV_VP])
            self.wind[treated] += int(T[L.T_IV_WIND])
        self.crystals = [[0] * L.N_COLOURS for _ in range(n)]
        self.favor = [[0] * L.N_FAVOR_TYPES for _ in range(n)]
        self.ships_built = [0] * n
        self.settlements = [0] * n
        self.prophet_at = [0] * n
        self.platform_reached = [0] * L.N_PLATFORMS
        self.tokens = [[1, 1] for _ in range(n)]
        removed = int(T[L.T_REMOVED_MARKS + n])
        self.kept = sum(1 for c in range(int(T[L.T_N_CARDS])) if not (removed >> int(T[L.T_CARD_MARK + c])) & 1)
        self.deck = self.kept - n * int(T[L.T_HAND_SIZE])
        self.tops = [int(T[L.T_N_CARDS]), int(T[L.T_N_CARDS]) + 1]
        self.seat = 0
        self.card_played = False
        self.extra = False              # an extra action (token, Athene) is about to be chosen

    def start_from(self, S0):
        """Running totals from a mid-game state (the state before the first row)."""
        n, T = self.n, self.T
        for p in range(n):
            self.vp[p] = int(S0[L.S_VP + p])
            self.src[p] = [int(S0[L.S_VP_SRC + p * L.N_SRC + s]) for s in range(L.N_SRC)]
            self.wind[p] = int(S0[L.S_WIND + p])
            self.crystals[p] = [int(S0[L.S_CRYSTALS + p * L.N_COLOURS + c]) for c in range(L.N_COLOURS)]
            self.favor[p] = [int(S0[L.S_FAVOR + p * L.N_FAVOR_TYPES + f]) for f in range(L.N_FAVOR_TYPES)]
            self.ships_built[p] = int(S0[L.S_SHIPS_BUILT + p])
            self.settlements[p] = int(T[L.T_SETTLEMENTS] - S0[L.S_SETTLE_LEFT + p])
            self.prophet_at[p] = int(S0[L.S_PROPHET + p])
            self.tokens[p] = [int(S0[L.S_TOKENS + p * 2]), int(S0[L.S_TOKENS + p * 2 + 1])]
        self.platform_reached = [int(S0[L.S_PLATFORM_REACHED + k]) for k in range(L.N_PLATFORMS)]
        self.deck = int(S0[L.S_DECK_N])
        self.tops = [int(S0[L.S_PILE + pile * L.MAX_CARDS + S0[L.S_PILE_N + pile] - 1]) for pile in range(2)]

    # ---------------------------------------------------------------- cursor
    def peek(self, *events):
        if self.i < len(self.rows) and self.rows[self.i][2] in events:
            return self.rows[self.i]
        return None

    def take(self, *events):
        row = self.peek(*events)
        if row is not None:
            self.i += 1
        return row

    # ---------------------------------------------------------------- names
    def seat_name(self, p):
        return f"seat {p} ({self.names[p]})"

    def loc(self, loc):
        return self.r.location_name(int(loc))

    def card(self, c):
        return self.r.card_name(int(c))

    # ---------------------------------------------------------------- totals
    def vp_gain(self, row):
        _, p, _, amount, src, _ = row
        self.vp[p] += amount
        self.src[p][src] += amount
        return f"gains {amount} VP (VP {self.vp[p]})"

    def wind_gain(self, row):
        p, n = row[1], row[3]
        self.wind[p] += n
        return f"takes {n} wind (wind {self.wind[p]})"

    def wind_give(self, row):
        p, n = row[1], row[3]
        self.wind[p] -= n
        return f"gives {n} wind (wind {self.wind[p]})"

    def crystal(self, row):
        p, c = row[1], row[3]
        self.crystals[p][c] += 1
        name = L.COLOUR_NAMES[c]
        return f"takes a {name} crystal ({name} {self.crystals[p][c]})"

    def favor_drawn(self, row):
        p, f = row[1], row[3]
        self.favor[p][f] += 1
        return f"draws the Favor of the Gods card {favor_title(f)}"

    def ship(self, row):
        p, loc = row[1], row[3]
        self.ships_built[p] += 1
        in_play = int(self.T[L.T_SHIPS_TABLEAU]) + self.ships_built[p]
        if loc == L.LOC_TABLEAU:
            return f"builds a ship (ships in play {in_play})"
        where = self.loc(loc)
        text = f"builds a ship and places it on {where}; ships in play {in_play}"
        if loc < L.LOC_RIVER:
            text += "; that ship gives no presence this turn"
        return text

    def ability(self, row):
        """Variant 1: a tableau's reward (row b = 1) or the tableau dealt at setup (b = 0),
        with the wind and VP that follow it."""
        p, a = row[1], row[3]
        gains = []
        got = self.peek(L.EV_WIND_GAIN)
        if got and got[1] == p:
            gains.append(self.wind_gain(self.take(L.EV_WIND_GAIN)))
        got = self.peek(L.EV_VP)
        if got and got[1] == p and got[4] == L.SRC_TABLEAU:
            gains.append(self.vp_gain(self.take(L.EV_VP)))
        what = f"the {L.ABILITY_NAMES[a]} tableau"
        if row[4] == 0:
            return f"seat {p} {what}" + (f" ({and_list(gains)})" if gains else "")
        return f"{what} rewards it: " + (and_list(gains) if gains else "nothing (the wind supply is empty)")

    def poseidon_token(self, k):
        T = self.T
        wind, vp = int(T[L.T_POSEIDON_WIND + k]), int(T[L.T_POSEIDON_VP + k])
        parts = ([f"{wind:+d} wind"] if wind else []) + ([f"{vp:+d} VP"] if vp else [])
        return f"Poseidon token {k + 1} ({', '.join(parts) or 'no effect'})"

    def poseidon(self, row):
        """Variant 2: a token goes face up at a full harbor (c = 0), or takes effect on a
        ship sailing in (c = 1), with the wind and VP that follow."""
        p, k, h, effect = row[1], row[3], row[4], row[5]
        token = self.poseidon_token(k)
        if not effect:
            return f"harbor {h + L.FIRST_HARBOR}'s last settlement space is filled: {token} goes face up there"
        gains = []
        while True:
            got = self.peek(L.EV_WIND_GAIN, L.EV_WIND_GIVE, L.EV_VP)
            if not got or got[1] != p or (got[2] == L.EV_VP and got[4] != L.SRC_POSEIDON):
                break
            row2 = self.take(got[2])
            gains.append(self.wind_gain(row2) if got[2] == L.EV_WIND_GAIN else
                         self.wind_give(row2) if got[2] == L.EV_WIND_GIVE else self.vp_change(row2))
        return f"{token} at harbor {h + L.FIRST_HARBOR}: " + (and_list(gains) if gains else "nothing happens")

    def vp_change(self, row):
        if row[3] >= 0:
            return self.vp_gain(row)
        _, p, _, amount, src, _ = row
        self.vp[p] += amount
        self.src[p][src] += amount
        return f"loses {-amount} VP (VP {self.vp[p]})"

    def settle(self, row):
        p, h, on_space = row[1], row[3], row[4]
        self.settlements[p] += 1
        limit = int(self.T[L.T_HAND_SIZE]) + self.settlements[p]
        beside = "" if on_space else " beside the occupied settlement spaces"
        return (f"builds a settlement at harbor {h + L.FIRST_HARBOR}{beside} "
                f"(hand limit {limit}; draws 2 cards at the end of the turn)")

    # ---------------------------------------------------------------- compound steps
    def value(self, hermes=None):
        """Optional wind given, then the EV_VALUE row: "Sailing value 7; gives 2 wind: 5."."""
        give = self.take(L.EV_WIND_GIVE)
        row = self.take(L.EV_VALUE)
        if row is None:                       # not the value step after all
            return self.wind_give(give) if give else ""
        p, base, v, wind = row[1], row[3], row[4], row[5]
        if give:
            self.wind[p] -= give[3]
        if v < 0:
            return f"Sailing value {base}: moves no ship and takes no harbor action"
        changes = []
        if hermes is not None:
            changes.append(f"plays Favor of the Gods {favor_title(L.F_HERMES)} ({hermes:+d})")
        if wind:
            changes.append(f"gives {wind} wind (wind {self.wind[p]})")
        return f"Sailing value {base}" + (f"; {' and '.join(changes)}: {v}" if changes else "")

    def move(self, row):
        src, dst = row[3], row[4]
        text = f"Moves a ship from {self.loc(src)} to {self.loc(dst)}"
        if dst >= L.LOC_RIVER:
            text += ": a river space, so no harbor action"
        token = self.peek(L.EV_POSEIDON)
        if token and token[5] == 1:
            text += ". " + cap(self.poseidon(self.take(L.EV_POSEIDON)))
        return text

    def step(self, row, give=None):
        """One step upriver; onto a temple place it is a sacrifice with its VP and bonus."""
        p, src, dst = row[1], row[3], row[4]
        paid = f" for {give[3]} wind (wind {self.wind[p]})" if give else ""
        if dst < L.LOC_PLACE:
            return f"Moves a ship upriver from {self.loc(src)} to {self.loc(dst)}{paid}"
        k = dst - L.LOC_PLACE
        parts = [f"Sacrifices a ship from {self.loc(src)} on {self.loc(dst)}{paid}"]
        parts += self.landing(p, k)
        bonus, amount = int(self.T[L.T_PLACE_BONUS + k]), int(self.T[L.T_PLACE_BONUS_AMOUNT + k])
        if bonus == L.BONUS_WIND:
            got = self.take(L.EV_WIND_GAIN)
            parts.append(self.wind_gain(got) if got else "the wind supply is empty")
        elif bonus == L.BONUS_FAVOR:
            for _ in range(amount):
                got = self.take(L.EV_FAVOR_DRAWN)
                if got:
                    parts.append(self.favor_drawn(got))
        elif bonus == L.BONUS_CRYSTAL:
            for _ in range(amount):
                got = self.take(L.EV_CRYSTAL)
                parts.append(self.crystal(got) if got else "no crystal is left on the board")
        return parts[0] + ": " + and_list(parts[1:]) if len(parts) > 1 else parts[0]

    def landing(self, p, k):
        """A piece lands on temple place k: its VP and the purple crystal."""
        parts = []
        if self.peek(L.EV_VP) and self.rows[self.i][4] == L.SRC_TEMPLE:
            parts.append(self.vp_gain(self.take(L.EV_VP)))
        if self.T[L.T_PLACE_PURPLE + k] and self.peek(L.EV_CRYSTAL) and self.rows[self.i][3] == L.PURPLE:
            parts.append(self.crystal(self.take(L.EV_CRYSTAL)))
        return parts

    def prophet(self, row):
        p, level, place = row[1], row[3], row[4]
        self.prophet_at[p] = level
        if level == L.PROPHET_TEMPLE:
            parts = self.landing(p, place)
            text = f"moves the prophet onto {self.r.place_names[place]}"
            return text + (": " + and_list(parts) if parts else "")
        self.platform_reached[level - 1] += 1
        text = f"moves the prophet to platform {level}"
        bonus = row[5]
        if not bonus:
            return text + " (its VP are due when this window closes)"
        order = "first" if self.platform_reached[level - 1] == 1 else "second"
        got = self.peek(L.EV_VP)
        gain = self.vp_gain(self.take(L.EV_VP)) if got and got[4] == L.SRC_PROPHET else "gains 0 VP"
        return f"{text}, reaching it {order} (+{bonus}): {gain}; its own VP are due when this window closes"

    def platform(self, row):
        """A platform's VP, scored as the window after the prophet's move closes."""
        p, level, vp = row[1], row[3], row[4]
        per = int(self.T[L.T_PROPHET_VP + level - 1])
        what = ("ship in play", "settlement built", "wind held")[level - 1]
        count = (int(self.T[L.T_SHIPS_TABLEAU]) + self.ships_built[p], self.settlements[p], self.wind[p])[level - 1]
        got = self.peek(L.EV_VP)
        gain = self.vp_gain(self.take(L.EV_VP)) if got and got[4] == L.SRC_PROPHET else "gains 0 VP"
        return f"platform {level} scores {per} VP per {what} x {count} = {vp}: {gain}"

    def favor_played(self, row):
        p, f, b = row[1], row[3], row[4]
        self.favor[p][f] -= 1
        if f == L.F_HERMES:                   # only ever played as the sailing value is set
            while (nxt := self.peek(L.EV_FAVOR_PLAYED)) and nxt[3] == L.F_HERMES:   # a second Hermes
                self.take(L.EV_FAVOR_PLAYED)
                self.favor[p][f] -= 1
                b += nxt[4]
            return self.value(hermes=b)
        head = f"Plays Favor of the Gods {favor_title(f)}"
        parts = []
        if f in (L.F_APOLLON, L.F_ARTEMIS, L.F_ATHENE):
            give = self.take(L.EV_WIND_GIVE)
            if give:
                parts.append(self.wind_give(give))
        if f == L.F_AEOLOS:
            got = self.take(L.EV_WIND_GAIN)
            parts.append(self.wind_gain(got) if got else "takes no wind (the supply is empty)")
            if self.peek(L.EV_VP):
                parts.append(self.vp_gain(self.take(L.EV_VP)))
        elif f == L.F_APOLLON:
            pr = self.take(L.EV_PROPHET)
            if pr:
                parts.append(self.prophet(pr))
        elif f == L.F_ARTEMIS:
            steps = int(self.T[L.T_ARTEMIS_STEPS])
            parts.append(f"moves ships up to {plural(steps, 'space')} upriver, free of wind")
        elif f == L.F_ATHENE:
            self.extra = True
            parts.append("performs any harbor action")
        elif f in (L.F_HERA, L.F_ZEUS):
            if b == 0:                          # HERA_VP / ZEUS_VP
                got = self.take(L.EV_VP)
                parts.append(self.vp_gain(got) if got else "gains 0 VP")
            elif f == L.F_HERA:
                got = self.take(L.EV_SETTLE)
                if got:
                    parts.append(self.settle(got))
            else:
                got = self.take(L.EV_SHIP)
                if got:
                    parts.append(self.ship(got))
        elif f == L.F_PLUTOS:
            got = self.take(L.EV_CRYSTAL)
            if got:
                parts.append(self.crystal(got))
        return head + (": " + and_list(parts) if parts else "")

    def harbor_action(self, row):
        h, kind = row[3], row[4]
        number = h + L.FIRST_HARBOR
        amount = int(self.S[L.S_HARBOR_AMOUNT + h])
        head = f"Harbor {number} action: "
        if kind in ONE_EVENT_ACTIONS:
            ev, tell, otherwise = ONE_EVENT_ACTIONS[kind]
            got = self.take(ev)
            return head + (getattr(self, tell)(got) if got else otherwise)
        if kind == L.O_UPRIVER:
            return head + f"moves ships upriver, giving up to {amount} wind"
        if kind == L.O_DRAW_FAVOR:
            parts = []
            while len(parts) < amount and self.peek(L.EV_FAVOR_DRAWN):
                parts.append(self.favor_drawn(self.take(L.EV_FAVOR_DRAWN)))
            return head + (and_list(parts) if parts else "draws no Favor of the Gods card (none left)")
        if kind == L.O_FAVOR_CHOICE:
            shown = []                    # the kernel logs the cards put face up, then the one kept
            while self.peek(L.EV_FAVOR_FACE_UP):
                shown.append(favor_title(self.take(L.EV_FAVOR_FACE_UP)[3]))
            kept = self.take(L.EV_FAVOR_DRAWN)
            if kept is None:
                return head + "draws no Favor of the Gods card (none left)"
            return head + self.favor_drawn(kept) + (f", and puts {and_list(shown)} face up on the discard pile"
                                                    if shown else "")
        if kind == L.O_FREE:
            return head + "takes the action of another harbor where it is present"
        if kind == L.O_PROPHET:
            parts = []
            give = self.take(L.EV_WIND_GIVE)
            if give:
                parts.append(self.wind_give(give))
            pr = self.take(L.EV_PROPHET)
            if pr:
                parts.append(self.prophet(pr))
            return head + and_list(parts)
        return head + L.OPTION_NAMES[kind]

    def token(self, row):
        p, a = row[1], row[3]
        self.tokens[p][a] = 0
        head = f'Uses the bonus token "{TOKEN_TITLES[a]}"'
        if a != L.TOKEN_SWAP:
            self.extra = True
            return head
        cards = []
        while self.peek(L.EV_SWAP_DISCARD):
            cards.append(self.card(self.take(L.EV_SWAP_DISCARD)[3]))
        if not cards:
            return head + ": the draw pile is empty"
        return (head + f": draws {plural(len(cards), 'sailing card')} and discards "
                + and_list(cards) + f"; they are shuffled into the draw pile ({self.deck} cards)")

    def end_of_turn(self):
        """[gives back wind above the cap] [deck refill / last card] draws."""
        parts, notes = [], []
        give = self.take(L.EV_WIND_GIVE)
        cap = self.take(L.EV_WIND_CAP)
        if give is not None:
            self.wind[give[1]] -= give[3]
            parts.append(f"gives back {cap[3] if cap else give[3]} wind above {self.T[L.T_WIND_CAP]} "
                         f"(wind {self.wind[give[1]]})")
        while True:
            row = self.take(L.EV_REFILL, L.EV_END_TRIGGER)
            if row is None:
                break
            if row[2] == L.EV_REFILL:
                new, boxed = row[3], row[4]
                self.deck += new
                text = (f"That was the last card of the draw pile, so it is refilled, only this once: the "
                        f"{new + boxed} sailing cards played so far, except the two on top of the discard piles, "
                        f"are shuffled")
                if boxed:
                    text += f"; {boxed} of them go back to the box and {new} form the new draw pile"
                else:
                    text += f" into a new draw pile of {new} cards"
                notes.append(text)
            else:
                notes.append("That was the last card of the draw pile: the game ends after this round, "
                             "so that everyone has had the same number of turns")
        draw = self.take(L.EV_DRAW)
        if draw is not None:
            k = draw[3]
            self.deck -= k
            if k:
                parts.append(f"draws {plural(k, 'card')} ({self.deck} left in the draw pile)")
            else:
                parts.append("draws no card (the draw pile is empty)")
        text = "End of turn: " + "; ".join(parts) if parts else "End of turn"
        if not self.card_played:
            text = "Has no sailing card to play. " + text
        return ". ".join([text] + notes)

    # ---------------------------------------------------------------- one row
    def sentence(self, row):
        ev = row[2]
        if ev == L.EV_CARD:
            self.i += 1
            card, pile = row[3], row[4]
            self.card_played = True
            other = self.tops[1 - pile]
            self.tops[pile] = card
            text = f"Plays {self.card(card)} onto the {L.PILE_NAMES[pile]} pile, next to {self.card(other)}"
            got = self.peek(L.EV_WIND_GAIN)
            if got and self.i + 1 < len(self.rows) and self.rows[self.i + 1][2] == L.EV_MATCH:
                gain = self.wind_gain(self.take(L.EV_WIND_GAIN))
                match = self.take(L.EV_MATCH)
                text += f". Symbols match ({L.SYMBOL_NAMES[match[3]]}): {gain}"
            elif self.peek(L.EV_MATCH):
                match = self.take(L.EV_MATCH)
                text += f". Symbols match ({L.SYMBOL_NAMES[match[3]]}), but the wind supply is empty"
            return text
        if ev == L.EV_WIND_GIVE:
            nxt = self.rows[self.i + 1][2] if self.i + 1 < len(self.rows) else -1
            if nxt == L.EV_VALUE:
                return self.value()
            if nxt == L.EV_WIND_CAP:
                return self.end_of_turn()
            if nxt == L.EV_STEP:
                self.i += 1
                self.wind_give(row)
                return self.step(self.take(L.EV_STEP), row)
            self.i += 1
            return cap(self.wind_give(row))
        if ev == L.EV_VALUE:
            return self.value()
        if ev in (L.EV_REFILL, L.EV_END_TRIGGER, L.EV_DRAW, L.EV_WIND_CAP):
            return self.end_of_turn()
        self.i += 1
        if ev == L.EV_FAVOR_PLAYED:
            return self.favor_played(row)
        if ev == L.EV_ACTION:
            self.extra = False
            return self.harbor_action(row)
        if ev == L.EV_NO_ACTION:
            number = row[3] + L.FIRST_HARBOR
            if row[4] == 1:
                return f"Not present at harbor {number}: no harbor action"
            if self.extra:
                self.extra = False
                return f"Chooses harbor {number}'s action, but takes none of it"
            return f"Present at harbor {number}, but takes no harbor action"
        if ev == L.EV_TOKEN:
            return self.token(row)
        if ev == L.EV_STEP:
            return self.step(row)
        if ev == L.EV_MOVE:
            return self.move(row)
        if ev in TOLD_AS_SENTENCE:
            return cap(getattr(self, TOLD_AS_SENTENCE[ev])(row))
        return f"[{event_name(ev)} {row[3]} {row[4]} {row[5]}]"


SIDE_TEXT = {"upriver": "upriver, up to {n} wind", "settlement": "a settlement", "ship": "a ship",
             "favor": "{n} favor card{s}", "vp": "{n} VP", "wind": "{n} wind",
             "prophet": "the prophet, {n} wind given", "favor_choice": "a favor card (draw 2 keep 1)",
             "free_action": "a free action"}


def harbor_side_text(crystal, action, amount):
    """What a harbor token's side does, in words: "1 blue crystal or upriver, up to 3 wind",
    "4 VP" (crystal: a colour name or "", action: one of ACTION_NAMES)."""
    what = SIDE_TEXT.get(action, action.replace("_", " ")).format(n=amount, s="" if amount == 1 else "s")
    return (f"1 {crystal} crystal or " if crystal else "") + what


def harbor_token_text(S, h):
    """Variant 4: which token lies at harbor h and what it does."""
    k = int(S[L.S_HARBOR_TOKEN + h])
    crystal, act, amount = (int(S[L.S_HARBOR_CRYSTAL + h]), int(S[L.S_HARBOR_ACTION + h]),
                            int(S[L.S_HARBOR_AMOUNT + h]))
    what = harbor_side_text(L.COLOUR_NAMES[crystal] if crystal >= 0 else "", L.ACTION_NAMES[act], amount)
    side = "alternative" if k >= 10 else "basic"
    return f"harbor {h + L.FIRST_HARBOR} the {side} {k % 10 + L.FIRST_HARBOR} ({what})"


def _wrap(text, indent="    "):
    return textwrap.fill(text, WIDTH, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False)


def _sentence(s):
    s = s.strip()
    return s if s.endswith((".", ":")) else s + "."


def transcript(rules, game, strategies=None, run_seed=None, game_index=None):
    """The whole game as text: setup, every turn, the final scoring and the winner."""
    rd = _Reader(rules, game, strategies)
    S, T, n = game.S, rules.T, rd.n
    out = []
    title = f"AEOLOS, {n} players"
    if run_seed is not None:
        title += f", run seed {run_seed}, game {game_index or 0}"
    out.append(title + f" (config {rules.path}, hash {rules.hash}).")
    out.append("Seats (clockwise, seat 0 is the start player): "
               + ", ".join(f"{p} {rd.names[p]}" for p in range(n)) + ".")
    removed = rules.T[L.T_N_CARDS] - rd.kept
    setup = [f"{rd.kept} sailing cards in play" + (f" ({removed} marked cards sorted out)" if removed else ""),
             f"{plural(int(T[L.T_HAND_SIZE]), 'card')} dealt to each seat, {rd.deck} in the draw pile",
             "starting wind " + ", ".join(f"seat {p} {rd.wind[p]}" for p in range(n))]
    dealt = []
    while rd.peek(L.EV_FAVOR_DRAWN):
        row = rd.take(L.EV_FAVOR_DRAWN)
        rd.favor[row[1]][row[3]] += 1
        dealt.append(f"seat {row[1]} {favor_title(row[3])}")
    if dealt:
        setup.append("Favor of the Gods cards dealt: " + ", ".join(dealt))
    tableaus = []
    while rd.peek(L.EV_ABILITY):
        tableaus.append(rd.ability(rd.take(L.EV_ABILITY)))
    if tableaus:
        setup.append("tableaus with special ability: " + ", ".join(tableaus))
    if T[L.T_VARIABLE]:
        setup.append("harbor tokens: " + ", ".join(harbor_token_text(S, h) for h in range(L.N_HARBORS)))
    out.append(_wrap("Setup: " + "; ".join(setup) + "."))

    last_draw = max((i for i, r in enumerate(rd.rows) if r[2] == L.EV_DRAW), default=-1)
    final_from = last_draw + 1 if not game.error else len(rd.rows)
    while rd.i < final_from:
        row = rd.rows[rd.i]
        if row[2] != L.EV_TURN:
            out.append(_wrap(_sentence(rd.sentence(row))))
            continue
        rd.i += 1
        rd.seat, rd.card_played = row[1], False
        sentences = []
        while rd.i < final_from and rd.rows[rd.i][2] != L.EV_TURN:
            before = rd.i
            sentences.append(_sentence(rd.sentence(rd.rows[rd.i])))
            if rd.i == before:            # never loop on a row no handler consumed
                rd.i += 1
        head = f"Round {row[3]}, {rd.seat_name(row[1])}:"
        out.append("")
        out.append(_wrap(head + " " + " ".join(sentences)))

    out.append("")
    if game.error:
        out.append(_wrap(f"Check mode stopped the game at turn {int(S[L.S_ERROR_TURN])}: "
                         f"{L.CHECK_MESSAGES.get(game.error, game.error)}."))
        return "\n".join(out) + "\n"

    # final scoring rows: EV_VP from the four end-of-game sources
    while rd.i < len(rd.rows):
        row = rd.rows[rd.i]
        rd.i += 1
        if row[2] == L.EV_VP:
            rd.vp_gain(row)
    out.append("Final score:")
    if S[L.S_TURN] >= 400:
        out.append("  (the game hit the kernel's safety limit of 400 turns)")
    rank = np.zeros(L.MAX_PLAYERS, np.int64)
    ranks(S, T, rank)
    for p in range(n):
        terms = []
        if T[L.T_START_VP]:
            terms.append(f"start {int(T[L.T_START_VP])}")
        for s, name in enumerate(L.SRC_NAMES):
            if (s == L.SRC_TABLEAU and not T[L.T_TABLEAUS]) or (s == L.SRC_POSEIDON and not T[L.T_POSEIDON]):
                continue
            v = rd.src[p][s]
            detail = _source_detail(rd, S, T, p, s)
            terms.append(f"{SOURCE_TITLES[name]} {v}" + (f" ({detail})" if detail else ""))
        place = ordinal(int(rank[p]) + 1)
        out.append(_wrap(f"Seat {p} ({rd.names[p]}): " + " + ".join(terms) + f" = {rd.vp[p]} VP; {place} place."))
    out.append(_wrap(_result(rules, S, rd, rank)))
    out.extend(_check_totals(rd, S))
    return "\n".join(out) + "\n"


def _source_detail(rd, S, T, p, s):
    if s == L.SRC_CRYSTALS:
        held = [f"{L.COLOUR_NAMES[c]} {rd.crystals[p][c]}" for c in range(L.N_COLOURS) if rd.crystals[p][c]]
        return ", ".join(held) if held else ""
    if s == L.SRC_WIND:
        return plural(rd.wind[p], "wind token")
    if s == L.SRC_FAVOR_HELD:
        return plural(sum(rd.favor[p]), "card")
    if s == L.SRC_BONUS_TOKENS:
        return plural(sum(rd.tokens[p]), "token")
    return ""


def best_place(rules, S, p):
    """(VP, name) of the highest-scoring temple place seat p occupies, or (-1, None)."""
    T = rules.T
    best = (-1, None)
    for k in range(int(T[L.T_N_PLACES])):
        o = int(S[L.S_PLACE_OWNER + k])
        if o >= 0 and o // 2 == p and T[L.T_PLACE_VP + k] > best[0]:
            best = (int(T[L.T_PLACE_VP + k]), rules.place_names[k])
    return best


def _result(rules, S, rd, rank):
    n = rd.n
    winners = [p for p in range(n) if rank[p] == 0]
    top = max(int(S[L.S_VP + p]) for p in range(n))
    tied = [p for p in range(n) if S[L.S_VP + p] == top]
    if len(tied) == 1:
        p = tied[0]
        return f"{cap(rd.seat_name(p))} wins with {top} VP."
    names = and_list(str(p) for p in tied)
    places = {p: best_place(rules, S, p) for p in tied}
    said = "; ".join(f"seat {p} " + (f"holds {places[p][1]}" if places[p][1] else "holds no temple place")
                     for p in tied)
    rule = "In case of a tie, the player who has occupied the temple place with the most points wins"
    if len(winners) == 1:
        return f"Seats {names} tie on {top} VP. {rule}: {said}. {cap(rd.seat_name(winners[0]))} wins."
    return (f"Seats {names} tie on {top} VP. {rule}: {said}. The tie-break does not separate "
            f"seats {and_list(str(p) for p in winners)}: they share the win.")


def _check_totals(rd, S):
    """Compare the totals read from the log with the final state."""
    bad = []
    for p in range(rd.n):
        for what, mine, real in [("VP", rd.vp[p], S[L.S_VP + p]), ("wind", rd.wind[p], S[L.S_WIND + p]),
                                 ("ships built", rd.ships_built[p], S[L.S_SHIPS_BUILT + p]),
                                 ("prophet", rd.prophet_at[p], S[L.S_PROPHET + p])]:
            if mine != real:
                bad.append(f"seat {p} {what}: transcript {mine}, state {int(real)}")
        for s in range(L.N_SRC):
            if rd.src[p][s] != S[L.S_VP_SRC + p * L.N_SRC + s]:
                bad.append(f"seat {p} {L.SRC_NAMES[s]} VP: transcript {rd.src[p][s]}, "
                           f"state {int(S[L.S_VP_SRC + p * L.N_SRC + s])}")
        for c in range(L.N_COLOURS):
            if rd.crystals[p][c] != S[L.S_CRYSTALS + p * L.N_COLOURS + c]:
                bad.append(f"seat {p} {L.COLOUR_NAMES[c]} crystals differ")
        for f in range(L.N_FAVOR_TYPES):
            if rd.favor[p][f] != S[L.S_FAVOR + p * L.N_FAVOR_TYPES + f]:
                bad.append(f"seat {p} {L.FAVOR_NAMES[f]} cards differ")
    if rd.deck != S[L.S_DECK_N]:
        bad.append(f"draw pile: transcript {rd.deck}, state {int(S[L.S_DECK_N])}")
    return [f"Transcript check: {b}." for b in bad]


FINAL_LINE = re.compile(r"^Seat (\d+) \(([^)]*)\): (.*) = (-?\d+) VP; (\d+)\w\w place\.$")


def parse_final_scores(text):
    """{seat: (terms {source: VP}, total, place)} from a transcript's final score lines
    (tests and tools use this to check the text against the tables)."""
    joined = re.sub(r"\n {4,}", " ", text)
    scores = {}
    for line in joined.splitlines():
        m = FINAL_LINE.match(line)
        if not m:
            continue
        terms = {}
        for term in re.sub(r"\([^)]*\)", "", m.group(3)).split(" + "):
            name, value = term.strip().rsplit(" ", 1)
            terms[name] = int(value)
        scores[int(m.group(1))] = (terms, int(m.group(4)), int(m.group(5)))
    return scores


def turn_text(rules, S_before, log, names=None):
    """Text for log rows that start mid-game (a scenario turn): running totals start
    from ``S_before``, the state before the first row. Returns the turn's paragraph(s)."""
    rd = _Reader(rules, SimpleNamespace(S=S_before, log=np.asarray(log)), names)
    rd.start_from(S_before)
    out = []
    while rd.i < len(rd.rows):
        row = rd.rows[rd.i]
        if row[2] == L.EV_TURN:
            rd.i += 1
            rd.seat, rd.card_played = row[1], False
            out.append(f"Round {row[3]}, {rd.seat_name(row[1])}:")
            continue
        before = rd.i
        out.append(_sentence(rd.sentence(row)))
        if rd.i == before:
            rd.i += 1
    return _wrap(" ".join(out))

