"""Who plays which seat in game k of a run: the one rule that every game's batch, its Python face,
the worker and the runner share (a game implements its rules, not the seating). Plain Python, so
that importing it costs no numba; a kernel compiles it where it calls it: ``tiny(seats.seated_at)``."""


def seated_at(p, game_index, n_players, rotate):
    """Which of the run's strategies (and of any per-seat option a game rotates with them) seat p
    plays in game `game_index`: its own, or with `rotate` the (p + game_index) mod n_players-th,
    so that over any n_players consecutive games every strategy plays every seat once."""
    return (p + game_index) % n_players if rotate else p


def treated_seat(game_index, n_players):
    """The seat an intervention treats in game `game_index`: every seat in turn, so that an
    effect is measured over all seats (``Game.intervention_table``)."""
    return game_index % n_players
