import pytest

from simulate.aeolos.config import load_rules


@pytest.fixture(scope="session")
def rules():
    """The AEOLOS base config as shipped."""
    return load_rules()


def _plays_eos(item):
    path = str(item.fspath)
    return "/tests/eos/" in path or "eos" in path.rsplit("/", 1)[-1]


def pytest_collection_modifyitems(config, items):
    """Files in an order that lets two workers share one compile cache (pytest -n 2 --dist
    loadfile hands out whole files in this order): the first EOS file first, so one worker
    compiles EOS's kernel while the other compiles AEOLOS's and plays its tests, and the other
    EOS files last, when the cache holds both kernels. (Collected alphabetically, tests/eos/
    came first and both workers compiled EOS at once.)"""
    eos_files = list(dict.fromkeys(str(i.fspath) for i in items if _plays_eos(i)))
    if not eos_files:
        return
    first = eos_files[0]
    items.sort(key=lambda i: 0 if str(i.fspath) == first else 2 if _plays_eos(i) else 1)
