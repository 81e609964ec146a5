"""The search tree of the information-set MCTS player, shared by every game's kernel.

One searching seat, one tree per decision: its nodes are that seat's own decisions of
the turn (the other seats' moves and chance are played, not branched on), each node's
children keyed by the option's row (kind, a, b, c), never by its index, because
another redeal of the hidden cards may list other options, or the same ones in
another order (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012). A child
counts its *availability*, the visits of its parent in which it was legal, and
selection uses that in place of the parent's visits (their ISMCTS's fix of UCT).

Selection is PUCT with the heuristic's scores as priors (a softmax of the option
scores the heuristic gives, temperature ``temp`` in the scores' unit): the search starts
where the heuristic would play, and visits overrule it. An unvisited child's value is
its parent's mean (first-play urgency), so a strong prior is tried first.

The tree lives in one flat int32 scratch array (hot code allocates nothing): slot 0
the nodes in use, then NODE_W ints per node from ``TREE_AT``. Rewards are in [0, 1],
summed in 1/SCALE units: an int32 holds 2.1 million whole rewards, far above any
budget a decision gets.
"""
import math

from .jit import hot

(N_PARENT, N_CHILD, N_SIB, N_VISITS, N_AVAIL, N_VALUE, N_PRIOR) = range(7)
N_KEY = 7                  # the option's row, KEY_W ints
KEY_W = 4
NODE_W = N_KEY + KEY_W
TREE_AT = 1
SCALE = 1000
ROOT = 0


def tree_size(max_nodes):
    """Ints a tree of `max_nodes` nodes takes."""
    return TREE_AT + max_nodes * NODE_W


@hot
def tree_reset(TR, at):
    """An empty tree: the root alone."""
    TR[at] = 1
    node_init(TR, at, ROOT, -1)


@hot
def node_init(TR, at, node, parent):
    b = at + TREE_AT + node * NODE_W
    for f in range(NODE_W):
        TR[b + f] = 0
    TR[b + N_PARENT] = parent
    TR[b + N_CHILD] = -1
    TR[b + N_SIB] = -1


@hot
def field(TR, at, node, f):
    return TR[at + TREE_AT + node * NODE_W + f]


@hot
def same_key(TR, at, node, OPT, i):
    b = at + TREE_AT + node * NODE_W + N_KEY
    for j in range(KEY_W):
        if TR[b + j] != OPT[i, j]:
            return False
    return True


@hot
def find_child(TR, at, node, OPT, i):
    """The child of `node` for option row OPT[i], or -1."""
    c = field(TR, at, node, N_CHILD)
    while c >= 0:
        if same_key(TR, at, c, OPT, i):
            return c
        c = field(TR, at, c, N_SIB)
    return -1


@hot
def add_child(TR, at, node, OPT, i, prior):
    """A new child of `node` for option row OPT[i] (-1 when the tree is full)."""
    used = TR[at]
    if at + TREE_AT + (used + 1) * NODE_W > TR.shape[0]:
        return -1
    TR[at] = used + 1
    node_init(TR, at, used, node)
    b = at + TREE_AT + used * NODE_W
    for j in range(KEY_W):
        TR[b + N_KEY + j] = OPT[i, j]
    TR[b + N_PRIOR] = prior
    pb = at + TREE_AT + node * NODE_W
    TR[b + N_SIB] = TR[pb + N_CHILD]
    TR[pb + N_CHILD] = used
    return used


@hot
def softmax_norm(SC, sc_at, n, temp):
    """(the top score, the sum of the exponentials) of the softmax of SC[sc_at:sc_at+n]."""
    top = -1e300
    for k in range(n):
        top = max(top, SC[sc_at + k] / 1000.0)
    total = 0.0
    for k in range(n):
        total += math.exp((SC[sc_at + k] / 1000.0 - top) / temp)
    return top, total


@hot
def prior_of(SC, sc_at, n, i, temp, top, total):
    """Option i's prior (in 1/SCALE): the softmax of the scores SC[sc_at:sc_at+n] (milli-units)
    at temperature `temp` (their unit; (top, total) from ``softmax_norm``); uniform when temp <= 0."""
    if temp <= 0.0:
        return int(SCALE / n)
    return int(SCALE * math.exp((SC[sc_at + i] / 1000.0 - top) / temp) / total)


@hot
def select(TR, at, node, OPT, n, SC, sc_at, temp, c_puct):
    """Seat's choice at tree `node` among the legal options OPT[:n] (scores SC[sc_at:], see
    ``prior_of``): a child for every legal option (made on first sight), each one's
    availability counted, then the best by PUCT. Returns (option index, child); child -1
    when the tree is full and the option has no node (the caller leaves the tree)."""
    visits = field(TR, at, node, N_VISITS)
    fpu = field(TR, at, node, N_VALUE) / (SCALE * visits) if visits > 0 else 0.5
    best, best_child, best_u = 0, -1, -1e300
    top, total = 0.0, 0.0                      # the softmax's norm, once, when a child is first made
    for i in range(n):
        c = find_child(TR, at, node, OPT, i)
        if c < 0:
            if total == 0.0 and temp > 0.0:
                top, total = softmax_norm(SC, sc_at, n, temp)
            c = add_child(TR, at, node, OPT, i, prior_of(SC, sc_at, n, i, temp, top, total))
        if c < 0:
            continue
        b = at + TREE_AT + c * NODE_W
        TR[b + N_AVAIL] += 1
        v = TR[b + N_VISITS]
        q = TR[b + N_VALUE] / (SCALE * v) if v > 0 else fpu
        u = q + c_puct * (TR[b + N_PRIOR] / SCALE) * math.sqrt(TR[b + N_AVAIL]) / (1 + v)
        if u > best_u:
            best, best_child, best_u = i, c, u
    return best, best_child


@hot
def backup(TR, at, node, reward):
    """Add one visit of `reward` (in [0, 1]) to `node` and every node above it."""
    r = int(round(reward * SCALE))
    while node >= 0:
        b = at + TREE_AT + node * NODE_W
        TR[b + N_VISITS] += 1
        TR[b + N_VALUE] += r
        node = TR[b + N_PARENT]


@hot
def most_visited(TR, at, node, OPT, n):
    """The index in OPT[:n] of `node`'s most visited child (ties: the better mean, then the
    first listed); -1 if no listed option has a visited child."""
    best, best_v, best_q = -1, 0, -1.0
    for i in range(n):
        c = find_child(TR, at, node, OPT, i)
        if c < 0:
            continue
        v = field(TR, at, c, N_VISITS)
        q = field(TR, at, c, N_VALUE) / (SCALE * v) if v > 0 else -1.0
        if v > best_v or (v == best_v and v > 0 and q > best_q):
            best, best_v, best_q = i, v, q
    return best


@hot
def reward_of(margin, scale):
    """A margin over the best rival as a reward in [0, 1]: 1/2 when level, about 0.88 at a
    margin of `scale` (0.5 + 0.5 tanh(margin / scale))."""
    return 0.5 + 0.5 * math.tanh(margin / scale)
