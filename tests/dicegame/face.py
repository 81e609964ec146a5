"""The dice game's words: its Python face is the core's over its contract
(``simulate/core/contract_face.py``); here its text and its replay, the batch's very game told
turn by turn."""
from simulate.core.contract_face import ContractState, play_told
from simulate.core.face import ending
from simulate.core.protocol import Played

from . import layout as L


class State(ContractState):
    """One game, decision by decision: game `game_index` of a run with seed `seed`."""

    def __str__(self):
        S = self.S
        scores = ", ".join(f"seat {p} {s}" for p, s in enumerate(self.scores()))
        if self.is_terminal():
            return f"Game over after {S[L.S_ROUND]} rounds: {scores}"
        return (f"Round {S[L.S_ROUND] + 1}, seat {S[L.S_SEAT]} to move, turn total {S[L.S_TURN_TOTAL]} "
                f"({S[L.S_TURN_ROLLS]} rolls); scores: {scores}")


def replay(rules, n_players, run_seed, game_index, strategies, check=False, tape=None):
    """(Played, text): game `game_index` of a run told turn by turn, `strategies` in seat
    order (the caller seats a rotated run's, ``simulate.core.python_play.seated``); `tape`: the
    plain-Python seats' choices."""
    from strategies import resolve_strategies, strategy_arrays

    from .protocol import GAME

    if any(isinstance(s, str) for s in strategies):             # names do too
        strategies = resolve_strategies(GAME, strategies, n_players)[0]
    names = [s.name for s in strategies]
    state = State(GAME, rules, n_players, run_seed, game_index, check)
    S, T = state.S, rules.T
    lines = [f"Dice, {n_players} players, seed {run_seed}, game {game_index}: a d{T[L.T_FACES]}, target "
             f"{T[L.T_TARGET]}, at most {T[L.T_MAX_ROUNDS]} rounds"
             + (f", {T[L.T_TOP_BONUS]} bonus points per {T[L.T_FACES]}" if T[L.T_TOP_BONUS] else "") + "."]
    turn = {"faces": [], "total": 0, "round": 0}              # the turn being told, as it stood before

    def tell(state, p, row):
        face = int(S[L.S_LAST_FACE]) if row[0] == L.ROLL else 0
        if face:
            bonus = T[L.T_TOP_BONUS] if face == T[L.T_FACES] else 0
            turn["faces"].append(f"{face} (+{bonus} banked)" if bonus else str(face))
        if face <= 1:                                           # a bust or a hold ends the turn
            total = turn["total"]
            said = (": bust" + (f", loses {total}" if total else "")) if face else f", holds: banks {total}"
            lines.extend([f"Round {turn['round'] + 1}"] if p == 0 else [])
            lines.append(f"  Seat {p} ({names[p]}) rolls {', '.join(turn['faces'])}{said} ({state.scores()[p]}).")
            turn["faces"], turn["round"] = [], int(S[L.S_ROUND])
        turn["total"] = int(S[L.S_TURN_TOTAL])

    play_told(state, *strategy_arrays(GAME, strategies), tell, tape)
    lines.append(ending(state, [f"seat {p} ({name})" for p, name in enumerate(names)]))
    error = L.CHECK_MESSAGES.get(int(S[L.S_ERROR]), "")
    if error:
        lines.append(f"Check failed at turn {S[L.S_ERROR_TURN]}: {error}.")
    return Played(state.scores(), state.returns(), int(S[L.S_TURN]), int(S[L.S_ROUND]), error), "\n".join(lines)
