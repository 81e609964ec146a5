"""The MCTS player: information-set Monte Carlo tree search over every decision of its turn.

At the start of the seat's turn ``plan_turn`` searches the turn's decisions one after
another (one search per decision with a choice, ``iterations`` iterations each), then the
turn is played for real following the plan. A search for the turn's decision d:

* every iteration starts from the turn's start (state and random stream as they really
  are) and plays the turn with the decisions already planned, so whatever chance showed
  the seat before decision d (a favor card drawn, the card swap's draw) is what it really
  showed;
* at decision d (the root) it redeals what the seat cannot see: the deck, the other hands,
  the favor deck, the other seats' favor cards (``observe.determinize``: from the seat's
  view only, on the iteration's own stream); from there chance is the redeal's;
* the tree (``simulate/core/mcts_tree``, shared by the games' kernels) chooses the seat's
  decisions from d to the end of its turn, priors from the heuristic's option scores,
  until it reaches a node it never visited; the heuristic plays the rest of the turn;
* every seat then plays on with its heuristic (random stays random) up to the horizon:
  k rounds of turns (this one and each other seat's next k times; the default two), N turns,
  or the game's end; the position is scored as if the game ended there, plus what the
  pieces still promise (``evaluation``: VP after the final scoring, the ships' river
  progress and the prophet's steps by the seat's weights, over the best rival's), and
  the reward (``reward_of``) backed up.

The most visited option at the root is the plan's decision d. Decisions of the turn are
in the tree, the other seats' are not (they are played by their heuristics, as the
lookahead's rollouts play them). Everything is a function of the game's seed: a game is
the same whatever its batch, and the real turn draws what it would have drawn.
"""
from ..core.jit import hot
from ..core.mcts_tree import ROOT, backup, reward_of, tree_reset
from .layout import *  # noqa: F403
from .lookahead import NO_LOG, horizon_end
from .scorer import (MAX_PLAN, WS_BACKUP, WS_DEPTH, WS_IN_TREE, WS_ITERATION, WS_MODE, WS_NODE, WS_PLAN_N, WS_POL,
                     WS_REACHED, WS_TREE)
from .search_step import MODE_FOLLOW, MODE_PICK, MODE_SIM
from .policy import location_value
from .turn import MAX_TURNS, final_scoring, play_turn

REWARD_SCALE = 2.0       # VP: a margin this large is worth about 0.88 of a win (measured best of 1, 2, 4, 8)


@hot
def potential(S, T, W, p, q):
    """What seat q's pieces are worth beyond the final scoring, by seat p's weights: its ships'
    river progress and its prophet's steps (they score later, as temple places and platforms)."""
    v = W[p, W_PROPHET_STEP] * S[S_PROPHET + q]
    for i in range(MAX_SHIPS):
        v += location_value(T, W, p, S[S_SHIP_LOC + q * MAX_SHIPS + i])
    return v


@hot
def evaluation(S, T, W, p):
    """Seat p's position after the final scoring (already applied to S): its VP and potential
    over the best rival's (both by p's weights)."""
    best = -1e18
    for q in range(S[S_N_PLAYERS]):
        if q != p:
            best = max(best, W[p, W_VP] * S[S_VP + q] + potential(S, T, W, p, q))
    return W[p, W_VP] * S[S_VP + p] + potential(S, T, W, p, p) - best


@hot
def start_pass(S, R, POL, WS, p, r0, mode):
    """Back at the turn's start, to play it once more in `mode`."""
    for i in range(S_SIZE):
        S[i] = WS[WS_BACKUP + i]
    R[0] = r0
    S[S_LOG_N] = NO_LOG
    WS[WS_MODE] = mode
    WS[WS_DEPTH] = 0
    WS[WS_NODE] = ROOT
    WS[WS_IN_TREE] = 1
    WS[WS_REACHED] = 0
    for q in range(MAX_PLAYERS):
        POL[q] = POL_RANDOM if WS[WS_POL + q] == POL_RANDOM else POL_HEURISTIC
    POL[p] = POL_MCTS


@hot
def search(S, T, W, POL, R, SCR, LOG, OPT, X, p, r0, iterations, horizon):
    """Search the turn's next decision with a choice (``WS_PLAN_N`` are planned) and plan it;
    False if the turn has no more."""
    WS = X[1]
    tree_reset(WS, WS_TREE)
    for k in range(iterations):
        start_pass(S, R, POL, WS, p, r0, MODE_SIM)
        WS[WS_ITERATION] = k
        end = horizon_end(S, horizon)
        play_turn(S, T, W, POL, R, SCR, LOG, OPT, X, False)
        if WS[WS_REACHED] == 0:
            return False                  # (the same in every iteration: the plan's turn is fixed)
        POL[p] = POL_HEURISTIC
        while S[S_OVER] == 0 and S[S_TURN] < min(end, MAX_TURNS):
            play_turn(S, T, W, POL, R, SCR, LOG, OPT, X, False)
        final_scoring(S, T, LOG)
        backup(WS, WS_TREE, WS[WS_NODE], reward_of(evaluation(S, T, W, p), REWARD_SCALE))
    start_pass(S, R, POL, WS, p, r0, MODE_PICK)
    play_turn(S, T, W, POL, R, SCR, LOG, OPT, X, False)
    WS[WS_PLAN_N] += 1
    return True


@hot
def plan_turn(S, T, W, POL, R, SCR, LOG, OPT, X):
    """Plan the seat's turn (module doc); the turn is then played by ``play_turn`` with the
    seat's decisions following the plan (MODE_FOLLOW). S, R and the seats' policies come back
    as they were."""
    WS = X[1]
    p = S[S_CUR]
    for i in range(S_SIZE):
        WS[WS_BACKUP + i] = S[i]
    for q in range(MAX_PLAYERS):
        WS[WS_POL + q] = POL[q]
    r0 = R[0]
    iterations = max(1, int(W[p, W_PARAMS + PARAM_ITERATIONS]))
    horizon = int(W[p, W_PARAMS + PARAM_HORIZON])
    WS[WS_PLAN_N] = 0
    for _ in range(MAX_PLAN):
        if not search(S, T, W, POL, R, SCR, LOG, OPT, X, p, r0, iterations, horizon):
            break
    for i in range(S_SIZE):
        S[i] = WS[WS_BACKUP + i]
    R[0] = r0
    for q in range(MAX_PLAYERS):
        POL[q] = WS[WS_POL + q]
    WS[WS_MODE] = MODE_FOLLOW
    WS[WS_DEPTH] = 0
    WS[WS_IN_TREE] = 0
