"""Rock-paper-scissors' kernel: its rules on S and the kernel contract over them
(``simulate/core/contract.py``). R the tremble's stream, RP the random policy's coin."""
from simulate.core import kernel_frame
from simulate.core.contract_batch import bind
from simulate.core.jit import hot, tiny
from simulate.core.rng import below, game_seed

from . import (G_ERROR, G_ERROR_TURN, G_ROUNDS, G_TURNS, P_RANK, P_SCORE, P_THROW, P_WON, G_TIE, G_WINNER, S_DONE,
               S_ERROR, S_N, S_POINTS, S_SEAT, S_SIZE, S_THROW)

rank_by_score = tiny(kernel_frame.rank_by_score)


@hot
def new_game(S, R, RP, n_players, run_seed, game_index):
    for i in range(S_SIZE):
        S[i] = 0
    S[S_N] = n_players
    R[0] = game_seed(run_seed, game_index)
    RP[0] = game_seed(R[0], 1)
    return 0


@hot
def options(S, T, OPT):
    n = 0 if S[S_DONE] else 3
    for i in range(n):
        OPT[i, 0], OPT[i, 1], OPT[i, 2], OPT[i, 3] = i, 0, 0, 0
    return n


@hot
def apply(S, T, R, OPT, i):
    """The seat to move throws (a tremble: a random shape instead); after the last, the points."""
    p = S[S_SEAT]
    shape = OPT[i, 0]
    if below(R, 100) < T[0]:
        shape = below(R, 3)
    S[S_THROW + p] = shape
    S[S_SEAT] += 1
    if S[S_SEAT] == S[S_N]:
        for a in range(S[S_N]):
            for b in range(S[S_N]):
                if (S[S_THROW + a] - S[S_THROW + b]) % 3 == 1:      # paper beats rock, scissors paper, rock scissors
                    S[S_POINTS + a] += T[1] if S[S_THROW + a] == 0 else 1
        S[S_DONE] = 1
    return options(S, T, OPT)


@hot
def to_move(S):
    return S[S_SEAT]


@hot
def value(S, T, W, p):
    best = -1
    for q in range(S[S_N]):
        if q != p and S[S_POINTS + q] > best:
            best = S[S_POINTS + q]
    return float(S[S_POINTS + p] - best)


@hot
def scores(S, T, W, OPT, n, out):
    """A style's worth of a throw: its weight for that shape."""
    for i in range(n):
        out[i] = W[S[S_SEAT], OPT[i, 0]]
    return n


@hot
def check(S, T):
    return S[S_ERROR]


@hot
def record(S, T, g, games, seats):
    for p in range(S[S_N]):
        seats[g, p, P_SCORE] = S[S_POINTS + p]
        seats[g, p, P_THROW] = S[S_THROW + p]
    rank_by_score(games, seats, g, S[S_N], P_SCORE, P_RANK, P_WON, G_WINNER, G_TIE)
    games[g, G_TURNS] = S[S_N]
    games[g, G_ROUNDS] = 1
    games[g, G_ERROR] = S[S_ERROR]
    games[g, G_ERROR_TURN] = 0
    return 0


PLAY = bind(__name__, options=options, apply=apply, to_move=to_move, value=value, scores=scores,
            new_game=new_game, check=check, record=record)
