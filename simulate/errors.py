"""User-facing errors: one clear line, exit code 2 at the CLI."""


class UserError(Exception):
    """Bad input from the user: the message is printed as-is and the CLI exits with 2."""


class ConfigError(UserError):
    """A config file (or a --set override) is malformed or invalid."""

    def __init__(self, path, field, problem, line=None):
        where = f"{path}:{line}" if line else str(path)
        super().__init__(f"{where}: {field}: {problem}" if field else f"{where}: {problem}")
        self.path, self.field, self.line = path, field, line
