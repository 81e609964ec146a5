"""User-facing errors: one clear line, exit code 2 at the CLI."""
import errno
import os


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
            text = str(path)
            short = text if len(text) <= 60 else f"{text[:40]}... ({len(text)} characters)"
            raise UserError(f"{name} {short}: {e.strerror} (a name the file system cannot hold)") from None
    return path
