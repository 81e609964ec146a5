"""What a game's batch kernel does that is no rule of the game: seat the run's strategies for a
game, and rank its seats by score where a tie on score is shared (a game with a tiebreak ranks
its own). Plain Python like ``seats``, compiled where a kernel calls it:
``tiny(kernel_frame.rank_by_score)``."""
from . import seats as seating
from .jit import tiny

seated_at = tiny(seating.seated_at)


def seat_strategies(POL, W, game_index, n_players, rotate, POL_seat, W_seat, slot):
    """Seat the run's strategies (rows of POL, W) for game `game_index`: seat p's policy and
    weights into row p of POL_seat and W_seat, its strategy row into slot[p]."""
    for p in range(n_players):
        q = seated_at(p, game_index, n_players, rotate)
        POL_seat[p] = POL[q]
        for k in range(W.shape[1]):
            W_seat[p, k] = W[q, k]
        slot[p] = q


def rank_by_score(games, seats, g, n_players, SCORE, RANK, WON, WINNER, TIE):
    """Rank game g's seats by their score (column SCORE of their rows in `seats`): a seat's rank
    is how many seats scored more, the seats at rank 0 won; the first of them is the game's
    winner and more than one a tie (columns of ``protocol.ArrayResults``)."""
    winners = 0
    games[g, WINNER] = -1
    for p in range(n_players):
        rank = 0
        for q in range(n_players):
            if seats[g, q, SCORE] > seats[g, p, SCORE]:
                rank += 1
        seats[g, p, RANK] = rank
        seats[g, p, WON] = 1 if rank == 0 else 0
        if rank == 0:
            winners += 1
            if games[g, WINNER] < 0:
                games[g, WINNER] = p
    games[g, TIE] = 1 if winners > 1 else 0
