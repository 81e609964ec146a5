"""A worked example of an EOS strategy in Python (see docs/strategies-eos.md, "Plugins").

Use it with ``--plugin configs/eos/strategies/plugins/example.py --strategies
patron_first,balanced``. A plugin file is Python code run in every process that plays (the
command's and each worker's), so only load files you trust. The scorer receives the
seat's view of the state (``obs``: the state with what the seat cannot see hidden;
offsets in ``simulate.eos.layout``), the decision (the top frame's kind, ``F_*``), the
options (rows of code ``O_*``, x, y, z), the index of the option being scored, the
built-in heuristic's worth of it in glory under the seat's weights, the weights and the
seat (the arrays are read-only). The option with the highest score is played; a scorer
that raises, indexes out of bounds or returns NaN/inf fails the run, naming the game.
"""
from simulate.eos.layout import CH_AWAKEN_PATRON, F_ACTION, O_CHRONICLE, S_GLORY, S_N
from strategies.plugin import scorer


@scorer("patron_first", game="eos", base="balanced",
        description="balanced, but awakens Angels on their patron side while behind in glory (Python example)")
def patron_first(obs, decision, options, i, base, weights, seat):
    if decision == F_ACTION and options[i, 0] == O_CHRONICLE and options[i, 1] == CH_AWAKEN_PATRON:
        best_rival = 0
        for q in range(obs[S_N]):
            if q != seat:
                best_rival = max(best_rival, obs[S_GLORY + q])
        if obs[S_GLORY + seat] <= best_rival:
            return base + 30.0
    return base
