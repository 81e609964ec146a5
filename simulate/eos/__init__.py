"""EOS: Island of Angels (issue #18, in steps). Its content is validated data
(``config.py`` over ``configs/eos/``; the format is ``docs/eos-data.md``), its rules a
numba kernel (``kernel.py``: ``layout``, ``content``, ``engine`` ...), and ``GAME`` its
game protocol object (``protocol.py``; the tables are ``records.py``, ``docs/data.md``).
Importing this package does not import the kernel.
"""
from .protocol import GAME  # noqa: F401
