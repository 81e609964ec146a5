"""User-facing errors: one clear line, exit code 2 at the CLI."""


class UserError(Exception):
    """Bad input from the user: the message is printed as-is and the CLI exits with 2."""


class ConfigError(UserError):
    """A config file (or a --set override) is malformed or invalid."""

    def __init__(self, path, field, problem, line=None):
        where = f"{path}:{line}" if line else str(path)
        super().__init__(f"{where}: {field}: {problem}" if field else f"{where}: {problem}")
        self.path, self.field, self.line = path, field, line


def check_int(name, value, lo, hi=None):
    """A whole number within [lo, hi] (hi None: no upper bound), or one clear UserError."""
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        bound = f"from {lo} to {hi}" if hi is not None else f"{lo} or more"
        raise UserError(f"{name} must be a whole number {bound}, not {value!r}")
