"""`windtunnel report`: the balance report of a run, or the variant report of a comparison.

Registered on the app (``cli_app.py``) by its import in ``simulate/cli.py``; the logic
lives in ``reports/``."""
from pathlib import Path
from typing import Optional

import typer

from analysis.words import strategy_words

from .cli_app import app, run_until_done
from .core.compare_folder import cell_name, read_compare
from .core.errors import UserError, check_jobs, check_path
from .core.games import get_game
from .core.run_files import read_manifest

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
           jobs: int = typer.Option(-1, "--jobs", help="Parallel workers of --robustness and of the causal values "
                                                      "(-1: every core)."),
           causal_budget: Optional[str] = typer.Option(None, "--causal-budget", help="What measuring every item "
                                                       "as a cause may play: games in all (e.g. 400000) or a time "
                                                       "(90s, 5m) [default: the game's, about a minute; "
                                                       "docs/causal.md]."),
           no_causal: bool = typer.Option(False, "--no-causal", help="Do not measure the items as causes (the "
                                                                     "report shows the values already measured).")):
    """Write one self-contained HTML report (figures embedded, works offline), a Markdown summary and
    the PNG figures: findings first, then tables (win rates with 95% intervals, balance, ties,
    margin, game length, score sources, the value of the game's cards, actions, ...) and plots.
    On a comparison folder, `windtunnel report runs/NAME` writes the variant report (variant
    deltas against base)."""
    from analysis.group_size import MinGroup
    from reports.build import build_report, check_threshold
    from reports.data import TABLES, unverified_note

    from .running.compare import CompareFailed
    from .running.runner import RunFailed, RunInterrupted

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
    if no_causal and causal_budget is not None:
        raise UserError("--causal-budget and --no-causal contradict each other")
    group = MinGroup(share=min_group_share, count=min_group)

    def build():
        if not no_causal:
            _measure_causal(source, html, force, causal_budget, jobs, threshold, group)
        return build_report(source, html, threshold=threshold, force=force, min_group=group)

    result = (_play_tiers(source, html, tiers, jobs, force, build) if robustness
              else run_until_done(build, RunInterrupted, (RunFailed, CompareFailed)))
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


def _measure_causal(source, html, force, budget, jobs, threshold, group):
    """Measure the items of a run as causes (a comparison: the items that are findings in each of
    its cells) into each run's causal/ folder, before the report reads them (docs/causal.md)."""
    from reports.build import check_output, check_writable
    from reports.data import COMPARISON, RUN, source_kind

    from .running.causal import measure, parse_budget
    from .running.runner import RunInterrupted

    kind = source_kind(source)
    if kind not in (RUN, COMPARISON):
        return
    check_output(html, force)                    # a report that cannot be written plays nothing
    check_writable(html)
    if kind == RUN:
        cells = {source: None}
    else:
        cells = {source / name: keys for name, keys in _finding_items(source, threshold, group).items()}
    for folder, only in cells.items():
        game = get_game(read_manifest(folder)["game"])
        try:
            done = measure(folder, parse_budget(budget, game), threshold=threshold, only=only, jobs=jobs,
                           on_round=lambda text, f=folder: typer.echo(f"{f}: {text}" if kind == COMPARISON else text,
                                                                      err=True))
        except KeyboardInterrupt:
            raise RunInterrupted("interrupted while measuring the items as causes; what was measured is kept in "
                                 f"{folder}/causal/ and the same command goes on from it") from None
        if done.skipped and budget is not None:
            typer.echo(f"causal values of {folder}: not measured ({done.skipped})", err=True)
        elif done.played:
            typer.echo(f"causal values: {done.played:,} games played in {done.seconds:.0f} s "
                       f"({done.stopped}); {done.games:,} in {folder}/causal/", err=True)


def _finding_items(source, threshold, group):
    """{cell name: item keys} of a comparison: the items that are findings in each cell."""
    from reports.data import gather

    spec = read_compare(source)
    found = gather(source, threshold=threshold, min_group=group).findings
    out = {}
    for f in found:
        d = f.details
        item = d.get(f.kind, d.get("item_id", d.get("item")))
        if item is None or d.get("n_players") is None or f.kind in ("seat", "strategy", "variant", "intervention"):
            continue
        cell = cell_name(str(d.get("variant") or "base"), d["n_players"])
        keys = {f"{f.kind}:{item}"} | ({f"angel:{item}:{s}" for s in ("hero", "patron")} if f.kind == "angel" else set())
        out.setdefault(cell, set()).update(keys)
    names = {c["name"] for c in spec["cells"]}
    return {c: k for c, k in out.items() if c in names}


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
        typer.echo(f"robustness: {strategy_words(name)} in every seat, the first {games:,} games -> {folder}", err=True)

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
