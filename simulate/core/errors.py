"""User-facing errors: one clear line, exit code 2 at the CLI."""
import errno
import math
import os
import stat


class UserError(Exception):
    """Bad input from the user: the message is printed as-is and the CLI exits with 2."""


class PluginFailed(Exception):
    """A user's strategy (a plugin scorer or a Python choose) failed in a game of the run: the
    game's result means nothing, so the run stops with one line naming it."""


class ConfigError(UserError):
    """A config file (or a --set override) is malformed or invalid."""

    def __init__(self, path, field, problem, line=None):
        where = f"{path}:{line}" if line else str(path)
        super().__init__(f"{where}: {field}: {problem}" if field else f"{where}: {problem}")
        self.path, self.field, self.problem, self.line = path, field, problem, line

    def __reduce__(self):
        # raised in a worker process, it must unpickle in the parent (else loky reports a broken pool)
        return type(self), (self.path, self.field, self.problem, self.line)


def check_int(name, value, lo, hi=None):
    """A whole number within [lo, hi] (hi None: no upper bound), or one clear UserError."""
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        bound = f"from {lo} to {hi}" if hi is not None else f"{lo} or more"
        raise UserError(f"{name} must be a whole number {bound}, not {value!r}")


def check_number(name, value, more_than=None, below=None):
    """A finite number, more than `more_than` and below `below` where given (nan and inf are no
    numbers a search or a report can use), or one clear UserError."""
    if (isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value)
            or (more_than is not None and value <= more_than) or (below is not None and value >= below)):
        bound = " and ".join(b for b in (more_than is not None and f"more than {more_than:g}",
                                         below is not None and f"less than {below:g}") if b)
        raise UserError(f"{name} must be a finite number{' ' + bound if bound else ''}, not {value!r}")
    return value


def check_jobs(jobs, name="--jobs"):
    """-1 (every core) or a whole number of workers from 1, or one clear UserError."""
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not (jobs == -1 or jobs >= 1):
        raise UserError(f"{name} must be -1 (every core) or a whole number from 1, not {jobs!r}")
    return jobs


def check_path(path, name="--out"):
    """A path to write to as given: not empty, and one the file system can name (no name too
    long); checked before anything is written, so a bad one is one line, not an OSError."""
    if path is None:
        return None
    if not str(path).strip():
        raise UserError(f"{name} is empty (give a path)")
    try:
        os.stat(path)
    except OSError as e:                 # (other problems are named where the path is written)
        if e.errno == errno.ENAMETOOLONG:
            raise UserError(f"{name} {_short(path)}: {e.strerror} (a name the file system cannot hold)") from None
    return path


def holds_file(folder, name):
    """Whether the folder given as `folder` holds the file `name` (a run's manifest.json, a
    comparison's compare.json); a path the file system cannot name, or a folder this process may
    not read, is one UserError naming it rather than an OSError."""
    try:
        return stat.S_ISREG(os.stat(os.path.join(folder, name)).st_mode)
    except OSError as e:
        if e.errno in (errno.ENOENT, errno.ENOTDIR):
            return False
        if e.errno == errno.ENAMETOOLONG:
            raise UserError(f"{_short(folder)}: {e.strerror} (a name the file system cannot hold)") from None
        raise UserError(f"{_short(folder)} cannot be read ({e.strerror})") from None


def _short(path):
    """A path as an error line quotes it: whole, or its start and length when long."""
    text = str(path)
    return text if len(text) <= 60 else f"{text[:40]}... ({len(text)} characters)"
