"""The batch loop written once over the kernel contract (``contract``): a game that offers the
contract's functions plays its games here, every policy included (random, its heuristic as the
greedy player over its ``scores``, the lookahead and the MCTS player), and writes no loop of its own.

    for each game: seat the run's strategies, new_game, then while the decision at hand has
    options: the seat's policy picks one, apply it (check mode: check the state); record

An intervention the core offers every game on the contract: **forbid an option** to one seat a
game (``ContractGame.forbidden``: the config's ``[intervention] forbid``, an option by the game's
words), the seat game k treats being k mod players; its other seats, and its searches' imagined
moves, play as printed.

A seat's policy is a code of the game's strategy schema; ``Codes`` gathers the ones the loop
needs (``codes``). Two streams, as every kernel keeps them: R the game's chance (the dice, the
deck), RP the random policy's coin, so a game's chance does not depend on who decides.
"""
import numpy as np

from . import contract as C, kernel_frame
from .jit import hot, tiny
from .rng import below

seat_strategies = tiny(kernel_frame.seat_strategies)
RANDOM, HEURISTIC, LOOKAHEAD, MCTS, ITERATIONS, ROLLOUTS, SLOT = range(7)     # rows of `codes`


def codes(schema, slot_column):
    """The int64 array the loop reads: the schema's policy codes (-1 for one it does not have),
    the strategy-row columns of the MCTS player's iterations and the lookahead's rollouts (-1),
    and the seats table's strategy-slot column."""
    pol, at = schema.policies, schema.param_offset
    params = list(schema.params)
    column = {name: at + params.index(name) if name in params else -1 for name in ("iterations", "rollouts")}
    return np.array([pol.get("random", -1), pol.get("heuristic", -1), pol.get("lookahead", -1), pol.get("mcts", -1),
                     column["iterations"], column["rollouts"], slot_column], np.int64)


@hot
def forbidden(OPT, i, F):
    """Option row OPT[i] matches a row of F (kind, a, b, c; -1 matches any)."""
    for f in range(F.shape[0]):
        hit = True
        for c in range(C.OPT_W):
            if F[f, c] >= 0 and F[f, c] != OPT[i, c]:
                hit = False
        if hit:
            return True
    return False


@hot
def without(OPT, n, F):
    """OPT[:n] less the options F forbids, the others kept in order; all n where F forbids every one."""
    kept = 0
    for i in range(n):
        if not forbidden(OPT, i, F):
            kept += 1
    if kept == 0:
        return n
    k = 0
    for i in range(n):
        if not forbidden(OPT, i, F):
            for c in range(C.OPT_W):
                OPT[k, c] = OPT[i, c]
            k += 1
    return k


@hot
def pick(S, T, R, RP, W, POL, OPT, n, X, G, K, scale):
    """The option the seat to move takes, by its policy (a forced one draws nothing)."""
    if n == 1:
        return 0
    p = G[C.TO_MOVE](S)
    pol = POL[p]
    if pol == K[RANDOM]:
        return below(RP, n)
    if pol == K[MCTS]:
        return C.mcts(S, T, R, W, POL, OPT, n, X, G, K[RANDOM], int(W[p, K[ITERATIONS]]), 0, scale)
    if pol == K[LOOKAHEAD]:
        return C.lookahead(S, T, R, W, POL, OPT, n, X, G, K[RANDOM], int(W[p, K[ROLLOUTS]]), 0, scale)
    return C.greedy(S, T, W, OPT, n, X, G)


@hot
def play_batch(T, n_players, run_seed, first, n_games, W, POL, check, rotate, games, seats, seeds,
               W_seat, POL_seat, S, R, RP, G, X, K, scale, F):
    """Games [first, first + n_games) into rows 0..n_games-1 of games, seats and seeds. W_seat to
    RP and X are scratch arrays made in Python (hot code allocates nothing), G the game's
    contract, K its ``codes``, `scale` its reward scale. F: the option rows an intervention
    forbids the treated seat (game k's seat k mod players, ``seats.treated_seat``); none, no rows."""
    OPT = X[C.DECISION]
    for g in range(n_games):
        seat_strategies(POL, W, first + g, n_players, rotate, POL_seat, W_seat, seats[g, :, K[SLOT]])
        G[C.NEW_GAME](S, R, RP, n_players, run_seed, first + g)
        seeds[g] = R[0]
        treated = (first + g) % n_players if F.shape[0] > 0 else -1
        n = G[C.OPTIONS](S, T, OPT)
        while n > 0:
            if G[C.TO_MOVE](S) == treated:
                n = without(OPT, n, F)
            n = G[C.APPLY](S, T, R, OPT, pick(S, T, R, RP, W_seat, POL_seat, OPT, n, X, G, K, scale))
            if check:
                G[C.CHECK](S, T)
        G[C.RECORD](S, T, g, games, seats)


# trampolines: Python calls a game's contract functions through these (``contract_face``)
@hot
def new_game_of(G, S, R, RP, n_players, run_seed, game_index):
    return G[C.NEW_GAME](S, R, RP, n_players, run_seed, game_index)


@hot
def options_of(G, S, T, OPT):
    return G[C.OPTIONS](S, T, OPT)


@hot
def apply_of(G, S, T, R, OPT, i):
    return G[C.APPLY](S, T, R, OPT, i)


@hot
def to_move_of(G, S):
    return G[C.TO_MOVE](S)


@hot
def check_of(G, S, T):
    return G[C.CHECK](S, T)
