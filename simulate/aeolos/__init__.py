"""AEOLOS: the rules kernel (numba), its data loading, transcript, scenario API and Python
face. ``GAME`` is its game protocol object (``simulate/core/protocol.py``); importing this
package does not import the kernel."""
from .protocol import GAME  # noqa: F401
