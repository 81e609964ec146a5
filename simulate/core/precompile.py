"""A game kernel's first compile on two cores: a helper process compiles part of
the kernel into numba's cache while this process compiles the rest.

numba compiles on one core, callee before caller: a large kernel's first compile
takes 40-50 s. When the game's batch entry point is not yet in the cache (a new install
or a kernel edit) and the machine has a second core, ``first_compile`` launches a
helper that compiles the game's parts, and makes this process wait for a part
(then load it from the cache) instead of compiling it again. If the helper fails,
this process compiles what is missing itself: the helper can make a first run
faster, never different. WINDTUNNEL_COMPILE_HELPER=0 switches it off.

A game declares its parts (in its package's ``precompile.py``)::

    COMPILE = Precompile(__name__, batch="game.batch", parts=("policy.choose", ...),
                         arguments=example_arguments, flags=("extra",))

and runs its batch inside ``COMPILE.first_compile()``. Parts and batch are
"module.function" in the game's package, listed in the order the main process
reaches them (so that neither process waits long). A part is compiled for the
types its callers pass (``hot`` compiles one signature per function):
``signature`` takes them from the example argument of the same parameter name
(``arguments()``: {name: value} of the types batch is called with), flags as
booleans, every other parameter an int64.
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

from numba import config, typeof
from numba.core import types


WAIT_LIMIT = 120.0          # s; then this process compiles the part itself
DECLARED = {}               # declaring module -> its Precompile (for the helper process)


def is_cached(fn):
    """numba has an index of cached compiles of `fn` (True if numba's internals changed:
    then no helper, the compile just takes longer)."""
    index = getattr(getattr(getattr(fn, "_cache", None), "_cache_file", None), "_index_path", None)
    return index is None or Path(index).exists()


class Precompile:
    """How a game's kernel is compiled on two cores: `home` is the declaring module's
    ``__name__`` (the helper imports it), in the game's package."""

    def __init__(self, home, batch, parts, arguments, flags=(), title=None, seconds=None):
        self.home, self.package = home, home.rpartition(".")[0]
        self.batch, self.parts, self.arguments, self.flags = batch, tuple(parts), arguments, tuple(flags)
        self.title, self.seconds = title or self.package.rpartition(".")[2].upper(), seconds
        DECLARED[home] = self

    def announce(self, helper, stream=None):
        """One line on stderr before a compile from scratch, whoever reads it (a terminal, a pipe,
        a log): what is compiled, that only a first run does it, and about how long it takes here
        (`helper`: a helper process shares the work)."""
        about = f"about {_spoken(compile_seconds(self.seconds, helper))} on this machine; " if self.seconds else ""
        print(f"windtunnel: first run: compiling the {self.title} rules kernel ({about}later runs load it "
              "from numba's cache)", file=stream or sys.stderr, flush=True)

    def dispatcher(self, part):
        module, name = part.rsplit(".", 1)
        return getattr(import_module(f"{self.package}.{module}"), name)

    def signature(self, part, arrays):
        """The argument types `part` is compiled for inside batch (see the module's doc)."""
        def one(name):
            if name in arrays:
                return typeof(arrays[name])
            return types.boolean if name in self.flags else types.int64
        return tuple(one(name) for name in inspect.signature(self.dispatcher(part).py_func).parameters)

    def compile_parts(self, done_dir):
        """The helper: compile each part into the cache, marking each when it is there."""
        arrays = self.arguments()
        for part in self.parts:
            self.dispatcher(part).compile(self.signature(part, arrays))
            (Path(done_dir) / part).touch()

    @contextmanager
    def first_compile(self, helper=True):
        """Around a call of batch: if it is going to compile the kernel from scratch,
        start a helper (if `helper`, and only with a second core) and keep Python's
        garbage collector off the objects that exist already: numba makes millions of
        objects while compiling, and each full collection walked every object of the
        process too (pandas, polars, ... in the CLI; ~3 s)."""
        batch = self.dispatcher(self.batch)
        if config.DISABLE_JIT or batch.overloads or is_cached(batch):
            yield
            return
        helper = helper and (os.cpu_count() or 1) >= 2 and os.environ.get("WINDTUNNEL_COMPILE_HELPER") != "0"
        self.announce(helper)
        running = None
        if helper:
            try:
                running = Helper(self)
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
            if running is not None:
                running.finish()


def compile_seconds(seconds, helper, cores=None, load=None):
    """About how long a compile measured at `seconds` on two free cores takes here: 1.7 times as
    long on one process (no `helper`), and longer again while other processes share the cores
    (`load`: the load average; each of the compiling processes, two with a helper, gets
    cores / (load + processes) of a core)."""
    cores = cores or os.cpu_count() or 1
    if load is None:
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    share = min(1.0, cores / (load + (2 if helper else 1)))
    return seconds * (1.0 if helper else 1.7) / share


def _spoken(seconds):
    """"40 s", "3 min"."""
    return f"{round(seconds / 5) * 5 or 5} s" if seconds < 90 else f"{round(seconds / 60)} min"


class Helper:
    """A running helper and the waits installed on this process's dispatchers."""

    def __init__(self, plan, command=None):
        self.plan = plan
        self.done = Path(tempfile.mkdtemp(prefix="windtunnel-compile-"))
        # the helper imports this very kernel and compiles into the same cache
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
        self.process = subprocess.Popen(command or [sys.executable, "-m", __name__, plan.home, str(self.done)],
                                        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.plain = {}
        for part in plan.parts:
            fn = plan.dispatcher(part)
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
        """Remove the waits and stop the helper: batch is compiled, so it has done
        every part (or failed, or been interrupted; numba writes a cache file whole
        or not at all)."""
        for part, plain in self.plain.items():
            self.plan.dispatcher(part).get_call_template = plain
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        shutil.rmtree(self.done, ignore_errors=True)


if __name__ == "__main__":
    home, done_dir = sys.argv[1:3]
    import_module(home)             # declares in simulate.core.precompile, not in this __main__
    import_module(__spec__.name).DECLARED[home].compile_parts(done_dir)
