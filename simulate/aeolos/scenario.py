"""Scenario API: describe an AEOLOS position, play one turn through the real kernel,
read the position and the transcript back.

    g = Scenario(players=4)                       # a real setup (components conserved)
    g.hand(0, "purple 2 sun", "grey 1 wave").top("grey 3 sun").wind(0, 1)
    t = g.turn(play("purple 2 sun"), value(3), move("tableau", "harbor 3"), crystal("blue"))
    print(g)          # the position after the turn, per player
    print(t)          # the turn's transcript

A position is always built from ``game.setup`` and changed only by moving
components between their places (deck <-> hand, supply <-> player, tableau ->
harbor, ...), so ``check_state`` holds for every described position. A turn is
a list of readable choices turned into ``POL_SCRIPT`` rows; ``game.play_turn``
plays it: nothing here re-implements a rule.

Choices are matched in order against the decisions the kernel asks. The free
windows (favor cards and bonus tokens between the steps of the turn) may be left
out: a window whose options do not include the next choice is closed; ``done()``
skips a step and never closes a window. After the last choice every further decision takes "done" where it is
offered. A choice the kernel does not offer raises ``IllegalChoice`` listing what
was offered, and the position is left unchanged.

Names: cards "purple 2 sun" (optionally with its mark, "purple 2 sun (X)");
locations "tableau", "supply", "harbor 3".."harbor 9", river spaces "<river>
<value>" ("upper 12", "east 10"), temple places "<temple> temple <VP>" or
"<temple> temple bonus" ("upper temple 12", "upper temple bonus"); crystal
colours, favor card names and "card swap" / "extra action" as in layout.py.
"""
import functools
import re
from dataclasses import dataclass

import numpy as np

from . import layout as L
from .check import check_state
from .config import load_rules
from .game import buffers, final_scoring, new_game, play_turn, ranks
from .options import window_options
from .pieces import hand_limit
from .transcript import turn_text

LOG_ROWS = 1024
_DONE = (L.O_DONE, L.ANY, L.ANY, L.ANY)            # closes a free window (or skips anything)
_SKIP = (L.O_DONE, 0, L.ANY, L.ANY)                 # done(): skips a step, never closes a window
_PROBE = (-1, -1, -1, -1)          # never a legal option: marks where to look at the options
_EV_NAMES = {v: k[3:].lower() for k, v in vars(L).items() if k.startswith("EV_")}


class ScenarioError(ValueError):
    """An unknown name or a position that cannot be built from the components."""


class IllegalChoice(ValueError):
    """A scripted choice the kernel does not offer at that point of the turn."""


@functools.lru_cache(maxsize=None)
def default_rules():
    return load_rules()


def _norm(text):
    text = re.sub(r"[^a-z0-9+\- ]", " ", str(text).lower().replace("'s", ""))
    words = text.split()
    return " ".join(words[1:] if words[:1] == ["the"] else words)


def _lookup(table, name, what, examples):
    key = _norm(name)
    if key not in table:
        raise ScenarioError(f"unknown {what} {name!r}; expected {examples}")
    return table[key]


# ------------------------------------------------------------------ choices
@dataclass(frozen=True)
class Choice:
    """One readable choice of a scripted turn; Scenario turns it into script rows."""
    op: str
    args: tuple = ()

    def __str__(self):
        return " ".join([self.op.replace("_", " ")] + [str(a) for a in self.args if a is not None])


def play(card=None):
    """Play a sailing card from the hand (None: the first card)."""
    return Choice("play", (card,))


def value(v, hermes=0):
    """Set the sailing value to v (the wind it costs follows); hermes: Hermes shift -4..4."""
    return Choice("value", (v, hermes or None))


def move(src, dst):
    """Step 2: move a ship from src to dst (a harbor or river space showing the value)."""
    return Choice("move", (src, dst))


def done():
    """Skip: keep the value without moving/acting, no move, no action, stop, close a window."""
    return Choice("done")


def crystal(colour):
    """Take a crystal (harbor action alternative or a bonus place's crystal)."""
    return Choice("crystal", (colour,))


def upriver():
    return Choice("upriver")


def settle(harbor):
    return Choice("settle", (harbor,))


def build_ship():
    return Choice("build_ship")


def draw_favor():
    return Choice("draw_favor")


def gain_vp():
    return Choice("gain_vp")


def gain_wind():
    return Choice("gain_wind")


def prophet(place=None):
    """Harbor 9: move the prophet (place: the temple place when stepping off platform 3)."""
    return Choice("prophet", (place,))


def step(src, dst):
    """One step upriver (harbor action or Artemis): src -> river space or temple place."""
    return Choice("step", (src, dst))


def favor(name, arg=None):
    """Play a favor card: aeolos, apollon [place], artemis, athene <harbor>, hera "vp" | <harbor>,
    plutos <colour>, zeus "vp" | <location>. (Hermes is part of value().)"""
    return Choice("favor", (name, arg))


def favor_choice():
    """Challenge harbor 6: draw two Favor of the Gods cards (then keep())."""
    return Choice("favor_choice")


def keep(name):
    """Challenge harbor 6: keep this one of the favor cards drawn."""
    return Choice("keep", (name,))


def free_action(harbor):
    """Challenge harbor 7: take the action of this other harbor (where present)."""
    return Choice("free", (harbor,))


def card_swap():
    return Choice("card_swap")


def extra_action(harbor=None):
    """Use the extra action token for this harbor's action (None: only turn the token)."""
    return Choice("extra_action", (harbor,))


def discard(card):
    """Card swap: discard this card from the hand."""
    return Choice("discard", (card,))


# ------------------------------------------------------------------ results
@dataclass
class Turn:
    """What one scripted turn did: the script rows used and the transcript rows."""
    seat: int
    rows: list
    labels: list
    log: np.ndarray                 # transcript rows (turn, seat, event, a, b, c)
    rules: object = None
    before: np.ndarray = None       # the state before the turn

    @property
    def text(self):
        """The turn told in the rulebook's words (transcript module)."""
        return turn_text(self.rules, self.before, self.log, names=["scripted"] * L.MAX_PLAYERS)

    def events(self, name):
        """(a, b, c) of every transcript row of this event ("value", "move", ... or EV_*)."""
        ev = name if isinstance(name, int) else getattr(L, "EV_" + name.upper())
        return [tuple(int(x) for x in r[3:6]) for r in self.log if r[2] == ev]

    def raw(self):
        """The transcript rows, one line each."""
        return "\n".join(f"seat {p} {_EV_NAMES.get(e, e)} {a} {b} {c}" for _, p, e, a, b, c in self.log.tolist())

    __str__ = lambda self: self.text  # noqa: E731


@dataclass(frozen=True)
class Seat:
    """A readable snapshot of one player."""
    vp: int
    wind: int
    hand: list
    ships: list            # locations of ships in play (tableau, harbors, rivers, temples)
    supply: int            # ships not built yet
    settlements: list
    crystals: dict
    prophet: str
    favor: list
    tokens: list
    hand_limit: int


@dataclass
class _Run:
    S: np.ndarray
    R: np.ndarray
    OPT: np.ndarray
    log: np.ndarray
    err: int
    failed: str


# ------------------------------------------------------------------ the scenario
class Scenario:
    """A game position in the kernel's state array, built from a real setup."""

    def __init__(self, players=4, seed=0, rules=None, game_index=0):
        self.rules = rules or default_rules()
        self.T = self.rules.T
        self.S, self.R, _, _ = buffers()
        new_game(self.T, np.zeros((0, L.LOG_COLS), np.int32), players, seed, game_index, self.S, self.R)
        self.W = np.zeros((L.MAX_PLAYERS, L.N_WEIGHTS))
        self.POL = np.full(L.MAX_PLAYERS, L.POL_SCRIPT, np.int32)
        self.turns = []
        self._described = set()         # seats whose hand a test described: never raided
        self._names()

    # -------------------------------------------------------------- names
    def _names(self):
        T, cfg = self.T, self.rules.config
        loc = {L.LOC_TABLEAU: "tableau", L.LOC_SUPPLY: "supply"}
        alias = {}
        for h in range(L.N_HARBORS):
            loc[L.LOC_HARBOR + h] = f"harbor {h + L.FIRST_HARBOR}"
            alias[f"harbour {h + L.FIRST_HARBOR}"] = L.LOC_HARBOR + h
        s = 0
        for rv in cfg["river"]:
            for v in rv["spaces"]:
                assert T[L.T_SPACE_VALUE + s] == v
                r = rv["name"]
                loc[L.LOC_RIVER + s] = f"{r} {v}"
                for a in (f"{r} river {v}", f"river {v} {r}", f"river space {v} {r}", self.rules.space_names[s]):
                    alias[_norm(a)] = L.LOC_RIVER + s
                s += 1
        k = 0
        for tp in cfg["temple"]:
            t = tp["name"]
            for vp in tp["landing_vp"]:
                assert T[L.T_PLACE_VP + k] == vp and T[L.T_PLACE_BONUS + k] == L.BONUS_NONE
                loc[L.LOC_PLACE + k] = f"{t} temple {vp}"
                alias[_norm(self.rules.place_names[k])] = L.LOC_PLACE + k
                k += 1
            if tp.get("bonus"):
                loc[L.LOC_PLACE + k] = f"{t} temple bonus"
                alias[f"{t} temple bonus place"] = L.LOC_PLACE + k
                alias[_norm(self.rules.place_names[k])] = L.LOC_PLACE + k
                k += 1
        self.loc_name = loc
        self._loc = {**alias, **{v: k for k, v in loc.items()}}
        self._cards = {}
        for c in range(T[L.T_N_CARDS]):
            name = self.rules.card_name(c)
            self._cards.setdefault(_norm(name), []).append(c)
            if "(" in name:
                self._cards.setdefault(_norm(name.split(" (")[0]), []).append(c)

    def loc(self, name):
        """Location code of a readable location name."""
        if isinstance(name, (int, np.integer)):
            return int(name)
        return _lookup(self._loc, name, "location",
                       "'tableau', 'supply', 'harbor 3'..'harbor 9', a river space like "
                       f"'upper 12' or a temple place like 'upper temple 12' / 'upper temple bonus'; "
                       f"known: {', '.join(self.loc_name[k] for k in sorted(self.loc_name) if k > 0)}")

    def harbor(self, name):
        """Harbor index h (0..6) of 'harbor 4' or 4."""
        if isinstance(name, (int, np.integer)):
            name = f"harbor {name}"
        loc = self.loc(name)
        if not L.LOC_HARBOR <= loc < L.LOC_RIVER:
            raise ScenarioError(f"{name!r} is not a harbor (expected 'harbor 3'..'harbor 9')")
        return loc - L.LOC_HARBOR

    def place(self, name):
        loc = self.loc(name)
        if loc < L.LOC_PLACE:
            raise ScenarioError(f"{name!r} is not a temple place (e.g. 'upper temple 12')")
        return loc - L.LOC_PLACE

    def card_ids(self, name):
        """All sailing cards with this face ('purple 2 sun'), any mark unless given."""
        return _lookup(self._cards, name, "card",
                       "'<colour> <value> <symbol>' like 'purple 2 sun' (colours purple/grey, "
                       "symbols sun/cloud/wave, values as printed) in the config's deck")

    def card_name(self, c):
        return self.rules.card_name(c).split(" (")[0]

    @staticmethod
    def colour(name):
        return _lookup({n: i for i, n in enumerate(L.COLOUR_NAMES)}, name, "crystal colour",
                       ", ".join(L.COLOUR_NAMES))

    @staticmethod
    def favor_type(name):
        return _lookup({n: i for i, n in enumerate(L.FAVOR_NAMES)}, name, "favor card",
                       ", ".join(L.FAVOR_NAMES))

    # -------------------------------------------------------------- state access
    def _list(self, off, n_off):
        return [int(x) for x in self.S[off:off + self.S[n_off]]]

    def _set_list(self, off, n_off, items):
        self.S[n_off] = len(items)
        self.S[off:off + len(items)] = items

    def _deck(self):
        return self._list(L.S_DECK, L.S_DECK_N)           # bottom .. top

    def _set_deck(self, cards):
        self._set_list(L.S_DECK, L.S_DECK_N, cards)

    def _hand(self, p):
        return self._list(L.S_HAND + p * L.HAND_CAP, L.S_HAND_N + p)

    def _set_hand(self, p, cards):
        if len(cards) > L.HAND_CAP:
            raise ScenarioError(f"a hand holds at most {L.HAND_CAP} cards")
        self._set_list(L.S_HAND + p * L.HAND_CAP, L.S_HAND_N + p, cards)

    def _pile(self, k):
        return self._list(L.S_PILE + k * L.MAX_CARDS, L.S_PILE_N + k)

    def _set_pile(self, k, cards):
        self._set_list(L.S_PILE + k * L.MAX_CARDS, L.S_PILE_N + k, cards)

    @property
    def n(self):
        return int(self.S[L.S_N_PLAYERS])

    def _seat(self, p):
        if not 0 <= p < self.n:
            raise ScenarioError(f"no seat {p} in a game of {self.n}")
        return p

    def _take_card(self, name):
        """Remove one card of this face from the deck (or from a hand no test described,
        which gets the deck's bottom card instead) and return it."""
        ids = self.card_ids(name)
        deck = self._deck()
        for c in reversed(deck):
            if c in ids:
                deck.remove(c)
                self._set_deck(deck)
                return c
        for q in range(self.n):
            hand = self._hand(q)
            hit = [c for c in hand if c in ids]
            if q not in self._described and hit and deck:
                hand[hand.index(hit[0])] = deck.pop(0)
                self._set_deck(deck)
                self._set_hand(q, hand)
                return hit[0]
        removed = self.T[L.T_REMOVED_MARKS + self.n]
        if all((removed >> self.T[L.T_CARD_MARK + c]) & 1 for c in ids):
            raise ScenarioError(f"{name!r} is sorted out in a game of {self.n} "
                                f"(marked {L.MARK_NAMES[self.T[L.T_CARD_MARK + ids[0]]]})")
        raise ScenarioError(f"no {name!r} left in the draw pile or a hand to take")

    # -------------------------------------------------------------- describing a position
    def to_move(self, p):
        self.S[L.S_CUR] = self._seat(p)
        return self

    def hand(self, p, *cards):
        """Seat p holds exactly these cards (its old hand goes back under the deck)."""
        self._described.add(self._seat(p))
        self._set_deck(self._hand(p) + self._deck())
        self._set_hand(p, [])
        self._set_hand(p, [self._take_card(c) for c in cards])
        return self

    def top(self, *cards):
        """Play these cards onto their colour's discard pile (the last one of a colour is its top)."""
        for name in cards:
            c = self._take_card(name)
            k = int(self.T[L.T_CARD_COLOUR + c])
            self._set_pile(k, self._pile(k) + [c])
        return self

    def deck(self, *cards, size=None):
        """Put these cards on top of the draw pile, the first drawn first; `size`: leave
        that many cards in it, the rest played onto the discard piles under their tops
        (onto a pile that shows only its printed card, the last one becomes the top)."""
        top = [self._take_card(c) for c in cards]
        deck = self._deck() + top[::-1]
        if size is not None:
            if size < len(top) or size > len(deck):
                raise ScenarioError(f"deck size {size}: the draw pile has {len(deck)} cards, "
                                    f"{len(top)} of them named")
            for c in deck[:len(deck) - size]:
                k = int(self.T[L.T_CARD_COLOUR + c])
                pile = self._pile(k)
                at = len(pile) - 1 if pile[-1] < self.T[L.T_N_CARDS] else len(pile)
                self._set_pile(k, pile[:at] + [c] + pile[at:])
            deck = deck[len(deck) - size:]
        self._set_deck(deck)
        return self

    def refilled(self):
        """The draw pile has already been refilled once (3p/4p)."""
        self.S[L.S_REFILLS] = 1
        return self

    def wind(self, p, n):
        """Seat p holds n wind (taken from / returned to the supply)."""
        d = n - int(self.S[L.S_WIND + self._seat(p)])
        if d > self.S[L.S_WIND_SUPPLY]:
            raise ScenarioError(f"only {self.S[L.S_WIND_SUPPLY]} wind left in the supply")
        self.S[L.S_WIND + p] += d
        self.S[L.S_WIND_SUPPLY] -= d
        return self

    def ability(self, p, name):
        """Seat p plays the tableau with this special ability (variant 1; the start wind
        of its deal is not changed: set it with wind())."""
        if name not in L.ABILITY_NAMES:
            raise ScenarioError(f"unknown ability {name!r} (known: {', '.join(L.ABILITY_NAMES)})")
        self.S[L.S_ABILITY + self._seat(p)] = L.ABILITY_NAMES.index(name)
        return self

    def poseidon(self, harbor, token):
        """Variant 2: Poseidon token `token` (0-based, as in the config) lies face up in
        front of `harbor` (taken out of the face-down pile); the harbor's spaces are full."""
        S, h = self.S, self.harbor(harbor)
        pile = [int(x) for x in S[L.S_POSEIDON_PILE:L.S_POSEIDON_PILE + S[L.S_POSEIDON_N]]]
        if token not in pile:
            raise ScenarioError(f"Poseidon token {token} is not face down")
        pile.remove(token)
        S[L.S_POSEIDON_PILE:L.S_POSEIDON_PILE + len(pile)] = pile
        S[L.S_POSEIDON_N] = len(pile)
        S[L.S_POSEIDON_AT + h] = token
        S[L.S_SPACES_FREE + h] = 0
        return self

    def vp(self, p, n):
        """Seat p has n VP (booked as harbor VP in the score sources)."""
        d = n - int(self.S[L.S_VP + self._seat(p)])
        self.S[L.S_VP + p] += d
        self.S[L.S_VP_SRC + p * L.N_SRC + L.SRC_HARBOR] += d
        return self

    def _move_crystals(self, src, dst, c, n):
        """Move n crystals of colour c between the board, the box and players."""
        if self.S[src + c] < n:
            raise ScenarioError(f"not enough {L.COLOUR_NAMES[c]} crystals to take")
        self.S[src + c] -= n
        self.S[dst + c] += n

    def crystals(self, p, **counts):
        """Seat p holds exactly these crystals (e.g. blue=1, red=2), from the board first."""
        own = L.S_CRYSTALS + self._seat(p) * L.N_COLOURS
        for name in counts:
            self.colour(name)
        for c, name in enumerate(L.COLOUR_NAMES):
            self._move_crystals(own, L.S_BOARD_CRYSTAL, c, int(self.S[own + c]))
            want = counts.get(name, 0)
            from_board = min(want, int(self.S[L.S_BOARD_CRYSTAL + c]))
            self._move_crystals(L.S_BOARD_CRYSTAL, own, c, from_board)
            self._move_crystals(L.S_BOX_CRYSTAL, own, c, want - from_board)
        return self

    def board_crystals(self, **counts):
        """Exactly these crystals on the board for the colours named (to / from the box)."""
        for name, want in counts.items():
            c = self.colour(name)
            d = want - int(self.S[L.S_BOARD_CRYSTAL + c])
            if d > 0:
                self._move_crystals(L.S_BOX_CRYSTAL, L.S_BOARD_CRYSTAL, c, d)
            else:
                self._move_crystals(L.S_BOARD_CRYSTAL, L.S_BOX_CRYSTAL, c, -d)
        return self

    def _occupy(self, p, k, piece):
        owner = self.S[L.S_PLACE_OWNER + k]
        if owner != L.PLACE_FREE:
            why = "is not in play in a game of %d" % self.n if owner == L.PLACE_UNUSED else "is occupied"
            raise ScenarioError(f"{self.loc_name[L.LOC_PLACE + k]} {why}")
        self.S[L.S_PLACE_OWNER + k] = p * 2 + piece
        if self.T[L.T_PLACE_PURPLE + k] and self.S[L.S_BOARD_CRYSTAL + L.PURPLE] > 0:
            self._move_crystals(L.S_BOARD_CRYSTAL, L.S_CRYSTALS + p * L.N_COLOURS, L.PURPLE, 1)

    def ships(self, p, *locations, tableau=None):
        """Seat p's ships in play are exactly these (plus `tableau` ships on the tableau;
        default: what is left of the starting ships). Ships beyond the starting ones are
        built from the supply. A ship on a temple place takes that place's purple crystal."""
        self._seat(p)
        base = L.S_SHIP_LOC + p * L.MAX_SHIPS
        start = int(self.T[L.T_SHIPS_TABLEAU])
        total = int(self.T[L.T_SHIPS_TABLEAU] + self.T[L.T_SHIPS_SUPPLY])
        if tableau is None:
            tableau = max(0, start - len(locations))
        locs = [self.loc(x) for x in locations] + [L.LOC_TABLEAU] * tableau
        if not start <= len(locs) <= total or L.LOC_SUPPLY in locs:
            raise ScenarioError(f"{len(locs)} ships in play: expected {start}..{total}")
        for i in range(total):
            old = self.S[base + i]
            if old >= L.LOC_PLACE:
                self.S[L.S_PLACE_OWNER + old - L.LOC_PLACE] = L.PLACE_FREE
        for i in range(total):
            loc = locs[i] if i < len(locs) else L.LOC_SUPPLY
            if loc >= L.LOC_PLACE:
                self._occupy(p, loc - L.LOC_PLACE, L.PIECE_SHIP)
            self.S[base + i] = loc
        self.S[L.S_SHIPS_BUILT + p] = len(locs) - start
        return self

    def settlements(self, p, *harbors, beside=False):
        """Seat p has settlements at exactly these harbors, each on a free settlement space
        (beside=True: beside full spaces, as Hera may build)."""
        self._seat(p)
        for h in range(L.N_HARBORS):
            if self.S[L.S_SETTLED + p * L.N_HARBORS + h]:
                self.S[L.S_SETTLED + p * L.N_HARBORS + h] = 0
                self.S[L.S_SETTLE_LEFT + p] += 1
                self.S[L.S_SPACES_FREE + h] = min(self.S[L.S_SPACES_FREE + h] + 1, self._spaces(h))
        for name in harbors:
            h = self.harbor(name)
            if self.S[L.S_SETTLE_LEFT + p] == 0 or self.S[L.S_SETTLED + p * L.N_HARBORS + h]:
                raise ScenarioError(f"seat {p} cannot have a settlement at {name!r} (one per harbor, "
                                    f"{self.T[L.T_SETTLEMENTS]} in all)")
            if self.S[L.S_SPACES_FREE + h] > 0:
                self.S[L.S_SPACES_FREE + h] -= 1
            elif not beside:
                raise ScenarioError(f"{name!r} has no free settlement space (beside=True for a Hera settlement)")
            self.S[L.S_SETTLED + p * L.N_HARBORS + h] = 1
            self.S[L.S_SETTLE_LEFT + p] -= 1
        return self

    def _spaces(self, h):
        if self.n == 2:
            return int(self.T[L.T_HARBOR_SPACES_2P + h])
        covered = self.T[L.T_HARBOR_COVERED_3P + h] if self.n == 3 else 0
        return int(self.T[L.T_HARBOR_SPACES + h] - covered)

    def prophet(self, p, where):
        """Seat p's prophet: 0 (start), 1..3 (platforms, each counted as reached by p),
        or a landing place of the prophet's temple."""
        self._seat(p)
        old = int(self.S[L.S_PROPHET + p])
        for i in range(min(old, L.N_PLATFORMS)):
            self.S[L.S_PLATFORM_REACHED + i] -= 1
        if old == L.PROPHET_TEMPLE:
            for k in range(self.T[L.T_N_PLACES]):
                if self.S[L.S_PLACE_OWNER + k] == p * 2 + L.PIECE_PROPHET:
                    self.S[L.S_PLACE_OWNER + k] = L.PLACE_FREE
        if isinstance(where, (int, np.integer)):
            if not 0 <= where <= L.N_PLATFORMS:
                raise ScenarioError("prophet level: 0 (start), 1..3 (platforms) or a temple place")
            level = int(where)
        else:
            k = self.place(where)
            if self.T[L.T_PLACE_TEMPLE + k] != self.T[L.T_PROPHET_TEMPLE] or self.T[L.T_PLACE_BONUS + k]:
                raise ScenarioError("the prophet can only stand on a landing place of the prophet's temple")
            self._occupy(p, k, L.PIECE_PROPHET)
            level = L.PROPHET_TEMPLE
        self.S[L.S_PROPHET + p] = level
        for i in range(min(level, L.N_PLATFORMS)):
            self.S[L.S_PLATFORM_REACHED + i] += 1
        return self

    def _favor_piles(self):
        return (self._list(L.S_FDECK, L.S_FDECK_N), self._list(L.S_FDISC, L.S_FDISC_N))

    def favor_cards(self, p, *names):
        """Seat p holds exactly these favor cards (taken from the favor deck, then the discard)."""
        self._seat(p)
        deck, disc = self._favor_piles()
        for f in range(L.N_FAVOR_TYPES):
            deck = [f] * int(self.S[L.S_FAVOR + p * L.N_FAVOR_TYPES + f]) + deck
            self.S[L.S_FAVOR + p * L.N_FAVOR_TYPES + f] = 0
        for name in names:
            f = self.favor_type(name)
            src = deck if f in deck else disc
            if f not in src:
                raise ScenarioError(f"no {name!r} favor card left to take")
            src.remove(f)
            self.S[L.S_FAVOR + p * L.N_FAVOR_TYPES + f] += 1
        self._set_list(L.S_FDECK, L.S_FDECK_N, deck)
        self._set_list(L.S_FDISC, L.S_FDISC_N, disc)
        return self

    def favor_deck(self, *names):
        """The favor draw pile holds exactly these cards (the first is drawn first); every
        card no player holds is on the discard pile."""
        deck, disc = self._favor_piles()
        pool = deck + disc
        top = []
        for name in names:
            f = self.favor_type(name)
            if f not in pool:
                raise ScenarioError(f"no {name!r} favor card left for the favor deck")
            pool.remove(f)
            top.append(f)
        self._set_list(L.S_FDECK, L.S_FDECK_N, top[::-1])
        self._set_list(L.S_FDISC, L.S_FDISC_N, pool)
        return self

    def tokens(self, p, swap=True, extra=True):
        """Which of seat p's bonus tokens are still face up."""
        self.S[L.S_TOKENS + self._seat(p) * 2 + L.TOKEN_SWAP] = int(swap)
        self.S[L.S_TOKENS + p * 2 + L.TOKEN_EXTRA] = int(extra)
        return self

    # -------------------------------------------------------------- reading a position
    def seat(self, p):
        S, T = self.S, self.T
        self._seat(p)
        ships = sorted((int(x) for x in S[L.S_SHIP_LOC + p * L.MAX_SHIPS:L.S_SHIP_LOC + (p + 1) * L.MAX_SHIPS]
                        if x >= L.LOC_TABLEAU))
        level = int(S[L.S_PROPHET + p])
        where = "start" if level == 0 else f"platform {level}"
        if level == L.PROPHET_TEMPLE:
            k = [k for k in range(T[L.T_N_PLACES]) if S[L.S_PLACE_OWNER + k] == p * 2 + L.PIECE_PROPHET]
            where = self.loc_name[L.LOC_PLACE + k[0]] if k else "temple (no place!)"
        return Seat(
            vp=int(S[L.S_VP + p]), wind=int(S[L.S_WIND + p]),
            hand=[self.card_name(c) for c in self._hand(p)],
            ships=[self.loc_name[x] for x in ships],
            supply=sum(1 for i in range(L.MAX_SHIPS) if S[L.S_SHIP_LOC + p * L.MAX_SHIPS + i] == L.LOC_SUPPLY),
            settlements=[f"harbor {h + L.FIRST_HARBOR}" for h in range(L.N_HARBORS)
                         if S[L.S_SETTLED + p * L.N_HARBORS + h]],
            crystals={n: int(S[L.S_CRYSTALS + p * L.N_COLOURS + c]) for c, n in enumerate(L.COLOUR_NAMES)
                      if S[L.S_CRYSTALS + p * L.N_COLOURS + c]},
            prophet=where,
            favor=[n for f, n in enumerate(L.FAVOR_NAMES) for _ in range(S[L.S_FAVOR + p * L.N_FAVOR_TYPES + f])],
            tokens=[n for t, n in enumerate(L.TOKEN_NAMES) if S[L.S_TOKENS + p * 2 + t]],
            hand_limit=int(hand_limit(S, T, p)))

    def __getitem__(self, p):
        return self.seat(p)

    @property
    def board_crystal(self):
        return {n: int(self.S[L.S_BOARD_CRYSTAL + c]) for c, n in enumerate(L.COLOUR_NAMES)}

    @property
    def places(self):
        """Occupied temple places: name -> 'seat p ship' / 'seat p prophet'."""
        out = {}
        for k in range(self.T[L.T_N_PLACES]):
            o = int(self.S[L.S_PLACE_OWNER + k])
            if o >= 0:
                out[self.loc_name[L.LOC_PLACE + k]] = f"seat {o // 2} {('ship', 'prophet')[o % 2]}"
        return out

    @property
    def free_places(self):
        return [self.loc_name[L.LOC_PLACE + k] for k in range(self.T[L.T_N_PLACES])
                if self.S[L.S_PLACE_OWNER + k] == L.PLACE_FREE]

    @property
    def tops(self):
        return [self.card_name(self._pile(k)[-1]) for k in (L.PILE_PURPLE, L.PILE_GREY)]

    def pile(self, colour):
        """Sailing cards played onto the purple / grey pile, bottom to top (not the printed card)."""
        k = L.PILE_NAMES.index(colour)
        return [self.card_name(c) for c in self._pile(k) if c < self.T[L.T_N_CARDS]]

    @property
    def deck_ids(self):
        """Card ids in the draw pile, bottom to top (cards with the same face differ here)."""
        return self._deck()

    def hand_ids(self, p):
        return self._hand(self._seat(p))

    @property
    def favor_deck_size(self):
        return int(self.S[L.S_FDECK_N])

    @property
    def favor_discard(self):
        return [L.FAVOR_NAMES[f] for f in self._favor_piles()[1]]

    @property
    def deck_size(self):
        return int(self.S[L.S_DECK_N])

    @property
    def wind_supply(self):
        return int(self.S[L.S_WIND_SUPPLY])

    @property
    def over(self):
        return bool(self.S[L.S_OVER])

    def spaces_free(self, harbor):
        return int(self.S[L.S_SPACES_FREE + self.harbor(harbor)])

    def describe(self):
        S = self.S
        deck, disc = self._favor_piles()
        lines = [f"AEOLOS, {self.n} players, round {S[L.S_ROUND]}, seat {S[L.S_CUR]} to move"
                 + (" (game over)" if self.over else ""),
                 f"deck {self.deck_size} cards; pile tops: {', '.join(self.tops)}; wind supply {self.wind_supply}",
                 "board crystals: " + ", ".join(f"{n} {v}" for n, v in self.board_crystal.items()),
                 f"favor deck {len(deck)}, discard {len(disc)}",
                 "temple places: " + (", ".join(f"{k}: {v}" for k, v in self.places.items()) or "all free")]
        for p in range(self.n):
            s = self.seat(p)
            lines += [f"seat {p}: {s.vp} VP, {s.wind} wind, hand [{', '.join(s.hand)}] (limit {s.hand_limit})",
                      f"  ships: {', '.join(s.ships) or '-'}; {s.supply} in supply",
                      f"  settlements: {', '.join(s.settlements) or '-'}; crystals: "
                      + (", ".join(f"{k} {v}" for k, v in s.crystals.items()) or "-"),
                      f"  prophet: {s.prophet}; favor: {', '.join(s.favor) or '-'}; "
                      f"tokens: {', '.join(s.tokens) or '-'}"]
        return "\n".join(lines)

    __str__ = describe

    def check(self, end_of_turn=False):
        """The kernel's conservation check on this position (raises if broken)."""
        err = check_state(self.S, self.T, end_of_turn)
        if err:
            raise ScenarioError(f"position breaks conservation: {L.CHECK_MESSAGES[err]}")
        return self

    # -------------------------------------------------------------- choices -> script rows
    def _rows(self, choices):
        """Script rows (and a label per row) for these choices; card names become hand slots
        by following the hand through the turn (play, card swap draws, discards)."""
        p = int(self.S[L.S_CUR])
        hand, deck = self._hand(p), self._deck()
        rows, labels = [], []

        def slot(name):
            if name is None:
                return L.ANY
            ids = self.card_ids(name)
            for i, c in enumerate(hand):
                if c in ids:
                    del hand[i]
                    return i
            raise ScenarioError(f"seat {p} holds no {name!r} here (hand: "
                                f"{', '.join(self.card_name(c) for c in hand)})")

        for ch in choices:
            a = ch.args
            if ch.op == "play":
                r = [(L.O_CARD, slot(a[0]), L.ANY, L.ANY)]
            elif ch.op == "value":
                r = [(L.O_VALUE, a[0], a[1] or 0, L.ANY)]
            elif ch.op == "move":
                r = [(L.O_MOVE, self.loc(a[0]), self.loc(a[1]), L.ANY)]
            elif ch.op == "step":
                r = [(L.O_STEP, self.loc(a[0]), self.loc(a[1]), L.ANY)]
            elif ch.op == "done":
                r = [_SKIP]
            elif ch.op == "crystal":
                r = [(L.O_CRYSTAL, self.colour(a[0]), L.ANY, L.ANY)]
            elif ch.op == "settle":
                r = [(L.O_SETTLE, self.harbor(a[0]), L.ANY, L.ANY)]
            elif ch.op == "prophet":
                r = [(L.O_PROPHET, L.ANY, -1 if a[0] is None else self.place(a[0]), L.ANY)]
            elif ch.op in ("upriver", "build_ship", "draw_favor", "gain_vp", "gain_wind"):
                kind = {"upriver": L.O_UPRIVER, "build_ship": L.O_SHIP, "draw_favor": L.O_DRAW_FAVOR,
                        "gain_vp": L.O_GAIN_VP, "gain_wind": L.O_GAIN_WIND}[ch.op]
                r = [(kind, L.ANY, L.ANY, L.ANY)]
            elif ch.op == "card_swap":
                r = [(L.O_TOKEN, L.TOKEN_SWAP, L.ANY, L.ANY)]
                k = min(5, len(deck))
                hand += deck[::-1][:k]
                deck = deck[:len(deck) - k]
            elif ch.op == "extra_action":
                r = [(L.O_TOKEN, L.TOKEN_EXTRA, L.ANY, L.ANY)]
                if a[0] is not None:
                    r.append((L.O_EXTRA, self.harbor(a[0]), L.ANY, L.ANY))
            elif ch.op == "discard":
                r = [(L.O_DISCARD, slot(a[0]), L.ANY, L.ANY)]
            elif ch.op == "favor_choice":
                r = [(L.O_FAVOR_CHOICE, L.ANY, L.ANY, L.ANY)]
            elif ch.op == "keep":
                r = [(L.O_KEEP, self.favor_type(a[0]), L.ANY, L.ANY)]
            elif ch.op == "free":
                r = [(L.O_FREE, self.harbor(a[0]), L.ANY, L.ANY)]
            elif ch.op == "favor":
                r = self._favor_rows(*a)
            else:
                raise ScenarioError(f"unknown choice {ch!r}")
            rows += r
            labels += [str(ch)] * len(r)
        return rows, labels

    def _favor_rows(self, name, arg):
        f = self.favor_type(name)
        row = (L.O_FAVOR, f, L.ANY, L.ANY)
        if f == L.F_APOLLON:
            row = (L.O_FAVOR, f, -1 if arg is None else self.place(arg), L.ANY)
        elif f == L.F_ATHENE:
            if arg is None:
                raise ScenarioError("favor('athene', harbor): name the harbor whose action to take")
            return [row, (L.O_EXTRA, self.harbor(arg), L.ANY, L.ANY)]
        elif f in (L.F_HERA, L.F_ZEUS):
            if arg is None or _norm(arg) == "vp":
                row = (L.O_FAVOR, f, L.HERA_VP, L.ANY)            # HERA_VP == ZEUS_VP
            elif f == L.F_HERA:
                row = (L.O_FAVOR, f, L.HERA_SETTLE, self.harbor(arg))
            else:
                row = (L.O_FAVOR, f, L.ZEUS_SHIP, self.loc(arg))
        elif f == L.F_PLUTOS:
            row = (L.O_FAVOR, f, L.ANY, self.colour(arg))
        elif f == L.F_HERMES:
            raise ScenarioError("Hermes is played with the sailing value: value(v, hermes=shift)")
        return [row]

    # -------------------------------------------------------------- running the kernel
    def _attempt(self, rows):
        """Play the turn on copies of the state with these script rows."""
        S, R = self.S.copy(), self.R.copy()
        _, _, OPT, SC = buffers()
        LOG = np.zeros((LOG_ROWS, L.LOG_COLS), np.int32)
        S[L.S_SCRIPT_POS] = 0
        S[L.S_LOG_N] = 0
        SCR = np.array(rows, np.int32).reshape(-1, 4)
        err, failed = 0, None
        try:
            err = play_turn(S, self.T, self.W, self.POL, R, SCR, LOG, OPT, None, SC, True)
        except ValueError as e:
            failed = str(e)
        return _Run(S, R, OPT, LOG[:S[L.S_LOG_N]].copy(), err, failed)

    def _at_window(self, run):
        """Did the run stop at a free window (favor cards / bonus tokens)?"""
        OPT = np.zeros_like(run.OPT)
        m = window_options(run.S, self.T, OPT, int(run.S[L.S_CUR]))
        return m > 1 and np.array_equal(OPT[:m], run.OPT[:m])

    def _resolve(self, rows, labels, close_windows=True):
        """Run the script, closing free windows the next choice is not meant for."""
        for _ in range(len(rows) + 64):
            run = self._attempt(rows)
            k = int(run.S[L.S_SCRIPT_POS])
            if (run.failed is None or k >= len(rows) or not self._at_window(run)
                    or (tuple(rows[k]) == _PROBE and not close_windows)):
                return rows, labels, run
            rows = rows[:k] + [_DONE] + rows[k:]
            labels = labels[:k] + ["(close window)"] + labels[k:]
        raise ScenarioError("the turn does not end")

    @staticmethod
    def offered_rows(run):
        """The option rows of the decision a run's script stopped at (the kernel counts them)."""
        return list(dict.fromkeys(tuple(int(x) for x in r) for r in run.OPT[:run.S[L.S_OFFERED]]))

    def _legal(self, run):
        """The options of the decision the run stopped at, in words."""
        return [self.option_text(r, run.S) for r in self.offered_rows(run)]

    def offered(self, *choices, window=False):
        """Readable options of the next decision after these choices ([] if the turn asks
        nothing more). Free windows on the way are closed unless window=True."""
        rows, labels = self._rows(choices)
        rows, labels, run = self._resolve(rows + [_PROBE], labels + ["(probe)"], close_windows=not window)
        k = int(run.S[L.S_SCRIPT_POS])
        if run.failed is None:
            return []
        if k < len(rows) - 1:
            self._illegal(rows, labels, run)
        return self._legal(run)

    def _illegal(self, rows, labels, run):
        k = int(run.S[L.S_SCRIPT_POS])
        offered = "; ".join(self._legal(run))
        if k >= len(rows):
            raise IllegalChoice(f"the turn needs one more choice after {labels[-1]!r}; offered: {offered}")
        raise IllegalChoice(f"{labels[k]!r} is not offered here (after "
                            f"{', '.join(repr(x) for x in labels[:k]) or 'nothing'}); offered: {offered}")

    def turn(self, *choices):
        """Play the whole turn of the seat to move with these choices; returns the Turn."""
        self.check()
        p = int(self.S[L.S_CUR])
        rows, labels = self._rows(choices)
        rows, labels, run = self._resolve(rows, labels)
        k = int(run.S[L.S_SCRIPT_POS])
        if run.failed is not None:
            self._illegal(rows, labels, run)
        if k < len(rows):
            raise IllegalChoice(f"{labels[k]!r} was not offered: the turn ended without a decision "
                                f"where it is legal (free windows on the way were closed)")
        if run.err:
            raise ScenarioError(f"check mode after the turn: {L.CHECK_MESSAGES[run.err]}")
        t = Turn(p, rows, labels, run.log, rules=self.rules, before=self.S)
        self.S, self.R = run.S, run.R
        self.turns.append(t)
        return t

    def finish(self):
        """Final scoring; returns the rank of each seat (0 = winner)."""
        final_scoring(self.S, self.T, np.zeros((0, L.LOG_COLS), np.int32))
        out = np.zeros(L.MAX_PLAYERS, np.int64)
        ranks(self.S, self.T, out)
        return [int(x) for x in out[:self.n]]

    # -------------------------------------------------------------- readable rows
    def option_text(self, row, S=None):
        S = self.S if S is None else S
        kind, a, b, c = (int(x) for x in row)
        ln = self.loc_name
        p = int(S[L.S_CUR])
        if kind == L.O_DONE:
            return "done"
        if kind == L.O_CARD:
            return f"play {self.card_name(S[L.S_HAND + p * L.HAND_CAP + a])}"
        if kind == L.O_DISCARD:
            return f"discard {self.card_name(S[L.S_HAND + p * L.HAND_CAP + a])}"
        if kind == L.O_VALUE:
            return f"value {a}" + (f" hermes {b:+d}" if b else "") + f" wind {c}"
        if kind in (L.O_MOVE, L.O_STEP):
            return f"{L.OPTION_NAMES[kind]} {ln[a]} -> {ln[b]}" + (f" wind {c}" if kind == L.O_STEP else "")
        if kind == L.O_CRYSTAL:
            return f"crystal {L.COLOUR_NAMES[a]}"
        if kind == L.O_SETTLE:
            return f"settle {ln[L.LOC_HARBOR + a]}"
        if kind == L.O_PROPHET:
            return "prophet" + (f" -> {ln[L.LOC_PLACE + b]}" if b >= 0 else "")
        if kind == L.O_GAIN_VP:
            return f"gain {a} vp"
        if kind == L.O_GAIN_WIND:
            return f"gain {a} wind"
        if kind == L.O_TOKEN:
            return L.TOKEN_NAMES[a]
        if kind == L.O_SHIP:
            return "build ship"
        if kind in (L.O_EXTRA, L.O_FREE):
            return f"{L.OPTION_NAMES[kind]} {ln[L.LOC_HARBOR + a]}"
        if kind == L.O_KEEP:
            return f"keep {L.FAVOR_NAMES[a]}"
        if kind == L.O_FAVOR:
            name = L.FAVOR_NAMES[a]
            if a == L.F_APOLLON and b >= 0:
                return f"favor apollon -> {ln[L.LOC_PLACE + b]}"
            if a in (L.F_HERA, L.F_ZEUS):
                if b == L.HERA_VP:
                    return f"favor {name} vp"
                return f"favor {name} {ln[L.LOC_HARBOR + c] if a == L.F_HERA else ln[c]}"
            if a == L.F_PLUTOS:
                return f"favor plutos {L.COLOUR_NAMES[c]}"
            return f"favor {name}"
        return L.OPTION_NAMES[kind].replace("_", " ") if 0 <= kind < len(L.OPTION_NAMES) else f"?{row}"
