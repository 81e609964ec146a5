"""The dice game's Python face and its replay: the kernel's own rule functions one decision at
a time (``kernel.step``; the replay also asks ``kernel.decide``) on the state and streams a batch
game starts from, so nothing here re-implements a rule and a replay is the batch's very game."""
import numpy as np

from simulate.core.contract import scratch
from simulate.core.face import State as Face, ending
from simulate.core.protocol import Played

from . import kernel as K
from . import layout as L


class State(Face):
    """One game, decision by decision: game `game_index` of a run with seed `seed`."""

    def __init__(self, rules, players, seed=0, game_index=0, check=False):
        from .protocol import GAME

        GAME.check_players(players, rules)
        self.rules, self.players, self.check = rules, players, check
        self.S = np.zeros(L.S_SIZE, np.int64)
        self.RD, self.RP = np.zeros(1, np.uint64), np.zeros(1, np.uint64)
        K.new_game(self.S, self.RD, self.RP, players, seed, game_index)

    def _to_move(self):
        return int(self.S[L.S_SEAT])

    def legal_actions(self):
        return [] if self.is_terminal() else list(L.ACTIONS[:K.n_legal(self.S)])

    def _apply(self, index):
        """Returns the face rolled (0 on a hold)."""
        return int(K.step(self.S, self.rules.T, self.RD, index, self.check))

    def is_terminal(self):
        return bool(self.S[L.S_DONE])

    def scores(self):
        return [int(K.score(self.S, p)) for p in range(self.players)]

    def __str__(self):
        S = self.S
        scores = ", ".join(f"seat {p} {s}" for p, s in enumerate(self.scores()))
        if self.is_terminal():
            return f"Game over after {S[L.S_ROUND]} rounds: {scores}"
        return (f"Round {S[L.S_ROUND] + 1}, seat {S[L.S_SEAT]} to move, turn total {S[L.S_TURN_TOTAL]} "
                f"({S[L.S_TURN_ROLLS]} rolls); scores: {scores}")


def replay(rules, n_players, run_seed, game_index, strategies, check=False):
    """(Played, text): game `game_index` of a run told turn by turn, `strategies` in seat
    order (the caller seats a rotated run's, ``simulate.core.python_play.seated``)."""
    from strategies import resolve_strategies, strategy_arrays

    from .protocol import GAME

    if any(isinstance(s, str) for s in strategies):             # names do too
        strategies = resolve_strategies(GAME, strategies, n_players)[0]
    names, (POL, W) = [s.name for s in strategies], strategy_arrays(GAME, strategies)
    POL, W, X = POL.astype(np.int64), np.ascontiguousarray(W, np.float64), scratch(L.S_SIZE, L.MAX_OPTIONS)
    state = State(rules, n_players, run_seed, game_index, check)
    S, T = state.S, rules.T
    lines = [f"Dice, {n_players} players, seed {run_seed}, game {game_index}: a d{T[L.T_FACES]}, target "
             f"{T[L.T_TARGET]}, at most {T[L.T_MAX_ROUNDS]} rounds"
             + (f", {T[L.T_TOP_BONUS]} bonus points per {T[L.T_FACES]}" if T[L.T_TOP_BONUS] else "") + "."]
    faces = []
    while not state.is_terminal():
        p, total, rnd = state.current_player(), int(S[L.S_TURN_TOTAL]), int(S[L.S_ROUND])
        if not faces and p == 0:
            lines.append(f"Round {rnd + 1}")
        action = int(K.decide(S, T, W, POL, state.RP, state.RD, K.CONTRACT, X))
        face = state.apply_action(action)
        if face:
            bonus = T[L.T_TOP_BONUS] if face == T[L.T_FACES] else 0
            faces.append(f"{face} (+{bonus} banked)" if bonus else str(face))
        if face <= 1:                                           # a bust or a hold ends the turn
            said = (": bust" + (f", loses {total}" if total else "")) if face else f", holds: banks {total}"
            lines.append(f"  Seat {p} ({names[p]}) rolls {', '.join(faces)}{said} ({state.scores()[p]}).")
            faces = []
    lines.append(ending(state, [f"seat {p} ({name})" for p, name in enumerate(names)]))
    error = L.CHECK_MESSAGES.get(int(S[L.S_ERROR]), "")
    if error:
        lines.append(f"Check failed at turn {S[L.S_ERROR_TURN]}: {error}.")
    return Played(state.scores(), state.returns(), int(S[L.S_TURN]), int(S[L.S_ROUND]), error), "\n".join(lines)
