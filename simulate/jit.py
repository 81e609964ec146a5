"""The decorator for kernel code on the hot path.

``hot`` is ``numba.njit(cache=True)`` without the NRT (numba's reference-counted
memory runtime). With the NRT every array passed to a non-inlined call costs
atomic reference-count updates: measured 160 ns against 3 ns per small call,
which made them ~70% of the kernel's time. The price: a ``hot`` function (and
everything it calls) must not allocate arrays; allocate in the caller (a plain
``@njit`` batch entry point or Python) and pass buffers in.
"""
from numba import njit

hot = njit(cache=True, _nrt=False)
