"""AEOLOS result arrays -> Arrow tables: the `games`, `seats` and `cards` tables.

``game.play_batch`` fills three int32 arrays (games, seats, favor draws); this
module turns one batch of them into the three Arrow tables the runner writes
as Parquet shards. Column names and types are the stable schema documented in
``docs/data.md``; every column is built with vectorised numpy / pyarrow calls
(no Python object per game or per row).
"""
import numpy as np
import pyarrow as pa

from ..core.columns import col as _col, constant as _constant, names as _names
from . import layout as L
from .game import (G_DECK_LEFT, G_ERROR, G_ERROR_TURN, G_LEADERS, G_REFILLS, G_ROUNDS, G_TIE, G_TURNS, G_WINNER,
                   P_ACTIONS, P_CRYSTALS, P_FAVOR_DRAWN, P_FAVOR_HELD, P_FAVOR_PLAYED, P_PROPHET, P_RANK,
                   P_SETTLEMENTS, P_SHIPS_BUILT, P_SHIPS_SACRIFICED, P_SRC, P_STRATEGY, P_TIEBREAK, P_ABILITY,
                   P_TOKENS_LEFT, P_VP, P_WIND, P_WON)

GAME = "aeolos"

# seats table: (column, index into the seats array, arrow type), after the key columns
SEAT_VALUES = (
    [("rank", P_RANK, pa.int8()), ("score_total", P_VP, pa.int16())]
    + [(f"score_{name}", P_SRC + i, pa.int16()) for i, name in enumerate(L.SRC_NAMES)]
    + [("wind", P_WIND, pa.int16()), ("settlements", P_SETTLEMENTS, pa.int8()),
       ("ships_built", P_SHIPS_BUILT, pa.int8()), ("ships_sacrificed", P_SHIPS_SACRIFICED, pa.int8()),
       ("prophet_position", P_PROPHET, pa.int8()), ("favor_held", P_FAVOR_HELD, pa.int8()),
       ("bonus_tokens_left", P_TOKENS_LEFT, pa.int8()), ("tiebreak_place_vp", P_TIEBREAK, pa.int16())]
    + [(f"crystals_{name}", P_CRYSTALS + c, pa.int8()) for c, name in enumerate(L.COLOUR_NAMES)]
    + [(f"favor_drawn_{name}", P_FAVOR_DRAWN + f, pa.int8()) for f, name in enumerate(L.FAVOR_NAMES)]
    + [(f"favor_played_{name}", P_FAVOR_PLAYED + f, pa.int8()) for f, name in enumerate(L.FAVOR_NAMES)]
    + [(f"actions_harbor_{h + L.FIRST_HARBOR}", P_ACTIONS + h, pa.int16()) for h in range(L.N_HARBORS)]
)

GAMES_SCHEMA = pa.schema([
    ("run_id", pa.string()), ("game_id", pa.int64()), ("seed", pa.uint64()), ("game", pa.string()),
    ("variant", pa.string()), ("n_players", pa.int8()), ("turns", pa.int16()), ("rounds", pa.int16()),
    ("winner_seat", pa.int8()), ("winner_strategy", pa.string()), ("tie", pa.bool_()),
    ("deck_refills", pa.int16()), ("deck_left", pa.int16()), ("favor_draws", pa.int16()),
    ("check_error", pa.string()), ("check_error_turn", pa.int16()),
    ("round_leaders", pa.list_(pa.int8())), ("lead_changes", pa.int16()),
])
SEATS_SCHEMA = pa.schema(
    [("run_id", pa.string()), ("game_id", pa.int64()), ("seat", pa.int8()), ("strategy", pa.string()),
     ("strategy_slot", pa.int8()), ("won", pa.bool_())]
    + [(name, typ) for name, _, typ in SEAT_VALUES] + [("tableau", pa.string())])
CARDS_SCHEMA = pa.schema([
    ("run_id", pa.string()), ("game_id", pa.int64()), ("seat", pa.int8()), ("card", pa.string()),
    ("at_setup", pa.bool_()), ("turn_drawn", pa.int16()), ("turn_played", pa.int16()),
])
SCHEMAS = {"games": GAMES_SCHEMA, "seats": SEATS_SCHEMA, "cards": CARDS_SCHEMA}

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


def _mix64(z):
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


def game_seeds(run_seed, first, n):
    """``rng.game_seed(run_seed, i)`` for i in [first, first + n), vectorised (uint64 wraps)."""
    with np.errstate(over="ignore"):
        idx = np.arange(first, first + n, dtype=np.uint64)
        base = _mix64(np.array([run_seed], np.uint64) + _GOLDEN)
        return _mix64(base ^ (idx * _GOLDEN + _GOLDEN))






def _leaders(games):
    """(round_leaders, lead_changes): the leader after each completed round (-1 for a tie),
    as a list per game, and how often the lead passed to another seat (ties carry the lead)."""
    n = len(games)
    leaders = games[:, G_LEADERS:G_LEADERS + L.MAX_TRACE_ROUNDS].astype(np.int8)
    length = np.minimum(games[:, G_ROUNDS], L.MAX_TRACE_ROUNDS)
    valid = np.arange(L.MAX_TRACE_ROUNDS)[None, :] < length[:, None]
    offsets = np.zeros(n + 1, np.int32)
    offsets[1:] = np.cumsum(length)
    lists = pa.ListArray.from_arrays(pa.array(offsets), pa.array(leaders[valid]))
    # carry the last untied leader over tied rounds, then count the changes
    at = np.where(valid & (leaders >= 0), np.arange(L.MAX_TRACE_ROUNDS)[None, :], 0)
    carried = np.take_along_axis(leaders, np.maximum.accumulate(at, axis=1), axis=1)
    changes = ((carried[:, 1:] != carried[:, :-1]) & (carried[:, :-1] >= 0) & valid[:, 1:]).sum(axis=1)
    return lists, pa.array(changes.astype(np.int16))




def to_tables(games, seats, fdraws, fdraw_n, *, run_id, run_seed, first, n_players, strategies,
              variant="base", setup_favor=0):
    """One batch of kernel results (the first n rows of each array) -> {name: pyarrow.Table}.

    `strategies`: the run's strategy names, indexed by the seats array's P_STRATEGY.
    `setup_favor`: how many favor cards each game deals at setup in all (n_players x
    setup.favor_cards_each): the first that many draws of a game are marked `at_setup`."""
    n = len(fdraw_n)
    games, seats = games[:n], seats[:n, :n_players]
    game_id = np.arange(first, first + n, dtype=np.int64)

    # games
    winner = games[:, G_WINNER]
    winner_slot = np.take_along_axis(seats[:, :, P_STRATEGY], np.maximum(winner, 0)[:, None], axis=1)[:, 0]
    error = games[:, G_ERROR]
    messages = [""] * (max(L.CHECK_MESSAGES, default=0) + 1)
    for code, text in L.CHECK_MESSAGES.items():
        messages[code] = text
    g = pa.table([
        _constant(run_id, n), pa.array(game_id), pa.array(game_seeds(run_seed, first, n)), _constant(GAME, n),
        _constant(variant, n), pa.array(np.full(n, n_players, np.int8)),
        _col(games[:, G_TURNS], pa.int16()), _col(games[:, G_ROUNDS], pa.int16()),
        _col(winner, pa.int8(), mask=winner < 0), _names(winner_slot, strategies, winner >= 0),
        pa.array(games[:, G_TIE] != 0), _col(games[:, G_REFILLS], pa.int16()),
        _col(games[:, G_DECK_LEFT], pa.int16()), _col(fdraw_n, pa.int16()),
        _names(error, messages, error != 0), _col(games[:, G_ERROR_TURN], pa.int16(), mask=error == 0),
        *_leaders(games[:n]),
    ], schema=GAMES_SCHEMA)

    # seats: one row per game and seat, game-major
    flat = seats.reshape(n * n_players, seats.shape[2])
    slot = flat[:, P_STRATEGY]
    s = pa.table(
        [_constant(run_id, n * n_players), pa.array(np.repeat(game_id, n_players)),
         pa.array(np.tile(np.arange(n_players, dtype=np.int8), n)), _names(slot, strategies),
         _col(slot, pa.int8()), pa.array(flat[:, P_WON] != 0)]
        + [_col(flat[:, i], typ) for _, i, typ in SEAT_VALUES]
        + [_names(flat[:, P_ABILITY], L.ABILITY_NAMES, flat[:, P_ABILITY] >= 0)],
        schema=SEATS_SCHEMA)

    # cards: one row per favor card drawn, in the order drawn
    order = np.arange(fdraws.shape[1])
    keep = order[None, :] < fdraw_n[:, None]
    rows = fdraws[:n][keep]                      # (k, 4): seat, card, turn drawn, turn played or -1
    k = len(rows)
    played = rows[:, 3]
    c = pa.table([
        _constant(run_id, k), pa.array(np.repeat(game_id, fdraw_n)), _col(rows[:, 0], pa.int8()),
        _names(rows[:, 1], L.FAVOR_NAMES), pa.array(np.broadcast_to(order, keep.shape)[keep] < setup_favor),
        _col(rows[:, 2], pa.int16()), _col(played, pa.int16(), mask=played < 0),
    ], schema=CARDS_SCHEMA)
    return {"games": g, "seats": s, "cards": c}
