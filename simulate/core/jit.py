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

Games: a game's kernel is the compiled code of one package, its *game package*:
``simulate.<game>`` for the games shipped, or the package of any module that uses
these decorators (the tests' dice game: ``tests.dicegame``). ``hot``, ``tiny``
and ``entry`` register it; the patches apply to registered packages only, so
numba code elsewhere (plugin scorers, notebooks) keeps numba's semantics. The
shared helpers (``simulate/core/``: ``rng``, ``tape``, ``seats``) are a package of their own,
``simulate.core``.

The numba patches (``_without_wraparound``, ``_optimize_kernel_whole_in_entry_points``,
``_call_template``) are worth 35-40% of the speed and more; tests/test_jit.py fails
if one is not in effect. ``WINDTUNNEL_NUMBA_PATCHES=0`` turns them all off (to
bisect a suspected miscompile), or a comma-separated list keeps only those named
(``wraparound``, ``whole``, ``signature``); the cache is kept apart per setting.

Cache: numba keys a cached function on its own source file only, so after an
edit to one kernel module the cached callers in other modules would keep
running old code. So each game caches in a folder named after a hash of its
kernel sources (``kernel_sources``: the shared ones and the game's), the numba
and llvmlite versions and the patches: ``<cache>/<game package>/numba-<hash>``.
A kernel edit starts a fresh cache for its game only (and an edit to the shared
helpers, for every game); an edit to the CLI or runner does not. Set
WINDTUNNEL_CACHE to move it.
"""
import hashlib
import importlib.util
import os
import re
import shutil
import sys
import time
import warnings
from pathlib import Path

import llvmlite
import numba
from llvmlite import binding as llvm
from numba import njit
from numba.core import codegen, itanium_mangler, types
from numba.np import arrayobj

_ROOT = Path(__file__).resolve().parent       # simulate/core/
SHARED = "simulate.core"   # the shared kernel helpers: simulate/core/*.py, part of every game's kernel

PATCHES = ("wraparound", "whole", "signature")


def active_patches(switch=None):
    """The patches WINDTUNNEL_NUMBA_PATCHES asks for: all (unset or 1), none (0), or those named."""
    switch = os.environ.get("WINDTUNNEL_NUMBA_PATCHES", "1") if switch is None else switch
    if switch.strip() in ("", "1"):
        return frozenset(PATCHES)
    names = {n.strip() for n in switch.split(",")} - {"0", ""}
    if names - set(PATCHES):
        raise ValueError(f"WINDTUNNEL_NUMBA_PATCHES={switch}: unknown {sorted(names - set(PATCHES))}; "
                         f"use 0, 1 or some of {', '.join(PATCHES)}")
    return frozenset(names)


ACTIVE = active_patches()


# --- game packages and their sources

def _is_package(module):
    m = sys.modules.get(module)
    if m is not None:
        return hasattr(m, "__path__")
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return False
    return spec is not None and spec.submodule_search_locations is not None


def game_package(of):
    """The game package of a module name, or of an object of a class defined in one
    (a ``Game``): ``simulate.<game>``, ``simulate.core`` for the shared helpers, else the
    module's own package (or the module itself if it is top-level or a package)."""
    module = of if isinstance(of, str) else type(of).__module__
    if module == SHARED or module.startswith(SHARED + "."):
        return SHARED
    game = max((g for g in game_packages() if module == g or module.startswith(g + ".")), key=len, default=None)
    if game is not None:
        return game
    return module if _is_package(module) else module.rpartition(".")[0] or module


def game_packages():
    """The registered games' packages (``simulate.core.games``: the one list of games)."""
    from .games import game_names, module_of  # here, not at the top: the registry is no kernel source
    return [module_of(name) for name in game_names()]


def is_kernel_source(path):
    """A module numba compiles code of (or jit.py, whose patches shape that code). The core's
    ``@template`` modules (``contract``) count for a game that binds them, through its kernel's
    import of them (``kernel_sources``), not for every game: an edit to them recompiles those only."""
    text = path.read_text()
    marks = ("@hot", "@tiny", "@njit", "@cfunc", "@numba.")
    return path.name == "jit.py" or any(d in text for d in marks)


def _package_files(package):
    """{module name: file} of a package's modules."""
    if package == SHARED:
        return {f"{SHARED}.{f.stem}": f for f in _ROOT.glob("*.py") if f.stem != "__init__"}
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        return {}
    if not spec.submodule_search_locations:
        return {package: Path(spec.origin)}
    files = {}
    for location in spec.submodule_search_locations:
        for f in Path(location).rglob("*.py"):
            rel = f.relative_to(location).with_suffix("").parts
            rel = rel[:-1] if rel[-1] == "__init__" else rel
            files[".".join((package, *rel))] = f
    return files


_IMPORT = re.compile(r"^(?:import\s+([\w., ]+)|from\s+(\.*)([\w.]*)\s+import\s+(\([^)]*\)|.*))", re.M)


def _imported(path, module, is_package):
    """Modules `path` (module `module`) may import at its top level, as absolute names
    (a regular expression: parsing the kernel's modules took 30-40 ms)."""
    here = module if is_package else module.rpartition(".")[0]
    for plain, dots, name, names in _IMPORT.findall(path.read_text()):
        if plain:
            yield from (n.split()[0] for n in plain.split(",") if n.strip())
            continue
        try:
            base = importlib.util.resolve_name(dots + name, here) if dots else name
        except ImportError:             # beyond the top-level package
            continue
        yield base
        yield from (f"{base}.{n}" for n in re.findall(r"\w+", names))      # from . import layout


def kernel_sources(package):
    """The files whose text is compiled into `package`'s kernel, by module name: its
    modules with numba code, the package's and the shared modules they import (constants
    such as ``layout``'s offsets are frozen into the compiled code), and, for a game, the
    shared helpers likewise."""
    own = _package_files(package)
    # a game's kernel may import a shared module (the layouts' ``simulate.core.layout``): it counts too
    files = own if package == SHARED else {**_package_files(SHARED), **own}
    todo = [m for m, f in own.items() if is_kernel_source(f)]
    kernel = {}
    while todo:
        m = todo.pop()
        if m not in kernel:
            kernel[m] = files[m]
            todo.extend(i for i in _imported(files[m], m, files[m].name == "__init__.py")
                        if i in files and i != package)        # not the package's __init__
    if package != SHARED:
        kernel.update(kernel_sources(SHARED))
    return dict(sorted(kernel.items()))


def source_hash(game=None):
    """A hash of the kernel sources and numba's version: of one game (its package
    name, or an object whose class is defined in it, such as its ``Game``) with the
    shared helpers, or with no argument of every registered game."""
    if game is None:
        games = [SHARED] + game_packages()
        files = {m: f for g in games for m, f in kernel_sources(g).items()}
    else:
        files = kernel_sources(game if isinstance(game, str) else game_package(game))
    h = hashlib.sha256(numba.__version__.encode())
    for module, f in sorted(files.items()):
        h.update(module.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


# --- the cache, one folder per game

CACHE_ROOT = Path(os.environ.get("WINDTUNNEL_CACHE", Path.home() / ".cache" / "windtunnel"))
KEEP_CACHES = 5          # kernel versions kept compiled per game (15-30 MB each)
LEGACY_DAYS = 7          # caches of the one-folder layout (numba-* in CACHE_ROOT) unused this long go


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


_CACHE_DIRS = {}


def cache_dir(package):
    """The folder `package`'s compiled functions are cached in (fixed for the process:
    numba's cache locator takes it when a function is decorated)."""
    if package not in _CACHE_DIRS:
        key = "/".join((source_hash(package), llvmlite.__version__, *sorted(ACTIVE)))
        d = CACHE_ROOT / package / f"numba-{hashlib.sha256(key.encode()).hexdigest()[:16]}"
        prune_caches(d)
        _CACHE_DIRS[package] = d
    return _CACHE_DIRS[package]


def _prune_legacy_caches():
    try:
        for old in CACHE_ROOT.glob("numba-*"):
            if time.time() - old.stat().st_mtime > LEGACY_DAYS * 86400:
                shutil.rmtree(old, ignore_errors=True)
    except OSError:
        pass


_prune_legacy_caches()
CACHE_DIR = cache_dir(SHARED)
numba.config.CACHE_DIR = str(CACHE_DIR)      # for cached numba code outside hot/tiny (keep_base)


# --- the packages whose code gets the patches

def mangled(dotted):
    """The start of numba's mangled name of the functions in package or module `dotted`,
    or of function `module.qualname` (followed by its abi tags, "B...")."""
    return "_ZN" + "".join(itanium_mangler.mangle_identifier(p) for p in dotted.split("."))


PACKAGES = {SHARED}                       # game packages registered by hot, tiny, entry
KERNEL_PREFIXES = (mangled(SHARED),)      # their functions' mangled names start so
ENTRY_POINTS = set()                      # mangled names of the entry points, module and qualname


def register(fn):
    """Record the game package of Python function `fn`; returns it."""
    global KERNEL_PREFIXES
    package = game_package(fn.__module__)
    if package not in PACKAGES:
        PACKAGES.add(package)
        KERNEL_PREFIXES = (*KERNEL_PREFIXES, mangled(package))
    return package


def is_kernel_function(name):
    return name.startswith(KERNEL_PREFIXES)


def is_entry_point(name):
    """`name`, a mangled function name, is that of an ``entry`` function."""
    return any(name.startswith(e) and name[len(e):len(e) + 1] in ("B", "E") for e in ENTRY_POINTS)


# --- the numba patches

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


def _missing(what):
    warnings.warn(f"windtunnel: numba {numba.__version__} lacks {what}; the kernel runs without that "
                  "patch, correct but slower (pin numba as pyproject.toml does)", RuntimeWarning, stacklevel=3)


def _without_wraparound():
    """Compile array indexing in the game packages' functions without the wraparound
    of negative indices (``a[-1]`` as the last element). numba adds it to every
    access with a signed index: a compare and a select, 19% of a game's instructions
    (callgrind, every policy alike). A kernel index is never negative (fields are
    offsets into S and T), so it is dead weight there; code outside the game
    packages, plugin scorers included, keeps numba's semantics."""
    plain = getattr(arrayobj, "fix_integer_index", None)
    if plain is None:
        return _missing("numba.np.arrayobj.fix_integer_index")
    if getattr(plain, "windtunnel", False):
        return

    def fix_integer_index(context, builder, idxty, idx, size):
        if idxty.signed and builder.function.name.startswith(KERNEL_PREFIXES):
            return context.cast(builder, idx, idxty, types.intp)
        return plain(context, builder, idxty, idx, size)
    fix_integer_index.windtunnel = True
    arrayobj.fix_integer_index = fix_integer_index


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
    callers, where they would be compiled again beside the shared ones.

    Entry points are told by their mangled names (module and qualname), not by
    numba's library name (the bare qualname: every game has a ``batch``)."""
    plain = getattr(codegen.CPUCodeLibrary, "_optimize_final_module", None)
    if plain is None:
        return _missing("numba.core.codegen.CPUCodeLibrary._optimize_final_module")
    if getattr(plain, "windtunnel", False):
        return

    def _optimize_final_module(library):
        module = library._final_module
        own = [fn.name for fn in module.functions if not fn.is_declaration and fn.linkage == llvm.Linkage.external]
        if any(map(is_entry_point, own)):
            tag = hashlib.sha256("".join(sorted(own)).encode()).hexdigest()[:12]
            for fn in module.functions:
                if not fn.is_declaration and fn.linkage == llvm.Linkage.linkonce_odr:
                    fn.linkage = llvm.Linkage.internal
                    # a name of its own: numba's JIT can bind another module's call
                    # of the shared copy to this one, whose arguments LLVM changes
                    fn.name = f"{fn.name}.{tag}"
        elif any(map(is_kernel_function, own)):
            return           # a kernel function's own code: optimized whole in the entry point
        return plain(library)
    _optimize_final_module.windtunnel = True
    codegen.CPUCodeLibrary._optimize_final_module = _optimize_final_module


if "wraparound" in ACTIVE:
    _without_wraparound()
if "whole" in ACTIVE:
    _optimize_kernel_whole_in_entry_points()


# --- the decorators

def _cached_njit(fn, **options):
    """``njit(cache=True, _nrt=False, nogil=True)`` caching in the folder of fn's game. Without the
    GIL while it runs, the kernel leaves the process's other threads free: a run's stall watchdog
    (``simulate/running/stall.py``) sees a plugin's endless loop in this process and ends it."""
    package = register(fn)
    if numba.config.DISABLE_JIT:          # plain Python, for debugging
        return njit(**options)(fn)
    default, numba.config.CACHE_DIR = numba.config.CACHE_DIR, str(cache_dir(package))
    try:
        return njit(cache=True, _nrt=False, nogil=True, **options)(fn)
    finally:
        numba.config.CACHE_DIR = default


def hot(fn):
    dispatcher = _cached_njit(fn)
    if "signature" in ACTIVE and not numba.config.DISABLE_JIT:
        dispatcher.get_call_template = _call_template(dispatcher)
    return dispatcher


def tiny(fn):
    return _cached_njit(fn, inline="always")


def entry(dispatcher):
    """Mark a ``hot`` or ``tiny`` function as one Python calls to run the kernel
    (``game.batch``, ``game.play_game``): its module is where the kernel is optimized
    whole (see ``_optimize_kernel_whole_in_entry_points``)."""
    fn = getattr(dispatcher, "py_func", dispatcher)     # (plain without the JIT)
    register(fn)
    ENTRY_POINTS.add(mangled(f"{fn.__module__}.{fn.__qualname__}"))
    return dispatcher
