"""Rock-paper-scissors' columns after the core's (``simulate/core/records.py``)."""
import pyarrow as pa

from simulate.core.records import check_columns

from . import P_THROW

GAMES = [*check_columns(lambda: {})]
SEATS = [("throw", P_THROW, pa.int8())]
