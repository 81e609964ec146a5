"""`windtunnel balance`: search the game's numbers for a fairer game, confirm the best on fresh
seeds against the printed game, and write the config that plays it (docs/balance.md).

Registered on the app (``cli_app.py``) by its import in ``simulate/cli.py``; the search is
``simulate/running/autobalance.py``, the objectives ``analysis/objectives.py``."""
import contextlib
import json
import shlex
import shutil
import sys
import textwrap
from pathlib import Path
from typing import List, Optional

import tomli_w
import typer

from .cli_app import CONFIG_OPT, GAME_ARG, SET_OPT, VARIANT_OPT, app, get_game, parse_sets, run_until_done
from .core.compare_folder import summary_table
from .core.config_files import value_at
from .core.errors import UserError, check_jobs, check_number, check_path
from .core.run_files import write_json_atomic

OURS = ("balance.json", "balance.md", "balanced.toml", "confirm")
STOPPED = ("interrupted", "failed")         # a search that did not finish: replaced without --force


class Interrupted(Exception):
    """Ctrl-C or SIGTERM during a balance search."""


class Failed(Exception):
    """A balance search that broke off (a worker died, a full disk): its folder is marked failed."""


@app.command()
def balance(game: str = GAME_ARG,
            players: str = typer.Option(..., "--players", help="Number of players, or several (2,3,4,5: the "
                                                               "objective is the worst count's)."),
            param: List[str] = typer.Option(..., "--param", help="A config value to search, KEY=LO..HI (any --set "
                                                                 "key; an element below it as KEY[i] or "
                                                                 "KEY[i][j].key[k], e.g. setup.starting_wind[1]=1..6; "
                                                                 "a number inside a value, such as an action "
                                                                 "string's amount, the same way, @PART picking one "
                                                                 "of several); repeatable. Whole numbers where the "
                                                                 "config's are."),
            objective: Optional[List[str]] = typer.Option(
                None, "--objective", help="What fair means, weighted terms NAME[=TARGET][:WEIGHT]: seat, the game's "
                                          "groups (windtunnel info GAME), diversity, length=TURNS, score=POINTS, close (e.g. "
                                          "seat,nation,close:0.2) [default: seat]."),
            budget: int = typer.Option(1_000_000, "--budget", help="Games to spend: 80% on the search, 10% "
                                                                   "judging the best few, 10% confirming."),
            strategies: Optional[str] = typer.Option(None, "--strategies", help="One strategy for every seat, or "
                                                                                "one per seat (rotated over the "
                                                                                "seats) [default: the game's own, "
                                                                                "windtunnel info GAME]."),
            seed: int = typer.Option(1, "--seed", help="Run seed of the search (the judging and confirmation "
                                                       "play seeds it never saw)."),
            tolerance: float = typer.Option(1.0, "--tolerance", help="The objective a game must reach to be fair "
                                                                     "enough (1.0: every seat within 1 point)."),
            precision: float = typer.Option(0.5, "--precision", help="The confirmation stops once every seat's and "
                                                                     "strategy's win rate is known within this many "
                                                                     "points (anytime-valid, docs/precision.md), its "
                                                                     "share of the budget at most."),
            variant: Optional[str] = VARIANT_OPT,
            config: Optional[str] = CONFIG_OPT,
            set_: Optional[List[str]] = SET_OPT,
            out: str = typer.Option(..., "--out", help="Output folder: balance.json, balance.md, balanced.toml "
                                                       "and confirm/ (the printed game against the best)."),
            jobs: int = typer.Option(-1, "--jobs", help="Parallel workers (-1: every core)."),
            force: bool = typer.Option(False, "--force", help="Replace a balance search in --out."),
            no_progress: bool = typer.Option(False, "--no-progress", help="No line per generation.")):
    """Search config values (--param) for the fairest game by --objective: the cross-entropy
    method with raced candidates on common random numbers, the best few judged on fresh seeds
    with 95% intervals, the best confirmed against the printed game (a comparison and its
    report), and a config file that plays it (balanced.toml, for --config)."""
    from analysis.objectives import parse_objective
    from strategies.roster import load_strategy, split_names, style_names

    from .running.autobalance import (CONFIRM_SEED, FINAL_SEED, confirm_variety, overrides_of, parse_params, search,
                                      whole_games)
    from .running.compare import CompareInterrupted, parse_players, run_compare

    g = get_game(game)
    overrides = parse_sets(set_)
    variants = g.canonical_variant(variant).split(",") if variant else None
    rules = g.load_rules(config, overrides, variants=variants)
    counts = parse_players(players)
    for p in counts:
        g.check_players(p, rules)
    params = parse_params(param, g, rules)
    terms = parse_objective(objective, g.balance_groups)
    variety = "variety" in {t.name for t in terms}
    if variety and strategies is None:              # the styles' meta-game: the game's styles by default
        strategies = ",".join(style_names(g))
    strategies = strategies or g.strategy_schema().default
    names = split_names(strategies)
    for n in dict.fromkeys(names):
        load_strategy(g, n)
    if variety and len(set(names)) < 2:
        raise UserError(f"--objective variety: give two styles or more (--strategies {', '.join(names)}: "
                        f"{g.title} marks {len(style_names(g))} style = true)")
    if not variety and len(names) != 1 and (len(counts) > 1 or len(names) != counts[0]):
        raise UserError(f"--strategies: {len(names)} given for {players} players (give one"
                        + (", the same for every player count)" if len(counts) > 1 else ", or one per seat)"))
    if "diversity" in {t.name for t in terms} and len(set(names)) < 2:
        raise UserError("--objective diversity: give two strategies or more (--strategies balanced,greedy,...)")
    if budget < 1000:
        raise UserError(f"--budget {budget}: at least 1,000 games")
    check_jobs(jobs)
    check_number("--tolerance", tolerance, more_than=0)
    check_number("--precision", precision, more_than=0, below=50)
    folder = _out_folder(Path(check_path(out)), force)

    def told(generation, best, what="generation"):
        if not no_progress:
            typer.echo(f"balance: {what} {generation + 1}: " + ("played " if what == "step" else "best so far ")
                       + f"{_values(params, best.x)} (objective {best.objective:.2f})", err=True)

    def work():
        result = search(g.name, counts if len(counts) > 1 else counts[0], params, terms, int(budget * 0.9),
                        strategies=strategies, seed=seed, config=config, overrides=overrides, variants=variants,
                        jobs=jobs, on_generation=told, tolerance=tolerance)
        found = overrides_of(params, result.best[0][0], rules.config, g)
        confirm_games = whole_games(budget * 0.05 / len(counts), counts, 100)
        best_x = result.best[0][0]
        if variety:                         # the styles' meta-game of each, on the same fresh seeds
            judged, confirm_played = confirm_variety(
                g.name, counts, names, params, best_x, terms, confirm_games, seed=seed + CONFIRM_SEED, config=config,
                overrides=overrides, variants=variants, jobs=jobs, folder=folder / "confirm")
            confirmed = (judged["balanced"]["objective"], tuple(judged["balanced"]["ci"]))
            cells = judged
        else:
            confirm = run_compare(g.name, variant or "base", counts, confirm_games, seed + CONFIRM_SEED,
                                  strategies, config=config, overrides=overrides or None, out=folder / "confirm",
                                  jobs=jobs, progress=False, command={"argv": sys.argv}, whatifs={"balanced": found},
                                  whatif_base=variant, rotate_seats=len(set(names)) > 1 or None, precision=precision)
            confirmed = _confirmed_objective(folder / "confirm", terms, counts, params, best_x, strategies, g)
            confirm_played, cells = confirm.played, _confirmed(folder / "confirm", _groups(g, terms), strategies)
        verdict = _verdict(*confirmed, tolerance, result.method)
        found_fair = _fair_enough(confirmed[1], tolerance)
        summary = {"game": g.name, "players": counts[0] if len(counts) == 1 else counts,
                   "params": [p.__dict__ for p in params], "objective": [t.__dict__ for t in terms],
                   "budget": budget, "seed": seed, "strategies": strategies,
                   "variant": variant or "base", "config_path": config, "overrides": overrides,
                   "games_played": result.games_played + confirm_played, "games_saved_by_racing": result.games_saved,
                   "method": result.method, "generations": result.generations, "population": result.population,
                   "history": result.history,
                   "stopped_early": result.stopped_early,
                   "printed": _judged(params, result.printed), "best": [_judged(params, b) for b in result.best],
                   "judged_on": {"seed": seed + FINAL_SEED, "games": result.final_games},
                   "confirm": {"folder": "confirm", "seed": seed + CONFIRM_SEED, "games": confirm_games,
                               "precision": None if variety else precision, "cells": cells},
                   "assumed": _assumed(g, rules, config, variants, params, overrides),
                   "status": "complete", "set": found, "verdict": verdict, "fair_enough": found_fair,
                   "tolerance": tolerance,
                   "confirmed_objective": {"objective": confirmed[0], "ci": list(confirmed[1])}}
        (folder / "balanced.toml").write_text(_toml(g, config, overrides, variants, found, params, result.printed,
                                                    best_x, summary))
        (folder / "balance.json").write_text(json.dumps(summary, indent=2, default=float) + "\n")
        text = _text(g, summary, params, result)
        if variety:                         # no comparison to report: the two landscapes are the before and after
            (folder / "balance.md").write_text(text + "\n\nBefore against after: confirm/printed/landscape.json and "
                                                      "confirm/balanced/landscape.json (windtunnel landscape's).\n")
            return text, folder / "balanced.toml", folder / "balance.md", found_fair
        from reports import build_report

        report = build_report(folder / "confirm", folder / "confirm" / "report.html")    # (it quotes balance.json)
        (folder / "balance.md").write_text(text + f"\n\nBefore against after: [{report.html.name}](confirm/"
                                                   f"{report.html.name}) (the confirmation's report).\n")
        return text, folder / "balanced.toml", report.html, found_fair

    def balanced():
        try:
            return work()
        except (KeyboardInterrupt, CompareInterrupted):
            _stopped(folder, "interrupted")
            raise Interrupted(f"balance interrupted (a search is not resumed): run it again; what it wrote in "
                              f"{folder} is replaced then, without --force") from None
        except UserError:                   # refused half-way (a setting the config cannot take): nothing kept
            _discard(folder)
            raise
        except Exception as e:              # noqa: BLE001 - a worker that died, a full disk: one line
            _stopped(folder, "failed", f"{type(e).__name__}: {e}")
            raise Failed(f"balance failed ({type(e).__name__}: {' '.join(str(e).split())[:300]}): run it again; "
                         f"what it wrote in {folder} is replaced then, without --force") from e

    text, config_file, report, found_fair = run_until_done(balanced, Interrupted, Failed)
    typer.echo(text)
    what = "Config" if found_fair == "yes" else f"Config of the best setting tried, {NOT_FAIR[found_fair]}"
    typer.echo(f"{what}: {config_file} (windtunnel simulate {g.name} --config {config_file} ...); report: {report}")
    checks = stronger_play(g, counts, strategies, config_file) if found_fair != "no" else []
    for tier, argv in checks:
        typer.echo(f"Stronger play (the search played {strategies} only), {tier} with this config: "
                   f"{shlex.join(argv)}")


STRONGER_GAMES = 4000        # the check of a found setting with the game's first skill tier, per player count


def stronger_play(g, counts, strategies, config_file):
    """[(tier, argv)]: a run of the found config (`config_file`, the resolved config with its
    variant) at each player count by the game's first skill tier, which the search did not play;
    [] when the game has no tier or the search played it."""
    tier = g.skill_tiers[0][0] if g.skill_tiers else None
    if tier is None or tier in str(strategies).split(","):
        return []
    return [(tier, ["windtunnel", "simulate", g.name, "--config", str(config_file), "--players", str(p),
                    "--strategies", tier, "--games", str(STRONGER_GAMES),
                    "--out", f"{Path(config_file).parent}-{tier}" + (f"-{p}p" if len(counts) > 1 else "")])
            for p in counts]


def _out_folder(out, force):
    """--out: new, or a balance search of ours replaced with --force (nothing else is deleted)."""
    if out.exists():
        theirs = [p.name for p in out.iterdir() if p.name not in OURS] if out.is_dir() else [out.name]
        if not (out / "balance.json").is_file() or theirs:
            raise UserError(f"--out {out} exists and is not a windtunnel balance search; choose another folder")
        if not force and _status(out) not in STOPPED:
            raise UserError(f"{out} already holds a balance search (use --force to replace it, or another --out)")
        confirm = out / "confirm"
        if confirm.is_dir() and not (confirm / "compare.json").is_file() and any(
                not (c / "landscape.json").is_file() for c in confirm.iterdir()):   # (a variety search's landscapes)
            raise UserError(f"{out / 'confirm'} is not a windtunnel comparison; choose another --out")
        _discard(out, keep=True)
    out.mkdir(parents=True, exist_ok=True)
    # ours from the start: a search killed half-way (still "running") is replaced by --force, never left for
    # the user to clear; one that stopped in one piece is marked (_stopped) and replaced without it
    (out / "balance.json").write_text(json.dumps({"status": "running"}) + "\n")
    return out


def _status(folder):
    try:
        return json.loads((folder / "balance.json").read_text()).get("status")
    except (OSError, ValueError, AttributeError):
        return None


def _stopped(folder, status, message=None):
    """Mark a search that did not finish (STOPPED): the next one replaces it without --force."""
    with contextlib.suppress(OSError):
        write_json_atomic(folder / "balance.json", json.dumps({"status": status, "message": message}) + "\n")


def _discard(folder, keep=False):
    """Remove what a search wrote in `folder` (ours: ``_out_folder``), and unless `keep` the folder if
    that empties it."""
    for name in OURS:
        p = folder / name
        if p.is_dir():
            shutil.rmtree(p)
        elif p.exists():
            p.unlink()
    if not keep and not any(folder.iterdir()):
        folder.rmdir()


def _values(params, x):
    return ", ".join(f"{p.key} = {v:g}" for p, v in zip(params, x))


def _judged(params, j):
    x, est, ci, parts, part_ci = j
    return {"values": dict(zip((p.key for p in params), x)), "objective": est, "ci": list(ci), "terms": parts,
            "term_ci": {k: list(v) for k, v in part_ci.items()}}


def _groups(game, terms):
    """{balance group: its labels} of the groups `terms` hold to a fair share."""
    return {t.name: game.balance_groups[t.name] for t in terms if t.name in game.balance_groups}


def _confirmed(folder, groups, strategies):
    """Each confirmation cell's player count, games, seat win rates (95% Wilson intervals), mean
    turns and the win rates of the objective's groups' labels (with their seat-games)."""
    from simulate.core.stats import proportion

    out = []
    for r in summary_table(folder).iter_rows(named=True):
        t = _cell_tally(folder / r["cell"], groups, strategies)
        out.append({"cell": r["variant"], "players": r["players"], "games": r["games"], "turns": r["turns_mean"],
                    "seats": [[r[f"seat{p}_win_rate"], r[f"seat{p}_lo"], r[f"seat{p}_hi"]]
                              for p in range(r["players"])],
                    "groups": {g: {label: proportion(w, n) for label, w, n in zip(labels, t.group_wins[g],
                                                                                 t.group_seats[g])}
                               for g, labels in groups.items()}})
    return out


def _confirmed_objective(folder, terms, counts, params, x, strategies, game):
    """The objective and its 95% interval of the best setting on the confirmation's games (fresh
    seeds the search never chose on: no winner's curse); over several player counts, the worst's."""
    from analysis.objectives import Tallies, closeness, interval, value

    tallies = Tallies({p: _cell_tally(folder / f"balanced-{p}p", _groups(game, terms), strategies) for p in counts})
    close = closeness(params, x)
    return value(terms, tallies, None, close)[0], interval(terms, tallies, None, close)[0]


def _cell_tally(cell, groups, strategies):
    """The Tally of a played cell's games (its seats and games tables), with `groups` ({balance
    group: its labels}, each group a seats column of labels)."""
    import numpy as np
    import polars as pl

    from analysis.objectives import Tally
    from strategies.roster import split_names

    seats = pl.read_parquet(f"{cell}/seats/*.parquet", columns=["game_id", "seat", "strategy", "won", "score_total",
                                                                 *groups])
    games = pl.read_parquet(f"{cell}/games/*.parquet", columns=["game_id", "turns"])

    def wins_by(column, labels):
        by = seats.group_by(column).agg(w=pl.col("won").sum(), n=pl.len())
        w, n = dict(zip(by[column], by["w"])), dict(zip(by[column], by["n"]))
        return np.array([w.get(k, 0) for k in labels], float), np.array([n.get(k, 0) for k in labels], float)

    best = seats.group_by("game_id").agg(pl.col("score_total").max())["score_total"].cast(pl.Float64).to_numpy()
    turns = games["turns"].cast(pl.Float64).to_numpy()
    seat_wins = seats.group_by("seat").agg(pl.col("won").sum()).sort("seat")["won"].to_numpy().astype(float)
    by_group = {g: wins_by(g, labels) for g, labels in groups.items()}
    return Tally(games.height, seat_wins, *wins_by("strategy", sorted(set(split_names(strategies)))), turns.sum(),
                 (turns ** 2).sum(), best.sum(), (best ** 2).sum(),
                 group_wins={g: w for g, (w, _) in by_group.items()},
                 group_seats={g: n for g, (_, n) in by_group.items()})


ROUNDS = "each played in rounds on the same games, the worse half dropped after each round"
NOT_FAIR = {"no": "not fair enough (the verdict above)", "cannot tell": "not shown fair enough (the verdict above)"}


def _fair_enough(ci, tolerance):
    """"yes": the confirmed objective's interval is within the tolerance; "no": above it even at
    its low end; "cannot tell": the tolerance inside it."""
    return "yes" if ci[1] <= tolerance else "no" if ci[0] > tolerance else "cannot tell"


MISSED = {"grid": "(every setting in the ranges was tried)",
          "sampled": "(a sampled search can miss a narrow fair region: a larger --budget, or narrower ranges, looks "
                     "harder)",
          "seat steps": "(the steps stopped at a range's end, or the seats' win rates move too little with the "
                        "knob: wider ranges, or another knob)"}


def _verdict(best, ci, tolerance, method="sampled"):
    fair = _fair_enough(ci, tolerance)
    if fair == "yes":
        return f"fair enough: on the confirmation's games the best setting's objective is {best:.2f} (95% CI " \
               f"{ci[0]:.2f} to {ci[1]:.2f}), within the tolerance of {tolerance:g}"
    if fair == "no":
        return f"the search found nothing fair enough in the ranges: on the confirmation's games the best " \
               f"setting's objective is {best:.2f} " \
               f"(95% CI {ci[0]:.2f} to {ci[1]:.2f}), above the tolerance of {tolerance:g} even at its low end " \
               + MISSED[method]
    return f"cannot tell at these games: on the confirmation's games the best setting's objective is {best:.2f} " \
           f"(95% CI {ci[0]:.2f} to " \
           f"{ci[1]:.2f}) and the tolerance {tolerance:g} is inside it; a larger --budget narrows it"


def _text(g, s, params, result):
    from analysis.objectives import Term, objective_words

    terms = objective_words([Term(**t) for t in s["objective"]])
    counts = s["players"] if isinstance(s["players"], list) else [s["players"]]
    several = len(counts) > 1
    lines = [f"{g.title}, {', '.join(map(str, counts))} players, strategies {s['strategies']}: balance search over "
             + ", ".join(f"{p.key} in {p.lo:g}..{p.hi:g} ({_start(s, p.key)} {p.printed:g}"
                         + (", not printed in the rulebook" if p.key in s["assumed"] else "") + ")" for p in params)
             + f"; objective: {terms}, lower is fairer" + (" (the worst player count's)" if several else "") + ".",
             f"Played {s['games_played']:,} games ({_how(result)}"
             + (f"; {ROUNDS}: that saved {s['games_saved_by_racing']:,} games" if result.method != "seat steps" else "")
             + f"). Judged on {result.final_games:,} fresh games each"
             + (" at each player count" if several else "") + " (the same seeds for all; 95% intervals):"]
    if s["stopped_early"] is not None:
        which = "a step's setting" if result.method == "seat steps" else "a race's leader"
        lines.insert(2, f"The search stopped early: {which} was within the tolerance of {s['tolerance']:g} by "
                        "an anytime-valid bound (the rule of --precision), so the rest of its budget was not played.")
    p = s["printed"]
    given = _start(s)
    lines.append(f"  {given:<8} {_values(params, p['values'].values())}: objective {p['objective']:.2f} "
                 f"[{p['ci'][0]:.2f}, {p['ci'][1]:.2f}]")
    for i, b in enumerate(s["best"], 1):
        lines.append(f"  #{i}       {_values(params, b['values'].values())}: objective {b['objective']:.2f} "
                     f"[{b['ci'][0]:.2f}, {b['ci'][1]:.2f}]")
    lines.append(f"Verdict: {s['verdict']}.")
    c = s["confirm"]
    if c["precision"] is None:              # variety: the styles' equilibrium before and after
        lines.append(f"Confirmed on other fresh games, the printed game and the best on the same seeds ({c['games']:,} "
                     f"games each, shared among the styles' profiles; {c['folder']}/):")
        for name, j in c["cells"].items():
            for players, (v, lo, hi) in j["variety"].items():
                lines.append(f"  {(given if name == 'printed' else 'best') + (f' {players}p' if several else ''):<8} "
                             f"variety {v:.2f} [{lo:.2f}, {hi:.2f}] (the equilibrium's entropy, of 1); objective "
                             f"{j['objective']:.2f} [{j['ci'][0]:.2f}, {j['ci'][1]:.2f}]")
        return "\n".join(lines)
    lines.append(f"Confirmed on other fresh games, the printed game and the best on the same seeds (at most "
                 f"{c['games']:,} a cell, stopped once every win rate is known within ±{c['precision']:g} points; "
                 f"{c['folder']}/):")
    for c in c["cells"]:
        seats = "  ".join(f"seat {p} {100 * w:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
                          for p, (w, lo, hi) in enumerate(c["seats"]))
        name = (given if c["cell"] != "balanced" else "best") + (f" {c['players']}p" if several else "")
        lines.append(f"  {name:<8} {c['games']:>9,} games  {seats}  turns {c['turns']:.1f}")
        for group, rates in c["groups"].items():
            lines.append(f"  {'':<8} {group}: " + "  ".join(f"{label} {100 * r['rate']:.1f}% [{100 * r['lo']:.1f}, "
                                                            f"{100 * r['hi']:.1f}]" for label, r in rates.items()))
    return "\n".join(lines)


def _assumed(g, rules, config, variants, params, overrides=None):
    """The searched keys whose values the config marks assumed (a stand-in, not printed in the
    rulebook: ``simulate.core.assumed``); a value the designer set (--set) is theirs, not assumed."""
    found = g.assumed_values(config, variants or [], overrides or None, rules.config)   # the variants played only
    return [p.key for p in params if found.covers(p.key.split("@")[0], rules.config, g.config_key)]


def _start(s, key=None):
    """What the values a search starts from are: "as given" (--set or --config: the designer's
    own), "assumed" (stand-ins, not printed in the rulebook), "printed", or "current" (printed and
    assumed); of one key's value with `key`."""
    if s["overrides"] or s["config_path"]:
        return "as given"
    keys = [key] if key else list(s["printed"]["values"])
    assumed = sum(k in s["assumed"] for k in keys)
    return "printed" if not assumed else "assumed" if assumed == len(keys) else "current"


def _how(result):
    if result.method == "seat steps":
        return (f"seat steps: {result.generations} settings, each on twice the games of the one before, each moved "
                "to where a model fitted to the ones before puts every seat at a fair share (docs/balance.md)")
    if result.method == "grid":
        return f"every one of the {result.population} settings tried"
    return f"the cross-entropy method: {result.generations} generations of {result.population} candidates"


def _toml(g, config, overrides, variants, found, params, printed, best_x, s):
    """The config that plays the best setting: the resolved config (the --config file or the
    base one, with --set and --variant) and the found values, its changes named at the top, and
    first, where the search found nothing fair enough, that it is not fair (`s`: the summary)."""
    data = g.load_rules(config, {**(overrides or {}), **found}, variants=variants).config
    head = [] if s["fair_enough"] == "yes" else [
        f"# {line}" for line in textwrap.wrap(f"NOT FAIR ENOUGH: {s['verdict']}. These are the best values the "
                                              "search tried, not a fair game.", 98)] + ["#"]
    head += [f"# Written by `windtunnel balance {g.name}` (--param "
             + " --param ".join(f"{p.key}={p.lo:g}..{p.hi:g}" for p in params) + ").",
             "# The game's resolved config with these values changed (the value it had after it):"]
    head += [f"#   {p.key} = {v:g}   (was {w:g}" + (", assumed" if p.key in s["assumed"] else "") + ")"
             + ("" if p.part is None else f": {value_at(found[p.config_key], p.path)!r}")
             for p, v, w in zip(params, best_x, printed[0])]
    head.append("# Comments of the original are not kept; use it with --config.")
    return "\n".join(head) + "\n\n" + tomli_w.dumps(data)
