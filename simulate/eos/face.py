"""EOS's Python face: one game, decision by decision, in OpenSpiel's ``State`` shape.

    state = State(rules, players=3, seed=7, game_index=0)       # nations as the batch draws them
    while not state.is_terminal():
        print(state.current_player(), state.legal_actions())     # the options in the rulebook's words
        state.apply_action(0)                                    # an index, or an option's text
    state.returns()                                              # win share per seat

It runs the real kernel: ``engine.advance`` resolves everything that needs no decision
(a decision with a single option included) and lists the options of the next real one
in ``OPT``; ``engine.choose`` applies the one picked. The game's deal comes from the same
streams as the batch's game (run seed, game index): RG = game_seed(seed, index) for the
game, RP = game_seed(RG, 1) for a policy, the random nations from game_seed(RG, 2), so
with the same choices a face game is the batch's game.

With ``kernel_seats`` (POL, W: a policy code and weights row per seat, as the batch seats
them) the kernel's policy decides for every seat whose code is not ``POL_REPLAY`` and the
face stops only at the other seats' decisions: a plain-Python strategy's seats
(``simulate/core/python_play.py``). ``tape`` collects the option indices chosen through the
face, as the batch's replay seats read them (``simulate/core/tape.py``).

For scenario tests the state is open: ``S`` (read and write through ``layout``'s offsets),
``options()`` (the rows), ``choose(code, x, y)`` (the first matching row),
``start_turn(p)`` (throw away what is pending and begin p's turn), ``push(kind, p, ...)``
(a frame on the decision stack) and ``run_to_decision()``.
"""
import numpy as np

from ..core import face
from ..core.face import TERMINAL  # noqa: F401  (the face's name for a finished game's seat to move)
from ..core.rng import game_seed
from ..core.seats import treated_seat
from . import layout as L, solo
from .config import NATIONS, load_rules
from .content import build, built
from .engine import advance, choose as kernel_choose
from .interventions import treat_nation, treat_seat
from .kernel import record, seat_nations
from .resources import demons, power
from .scorer import hide
from .scoring import final_glory
from .seat_policies import SeatPolicies
from .setup import deal_ships, new_game
from .words import PROFESSION_WORDS, Words

class IllegalChoice(ValueError):
    """An option that is not offered at the decision at hand."""


_CONTENT = {}


def content_of(rules):
    """The kernel content (``content.built``: built once per config) and the words of a Rules."""
    key = getattr(rules, "hash", None) or id(rules)
    if key not in _CONTENT:
        content = built(rules) if getattr(rules, "hash", None) else build(rules.config)
        _CONTENT[key] = (rules, content, Words(rules.config, content))
    return _CONTENT[key][1], _CONTENT[key][2]


def nation_index(name):
    """A nation's index (``config.NATIONS``) from its key ("guild") or name ("The Guild")."""
    key = str(name).strip().lower()
    for k, nat in enumerate(NATIONS):
        if key in (nat, f"the {nat}") or key.startswith(nat) or key.startswith(f"the {nat}"):
            return k
    raise ValueError(f"no nation {name!r} (nations: {', '.join(NATIONS)})")


class State(face.State):
    """Game `game_index` of a run with seed `seed`, `players` seats; `nations` one name per
    seat (None, or None for a seat: the batch's random draw for that game). With run=False
    the game stops right after the setup's deal, before anything is resolved (a scenario may
    change S first; then ``run_to_decision()``)."""

    def __init__(self, rules=None, players=2, seed=0, game_index=0, nations=None, run=True, kernel_seats=None):
        self.rules = rules if rules is not None else load_rules()
        self.content, self.words = content_of(self.rules)
        self.C = self.content.C
        self.n = players
        lo, hi = self.rules.player_range if hasattr(self.rules, "player_range") else (2, L.MAX_PLAYERS)
        if not lo <= players <= hi:
            raise ValueError(f"EOS is played by {lo} to {hi} players with these rules, not {players}"
                             + (" (one player: the solo module)" if players == 1 else ""))
        given = [None] * players if nations is None else list(nations)
        if len(given) != players:
            raise ValueError(f"{len(given)} nations given for {players} players")
        wanted = np.array([-1 if g is None else nation_index(g) for g in given]
                          + [-1] * (L.MAX_PLAYERS - players), np.int64)
        seed_g = np.uint64(game_seed(np.uint64(seed), np.uint64(game_index)))
        self.seed = int(seed_g)
        R = np.zeros(1, np.uint64)
        R[0] = game_seed(seed_g, 2)                    # the random nations' stream, as the batch
        nat = np.zeros(L.MAX_PLAYERS, np.int64)
        seat_nations(self.C, wanted, players, 0, False, R, nat)
        treated = treated_seat(game_index, players)     # an intervention's seat (interventions.py), as the batch
        treat_nation(nat, players, treated, int(self.content.C[L.C_IV_NATION]))
        self.nations = [int(k) for k in nat[:players]]
        self.RG = np.zeros(1, np.uint64)
        self.RG[0] = seed_g
        self.RP = np.zeros(1, np.uint64)
        self.RP[0] = game_seed(seed_g, 1)             # the policies' stream
        self.NS = np.zeros((L.MAX_PLAYERS, L.NS_SIZE), np.int32)
        self.PR = np.zeros((L.MAX_PLAYERS, L.PR_SIZE), np.int32)
        for p, k in enumerate(self.nations):
            self.NS[p] = self.content.NS[k]
            self.PR[p] = self.content.PR[k]
        if self.C[L.C_SHIPS_DEALT]:
            R[0] = game_seed(seed_g, 3)                # the ships dealt, as the batch
            deal_ships(self.C, self.content.NS, self.NS, players, R)
        self.S = np.zeros(L.S_SIZE, np.int32)
        self.OPT = np.zeros((L.MAX_OPT, L.OPT_W), np.int32)
        self.NB = np.zeros(64, np.int32)
        self._tmp = np.zeros(8, np.int64)
        self.history = []                              # every option row chosen, in order
        self.tape = []                                 # their option indices where two or more were listed
        self._kernel = None                            # the seats the kernel's policies play
        if kernel_seats is not None:
            self._kernel = SeatPolicies.from_arrays(*kernel_seats, players, self.C)
        self.offered = 0                               # options of the decision at hand (0: over)
        new_game(self.S, self.C, self.NS, players, self.RG)
        treat_seat(self.S, self.C, self.RG, treated)
        if run:
            self.run_to_decision()

    # ---- the kernel
    def run_to_decision(self):
        """Run the kernel to the next decision with two or more options (the kernel's seats
        decided on the way); their number (0: over)."""
        while True:
            self.offered = int(advance(self.S, self.C, self.NS, self.PR, self.RG, self.OPT, self.NB))
            if self.offered == 0 or self._kernel is None or self._kernel.POL[self.current_player()] == L.POL_REPLAY:
                return self.offered
            kernel_choose(self.S, self.C, self.NS, self.PR, self.RG, self.OPT, self._kernel.pick(self))

    def options(self):
        """The options of the decision at hand as the kernel's rows (code, x, y, z)."""
        return [tuple(int(v) for v in self.OPT[i]) for i in range(self.offered)]

    def choose_index(self, i):
        if not 0 <= i < self.offered:
            raise IllegalChoice(f"option {i} is not offered here ({self.offered} options)")
        self.history.append(tuple(int(v) for v in self.OPT[i]))
        if self.offered > 1:
            self.tape.append(int(i))
        kernel_choose(self.S, self.C, self.NS, self.PR, self.RG, self.OPT, i)
        return self.run_to_decision()

    def find(self, code, x=None, y=None):
        """Index of the first option with this code (and x, y if given), or -1."""
        for i, row in enumerate(self.options()):
            if row[0] == code and (x is None or row[1] == x) and (y is None or row[2] == y):
                return i
        return -1

    def offers(self, code, x=None, y=None):
        return self.find(code, x, y) >= 0

    def choose(self, code, x=None, y=None):
        """Take the first option matching (code, x, y); the next decision's option count."""
        i = self.find(code, x, y)
        if i < 0:
            raise IllegalChoice(f"no option {L.OPTION_NAMES[code]} x={x} y={y} here; offered: "
                                + "; ".join(self.legal_actions()))
        return self.choose_index(i)

    # ---- the decision stack (scenarios)
    def frame(self):
        """The top frame: (kind, player, a, b, c, d, e, f) (layout names each kind's fields), or None when
        the stack is empty."""
        if self.S[L.S_SP] == 0:
            return None
        at = L.S_STACK + (int(self.S[L.S_SP]) - 1) * L.FRAME
        return tuple(int(v) for v in self.S[at:at + L.FRAME])

    def push(self, kind, p, a=0, b=0, c=0, d=0, e=0, f=0):
        """Put a frame on the decision stack (it is worked on next)."""
        sp = int(self.S[L.S_SP])
        at = L.S_STACK + sp * L.FRAME
        self.S[at:at + L.FRAME] = (kind, p, a, b, c, d, e, f)
        self.S[L.S_SP] = sp + 1

    def push_program(self, p, prog, cost=0, source=L.GF_OTHER):
        """Run program `prog` (an index, or its name in ``content.programs.index``) for p next."""
        if isinstance(prog, str):
            prog = self.content.programs.index[prog]
        self.push(L.F_PROGRAM, p, prog, 0, cost, source)

    def start_turn(self, p):
        """Drop whatever is pending and begin p's turn (its start-of-turn step included);
        then run to the first decision. p's first turn is behind unless S says otherwise."""
        self.S[L.S_SP] = 0
        self.S[L.S_DONE] = 0
        self.push(L.F_TURN, p)
        return self.run_to_decision()

    def play(self, pick):
        """Take decisions with `pick(state) -> option index` until the game ends."""
        while self.offered:
            self.choose_index(pick(self))

    # ---- OpenSpiel's State (``simulate.core.face.State``: current_player, apply_action, clone)
    illegal = IllegalChoice

    def _to_move(self):
        return int(self.S[L.S_STACK + (int(self.S[L.S_SP]) - 1) * L.FRAME + L.FR_PLAYER])

    def _count(self):
        return self.offered

    def _apply(self, index):
        return self.choose_index(index)

    def legal_actions(self):
        """The options of the decision at hand in words, in OPT order."""
        return [self.words.option(self.S, self.NS, row) for row in self.options()]

    def is_terminal(self):
        return self.offered == 0

    def public(self):
        """The state array (``layout``'s offsets) as the seat to move sees it, read-only: what it
        cannot see masked as a plugin scorer's view is (``scorer.hide``: the decks' order, the
        other seats' journey cards in hand, ...)."""
        S = self.S.copy()
        hide(S, self.current_player())
        S.setflags(write=False)
        return S

    @property
    def turns(self):
        return int(self.S[L.S_TURN])

    def glory(self, p):
        return int(self.S[L.S_GLORY + p])

    def coins(self, p):
        return int(self.S[L.S_COINS + p])

    def scores(self):
        """Each seat's final glory as it stands: glory plus the end bonus (``kernel.final_glory``);
        0 in a solo game (glory is ignored, as the records have it)."""
        if self.S[L.S_SOLO]:
            return [0] * self.n
        return [int(final_glory(self.S, self.C, self.NS, self.PR, p, self._tmp)) for p in range(self.n)]

    def record(self):
        """The kernel's record of the game as it stands (``kernel.record``): (game row, seat rows)."""
        games = np.zeros((1, L.N_GAME_COLS), np.int32)
        seats = np.zeros((1, L.MAX_PLAYERS, L.N_SEAT_COLS), np.int32)
        record(self.S, self.C, self.NS, self.PR, 0, games, seats, self._tmp)
        return games[0], seats[0, :self.n]

    def winners(self):
        """Seats with the most final glory, then the most coins (a tie beyond: the victory is shared)."""
        return [p for p, row in enumerate(self.record()[1]) if row[L.P_WON]]

    def returns(self):
        """Win share per seat at the end (1/k for each of k tied winners, coins breaking a tie on
        glory), zeros before."""
        if not self.is_terminal():
            return [0.0] * self.n
        w = self.winners()
        return [1.0 / len(w) if p in w else 0.0 for p in range(self.n)]

    # ---- reading
    def seat_of(self, nation):
        """The seat playing `nation` (its key or name)."""
        k = nation_index(nation)
        if k not in self.nations:
            raise ValueError(f"nobody plays {nation} here (nations: {self.nations})")
        return self.nations.index(k)

    def __str__(self):
        S, w, n = self.S, self.words, self.n
        lines = []
        status = "game over" if self.is_terminal() else f"turn {self.turns + 1}"
        lines.append(f"EOS, {n} players, {status}")
        for p in range(n):
            nat = self.nations[p]
            pw, dm = int(power(S, p)), int(demons(S, p))
            pd = f"{pw} power" if pw else f"{dm} Demons" if dm else "no power or Demons"
            heroes = ", ".join(f"{PROFESSION_WORDS[h]} {S[L.S_RANK + p * L.N_HEROES + h]}/"
                               f"{S[L.S_MORALE + p * L.N_HEROES + h]}" for h in range(L.N_HEROES))
            area = int(S[L.S_AREA + p])
            nation_cards = sum(1 for j in range(int(self.C[L.C_N_JOURNEY]))
                               if S[L.S_JLOC + j] == L.J_HAND + p and self.C[L.C_J_NATION + j] >= 0)
            played = sum(1 for j in range(int(self.C[L.C_N_JOURNEY]))
                         if S[L.S_JLOC + j] in (L.J_PLAYED + p, L.J_WAITING + p))
            upgrades = sum(1 for u in range(int(self.C[L.C_N_UPGRADES]))
                           if 0 <= S[L.S_ULOC + u] - L.U_PLAY - p * L.U_PLACES < L.U_PLACES)
            extras = []
            if S[L.S_BLESSINGS + p]:
                extras.append(f"{S[L.S_BLESSINGS + p]} blessing")
            if S[L.S_ATTACKS + p]:
                extras.append(f"{S[L.S_ATTACKS + p]} Angel attacks")
            if S[L.S_SHIELDS + p]:
                extras.append(f"{S[L.S_SHIELDS + p]} shields")
            if S[L.S_SHIP2 + p] >= 0:                  # the deluxe deeds' pieces
                extras.append(f"second ship pawn in {w.area(int(S[L.S_SHIP2 + p]))}")
            if S[L.S_COVERED + p]:
                extras.append("worker slots " + ", ".join(str(k + 1) for k in range(L.MAX_SLOTS)
                                                          if (S[L.S_COVERED + p] >> k) & 1) + " covered")
            if S[L.S_ABYSS_HERO + p] >= 0:
                extras.append(f"a worker on the {PROFESSION_WORDS[S[L.S_ABYSS_HERO + p]]} for good")
            lines.append(
                f"seat {p}: {w.nation(nat)}: {S[L.S_GLORY + p]} glory, {S[L.S_COINS + p]} coins, {pd}, "
                f"protection {S[L.S_PROTECTION + p]}; rank/morale {heroes}; "
                f"{S[L.S_ON_SHIP + p]}/{S[L.S_MAX_WORKERS + p]} workers on the ship; "
                f"ship {'not placed' if area < 0 else 'in ' + w.area(area)}; hand {S[L.S_N_HAND + p]}"
                + (f" (+{nation_cards} nation cards)" if nation_cards else "")
                + f"; {played} journey cards played, {upgrades} upgrades"
                + (f"; {', '.join(extras)}" if extras else ""))
        if S[L.S_SOLO]:                    # no chronicle track: the scenario and the recharges left
            lines.append(f"solo scenario {solo.told(self.rules.config, S)}; "
                         f"{solo.recharges_left(self.C, S)} recharge actions left")
        first = int(S[L.S_CHRON_NEXT])
        track = []
        start = int(self.C[L.C_CHRON_FIRST + n])
        for i in range(int(self.C[L.C_CHRON_N])):
            who = int(S[L.S_CHRON + i])
            free = "." if i < start else "#" if i > S[L.S_CHRON_LAST] else "-"
            track.append(free if who < 0 else str(who))
        if not S[L.S_SOLO]:
            lines.append(f"chronicle (seats' entries, - free, # the Demon Lord pawn): {' '.join(track)} "
                         f"(next slot {first + 1}, last {S[L.S_CHRON_LAST] + 1})")
        lords, deeds = [], []
        for d in range(1, L.N_DEED_AREAS + 1):
            at = int(S[L.S_DEED_AT + d])
            where = f"deed area {d} ({w.area(int(self.C[L.C_DEED_AREA + d]))})"
            if at >= L.LORD:
                lords.append(f"{w.lord(at - L.LORD)} in {where}")
            elif at >= 0:
                deeds.append(f"{w.deed(at)} in {where}")
        curses = [w.lord(int(S[L.S_CURSES + i])) for i in range(int(S[L.S_N_CURSES]))]
        pawn = int(S[L.S_PAWN])
        lines.append("Demon Lords: " + ("; ".join(lords) or "none") + "; curses: " + (", ".join(curses) or "none")
                     + (f"; the pawn on deed area {pawn}" if pawn else "; the pawn on the chronicle track"))
        if S[L.S_IGNAL] >= 0:
            escort = int(S[L.S_IGNAL_ESCORT])
            deeds.append(f"Lady Ignal's white pawn in {w.area(int(S[L.S_IGNAL]))}"
                         + (f", escorted by seat {escort}" if escort >= 0 else ""))
        if S[L.S_CORSAIR] >= 0:
            deeds.append(f"the Corsair's pawn in {w.area(int(S[L.S_CORSAIR]))}")
        lines.append("deeds: " + ("; ".join(deeds) or "none"))
        angels = [f"{w.angel(a)} ({w.area(int(self.C[L.C_A_AREA + a]))})" for a in range(int(self.C[L.C_N_ANGELS]))
                  if S[L.S_ANGEL + a] == L.ANG_BOARD]
        lines.append("Angels on the board: " + (", ".join(angels) or "none"))
        if not self.is_terminal():
            lines.append(f"to decide: {w.frame(S, self.NS)}: " + "; ".join(self.legal_actions()))
        else:
            lines.append("final glory: " + ", ".join(f"seat {p} {s}" for p, s in enumerate(self.scores())))
        return "\n".join(lines)
