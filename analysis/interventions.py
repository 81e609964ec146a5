"""Causal effects of interventions: what one change does to the seat that gets it.

A what-if cell whose config values are an intervention (``Game.intervention_table``) plays
the base game's very games (the same seeds) with one seat per game changed: game k's seat
k mod players (``simulate.core.seats.treated_seat``), so every seat is treated in turn. The
effect is the mean of per-game differences between that seat in the cell and the same seat
in the same game of base: a paired difference, whose interval is tight because the deal,
the dice and everything the intervention does not touch are shared. Unlike an association
("seats that drew Apollon win more"), it is what the change causes, for these strategies.
"""
import numpy as np
import polars as pl

from simulate.core.games import get_game

from .causal_values import treated_rows
from .significance import adjust, difference
from .words import HOLM

EFFECTS = ("won", "score_total", "turns")


def intervention_cells(spec, game):
    """{cell variant name: its intervention values} of a comparison's what-if cells whose every
    key is under the game's intervention table."""
    table = game.intervention_table
    if not table:
        return {}
    return {name: sets for name, sets in (spec.get("whatifs") or {}).items()
            if sets and all(k.startswith(f"{table}.") for k in sets)}


def treated_effects(result, confidence=0.95):
    """One row per intervention cell and player count: the treated seat's change in win rate
    and in score, and the change in game length, each the mean of per-game paired
    differences against base with its interval and p-value (Holm-adjusted over the table's
    tests), and n, the games paired. `result`: a ``simulate.core.compare_folder.CompareResult``."""
    game = get_game(result.spec["game"])
    cells = intervention_cells(result.spec, game)
    printed = result.spec.get("whatif_base", "base").replace(",", "+")     # the game the interventions change
    rows = []
    for name, sets in cells.items():
        for players in result.spec["players"]:
            base, treated = (_treated_seats(result, f"{v}-{players}p", players) for v in (printed, name))
            if base is None or treated is None:
                continue
            paired = treated.join(base, on="game_id", suffix="_base")
            key, value = next(iter(sets.items())) if len(sets) == 1 else (None, None)
            row = {"intervention": name, "what": intervention_words(game, sets),
                   "key": key.split(".", 1)[1] if key else None, "value": None if value is None else str(value),
                   "players": players, "n": paired.height}
            for metric in EFFECTS:
                d = (paired[metric] - paired[f"{metric}_base"]).to_numpy().astype(float)
                mean = float(d.mean()) if len(d) else float("nan")
                se = float(d.std(ddof=1) / np.sqrt(len(d))) if len(d) > 1 else float("nan")
                lo, hi, p = difference(mean, se, confidence)
                row.update({metric: mean, f"{metric}_lo": float(lo), f"{metric}_hi": float(hi),
                            f"{metric}_p": float(p)})
            rows.append(row)
    if not rows:
        return pl.DataFrame()
    df = pl.DataFrame(rows)
    for metric in EFFECTS:                      # each effect's tests corrected together (Holm)
        df = adjust(df, f"{metric}_p").rename({"p_adjusted": f"{metric}_p_adjusted",
                                                "significant": f"{metric}_significant"})
    return df


def intervention_words(game, sets):
    """An intervention's values in words, by the game's phrases ("the apollon Favor card instead
    of the one dealt"), else KEY = VALUE."""
    words = []
    for key, value in sets.items():
        short = key.split(".", 1)[1]
        phrase = game.intervention_words.get(short)
        words.append(phrase.format(value=value) if phrase else f"{short} = {value}")
    return " and ".join(words)


def _treated_seats(result, cell, players):
    """game_id, won, score_total, turns of the treated seat of each game of one cell (None if
    the cell is not there)."""
    if cell not in {c["name"] for c in result.cells}:
        return None

    run = result.run(cell)
    return treated_rows(run.seats, run.games, players).collect()


def effects_text(df, unit="points", confidence=0.95, printed="base"):
    """The effect table as lines of text; `printed`: the game the interventions change."""
    pct = f"{confidence:.0%}"
    lines = [f"Effect on the seat given each intervention (one seat a game, each seat in turn), paired with {printed} "
             f"on the same games; {pct} intervals; *: significant after a Holm correction ({HOLM}):"]
    for r in df.iter_rows(named=True):
        star = lambda m: "*" if r[f"{m}_significant"] else " "    # noqa: E731
        lines.append(
            f"  {r['intervention']} ({r['what']}), {r['players']} players, n = {r['n']:,} games: "
            f"win rate {100 * r['won']:+.1f} points [{100 * r['won_lo']:+.1f}, {100 * r['won_hi']:+.1f}]{star('won')}  "
            f"{unit} {r['score_total']:+.2f} [{r['score_total_lo']:+.2f}, {r['score_total_hi']:+.2f}]{star('score_total')}  "
            f"turns {r['turns']:+.2f} [{r['turns_lo']:+.2f}, {r['turns_hi']:+.2f}]{star('turns')}")
    return "\n".join(lines)
