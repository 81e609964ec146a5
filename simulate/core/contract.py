"""The kernel contract, and the search players written once against it.

A game's compiled code offers these functions (``jit.hot`` functions of its kernel module) on its own arrays
(in the manner of OpenSpiel's ``State`` and pgx's ``step``): S its state, T its rules tables (one
array, or a tuple of them; the scratch its functions need rides there too: hot code allocates
nothing), R its chance stream (uint64[1]), W the seats' strategy rows (an array or a tuple), OPT an
int32 (options, 4) buffer of option rows (kind, a, b, c):

    options(S, T, OPT) -> n        the legal options of the decision at hand, into OPT[:n] (the
                                   batch loop's and the face's)
    apply(S, T, R, OPT, i) -> n    take option i, play chance on to the next decision and list its
                                   options into OPT (0 once the game is over)
    to_move(S) -> seat             whose decision it is
    value(S, T, W, p) -> float     seat p's standing: its score over the best rival's, in the
                                   game's unit (a search's reward: at the game's end a win, 1,
                                   a tie, 1/2, or a loss, 0, by its sign; before the end the
                                   change since the search began, `scale` of it about 0.88)
    scores(S, T, W, OPT, n, out)   the heuristic's worth of each option into out[:n], for the seat
                                   to move by its strategy row (greedy play, the search's priors
                                   and playouts); all at once, as a heuristic weighs a decision
    new_game, check, record        the batch loop's (``contract_batch``)

and may offer (``contract_batch.OPTIONAL``: the core's default in their place):

    redeal(S, T, p, R)             redeal what seat p cannot see, keeping every count (default:
                                   nothing hidden)
    clock(S, p, taken) -> int      how far play has gone, in the unit of a search's horizon
                                   (default: ``taken``, the decisions taken since the search's
                                   root; EOS: seat p's turns begun)
    keep_seats(S, T, W, back)      what a playout changes outside S (EOS: the seats' weights for
                                   the game's phase), kept (back False) or put back (default: none)
    hold(S, T, p, c, item)         seat p holds item `item` of item class `c` (``Game.item_classes``)
                                   instead of what setup dealt it, every count kept (the what-if
                                   "hold an item", ``held_items``; default: no items)

The players below are **templates**: plain functions that call the contract by those names. A
game binds them to its functions (``contract_batch.bind``): each template is made a function of
the game's kernel module, its names resolved to the game's functions, and compiled as the game's
``hot`` code, cached in the game's folder with the rest of its kernel (docs/kernel-contract.md
says why this form: the calls are direct, so the players run at the speed of code the game wrote
itself).

Written once here: the greedy player (the best option by ``scores``), the Monte Carlo lookahead
(each option tried on the same redeals, the rest played by the seats' heuristics, the best mean
reward) and the MCTS player (``mcts_tree``: information-set MCTS over the seat's own decisions of
its turn, priors from ``scores``). A search plays on for `horizon` more of ``clock``'s units from
its root (0: to the game's end). Each draws on a stream of its own derived from the game's (R
comes back as it was), so a game stays a function of (run seed, game index).
"""
import numpy as np

from .mcts_tree import N_VISITS, ROOT, backup, field, find_child, most_visited, reward_of, select, tree_reset, tree_size
from .rng import below, game_seed

FUNCTIONS = ("options", "apply", "to_move", "value", "scores", "redeal", "clock", "keep_seats", "hold", "new_game",
             "check", "record")
TEMPLATES = []                    # the players, bound per game (``contract_batch.bind``)
OPT_W = 4                         # an option row: kind, a, b, c (the tree keys its children by it)
C_PUCT = 1.5
MAX_SCORE = 1e6                   # scores clipped to fit int32 milli-units
SEARCH_STREAM = 0x5EA2C4          # the search's stream: game_seed(the game's stream, this)


def template(fn):
    """A player written against the contract's names, bound per game (``contract_batch.bind``)."""
    TEMPLATES.append(fn)
    return fn


def scratch(s_size, max_options, max_nodes=16_384):
    """X, the search players' scratch arrays (hot code allocates nothing): the tree, the saved
    state, the root's options, the priors, a playout's option buffer, the saved stream, the
    decision's own option buffer (``X[DECISION]``, where a game lists the options it searches)
    and the options' scores (``X[SCORED]``)."""
    return (np.zeros(tree_size(max_nodes), np.int32), np.zeros(s_size, np.int64),
            np.zeros((max_options, OPT_W), np.int32), np.zeros(max_options, np.int64),
            np.zeros((max_options, OPT_W), np.int32), np.zeros(1, np.uint64),
            np.zeros((max_options, OPT_W), np.int32), np.zeros(max_options, np.float64))


DECISION, SCORED = 6, 7


@template
def greedy(S, T, W, OPT, n, X):
    """The option with the best heuristic score (the first of equals)."""
    out = X[SCORED]
    scores(S, T, W, OPT, n, out)
    best, at = -np.inf, 0
    for i in range(n):
        if out[i] > best:
            best, at = out[i], i
    return at


@template
def heuristic(S, T, R, W, POL, OPT, n, X, random_code):
    """A playout's move for the seat to move: random stays random, every other seat greedy."""
    if POL[to_move(S)] == random_code:
        return below(R, n)
    return greedy(S, T, W, OPT, n, X)


@template
def reward(S, T, W, p, root, scale, ended):
    """Seat p's reward in [0, 1] for a playout: at the game's end (`ended`) its result (won, tied,
    lost by the sign of its ``value``), before it the change of its value since the root (``reward_of``)."""
    v = value(S, T, W, p)
    if ended:
        return 1.0 if v > 0 else 0.5 if v == 0 else 0.0
    return reward_of(v - root, scale)


@template
def nothing_hidden(S, T, p, R):
    """The ``redeal`` of a game without hidden information."""
    return 0


@template
def no_items(S, T, p, c, item):
    """The ``hold`` of a game without item classes."""
    return 0


@template
def decisions_taken(S, p, taken):
    """The default ``clock``: a search's horizon counts the decisions taken since its root."""
    return taken


@template
def no_seat_state(S, T, W, back):
    """The default ``keep_seats``: a playout changes nothing outside S."""
    return 0


@template
def keep(S, T, R, W, OPT, n, X, back):
    """The state, the stream, the decision's options and what the seats keep outside S
    (``keep_seats``) into X (back False), or back from it."""
    SB, ROOT_OPT, RS = X[1], X[2], X[5]
    for k in range(S.shape[0]):
        if back:
            S[k] = SB[k]
        else:
            SB[k] = S[k]
    for r in range(n):
        for c in range(OPT_W):
            if back:
                OPT[r, c] = ROOT_OPT[r, c]
            else:
                ROOT_OPT[r, c] = OPT[r, c]
    if back:
        R[0] = RS[0]
    else:
        RS[0] = R[0]
    keep_seats(S, T, W, back)         # (after S is back: a seat's weights may read the state)


@template
def play_on(S, T, R, W, POL, OPT, X, random_code, n, p, mark, horizon, taken):
    """From a decision of n options listed in OPT, `taken` decisions after a search's root (its
    ``clock`` then `mark`), every seat on its heuristic until the game ends or seat p's
    ``clock`` has gone `horizon` on (0: to the end); the options then listed (0: it ended)."""
    while n > 0 and (horizon <= 0 or clock(S, p, taken) - mark < horizon):
        n = apply(S, T, R, OPT, heuristic(S, T, R, W, POL, OPT, n, X, random_code))
        taken += 1
    return n


@template
def lookahead(S, T, R, W, POL, OPT, n, X, random_code, rollouts, horizon, scale, by_result):
    """Flat Monte Carlo: each option of OPT[:n] played `rollouts` times, on the same redeals
    for every option, the game played on by the seats' heuristics for `horizon` more of the
    seat's ``clock`` (0: to the end); the option with the best mean ``reward`` (a playout that
    ends the game scored by its result if `by_result`, else by its value as any other: with few
    rollouts a win or a loss is a coarse signal). S, R, OPT and what the seats keep come back
    as they were."""
    p = to_move(S)
    keep(S, T, R, W, OPT, n, X, False)
    root = value(S, T, W, p)
    mark = clock(S, p, 0)
    base = game_seed(R[0], SEARCH_STREAM)
    work = X[4]
    best, at = -np.inf, 0
    for i in range(n):
        total = 0.0
        for k in range(rollouts):
            keep(S, T, R, W, OPT, n, X, True)
            R[0] = game_seed(base, k)
            redeal(S, T, p, R)
            for c in range(OPT_W):
                work[0, c] = OPT[i, c]
            left = play_on(S, T, R, W, POL, work, X, random_code, apply(S, T, R, work, 0), p, mark, horizon, 1)
            total += reward(S, T, W, p, root, scale, by_result and left == 0)
        if total > best:
            best, at = total, i
    keep(S, T, R, W, OPT, n, X, True)
    return at


@template
def mcts(S, T, R, W, POL, OPT, n, X, random_code, iterations, horizon, scale, temp, by_result):
    """Information-set MCTS over the seat to move's own decisions of its turn: each iteration
    redeals what it cannot see, walks the tree (``mcts_tree.select``: priors the softmax of the
    heuristic's scores at temperature `temp`, in the scores' unit) while the seat keeps the move
    (a forced decision taken, not branched), leaves it at a node never visited, plays on by the
    seats' heuristics for `horizon` more of its ``clock`` (0: to the end) and backs up its
    ``reward`` (`by_result`: as the lookahead's). The root's most visited option; S, R, OPT and
    what the seats keep come back as they were."""
    TR, SC, work = X[0], X[3], X[4]
    p = to_move(S)
    keep(S, T, R, W, OPT, n, X, False)
    root = value(S, T, W, p)
    mark = clock(S, p, 0)
    base = game_seed(R[0], SEARCH_STREAM)
    tree_reset(TR, 0)
    for k in range(iterations):
        keep(S, T, R, W, OPT, n, X, True)
        R[0] = game_seed(base, k)
        redeal(S, T, p, R)
        for r in range(n):
            for c in range(OPT_W):
                work[r, c] = OPT[r, c]
        m, node, walking, taken = n, ROOT, True, 0
        while walking and m > 0 and to_move(S) == p and (horizon <= 0 or clock(S, p, taken) - mark < horizon):
            i = 0
            if m > 1:
                if new_children(TR, node, work, m):         # priors are needed for new children only
                    scores(S, T, W, work, m, X[SCORED])
                    for j in range(m):
                        SC[j] = int(round(1000.0 * max(-MAX_SCORE, min(MAX_SCORE, X[SCORED][j] / temp))))
                i, child = select(TR, 0, node, work, m, SC, 0, 1.0, C_PUCT)
                if child < 0:                          # the tree is full: play on from here
                    break
                walking = field(TR, 0, child, N_VISITS) > 0
                node = child
            m = apply(S, T, R, work, i)
            taken += 1
        left = play_on(S, T, R, W, POL, work, X, random_code, m, p, mark, horizon, taken)
        backup(TR, 0, node, reward(S, T, W, p, root, scale, by_result and left == 0))
    keep(S, T, R, W, OPT, n, X, True)
    best = most_visited(TR, 0, ROOT, OPT, n)
    return best if best >= 0 else greedy(S, T, W, OPT, n, X)


@template
def new_children(TR, node, OPT, n):
    """Does some option of OPT[:n] have no child of `node` yet (its prior is needed)?"""
    for i in range(n):
        if find_child(TR, 0, node, OPT, i) < 0:
            return True
    return False
