"""The first compile on two cores (simulate/core/precompile.py; each game's parts in
simulate/<game>/precompile.py)."""
import json
import os
import subprocess
import sys
import time
from importlib import import_module

import numpy as np
import pytest

from simulate.core import precompile
from simulate.aeolos.precompile import COMPILE

FIRST_COMPILE = """
import json, sys
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
from simulate.core.games import get_game
from strategies import resolve_strategies
game, strategies, players = sys.argv[1], sys.argv[2], int(sys.argv[3])
GAME = get_game(game)
_, POL, W = resolve_strategies(GAME, strategies, players)
r = GAME.play(GAME.load_rules(), players, 7, 0, 30, POL, W)
print(json.dumps({"compiled": compiled, "games": r.games[:r.n].tolist(), "seats": r.seats[:r.n].tolist()}))
"""


# A kernel compiled again into an empty cache: CI compiles each kernel once (its suite's own first
# compile, with the same helper), so these are `pytest -m slow` (AEOLOS 45 s on two cores, EOS 80 s)
@pytest.mark.slow
@pytest.mark.parametrize("game,strategies,players", [("aeolos", "balanced,greedy", 2), ("eos", "greedy", 4)])
def test_a_first_compile_shares_the_work_with_a_helper_and_plays_the_same_games(tmp_path, game, strategies, players):
    """From an empty cache: every part the helper compiles is loaded, not compiled
    again here (its argument types are those batch asks for), and the kernel plays
    exactly the games of the kernel compiled in one process."""
    from simulate.core.games import get_game
    from strategies import resolve_strategies

    plan = import_module(f"simulate.{game}.precompile").COMPILE
    env = dict(os.environ, WINDTUNNEL_CACHE=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", FIRST_COMPILE, game, strategies, str(players)], env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.splitlines()[-1])
    assert plan.batch in out["compiled"]                        # it was a first compile
    assert not set(plan.parts) & set(out["compiled"])
    assert (tmp_path / f"simulate.{game}").is_dir()             # (in the game's own cache folder)
    GAME = get_game(game)
    _, POL, W = resolve_strategies(GAME, strategies, players)
    r = GAME.play(GAME.load_rules(), players, 7, 0, 30, POL, W)
    assert np.array_equal(np.array(out["games"]), r.games[:r.n])
    assert np.array_equal(np.array(out["seats"]), r.seats[:r.n])


def test_a_failed_helper_costs_no_wait_and_leaves_the_kernel_as_it_was():
    plain = {part: COMPILE.dispatcher(part).get_call_template for part in COMPILE.parts}
    helper = precompile.Helper(COMPILE, command=[sys.executable, "-c", "raise SystemExit(1)"])
    assert all(COMPILE.dispatcher(p).get_call_template is not plain[p] for p in COMPILE.parts)
    start = time.monotonic()
    assert helper._waiting(COMPILE.parts[0], lambda args, kws: "compiled here")((), {}) == "compiled here"
    assert time.monotonic() - start < 30
    helper.finish()
    assert all(COMPILE.dispatcher(p).get_call_template is plain[p] for p in COMPILE.parts)
    assert not helper.done.exists()


PROBE = '''
from simulate.core.jit import entry, hot
from simulate.core.precompile import Precompile


@hot
def part(S, k, flag):
    return S[k] * 2 if flag else S[k]


@entry
@hot
def batch(S, n):
    t = 0
    for k in range(n):
        t += part(S, k, k % 2 == 0)
    return t


def arguments():
    import numpy as np
    return {"S": np.arange(10)}


COMPILE = Precompile(__name__, batch="kernel.batch", parts=("kernel.part",), arguments=arguments, flags=("flag",))
'''

PROBE_FIRST = """
import json, sys
sys.path.insert(0, sys.argv[1])
import numpy as np
from numba.core import event
compiled = []
class Seen(event.Listener):
    def on_start(self, ev):
        d = ev.data.get("dispatcher")
        if d is not None:
            compiled.append(d.py_func.__qualname__)
    def on_end(self, ev):
        pass
event.register("numba:compile", Seen())
from probe import kernel as K
with K.COMPILE.first_compile():
    t = K.batch(np.arange(10), 6)
print(json.dumps({"compiled": compiled, "t": int(t)}))
"""


def test_a_game_declares_its_parts(tmp_path):
    """The mechanism is the game's to use: a probe game outside simulate/ declares a
    part, which its helper compiles (a boolean flag included) and the main process
    loads."""
    (tmp_path / "probe").mkdir()
    (tmp_path / "probe" / "__init__.py").write_text("")
    (tmp_path / "probe" / "kernel.py").write_text(PROBE)
    env = dict(os.environ, WINDTUNNEL_CACHE=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-c", PROBE_FIRST, str(tmp_path)], env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.splitlines()[-1])
    assert out["t"] == 2 * (0 + 2 + 4) + (1 + 3 + 5)
    assert "batch" in out["compiled"] and "part" not in out["compiled"]
    # said on stderr though it is a pipe, by the first run only
    assert done.stderr.splitlines() == ["windtunnel: first run: compiling the PROBE rules kernel (later runs load "
                                        "it from numba's cache)"]
    again = subprocess.run([sys.executable, "-c", PROBE_FIRST, str(tmp_path)], env=env, capture_output=True, text=True)
    assert again.returncode == 0 and again.stderr == "" and json.loads(again.stdout)["compiled"] == []
