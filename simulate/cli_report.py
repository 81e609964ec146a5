"""`windtunnel report`: the balance report of a run, or the variant report of a comparison.

Registered on the app (``cli_app.py``) by its import in ``simulate/cli.py``; the logic
lives in ``reports/``."""
from pathlib import Path
from typing import Optional

import typer

from .cli_app import app, run_until_done
from .core.errors import UserError, check_jobs, check_path

SHOW_FINDINGS = 5


@app.command()
def report(path: str = typer.Argument(..., help="A run folder (windtunnel simulate --out), a comparison folder "
                                                "(windtunnel compare --out) or a folder of games/ and seats/ "
                                                "Parquet tables."),
           out: Optional[str] = typer.Option(None, "--out", help="The HTML file [default: PATH/report.html]; the "
                                                                 "Markdown summary (.md) and the PNG figures "
                                                                 "(NAME_files/) are written beside it."),
           threshold: float = typer.Option(0.03, "--threshold", help="Smallest difference from fair (or from the "
                                                                     "baseline variant) a finding reports, as a "
                                                                     "fraction: 0.03 = 3 points."),
           min_group: int = typer.Option(1000, "--min-group", help="Seat-games a group needs before a comparison "
                                                                  "of it can become a finding (or "
                                                                  "--min-group-share of its cell's seat-games, "
                                                                  "whichever is fewer); smaller groups are greyed "
                                                                  "in the tables."),
           min_group_share: float = typer.Option(0.01, "--min-group-share", help="The share of a cell's seat-games "
                                                                              "that is enough for a group (0.01 "
                                                                              "= 1%), whatever --min-group."),
           force: bool = typer.Option(False, "--force", help="Replace an existing report windtunnel did not write "
                                                             "(its own is written again without it)."),
           robustness: bool = typer.Option(False, "--robustness", help="Check every finding against stronger play: "
                                                                       "first play the games again with each "
                                                                       "skill tier in every seat (the same seeds), "
                                                                       "into PATH/robustness/ (docs/robustness.md)."),
           tiers: Optional[str] = typer.Option(None, "--tiers", help="The skill tiers of --robustness, "
                                                                     "STRATEGY[:GAMES],... [default: the game's, "
                                                                     "e.g. tuned:100000,lookahead:2000]."),
           jobs: int = typer.Option(-1, "--jobs", help="Parallel workers of --robustness (-1: every core).")):
    """Write one self-contained HTML report (figures embedded, works offline), a Markdown summary and
    the PNG figures: findings first, then tables (win rates with 95% intervals, balance, ties,
    margin, game length, score sources, the value of the game's cards, actions, ...) and plots.
    On a comparison folder, `windtunnel report runs/NAME` writes the variant report (variant
    deltas against base)."""
    from analysis.group_size import MinGroup
    from reports.build import build_report, check_threshold
    from reports.data import TABLES, unverified_note

    source = Path(path)
    html = Path(check_path(out)) if out is not None else source / "report.html"
    # build_report checks the threshold, the source and the output before any work: one line, exit 2
    if min_group < 0 or not 0 <= min_group_share <= 1:
        raise UserError(f"--min-group must be 0 or more seat-games and --min-group-share a fraction from 0 to 1, "
                        f"not {min_group} and {min_group_share}")
    check_jobs(jobs)                             # (used by --robustness only, but never a bad value accepted)
    if tiers is not None and not robustness:
        raise UserError("--tiers goes with --robustness (the tiers it plays)")
    check_threshold(threshold)

    def build():
        return build_report(source, html, threshold=threshold, force=force,
                            min_group=MinGroup(share=min_group_share, count=min_group))

    result = _play_tiers(source, html, tiers, jobs, force, build) if robustness else build()
    if result.kind == TABLES:                    # said where it is seen, as at the top of the report
        typer.echo(f"windtunnel: warning: {unverified_note(source)}", err=True)
    typer.echo(f"Wrote {result.html}")
    typer.echo(f"      {result.markdown}")
    folder = result.figures[0].parent if result.figures else None
    if folder is not None:
        typer.echo(f"      {folder}/ ({len(result.figures)} figures: "
                   f"{', '.join(p.stem for p in result.figures)})")
    found = result.findings or []
    if not found:
        typer.echo(f"No finding at a threshold of {100 * threshold:.1f} points.")
        return
    typer.echo(f"{len(found)} finding{'s' if len(found) != 1 else ''}, in the order a designer acts on:")
    for f in found[:SHOW_FINDINGS]:
        typer.echo(f"  - {f.sentence}")
    if len(found) > SHOW_FINDINGS:
        typer.echo(f"  ... and {len(found) - SHOW_FINDINGS} more in the report.")


def _play_tiers(source, html, tiers, jobs, force, build):
    """--robustness: play the skill tiers the run or comparison does not have yet (after checking
    that the report can be written, so a refused report plays nothing), then `build` the report."""
    from reports.build import check_output
    from reports.data import TABLES, source_kind
    from simulate.running.robustness import play_tiers, tier_plan

    from .running.compare import CompareFailed, CompareInterrupted
    from .running.runner import RunFailed, RunInterrupted

    if source_kind(source) == TABLES:
        raise UserError(f"--robustness plays a run's or comparison's games again: {source} is a bare folder of "
                        "tables, with no settings to play them from")
    check_output(html, force)
    tier_plan(source, tiers)                     # every tier named and sized before any game is played

    def told(i, name, games, folder):
        typer.echo(f"robustness: {name} in every seat, the first {games:,} games -> {folder}", err=True)

    again = f"windtunnel report {source} --robustness" + (f" --tiers {tiers}" if tiers else "")

    def play():
        try:
            play_tiers(source, tiers, jobs=jobs, on_tier=told)
            return build()                       # (inside: a stop while it is written says how to go on too)
        except (RunInterrupted, CompareInterrupted) as e:   # what is played is kept: the same command goes on
            raise RunInterrupted(f"{str(e).split('; continue')[0]}; continue with: {again}") from None
        except KeyboardInterrupt:
            raise RunInterrupted(f"interrupted; every tier played is kept; continue with: {again}") from None

    return run_until_done(play, RunInterrupted, (RunFailed, CompareFailed))
