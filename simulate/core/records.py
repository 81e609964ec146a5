"""A batch's tables, for every game: the CORE columns (``CORE``) built here from the
result arrays, at the offsets the game's Results declares (``protocol.ArrayResults``), then the
columns of the game's own as its records module (``Game.records``) declares them:

    GAMES = [(name, source, arrow type), ...]     # its games columns, after the CORE ones
    SEATS = [...]                                  # its seats columns, after the CORE ones
    TABLES = {name: (schema, build)}               # its other tables, if any: build(batch) -> table

A source is an offset into a game row (GAMES) or a seat row (SEATS), the column the row holds as
it is (a bool column: true where not 0); a pair (offset, null), that column null where
``null(values)`` holds (``lambda turns: turns == 0``); or a function of the ``Batch`` that makes
the column (names, values computed from several). ``check_columns`` declares the two columns of the
check mode's errors from the game's messages.
"""
from functools import cache

import numpy as np
import pyarrow as pa

from .columns import col, constant, names

# Columns every game's tables carry, which analysis and reports rely on. A game adds its own
# after them (``score_<source>`` columns in seats are read as its score sources).
CORE = {
    "games": ("run_id", "game_id", "seed", "game", "variant", "n_players", "turns", "rounds", "winner_seat",
              "winner_strategy", "tie"),
    "seats": ("run_id", "game_id", "seat", "strategy", "strategy_slot", "won", "rank", "score_total"),
}

TYPES = {"run_id": pa.string(), "game_id": pa.int64(), "seed": pa.uint64(), "game": pa.string(),
         "variant": pa.string(), "n_players": pa.int8(), "turns": pa.int16(), "rounds": pa.int16(),
         "winner_seat": pa.int8(), "winner_strategy": pa.string(), "tie": pa.bool_(), "seat": pa.int8(),
         "strategy": pa.string(), "strategy_slot": pa.int8(), "won": pa.bool_(), "rank": pa.int8(),
         "score_total": pa.int16()}


class Batch:
    """A batch's first `n` games as column builders read them: `games` (n, columns) and
    `seats` (n * k, columns), a row per seat, game by game; `game_id` numbers the games."""

    def __init__(self, r, run_id, first, strategies):
        self.r, self.run_id, self.strategies = r, run_id, strategies
        self.n, self.k = r.n, r.n_players
        self.game_id = np.arange(first, first + r.n, dtype=np.int64)
        self.games = r.games[:r.n]
        self.seats = r.seats[:r.n, :r.n_players].reshape(r.n * r.n_players, r.seats.shape[2])


def check_columns(messages):
    """The games columns of check mode: ``check_error``, the message of each game's first
    violation (its code's in `messages()`, {code: text}, called when a table is built: a game may
    keep the texts beside its kernel's checks; "check <code>" for a code not there), and
    ``check_error_turn``, its turn; both null in a game without one."""
    def error(b):
        codes = b.games[:, b.r.ERROR]
        known = messages()
        return names(codes, [known.get(c, f"check {c}") for c in range(int(codes.max(initial=0)) + 1)], codes != 0)

    def turn(b):
        return col(b.games[:, b.r.ERROR_TURN], pa.int16(), mask=b.games[:, b.r.ERROR] == 0)
    return [("check_error", error, pa.string()), ("check_error_turn", turn, pa.int16())]


@cache
def schemas(records):
    """{table: pyarrow.Schema} of a game's records module: games and seats, the CORE columns
    first, then its other tables."""
    def schema(table, own):
        return pa.schema([(name, TYPES[name]) for name in CORE[table]] + [(name, typ) for name, _, typ in own])
    return {"games": schema("games", records.GAMES), "seats": schema("seats", records.SEATS),
            **{name: s for name, (s, _) in getattr(records, "TABLES", {}).items()}}


def tables(r, records, *, run_id, first, strategies, variant):
    """Results `r` (its first r.n games, numbered from `first`) -> {table: pyarrow.Table}."""
    b = Batch(r, run_id, first, strategies)
    schema = schemas(records)
    return {"games": pa.table(core_games(b, variant) + own_columns(b, b.games, records.GAMES), schema=schema["games"]),
            "seats": pa.table(core_seats(b) + own_columns(b, b.seats, records.SEATS), schema=schema["seats"]),
            **{name: build(b) for name, (_, build) in getattr(records, "TABLES", {}).items()}}


def core_games(b, variant):
    """The CORE games columns."""
    r, n = b.r, b.n
    winner = b.games[:, r.WINNER]
    winner_slot = np.take_along_axis(r.seats[:n, :b.k, r.SLOT], np.maximum(winner, 0)[:, None], axis=1)[:, 0]
    return [constant(b.run_id, n), pa.array(b.game_id), pa.array(r.seeds[:n]), constant(r.game.name, n),
            constant(variant, n), pa.array(np.full(n, b.k, np.int8)), col(b.games[:, r.TURNS], pa.int16()),
            col(b.games[:, r.ROUNDS], pa.int16()), col(winner, pa.int8(), mask=winner < 0),
            names(winner_slot, b.strategies, winner >= 0), pa.array(b.games[:, r.TIE] != 0)]


def core_seats(b):
    """The CORE seats columns."""
    r, rows = b.r, b.n * b.k
    slot = b.seats[:, r.SLOT]
    return [constant(b.run_id, rows), pa.array(np.repeat(b.game_id, b.k)),
            pa.array(np.tile(np.arange(b.k, dtype=np.int8), b.n)), names(slot, b.strategies), col(slot, pa.int8()),
            pa.array(b.seats[:, r.WON] != 0), col(b.seats[:, r.RANK], pa.int8()), col(b.seats[:, r.SCORE], pa.int16())]


def own_columns(b, rows, declared):
    """The game's declared columns of one table, `rows` its rows."""
    return [own_column(b, rows, source, typ) for _, source, typ in declared]


def own_column(b, rows, source, typ):
    if callable(source):
        return source(b)
    if isinstance(source, tuple):
        at, null = source
        return col(rows[:, at], typ, mask=null(rows[:, at]))
    if typ == pa.bool_():
        return pa.array(rows[:, source] != 0)
    return col(rows[:, source], typ)
