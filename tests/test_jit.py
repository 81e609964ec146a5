"""Where the compiled kernel is cached."""
import os

from simulate.jit import is_kernel_source, prune_caches, source_hash
from simulate import jit


def test_cache_is_keyed_on_kernel_sources_only():
    root = jit._ROOT
    assert is_kernel_source(root / "aeolos" / "rules.py")
    assert is_kernel_source(root / "aeolos" / "layout.py")      # its constants are compiled in
    assert not is_kernel_source(root / "runner.py")              # editing the runner keeps the cache
    assert not is_kernel_source(root / "cli.py")
    assert source_hash() == source_hash()


def test_old_caches_are_pruned_and_the_current_one_kept(tmp_path):
    for i in range(8):
        d = tmp_path / f"numba-old{i}"
        d.mkdir()
        os.utime(d, (1000 + i, 1000 + i))          # old7 is the most recently used
    current = tmp_path / "numba-current"
    prune_caches(current, keep=3)
    left = sorted(d.name for d in tmp_path.iterdir())
    assert left == ["numba-current", "numba-old6", "numba-old7"]


def _element(a, i):
    return a[i]


def test_kernel_code_indexes_without_wraparound_and_other_code_keeps_it():
    """jit._without_wraparound: inside the package a negative index is not wrapped
    (the kernel never uses one, and the check cost a fifth of its instructions);
    numba functions elsewhere keep a[-1] as the last element."""
    import types

    import numpy as np
    from numba import njit

    base = np.arange(10)
    a = base[2:]                      # a negative index stays inside `base`
    outside = njit(_element)
    assert outside(a, -1) == 9
    in_package = types.FunctionType(_element.__code__, {}, "_element")
    in_package.__module__ = "simulate.probe"
    kernel = njit(in_package)
    assert kernel(a, -1) == 1        # base[1]: no wraparound
    assert kernel(a, 3) == 5


def test_kernel_functions_are_named_under_the_package_prefix():
    """The wraparound patch recognises kernel functions by their mangled name."""
    import numpy as np

    from simulate.rng import below
    below(np.ones(1, np.uint64), 3)
    names = [cres.fndesc.mangled_name for cres in below.overloads.values()]
    assert names and all(n.startswith(jit.KERNEL_PREFIX) for n in names)


def test_the_kernel_imports_as_plain_python_for_debugging():
    import subprocess
    import sys

    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    done = subprocess.run([sys.executable, "-c", "import simulate.aeolos.game, simulate.aeolos.policy"],
                          env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


CALL_AFTER_BATCH = """
import numpy as np
from simulate.aeolos import game as G, layout as L, tables
from simulate.aeolos.kernel import buffers
from simulate.bench import _play
from strategies import resolve_strategies
rules = tables.load_rules()
_, POL, W = resolve_strategies("greedy", 2)
_play(rules, 2, 0, 0, 3, POL, W)
S, R, OPT = buffers()
LOG = np.zeros((0, L.LOG_COLS), np.int32)
G.new_game(rules.T, LOG, 2, 11, 0, S, R)
G.play_turn(S, rules.T, W, POL, R, np.zeros((0, 4), np.int32), LOG, OPT, None, False)
print(S[L.S_TURN])
"""


def test_rule_steps_called_from_python_after_a_batch_run_their_own_code():
    """jit._optimize_kernel_whole_in_entry_points gives the entry point private copies
    of the rule steps, with arguments LLVM changed. They once kept their names, and a
    rule step loaded from the cache after a batch was bound to them: a crash. The
    second process loads everything from the cache."""
    import subprocess
    import sys

    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", CALL_AFTER_BATCH], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-2000:]
        assert done.stdout.split()[-1] == "1"
