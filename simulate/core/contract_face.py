"""The Python face and the replay's frame over the kernel contract (``contract``), written once:
a game on the contract supplies its words only.

``ContractState`` is the face
(``Game.new_state``): the game's state, rules and streams as the batch starts them
(``new_game``), an option taken by ``apply``, so a face game is the batch's game.
``play_told`` plays a face game to its end by the seats' policies, with the batch's own pick
(``contract_batch.pick``: the same choices, the same game), telling each decision to the game's
words.
"""
import numpy as np

from . import contract as C
from .contract_batch import codes
from .face import State
from .seats import treated_seat
from .tape import no_tape


class ContractState(State):
    """One game on the contract, decision by decision (``simulate.core.face.State``): `game` a
    ``ContractGame``. Its options are the game's words for their rows (``game.option_text``).

    With ``kernel_seats`` (POL, W: a policy code and strategy row per seat, as the batch seats
    them) the batch's pick decides for every seat whose code is not "replay", and the face stops
    only at the other seats' decisions: a plain-Python strategy's (``simulate/core/python_play.py``).
    ``tape`` collects their option indices where two or more were listed, as the batch's replay
    seats read them (``simulate/core/tape.py``). `options`: a game's own (none on the contract)."""

    def __init__(self, game, rules, players, seed=0, game_index=0, check=False, kernel_seats=None, options=None):
        game.check_players(players, rules)
        self.game, self.rules, self.players, self.check = game, rules, players, check
        self.S = np.zeros(game.state_size, game.state_dtype)
        self.R, self.RP = np.zeros(1, np.uint64), np.zeros(1, np.uint64)
        self.OPT = np.zeros((game.max_options, C.OPT_W), np.int32)
        self.tape, self._kernel = [], None
        self._forbid = game.forbidden(rules.config)             # the what-ifs', for the treated seat, as the loop
        held = game.held(rules.config)
        self._treated = treated_seat(game_index, players) if len(self._forbid) + len(held) else -1
        game.functions.new_game(self.S, self.R, self.RP, players, seed, game_index)
        for c, item in held:
            game.functions.hold(self.S, rules.T, self._treated, c, item)
        self._listed(game.functions.options(self.S, rules.T, self.OPT))
        if kernel_seats is not None:
            POL, W = kernel_seats
            self._kernel = (np.asarray(POL, np.int64), np.ascontiguousarray(W, np.float64),
                            *_kernel_scratch(game), game.policies["replay"])
            self._kernel_decides()

    def _kernel_decides(self):
        """The kernel's seats take their decisions until a "replay" seat's or the end."""
        POL, W, X, K, TAPE, replay = self._kernel
        while self.n > 0 and POL[self._to_move()] != replay:
            i = self.game.functions.pick(self.S, self.rules.T, self.R, self.RP, W, POL, self.OPT, self.n, X, K,
                                         self.game.reward_scale, TAPE)
            self._step(int(i))

    def _listed(self, n):
        """The decision's n options, less those a what-if forbids its treated seat (``contract_batch``)."""
        if n > 0 and len(self._forbid) and self._to_move() == self._treated:
            n = self.game.functions.without(self.OPT, n, self._forbid)
        self.n = int(n)

    def _to_move(self):
        return int(self.game.functions.to_move(self.S))

    def legal_actions(self):
        return [self.game.option_text(self.OPT[i]) for i in range(self.n)]

    def _count(self):
        return self.n

    def _apply(self, index):
        if self._kernel is not None and self.n > 1:
            self.tape.append(int(index))
        self._step(index)
        if self._kernel is not None:
            self._kernel_decides()

    def _step(self, index):
        self._listed(self.game.functions.apply(self.S, self.rules.T, self.R, self.OPT, index))
        if self.check:
            self.game.functions.check(self.S, self.rules.T)

    def is_terminal(self):
        return self.n == 0

    def scores(self):
        return self.game.face_scores(self)


def _kernel_scratch(game):
    """(X, K, TAPE): the search players' scratch, the loop's policy codes, an empty choice tape."""
    return C.scratch(game.state_size, game.max_options), codes(game.strategy_schema(), game.slot_column), no_tape()


def play_told(state, POL, W, tell, tape=None):
    """Play `state` to its end, seat p by row p of its strategies' policy codes `POL` and rows
    `W`: the batch's pick on the batch's streams, so the game is the batch's (`tape`: the
    plain-Python seats' choices, ``Game.replay``'s). `tell(state, seat, row)` after each
    decision, `row` the option taken."""
    game, T = state.game, state.rules.T
    POL, W = np.asarray(POL, np.int64), np.ascontiguousarray(W, np.float64)
    X, K, TAPE = _kernel_scratch(game)
    TAPE = TAPE if tape is None else tape
    while not state.is_terminal():
        seat = state.current_player()
        i = game.functions.pick(state.S, T, state.R, state.RP, W, POL, state.OPT, state.n, X, K, game.reward_scale,
                                TAPE)
        row = state.OPT[i].copy()
        state._apply(int(i))
        tell(state, seat, row)
