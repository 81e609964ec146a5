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
