"""Decorators for kernel code on the hot path, and where numba caches it.

``hot`` is ``numba.njit(cache=True)`` without the NRT (numba's reference-counted
memory runtime). With the NRT every array passed to a non-inlined call costs
atomic reference-count updates: measured 160 ns against 3 ns per small call,
which made them ~70% of the kernel's time. The price: a ``hot`` function (and
everything it calls) must not allocate arrays; allocate in the caller (a plain
``@njit`` batch entry point or Python) and pass buffers in.

``tiny`` is for one-line helpers called from many places (logging, adding an
option): they are inlined in numba's IR instead of being compiled once per
argument-type combination, which cut the number of compiled specializations,
and so the first-use compile time, sharply.

Cache: numba keys a cached function on its own source file only, so after an
edit to one kernel module the cached callers in other modules would keep
running old code. We therefore cache in a folder named after a hash of every
source file of the package (and the numba version): any edit starts a fresh
cache, an unchanged tree reuses it. Set WINDTUNNEL_CACHE to move it.
"""
import hashlib
import os
from pathlib import Path

import numba
from numba import njit

_PACKAGES = [Path(__file__).resolve().parent, Path(__file__).resolve().parent.parent / "strategies"]


def source_hash():
    h = hashlib.sha256(numba.__version__.encode())
    for root in _PACKAGES:
        for f in sorted(root.rglob("*.py")):
            h.update(f.name.encode())
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


CACHE_DIR = Path(os.environ.get("WINDTUNNEL_CACHE", Path.home() / ".cache" / "windtunnel")) / f"numba-{source_hash()}"
numba.config.CACHE_DIR = str(CACHE_DIR)      # read when each cached function is decorated

hot = njit(cache=True, _nrt=False)
tiny = njit(cache=True, _nrt=False, inline="always")
