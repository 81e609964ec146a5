"""EOS's columns after the CORE ones and its `cards`, `feats` and `uses` tables, from its result
arrays (``layout`` G_* and P_*; ``simulate/core/records.py`` builds the tables; ``docs/data.md``,
EOS). Every column is built with vectorised numpy / pyarrow calls (names through dictionaries).

The seats' ``score_<source>`` columns add up to ``score_total``, the final glory: glory
gained by source during the game (``layout.GLORY_SOURCES``), the end bonus by kind, and
``score_lost``, the glory lost during the game (Demons over the track's maximum, costs,
events; 0 or less) with the floor at 0 of the final glory.
"""
from operator import attrgetter

import numpy as np
import pyarrow as pa

from ..core.columns import col as _col, constant as _constant, names as _names
from ..core.records import check_columns
from . import layout as L
from .config import NATIONS

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

CARDS_SCHEMA = pa.schema(
    [("run_id", pa.string()), ("game_id", pa.int64()), ("seat", pa.int8()), ("card", pa.string()),
     ("kind", pa.string()), ("at_setup", pa.bool_()), ("how", pa.string()), ("turn_drawn", pa.int16()),
     ("turn_played", pa.int16()), ("played", pa.string()), ("discarded", pa.bool_())])
FEATS_SCHEMA = pa.schema(
    [("run_id", pa.string()), ("game_id", pa.int64()), ("seat", pa.int8()), ("kind", pa.string()),
     ("item", pa.string()), ("turn", pa.int16())])
USES_SCHEMA = pa.schema(
    [("run_id", pa.string()), ("game_id", pa.int64()), ("seat", pa.int8()), ("kind", pa.string()),
     ("item", pa.string()), ("uses", pa.int16())])
USE_KINDS = ("angel_action", "trophy", "secondary", "corner")
CURSES = tuple(c.removeprefix("curse_") for c in L.CURSES)
HOW = ("", "drawn", "dealt", "bought", "gained")
PLAYED = ("", "face_up", "face_down")


def check_messages():
    """{code: message} of the check mode (``check.CHECKS``; 90 and 91 the driver's own, 92 a failed
    plugin scorer)."""
    from .check import CHECKS

    known = {k + 1: text for k, text in enumerate(CHECKS)}
    known.update({90: "the decision stack overflowed (a rule loop)",
                  91: "the decision stack ran empty before the game ended",
                  92: "a plugin scorer failed (an exception, an index out of bounds or a score that is not a number)"})
    return known


def mask_names(masks, names):
    """Each game's bitmask of indices into `names` (Lord ids, curse names, Angels, deeds) as the
    names, comma-separated in that order ("" for none)."""
    unique, inverse = np.unique(masks, return_inverse=True)
    texts = [",".join(names[i] for i in range(len(names)) if int(m) >> i & 1) for m in unique]
    return _names(inverse.reshape(-1), texts)


def listed(at, items):
    """A games column: the names of `items(content)` set in the bitmask at offset `at`."""
    return lambda b: mask_names(b.games[:, at], items(b.r.content))


def winner_nation(b):
    winner = b.games[:, L.G_WINNER]
    nation = np.take_along_axis(b.r.seats[:b.n, :b.k, L.P_NATION], np.maximum(winner, 0)[:, None], axis=1)[:, 0]
    return _names(nation, NATIONS, winner >= 0)


def ended_by(b):
    ended = b.games[:, L.G_ENDED_BY]
    words = [ENDED_BY.get(c, "") for c in range(max(ENDED_BY) + 1)]
    return _names(np.minimum(ended, len(words) - 1), words, np.isin(ended, list(ENDED_BY)))


def score_lost(b):
    """The final glory less the glory gained by source: the glory lost, with the floor at 0."""
    return _col(b.seats[:, L.P_SCORE] - np.sum([b.seats[:, i] for _, i in SOURCES], axis=0), pa.int16())


def solo_scenario(b):
    scenario = b.seats[:, L.P_SOLO_SCENARIO]
    return _names(scenario, b.r.content.scenarios or ("",), scenario >= 0)


def feat_table(b):
    """One row per chronicle action (layout FEAT_*): who awakened which Angel on which side,
    defeated which Demon Lord, accomplished which deed, on which turn."""
    games = b.games
    logged = np.minimum(games[:, L.G_N_FEATS], L.MAX_FEATS)
    log = games[:, L.G_FEATS:L.G_FEATS + L.MAX_FEATS * L.FEAT_W].reshape(b.n, L.MAX_FEATS, L.FEAT_W)
    g_idx, f_idx = np.nonzero(np.arange(L.MAX_FEATS)[None, :] < logged[:, None])
    rows = log[g_idx, f_idx]
    kind, item = rows[:, L.FEAT_KIND], rows[:, L.FEAT_ITEM]
    c = b.r.content
    # one name list over the kinds: an item's code is its index plus its kind's offset
    lists = [c.angels, c.angels, c.lords, c.deeds]
    offset = np.cumsum([0] + [len(x) for x in lists])[:-1]
    k = len(g_idx)
    return pa.table(
        [_constant(b.run_id, k), pa.array(b.game_id[g_idx]), _col(rows[:, L.FEAT_SEAT], pa.int8()),
         _names(kind, L.FEAT_KINDS), _names(offset[kind] + item, [x for names in lists for x in names]),
         _col(rows[:, L.FEAT_TURN], pa.int16())],
        schema=FEATS_SCHEMA)


def card_table(b):
    """One row per journey card or upgrade a seat came to hold in a game (the last holder of
    a card that changed hands before it was played): when and how it came, when and how it
    was played (journey cards; null if never)."""
    r = b.r
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
        [_constant(b.run_id, k), pa.array(b.game_id[g_idx]), _col(picked[:, L.CARD_SEAT], pa.int8()),
         _names(card, names), _names(is_upgrade.astype(np.int8), ("journey", "upgrade")),
         pa.array(how == L.HOW_DEALT), _names(how, HOW), _col(picked[:, L.CARD_GAINED], pa.int16()),
         _col(played, pa.int16(), mask=played == 0),
         _names(picked[:, L.CARD_PLAYED_HOW], PLAYED, played > 0), pa.array(picked[:, L.CARD_DISCARDED] != 0)],
        schema=CARDS_SCHEMA)


def _bits(masks, width):
    """(rows, width) 0/1: bit i of each row's mask."""
    return (masks.astype(np.int64)[:, None] >> np.arange(width)) & 1


def use_items(content):
    """The `uses` table's items of each kind (USE_KINDS), each list aligned with the kernel's
    indices (None: no such item): the Angels with a once-per-game action, the trophies with an
    action (an extra crew hero, a trophy's extra secondary action), each nation's secondary
    actions (`<nation>_secondary_<k>`, k from 1; index nation * MAX_SECONDARY + k - 1) and each
    blessing corner reward (`corner_<c>_<k>`; index (c - 1) * MAX_CORNER_REWARDS + k - 1)."""
    C, NS = content.C, content.NS
    once = [a if C[L.C_A_ONCE + i] and C[L.C_A_ACTION + i] >= 0 else None for i, a in enumerate(content.angels)]
    acting = [t if C[L.C_T_TYPE + i] == L.TT_HERO or C[L.C_T_PASSIVE + i] >> L.PF_EXTRA_SECONDARY & 1 else None
              for i, t in enumerate(content.trophies)]
    secondary = [f"{n}_secondary_{k + 1}" if k < NS[i, L.NS_N_SECONDARY] else None
                 for i, n in enumerate(NATIONS) for k in range(L.MAX_SECONDARY)]
    corners = [f"corner_{c}_{k + 1}" if c <= C[L.C_N_CORNERS] and k < C[L.C_CORNER_N + c] else None
               for c in range(1, 5) for k in range(L.MAX_CORNER_REWARDS)]
    return {"angel_action": once, "trophy": acting, "secondary": secondary, "corner": corners}


def uses_table(b):
    """One row per seat-game and item of USE_KINDS (docs/data.md, EOS uses): each once-per-game
    Angel action and each trophy with an action the seat held, with how often it used it (0 or
    more), each secondary action of its nation and each blessing corner reward it used."""
    P, flat, k = L.P_USES, b.seats, b.k
    once, acting, secondary, corners = use_items(b.r.content).values()
    held_angels = _bits(flat[:, P + L.USE_ANGELS_HERO], len(once))
    held_trophies = _bits(flat[:, P + L.USE_TROPHIES_HELD], len(acting))
    trophy_uses = flat[:, P + L.USE_TROPHY:P + L.USE_TROPHY + len(acting)]
    nation = flat[:, L.P_NATION]
    parts = [  # (which rows, the uses, the item's index into names) per kind
        (held_angels * [x is not None for x in once], _bits(flat[:, P + L.USE_ANGEL_ONCE], len(once)),
         lambda r, c: c),
        (((held_trophies > 0) | (trophy_uses > 0)) * [x is not None for x in acting], trophy_uses, lambda r, c: c),
        (flat[:, P + L.USE_SECONDARY:P + L.USE_SECONDARY + L.MAX_SECONDARY] > 0,
         flat[:, P + L.USE_SECONDARY:P + L.USE_SECONDARY + L.MAX_SECONDARY],
         lambda r, c: nation[r] * L.MAX_SECONDARY + c),
        (_bits(flat[:, P + L.USE_CORNERS], len(corners)), _bits(flat[:, P + L.USE_CORNERS], len(corners)),
         lambda r, c: c)]
    names = [once, acting, secondary, corners]
    offset = np.cumsum([0] + [len(x) for x in names])[:-1]
    rows, kinds, items, uses = [], [], [], []
    for kind, ((which, counts, index), off) in enumerate(zip(parts, offset)):
        r, c = np.nonzero(which)
        rows.append(r)
        kinds.append(np.full(len(r), kind, np.int8))
        items.append(off + index(r, c))
        uses.append(counts[r, c])
    r, kind, item, n = (np.concatenate(x) for x in (rows, kinds, items, uses))
    order = np.argsort(r, kind="stable")                 # seat-game by seat-game, the kinds in order
    r, kind, item, n = r[order], kind[order], item[order], n[order]
    return pa.table(
        [_constant(b.run_id, len(r)), pa.array(b.game_id[r // k]), _col(r % k, pa.int8()), _names(kind, USE_KINDS),
         _names(item, [x or "" for names_ in names for x in names_]), _col(n, pa.int16())],
        schema=USES_SCHEMA)


def negative(values):
    return values < 0


GAMES = ([("winner_nation", winner_nation, pa.string()), ("ended_by", ended_by, pa.string())] + GAME_COUNTS
         + [("first_lord", lambda b: _names(b.games[:, L.G_FIRST_LORD], b.r.content.lords), pa.string()),
            ("curses_at_end", listed(L.G_CURSES, attrgetter("lords")), pa.string()),
            ("curses_in_play", listed(L.G_CURSES_EVER, lambda content: CURSES), pa.string()),
            ("angels_drawn", listed(L.G_ANGELS_DRAWN, attrgetter("angels")), pa.string()),
            ("deeds_placed", listed(L.G_DEEDS_PLACED, attrgetter("deeds")), pa.string()),
            ("lords_placed", listed(L.G_LORDS_PLACED, attrgetter("lords")), pa.string()),
            ("decisions", L.G_DECISIONS, pa.int32()), *check_columns(check_messages)]
         + [(f"entry_{i + 1}_turn", (L.G_SLOT_TURN + i, lambda turns: turns == 0), pa.int16())
            for i in range(L.MAX_CHRONICLE)])
# solo (null outside a solo game): the scenario, tasks done, the recharge actions taken when each was done
SOLO = ([("solo_scenario", solo_scenario, pa.string()), ("solo_tasks_done", (L.P_SOLO_DONE, negative), pa.int8())]
        + [(f"solo_task_{k + 1}_recharge", (L.P_SOLO_AT + k, negative), pa.int8()) for k in range(L.SOLO_TASKS)])
SEATS = ([("nation", lambda b: _names(b.seats[:, L.P_NATION], NATIONS), pa.string()),
          ("ship", lambda b: _names(b.seats[:, L.P_SHIP], b.r.content.ships), pa.string())]
         + [(name, at, pa.int16()) for name, at in SOURCES] + [("score_lost", score_lost, pa.int16())]
         + SEAT_COUNTS + SOLO)
TABLES = {"cards": (CARDS_SCHEMA, card_table), "feats": (FEATS_SCHEMA, feat_table), "uses": (USES_SCHEMA, uses_table)}
