"""AEOLOS's Python face: one game, decision by decision, in OpenSpiel's ``State`` shape.

    state = GAME.new_state(players=3, seed=7)
    while not state.is_terminal():
        print(state.current_player(), state.legal_actions())   # readable options
        state.apply_action(0)                                  # an index, or an option's text
    state.returns()                                            # win share per seat

It runs the real kernel: the kernel plays a whole turn in one call and asks its
policy at each decision, so the face replays the current turn from its start with
the choices made so far (``POL_SCRIPT``) and stops at the next decision, where the
kernel lists its options (``S_OFFERED``). A turn that ends is committed. Every seat
is played through the face; chance (shuffles, draws) comes from the game's own
stream, so with the same choices a face game is the batch's game (seed, index).

With ``kernel_seats`` (POL, W: a policy code and weights row per seat, as the batch
seats them) the kernel plays the seats whose code is not ``POL_REPLAY`` with their
policy inside the replayed turns, and the face stops only at the other seats'
decisions: a plain-Python strategy's seats (``simulate/core/python_play.py``). ``tape``
collects those seats' choices as the batch's replay seats read them (``simulate/core/tape.py``).
"""
import copy

import numpy as np

from ..core import face
from ..core.face import TERMINAL  # noqa: F401  (the face's name for a finished game's seat to move)
from . import layout as L
from .observe import observe
from .scenario import _PROBE, IllegalChoice, Scenario
from .turn import MAX_TURNS

class State(face.State):
    illegal = IllegalChoice

    def __init__(self, rules, players, seed=0, game_index=0, kernel_seats=None):
        self.position = Scenario(players, seed, rules, game_index=game_index)
        if kernel_seats is not None:
            POL, W = kernel_seats
            self.position.POL[:players] = np.where(np.asarray(POL[:players]) == L.POL_REPLAY, L.POL_SCRIPT,
                                                   POL[:players])
            self.position.W = np.zeros((L.MAX_PLAYERS, W.shape[1]))
            self.position.W[:players] = W[:players]
        self.choices = []              # this turn's option rows so far
        self.history = []              # every option row chosen, in order
        self.tape = []                 # the option indices chosen where the kernel listed two or more
        self._pending = None           # the replayed turn, stopped at the next decision
        self._ranks = None
        self._advance()

    # ---- the kernel
    def _advance(self):
        """Replay this turn's choices up to the next decision; commit turns that end."""
        pos = self.position
        while pos.S[L.S_OVER] == 0 and pos.S[L.S_TURN] < MAX_TURNS:
            run = pos._attempt(self.choices + [_PROBE])
            if run.err:
                raise RuntimeError(f"check mode: {L.CHECK_MESSAGES[run.err]}")
            if run.failed is not None:
                if int(run.S[L.S_SCRIPT_POS]) != len(self.choices):
                    raise IllegalChoice(f"a choice of this turn is no longer legal: {run.failed}")
                self._pending = run
                return
            pos.S, pos.R = run.S, run.R          # the turn ended before asking again
            self.choices = []
        self._pending = None
        self._ranks = pos.finish()

    # ---- OpenSpiel's State (``simulate.core.face.State``: current_player, apply_action)
    def _to_move(self):
        return int(self._pending.S[L.S_CUR])

    def _count(self):
        return len(self.legal_action_rows())

    def legal_action_rows(self):
        """The options as the kernel's (kind, a, b, c) rows."""
        return [] if self._pending is None else Scenario.offered_rows(self._pending)

    def legal_actions(self):
        """The options of the decision at hand, in words (``apply_action`` takes an index or one of these)."""
        if self._pending is None:
            return []
        return [self.position.option_text(r, self._pending.S) for r in self.legal_action_rows()]

    def _apply(self, index):
        row = self.legal_action_rows()[index]
        run = self._pending
        n = int(run.S[L.S_OFFERED])
        if n > 1:       # the kernel's own index: the first of its rows the script row matches
            self.tape.append(next(i for i in range(n) if tuple(int(x) for x in run.OPT[i]) == tuple(row)))
        self.choices.append(row)
        self.history.append(row)
        self._advance()

    def is_terminal(self):
        return self._pending is None

    def clone(self):
        """An independent copy (the position and the pending turn are objects: copied whole)."""
        return copy.deepcopy(self)

    def public(self):
        """The state array (``layout``'s offsets) as the seat to move sees it, read-only: the deck's
        order, the other hands and favor cards hidden (``observe``: zeroed, counts kept)."""
        S = (self.position.S if self._pending is None else self._pending.S).copy()
        observe(S, self.current_player())
        S.setflags(write=False)
        return S

    def scores(self):
        """Each seat's VP now (final once terminal)."""
        return [int(self.position.S[L.S_VP + p]) for p in range(self.position.n)]

    def returns(self):
        """Win share per seat at the end (1/k for each of k tied winners), zeros before."""
        if self._ranks is None:
            return [0.0] * self.position.n
        k = self._ranks.count(0)
        return [1.0 / k if r == 0 else 0.0 for r in self._ranks]

    def __str__(self):
        if self._pending is None:
            return self.position.describe()
        mid_turn = copy.copy(self.position)      # the position as the pending decision sees it
        mid_turn.S = self._pending.S
        return mid_turn.describe() + "\nto decide: " + "; ".join(self.legal_actions())
