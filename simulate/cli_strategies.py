"""`windtunnel strategies list`, `tournament` and `tune`: the commands about strategies.

Registered on the app (``cli_app.py``) by its import in ``simulate/cli.py``; the logic
lives in ``strategies/``."""
import json
import tempfile
from pathlib import Path
from typing import List, Optional

import typer

from .cli_app import (CONFIG_OPT, GAME_ARG, PLUGIN_OPT, SET_OPT, VARIANT_OPT, app, check_seed, get_game, load_game_rules,
                  load_plugins, players_option, strategies_app)
from .core.errors import UserError, check_jobs, check_path
from .core.games import game_names


@strategies_app.command("list")
def strategies_list(game: Optional[str] = typer.Argument(None, help="Game name [default: every game, grouped]."),
                    plugin: Optional[List[str]] = PLUGIN_OPT):
    """Each strategy with its one-line description (the game's default marked)."""
    load_plugins(plugin)
    if game:
        _echo_roster(get_game(game), "")
        return
    for i, name in enumerate(game_names()):
        g = get_game(name)
        if i:
            typer.echo()
        typer.echo(f"{g.title} ({g.name}):")
        _echo_roster(g, "  ")


def _echo_roster(game, indent):
    from strategies import load_strategy, strategy_names

    from strategies.roster import style_names

    names, styles = strategy_names(game), style_names(game)
    default = game.strategy_schema().default
    width = max(len(n) for n in names)
    for name in names:
        mark = " (default)" if name == default else ""
        mark += " (style)" if name in styles else ""
        typer.echo(f"{indent}{name:<{width}}  {load_strategy(game, name).description}{mark}")


def _checked(game, seed, jobs, plugin, config, set_, players, variant, games):
    """(game, rules) of a command that plays strategies against each other, its options checked
    (seed, jobs, plugin files loaded, the config) and `games` at least one seat rotation."""
    g = get_game(game)
    check_seed(seed, None)
    check_jobs(jobs)
    load_plugins(plugin)
    rules = load_game_rules(g, config, set_, players, variant)
    if games < players:
        raise UserError(f"--games must be at least {players} (one seat rotation), not {games}")
    return g, rules


def _strategy_list(game, spec):
    """--strategies for tune/tournament: names, or 'all' for the whole roster."""
    from strategies import load_strategy, strategy_names
    from strategies.roster import split_names

    names = strategy_names(game) if spec.strip() == "all" else split_names(spec)
    for name in names:
        load_strategy(game, name)                # unknown names fail here, before any game
    if len(set(names)) != len(names):
        raise UserError(f"--strategies names a strategy twice: {spec}")
    return names


@app.command()
def tournament(game: str = GAME_ARG,
               players: str = players_option(...),
               strategies: str = typer.Option("all", "--strategies",
                                              help="Comma-separated strategies, or 'all' (the whole roster)."),
               games: int = typer.Option(1000, "--games", help="Games per pair of strategies (and direction "
                                                                "with 3-4 players)."),
               seed: int = typer.Option(1, "--seed", help="Run seed: every pair plays the same deals."),
               jobs: int = typer.Option(-1, "--jobs", help="Parallel workers (-1: every core)."),
               as_json: bool = typer.Option(False, "--json", help="Print exactly one line of JSON."),
               out: Optional[str] = typer.Option(None, "--out", help="Also save the matrix and the ratings: "
                                                                     "FILE.csv, FILE.parquet (one row per pair, "
                                                                     "with both strategies' ratings) or FILE.json."),
               force: bool = typer.Option(False, "--force", help="Replace an existing --out file."),
               no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar or lines."),
               config: Optional[str] = CONFIG_OPT,
               set_: Optional[List[str]] = SET_OPT,
               plugin: Optional[List[str]] = PLUGIN_OPT,
               variant: Optional[str] = VARIANT_OPT):
    """Seat-rotated round robin: the matrix of win rates with 95% intervals and a Bradley-Terry
    rating per strategy."""
    from strategies.plugin import loaded_files
    from strategies.tournament import SAVED, run_tournament, save_tournament, to_text

    g, rules = _checked(game, seed, jobs, plugin, config, set_, players, variant, games)
    names = _strategy_list(g, strategies)
    if len(names) < 2:
        raise UserError("a tournament needs at least two strategies")
    path = _out_path(out, force, SAVED) if out is not None else None
    t = run_tournament(g, rules, players, names, games, seed, jobs, loaded_files(),
                       progress=False if no_progress else None)
    if path is not None:
        save_tournament(t, path)
    typer.echo(json.dumps(t.to_dict(), separators=(",", ":")) if as_json else to_text(t))
    if path is not None and not as_json:
        typer.echo(f"Saved to {path}.")


@app.command()
def landscape(game: str = GAME_ARG,
              players: str = players_option(2),
              strategies: str = typer.Option("styles", "--strategies",
                                             help="Comma-separated strategies, or 'styles': the game's strategies "
                                                  "marked style = true."),
              games: int = typer.Option(1000, "--games", help="Games per profile (two players: per pair)."),
              budget: Optional[int] = typer.Option(None, "--budget", help="Games in all: after --games per profile, "
                                                                          "more where a head-to-head is undecided."),
              seed: int = typer.Option(1, "--seed", help="Run seed: every profile plays the same deals."),
              resamples: int = typer.Option(200, "--resamples", help="Resampled tables behind the verdicts' "
                                                                     "confidence and the mix's intervals."),
              jobs: int = typer.Option(-1, "--jobs", help="Parallel workers (-1: every core)."),
              out: Optional[str] = typer.Option(None, "--out", help="Folder to write landscape.json in (made if "
                                                                    "new; a run folder's report then shows it)."),
              force: bool = typer.Option(False, "--force", help="Replace the folder's landscape.json."),
              as_json: bool = typer.Option(False, "--json", help="Print exactly one line of JSON (the summary)."),
              no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar or lines."),
              config: Optional[str] = CONFIG_OPT,
              set_: Optional[List[str]] = SET_OPT,
              plugin: Optional[List[str]] = PLUGIN_OPT,
              variant: Optional[str] = VARIANT_OPT):
    """The styles' meta-game: is one style dominant, the equilibrium mix, cycles (docs/landscape.md)."""
    from strategies.plugin import loaded_files

    from .running.landscape import FILE, PAGE, landscape as play_landscape, save, styles, to_text

    g, rules = _checked(game, seed, jobs, plugin, config, set_, players, variant, games)
    names = styles(g) if strategies.strip() == "styles" else _strategy_list(g, strategies)
    if len(names) < 2:
        raise UserError(f"a landscape needs at least two styles ({g.title} marks {len(names)} style = true; "
                        "name them with --strategies)")
    if budget is not None and budget < 1:
        raise UserError(f"--budget must be a positive number of games, not {budget}")
    if resamples < 0:
        raise UserError(f"--resamples must be 0 or more, not {resamples}")
    if out is not None:
        folder = Path(check_path(out))
        if (folder / FILE).exists() and not force:
            raise UserError(f"{folder / FILE} already exists (use --force to replace it, or another --out)")
        theirs = [n for n in PAGE if (folder / n).exists()] if not (folder / FILE).exists() else []
        if theirs:                           # our page's names, not written by us: never replaced
            raise UserError(f"{folder / theirs[0]} exists and windtunnel did not write it (no {FILE} beside it); "
                            "choose another --out")
    meta, summary, provenance = play_landscape(g, rules, players, names, games, seed, jobs, loaded_files(),
                                               progress=False if no_progress else None, resamples=resamples,
                                               budget=budget)
    path = save(out, meta, summary, provenance, force) if out is not None else None
    if path is not None:
        from reports.landscape import write_landscape_page
        page = write_landscape_page(path.parent, summary, provenance)
    typer.echo(json.dumps(summary, separators=(",", ":")) if as_json else to_text(meta, summary))
    if path is not None and not as_json:
        typer.echo(f"Saved to {path} ({page.name} and landscape.png beside it; a run folder's report shows it).")


@app.command()
def tune(game: str = GAME_ARG,
         players: str = players_option(...),
         base: Optional[str] = typer.Option(None, "--base", help="The strategy whose weights are tuned "
                                                                 "[default: the game's default strategy]."),
         against: Optional[str] = typer.Option(None, "--against", help="The opponent in every other seat "
                                                                       "[default: the base strategy]."),
         budget: int = typer.Option(100_000, "--budget", help="Games the search may play."),
         population: int = typer.Option(16, "--population", help="Candidates per generation."),
         seed: int = typer.Option(1, "--seed", help="Seed of the search and of its games."),
         out: Optional[str] = typer.Option(None, "--out", help="Where to write the tuned strategy "
                                                               "[default: tuned-GAME-Np.toml in the working folder]."),
         force: bool = typer.Option(False, "--force", help="Replace an existing --out file."),
         validate_games: int = typer.Option(2000, "--validate-games",
                                            help="Games against each roster strategy on fresh deals."),
         jobs: int = typer.Option(-1, "--jobs", help="Parallel workers (-1: every core)."),
         config: Optional[str] = CONFIG_OPT,
         set_: Optional[List[str]] = SET_OPT,
         plugin: Optional[List[str]] = PLUGIN_OPT,
         variant: Optional[str] = VARIANT_OPT):
    """Search a strategy's weights (cross-entropy method, common random numbers), write the best
    as a TOML strategy and report its win rate against the roster with 95% intervals."""
    from strategies import load_strategy, strategy_names
    from strategies.plugin import loaded_files
    from strategies.roster import search_codes
    from strategies.tune import to_toml, tune as run_tune, validate

    g = get_game(game)
    schema = g.strategy_schema()
    check_seed(seed, None)
    check_jobs(jobs)
    if validate_games < 1:
        raise UserError(f"--validate-games must be at least 1, not {validate_games}")
    load_plugins(plugin)
    rules = load_game_rules(g, config, set_, players, variant)
    base = base or schema.default
    against = against or base
    for name in (base, against):
        load_strategy(g, name)
    if population < 4:
        raise UserError(f"--population must be at least 4, not {population}")
    if budget < population * 4 * players:
        raise UserError(f"--budget must be at least {population * 4 * players} games for "
                        f"{population} candidates, not {budget}")
    path = _out_path(f"tuned-{g.name}-{players}p.toml" if out is None else out, force)

    def progress(generation, mean, std, best):
        typer.echo(f"generation {generation + 1}: best candidate won {best:.1%}", err=True)

    result = run_tune(g, rules, players, base, against, budget, seed=seed, population=population, jobs=jobs,
                      plugin_files=loaded_files(), on_generation=progress)
    tmp = path.with_suffix(".toml.tmp")
    tmp.write_text(to_toml(g, result, base, against, players, budget, seed))
    tmp.replace(path)                            # a reader never sees half a file
    slow = search_codes(g)
    opponents = [n for n in strategy_names(g) if n != path.stem and load_strategy(g, n).policy not in slow]
    if against not in opponents:
        opponents.append(against)
    typer.echo(f"Wrote {path} ({result.generations} generations x {population} candidates x "
               f"{result.games_per_candidate} games).")
    typer.echo(f"Win rate of the tuned strategy against each opponent in the other seats "
               f"({validate_games} games on fresh deals, fair = {1 / players:.0%}):")
    width = max(len(n) for n in opponents)
    for name, r in validate(g, rules, players, result.strategy, opponents, validate_games, seed).items():
        lo, hi = r.interval()
        typer.echo(f"  vs {name:<{width}}  {r.rate:6.1%}  [{lo:.1%}, {hi:.1%}]  n = {r.games}")


def _out_path(out, force, suffixes=(".toml",)):
    """An --out file (tune's strategy, tournament's results), checked before the long work so that
    it never ends unable to save: one of `suffixes`, absent unless `force`, in a writable folder.
    The default is the working folder: the installed package's files are not the user's to change."""
    path = Path(check_path(out))
    if path.suffix.lower() not in suffixes:
        raise UserError(f"--out {out}: expected a file ending in {' or '.join(suffixes)}")
    if path.exists() and not force:
        raise UserError(f"{path} already exists (use --force to replace it)")
    if not path.parent.is_dir():
        raise UserError(f"folder {path.parent} does not exist")
    try:
        with tempfile.TemporaryFile(dir=path.parent):
            pass
    except OSError as e:
        raise UserError(f"cannot write in folder {path.parent} ({e.strerror or e})") from None
    return path
