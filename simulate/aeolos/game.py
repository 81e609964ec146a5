"""AEOLOS game flow: setup, whole games, results, batches (the turn is in ``turn``).

``batch`` is the kernel's one entry point for runs (``kernel.play_batch`` calls
it): it plays games [first, first + n) of a run, each seeded from (run seed, game
index), and fills preallocated result arrays (``result_arrays``; their columns
are ``layout``'s G_* and P_*). No Python object is made per game or per move.
"""
import numpy as np

from ..core import seats
from ..core.jit import entry, hot, tiny
from ..core.rng import below, branch_stream, game_seed, shuffle_range
from .layout import *  # noqa: F403
from .engine import F_TURN, advance, choose, decision_kind, push, step
from .pieces import add_to_hand, best_place_vp, draw_favor, gain_wind, log, settlements_built
from .policy import activate_phase
from .scorer import WS_SEAT
from .search import decide
from .turn import final_scoring  # noqa: F401 (part of this module's API)

seated_at, treated_seat = tiny(seats.seated_at), tiny(seats.treated_seat)   # the run's seating, compiled here


@hot
def setup(S, T, LOG, n_players, R, treated=-1):
    """Game Setup (rulebook steps 1-7) for n_players; seat 0 is the start player. `treated`: an
    intervention's seat (-1: none), dealt its tableau (``deal_tableaus``)."""
    S[:] = 0
    S[S_N_PLAYERS] = n_players
    S[S_ROUND] = 1
    # sailing cards: sort out the marked ones, shuffle, deal
    removed = T[T_REMOVED_MARKS + n_players]
    n = 0
    for c in range(T[T_N_CARDS]):
        if (removed >> T[T_CARD_MARK + c]) & 1:
            S[S_BOX_N] += 1
        else:
            S[S_DECK + n] = c
            n += 1
    shuffle_range(S, S_DECK, n, R)
    S[S_DECK_N] = n
    for pile in range(2):
        S[S_PILE + pile * MAX_CARDS] = T[T_N_CARDS] + pile     # the printed purple 2 / grey 4
        S[S_PILE_N + pile] = 1
    for p in range(n_players):
        for _ in range(T[T_HAND_SIZE]):
            S[S_DECK_N] -= 1
            add_to_hand(S, p, S[S_DECK + S[S_DECK_N]])
    S[S_PASS_SIZE] = S[S_DECK_N]
    # favor of the gods
    k = 0
    for f in range(N_FAVOR_TYPES):
        for _ in range(T[T_FAVOR_COUNT + f]):
            S[S_FDECK + k] = f
            k += 1
    shuffle_range(S, S_FDECK, k, R)
    S[S_FDECK_N] = k
    # crystals: one per player of each harbor colour, the extras, purple on the temple
    for c in range(PURPLE):
        on_board = T[T_CRYSTAL_PER_PLAYER + c] * n_players + T[T_CRYSTAL_EXTRA + c]
        S[S_BOARD_CRYSTAL + c] = on_board
        S[S_BOX_CRYSTAL + c] = T[T_CRYSTAL_SUPPLY + c] - on_board
    purple_places = 0
    for k in range(T[T_N_PLACES]):
        if T[T_PLACE_MIN_PLAYERS + k] <= n_players:
            S[S_PLACE_OWNER + k] = PLACE_FREE
            purple_places += T[T_PLACE_PURPLE + k]
        else:
            S[S_PLACE_OWNER + k] = PLACE_UNUSED
    S[S_BOARD_CRYSTAL + PURPLE] = min(purple_places, T[T_CRYSTAL_SUPPLY + PURPLE])
    S[S_BOX_CRYSTAL + PURPLE] = T[T_CRYSTAL_SUPPLY + PURPLE] - S[S_BOARD_CRYSTAL + PURPLE]
    # settlement spaces by board side (the 3p game covers the X spaces)
    for h in range(N_HARBORS):
        if n_players == 2:
            S[S_SPACES_FREE + h] = T[T_HARBOR_SPACES_2P + h]
        elif n_players == 3:
            S[S_SPACES_FREE + h] = T[T_HARBOR_SPACES + h] - T[T_HARBOR_COVERED_3P + h]
        else:
            S[S_SPACES_FREE + h] = T[T_HARBOR_SPACES + h]
    # the players' components
    S[S_WIND_SUPPLY] = T[T_WIND_TOKENS]
    for p in range(MAX_PLAYERS):
        for i in range(MAX_SHIPS):
            S[S_SHIP_LOC + p * MAX_SHIPS + i] = LOC_NONE
    for p in range(n_players):
        S[S_VP + p] = T[T_START_VP]
        S[S_WIND + p] = T[T_START_WIND + p]
        S[S_WIND_SUPPLY] -= T[T_START_WIND + p]
        S[S_SETTLE_LEFT + p] = T[T_SETTLEMENTS]
        for i in range(T[T_SHIPS_TABLEAU] + T[T_SHIPS_SUPPLY]):
            S[S_SHIP_LOC + p * MAX_SHIPS + i] = LOC_TABLEAU if i < T[T_SHIPS_TABLEAU] else LOC_SUPPLY
        S[S_TOKENS + p * 2 + TOKEN_SWAP] = 1
        S[S_TOKENS + p * 2 + TOKEN_EXTRA] = 1
    for p in range(n_players):
        S[S_CUR] = p
        for _ in range(T[T_FAVOR_EACH]):
            draw_favor(S, LOG, R, p)
    deal_tableaus(S, T, LOG, n_players, R, treated)
    shuffle_poseidon(S, T, R)
    place_harbor_tokens(S, T, R)
    S[S_CUR] = 0


@hot
def place_harbor_tokens(S, T, R):
    """The harbor tokens of this game: the base game's at their own harbors, or (variant
    4) for each number its basic or alternative side, shuffled over the harbors, on a
    stream of their own (the game's cards stay those of the base game)."""
    for h in range(N_HARBORS):
        S[S_HARBOR_TOKEN + h] = h
    if T[T_VARIABLE]:
        game_stream = branch_stream(R, 0x7A81AB1E)
        for h in range(N_HARBORS):
            side = T[T_TOKEN_SIDE + h]
            if side < 0:
                side = below(R, 2)
            S[S_HARBOR_TOKEN + h] = h + 10 * side
        if T[T_TOKEN_SHUFFLE]:
            shuffle_range(S, S_HARBOR_TOKEN, N_HARBORS, R)
        R[0] = game_stream
    for h in range(N_HARBORS):
        k = S[S_HARBOR_TOKEN + h]
        if k >= 10:
            S[S_HARBOR_CRYSTAL + h] = T[T_ALT_CRYSTAL + k - 10]
            S[S_HARBOR_ACTION + h] = T[T_ALT_ACTION + k - 10]
            S[S_HARBOR_AMOUNT + h] = T[T_ALT_AMOUNT + k - 10]
        else:
            S[S_HARBOR_CRYSTAL + h] = T[T_HARBOR_CRYSTAL + k]
            S[S_HARBOR_ACTION + h] = T[T_HARBOR_ACTION + k]
            S[S_HARBOR_AMOUNT + h] = T[T_HARBOR_AMOUNT + k]


@hot
def shuffle_poseidon(S, T, R):
    """Variant 2: the Poseidon tokens, shuffled face down (on a stream of their own, so
    the game's cards stay those of the base game); none is in front of a harbor yet."""
    for h in range(N_HARBORS):
        S[S_POSEIDON_AT + h] = -1
    if T[T_POSEIDON] == 0:
        return
    for k in range(T[T_N_POSEIDON]):
        S[S_POSEIDON_PILE + k] = k
    S[S_POSEIDON_N] = T[T_N_POSEIDON]
    game_stream = branch_stream(R, 0x905E1D0)
    shuffle_range(S, S_POSEIDON_PILE, T[T_N_POSEIDON], R)
    R[0] = game_stream


@hot
def deal_tableaus(S, T, LOG, n_players, R, treated=-1):
    """Variant 1: each seat gets its chosen tableau, or one of those left at random, and
    the start wind of its ability. The deal uses a stream of its own, so the cards of a
    game are those of the same game without the variant (common random numbers). An
    intervention's `treated` seat is dealt its tableau (``T_IV_TABLEAU``) after the deal: the
    seat dealt that one takes the treated seat's, every other seat keeps its own."""
    for p in range(MAX_PLAYERS):
        S[S_ABILITY + p] = NO_ABILITY
    if T[T_TABLEAUS] == 0:
        return
    for p in range(n_players):
        S[S_ABILITY + p] = T[T_TABLEAU_SEAT + p]
    game_stream = branch_stream(R, 0x7AB1EA05)
    for p in range(n_players):
        if S[S_ABILITY + p] == NO_ABILITY:
            free = 0
            for a in range(N_ABILITIES):
                if not ability_taken(S, a):
                    free += 1
            k = below(R, free)
            for a in range(N_ABILITIES):
                if not ability_taken(S, a):
                    if k == 0:
                        S[S_ABILITY + p] = a
                        break
                    k -= 1
    R[0] = game_stream
    want = T[T_IV_TABLEAU]
    if treated >= 0 and want >= 0:
        for q in range(n_players):
            if S[S_ABILITY + q] == want:
                S[S_ABILITY + q] = S[S_ABILITY + treated]
        S[S_ABILITY + treated] = want
    for p in range(n_players):
        S[S_CUR] = p
        a = S[S_ABILITY + p]
        log(S, LOG, EV_ABILITY, a, 0)
        gain_wind(S, LOG, p, T[T_ABILITY_START_WIND + a])


@hot
def ability_taken(S, a):
    for q in range(MAX_PLAYERS):
        if S[S_ABILITY + q] == a:
            return True
    return False



@hot
def ranks(S, T, out_rank):
    """Rank 0 = winner. Ties on VP break by the highest temple place occupied;
    players still tied share the rank."""
    n = S[S_N_PLAYERS]
    for p in range(n):
        r = 0
        for q in range(n):
            if S[S_VP + q] > S[S_VP + p] or (S[S_VP + q] == S[S_VP + p]
                                            and best_place_vp(S, T, q) > best_place_vp(S, T, p)):
                r += 1
        out_rank[p] = r


@entry
@tiny
def play_game(S, T, W, POL, R, SCR, LOG, OPT, X, SC, check):
    """Play from the current state to the end, each decision by its seat's policy (``decide``);
    returns a check-mode violation code (0 if none: the game is then scored). SC: the options'
    scores (scratch). (Inlined in ``batch``: one level less that links the whole kernel.)"""
    S[S_CHECK] = 1 if check else 0
    n = advance(S, T, LOG, R, OPT)
    turn = -1
    while n > 0:
        if S[S_TURN] != turn:                   # a turn's first decision: its seat's weights for the phase
            turn = S[S_TURN]
            activate_phase(S, W, S[S_CUR])
        choose(S, T, LOG, R, OPT, decide(S, T, W, POL, R, SCR, LOG, OPT, X, SC, n, decision_kind(S)))
        n = advance(S, T, LOG, R, OPT)
    return S[S_ERROR] if S[S_HALT] else 0


@hot
def play_turn(S, T, W, POL, R, SCR, LOG, OPT, X, SC, check):
    """The seat to move's whole turn (rulebook steps 1-4), from a state between turns; returns a
    check-mode violation code (0 if none). The scenario face and tests play turn by turn."""
    S[S_CHECK] = 1 if check else 0
    push(S, F_TURN, 0, 0, 0)
    n = step(S, T, LOG, R, OPT)
    activate_phase(S, W, S[S_CUR])
    while n > 0:
        choose(S, T, LOG, R, OPT, decide(S, T, W, POL, R, SCR, LOG, OPT, X, SC, n, decision_kind(S)))
        n = step(S, T, LOG, R, OPT)
    return S[S_ERROR] if S[S_HALT] else 0


@hot
def record(S, T, g, games, seats, rank):
    n = S[S_N_PLAYERS]
    ranks(S, T, rank)
    winners = 0
    winner = -1
    for p in range(n):
        if rank[p] == 0:
            winners += 1
            if winner < 0:
                winner = p
    games[g, G_TURNS] = S[S_TURN]
    games[g, G_ROUNDS] = S[S_ROUND]
    games[g, G_WINNER] = winner
    games[g, G_TIE] = 1 if winners > 1 else 0
    games[g, G_REFILLS] = S[S_REFILLS]
    games[g, G_ERROR] = S[S_ERROR]
    games[g, G_ERROR_TURN] = S[S_ERROR_TURN]
    games[g, G_DECK_LEFT] = S[S_DECK_N]
    for r in range(MAX_TRACE_ROUNDS):
        games[g, G_LEADERS + r] = S[S_LEADERS + r]
    for p in range(n):
        seats[g, p, P_VP] = S[S_VP + p]
        seats[g, p, P_RANK] = rank[p]
        seats[g, p, P_WON] = 1 if rank[p] == 0 else 0
        seats[g, p, P_WIND] = S[S_WIND + p]
        seats[g, p, P_SETTLEMENTS] = settlements_built(S, T, p)
        seats[g, p, P_SHIPS_BUILT] = S[S_SHIPS_BUILT + p]
        sacrificed = 0
        for i in range(MAX_SHIPS):
            if S[S_SHIP_LOC + p * MAX_SHIPS + i] >= LOC_PLACE:
                sacrificed += 1
        seats[g, p, P_SHIPS_SACRIFICED] = sacrificed
        seats[g, p, P_PROPHET] = S[S_PROPHET + p]
        held = 0
        for f in range(N_FAVOR_TYPES):
            held += S[S_FAVOR + p * N_FAVOR_TYPES + f]
            seats[g, p, P_FAVOR_DRAWN + f] = S[S_FAVOR_DRAWN + p * N_FAVOR_TYPES + f]
            seats[g, p, P_FAVOR_PLAYED + f] = S[S_FAVOR_PLAYED + p * N_FAVOR_TYPES + f]
        seats[g, p, P_FAVOR_HELD] = held
        seats[g, p, P_TOKENS_LEFT] = S[S_TOKENS + p * 2] + S[S_TOKENS + p * 2 + 1]
        seats[g, p, P_TIEBREAK] = best_place_vp(S, T, p)
        seats[g, p, P_ABILITY] = S[S_ABILITY + p]
        for s in range(N_SRC):
            seats[g, p, P_SRC + s] = S[S_VP_SRC + p * N_SRC + s]
        for c in range(N_COLOURS):
            seats[g, p, P_CRYSTALS + c] = S[S_CRYSTALS + p * N_COLOURS + c]
        for h in range(N_HARBORS):
            seats[g, p, P_ACTIONS + h] = S[S_ACTIONS_TAKEN + p * N_HARBORS + h]


@hot
def new_game(T, LOG, n_players, run_seed, game_index, S, R):
    """Set up game `game_index` of run `run_seed` in S (its rng in R); an intervention
    ([intervention]) treats its seat game_index mod n_players."""
    R[0] = game_seed(run_seed, game_index)
    treated = treated_seat(game_index, n_players) if T[T_IV_ON] else -1
    setup(S, T, LOG, n_players, R, treated)
    if treated >= 0:
        intervene(S, T, LOG, treated)


@hot
def intervene(S, T, LOG, t):
    """The treated seat t's changes, made after the deal so that everything else is the
    printed game's on the same seed (common random numbers): extra VP and wind, and the
    Favor card it holds (the core's "hold an item at setup": ``hold_favor``)."""
    S[S_TREATED] = t + 1
    S[S_VP + t] += T[T_IV_VP]
    wind = min(T[T_IV_WIND], S[S_WIND_SUPPLY])
    S[S_WIND + t] += wind
    S[S_WIND_SUPPLY] -= wind
    if T[T_IV_FAVOR] >= 0:
        hold_favor(S, LOG, t, T[T_IV_FAVOR])


@hot
def hold_favor(S, LOG, t, want):
    """Seat t holds Favor card `want` instead of the one setup dealt it, every count kept: the
    card's place in the deck takes the dealt one, or else the seat dealt it gets the dealt one
    (the game's ``hold``: ``simulate/core/held_items.py``; with the transcript's LOG beside S)."""
    if S[S_FAVOR + t * N_FAVOR_TYPES + want] > 0:
        return
    held = -1
    for f in range(N_FAVOR_TYPES):
        if S[S_FAVOR + t * N_FAVOR_TYPES + f] > 0:
            held = f
            break
    if held < 0:
        return                                  # (no card dealt at setup: nothing to swap)
    for i in range(S[S_FDECK_N]):               # the card's place in the deck takes the dealt one
        if S[S_FDECK + i] == want:
            S[S_FDECK + i] = held
            swap_favor(S, LOG, t, held, want)
            return
    for q in range(S[S_N_PLAYERS]):             # else the seat dealt it gets the dealt one
        if q != t and S[S_FAVOR + q * N_FAVOR_TYPES + want] > 0:
            swap_favor(S, LOG, q, want, held)
            swap_favor(S, LOG, t, held, want)
            return


@hot
def swap_favor(S, LOG, p, old, new):
    """Seat p holds Favor card `new` where setup dealt it `old` (its hand, its setup draw row
    and the transcript's)."""
    S[S_FAVOR + p * N_FAVOR_TYPES + old] -= 1
    S[S_FAVOR_DRAWN + p * N_FAVOR_TYPES + old] -= 1
    S[S_FAVOR + p * N_FAVOR_TYPES + new] += 1
    S[S_FAVOR_DRAWN + p * N_FAVOR_TYPES + new] += 1
    for k in range(S[S_FDRAW_N]):
        row = S_FDRAW + k * 4
        if S[row] == p and S[row + 1] == old:
            S[row + 1] = new
            break
    for k in range(S[S_LOG_N]):
        if LOG[k, 1] == p and LOG[k, 2] == EV_FAVOR_DRAWN and LOG[k, 3] == old:
            LOG[k, 3] = new
            return


def buffers():
    """Fresh scratch arrays the kernel needs: state, rng, option buffer, the options' scores."""
    return (np.zeros(S_SIZE, np.int32), np.zeros(1, np.uint64), np.zeros((MAX_OPTIONS, 4), np.int32),
            np.zeros(MAX_OPTIONS, np.float64))


def result_arrays(n_games):
    """Preallocated outputs of ``batch`` for n_games games: games, seats, favor draws and their counts."""
    return (np.zeros((n_games, N_GAME_COLS), np.int32),
            np.zeros((n_games, MAX_PLAYERS, N_SEAT_COLS), np.int32),
            np.zeros((n_games, MAX_FDRAW, 4), np.int32),
            np.zeros(n_games, np.int32))


def batch_arguments(T, n_players, run_seed, first, n_games, W, POL, check, games, seats, fdraws, fdraw_n,
                    rotate, X, tape=None):
    """``batch``'s arguments: these, then the scratch arrays it plays in (hot code
    allocates nothing)."""
    S, R, OPT, SC = buffers()
    SCR = np.zeros((0, 4), np.int32) if tape is None else tape
    return (T, n_players, run_seed, first, n_games, W, POL, check, games, seats, fdraws, fdraw_n, rotate, X,
            W.copy(), POL.copy(), S, R, OPT, SC, SCR, np.zeros((0, LOG_COLS), np.int32),
            np.zeros(MAX_PLAYERS, np.int64))


@entry
@hot
def batch(T, n_players, run_seed, first, n_games, W, POL, check, games, seats, fdraws, fdraw_n, rotate, X,
          W_seat, POL_seat, S, R, OPT, SC, SCR, LOG, rank):
    """Play games first..first+n_games-1; fill games[n, N_GAME_COLS], seats[n, 4, N_SEAT_COLS]
    and the favor draws fdraws[n, MAX_FDRAW, 4] (count in fdraw_n[n]). Returns the number
    of games with a check-mode violation. The rest are scratch arrays
    (``batch_arguments``): made in Python, so that batch runs without numba's memory
    runtime and its calls into the kernel pay no reference counting.

    W[i], POL[i] describe strategy i. Without `rotate` seat p plays strategy p; with it,
    game k seats strategy (p + k) % n_players at seat p, so over any n_players consecutive
    games every strategy plays every seat once."""
    bad = 0
    # (play_game is inlined here, not a hot function of its own: numba links every
    # callee's whole code into each caller, so each level of calls that reaches the
    # rules costs another copy of the kernel to compile)
    for g in range(n_games):
        for p in range(n_players):
            q = seated_at(p, first + g, n_players, rotate)
            POL_seat[p] = POL[q]
            for k in range(W.shape[1]):      # (a slice copy compiles numba's error text: 3 s)
                W_seat[p, k] = W[q, k]
            seats[g, p, P_STRATEGY] = q
            if X is not None:
                X[1][WS_SEAT + p] = q
        new_game(T, LOG, n_players, run_seed, first + g, S, R)
        if play_game(S, T, W_seat, POL_seat, R, SCR, LOG, OPT, X, SC, check):
            bad += 1
        record(S, T, g, games, seats, rank)
        fdraw_n[g] = S[S_FDRAW_N]
        for i in range(S[S_FDRAW_N]):
            for j in range(4):
                fdraws[g, i, j] = S[S_FDRAW + i * 4 + j]
    return bad
