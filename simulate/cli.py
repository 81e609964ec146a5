"""`windtunnel`: the command line (typer), every command registered on one app.

The app, its shared options and the commands that play are in ``cli_app.py``; each other
command's module registers its commands on the app when imported here, in help order.
"""
from . import cli_compare, cli_strategies, cli_report, cli_balance, cli_info  # noqa: F401 (they register)
from .cli_app import app


def main():
    app()


if __name__ == "__main__":
    main()
