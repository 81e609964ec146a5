"""`--stall-timeout`: a run whose batches make no progress is ended, not waited on for ever.

A strategy that never returns (an endless loop in a Python strategy or a numba plugin) would
hang its batch, and the run, without a word. ``Stall`` watches from a thread of the parent: when
no batch has finished for `timeout` seconds it signals the parent's main thread (SIGUSR1), whose
handler raises ``RunStalled`` wherever it is: waiting on the workers (joblib then ends them, as
on Ctrl-C) or in the endless Python loop itself (a run that plays in this process). The runner
turns it into a failed run that keeps its finished shards and names the run's own strategies.
Compiled code (a numba plugin's loop in this process) never returns to Python to see the
signal: after a grace period the watchdog records the failure itself (``last_resort``) and
ends the process. Before the run is ``arm``ed (while the parent compiles the kernel and plays
its first game: numba's compiler must not be interrupted half-way) only that last resort applies.
"""
import contextlib
import os
import signal
import sys
import threading
import time

from ..core.errors import check_number

DEFAULT = 600.0             # seconds without a finished batch: ten minutes, far above any batch's time
GRACE = 10.0                # seconds the main thread has to answer the signal before the last resort
_hard_exit = os._exit       # (the real one: a Python strategy's os._exit is refused while it decides)


class RunStalled(BaseException):
    """Raised in the main thread when no batch finished for the stall timeout. A BaseException, as
    KeyboardInterrupt: no ``except Exception`` on the way (a strategy's, a batch's) swallows it."""


def check_stall_timeout(seconds):
    """--stall-timeout as given: seconds (more than 0), or 0 for never; else one UserError."""
    if seconds != 0:
        check_number("--stall-timeout", seconds, more_than=0)
    return seconds


def own_strategies(manifest):
    """The run's strategies that are not built in (a plugin or a Python file), in words."""
    return [f"{name!r} ({os.path.basename(w['plugin'])})" for name, w in manifest["strategy_weights"].items()
            if w.get("plugin")]


class Stall:
    """The watchdog of one run (a context manager): `beat()` at every finished batch; the main
    thread gets ``RunStalled`` once `timeout` seconds pass without one (0: never). `last_resort`,
    set by the runner, records the failure when the main thread does not answer; then the process
    ends with exit code 1."""

    def __init__(self, timeout, strategies):
        self.timeout, self.strategies = timeout, strategies
        self.last = time.monotonic()
        self.stalled = self.armed = False
        self.last_resort = None
        self._done = threading.Event()
        self._thread = self._previous = None

    def beat(self):
        self.last = time.monotonic()

    def arm(self):
        """From now on (the kernel compiled, the folder ready) a stall signals the main thread."""
        self.armed = True
        self.beat()

    def failure(self):
        """Why the run stopped, in words (the start of its one error line)."""
        if self.strategies:
            why = f"a strategy that never returns? the run's own: {', '.join(self.strategies)}"
        else:
            why = "every strategy is built in: if its batches take this long, give a longer --stall-timeout"
        what = "no batch finished" if self.armed else "its first game (and the kernel's loading) did not finish"
        return f"the run stalled: {what} in {self.timeout:g} s (--stall-timeout); {why}"

    def __enter__(self):
        if not self.timeout:
            return self
        with contextlib.suppress(ValueError):          # (not the main thread: the last resort only)
            self._previous = signal.signal(signal.SIGUSR1, self._raise)
        self._main = threading.main_thread().ident
        self._thread = threading.Thread(target=self._watch, name="windtunnel-stall", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._done.set()
        if self._thread is not None:
            self._thread.join()
        if self._previous is not None:
            signal.signal(signal.SIGUSR1, self._previous)

    def _raise(self, signum, frame):
        if self.stalled:
            raise RunStalled(self.failure())

    def _watch(self):
        while not self._done.wait(min(1.0, self.timeout / 4)):
            if time.monotonic() - self.last > self.timeout:
                self.stalled = True
                if self.armed and self._previous is not None:
                    signal.pthread_kill(self._main, signal.SIGUSR1)
                    if self._done.wait(GRACE):
                        return
                self._give_up()
                return

    def _give_up(self):
        """The main thread is in compiled code that never returns: say why, record it, end."""
        message = self.failure()
        try:
            if self.last_resort is not None:
                message = self.last_resort(message)
        finally:
            print(f"windtunnel: error: {message}", file=sys.stderr, flush=True)
            _hard_exit(1)
