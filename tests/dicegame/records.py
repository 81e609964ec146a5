"""The dice game's result arrays -> its two Arrow tables, `games` and `seats` (no `cards`
table: the generic code must do without one). The CORE columns (``simulate/core/protocol.py``)
come first; every column is built with vectorised numpy / pyarrow calls."""
import numpy as np
import pyarrow as pa

from simulate.core.columns import col as _col, constant as _constant, names as _names
from simulate.core.protocol import CORE

from . import layout as L

GAME_VALUES = [("turns", L.G_TURNS, pa.int16()), ("rounds", L.G_ROUNDS, pa.int16())]
SEAT_VALUES = ([("rank", L.P_RANK, pa.int8()), ("score_total", L.P_SCORE, pa.int16()),
                ("score_banked", L.P_BANKED, pa.int16()), ("score_bonus", L.P_BONUS, pa.int16()),
                ("busts", L.P_BUSTS, pa.int16()), ("rolls", L.P_ROLLS, pa.int16())]
               + [(f"big_turns_{t}", L.P_BIG + k, pa.int16()) for k, t in enumerate(L.BIG_TURNS)])

GAMES_SCHEMA = pa.schema(
    [("run_id", pa.string()), ("game_id", pa.int64()), ("seed", pa.uint64()), ("game", pa.string()),
     ("variant", pa.string()), ("n_players", pa.int8())] + [(name, typ) for name, _, typ in GAME_VALUES]
    + [("winner_seat", pa.int8()), ("winner_strategy", pa.string()), ("tie", pa.bool_()),
       ("target_reached", pa.bool_()), ("check_error", pa.string()), ("check_error_turn", pa.int16())])
SEATS_SCHEMA = pa.schema(
    [("run_id", pa.string()), ("game_id", pa.int64()), ("seat", pa.int8()), ("strategy", pa.string()),
     ("strategy_slot", pa.int8()), ("won", pa.bool_())] + [(name, typ) for name, _, typ in SEAT_VALUES])
SCHEMAS = {"games": GAMES_SCHEMA, "seats": SEATS_SCHEMA}
assert all(SCHEMAS[t].names[:len(c)] == list(c) for t, c in CORE.items())








def to_tables(r, *, run_id, first, strategies, variant):
    """Results `r` (its first r.n games, numbered from `first`) -> {"games": ..., "seats": ...}."""
    n, k = r.n, r.n_players
    games, seats = r.games[:n], r.seats[:n, :k]
    game_id = np.arange(first, first + n, dtype=np.int64)
    winner, error = games[:, L.G_WINNER], games[:, L.G_ERROR]
    winner_slot = np.take_along_axis(seats[:, :, L.P_SLOT], np.maximum(winner, 0)[:, None], axis=1)[:, 0]
    messages = [""] + [L.CHECK_MESSAGES[c] for c in sorted(L.CHECK_MESSAGES)]
    g = pa.table(
        [_constant(run_id, n), pa.array(game_id), pa.array(r.seeds[:n]), _constant("dice", n),
         _constant(variant, n), pa.array(np.full(n, k, np.int8))]
        + [_col(games[:, i], typ) for _, i, typ in GAME_VALUES]
        + [_col(winner, pa.int8(), mask=winner < 0), _names(winner_slot, strategies, winner >= 0),
           pa.array(games[:, L.G_TIE] != 0), pa.array(games[:, L.G_REACHED] != 0),
           _names(error, messages, error != 0), _col(games[:, L.G_ERROR_TURN], pa.int16(), mask=error == 0)],
        schema=GAMES_SCHEMA)
    flat = seats.reshape(n * k, L.N_SEAT_COLS)
    slot = flat[:, L.P_SLOT]
    s = pa.table(
        [_constant(run_id, n * k), pa.array(np.repeat(game_id, k)), pa.array(np.tile(np.arange(k, dtype=np.int8), n)),
         _names(slot, strategies), _col(slot, pa.int8()), pa.array(flat[:, L.P_WON] != 0)]
        + [_col(flat[:, i], typ) for _, i, typ in SEAT_VALUES],
        schema=SEATS_SCHEMA)
    return {"games": g, "seats": s}
