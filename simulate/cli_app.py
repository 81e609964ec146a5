"""The `windtunnel` command line's app, its shared options and error handling, and the commands
that play (simulate, replay, bench): a thin typer layer over the Python API. The other commands
register on `app` from their own modules (``cli_*.py``); ``simulate/cli.py`` gathers them.

Every command goes through one error handler (``WindtunnelGroup.main``): bad
input of any kind -- an unknown game or strategy, a player count the game does
not allow, a malformed config or ``--set``, a typo in an option -- prints one
line on stderr and exits with code 2, never a traceback.

Games plug in through the registry (``simulate/core/games.py``); a command asks the game's
protocol object (``simulate/core/protocol.py``) for everything game-specific.
"""
import contextlib
import difflib
import json
import signal
import sys
from importlib.metadata import version
from pathlib import Path
from typing import List, Optional

import typer
from typer.core import TyperCommand, TyperGroup

from .core.config_files import parse_value
from .core.errors import PluginFailed, UserError
from .core.games import game_names, get_game
from .core.run_progress import watched

# typer ships its own copy of click; find its exception base without importing a private module
ClickException = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")


class WindtunnelGroup(TyperGroup):
    """The shared exception handler: one line on stderr, exit code 2 for bad input."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            with sigterm_interrupts():        # a `kill` at any moment: one line, exit 130, never death by signal
                rv = super().main(args=args, prog_name=prog_name, complete_var=complete_var,
                                  standalone_mode=False, **extra)
        except UserError as e:
            _fail(str(e))
        except PluginFailed as e:          # a plugin's own failure, in a bench, tournament or tune
            _fail(str(e), 1)
        except ClickException as e:
            if type(e).__name__ == "NoArgsIsHelpError":     # bare `windtunnel`: show the help
                typer.echo(e.format_message(), err=True)
                sys.exit(2)
            _fail(e.format_message(), getattr(e, "exit_code", 2) or 2)
        except (typer.Abort, KeyboardInterrupt):
            typer.echo("windtunnel: aborted", err=True)
            sys.exit(130)
        if not standalone_mode:
            return rv
        sys.exit(rv if isinstance(rv, int) else 0)


def _fail(message, code=2):
    text = " ".join(str(message).split())            # always exactly one line
    typer.echo(f"windtunnel: error: {text}", err=True)
    sys.exit(code)


# ---------------------------------------------------------------- games
def parse_sets(items):
    """--set KEY=VALUE items -> {dotted key: value}, values read as TOML would."""
    overrides = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key or not value.strip():
            raise UserError(f"--set expects KEY=VALUE with a dotted config key (e.g. game.max_players=3), got {item!r}")
        overrides[key] = parse_value(value.strip())
    return overrides


def load_game_rules(game, config, sets, players, variant=None):
    """The rules from the config, the variants and --set overrides; checks the player count."""
    rules = game.load_rules(config, parse_sets(sets), variants=game.canonical_variant(variant).split(","))
    game.check_players(players, rules)
    return rules


@contextlib.contextmanager
def sigterm_interrupts():
    """SIGTERM (`kill`, a scheduler's time limit) raises KeyboardInterrupt in the block, as Ctrl-C."""
    def _term(signum, frame):
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, _term)
    except ValueError:                  # not the main thread (a test runner): no handler
        previous = None
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def run_until_done(call, interrupted, failed):
    """Run a long job: SIGTERM (`kill`, a scheduler) stops it like Ctrl-C, keeping what is
    done; an interruption exits 130 with the way to resume, a failure 1, in one line."""
    try:
        with sigterm_interrupts():
            return call()
    except interrupted as e:
        typer.echo(f"windtunnel: {e}", err=True)
        sys.exit(130)
    except failed as e:
        typer.echo(f"windtunnel: error: {' '.join(str(e).split())}", err=True)
        sys.exit(1)


# a command that takes a game's own options (``Game.options``) leaves them to ``game_options``
GAME_OPTIONS = {"allow_extra_args": True, "ignore_unknown_options": True}


class GameOptionsCommand(TyperCommand):
    """A command taking the games' own options (``Game.options``): they are no declared parameter
    (each game has its own, read from the extra arguments by ``game_options``), so its help adds
    them: the named game's (`simulate GAME -h`; a run folder's game for replay), or every game's."""

    def parse_args(self, ctx, args):
        ctx.meta["windtunnel_args"] = list(args)        # (-h is handled while parsing: the game is not yet read)
        return super().parse_args(ctx, args)

    def format_options(self, ctx, formatter):
        super().format_options(ctx, formatter)
        for title, rows in _game_option_rows(ctx.meta.get("windtunnel_args", ())):
            with formatter.section(title):
                formatter.write_dl(rows)


def _game_option_rows(args):
    """[(section title, [(--name VALUE, help)])] for the game named among `args` (a game name or a run
    folder), or for every game that has options."""
    named = None
    for a in args:
        if a in game_names():
            named = a
            break
        try:
            named = json.loads((Path(a) / "manifest.json").read_text())["game"]
            break
        except (OSError, ValueError, KeyError, TypeError):
            continue
    out = []
    for name in [named] if named else game_names():
        g = get_game(name)
        if g.options:
            out.append((f"Options of {g.title}" + ("" if named else f" (with {g.name})"),
                        [(f"--{k} TEXT", v) for k, v in g.options.items()]))
    return out


def game_options(ctx, game=None):
    """The game's own options among a command's extra arguments: --NAME VALUE or --NAME=VALUE
    -> {name: value}. Anything else is one error line (naming the option it resembles);
    `game` None: the names are left to the caller to check."""
    own = None if game is None else list(game.options)
    ours = [o for p in ctx.command.params for o in getattr(p, "opts", ()) if o.startswith("--")]

    def unknown(flag, cutoff=0.6):
        close = difflib.get_close_matches(flag, ours + [f"--{n}" for n in own or ()], 1, cutoff)
        return UserError(f"no such option: {flag}" + (f" (did you mean {close[0]}?)" if close else ""))

    out, args = {}, list(ctx.args)
    while args:
        flag, sep, value = args.pop(0).partition("=")
        name = flag[2:]
        if not flag.startswith("-"):
            raise UserError(f"unexpected extra argument {flag + sep + value!r}")
        if not flag.startswith("--") or not name or (own is not None and name not in own):
            raise unknown(flag)
        if own is None and difflib.get_close_matches(flag, ours, 1, 0.8):
            raise unknown(flag, 0.8)
        if not sep:
            if not args or args[0].startswith("--"):
                raise UserError(f"--{name} needs a value")
            value = args.pop(0)
        if name in out:
            raise UserError(f"--{name} is given twice")
        out[name] = value
    return out


def tell_repairs(runs, prefix=""):
    """On stderr, what preparing each run's folder did ({name: Run}; a comparison's cells by
    name): the shards played again, the files deleted or moved aside, and where to."""
    for name, r in runs.items():
        for repair in (r.session or {}).get("repairs") or ():
            typer.echo(f"windtunnel: {prefix}{f'{name}: ' if name else ''}{repair}", err=True)


def check_seed(seed, game_index):
    if not 0 <= seed < 2 ** 63:
        raise UserError(f"--seed must be a whole number from 0 to 2**63-1, not {seed}")
    if game_index is not None and not 0 <= game_index < 2 ** 63:
        raise UserError(f"--game must be a whole number from 0, not {game_index}")


# ---------------------------------------------------------------- the app
app = typer.Typer(cls=WindtunnelGroup, no_args_is_help=True, add_completion=True,
                  pretty_exceptions_enable=False, rich_markup_mode=None,
                  context_settings={"help_option_names": ["-h", "--help"]},      # inherited by every command
                  help="Monte Carlo balance analysis for board games.")
def _version(value):
    if value:
        typer.echo(f"windtunnel {version('windtunnel')}")
        raise typer.Exit()


@app.callback()
def _main(_: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit.")):
    """Monte Carlo balance analysis for board games."""


strategies_app = typer.Typer(no_args_is_help=True, help="The strategies a seat can play.")
app.add_typer(strategies_app, name="strategies")

GAME_ARG = typer.Argument(..., help="Game name: " + ", ".join(game_names()) + ".")
CONFIG_OPT = typer.Option(None, "--config", help="A TOML replacing the game's base config.")
SET_OPT = typer.Option(None, "--set", help="Override one config value, KEY=VALUE with a dotted key "
                                           "of the game's config (e.g. game.max_players=3); repeatable.")
def _one_player_count(value):
    if value is None:
        return None
    from .running.compare import parse_players
    counts = parse_players(value)
    if len(counts) != 1:
        raise UserError(f"--players {value}: this command plays one player count (compare plays several)")
    return counts[0]


def players_option(default=None, help="Number of players."):
    """--players as every command reads it: "3" (and, for the commands that play several, "2,3,4"
    or "2-4": compare's parse_players), one line naming the problem otherwise."""
    return typer.Option(default, "--players", callback=_one_player_count, metavar="<int>", help=help)


def _variant_given(value):
    from .running.runner import check_variant
    return check_variant(value)


VARIANT_OPT = typer.Option(None, "--variant", "--module", callback=_variant_given,
                           help="base, or the game's variants (a game may call them modules) to combine, "
                                "comma-separated.")
PRECISION_OPT = typer.Option(None, "--precision", help="Stop once every seat's and strategy's win rate is known "
                                                        "within this many points either side (anytime-valid 95% "
                                                        "intervals, docs/precision.md), --games at most; e.g. 0.5.")
PLUGIN_OPT = typer.Option(None, "--plugin", help="A Python file that registers strategies "
                                                 "(docs/strategies.md); repeatable.")


def load_plugins(files):
    from strategies.plugin import load_plugins as _load
    _load(files)


@app.command(cls=GameOptionsCommand, context_settings=GAME_OPTIONS)
def replay(ctx: typer.Context,
           source: str = typer.Argument(..., metavar="GAME_OR_RUN",
                                        help="A run folder (windtunnel simulate --out), or a game name with the "
                                             "run's settings as options."),
           game_index: int = typer.Option(0, "--game", help="Game index within the run."),
           players: Optional[str] = players_option(help="Number of players (with a game name)."),
           seed: Optional[int] = typer.Option(None, "--seed", help="Run seed (with a game name) [default: 1]."),
           strategies: Optional[str] = typer.Option(
               None, "--strategies", help="One strategy for every seat, or one per seat, comma-separated (with a "
                                          "game name) [default: the game's default strategy]."),
           rotate_seats: bool = typer.Option(False, "--rotate-seats", help="The run rotated its strategies over "
                                                                          "the seats (with a game name)."),
           check: bool = typer.Option(False, "--check", help="Check mode: assert conservation after each step."),
           config: Optional[str] = CONFIG_OPT,
           set_: Optional[List[str]] = SET_OPT,
           rows: bool = typer.Option(False, "--rows", help="Also print the raw log rows."),
           plugin: Optional[List[str]] = PLUGIN_OPT,
           variant: Optional[str] = VARIANT_OPT):
    """Tell one game turn by turn: the very game the run recorded (or the batch plays for this seed
    and game index). With a game name, options of the game's own follow as --NAME VALUE."""
    from .running.replay import replay_game

    options = game_options(ctx)
    load_plugins(plugin)
    check_seed(0 if seed is None else seed, game_index)
    played, text, seed = replay_game(source, game_index, players=players, seed=seed, strategies=strategies,
                                     rotate_seats=rotate_seats, check=check, config=config,
                                     overrides=parse_sets(set_), variant=variant, game_options=options)
    typer.echo(text, nl=False)
    if rows and hasattr(played, "raw"):
        typer.echo("\n" + played.raw())
    if played.error_message:
        typer.echo(f"windtunnel: check mode: {played.error_message} (seed {seed}, game {game_index})", err=True)
        sys.exit(1)


@app.command()
def bench(game: str = GAME_ARG,
          players: str = players_option(...),
          games: int = typer.Option(5000, "--games", help="Games timed per policy and round."),
          seed: int = typer.Option(1, "--seed", help="Run seed of the timed games."),
          as_json: bool = typer.Option(False, "--json", help="Print exactly one line of JSON."),
          strategies: Optional[str] = typer.Option(
              None, "--strategies", help="Comma-separated strategies to time [default: the whole roster]."),
          no_progress: bool = typer.Option(False, "--no-progress", help="No line on stderr as each strategy "
                                                                        "is timed."),
          config: Optional[str] = CONFIG_OPT,
          set_: Optional[List[str]] = SET_OPT,
          plugin: Optional[List[str]] = PLUGIN_OPT,
          variant: Optional[str] = VARIANT_OPT):
    """Games/s per core for each strategy of the roster (compilation excluded; the fastest
    of 5 rounds of the same games, fewer for a slow one), and start-up time."""
    g = get_game(game)
    load_plugins(plugin)
    check_seed(seed, None)
    if games < 1:
        raise UserError(f"--games must be at least 1, not {games}")
    rules = load_game_rules(g, config, set_, players, variant)
    from .running.bench import run_bench, to_json, to_text
    from strategies.roster import split_names
    names = split_names(strategies) if strategies is not None else None

    def timing(name, i, n):
        typer.echo(f"bench: timing {name} ({i + 1} of {n})", err=True)

    # progress for a person watching (a terminal, a notebook); a pipe reads only results and errors
    result = run_bench(g, rules, players, games=games, policies=names, seed=seed,
                       on_policy=timing if watched(sys.stderr) and not no_progress else None)
    typer.echo(to_json(result) if as_json else to_text(result))


@app.command(cls=GameOptionsCommand, context_settings=GAME_OPTIONS)
def simulate(ctx: typer.Context,
             game: str = GAME_ARG,
             players: Optional[str] = players_option(help="Number of players (required for a new run)."),
             games: Optional[int] = typer.Option(None, "--games", help="Number of games [default: 10000]."),
             seed: Optional[int] = typer.Option(None, "--seed", help="Run seed [default: 1]."),
             strategies: Optional[str] = typer.Option(
                 None, "--strategies", help="One strategy for every seat, or one per seat, comma-separated "
                                            "[default: the game's own, windtunnel info GAME]."),
             rotate_seats: bool = typer.Option(False, "--rotate-seats",
                                               help="Rotate the strategies over the seats game by game, so every "
                                                    "strategy plays every seat equally often."),
             variant: Optional[str] = VARIANT_OPT,
             config: Optional[str] = CONFIG_OPT,
             set_: Optional[List[str]] = SET_OPT,
             out: Optional[str] = typer.Option(None, "--out", help="Output folder "
                                               "[default: runs/GAME-Np-STRATEGIES-sSEED]."),
             jobs: int = typer.Option(-1, "--jobs", help="Parallel workers (-1: every core; at most the cores this "
                                                         "process may use; with dask/ray, every "
                                                         "worker of the cluster)."),
             batch_size: Optional[int] = typer.Option(None, "--batch-size",
                                                      help="Games per batch, i.e. per Parquet shard "
                                                           "[default: about 4 batches per worker, 1000 to 50000 games]."),
             backend: str = typer.Option("loky", "--backend", help="joblib backend: loky (local processes), "
                                                                   "dask or ray."),
             scheduler: Optional[str] = typer.Option(None, "--scheduler",
                                                     help="Cluster address: a Dask scheduler (tcp://host:8786) "
                                                          "or a Ray head (ray://host:10001)."),
             resume: bool = typer.Option(False, "--resume", help="Continue an interrupted run: play exactly "
                                                                 "the games its folder is missing."),
             force: bool = typer.Option(False, "--force", help="Replace an existing run in --out."),
             check: bool = typer.Option(False, "--check", help="Check mode: assert conservation after each step "
                                                               "(slower)."),
             precision: Optional[float] = PRECISION_OPT,
             no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar or lines."),
             stall_timeout: float = typer.Option(600, "--stall-timeout", help="End the run (keeping its finished "
                                                                              "batches) when no batch finishes for "
                                                                              "this many seconds: a strategy that "
                                                                              "never returns (0: never)."),
             plugin: Optional[List[str]] = PLUGIN_OPT):
    """Play many games on parallel workers and stream them to Parquet (games/, seats/, cards/,
    manifest.json), then print win rates with 95% intervals. Options of the game's own (such as
    a faction per seat) follow as --NAME VALUE (docs/data.md records them as game_options)."""
    from .running.runner import RunFailed, RunInterrupted, run

    options = game_options(ctx, get_game(game))
    overrides = parse_sets(set_)
    load_plugins(plugin)
    given = {k: v for k, v in ctx.params.items() if v not in (None, False, [], ())}

    result = run_until_done(
        lambda: run(game, players, games, seed, strategies, rotate_seats=rotate_seats or None, variant=variant,
                    config=config, overrides=overrides, out=out, jobs=jobs, batch_size=batch_size,
                    backend=backend, scheduler=scheduler, resume=resume, force=force, check=check or None,
                    progress=False if no_progress else None, command={"argv": sys.argv, "options": given},
                    game_options=options, precision=precision, stall_timeout=stall_timeout),
        RunInterrupted, RunFailed)
    tell_repairs({"": result}, "resume: " if resume else "")
    typer.echo(result.summary_text())
