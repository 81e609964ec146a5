"""`windtunnel info GAME`: what a game offers, from its protocol object and its config.

Registered on the app (``cli_app.py``) by its import in ``simulate/cli.py``. Everything it
says comes through the game protocol (``simulate/core/protocol.py``): the player range, the
variants (their files' first comment line), the options of the game's own, the strategies,
the what-if keys and their values, what the game adds (``Game.about``) and the
values its config files mark ASSUMED (``simulate/core/assumed.py``)."""
import re

import typer

from .cli_app import GAME_ARG, app, get_game


def variant_note(game, name):
    """What a variant is: its file's first comment line up to its source in brackets, or ""."""
    path = game.config_dir / game.variant_folder / f"{name}.toml"
    try:
        first = next((s for s in path.read_text(encoding="utf-8").splitlines() if s.startswith("#")), "")
    except OSError:
        return ""
    return first.lstrip("# ").split(" (")[0].strip().rstrip(".:")


WIDTH = 100          # a line of `info`'s lists (the what-if keys' values), wrapped between entries


def _rows(rows, indent="  ", lists=False):
    """"  name  what" lines, the names in a column; `lists`: each value a list, wrapped."""
    rows = list(rows)
    width = max((len(str(k)) for k, _ in rows), default=0)
    lines = []
    for k, v in rows:
        first, *rest = _wrapped(str(v), WIDTH - len(indent) - width - 2) if lists else [v]
        lines += [f"{indent}{str(k):<{width}}  {first}".rstrip()] + [f"{indent}{'':<{width}}  {r}" for r in rest]
    return lines


def _wrapped(text, width):
    """A list "a, b (its name), c" in lines of at most `width` characters, broken between entries
    only (never inside an entry's bracket); one long entry keeps its line."""
    lines = [""]
    for entry in re.split(r", (?![^()]*\))", text):
        joined = f"{lines[-1]}, {entry}" if lines[-1] else entry
        if len(joined) + 1 > width and lines[-1]:
            lines[-1] += ","
            lines.append(entry)
        else:
            lines[-1] = joined
    return lines


def info_lines(game, assumed=False):
    """The text `windtunnel info` prints, as lines."""
    from strategies import load_strategy, strategy_names

    rules = game.load_rules()
    config = rules.config
    lo, hi = rules.player_range
    out = [f"{game.title} ({game.name}): {lo}-{hi} players; score in {game.score_unit}; {game.tiebreak}."]
    for heading, rows in game.about(config):
        out += ["", f"{heading}:"] + _rows(rows)
    word = "Modules" if game.variant_folder == "modules" else "Variants"
    out += ["", f"{word} (--variant, combined with commas):"]
    out += _rows([("base", "the printed game")] + [(v, variant_note(game, v)) for v in game.variants])
    if game.options:
        out += ["", "Options of the game's own (simulate, replay):"]
        out += _rows((f"--{k}", v) for k, v in game.options.items())
    default = game.strategy_schema().default
    out += ["", "Strategies (--strategies; windtunnel strategies list):"]
    out += _rows((name, load_strategy(game, name).description + (" (default)" if name == default else ""))
                 for name in strategy_names(game))
    table = game.intervention_table
    if table:
        values = game.intervention_values(config)
        out += ["", "What-if keys (windtunnel whatif --intervention KEY=VALUE; docs/whatif.md):"]
        out += _rows([(key, values.get(key) or game.intervention_words.get(key, ""))
                      for key in config.get(table, {})], lists=True)
    found = game.assumed_values()
    out += ["", f"Assumed values (not printed in the rulebook; docs/assumptions.md): {found.total:,} in "
                f"{len(found.counts())} files" + ("" if assumed else " (--assumed lists them):")]
    if assumed:
        for label, paths in found.files.items():
            if paths:
                out += [f"  {label} ({len(paths)}):"] + [f"    {p}" for p in paths]
    else:
        out += _rows(found.counts())
    return out


@app.command()
def info(game: str = GAME_ARG,
         assumed: bool = typer.Option(False, "--assumed", help="List every assumed value by file and key "
                                                              "(as --set names it).")):
    """What a game offers: players, variants, options, strategies, what-if keys, and how many of its
    config values are assumed (not printed in the rulebook), by file."""
    typer.echo("\n".join(info_lines(get_game(game), assumed)))
