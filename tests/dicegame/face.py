"""The dice game's Python face (``State``, after OpenSpiel's) and its replay.

Both run the kernel's own rule functions one decision at a time (``kernel.step``; the
replay also asks ``kernel.decide``), on the state and random streams a batch game starts
from: nothing here re-implements a rule, and a replay is the batch's very game.
"""
import numpy as np

from simulate.core.errors import UserError
from simulate.core.protocol import Played

from . import kernel as K
from . import layout as L

TERMINAL = -4                      # current_player() of a finished game (OpenSpiel's kTerminalPlayerId)


class State:
    """One game, decision by decision: game `game_index` of a run with seed `seed`."""

    def __init__(self, rules, players, seed=0, game_index=0, check=False):
        from .protocol import GAME

        GAME.check_players(players, rules)
        self.rules, self.players, self.check = rules, players, check
        self.S = np.zeros(L.S_SIZE, np.int64)
        self.RD, self.RP = np.zeros(1, np.uint64), np.zeros(1, np.uint64)
        K.new_game(self.S, self.RD, self.RP, players, seed, game_index)

    def current_player(self):
        return TERMINAL if self.is_terminal() else int(self.S[L.S_SEAT])

    def legal_actions(self):
        return [] if self.is_terminal() else list(L.ACTIONS[:K.n_legal(self.S)])

    def apply_action(self, action):
        """Play `action` (an index into legal_actions() or its text) for the seat to move;
        returns the face rolled (0 on a hold)."""
        legal = self.legal_actions()
        code = legal.index(action) if action in legal else action
        if isinstance(code, str) or isinstance(code, bool) or not 0 <= code < len(legal):
            raise ValueError(f"{action!r} is not a legal action here (legal: {', '.join(legal) or 'none'})")
        return int(K.step(self.S, self.rules.T, self.RD, code, self.check))

    def is_terminal(self):
        return bool(self.S[L.S_DONE])

    def scores(self):
        return [int(K.score(self.S, p)) for p in range(self.players)]

    def returns(self):
        """Each seat's share of the win (1/k for each of k tied winners; 0 before the end)."""
        if not self.is_terminal():
            return [0.0] * self.players
        s = self.scores()
        winners = [p for p in range(self.players) if s[p] == max(s)]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(self.players)]

    def clone(self):
        other = object.__new__(State)
        other.__dict__ = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in self.__dict__.items()}
        return other

    def __str__(self):
        S = self.S
        scores = ", ".join(f"seat {p} {s}" for p, s in enumerate(self.scores()))
        if self.is_terminal():
            return f"Game over after {S[L.S_ROUND]} rounds: {scores}"
        return (f"Round {S[L.S_ROUND] + 1}, seat {S[L.S_SEAT]} to move, turn total {S[L.S_TURN_TOTAL]} "
                f"({S[L.S_TURN_ROLLS]} rolls); scores: {scores}")


def seat_arrays(strategies, n_players):
    """Strategies, one per seat or one for all (objects with .name, .policy, .weights, as
    ``strategies.resolve_strategies`` makes them; or their names) -> (names, POL, W)."""
    from strategies import resolve_strategies

    from .protocol import GAME

    if isinstance(strategies, str) or any(isinstance(s, str) for s in strategies):
        strategies = resolve_strategies(GAME, strategies, n_players)[0]
    strategies = list(strategies) * (n_players if len(strategies) == 1 else 1)
    if len(strategies) != n_players:
        raise UserError(f"{len(strategies)} strategies given for {n_players} players (give one, or one per seat)")
    POL, W = np.zeros(L.MAX_PLAYERS, np.int64), np.zeros((L.MAX_PLAYERS, L.N_WEIGHTS))
    for p, s in enumerate(strategies):
        POL[p], W[p] = s.policy, s.weights[:L.N_WEIGHTS]
    return [s.name for s in strategies], POL, W


def replay(rules, n_players, run_seed, game_index, strategies, check=False):
    """(Played, text): game `game_index` of a run told turn by turn, `strategies` in seat
    order (the caller seats a rotated run's, ``simulate.core.python_play.seated``)."""
    names, POL, W = seat_arrays(strategies, n_players)
    state = State(rules, n_players, run_seed, game_index, check)
    S, T = state.S, rules.T
    who = [f"seat {p} ({names[p]})" for p in range(n_players)]
    Who = [w[:1].upper() + w[1:] for w in who]
    lines = [f"Dice, {n_players} players, seed {run_seed}, game {game_index}: a d{T[L.T_FACES]}, target "
             f"{T[L.T_TARGET]}, at most {T[L.T_MAX_ROUNDS]} rounds"
             + (f", {T[L.T_TOP_BONUS]} bonus points per {T[L.T_FACES]}" if T[L.T_TOP_BONUS] else "") + "."]
    faces = []
    while not state.is_terminal():
        p, total, rnd = state.current_player(), int(S[L.S_TURN_TOTAL]), int(S[L.S_ROUND])
        if not faces and p == 0:
            lines.append(f"Round {rnd + 1}")
        action = int(K.decide(S, T, W, POL, state.RP))
        face = state.apply_action(action)
        if face:
            bonus = T[L.T_TOP_BONUS] if face == T[L.T_FACES] else 0
            faces.append(f"{face} (+{bonus} banked)" if bonus else str(face))
        if face == 1:
            lines.append(f"  {Who[p]} rolls {', '.join(faces)}: bust" + (f", loses {total}" if total else "")
                         + f" ({state.scores()[p]}).")
        elif face == 0:
            lines.append(f"  {Who[p]} rolls {', '.join(faces)}, holds: banks {total} ({state.scores()[p]}).")
        if face <= 1:
            faces = []
    scores, returns = state.scores(), state.returns()
    winners = [Who[p] for p in range(n_players) if returns[p] > 0]
    lines.append(f"Final scores: {', '.join(f'{who[p]} {s}' for p, s in enumerate(scores))}. "
                 + (f"{winners[0]} wins." if len(winners) == 1 else f"{' and '.join(winners)} share the win."))
    error = L.CHECK_MESSAGES.get(int(S[L.S_ERROR]), "")
    if error:
        lines.append(f"Check failed at turn {S[L.S_ERROR_TURN]}: {error}.")
    return Played(scores, returns, int(S[L.S_TURN]), int(S[L.S_ROUND]), error), "\n".join(lines)
