"""The CLI in-process, as the tests call it: every argument as text, one CliRunner."""
from typer.testing import CliRunner

from simulate.cli import app

cli = CliRunner()


def invoke(*args):
    return cli.invoke(app, [str(a) for a in args])
