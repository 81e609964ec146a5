"""The base of every game's Python face (``Game.new_state``), after OpenSpiel's State: one game,
decision by decision. It does what every face does the same way: the seat to move or TERMINAL,
an action taken by its index or its text (anything else refused in one line), each seat's
share of the win, a copy. A game implements its rules: ``legal_actions()`` (the options'
texts), ``is_terminal()``, ``scores()``, ``_to_move()`` (the seat to move) and ``_apply(index)``
(take the option), and may give ``_count()`` (the options' number, without their words) and its
own ``returns`` (a tiebreak beyond the score). ``ContractState`` (``contract_face``) is the face
of every game on the kernel contract; AEOLOS and EOS, with batch loops of their own, keep faces
of their own on this base."""
import numpy as np

TERMINAL = -4                      # current_player() of a finished game (OpenSpiel's kTerminalPlayerId)


class State:
    illegal = ValueError               # what an action not offered raises (a game's own subclass of it)

    def current_player(self):
        return TERMINAL if self.is_terminal() else self._to_move()

    def _count(self):
        return len(self.legal_actions())

    def apply_action(self, action):
        """Take `action` (an index into legal_actions() or its text) for the seat to move; returns
        what the game's ``_apply`` returns."""
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            if 0 <= action < self._count():
                return self._apply(int(action))
        elif isinstance(action, str) and action in (legal := self.legal_actions()):
            return self._apply(legal.index(action))
        raise self.illegal(f"{action!r} is not offered here; offered: "
                           f"{'; '.join(self.legal_actions()) or 'nothing (game over)'}")

    def returns(self):
        """Each seat's share of the win (1/k for each of k tied winners; 0 before the end)."""
        scores = self.scores()
        if not self.is_terminal():
            return [0.0] * len(scores)
        winners = scores.count(max(scores))
        return [1.0 / winners if s == max(scores) else 0.0 for s in scores]

    def clone(self):
        """An independent copy (its numpy arrays and lists copied: the state, the history, the
        tape; rules and words shared)."""
        other = object.__new__(type(self))
        other.__dict__ = {k: (v.copy() if isinstance(v, (np.ndarray, list)) else v) for k, v in self.__dict__.items()}
        return other


def ending(state, who):
    """The last line of a game told to its end: each seat's score (`who`: how the text names each
    seat, "seat 0 (cautious)"), then who wins, or who share the win."""
    scores, returns = state.scores(), state.returns()
    winners = [w[:1].upper() + w[1:] for w, share in zip(who, returns) if share > 0]
    return (f"Final scores: {', '.join(f'{w} {s}' for w, s in zip(who, scores))}. "
            + (f"{winners[0]} wins." if len(winners) == 1 else f"{' and '.join(winners)} share the win."))
