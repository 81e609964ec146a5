"""The EOS lookahead player: flat Monte Carlo over the turn's action.

At each of its turn's action choices (the F_ACTION frame: a hero, the chronicle action,
a recharge, an extra crew) the seat tries every option: for each, `rollouts` rollouts
take that option and play on with every seat on its heuristic (random stays random)
until `horizon` more of the seat's turns have begun (1: the rest of this turn and the
other seats' next turns), then score
the position as if the game ended there (final glory, end bonus included) plus what the
seat still holds, weighed by its own symbol weights (coins beyond the reserve, blessing
tokens, Angel attacks, cards in hand), and take the option with the best mean margin
over the best rival. Every option is tried on the same rollout seeds (common random
numbers), so the comparison is between options, not between draws. Its other decisions,
and the rollouts, are the heuristic's (``policy.pick``) with its weights.

What it may not see is redealt in each rollout: the journey, upgrade and event decks,
the Demon Lords still to spawn and the placement tokens are shuffled on the rollout's
own stream. The other seats' hands are not (a simplification: they are played by the
heuristics in the rollouts as they are).

Rollouts play on the real state, saved before and restored after each one (``SB``: a
scratch of the state's size, the option list and the seats' phases); hot code allocates
nothing. Everything is a function of the game's seed: replay and the batch agree.
"""
from ..core.jit import hot
from ..core.rng import game_seed, shuffle_range
from .engine import choose
from .playout import onward, put_back, restore_phases, set_aside
from .frames import top_kind, top_player
from .scoring import margin
from .layout import (F_ACTION, MAX_OPT, OPT_W, POL_GREEDY, POL_LOOKAHEAD, POL_MCTS, POL_PLUGIN, S_EDECK, S_EDECK_N,
                     S_JDECK, S_JDECK_N, S_LORD_STACK, S_LORD_STACK_N, S_PLACEMENT, S_PLACEMENT_N, S_SIZE, S_TURN,
                     S_UDECK, S_UDECK_N, W_HORIZON, W_ROLLOUTS, SB_OPT, SB_STATE)
from .policy import pick, weights_now
from .scorer import plugin_choice
from .mcts import mcts_choice


@hot
def redeal(S, R):
    """Shuffle what no seat can see: the decks, the Lords to spawn, the placement tokens."""
    shuffle_range(S, S_JDECK, S[S_JDECK_N], R)
    shuffle_range(S, S_UDECK, S[S_UDECK_N], R)
    shuffle_range(S, S_EDECK, S[S_EDECK_N], R)
    shuffle_range(S, S_LORD_STACK, S[S_LORD_STACK_N], R)
    shuffle_range(S, S_PLACEMENT, S[S_PLACEMENT_N], R)


@hot
def rollout(S, C, NS, PR, RG, RP, OPT, NB, POL_seat, W, PV, PH, SB, tmp, p, i, seed, turns):
    """Seat p's margin after taking option i (of the list saved in SB) and playing on until
    `turns` more of p's turns have begun (the game's end at the latest); S comes back as it was."""
    for k in range(S_SIZE):
        SB[SB_STATE + k] = S[k]
    RG[0] = seed
    RP[0] = game_seed(seed, 1)
    redeal(S, RG)
    for r in range(MAX_OPT):
        for c in range(OPT_W):
            OPT[r, c] = SB[SB_OPT + r * OPT_W + c]
    choose(S, C, NS, PR, RG, OPT, i)
    turn, started = S[S_TURN], 0
    while True:
        n, turn, started = onward(S, C, NS, PR, RG, OPT, NB, p, turn, started, turns)
        if n == 0:
            break
        choose(S, C, NS, PR, RG, OPT, pick(S, C, NS, PR, RP, OPT, n, POL_seat[top_player(S)], W, PV, PH))
    m = margin(S, C, NS, PR, W, p, tmp)
    for k in range(S_SIZE):
        S[k] = SB[SB_STATE + k]
    return m


@hot
def lookahead_action(S, C, NS, PR, RG, RP, OPT, NB, n, POL_seat, W, PV, PH, SB, tmp):
    """The index of the action option (of n in OPT) the lookahead seat takes (module doc)."""
    p = top_player(S)
    rollouts = max(1, int(W[p, W_ROLLOUTS]))
    turns = max(1, int(W[p, W_HORIZON]))
    set_aside(OPT, POL_seat, PH, SB)
    game_rg, game_rp = RG[0], RP[0]
    base = game_seed(game_rg, S[S_TURN])
    best, best_v = 0, -1e18
    for i in range(n):
        total = 0.0
        for k in range(rollouts):
            total += rollout(S, C, NS, PR, RG, RP, OPT, NB, POL_seat, W, PV, PH, SB, tmp, p, i,
                             game_seed(base, k), turns)
            restore_phases(S, C, W, PV, PH, SB)
        if total > best_v:
            best_v, best = total, i
    RG[0], RP[0] = game_rg, game_rp
    put_back(OPT, POL_seat, SB)
    return best


@hot
def seat_choice(S, C, NS, PR, RG, RP, OPT, NB, n, POL_seat, W, PV, PH, SB, tmp, SLOT, X):
    """The option the deciding seat's policy takes: the lookahead's at its action choices,
    the MCTS player's at each of its decisions with a choice (``mcts.py``), a plugin's (X:
    the strategy rows' scorers, None without plugins; SLOT: each seat's strategy row), else
    ``policy.pick`` (the heuristic's or a random pick)."""
    p = top_player(S)
    pol = POL_seat[p]
    if X is not None and pol == POL_PLUGIN:
        if n == 1:
            return 0
        weights_now(S, C, W, PV, PH, p)
        return plugin_choice(S, C, NS, PR, OPT, n, W, PV, SLOT[p], X, SB)
    if pol == POL_LOOKAHEAD:
        if n > 1 and top_kind(S) == F_ACTION:
            return lookahead_action(S, C, NS, PR, RG, RP, OPT, NB, n, POL_seat, W, PV, PH, SB, tmp)
        return pick(S, C, NS, PR, RP, OPT, n, POL_GREEDY, W, PV, PH)
    if pol == POL_MCTS and n > 1:
        return mcts_choice(S, C, NS, PR, RG, RP, OPT, NB, n, POL_seat, W, PV, PH, SB, tmp)
    return pick(S, C, NS, PR, RP, OPT, n, pol, W, PV, PH)
