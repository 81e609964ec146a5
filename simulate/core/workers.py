"""How many worker processes a command starts on this machine: `--jobs`, at most the cores this
process may use (more processes than cores only slow a run down, and a slip such as
``--jobs 100000`` would fork without limit). A cluster's workers are the cluster's business."""
import os
import sys

from .errors import check_jobs

_SAID = set()          # (asked, cores) already told on stderr: a comparison's cells say it once


def usable_cores():
    """The cores this process may run on (its CPU affinity: a container's or taskset's share)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:              # (no affinity on this platform)
        return os.cpu_count() or 1


def local_jobs(jobs, name="--jobs"):
    """`jobs` (-1 or a whole number from 1, else one UserError) as local worker processes: -1 is
    every usable core; more than that is cut to it, with one line on stderr saying so."""
    check_jobs(jobs, name)
    cores = usable_cores()
    if jobs == -1:
        return cores
    if jobs > cores:
        if (jobs, cores) not in _SAID:
            _SAID.add((jobs, cores))
            print(f"windtunnel: {name} {jobs} is more than the {cores} cores this process may use: "
                  f"{cores} workers", file=sys.stderr)
        return cores
    return jobs
