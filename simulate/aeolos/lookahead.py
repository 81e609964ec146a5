"""The lookahead player: flat Monte Carlo over the sailing card.

At the start of its turn the seat tries each distinct card in its hand: for each,
a few rollouts redeal what it cannot see (``observe.determinize``), play the
forced card and the rest of the game (or `horizon` turns) with every seat on its
fast policy (the heuristic with its weights; random stays random), score the
position as if the game ended there, and average its VP margin over the best
rival. Every card is tried on the same redeals (common random numbers), so the
comparison is between cards, not between deals. The card with the best mean is
stored in ``S_FORCED_CARD`` and the turn is then played by the heuristic with
that card. Other decisions of the turn are the heuristic's.

Rollouts play on the real state, policies and rng, saved before and restored
after each one (hot code allocates nothing); the transcript is switched off.
"""
from ..core.jit import hot
from ..core.rng import game_seed
from .layout import *  # noqa: F403
from .observe import determinize
from .scorer import WS_BACKUP, WS_POL, WS_POOL
from .turn import MAX_TURNS, final_scoring, play_turn

NO_LOG = 1 << 30        # a transcript position past any LOG: log() writes nothing


@hot
def same_card(T, a, b):
    return (T[T_CARD_COLOUR + a] == T[T_CARD_COLOUR + b] and T[T_CARD_VALUE + a] == T[T_CARD_VALUE + b]
            and T[T_CARD_SYMBOL + a] == T[T_CARD_SYMBOL + b])


@hot
def margin(S, p):
    best_rival = -1 << 30
    for q in range(S[S_N_PLAYERS]):
        if q != p:
            best_rival = max(best_rival, S[S_VP + q])
    return S[S_VP + p] - best_rival


@hot
def horizon_end(S, horizon):
    """The turn a search's rollout stops at: `horizon` turns on; -k (the words "round",
    "2rounds", ...) k rounds of turns, this one and each other seat's next k times; 0 the
    game's end."""
    if horizon < 0:
        return S[S_TURN] - horizon * S[S_N_PLAYERS]
    if horizon > 0:
        return S[S_TURN] + horizon
    return MAX_TURNS


@hot
def rollout(S, T, W, POL, R, SCR, LOG, OPT, X, p, card, seed, horizon):
    """VP margin of seat p after one redealt rollout that starts by playing `card`;
    S comes back as it was."""
    WS = X[1]
    for i in range(S_SIZE):
        WS[WS_BACKUP + i] = S[i]
    R[0] = seed
    determinize(S, p, R, WS, WS_POOL)
    S[S_FORCED_CARD] = card
    S[S_FORCED_CARD + 1] = S[S_TURN] + 1
    S[S_LOG_N] = NO_LOG
    end = horizon_end(S, horizon)
    while S[S_OVER] == 0 and S[S_TURN] < min(end, MAX_TURNS):
        play_turn(S, T, W, POL, R, SCR, LOG, OPT, X, False)
    final_scoring(S, T, LOG)
    m = margin(S, p)
    for i in range(S_SIZE):
        S[i] = WS[WS_BACKUP + i]
    return m


@hot
def lookahead_card(S, T, W, POL, R, SCR, LOG, OPT, X):
    """Pick the seat's sailing card for this turn by rollouts (see the module doc)."""
    WS = X[1]
    p = S[S_CUR]
    rollouts = max(1, int(W[p, W_PARAMS + PARAM_ROLLOUTS]))
    horizon = int(W[p, W_PARAMS + PARAM_HORIZON])
    for q in range(MAX_PLAYERS):
        WS[WS_POL + q] = POL[q]
        POL[q] = POL_RANDOM if POL[q] == POL_RANDOM else POL_HEURISTIC
    game_stream = R[0]
    base = game_seed(game_stream, S[S_TURN])
    best_card, best = -1, -1e18
    hand = S_HAND + p * HAND_CAP
    for slot in range(S[S_HAND_N + p]):
        card = S[hand + slot]
        seen = False
        for other in range(slot):
            if same_card(T, card, S[hand + other]):
                seen = True
        if seen:
            continue
        total = 0.0
        for k in range(rollouts):
            total += rollout(S, T, W, POL, R, SCR, LOG, OPT, X, p, card, game_seed(base, k), horizon)
        if total > best:
            best, best_card = total, card
    R[0] = game_stream
    for q in range(MAX_PLAYERS):
        POL[q] = WS[WS_POL + q]
    S[S_FORCED_CARD] = best_card
    S[S_FORCED_CARD + 1] = S[S_TURN] + 1
