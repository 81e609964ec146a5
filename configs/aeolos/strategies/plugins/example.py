"""A worked example of a Python strategy (see docs/strategies.md).

Use it with ``--plugin configs/aeolos/strategies/plugins/example.py --strategies
favor_hoarder,balanced``. A plugin file is Python code run in every process that
plays (the command's and each worker's), so only load files you trust. The scorer
receives the seat's view of the state (``obs``: the state with everything the seat
cannot see zeroed; offsets in ``simulate.aeolos.layout``), the decision kind, the
options, the index of the option being scored, the built-in heuristic's score of
it under the seat's weights, the weights and the seat (the arrays are read-only).
The option with the highest score is played; a scorer that raises, indexes out of
bounds or returns NaN/inf fails the run, naming the game.
"""
from simulate.aeolos.layout import DK_WINDOW, O_FAVOR, S_DECK_N, S_PASS_SIZE
from strategies.plugin import scorer


@scorer("favor_hoarder", game="aeolos", base="balanced",
        description="balanced, but keeps its Favor cards until the deck is down to a third (Python example)")
def favor_hoarder(obs, decision, options, i, base, weights, seat):
    deck_left_over_a_third = obs[S_DECK_N] * 3 > obs[S_PASS_SIZE]
    if decision == DK_WINDOW and options[i, 0] == O_FAVOR and deck_left_over_a_third:
        return base - 100.0          # not yet: the "done" option (score 0) wins
    return base
