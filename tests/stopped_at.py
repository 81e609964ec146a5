"""A windtunnel command stopped by SIGTERM at a chosen moment, as `kill PID` (a scheduler's time
limit) would stop it there: the function named is replaced by one that signals its own process."""
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = """import importlib, os, signal, sys, time
def stop(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(60)                     # the signal lands first
setattr(importlib.import_module({module!r}), {name!r}, stop)
from simulate.cli import app
sys.argv[0] = "windtunnel"
app()
"""


def stopped_at(where, args, folder, timeout=600):
    """`windtunnel ARGS` run in `folder` with `where` ("module:function", looked up when called)
    sending SIGTERM; its CompletedProcess (no warnings filter: what the user would see)."""
    module, name = where.split(":")
    script = Path(folder) / "stopped_at.py"
    script.write_text(SCRIPT.format(module=module, name=name))
    root = str(Path(__file__).resolve().parents[1])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
    env.pop("PYTHONWARNINGS", None)
    return subprocess.run([sys.executable, str(script), *map(str, args)], cwd=folder, capture_output=True,
                          text=True, timeout=timeout, env=env)
