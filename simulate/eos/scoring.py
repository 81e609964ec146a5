"""The end of an EOS game's scoring (rulebook: "End of the game"): the end bonus by kind and
the final glory, for the records, the face and the lookahead's rollouts; and a position's
worth to a seat as if the game ended now (``margin``, the lookahead's and the MCTS's)."""
from ..core.jit import hot
from .layout import (C_BONUS_DEMON, C_BONUS_JOURNEY, C_BONUS_MORALE, C_BONUS_RANK, C_BONUS_UPGRADE, C_N_JOURNEY,
                     J_PLAYED, J_WAITING, N_HEROES, S_ATTACKS, S_BELIA, S_BLESSINGS, S_COINS, S_GLORY, S_JLOC,
                     S_MORALE, S_N, S_N_HAND, S_RANK, S_SOLO, W_RESERVE, Y_ANGEL_ATTACK, Y_BLESSING, Y_COINS, Y_DRAW)
from .resources import demons_harmless, unprotected_demons
from .solo import standing as solo_standing
from .symbols import upgrades_in_play


@hot
def end_bonus(S, C, NS, PR, p, out):
    """The end-of-game bonus glory by kind into out[0..4] (unprotected Demons, morale
    boosts, rank increases, played journey cards, upgrades in play); their sum."""
    morale = 0
    ranks = 0
    for h in range(N_HEROES):
        morale += S[S_MORALE + p * N_HEROES + h]
        ranks += S[S_RANK + p * N_HEROES + h] - 1
    played = 0
    for j in range(C[C_N_JOURNEY]):
        if S[S_JLOC + j] == J_PLAYED + p or S[S_JLOC + j] == J_WAITING + p:
            played += 1
    out[0] = C[C_BONUS_DEMON] * (unprotected_demons(S, PR, p) + S[S_BELIA + p])   # Belia's count as unprotected
    if demons_harmless(S, p):               # the Street of Demons: "no matter how many Demons you have"
        out[0] = 0
    out[1] = C[C_BONUS_MORALE] * morale
    out[2] = C[C_BONUS_RANK] * ranks
    out[3] = C[C_BONUS_JOURNEY] * played
    out[4] = C[C_BONUS_UPGRADE] * upgrades_in_play(S, C, p)
    return out[0] + out[1] + out[2] + out[3] + out[4]


@hot
def final_glory(S, C, NS, PR, p, tmp):
    return max(0, S[S_GLORY + p] + end_bonus(S, C, NS, PR, p, tmp))


@hot
def holding(S, W, p, q):
    """What seat q still holds, in glory by p's weights: coins beyond the reserve, blessing
    tokens, Angel attacks, cards in hand."""
    coins = max(0.0, S[S_COINS + q] - W[p, W_RESERVE])
    return (W[p, Y_COINS] * coins + W[p, Y_BLESSING] * S[S_BLESSINGS + q]
            + W[p, Y_ANGEL_ATTACK] * S[S_ATTACKS + q] + W[p, Y_DRAW] * S[S_N_HAND + q])


@hot
def margin(S, C, NS, PR, W, p, tmp):
    """p's position as if the game ended now, over the best rival's (both weighed by p's weights);
    solo: its standing on the scenario's tasks and what it holds."""
    if S[S_SOLO]:
        return solo_standing(S, C, NS, p) + holding(S, W, p, p)
    best = -1e18
    mine = 0.0
    for q in range(S[S_N]):
        v = final_glory(S, C, NS, PR, q, tmp) + holding(S, W, p, q)
        if q == p:
            mine = v
        elif v > best:
            best = v
    return mine - best
