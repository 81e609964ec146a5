"""The dice game's rules kernel (numba). A game is S (its state), T (the rules) and two random
streams seeded from (run seed, game index): RD for the dice, RP for the random policy's coin, so
the dice are the same whoever decides and the face, one ``step`` at a time, plays the batch's game."""
from numba import types

from simulate.core import contract as C, kernel_frame
from simulate.core.jit import contract, entry, hot, tiny
from simulate.core.rng import below, game_seed

from .layout import (BIG_TURNS, DONE_REACHED, DONE_ROUNDS, G_ERROR, G_ERROR_TURN, G_REACHED, G_ROUNDS, G_TIE, G_TURNS,
                     G_WINNER, HOLD, MAX_PLAYERS, N_SEAT_COLS, N_WEIGHTS, POL_LOOKAHEAD, POL_MCTS, POL_RANDOM,
                     P_BANKED, P_RANK, P_SCORE, REWARD_SCALE,
                     P_SLOT, P_WON, ROLL, S_BANKED, S_BIG, S_BONUS, S_BUSTS, S_DONE, S_ERROR, S_ERROR_TURN,
                     S_LAST_FACE, S_LOST, S_N, S_ROLLED, S_ROLLS, S_ROUND, S_SEAT, S_SIZE, S_TURN, S_TURN_ROLLS,
                     S_TURN_TOTAL, T_FACES, T_MAX_ROUNDS, T_TARGET, T_TOP_BONUS)

seat_strategies, rank_by_score = tiny(kernel_frame.seat_strategies), tiny(kernel_frame.rank_by_score)


@hot
def new_game(S, RD, RP, n_players, run_seed, game_index):
    """Game `game_index` of run `run_seed`, before its first roll: scores 0, seat 0 to move."""
    for i in range(S_SIZE):
        S[i] = 0
    S[S_N] = n_players
    RD[0] = game_seed(run_seed, game_index)
    RP[0] = game_seed(RD[0], 1)


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
def decide(S, T, W, POL, RP, RD, G, X):
    """The seat to move's choice: random (a fair coin), heuristic (hold when w . features >= 1),
    or a search player of the core's (``simulate/core/contract.py``) on the contract below."""
    p = S[S_SEAT]
    if n_legal(S) == 1:
        return ROLL
    if POL[p] == POL_RANDOM:
        return below(RP, 2)
    if POL[p] == POL_MCTS or POL[p] == POL_LOOKAHEAD:
        OPT = X[C.DECISION]
        n = G[C.OPTIONS](S, T, OPT)
        if POL[p] == POL_MCTS:
            i = C.mcts(S, T, RD, W, POL, OPT, n, X, G, POL_RANDOM, int(W[p, N_WEIGHTS]), 0, REWARD_SCALE)
        else:
            i = C.lookahead(S, T, RD, W, POL, OPT, n, X, G, POL_RANDOM, int(W[p, N_WEIGHTS + 1]), 0, REWARD_SCALE)
        return OPT[i, 0]
    return HOLD if heuristic_value(S, T, W, p) >= 1.0 else ROLL


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
def check_state(S, T):
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


@hot
def step(S, T, RD, action, check):
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
    if check:
        check_state(S, T)
    return face


# ---- the kernel contract (``simulate/core/contract.py``): what the core's search players need
SIG = C.signatures(types.int64[::1], types.int64[::1], types.uint64[::1], types.float64[:, ::1])


@contract(SIG["options"])
def options(S, T, OPT):
    n = n_legal(S)
    for i in range(n):
        OPT[i, 0], OPT[i, 1], OPT[i, 2], OPT[i, 3] = i, 0, 0, 0          # the action's code is its row
    return n


@contract(SIG["apply"])
def apply(S, T, R, OPT, i):
    return step(S, T, R, OPT[i, 0], False)


@contract(SIG["to_move"])
def to_move(S):
    return S[S_SEAT]


@contract(SIG["over"])
def over(S):
    return 1 if S[S_DONE] != 0 else 0


@contract(SIG["value"])
def value(S, T, p):
    return feature(S, T, p, 1)                   # the lead over the best other seat


@contract(SIG["score"])
def option_score(S, T, W, OPT, n, i):
    """A hold's worth is w . features - 1 (the heuristic holds at >= 0); a roll's just below 0."""
    return heuristic_value(S, T, W, S[S_SEAT]) - 1.0 if OPT[i, 0] == HOLD else -1e-9


@contract(SIG["redeal"])
def redeal(S, T, p, R):
    return 0                                     # nothing is hidden


CONTRACT = (options, apply, to_move, over, value, option_score, redeal)


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


@entry
@hot
def batch(T, n_players, run_seed, first, n_games, W, POL, check, rotate, games, seats, seeds,
          W_seat, POL_seat, S, RD, RP, G, X):
    """Play games [first, first + n_games) into rows 0..n_games-1 of games, seats, seeds. W_seat to
    RP are scratch arrays made in Python (hot code allocates nothing), G the CONTRACT, X the
    search players' scratch (``contract.scratch``)."""
    for g in range(n_games):
        seat_strategies(POL, W, first + g, n_players, rotate, POL_seat, W_seat, seats[g, :, P_SLOT])
        new_game(S, RD, RP, n_players, run_seed, first + g)
        seeds[g] = RD[0]
        while S[S_DONE] == 0:
            step(S, T, RD, decide(S, T, W_seat, POL_seat, RP, RD, G, X), check)
        record(S, T, g, games, seats)
