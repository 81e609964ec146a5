"""AEOLOS's columns after the CORE ones, and its `cards` table (``simulate/core/records.py``
builds the tables: one batch of ``kernel.play_batch``'s arrays, every column with vectorised
numpy / pyarrow calls, no Python object per game or per row). Column names and types are the
stable schema documented in ``docs/data.md``.
"""
import numpy as np
import pyarrow as pa

from ..core.columns import col, constant, names
from ..core.records import check_columns
from . import layout as L
from .layout import (G_DECK_LEFT, G_LEADERS, G_REFILLS, G_ROUNDS, P_ABILITY, P_ACTIONS, P_CRYSTALS,
                     P_FAVOR_DRAWN, P_FAVOR_HELD, P_FAVOR_PLAYED, P_PROPHET, P_SETTLEMENTS, P_SHIPS_BUILT,
                     P_SHIPS_SACRIFICED, P_SRC, P_TIEBREAK, P_TOKENS_LEFT, P_WIND)


def _trace(b):
    """Each game's leader after each round (-1 for a tie), which of them were completed rounds,
    and how many."""
    leaders = b.games[:, G_LEADERS:G_LEADERS + L.MAX_TRACE_ROUNDS].astype(np.int8)
    length = np.minimum(b.games[:, G_ROUNDS], L.MAX_TRACE_ROUNDS)
    return leaders, np.arange(L.MAX_TRACE_ROUNDS)[None, :] < length[:, None], length


def round_leaders(b):
    """The leader after each completed round, a list per game."""
    leaders, valid, length = _trace(b)
    offsets = np.zeros(b.n + 1, np.int32)
    offsets[1:] = np.cumsum(length)
    return pa.ListArray.from_arrays(pa.array(offsets), pa.array(leaders[valid]))


def lead_changes(b):
    """How often the lead passed to another seat (ties carry the lead)."""
    leaders, valid, _ = _trace(b)
    # carry the last untied leader over tied rounds, then count the changes
    at = np.where(valid & (leaders >= 0), np.arange(L.MAX_TRACE_ROUNDS)[None, :], 0)
    carried = np.take_along_axis(leaders, np.maximum.accumulate(at, axis=1), axis=1)
    changes = ((carried[:, 1:] != carried[:, :-1]) & (carried[:, :-1] >= 0) & valid[:, 1:]).sum(axis=1)
    return pa.array(changes.astype(np.int16))


def card_table(b):
    """One row per favor card drawn, in the order drawn; the first ``setup_favor`` draws of a game
    (n_players x setup.favor_cards_each) are marked `at_setup`."""
    r = b.r
    fdraw_n = r.fdraw_n[:b.n]
    order = np.arange(r.fdraws.shape[1])
    keep = order[None, :] < fdraw_n[:, None]
    rows = r.fdraws[:b.n][keep]                  # (k, 4): seat, card, turn drawn, turn played or -1
    k = len(rows)
    played = rows[:, 3]
    return pa.table([
        constant(b.run_id, k), pa.array(np.repeat(b.game_id, fdraw_n)), col(rows[:, 0], pa.int8()),
        names(rows[:, 1], L.FAVOR_NAMES), pa.array(np.broadcast_to(order, keep.shape)[keep] < r.setup_favor),
        col(rows[:, 2], pa.int16()), col(played, pa.int16(), mask=played < 0),
    ], schema=CARDS_SCHEMA)


GAMES = [("deck_refills", G_REFILLS, pa.int16()), ("deck_left", G_DECK_LEFT, pa.int16()),
         ("favor_draws", lambda b: col(b.r.fdraw_n[:b.n], pa.int16()), pa.int16()),
         *check_columns(lambda: L.CHECK_MESSAGES),
         ("round_leaders", round_leaders, pa.list_(pa.int8())), ("lead_changes", lead_changes, pa.int16())]
SEATS = (
    [(f"score_{name}", P_SRC + i, pa.int16()) for i, name in enumerate(L.SRC_NAMES)]
    + [("wind", P_WIND, pa.int16()), ("settlements", P_SETTLEMENTS, pa.int8()),
       ("ships_built", P_SHIPS_BUILT, pa.int8()), ("ships_sacrificed", P_SHIPS_SACRIFICED, pa.int8()),
       ("prophet_position", P_PROPHET, pa.int8()), ("favor_held", P_FAVOR_HELD, pa.int8()),
       ("bonus_tokens_left", P_TOKENS_LEFT, pa.int8()), ("tiebreak_place_vp", P_TIEBREAK, pa.int16())]
    + [(f"crystals_{name}", P_CRYSTALS + c, pa.int8()) for c, name in enumerate(L.COLOUR_NAMES)]
    + [(f"favor_drawn_{name}", P_FAVOR_DRAWN + f, pa.int8()) for f, name in enumerate(L.FAVOR_NAMES)]
    + [(f"favor_played_{name}", P_FAVOR_PLAYED + f, pa.int8()) for f, name in enumerate(L.FAVOR_NAMES)]
    + [(f"actions_harbor_{h + L.FIRST_HARBOR}", P_ACTIONS + h, pa.int16()) for h in range(L.N_HARBORS)]
    + [("tableau", lambda b: names(b.seats[:, P_ABILITY], L.ABILITY_NAMES, b.seats[:, P_ABILITY] >= 0), pa.string())])
CARDS_SCHEMA = pa.schema([
    ("run_id", pa.string()), ("game_id", pa.int64()), ("seat", pa.int8()), ("card", pa.string()),
    ("at_setup", pa.bool_()), ("turn_drawn", pa.int16()), ("turn_played", pa.int16()),
])
TABLES = {"cards": (CARDS_SCHEMA, card_table)}
