"""Each verdict that is not a pass gets the command that answers it, the report's own arguments
filled in: a balance search where a config value can move a seat, a what-if where an item's
association should become a measured cause, a check against stronger play where none was made."""
import shlex

from .verdicts import FAIL, WATCH


def fill(verdicts, game, path, strategies, checked, run=None, done=(), paired=None):
    """Set ``Verdict.next`` on the fail and watch verdicts. `path`: the run or comparison;
    `strategies`: its strategies as the CLI takes them; `checked`: it has skill tiers already;
    `run`: a run's (seed, games), to play more of it where too few games tell nothing; `done`:
    the interventions a what-if measured already ("KEY=VALUE"); `paired`: a paired comparison's
    runs (label -> folder), each checked against stronger play on its own."""
    for v in verdicts:
        if v.verdict in (FAIL, WATCH):
            v.next = _command(v, game, path, strategies, checked, run, set(done), paired or {})


def _command(v, game, path, strategies, checked, run, done, paired):
    about = v.about
    where = paired.get(about.get("variant"), path) if paired else path
    robustness = "" if checked else f"windtunnel report {shlex.quote(str(where))} --robustness"
    if "n_players" not in about:
        return robustness
    players = about["n_players"]
    variant = about.get("variant")
    if variant and variant != "base" and not all(v in game.variants for v in variant.split("+")):
        return robustness                       # a what-if cell or a paired run: no --variant plays it
    common = (f" --players {players}" + (f" --variant {variant}" if variant and variant != "base" else "")
              + f" --strategies {shlex.quote(strategies)}")
    if about.get("too_few") and about.get("tier"):    # the trusted tier's games, four times as many
        tier = f"{about['tier']}:{4 * about['tier_games']}"
        return f"windtunnel report {shlex.quote(str(where))} --robustness --tiers {shlex.quote(tier)}"
    if about.get("too_few"):                          # the same games and more (the same seed)
        if not run:
            return robustness
        seed, games = run
        return (f"windtunnel simulate {game.name}{common} --seed {seed} --games {4 * games} "
                f"--out {shlex.quote(str(path) + '-more')}")
    if v.question == "Seat balance" and game.seat_knob and "seat" in about:
        knob = game.seat_knob.format(seat=about["seat"])
        return (f"windtunnel balance {game.name}{common} --param {shlex.quote(knob)} --objective seat "
                f"--out runs/fair-{players}p")
    if v.question == "Strategy balance" and checked and "strategy" in about:
        return (f"windtunnel tune {game.name} --players {players} --base {shlex.quote(str(about['strategy']))} "
                f"--out tuned-{game.name}-{players}p.toml")
    if v.question.endswith("outliers") and about.get("item") is not None:
        key = next((k for k, (subject, _) in game.intervention_subjects.items() if subject == about.get("subject")),
                   None)
        item = str(about["item"])
        if key and f"{key}={item}" not in done:
            return (f"windtunnel whatif {game.name}{common} --intervention {shlex.quote(f'{key}={item}')} "
                    f"--out runs/whatif-{key}-{item}")
    return robustness
