"""The dice game's columns after the CORE ones, which ``simulate/core/records.py`` builds with
the tables: (name, offset into a game or seat row, Arrow type). No `cards` table: the generic
code must do without one."""
import pyarrow as pa

from simulate.core.records import check_columns

from . import layout as L

GAMES = [("target_reached", L.G_REACHED, pa.bool_()), *check_columns(lambda: L.CHECK_MESSAGES)]
SEATS = ([("score_banked", L.P_BANKED, pa.int16()), ("score_bonus", L.P_BONUS, pa.int16()),
          ("busts", L.P_BUSTS, pa.int16()), ("rolls", L.P_ROLLS, pa.int16())]
         + [(f"big_turns_{t}", L.P_BIG + k, pa.int16()) for k, t in enumerate(L.BIG_TURNS)])
