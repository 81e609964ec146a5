"""The first compile on two cores (simulate/aeolos/precompile.py)."""
import json
import subprocess
import sys
import time

import numpy as np

from simulate.aeolos import precompile

FIRST_COMPILE = """
import json
from numba.core import event
compiled = []
class Seen(event.Listener):
    def on_start(self, ev):
        d = ev.data.get("dispatcher")
        if d is not None:
            compiled.append(d.py_func.__module__.rsplit(".", 1)[-1] + "." + d.py_func.__qualname__)
    def on_end(self, ev):
        pass
event.register("numba:compile", Seen())
from simulate.aeolos import tables
from simulate.bench import _play
from strategies import resolve_strategies
_, POL, W = resolve_strategies("balanced,greedy", 2)
games, seats = _play(tables.load_rules(), 2, 7, 0, 30, POL, W)
print(json.dumps({"compiled": compiled, "games": games.tolist(), "seats": seats.tolist()}))
"""


def test_a_first_compile_shares_the_work_with_a_helper_and_plays_the_same_games(tmp_path):
    """From an empty cache: every part the helper compiles is loaded, not compiled
    again here (its argument types are those batch asks for), and the kernel plays
    exactly the games of the kernel compiled in one process."""
    from simulate.aeolos import tables
    from simulate.bench import _play
    from strategies import resolve_strategies

    env = dict(__import__("os").environ, WINDTUNNEL_CACHE=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", FIRST_COMPILE], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.splitlines()[-1])
    assert "game.batch" in out["compiled"]                      # it was a first compile
    assert not set(precompile.PARTS) & set(out["compiled"])
    _, POL, W = resolve_strategies("balanced,greedy", 2)
    games, seats = _play(tables.load_rules(), 2, 7, 0, 30, POL, W)
    assert np.array_equal(np.array(out["games"]), games)
    assert np.array_equal(np.array(out["seats"]), seats)


def test_a_failed_helper_costs_no_wait_and_leaves_the_kernel_as_it_was():
    plain = {part: precompile.dispatcher(part).get_call_template for part in precompile.PARTS}
    helper = precompile.Helper(command=[sys.executable, "-c", "raise SystemExit(1)"])
    assert all(precompile.dispatcher(p).get_call_template is not plain[p] for p in precompile.PARTS)
    start = time.monotonic()
    assert helper._waiting(precompile.PARTS[0], lambda args, kws: "compiled here")((), {}) == "compiled here"
    assert time.monotonic() - start < 30
    helper.finish()
    assert all(precompile.dispatcher(p).get_call_template is plain[p] for p in precompile.PARTS)
    assert not helper.done.exists()
