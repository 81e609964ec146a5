"""The EOS MCTS player: information-set Monte Carlo tree search over the seat's own turn.

At each of its decisions with two or more options (every decision of its turn, and any it
takes in another seat's turn) the seat runs `iterations` iterations of one search
(``simulate/core/mcts_tree.py``: children keyed by the option's row, availability counts, PUCT
with the heuristic's option scores as priors). Each iteration:

1. copies the real state back (saved in SB) and *determinizes* what the seat cannot see,
   keeping every count: the other seats' general journey cards in hand pooled with the
   journey deck and redealt; each other seat's nation journey cards in hand pooled with the
   ones its nation never dealt (in the box, never held); the upgrade and event decks and
   the Demon Lords to spawn shuffled; the placement tokens between the bottom 6 and the top
   one (the pawn's area, in sight) shuffled. Every pool is sorted before it is shuffled on
   the iteration's stream, so a redeal depends on which cards are unseen, never on how
   they actually lie (the rules: only the faces of cards in hand are hidden);
2. walks the tree over the seat's own decisions until its turn ends, the other seats and
   chance played by their heuristics in between (not branched on), and leaves the tree at
   the first child never visited before (or when the tree is full);
3. plays on with every seat on its heuristic (random stays random) until `horizon` more of
   the seat's turns have begun (``HORIZON_WORDS``: "round" = 1, "game" = to the end), and
   scores the position with the lookahead's ``margin``, less the margin at the root (so the
   reward's tanh works on what the search changed, not on the score so far);
4. backs the reward up the walked path.

The seat takes the root's most visited option. Seeds: iteration k plays on
game_seed(base, k), base a hash of the game's stream, the turn and the decision's frame;
the game's RG and RP come back as they were, so a game is a function of (run seed, game
index) whatever the batch. Hot code allocates nothing: the saved state, the option list,
the scores, the card pool and the tree are regions of SB (layout SB_*).
"""
from ..core.jit import hot
from ..core.mcts_tree import (N_VISITS, NODE_W, ROOT, backup, field, find_child, most_visited, reward_of, select,
                              tree_reset)
from ..core.rng import game_seed, shuffle_unseen
from .engine import choose
from .playout import onward, put_back, restore_phases, set_aside
from .frames import top, top_player
from .layout import (CARD_GAINED, CARD_W, C_J_NATION, C_N_JOURNEY, C_NATION_JOURNEY_N, J_BOX, J_DECK, J_HAND,
                     MAX_OPT, MAX_PLAYERS, MCTS_NODE_W, NS_JOURNEY, OPT_W, POL_GREEDY, S_CARD,
                     S_EDECK, S_EDECK_N, S_JDECK, S_JDECK_N, S_JLOC, S_LORD_STACK, S_LORD_STACK_N, S_N, S_N_HAND,
                     S_PLACEMENT, S_PLACEMENT_N, S_SIZE, S_SOLO, S_SP, S_TURN, S_UDECK, S_UDECK_N, SB_OPT,
                     SB_POOL, SB_SC, SB_STATE, SB_TREE, W_HORIZON, W_ITERATIONS, FR_KIND, FR_PLAYER)
from .policy import option_targets, option_value, pick, weights_now
from .scoring import margin

assert MCTS_NODE_W == NODE_W, "layout.MCTS_NODE_W must be mcts_tree.NODE_W (SB's tree size)"

TEMP = 2.0              # the priors' softmax temperature, in glory: options 2 glory apart weigh e:1
C_PUCT = 1.5            # exploration: the prior's weight against the mean reward
REWARD_SCALE = 20.0     # glory of margin gained over the root's that is worth a reward of ~0.88
SOLO_SCALE = 50.0       # the same for a solo game's standing (100 a task)
MAX_SCORE = 1e6         # option scores are clipped to +-this (glory) to fit int32 milli-units


@hot
def redeal_journey(S, C, p, R, SB):
    """The journey deck and the other seats' general cards in hand, pooled and dealt again:
    each hand keeps its count (S_N_HAND), the deck the rest."""
    n = 0
    for i in range(S[S_JDECK_N]):
        SB[SB_POOL + n] = S[S_JDECK + i]
        n += 1
    for j in range(C[C_N_JOURNEY]):
        loc = S[S_JLOC + j]
        if C[C_J_NATION + j] < 0 and J_HAND <= loc < J_HAND + MAX_PLAYERS and loc != J_HAND + p:
            SB[SB_POOL + n] = j
            n += 1
    shuffle_unseen(SB, SB_POOL, n, R)
    k = 0
    for q in range(S[S_N]):
        if q != p:
            for _ in range(S[S_N_HAND + q]):
                S[S_JLOC + SB[SB_POOL + k]] = J_HAND + q
                k += 1
    for i in range(S[S_JDECK_N]):
        S[S_JDECK + i] = SB[SB_POOL + k]
        S[S_JLOC + SB[SB_POOL + k]] = J_DECK
        k += 1


@hot
def redeal_nation_cards(S, C, NS, p, R, SB):
    """Each other seat's nation journey cards in hand, pooled with those its nation never
    dealt (in the box and never held: a discarded one was seen) and dealt again, the hand
    keeping its count."""
    for q in range(S[S_N]):
        if q == p:
            continue
        n = 0
        held = 0
        for i in range(C[C_NATION_JOURNEY_N]):
            j = NS[q, NS_JOURNEY + i]
            loc = S[S_JLOC + j]
            if loc == J_HAND + q:
                held += 1
            elif loc != J_BOX or S[S_CARD + j * CARD_W + CARD_GAINED] != 0:
                continue
            SB[SB_POOL + n] = j
            n += 1
        shuffle_unseen(SB, SB_POOL, n, R)
        for k in range(n):
            S[S_JLOC + SB[SB_POOL + k]] = J_HAND + q if k < held else J_BOX


@hot
def determinize(S, C, NS, p, R, SB):
    """Redeal what seat p cannot see, keeping every count (module doc, 1)."""
    redeal_journey(S, C, p, R, SB)
    redeal_nation_cards(S, C, NS, p, R, SB)
    shuffle_unseen(S, S_UDECK, S[S_UDECK_N], R)
    shuffle_unseen(S, S_EDECK, S[S_EDECK_N], R)
    shuffle_unseen(S, S_LORD_STACK, S[S_LORD_STACK_N], R)
    if S[S_PLACEMENT_N] > 2:            # the bottom 6 and the top token (the pawn's area) are in sight
        shuffle_unseen(S, S_PLACEMENT + 1, S[S_PLACEMENT_N] - 2, R)


@hot
def option_scores(S, C, NS, PR, W, PV, PH, OPT, n, SB):
    """The heuristic's worth of each option of OPT[:n] (as ``policy.decide`` weighs them, with
    the deciding seat's weights for now) into SB[SB_SC:], in milli-glory: the priors."""
    p = top_player(S)
    weights_now(S, C, W, PV, PH, p)
    target, blocked, most = option_targets(S, C, NS, PR, W, PV, OPT, n)
    for i in range(n):
        v = option_value(S, C, NS, PR, W, PV, OPT, i, target, blocked, most)
        SB[SB_SC + i] = int(round(1000.0 * max(-MAX_SCORE, min(MAX_SCORE, v))))


@hot
def new_children(SB, node, OPT, n):
    """Does some option of OPT[:n] have no child of `node` yet (its prior is needed)?"""
    for i in range(n):
        if find_child(SB, SB_TREE, node, OPT, i) < 0:
            return True
    return False


@hot
def iteration(S, C, NS, PR, RG, RP, OPT, NB, n, POL_seat, W, PV, PH, SB, tmp, p, seed, turns, scale, root):
    """One iteration of the search from the saved state (module doc, 1-4); S comes back as it was."""
    RG[0] = seed
    RP[0] = game_seed(seed, 1)
    determinize(S, C, NS, p, RG, SB)
    for r in range(MAX_OPT):
        for c in range(OPT_W):
            OPT[r, c] = SB[SB_OPT + r * OPT_W + c]
    turn0 = S[S_TURN]
    turn = turn0
    node = ROOT
    walking = True
    started = 0
    while True:
        q = top_player(S)
        if walking and q == p and n > 1 and S[S_TURN] == turn0:
            if new_children(SB, node, OPT, n):
                option_scores(S, C, NS, PR, W, PV, PH, OPT, n, SB)
            i, child = select(SB, SB_TREE, node, OPT, n, SB, SB_SC, TEMP, C_PUCT)
            if child < 0:               # the tree is full: roll out from here
                walking = False
            else:
                walking = field(SB, SB_TREE, child, N_VISITS) > 0   # a new node ends the walk
                node = child
        else:
            i = pick(S, C, NS, PR, RP, OPT, n, POL_seat[q], W, PV, PH)
        choose(S, C, NS, PR, RG, OPT, i)
        n, turn, started = onward(S, C, NS, PR, RG, OPT, NB, p, turn, started, turns)
        if n == 0:
            break
    backup(SB, SB_TREE, node, reward_of(margin(S, C, NS, PR, W, p, tmp) - root, scale))
    for k in range(S_SIZE):
        S[k] = SB[SB_STATE + k]


@hot
def mcts_choice(S, C, NS, PR, RG, RP, OPT, NB, n, POL_seat, W, PV, PH, SB, tmp):
    """The index of the option (of n in OPT) the MCTS seat takes (module doc)."""
    at = top(S)
    p = S[at + FR_PLAYER]
    iterations = max(1, int(W[p, W_ITERATIONS]))
    turns = max(1, int(W[p, W_HORIZON]))
    scale = SOLO_SCALE if S[S_SOLO] else REWARD_SCALE
    weights_now(S, C, W, PV, PH, p)     # (its weights for now, before the phases are saved)
    for k in range(S_SIZE):
        SB[SB_STATE + k] = S[k]
    set_aside(OPT, POL_seat, PH, SB)
    root = margin(S, C, NS, PR, W, p, tmp)
    game_rg, game_rp = RG[0], RP[0]
    base = game_seed(game_seed(game_rg, S[S_TURN]), S[S_SP] * 64 + S[at + FR_KIND])
    tree_reset(SB, SB_TREE)
    for k in range(iterations):
        iteration(S, C, NS, PR, RG, RP, OPT, NB, n, POL_seat, W, PV, PH, SB, tmp, p, game_seed(base, k), turns,
                  scale, root)
        restore_phases(S, C, W, PV, PH, SB)
    RG[0], RP[0] = game_rg, game_rp
    put_back(OPT, POL_seat, SB)
    best = most_visited(SB, SB_TREE, ROOT, OPT, n)
    return best if best >= 0 else pick(S, C, NS, PR, RP, OPT, n, POL_GREEDY, W, PV, PH)
