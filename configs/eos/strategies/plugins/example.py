"""A worked example of an EOS strategy in Python (see docs/strategies-eos.md, "Plugins").

Use it with ``--plugin configs/eos/strategies/plugins/example.py --strategies
chronicler,balanced``. A plugin file is Python code run in every process that plays (the
command's and each worker's), so only load files you trust. The scorer receives the
seat's view of the state (``obs``: the state with what the seat cannot see hidden;
offsets in ``simulate.eos.layout``), the decision (the top frame's kind, ``F_*``), the
options (rows of code ``O_*``, x, y, z), the index of the option being scored, the
built-in heuristic's worth of it in glory under the seat's weights, the weights and the
seat (the arrays are read-only). The option with the highest score is played; a scorer
that raises, indexes out of bounds or returns NaN/inf fails the run, naming the game.
"""
from simulate.eos.layout import F_ACTION, O_CHRONICLE, S_BLESSINGS
from strategies.plugin import scorer


@scorer("chronicler", game="eos", base="balanced",
        description="balanced, but takes a chronicle action whenever it can, and more so holding tokens (Python example)")
def chronicler(obs, decision, options, i, base, weights, seat):
    if decision == F_ACTION and options[i, 0] == O_CHRONICLE:
        return base + 100.0 + obs[S_BLESSINGS + seat]
    return base
