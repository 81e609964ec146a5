"""The kernel decorators, the numba patches and where the compiled kernels are cached
(simulate/core/jit.py). A patch that stops taking effect (a numba upgrade) fails here
instead of silently costing 35-40% of the speed, or 4x."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

from simulate.core import jit
from simulate.core.jit import prune_caches, source_hash


def _run(code, env=None, **extra_env):
    env = dict(os.environ if env is None else env, **extra_env)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


# --- a probe game outside simulate/: its package is registered by the decorators

PROBE = '''
from simulate.core.jit import entry, hot, tiny


@hot
def element(a, i):
    return a[i]


@hot
def rule(S, i):
    """Big enough that LLVM keeps it a function of its own, called from several places."""
    t = 0
    n = S.shape[0]
    for j in range(n):
        t += S[(i + j) % n] * (j + 1)
        if t > 1000:
            t = t % 997 + S[(j * 7) % n]
        elif t < -1000:
            t = -t // 3
    for j in range(n):
        S[j] = (S[j] * 31 + t + j) % 10007
        if S[j] % 5 == 0:
            S[(j + i) % n] += S[j] // 2
    for j in range(n - 1, -1, -1):
        t ^= S[j] << (j % 7)
        S[j] = (S[j] + t) % 101
    return t


@tiny
def twice(x):
    return 2 * x


@hot
def turn(S, k):
    return rule(S, k) + rule(S, k + 1) - rule(S, k + 2) + twice(rule(S, k + 3))


@entry
@hot
def play(S, n):
    t = 0
    for k in range(n):
        t += turn(S, k % 5) + turn(S, k % 3)
    return t
'''

INSPECT = '''
import json
import numpy as np
from numba import njit
from numba.core import codegen
from numba.np import arrayobj
from simulate.core import jit
from probe import kernel as K

def element(a, i):
    return a[i]

a = np.arange(10)[2:]                  # a negative index stays inside the base array
outside = njit(element)                # a numba function outside the game packages
out = {"play": int(K.play(np.arange(10), 3))}
lib = K.play.overloads[K.play.signatures[0]].library
final = getattr(lib, "_final_module", None)    # None when loaded from the cache
out.update(
    patched={"wraparound": getattr(arrayobj.fix_integer_index, "windtunnel", False),
             "whole": getattr(codegen.CPUCodeLibrary._optimize_final_module, "windtunnel", False),
             "signature": "get_call_template" in vars(K.rule)},
    kernel_minus_one=int(K.element(a, -1)), outside_minus_one=int(outside(a, -1)),
    kernel_ir=K.element.inspect_llvm(K.element.signatures[0]),
    outside_ir=outside.inspect_llvm(outside.signatures[0]),
    linkage=None if final is None else {fn.name: fn.linkage.name for fn in final.functions if not fn.is_declaration},
    mangled={name: [c.fndesc.mangled_name for c in getattr(K, name).overloads.values()] for name in ("play", "rule")},
    entry={name: [jit.is_entry_point(c.fndesc.mangled_name) for c in getattr(K, name).overloads.values()]
           for name in ("play", "rule")},
    packages=sorted(jit.PACKAGES), prefixes=list(jit.KERNEL_PREFIXES),
    cache={p: str(d) for p, d in jit._CACHE_DIRS.items()})
print(json.dumps(out))
'''


@pytest.fixture
def probe(tmp_path):
    """A probe game package `probe` and an empty cache, for subprocesses."""
    (tmp_path / "src" / "probe").mkdir(parents=True)
    (tmp_path / "src" / "probe" / "__init__.py").write_text("")
    (tmp_path / "src" / "probe" / "kernel.py").write_text(PROBE)
    env = dict(os.environ, WINDTUNNEL_CACHE=str(tmp_path / "cache"))
    env.pop("WINDTUNNEL_NUMBA_PATCHES", None)
    return tmp_path, env


def _inspect(probe, **extra_env):
    tmp_path, env = probe
    code = f"import sys; sys.path.insert(0, {str(tmp_path / 'src')!r})\n" + INSPECT
    return json.loads(_run(code, env, **extra_env).splitlines()[-1])


def _own_ir(ir, name):
    """The definition of the function named `name` (its mangled name) in numba's IR text."""
    lines = ir.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("define") and name in line)
    end = next(i for i in range(start, len(lines)) if lines[i] == "}")
    return "\n".join(lines[start:end])


def test_the_patches_are_in_effect_for_a_game_outside_simulate(probe):
    out = _inspect(probe)
    assert out["patched"] == {"wraparound": True, "whole": True, "signature": True}
    assert "probe" in out["packages"] and jit.mangled("probe") in out["prefixes"]
    # no wraparound: a[-1] reads before the view, and the access has no compare-and-select;
    # numba code elsewhere keeps it (the control: this numba still adds one there)
    assert out["kernel_minus_one"] == 1 and out["outside_minus_one"] == 9
    assert " select " in out["outside_ir"]
    assert " select " not in _own_ir(out["kernel_ir"], jit.mangled("probe.kernel.element"))
    # the entry point's module: its callees linked in as internal copies, renamed
    linkage = out["linkage"]
    linked = {n: l for n, l in linkage.items() if n.startswith(jit.mangled("probe.kernel.rule"))}
    assert linked, f"rule was inlined whole: the probe no longer tests anything ({sorted(linkage)})"
    assert set(linked.values()) == {"internal"}, linked
    assert all("." in n for n in linked)                            # a name of its own (tagged)
    assert "linkonce_odr" not in linkage.values(), linkage
    # functions are recognised by the mangled names of their package, module and name
    assert all(n.startswith(jit.mangled("probe.kernel.play") + "B") for n in out["mangled"]["play"])
    assert out["entry"] == {"play": [True], "rule": [False]}
    # cached per game: the probe's own folder beside the shared helpers'
    tmp_path, _ = probe
    assert {p: os.path.relpath(d, tmp_path / "cache").split(os.sep)[0] for p, d in out["cache"].items()} \
        == {"simulate.core": "simulate.core", "probe": "probe"}


def test_one_switch_turns_every_patch_off_and_the_game_plays_the_same(probe):
    on = _inspect(probe)
    off = _inspect(probe, WINDTUNNEL_NUMBA_PATCHES="0")
    assert off["patched"] == {"wraparound": False, "whole": False, "signature": False}
    assert off["play"] == on["play"]
    assert off["kernel_minus_one"] == 9                               # numba's own indexing
    linked = {n: l for n, l in off["linkage"].items() if n.startswith(jit.mangled("probe.kernel.rule"))}
    assert set(linked.values()) == {"linkonce_odr"}
    assert off["cache"]["probe"] != on["cache"]["probe"]               # kept apart from the patched code
    some = _inspect(probe, WINDTUNNEL_NUMBA_PATCHES="wraparound,signature")
    assert some["patched"] == {"wraparound": True, "whole": False, "signature": True}
    with pytest.raises(ValueError):
        jit.active_patches("wraparound,nonsense")


def test_the_numba_patches_are_installed():
    """numba's internals the patches replace are still there (an upgrade would make
    them do nothing; pyproject.toml pins the tested numba)."""
    from numba.core import codegen
    from numba.np import arrayobj

    assert jit.ACTIVE == frozenset(jit.PATCHES), "run the tests without WINDTUNNEL_NUMBA_PATCHES"
    assert getattr(arrayobj.fix_integer_index, "windtunnel", False)
    assert getattr(codegen.CPUCodeLibrary._optimize_final_module, "windtunnel", False)


def _element(a, i):
    return a[i]


def test_kernel_code_indexes_without_wraparound_and_other_code_keeps_it():
    """jit._without_wraparound: inside the package a negative index is not wrapped
    (the kernel never uses one, and the check cost a fifth of its instructions);
    numba functions elsewhere keep a[-1] as the last element."""
    import types

    from numba import njit

    base = np.arange(10)
    a = base[2:]                      # a negative index stays inside `base`
    outside = njit(_element)
    assert outside(a, -1) == 9
    in_package = types.FunctionType(_element.__code__, {}, "_element")
    in_package.__module__ = "simulate.core.probe"
    kernel = njit(in_package)
    assert kernel(a, -1) == 1        # base[1]: no wraparound
    assert kernel(a, 3) == 5


def test_kernel_functions_are_named_under_their_package_prefix():
    """The patches recognise kernel functions and entry points by their mangled names."""
    import simulate.aeolos.game  # noqa: F401 (its entry points)
    from simulate.core.rng import below

    below(np.ones(1, np.uint64), 3)
    names = [cres.fndesc.mangled_name for cres in below.overloads.values()]
    assert names and all(n.startswith(jit.mangled("simulate.core.rng.below") + "B") for n in names)
    assert all(jit.is_kernel_function(n) for n in names)
    assert jit.mangled("simulate.aeolos") in jit.mangled("simulate.aeolos.game.batch")
    assert jit.is_entry_point(jit.mangled("simulate.aeolos.game.batch") + "B2v1E")
    assert not jit.is_entry_point(jit.mangled("simulate.aeolos.game.new_game") + "B2v1E")
    assert not jit.is_entry_point(jit.mangled("simulate.aeolos.game.batch") + "1fB2v1E")   # batch.f
    # entry points are keyed by module and name: another game's batch is not AEOLOS's
    assert not jit.is_entry_point(jit.mangled("simulate.eos.game.batch") + "B2v1E")


def test_game_packages():
    from simulate.aeolos import GAME

    assert jit.game_package("simulate.aeolos.game") == "simulate.aeolos"
    assert jit.game_package("simulate.aeolos") == "simulate.aeolos"
    assert jit.game_package("simulate.core.rng") == "simulate.core"
    assert jit.game_package("simulate.eos.kernel") == "simulate.eos"
    assert jit.game_package("tests.dicegame.kernel") == "tests.dicegame"
    assert jit.game_package("dice") == "dice"
    assert jit.game_package(GAME) == "simulate.aeolos"
    assert source_hash(GAME) == source_hash("simulate.aeolos")


def test_the_cache_is_keyed_per_game_on_its_kernel_sources(tmp_path, monkeypatch):
    """An edit to one game's kernel starts a fresh cache for that game only; an edit
    outside the kernel (runner, CLI) none; the shared helpers are in every game's."""
    aeolos = jit.kernel_sources("simulate.aeolos")
    assert {"simulate.core.rng", "simulate.core.jit", "simulate.aeolos.rules", "simulate.aeolos.engine",
            "simulate.aeolos.game"} <= set(aeolos)
    assert "simulate.aeolos.layout" in aeolos       # imported by the kernel: its constants are compiled in
    assert "simulate.aeolos.scorer" in aeolos       # (WS_* offsets)
    assert not {"simulate.running.runner", "simulate.cli", "simulate.aeolos.transcript"} & set(aeolos)
    assert source_hash() == source_hash()

    for game in ("ga", "gb"):
        (tmp_path / game).mkdir()
        (tmp_path / game / "__init__.py").write_text("")
        (tmp_path / game / "layout.py").write_text("X = 1\n")
        (tmp_path / game / "kernel.py").write_text(
            "from simulate.core.jit import hot\nfrom .layout import X\n\n@hot\ndef f(a):\n    return a[X]\n")
        (tmp_path / game / "face.py").write_text("from . import kernel\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    shared = {"simulate.core.jit", "simulate.core.mcts_tree", "simulate.core.rng", "simulate.core.tape"}
    assert set(jit.kernel_sources("ga")) == {"ga.kernel", "ga.layout"} | shared
    # the core's templates count for a game that binds them (its kernel imports them), not for every game
    for bound in ("tests.dicegame", "simulate.eos", "simulate.aeolos"):
        assert {"simulate.core.contract", "simulate.core.contract_batch"} <= set(jit.kernel_sources(bound))
    assert not {"simulate.core.contract", "simulate.core.contract_batch"} & set(jit.kernel_sources("ga"))
    before = {g: source_hash(g) for g in ("ga", "gb")}
    (tmp_path / "gb" / "layout.py").write_text("X = 2\n")
    assert source_hash("ga") == before["ga"] and source_hash("gb") != before["gb"]
    after = source_hash("gb")
    (tmp_path / "gb" / "face.py").write_text("from . import kernel  # not kernel code\n")
    assert source_hash("gb") == after


def test_each_game_has_its_cache_folder_and_its_own_pruning(tmp_path, monkeypatch):
    monkeypatch.setattr(jit, "CACHE_ROOT", tmp_path)
    monkeypatch.setattr(jit, "_CACHE_DIRS", {})
    a, shared = jit.cache_dir("simulate.aeolos"), jit.cache_dir("simulate.core")
    assert a.parent == tmp_path / "simulate.aeolos" and shared.parent == tmp_path / "simulate.core"
    assert a.is_dir() and a.name.startswith("numba-")


def test_each_function_is_cached_in_its_games_folder():
    """numba takes the cache folder when a function is decorated; ``hot`` and ``tiny``
    set it to their game's (were numba to take it later, every game would share one
    folder keyed on the wrong sources: stale kernels)."""
    from pathlib import Path

    from simulate.aeolos.game import batch
    from simulate.aeolos.search import decide
    from simulate.core.rng import below

    for fn, package in ((batch, "simulate.aeolos"), (decide, "simulate.aeolos"), (below, "simulate.core")):
        assert Path(fn._cache._cache_path).parent == jit.cache_dir(package)


def test_old_caches_are_pruned_and_the_current_one_kept(tmp_path):
    for i in range(8):
        d = tmp_path / f"numba-old{i}"
        d.mkdir()
        os.utime(d, (1000 + i, 1000 + i))          # old7 is the most recently used
    current = tmp_path / "numba-current"
    prune_caches(current, keep=3)
    left = sorted(d.name for d in tmp_path.iterdir())
    assert left == ["numba-current", "numba-old6", "numba-old7"]


def test_the_kernel_imports_as_plain_python_for_debugging():
    _run("import simulate.aeolos.game, simulate.aeolos.policy", NUMBA_DISABLE_JIT="1")


CALL_AFTER_BATCH = """
import numpy as np
from simulate.aeolos import GAME, game as G, layout as L
from simulate.aeolos.kernel import buffers
from strategies import resolve_strategies
rules = GAME.load_rules()
_, POL, W = resolve_strategies("aeolos", "greedy", 2)
GAME.play(rules, 2, 0, 0, 3, POL, W)
S, R, OPT, SC = buffers()
LOG = np.zeros((0, L.LOG_COLS), np.int32)
G.new_game(rules.T, LOG, 2, 11, 0, S, R)
G.play_turn(S, rules.T, W, POL, R, np.zeros((0, 4), np.int32), LOG, OPT, None, SC, False)
print(S[L.S_TURN])
"""


def test_rule_steps_called_from_python_after_a_batch_run_their_own_code():
    """jit._optimize_kernel_whole_in_entry_points gives the entry point private copies
    of the rule steps, with arguments LLVM changed. They once kept their names, and a
    rule step loaded from the cache after a batch was bound to them: a crash. The
    second process loads everything from the cache."""
    for _ in range(2):
        assert _run(CALL_AFTER_BATCH).split()[-1] == "1"


PLAY_AEOLOS = """
import json
from numba.np import arrayobj
from simulate.aeolos import GAME
from strategies import resolve_strategies
_, POL, W = resolve_strategies("aeolos", "balanced,greedy", 2)
r = GAME.play(GAME.load_rules(), 2, 7, 0, 30, POL, W)
print(json.dumps({"patched": getattr(arrayobj.fix_integer_index, "windtunnel", False),
                  "games": r.games.tolist(), "seats": r.seats.tolist()}))
"""


@pytest.mark.slow
def test_aeolos_plays_the_same_games_without_the_patches():
    """The patches only make the same code faster: without them (a cold compile of
    ~1 min the first time; then cached apart) AEOLOS plays the very same games."""
    on = json.loads(_run(PLAY_AEOLOS).splitlines()[-1])
    off = json.loads(_run(PLAY_AEOLOS, WINDTUNNEL_NUMBA_PATCHES="0").splitlines()[-1])
    assert on["patched"] and not off["patched"]
    assert on["games"] == off["games"] and on["seats"] == off["seats"]
