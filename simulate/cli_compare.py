"""`windtunnel compare` (every (variant, player count) cell of a grid as one dataset) and
`windtunnel whatif` (interventions against the printed game, on the same seeds).

Registered on the app (``cli_app.py``) by its import in ``simulate/cli.py``; the
logic lives in ``simulate/running/compare.py``."""
import sys
from pathlib import Path
from typing import List, Optional

import typer

from .cli_app import (CONFIG_OPT, GAME_ARG, PLUGIN_OPT, PRECISION_OPT, SET_OPT, app, get_game, load_plugins, parse_sets,
                  run_until_done, tell_repairs)
from .core.compare_folder import to_text
from .core.errors import UserError, check_path


@app.command()
def compare(ctx: typer.Context,
            game: str = GAME_ARG,
            variants: Optional[str] = typer.Option(
                None, "--variants", "--modules", help="The variants to compare, comma-separated; variants combined within one "
                                         "cell are joined by + (e.g. base,A,A+B). Required "
                                         "for a new comparison."),
            players: Optional[str] = typer.Option(
                None, "--players", help="Player counts, comma-separated (e.g. 2,3,4). Required for a new comparison."),
            games: Optional[int] = typer.Option(None, "--games", help="Games per cell [default: 10000]."),
            seed: Optional[int] = typer.Option(None, "--seed", help="Run seed of every cell (common random numbers: "
                                                                   "game i has the same seed in every cell) "
                                                                   "[default: 1]."),
            strategies: Optional[str] = typer.Option(
                None, "--strategies", help="One strategy for every seat, or one per seat, comma-separated (a "
                                           "per-seat list needs a single player count) [default: the game's own, "
                                           "windtunnel info GAME]."),
            config: Optional[str] = CONFIG_OPT,
            set_: Optional[List[str]] = SET_OPT,
            cell: Optional[List[str]] = typer.Option(
                None, "--cell", help="A what-if cell, NAME:KEY=VALUE[,KEY=VALUE...]: the base game with these "
                                     "config values for everyone, compared with base on the same seeds "
                                     "(e.g. wind4:setup.starting_wind=[4,2,3,4]); repeatable. --variants "
                                     "defaults to base."),
            out: str = typer.Option(..., "--out", help="Output folder: one run folder per cell "
                                                       "(<variant>-<P>p) and compare.json."),
            jobs: int = typer.Option(-1, "--jobs", help="Parallel workers for each cell (-1: every core)."),
            batch_size: Optional[int] = typer.Option(None, "--batch-size",
                                                     help="Games per batch, i.e. per Parquet shard, in every cell "
                                                          "[default: about 4 batches per worker, 1000 to 50000 "
                                                          "games]."),
            resume: bool = typer.Option(False, "--resume", help="Continue an interrupted comparison: every cell "
                                                                "plays exactly the games it is missing."),
            force: bool = typer.Option(False, "--force", help="Replace an existing comparison in --out."),
            precision: Optional[float] = PRECISION_OPT,
            rotate_seats: bool = typer.Option(False, "--rotate-seats", help="Rotate the strategies over the seats "
                                                                            "game by game, in every cell."),
            no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar or lines."),
            no_report: bool = typer.Option(False, "--no-report", help="Do not write the variant report "
                                                                      "(OUT/report.html, report.md, figures)."),
            runs: Optional[str] = typer.Option(
                None, "--runs", help="Two finished runs, comma-separated (the baseline first), of the same game, "
                                     "player count, seed and games: compared game by game, nothing played "
                                     "(--out gets compare.json and a link to each run; docs/report.md)."),
            plugin: Optional[List[str]] = PLUGIN_OPT):
    """Play a grid of variants x player counts with the same seed (one run folder per cell under
    --out, compare.json), then print per cell: mean winner score, game length, ties and each seat's
    win rate with its 95% interval, and write the variant report (OUT/report.html, report.md and the
    figures, as `windtunnel report OUT` does)."""
    from .running.compare import CompareFailed, CompareInterrupted, run_compare

    given = {k: v for k, v in ctx.params.items() if v not in (None, False, [], ())}
    if runs is not None:
        _compare_runs(game, runs, out, force, no_report, given)
        return
    overrides = parse_sets(set_)
    load_plugins(plugin)

    def on_cell(i, n, cell):
        if not no_progress:
            typer.echo(f"compare: cell {i + 1} of {n}: {cell['variant']}, {cell['players']} players -> "
                       f"{out}/{cell['name']}", err=True)

    result = run_until_done(
        lambda: run_compare(game, variants, players, games, seed, strategies, config=config, overrides=overrides,
                            out=out, jobs=jobs, batch_size=batch_size, resume=resume, force=force,
                            progress=False if no_progress else None,
                            command={"argv": sys.argv, "options": given}, on_cell=on_cell, whatifs=cell,
                            precision=precision, rotate_seats=rotate_seats or None),
        CompareInterrupted, CompareFailed)
    tell_repairs(result.runs, "resume: " if resume else "")
    typer.echo(to_text(result))
    if not no_report:
        from reports import build_report

        report = build_report(out, Path(out) / "report.html")
        typer.echo(f"Variant report: {report.html} (and {Path(report.markdown).name}, figures in "
                   f"{Path(report.figures[0]).parent.name}/)" if report.figures else f"Variant report: {report.html}")


def _compare_runs(game, runs, out, force, no_report, given):
    """--runs: two finished runs as one paired comparison (``simulate.running.paired_runs``)."""
    from .running.paired_runs import pair_runs

    extra = sorted(set(given) - {"game", "runs", "out", "force", "no_report", "no_progress", "jobs"})
    if extra:
        raise UserError(f"--runs compares two finished runs as they are: {', '.join('--' + e.replace('_', '-') for e in extra)} "
                        "would play games (leave it out)")
    check_path(out)
    result = pair_runs(get_game(game).name, [r.strip() for r in runs.split(",")], out, force)
    typer.echo(to_text(result))
    if not no_report:
        from reports import build_report

        report = build_report(out, Path(out) / "report.html", force=force)
        typer.echo(f"Paired report: {report.html}")


@app.command()
def whatif(game: str = GAME_ARG,
           players: Optional[int] = typer.Option(None, "--players", help="Number of players (required for a "
                                                                         "new what-if)."),
           intervention: Optional[List[str]] = typer.Option(
               None, "--intervention", help="What the treated seat plays with changed, KEY=VALUE[,KEY=VALUE...] "
                                           "(optionally NAME:...), e.g. favor=apollon or no_harbor=7; repeatable. "
                                           "The keys are the config's [intervention] table (docs/whatif.md)."),
           games: Optional[int] = typer.Option(None, "--games", help="Games per intervention and for the "
                                                                    "baseline [default: 10000]."),
           seed: Optional[int] = typer.Option(None, "--seed", help="Run seed of every cell (the baseline's "
                                                                  "games are each intervention's) [default: 1]."),
           strategies: Optional[str] = typer.Option(
               None, "--strategies", help="One strategy for every seat, or one per seat [default: the game's "
                                                "own, windtunnel info GAME]."),
           variant: Optional[str] = typer.Option(None, "--variant", "--module",
                                                 help="The game the interventions change and are compared with: "
                                                      "base, or the game's variants to combine, comma-separated "
                                                      "(tableaus for a tableau intervention) [default: base]."),
           config: Optional[str] = CONFIG_OPT,
           set_: Optional[List[str]] = SET_OPT,
           out: str = typer.Option(..., "--out", help="Output folder: a run folder for the baseline (base-<P>p) "
                                                      "and one per intervention, and compare.json."),
           jobs: int = typer.Option(-1, "--jobs", help="Parallel workers (-1: every core)."),
           batch_size: Optional[int] = typer.Option(None, "--batch-size", help="Games per batch and shard."),
           resume: bool = typer.Option(False, "--resume", help="Continue an interrupted what-if."),
           force: bool = typer.Option(False, "--force", help="Replace an existing what-if in --out."),
           precision: Optional[float] = PRECISION_OPT,
           no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar or lines."),
           no_report: bool = typer.Option(False, "--no-report", help="Do not write the report."),
           plugin: Optional[List[str]] = PLUGIN_OPT):
    """Causal effects: play the printed game and each intervention on the same seeds, one seat
    per game treated in turn (game k's seat k mod players), then print each intervention's
    effect on the treated seat's win rate and score and on game length, paired with the same
    seat of the same game of the baseline, with 95% intervals. The folder reads like a compare."""
    from analysis.interventions import effects_text, treated_effects

    from .running.compare import CompareFailed, CompareInterrupted, parse_interventions, run_compare

    cells = None if resume and not intervention else parse_interventions(game, intervention)
    load_plugins(plugin)

    def on_cell(i, n, cell):
        if not no_progress:
            typer.echo(f"whatif: cell {i + 1} of {n}: {cell['variant']} -> {out}/{cell['name']}", err=True)

    result = run_until_done(
        lambda: run_compare(game, None if resume else (variant or "base"), None if players is None else str(players),
                            games, seed, strategies, config=config,
                            overrides=parse_sets(set_), out=out, jobs=jobs, batch_size=batch_size, resume=resume,
                            force=force, progress=False if no_progress else None,
                            command={"argv": sys.argv}, on_cell=on_cell, whatifs=cells, whatif_base=variant,
                            precision=precision),
        CompareInterrupted, CompareFailed)
    tell_repairs(result.runs, "resume: " if resume else "")
    result.verify()                              # the effects only from shards as recorded (sha256)
    effects = treated_effects(result)
    players = result.spec["players"][0]
    most = "at most " if result.spec.get("precision") else ""
    typer.echo(f"{get_game(game).title}, {players} players, {most}{result.spec['games']:,} games per cell, seed "
               f"{result.spec['seed']}, strategies {result.spec['strategies']}; played {result.played:,} games "
               f"in {result.seconds:.1f} s.")
    printed = result.spec.get("whatif_base", "base").replace(",", "+")
    typer.echo(effects_text(effects, get_game(game).score_unit, printed=printed))
    typer.echo(f"Data: {out}/ ({printed}-{players}p/ and one run folder per intervention; compare.json)")
    if not no_report:
        from reports import build_report

        report = build_report(out, Path(out) / "report.html")
        typer.echo(f"Report: {report.html}")
