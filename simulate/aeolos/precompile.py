"""The first compile on two cores: a helper process compiles part of the kernel
into numba's cache while this process compiles the rest.

numba compiles on one core, callee before caller: the kernel's first compile took
40-50 s. When ``batch`` is not yet in the cache (a new install or a kernel edit)
and the machine has a second core, ``first_compile`` launches a helper that compiles
``PARTS`` for the plain-heuristic kernel (no plugin, no lookahead), and makes
this process wait for a part (then load it from the cache) instead of compiling
it again. The parts are listed in the order this process reaches them, chosen
so that neither process waits long (measured: 26 s instead of 40-48 s).
If the helper fails, this process compiles what is missing itself: the helper
can make a first run faster, never different. WINDTUNNEL_COMPILE_HELPER=0
switches it off.

A part is compiled for the types its callers pass (``hot`` compiles one
signature per function); ``signature`` derives them from the parameter names
the kernel uses throughout (S, T, W, ...), and a test checks that the helper's
parts are exactly what ``batch`` then loads.
"""
import gc
import inspect
import os
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from importlib import import_module
from pathlib import Path

import numpy as np
from numba import config, typeof
from numba.core import types

PARTS = ("policy.heuristic_choice", "rules.extra_action", "pieces.poseidon_effect", "check.check_state",
         "pieces.draw_sailing_card", "turn.final_scoring", "game.record")
FLAGS = ("end_of_turn", "extra")                    # boolean parameters batch does not have
WAIT_LIMIT = 120.0                                   # s; then this process compiles the part itself


def dispatcher(part):
    module, name = part.split(".")
    return getattr(import_module(f"{__package__}.{module}"), name)


def example_arguments(rules):
    """Arguments of the types ``play_batch`` hands the kernel, by parameter name."""
    from .game import batch, batch_arguments
    from .kernel import result_arrays
    from .layout import MAX_PLAYERS, N_WCOLS
    W, POL = np.zeros((MAX_PLAYERS, N_WCOLS)), np.zeros(MAX_PLAYERS, np.int32)
    args = batch_arguments(rules.T, 2, 0, 0, 1, W, POL, False, *result_arrays(1), False, None)
    return dict(zip(inspect.signature(batch.py_func).parameters, args), WS=None)


def signature(part, arrays):
    """The argument types `part` is compiled for inside ``batch``: those of batch's
    argument of the same name (``WS`` is None), the flags as booleans, every other
    parameter an int64."""
    def one(name):
        if name in arrays:
            return typeof(arrays[name])
        return types.boolean if name in FLAGS else types.int64
    return tuple(one(name) for name in inspect.signature(dispatcher(part).py_func).parameters)


def compile_parts(done_dir, rules):
    """The helper: compile each part into the cache, marking each when it is there."""
    arrays = example_arguments(rules)
    for part in PARTS:
        dispatcher(part).compile(signature(part, arrays))
        (Path(done_dir) / part).touch()


def is_cached(fn):
    """numba has an index of cached compiles of `fn` (True if numba's internals changed:
    then no helper, the compile just takes longer)."""
    index = getattr(getattr(getattr(fn, "_cache", None), "_cache_file", None), "_index_path", None)
    return index is None or Path(index).exists()


class Helper:
    """A running helper and the waits installed on this process's dispatchers."""

    def __init__(self, command=None):
        self.done = Path(tempfile.mkdtemp(prefix="windtunnel-compile-"))
        # the helper imports this very kernel and compiles into the same cache
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
        self.process = subprocess.Popen(command or [sys.executable, "-m", __name__, str(self.done)], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.plain = {}
        for part in PARTS:
            fn = dispatcher(part)
            self.plain[part] = fn.get_call_template
            fn.get_call_template = self._waiting(part, fn.get_call_template)

    def _waiting(self, part, get_call_template):
        def wait_then_get(args, kws):
            start = time.monotonic()
            while (not (self.done / part).exists() and self.process.poll() is None
                   and time.monotonic() - start < WAIT_LIMIT):
                time.sleep(0.02)
            return get_call_template(args, kws)
        return wait_then_get

    def finish(self):
        """Remove the waits and stop the helper: ``batch`` is compiled, so it has done
        every part (or failed, or been interrupted; numba writes a cache file whole
        or not at all)."""
        for part, plain in self.plain.items():
            dispatcher(part).get_call_template = plain
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        shutil.rmtree(self.done, ignore_errors=True)


@contextmanager
def first_compile(X):
    """Around a call of ``batch``: if it is going to compile the kernel from scratch,
    start a helper (plain-heuristic kernel only, and only with a second core) and
    keep Python's garbage collector off the objects that exist already: numba
    makes millions of objects while compiling, and each full collection walked
    every object of the process too (pandas, polars, ... in the CLI; ~3 s)."""
    from .game import batch
    if config.DISABLE_JIT or batch.overloads or is_cached(batch):
        yield
        return
    helper = None
    if X is None and (os.cpu_count() or 1) >= 2 and os.environ.get("WINDTUNNEL_COMPILE_HELPER") != "0":
        try:
            helper = Helper()
        except OSError:          # no process to be had: compile on one core
            pass
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(20_000, 50, 1000)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()
        if helper is not None:
            helper.finish()


if __name__ == "__main__":
    from .tables import load_rules
    compile_parts(sys.argv[1], load_rules())     # (only the types of the rules' arrays matter)
