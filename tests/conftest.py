import os
import threading
import time

import pytest

from simulate.aeolos.config import load_rules


# every report in the suite measures its items as causes on a small budget (docs/causal.md); the
# tests of the measure itself name their budgets
os.environ.setdefault("WINDTUNNEL_CAUSAL_BUDGET", "2000")


@pytest.fixture(scope="session")
def rules():
    """The AEOLOS base config as shipped."""
    return load_rules()


def _plays_eos(item):
    path = str(item.fspath)
    return "/tests/eos/" in path or "eos" in path.rsplit("/", 1)[-1]


LONGEST = "test_readme.py"      # every README command in turn: 2 min, a file no other can share


def pytest_collection_modifyitems(config, items):
    """Files in an order that lets two workers share one compile cache (pytest -n 2 --dist
    loadfile hands out whole files in this order): the first EOS file first, so one worker
    compiles EOS's kernel while the other compiles AEOLOS's and plays its tests, and the other
    EOS files last, when the cache holds both kernels. (Collected alphabetically, tests/eos/
    came first and both workers compiled EOS at once.) The longest file is handed out right after
    the first EOS file: near the end of the order, it kept one worker busy for two minutes after
    the other was done."""
    eos_files = list(dict.fromkeys(str(i.fspath) for i in items if _plays_eos(i)))
    if not eos_files:
        return
    first = eos_files[0]

    def order(item):
        path = str(item.fspath)
        return 0 if path == first else 1 if path.endswith("/" + LONGEST) else 3 if _plays_eos(item) else 2
    items.sort(key=order)


class LongTestWatch:
    """Names each test that has run for a minute or more, once a minute, so a long test (a README
    command, a first compile) never looks like a hang behind the dots. On the controller: with
    pytest-xdist its workers' test starts and reports come here too."""

    EVERY = 60.0

    def __init__(self, reporter):
        self.reporter, self.running, self.done = reporter, {}, threading.Event()
        threading.Thread(target=self._watch, daemon=True).start()

    def pytest_runtest_logstart(self, nodeid, location):
        self.running[nodeid] = time.monotonic()

    def pytest_runtest_logreport(self, report):
        if report.when == "teardown":
            self.running.pop(report.nodeid, None)

    def pytest_unconfigure(self, config):
        self.done.set()

    def _watch(self):
        while not self.done.wait(self.EVERY):
            now = time.monotonic()
            long = sorted((now - start, nodeid) for nodeid, start in list(self.running.items())
                          if now - start >= self.EVERY)
            if long:
                self.reporter.write_line("")
                self.reporter.write_line("still running: " + "; ".join(f"{n} ({s / 60:.0f} min)" for s, n in long))


@pytest.hookimpl(trylast=True)          # after the terminal reporter is there
def pytest_configure(config):
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None and not hasattr(config, "workerinput"):       # (not in an xdist worker)
        config.pluginmanager.register(LongTestWatch(reporter), "long-test-watch")
