"""The MCTS seat's decisions inside a turn (``mcts`` plans the turn; see its doc).

The kernel plays a whole turn in one call, so a search cannot stop the turn at a decision
and branch from there. Instead each iteration plays the turn again from its start: the
decisions already taken (the plan) are repeated, the decision being searched (the root)
redeals what the seat cannot see, the tree chooses until it reaches a new node, and the
heuristic plays on. ``WS_DEPTH`` counts the seat's decisions with a choice this turn.
"""
from ..core.jit import hot
from ..core.rng import game_seed
from ..core.mcts_tree import N_VISITS, ROOT, field, most_visited, select
from .layout import *  # noqa: F403
from .observe import determinize
from .scorer import (WS_BASE, WS_DEPTH, WS_IN_TREE, WS_ITERATION, WS_MODE, WS_NODE, WS_PLAN, WS_PLAN_N, WS_POOL,
                     WS_REACHED, WS_TREE)

MODE_FOLLOW, MODE_SIM, MODE_PICK = 1, 2, 3      # play the plan / search the root / take the root's pick
TEMP = 1.0               # the priors' softmax temperature, in VP of the heuristic's option scores
C_PUCT = 1.5             # exploration: how long a prior holds against the visits' values


@hot
def planned(S, R, OPT, WS, p, n):
    """The option the plan (or the finished search, MODE_PICK) takes at this decision, or -1
    when the tree or the heuristic decides (``tree_choice``). At the root of a search the
    hidden cards are redealt from the seat's view, on the iteration's own stream."""
    d = WS[WS_DEPTH]
    WS[WS_DEPTH] = d + 1
    if d < WS[WS_PLAN_N]:
        return WS[WS_PLAN + d]
    if WS[WS_MODE] == MODE_FOLLOW or d > WS[WS_PLAN_N]:
        return -1
    WS[WS_REACHED] = 1
    if WS[WS_MODE] == MODE_PICK:
        i = most_visited(WS, WS_TREE, ROOT, OPT, n)
        WS[WS_PLAN + d] = max(i, 0)
        WS[WS_IN_TREE] = 0
        return max(i, 0)
    R[0] = game_seed(game_seed(R[0], d), WS[WS_ITERATION])   # (the true stream here is the same each iteration)
    determinize(S, p, R, WS, WS_POOL)
    return -1


@hot
def tree_choice(OPT, WS, n, h):
    """In the tree: its PUCT pick (the heuristic's scores WS[WS_BASE:] as priors), leaving the
    tree at a node never visited; out of it: the heuristic's pick h."""
    if WS[WS_IN_TREE] == 0:
        return h
    i, child = select(WS, WS_TREE, WS[WS_NODE], OPT, n, WS, WS_BASE, TEMP, C_PUCT)
    if child < 0:                          # the tree is full
        WS[WS_IN_TREE] = 0
        return h
    WS[WS_NODE] = child
    if field(WS, WS_TREE, child, N_VISITS) == 0:
        WS[WS_IN_TREE] = 0
    return i
