"""EOS's result arrays (``layout`` G_* and P_*) -> its two Arrow tables, `games` and `seats`
(``docs/data.md``, EOS). The CORE columns (``simulate/protocol.py``) come first; every
column is built with vectorised numpy / pyarrow calls (names through dictionaries).

The seats' ``score_<source>`` columns add up to ``score_total``, the final glory: glory
gained by source during the game (``layout.GLORY_SOURCES``), the end bonus by kind, and
``score_lost``, the glory lost during the game (Demons over the track's maximum, costs,
events; 0 or less) with the floor at 0 of the final glory.
"""
import numpy as np
import pyarrow as pa

from ..protocol import CORE
from . import layout as L

ENDED_BY = {L.END_CHRONICLE: "chronicle", L.END_CAP: "cap", L.END_SOLO_WON: "solo_won", L.END_SOLO_LOST: "solo_lost"}
SOURCES = ([(f"score_{name}", L.P_GLORY_FROM + k) for k, name in enumerate(L.GLORY_SOURCES)]
           + [("score_bonus_demons", L.P_BONUS_DEMONS), ("score_bonus_morale", L.P_BONUS_MORALE),
              ("score_bonus_ranks", L.P_BONUS_RANKS), ("score_bonus_journey", L.P_BONUS_JOURNEY),
              ("score_bonus_upgrades", L.P_BONUS_UPGRADES)])
SEAT_COUNTS = [("angels_hero", L.P_ANGELS_HERO, pa.int8()), ("angels_patron", L.P_ANGELS_PATRON, pa.int8()),
               ("lords_defeated", L.P_LORDS, pa.int8()), ("deeds_accomplished", L.P_DEEDS, pa.int8()),
               ("chronicle_entries", L.P_ENTRIES, pa.int8()), ("demons_end", L.P_DEMONS, pa.int16()),
               ("power_end", L.P_POWER, pa.int16()), ("protection_end", L.P_PROTECTION, pa.int16()),
               ("coins", L.P_COINS, pa.int16()), ("actions_hero", L.P_ACTIONS + L.A_HERO, pa.int16()),
               ("actions_chronicle", L.P_ACTIONS + L.A_CHRONICLE, pa.int16()),
               ("actions_recharge", L.P_ACTIONS + L.A_RECHARGE, pa.int16()),
               ("actions_crew", L.P_ACTIONS + L.A_CREW, pa.int16()),
               ("upgrades_in_play", L.P_UPGRADES, pa.int8()), ("journey_played", L.P_JOURNEY_PLAYED, pa.int8())]
SEAT_COUNTS += [(name, L.P_SPECIALS + k, pa.int16()) for k, name in enumerate(L.SPECIALS)]   # nation specials used
GAME_COUNTS = [("chronicle_entries", L.G_ENTRIES, pa.int8()), ("deeds_accomplished", L.G_DEEDS_DONE, pa.int8()),
               ("lords_defeated", L.G_LORDS_DEFEATED, pa.int8()), ("lords_on_board", L.G_LORDS_ON_BOARD, pa.int8())]

# solo (null outside a solo game): the scenario, tasks done, the recharge actions taken when each was done
SOLO_COLUMNS = ([("solo_scenario", pa.string()), ("solo_tasks_done", pa.int8())]
                + [(f"solo_task_{k + 1}_recharge", pa.int8()) for k in range(L.SOLO_TASKS)])

GAMES_SCHEMA = pa.schema(
    [("run_id", pa.string()), ("game_id", pa.int64()), ("seed", pa.uint64()), ("game", pa.string()),
     ("variant", pa.string()), ("n_players", pa.int8()), ("turns", pa.int16()), ("rounds", pa.int16()),
     ("winner_seat", pa.int8()), ("winner_strategy", pa.string()), ("tie", pa.bool_()),
     ("winner_nation", pa.string()), ("ended_by", pa.string())]
    + [(name, typ) for name, _, typ in GAME_COUNTS]
    + [("first_lord", pa.string()), ("curses_at_end", pa.string()), ("curses_in_play", pa.string()),
       ("decisions", pa.int32()), ("check_error", pa.string()), ("check_error_turn", pa.int16())]
    + [(f"entry_{i + 1}_turn", pa.int16()) for i in range(L.MAX_CHRONICLE)])
SEATS_SCHEMA = pa.schema(
    [("run_id", pa.string()), ("game_id", pa.int64()), ("seat", pa.int8()), ("strategy", pa.string()),
     ("strategy_slot", pa.int8()), ("won", pa.bool_()), ("rank", pa.int8()), ("score_total", pa.int16()),
     ("nation", pa.string()), ("ship", pa.string())]
    + [(name, pa.int16()) for name, _ in SOURCES] + [("score_lost", pa.int16())]
    + [(name, typ) for name, _, typ in SEAT_COUNTS]
    + SOLO_COLUMNS)
CARDS_SCHEMA = pa.schema(
    [("run_id", pa.string()), ("game_id", pa.int64()), ("seat", pa.int8()), ("card", pa.string()),
     ("kind", pa.string()), ("at_setup", pa.bool_()), ("how", pa.string()), ("turn_drawn", pa.int16()),
     ("turn_played", pa.int16()), ("played", pa.string())])
FEATS_SCHEMA = pa.schema(
    [("run_id", pa.string()), ("game_id", pa.int64()), ("seat", pa.int8()), ("kind", pa.string()),
     ("item", pa.string()), ("turn", pa.int16())])
SCHEMAS = {"games": GAMES_SCHEMA, "seats": SEATS_SCHEMA, "cards": CARDS_SCHEMA, "feats": FEATS_SCHEMA}
CURSES = tuple(c.removeprefix("curse_") for c in L.CURSES)
HOW = ("", "drawn", "dealt", "bought", "gained")
PLAYED = ("", "face_up", "face_down")
assert all(SCHEMAS[t].names[:len(c)] == list(c) for t, c in CORE.items())


def _constant(value, n):
    return pa.DictionaryArray.from_arrays(np.zeros(n, np.int8), pa.array([value], pa.string())).cast(pa.string())


def _names(codes, names, valid=None):
    """A string column naming each code (an index into `names`); null where not `valid`."""
    idx = pa.array(np.maximum(codes, 0).astype(np.int16), mask=None if valid is None else ~np.asarray(valid))
    return pa.DictionaryArray.from_arrays(idx, pa.array(list(names), pa.string())).cast(pa.string())


def _col(values, typ, mask=None):
    return pa.array(np.asarray(values).astype(typ.to_pandas_dtype()), typ, mask=mask)


def check_messages(codes):
    """The check-mode message of each code from 0 to max(codes) (``check.CHECKS``; 90 and 91
    the driver's own, 92 a failed plugin scorer)."""
    from .check import CHECKS

    known = {k + 1: text for k, text in enumerate(CHECKS)}
    known.update({90: "the decision stack overflowed (a rule loop)",
                  91: "the decision stack ran empty before the game ended",
                  92: "a plugin scorer failed (an exception, an index out of bounds or a score that is not a number)"})
    return [known.get(k, f"check {k}") for k in range(int(codes.max(initial=0)) + 1)]


def curse_names(masks, lords):
    """Each game's bitmask of indices into `lords` (Lord ids, or curse names) as the names,
    comma-separated in that order ("" for none)."""
    unique, inverse = np.unique(masks, return_inverse=True)
    texts = [",".join(lords[i] for i in range(len(lords)) if int(m) >> i & 1) for m in unique]
    return _names(inverse.reshape(-1), texts)


def to_tables(r, *, run_id, first, strategies, variant):
    """Results `r` (its first r.n games, numbered from `first`) -> {"games": ..., "seats": ...}."""
    from .config import NATIONS

    n, k, content = r.n, r.n_players, r.content
    games, seats = r.games[:n], r.seats[:n, :k]
    game_id = np.arange(first, first + n, dtype=np.int64)
    winner, error = games[:, L.G_WINNER], games[:, L.G_ERROR]
    at_winner = np.maximum(winner, 0)[:, None, None]
    winner_slot = np.take_along_axis(seats[:, :, L.P_SLOT][:, :, None], at_winner, axis=1)[:, 0, 0]
    winner_nation = np.take_along_axis(seats[:, :, L.P_NATION][:, :, None], at_winner, axis=1)[:, 0, 0]
    ended = games[:, L.G_ENDED_BY]
    ended_names = [ENDED_BY.get(c, "") for c in range(max(ENDED_BY) + 1)]
    g = pa.table(
        [_constant(run_id, n), pa.array(game_id), pa.array(r.seeds[:n]), _constant("eos", n),
         _constant(variant, n), pa.array(np.full(n, k, np.int8)), _col(games[:, L.G_TURNS], pa.int16()),
         _col(games[:, L.G_ROUNDS], pa.int16()), _col(winner, pa.int8(), mask=winner < 0),
         _names(winner_slot, strategies, winner >= 0), pa.array(games[:, L.G_TIE] != 0),
         _names(winner_nation, NATIONS, winner >= 0),
         _names(np.minimum(ended, len(ended_names) - 1), ended_names, np.isin(ended, list(ENDED_BY)))]
        + [_col(games[:, i], typ) for _, i, typ in GAME_COUNTS]
        + [_names(games[:, L.G_FIRST_LORD], content.lords), curse_names(games[:, L.G_CURSES], content.lords),
           curse_names(games[:, L.G_CURSES_EVER], CURSES), _col(games[:, L.G_DECISIONS], pa.int32()),
           _names(error, check_messages(error), error != 0),
           _col(games[:, L.G_ERROR_TURN], pa.int16(), mask=error == 0)]
        + [_col(games[:, L.G_SLOT_TURN + i], pa.int16(), mask=games[:, L.G_SLOT_TURN + i] == 0)
           for i in range(L.MAX_CHRONICLE)],
        schema=GAMES_SCHEMA)
    flat = seats.reshape(n * k, L.N_SEAT_COLS)
    slot, total = flat[:, L.P_SLOT], flat[:, L.P_SCORE]
    sources = [flat[:, i] for _, i in SOURCES]
    s = pa.table(
        [_constant(run_id, n * k), pa.array(np.repeat(game_id, k)), pa.array(np.tile(np.arange(k, dtype=np.int8), n)),
         _names(slot, strategies), _col(slot, pa.int8()), pa.array(flat[:, L.P_WON] != 0),
         _col(flat[:, L.P_RANK], pa.int8()), _col(total, pa.int16()), _names(flat[:, L.P_NATION], NATIONS),
         _names(flat[:, L.P_SHIP], content.ships)]
        + [_col(v, pa.int16()) for v in sources] + [_col(total - np.sum(sources, axis=0), pa.int16())]
        + [_col(flat[:, i], typ) for _, i, typ in SEAT_COUNTS] + solo_columns(flat, content),
        schema=SEATS_SCHEMA)
    return {"games": g, "seats": s, "cards": card_table(r, run_id, game_id), "feats": feat_table(r, run_id, game_id)}


def solo_columns(flat, content):
    """The seats' SOLO_COLUMNS from their rows (layout P_SOLO_*: -1 outside a solo game, or a task not done)."""
    scenario, done = flat[:, L.P_SOLO_SCENARIO], flat[:, L.P_SOLO_DONE]
    names = content.scenarios or ("",)
    return ([_names(scenario, names, scenario >= 0), _col(done, pa.int8(), mask=done < 0)]
            + [_col(flat[:, L.P_SOLO_AT + k], pa.int8(), mask=flat[:, L.P_SOLO_AT + k] < 0)
               for k in range(L.SOLO_TASKS)])


def feat_table(r, run_id, game_id):
    """One row per chronicle action (layout FEAT_*): who awakened which Angel on which side,
    defeated which Demon Lord, accomplished which deed, on which turn."""
    games = r.games[:r.n]
    logged = np.minimum(games[:, L.G_N_FEATS], L.MAX_FEATS)
    log = games[:, L.G_FEATS:L.G_FEATS + L.MAX_FEATS * L.FEAT_W].reshape(r.n, L.MAX_FEATS, L.FEAT_W)
    g_idx, f_idx = np.nonzero(np.arange(L.MAX_FEATS)[None, :] < logged[:, None])
    rows = log[g_idx, f_idx]
    kind, item = rows[:, L.FEAT_KIND], rows[:, L.FEAT_ITEM]
    c = r.content
    # one name list over the kinds: an item's code is its index plus its kind's offset
    lists = [c.angels, c.angels, c.lords, c.deeds]
    offset = np.cumsum([0] + [len(x) for x in lists])[:-1]
    k = len(g_idx)
    return pa.table(
        [_constant(run_id, k), pa.array(game_id[g_idx]), _col(rows[:, L.FEAT_SEAT], pa.int8()),
         _names(kind, L.FEAT_KINDS), _names(offset[kind] + item, [x for names in lists for x in names]),
         _col(rows[:, L.FEAT_TURN], pa.int16())],
        schema=FEATS_SCHEMA)


def card_table(r, run_id, game_id):
    """One row per journey card or upgrade a seat came to hold in a game (the last holder of
    a card that changed hands before it was played): when and how it came, when and how it
    was played (journey cards; null if never)."""
    rows = r.cards[:r.n]
    held = rows[:, :, L.CARD_GAINED] > 0
    g_idx, c_idx = np.nonzero(held)
    k = len(g_idx)
    picked = rows[g_idx, c_idx]
    names = list(r.content.journey) + list(r.content.upgrades)
    names += [""] * (L.N_CARD_ROWS - len(names))
    is_upgrade = c_idx >= L.MAX_JOURNEY
    card = np.where(is_upgrade, c_idx - L.MAX_JOURNEY + len(r.content.journey), c_idx)
    how, played = picked[:, L.CARD_HOW], picked[:, L.CARD_PLAYED]
    return pa.table(
        [_constant(run_id, k), pa.array(game_id[g_idx]), _col(picked[:, L.CARD_SEAT], pa.int8()),
         _names(card, names), _names(is_upgrade.astype(np.int8), ("journey", "upgrade")),
         pa.array(how == L.HOW_DEALT), _names(how, HOW), _col(picked[:, L.CARD_GAINED], pa.int16()),
         _col(played, pa.int16(), mask=played == 0),
         _names(picked[:, L.CARD_PLAYED_HOW], PLAYED, played > 0)],
        schema=CARDS_SCHEMA)
