"""Each verdict that is not a pass gets the command that answers it, the report's own arguments
filled in: a balance search where a config value can move a seat, a what-if where an item's
association should become a measured cause, a check against stronger play where none was made.

Every argument is quoted for the shell (``shlex.quote``), items go by their ids (a journey card
"j04", not its printed name), and each command says about how long it takes on this machine:
the games it plays at the speed the report's own run measured (its manifest's sessions) or,
for a slow skill tier, the game's known speed (``Game.tier_speeds``)."""
import os
import shlex
from dataclasses import dataclass
from typing import Optional

from .verdicts import FAIL, WATCH
from .words import plural

# the games a suggested command plays, written into it so the estimate is the command's own
WHATIF_GAMES = 10_000            # a cell of a what-if (the printed game and the intervention)
BALANCE_BUDGET = 1_000_000       # a balance search, all told
TUNE_BUDGET = 100_000            # a tuning search
START = 15                       # seconds of any command: workers starting, its report written


@dataclass
class Played:
    """What the report's run or comparison played: its cells [(variant, players)], its games a
    cell and the seat-games a second one core played them at (``measured_speed``; None:
    unknown)."""

    cells: list
    games: int
    speed: Optional[float] = None


def measured_speed(manifest):
    """Seat-games a second on one core over a run's sessions (its manifest), None where none was
    timed."""
    sessions = (manifest or {}).get("sessions") or ()
    games = sum(s.get("games_played") or 0 for s in sessions)
    busy = sum((s.get("seconds") or 0) * (s.get("workers") or 1) for s in sessions)
    return games * manifest["players"] / busy if games and busy > 0 else None


def fill(verdicts, game, path, strategies, checked, run=None, done=(), paired=None, played=None):
    """Set ``Verdict.next`` (and ``Verdict.takes``, how long it takes) on the fail and watch
    verdicts. `path`: the run or comparison; `strategies`: its strategies as the CLI takes them;
    `checked`: it has skill tiers already; `run`: a run's (seed, games), to play more of it where
    too few games tell nothing; `done`: the interventions a what-if measured already
    ("KEY=VALUE"); `paired`: a paired comparison's runs (label -> folder), each checked against
    stronger play on its own; `played`: a ``Played`` (no estimate without it)."""
    for v in verdicts:
        if v.verdict in (FAIL, WATCH):
            args, work = _command(v, game, path, strategies, checked, run, set(done), paired or {}, played)
            v.next = command_line(args)
            v.takes = takes(work, game, played) if args else ""


def command_line(args):
    """The words of a command as one line for the shell, each quoted where it needs it."""
    return " ".join(shlex.quote(str(a)) for a in args)


def _robustness(where, game, played, tiers=None):
    """`report WHERE --robustness` (`tiers`: (strategy, games) to name), and the games its tiers play."""
    args = ["windtunnel", "report", where, "--robustness"]
    if tiers:
        args += ["--tiers", ",".join(f"{s}:{n}" for s, n in tiers)]
    plays = tiers or game.skill_tiers
    cells = played.cells if played else ()
    return args, [(s, min(n, played.games) * players) for s, n in plays for _, players in cells]


def _command(v, game, path, strategies, checked, run, done, paired, played):
    """([the command's words], [(strategy or None for the report's own, seat-games it plays)])."""
    about = v.about
    where = str(paired.get(about.get("variant"), path) if paired else path)
    robustness = ([], []) if checked else _robustness(where, game, played)
    if "n_players" not in about:
        return robustness
    players = about["n_players"]
    variant = about.get("variant")
    if variant and variant != "base" and not all(v in game.variants for v in variant.split("+")):
        return robustness                       # a what-if cell or a paired run: no --variant plays it
    common = ["--players", players, *(["--variant", variant] if variant and variant != "base" else []),
              "--strategies", strategies]
    if about.get("too_few") and about.get("tier"):    # the trusted tier's games, four times as many
        return _robustness(where, game, played, [(about["tier"], 4 * about["tier_games"])])
    if about.get("too_few"):                          # the same games and more (the same seed)
        if not run:
            return robustness
        seed, games = run
        return (["windtunnel", "simulate", game.name, *common, "--seed", seed, "--games", 4 * games,
                 "--out", f"{path}-more"], [(None, 4 * games * players)])
    if v.question == "Seat balance" and game.seat_knob and "seat" in about:
        knobs = game.seat_params(players, about["seat"], about.get("above", True))   # (a seat above fair: the other seats')
        params = [w for knob in knobs for w in ("--param", knob)]
        return (["windtunnel", "balance", game.name, *common, *params, "--objective", "seat", "--budget",
                 BALANCE_BUDGET, "--out", f"runs/fair-{players}p"],
                [(None, BALANCE_BUDGET * players)])
    if v.question == "Strategy balance" and checked and "strategy" in about:
        return (["windtunnel", "tune", game.name, "--players", players, "--base", about["strategy"],
                 "--budget", TUNE_BUDGET, "--out", f"tuned-{game.name}-{players}p.toml"],
                [(None, TUNE_BUDGET * players)])
    if v.question.endswith("outliers") and about.get("measured"):     # a measured cause: is it so with stronger play?
        stronger = game.skill_tiers[0][0] if game.skill_tiers else strategies
        args = ["windtunnel", "whatif", game.name, *common[:-1], stronger, "--intervention", about["intervention"],
                "--games", WHATIF_GAMES, "--out", f"runs/whatif-{stronger}-{about['intervention'].replace(',', '-')}"]
        return args, [(stronger if stronger in game.tier_speeds else None, 2 * WHATIF_GAMES * players)]
    if v.question.endswith("outliers"):
        item = _whatif_item(about, game, done)
        if item:
            key, value = item
            return (["windtunnel", "whatif", game.name, *common, "--intervention", f"{key}={value}",
                     "--games", WHATIF_GAMES, "--out", f"runs/whatif-{key}-{value}"],
                    [(None, 2 * WHATIF_GAMES * players)])
    return robustness


def _whatif_item(about, game, done):
    """(intervention key, item id) of the first item of an outliers verdict (largest first) that a
    what-if can give a seat and has not measured yet; None where there is none."""
    keys = {subject: key for key, (subject, _) in game.intervention_subjects.items()}
    items = about.get("items") or [(about.get("subject"), about.get("item"))]
    return next(((keys[s], str(i)) for s, i in items
                 if s in keys and i is not None and f"{keys[s]}={i}" not in done), None)


def takes(work, game, played):
    """"about 3 min on this machine's 2 cores": how long a command playing `work` ([(strategy or
    None, seat-games)]) takes, at the game's known speed of a skill tier (``Game.tier_speeds``)
    or the report's own (`played`); "" where a speed is unknown."""
    if not (work and played):
        return ""
    cores = os.cpu_count() or 1
    own = played.speed
    speeds = [game.tier_speeds.get(s, own) if s else own for s, _ in work]
    if any(s is None for s in speeds):
        return ""
    seconds = START + sum(n / s for (_, n), s in zip(work, speeds)) / cores
    return f"{duration(seconds)} on this machine's {plural(cores, 'core')}"


def duration(seconds):
    """"under a minute", "about 4 min", "about 2.5 h"."""
    if seconds < 60:
        return "under a minute"
    if seconds < 90 * 60:
        return f"about {round(seconds / 60)} min"
    return f"about {seconds / 3600:.1f} h"
