"""Decorators for kernel code on the hot path, and where numba caches it.

``hot`` is ``numba.njit(cache=True)`` without the NRT (numba's reference-counted
memory runtime). With the NRT every array passed to a non-inlined call costs
atomic reference-count updates: measured 160 ns against 3 ns per small call,
which made them ~70% of the kernel's time. The price: a ``hot`` function (and
everything it calls) must not allocate arrays; allocate in Python (as
``game.play_batch`` does) and pass buffers in.

``entry`` marks the hot functions Python calls to run the kernel: LLVM optimizes
the whole kernel once, in their modules, with the code they link in private to
them (see ``_optimize_kernel_whole_in_entry_points``).

``tiny`` (inlined in numba's IR) is for one-line helpers called from many places
(logging, adding an option) and for the heuristic's per-option scoring: a call
between compiled functions passes every array as its exploded struct (7-9
values each, ~35 values for S, T, W, OPT), which was most of the heuristic's
cost. numba also links a callee's whole code into every caller's module and
compiles it again there, so fewer, larger functions compile faster too; but
inlining helpers called from many places bloats the code (it doubled the
compile time when tried on every policy helper, for no speed).

``hot`` compiles each function for one signature (integers as int64, literals
dropped; see ``_call_template``).

Kernel code indexes without numba's negative-index wraparound (see
``_without_wraparound``): a kernel index is never negative, and the check on every
``S[...]`` was a fifth of the kernel's instructions.

Cache: numba keys a cached function on its own source file only, so after an
edit to one kernel module the cached callers in other modules would keep
running old code. We therefore cache in a folder named after a hash of the
kernel's sources (every module numba compiles, and the layout modules whose
constants are frozen into the compiled code) and the numba version: a kernel
edit starts a fresh cache, an edit to the CLI or runner does not. Set
WINDTUNNEL_CACHE to move it.
"""
import hashlib
import os
import shutil
from pathlib import Path

import numba
from numba import njit
from numba.core import types

_ROOT = Path(__file__).resolve().parent


def is_kernel_source(path):
    text = path.read_text()
    return path.name in ("layout.py", "jit.py") or "@hot" in text or "@tiny" in text or "@njit" in text


def source_hash():
    h = hashlib.sha256(numba.__version__.encode())
    for f in sorted(_ROOT.rglob("*.py")):
        if is_kernel_source(f):
            h.update(f.relative_to(_ROOT).as_posix().encode())
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


KEEP_CACHES = 5     # kernel versions kept compiled (15-30 MB each)


def prune_caches(current, keep=KEEP_CACHES):
    """Mark `current` as just used and delete all but the `keep` most recently used
    caches beside it (every kernel edit makes a new one)."""
    try:
        current.mkdir(parents=True, exist_ok=True)
        os.utime(current)
        others = sorted((d for d in current.parent.glob("numba-*") if d != current),
                        key=lambda d: d.stat().st_mtime, reverse=True)
        for old in others[keep - 1:]:
            shutil.rmtree(old, ignore_errors=True)   # a process still using it just recompiles
    except OSError:
        pass


CACHE_DIR = Path(os.environ.get("WINDTUNNEL_CACHE", Path.home() / ".cache" / "windtunnel")) / f"numba-{source_hash()}"
prune_caches(CACHE_DIR)
numba.config.CACHE_DIR = str(CACHE_DIR)      # read when each cached function is decorated

def _one_type(t):
    """The argument type a hot function is compiled for: every integer as int64 (uint64
    if unsigned) and no literals (numba casts the caller's value at the call)."""
    t = types.unliteral(t)
    if isinstance(t, types.Integer):
        return types.int64 if t.signed else types.uint64
    return t


def _call_template(dispatcher):
    """``get_call_template`` of a hot dispatcher, compiling for `_one_type` arguments.

    numba compiles a callee once per argument-type combination seen at its call sites
    (int32 from an array, int64 from a loop, Literal[int](0) from a constant, ...);
    the kernel's rule steps were compiled up to 4 times each, and every copy of a step
    that decides links the whole policy. One signature per function cut the cold
    compile by a third."""
    plain = type(dispatcher).get_call_template

    def get_call_template(args, kws):
        return plain(dispatcher, tuple(_one_type(a) for a in args),
                     {k: _one_type(v) for k, v in kws.items()})
    return get_call_template


KERNEL_PREFIX = "_ZN8simulate"     # numba's mangled names of functions in this package


def _without_wraparound():
    """Compile array indexing in this package's functions without the wraparound
    of negative indices (``a[-1]`` as the last element). numba adds it to every
    access with a signed index: a compare and a select, 19% of a game's instructions
    (callgrind, every policy alike). A kernel index is never negative (fields are
    offsets into S and T), so it is dead weight there; code outside the package,
    plugin scorers included, keeps numba's semantics. If numba's internals change,
    this does nothing and the kernel is just slower."""
    from numba.np import arrayobj
    plain = getattr(arrayobj, "fix_integer_index", None)
    if plain is None or getattr(plain, "windtunnel", False):
        return

    def fix_integer_index(context, builder, idxty, idx, size):
        if idxty.signed and builder.function.name.startswith(KERNEL_PREFIX):
            return context.cast(builder, idx, idxty, types.intp)
        return plain(context, builder, idxty, idx, size)
    fix_integer_index.windtunnel = True
    arrayobj.fix_integer_index = fix_integer_index


_without_wraparound()


ENTRY_POINTS = set()     # qualnames of the functions Python calls to run the kernel (``entry``)


def _optimize_kernel_whole_in_entry_points():
    """Run LLVM's module optimizations on the kernel once, in each entry point, with
    the code it links in private to it.

    numba links a copy of every callee into the caller's module as ``linkonce_odr``
    and optimizes each function's module whole: the kernel's ~70 functions, nested
    5-7 deep, were optimized again at every level. And since the linker may swap in
    another copy of a ``linkonce_odr`` function, LLVM must keep its interface: a
    call passed each array as its whole exploded struct (~35 values for S, T, W,
    OPT), fields the callee never reads included.

    So in an entry point's module the linked-in copies become ``internal`` (they
    are only ever called from inside it): LLVM then drops unused arguments, uses a
    faster calling convention and inlines more, +35-40% games/s with the same
    games. A kernel function that is not an entry point gets only numba's
    per-function optimization; its module-wide pass would be redone in the entry
    point (8-10 s of the cold compile). Such a function called from Python on its
    own (the scenario API) runs a little slower; that is all. Internal copies only
    in entry points, because an intermediate function's module is linked into its
    callers, where they would be compiled again beside the shared ones. If numba's
    internals change, this does nothing and the kernel is just slower."""
    from llvmlite import binding as llvm
    from numba.core import codegen
    plain = getattr(codegen.CPUCodeLibrary, "_optimize_final_module", None)
    if plain is None or getattr(plain, "windtunnel", False):
        return

    def _optimize_final_module(library):
        module = library._final_module
        if library.name in ENTRY_POINTS:
            own = sorted(fn.name for fn in module.functions
                         if not fn.is_declaration and fn.linkage == llvm.Linkage.external)
            tag = hashlib.sha256("".join(own).encode()).hexdigest()[:12]
            for fn in module.functions:
                if not fn.is_declaration and fn.linkage == llvm.Linkage.linkonce_odr:
                    fn.linkage = llvm.Linkage.internal
                    # a name of its own: numba's JIT can bind another module's call
                    # of the shared copy to this one, whose arguments LLVM changes
                    fn.name = f"{fn.name}.{tag}"
        elif any(fn.name.startswith(KERNEL_PREFIX) and fn.linkage == llvm.Linkage.external
                 and not fn.is_declaration for fn in module.functions):
            return           # a kernel function's own code: optimized whole in the entry point
        return plain(library)
    _optimize_final_module.windtunnel = True
    codegen.CPUCodeLibrary._optimize_final_module = _optimize_final_module


_optimize_kernel_whole_in_entry_points()


def hot(fn):
    dispatcher = njit(cache=True, _nrt=False)(fn)
    if numba.config.DISABLE_JIT:          # plain Python, for debugging
        return dispatcher
    dispatcher.get_call_template = _call_template(dispatcher)
    return dispatcher


tiny = njit(cache=True, _nrt=False, inline="always")


def entry(dispatcher):
    """Mark a ``hot`` or ``tiny`` function as one Python calls to run the kernel
    (``game.batch``, ``game.play_game``): its module is where the kernel is optimized
    whole (see ``_optimize_kernel_whole_in_entry_points``)."""
    ENTRY_POINTS.add(getattr(dispatcher, "py_func", dispatcher).__qualname__)   # (plain without the JIT)
    return dispatcher
