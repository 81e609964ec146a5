"""EOS check mode: conservation of every component and the rulebook's invariants, checked
after each decision; the first violation's code goes into the game's record."""
from ..jit import hot


@hot
def check_state(S, C, NS, PR):
    """0 if S keeps every invariant, else the code of the first one broken (``CHECKS``)."""
    return 0


CHECKS = ()
