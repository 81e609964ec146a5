"""The dice game's rules kernel (numba): its rules as functions on S (its state) and T (the rules
table), and the kernel contract over them (``simulate/core/contract.py``), with which the core
plays its batches, every policy included (``contract_batch``). Two random streams seeded from
(run seed, game index): RD for the dice, RP for the random policy's coin, so the dice are the same
whoever decides and the face, one ``step`` at a time, plays the batch's game."""
from simulate.core import kernel_frame
from simulate.core.contract_batch import bind
from simulate.core.jit import hot, tiny
from simulate.core.rng import below, game_seed

from .layout import (BIG_TURNS, DONE_REACHED, DONE_ROUNDS, G_ERROR, G_ERROR_TURN, G_REACHED, G_ROUNDS, G_TIE, G_TURNS,
                     G_WINNER, HOLD, MAX_PLAYERS, N_SEAT_COLS, N_WEIGHTS, P_BANKED, P_RANK, P_SCORE, P_WON, ROLL,
                     S_BANKED, S_BIG, S_BONUS, S_BUSTS, S_DONE, S_ERROR, S_ERROR_TURN, S_LAST_FACE, S_LOST, S_N,
                     S_ROLLED, S_ROLLS, S_ROUND, S_SEAT, S_SIZE, S_TURN, S_TURN_ROLLS, S_TURN_TOTAL, T_FACES,
                     T_MAX_ROUNDS, T_TARGET, T_TOP_BONUS)

rank_by_score = tiny(kernel_frame.rank_by_score)


@hot
def new_game(S, RD, RP, n_players, run_seed, game_index):
    """Game `game_index` of run `run_seed`, before its first roll: scores 0, seat 0 to move."""
    for i in range(S_SIZE):
        S[i] = 0
    S[S_N] = n_players
    RD[0] = game_seed(run_seed, game_index)
    RP[0] = game_seed(RD[0], 1)
    return 0


@hot
def score(S, p):
    return S[S_BANKED + p] + S[S_BONUS + p]


@hot
def n_legal(S):
    """1: only "roll" (a turn's first roll is forced); 2: "roll" or "hold"."""
    return 1 if S[S_TURN_ROLLS] == 0 else 2


@hot
def feature(S, T, p, f):
    if f == 0:                                   # turn_total: the points at risk
        return float(S[S_TURN_TOTAL])
    if f == 1:                                   # lead: my score minus the best other score
        best = -1
        for q in range(S[S_N]):
            if q != p and score(S, q) > best:
                best = score(S, q)
        return float(score(S, p) - best)
    return 1.0 if score(S, p) + S[S_TURN_TOTAL] >= T[T_TARGET] else 0.0   # reach: a hold reaches the target


@hot
def heuristic_value(S, T, W, p):
    v = 0.0
    for f in range(N_WEIGHTS):
        v += W[p, f] * feature(S, T, p, f)
    return v


@hot
def end_turn(S, T):
    S[S_TURN_TOTAL] = 0
    S[S_TURN_ROLLS] = 0
    S[S_TURN] += 1
    S[S_SEAT] = (S[S_SEAT] + 1) % S[S_N]
    if S[S_SEAT] == 0:                           # a round is over: does the game end?
        S[S_ROUND] += 1
        reached = False
        for p in range(S[S_N]):
            reached = reached or score(S, p) >= T[T_TARGET]
        if reached or S[S_ROUND] >= T[T_MAX_ROUNDS]:
            S[S_DONE] = DONE_REACHED if reached else DONE_ROUNDS


@hot
def check(S, T):
    """Check mode: record the first violation (error code, turn) in S."""
    banked = 0
    for p in range(S[S_N]):
        banked += S[S_BANKED + p]
    code = 0
    if banked + S[S_LOST] + S[S_TURN_TOTAL] != S[S_ROLLED]:
        code = 1
    elif S[S_TURN_TOTAL] < 0 or S[S_TURN_TOTAL] > T[T_FACES] * S[S_TURN_ROLLS]:
        code = 2
    if code != 0 and S[S_ERROR] == 0:
        S[S_ERROR] = code
        S[S_ERROR_TURN] = S[S_TURN]
    return S[S_ERROR]


@hot
def step(S, T, RD, action):
    """Apply the seat to move's decision (ROLL or HOLD); returns the face rolled (0 on a hold)."""
    p = S[S_SEAT]
    face = 0
    if action == HOLD:
        S[S_BANKED + p] += S[S_TURN_TOTAL]
        for k in range(len(BIG_TURNS)):
            if S[S_TURN_TOTAL] >= BIG_TURNS[k]:
                S[S_BIG + k * MAX_PLAYERS + p] += 1
        end_turn(S, T)
    else:
        face = 1 + below(RD, T[T_FACES])
        S[S_LAST_FACE] = face
        S[S_ROLLS + p] += 1
        S[S_TURN_ROLLS] += 1
        if face == 1:                            # bust: the turn total is lost
            S[S_BUSTS + p] += 1
            S[S_LOST] += S[S_TURN_TOTAL]
            end_turn(S, T)
        else:
            S[S_TURN_TOTAL] += face
            S[S_ROLLED] += face
            if face == T[T_FACES]:
                S[S_BONUS + p] += T[T_TOP_BONUS]
    return face


@hot
def record(S, T, g, games, seats):
    """Game g's results into row g of the result arrays (its seats' strategy rows are there)."""
    for p in range(S[S_N]):
        seats[g, p, P_SCORE] = score(S, p)
        for c in range(N_SEAT_COLS - P_BANKED):          # the seat's counts, in the same order in S
            seats[g, p, P_BANKED + c] = S[S_BANKED + c * MAX_PLAYERS + p]
    rank_by_score(games, seats, g, S[S_N], P_SCORE, P_RANK, P_WON, G_WINNER, G_TIE)
    games[g, G_TURNS] = S[S_TURN]
    games[g, G_ROUNDS] = S[S_ROUND]
    games[g, G_REACHED] = S[S_DONE] == DONE_REACHED
    games[g, G_ERROR] = S[S_ERROR]
    games[g, G_ERROR_TURN] = S[S_ERROR_TURN]
    return 0


# ---- the rest of the kernel contract (``simulate/core/contract.py``)


@hot
def options(S, T, OPT):
    n = 0 if S[S_DONE] != 0 else n_legal(S)
    for i in range(n):
        OPT[i, 0], OPT[i, 1], OPT[i, 2], OPT[i, 3] = i, 0, 0, 0          # the action's code is its row
    return n


@hot
def apply(S, T, R, OPT, i):
    step(S, T, R, OPT[i, 0])
    return options(S, T, OPT)


@hot
def to_move(S):
    return S[S_SEAT]


@hot
def value(S, T, W, p):
    return feature(S, T, p, 1)                   # the lead over the best other seat


@hot
def option_scores(S, T, W, OPT, n, out):
    """The heuristic holds once w . features >= 1: a hold's worth is w . features - 1, a roll's 0
    (below the hold's at exactly 1), so the best is the heuristic's choice."""
    v = heuristic_value(S, T, W, S[S_SEAT]) - 1.0
    for i in range(n):
        out[i] = 0.0 if OPT[i, 0] == ROLL else v + 1e-9 if v >= 0.0 else v
    return n


# the core's batch loop and players, bound to these functions (``simulate/core/contract_batch.py``)
PLAY = bind(__name__, options=options, apply=apply, to_move=to_move, value=value, scores=option_scores,
            new_game=new_game, check=check, record=record)            # nothing hidden: no redeal
