"""The strategy landscape on a report's page (``windtunnel landscape --out`` into a run or
comparison folder, ``simulate.running.landscape``): the summary card's verdict on whether one
style is the best way to play, the head-to-head table with the words, and the response graph;
and the landscape folder's own page (``write_landscape_page``)."""
import math
from pathlib import Path

import numpy as np
import polars as pl

from analysis.landscape import edge_text, words
from analysis.verdicts import FAIL, PASS, WATCH, Verdict
from simulate.core.errors import UserError
from simulate.core.run_files import write_atomic
from simulate.core.stats import wilson_interval
from simulate.running.landscape import FILE, read

from .figures import COLORS, PLAIN, SIGNIFICANT, _figure, _save
from .markdown import _table
from .table_text import Table

QUESTION = "Is one style the best way to play?"
LOW_VARIETY = 0.5          # an equilibrium mix below this entropy (of 1): few styles worth playing


def landscape_of(path, game):
    """(summary, provenance, notes) of the folder's landscape.json when it is this game's and
    verifies; (None, None, [a note why not]) when it holds one that does not; (None, None, [])
    without one."""
    if not (path / FILE).is_file():
        return None, None, []
    try:
        _, summary, made = read(path)
    except UserError as e:
        return None, None, [f"The strategy landscape is left out: {e}"]
    if made["game"] != game.name:
        return None, None, [f"The strategy landscape is left out: {path / FILE} is {made['game']}'s, not "
                            f"{game.title}'s."]
    return summary, made, []


def verdict(summary, made, folder):
    """The summary card's row: fail with a dominant style, watch with little variety (the next step:
    the landscape again on four times the games), pass otherwise."""
    said = words(summary)
    names, d = summary["styles"], summary["dominant"]
    next_ = (f"windtunnel landscape {made['game']} --players {summary['players']} --games "
             f"{made['games_per_profile']} --budget {4 * summary['games']} --out {folder} --force")
    if d >= 0:
        return Verdict(QUESTION, FAIL, said[0], {"strategy": names[d]})
    if summary["variety"] < LOW_VARIETY:
        return Verdict(QUESTION, WATCH, f"{said[0]} {said[1]}", next=next_)
    return Verdict(QUESTION, PASS, f"{said[0]} {said[1]}")


def landscape_tables(summary, made):
    """The head-to-head table (two players: the row's win rate against the column; more: the row
    seat's edge over the column seats) with the landscape's words as its note, and its CSV."""
    names, P = summary["styles"], summary["players"]
    edge, lo, hi = (np.array(summary[k]) for k in ("edge", "edge_low", "edge_high"))
    beats = np.array(summary["beats"])

    rows = [[names[i], f"{summary['mix'][i]:.0%} [{summary['mix_low'][i]:.0%}, {summary['mix_high'][i]:.0%}]",
             f"{summary['alpha_rank'][i]:.2f}"] + ["-" if i == j else edge_text(summary, i, j)
                                                   for j in range(len(names))] for i in range(len(names))]
    what = ("the row style's win rate against the column style" if P == 2 else
            f"the edge of one seat of the row style over {P - 1} seats of the column style (its win share a seat "
            f"minus theirs, points)")
    note = (f"{made['game']} at {P} players, each profile of styles played on the same deals with the seats rotated "
            f"({summary['games']:,} games, run seed {made['seed']}); {what}, 95% intervals; the equilibrium mix with "
            f"percentile intervals over {summary['resamples']} resampled tables; alpha-rank's mass. "
            + " ".join(words(summary)[:4]))
    csv = pl.DataFrame([{"style": names[i], "against": names[j], "edge": edge[i, j], "edge_low": lo[i, j],
                         "edge_high": hi[i, j], "beats": bool(beats[i, j]), "mix": summary["mix"][i],
                         "alpha_rank": summary["alpha_rank"][i]} for i in range(len(names))
                        for j in range(len(names)) if i != j])
    out = [Table("landscape", "Strategy landscape", note, ["style", "equilibrium mix", "alpha-rank", *names], rows,
                 marked=[summary["dominant"] == i for i in range(len(names))], question=QUESTION, csv=csv)]
    for group, g in (summary.get("groups") or {}).items():
        out.append(_group_table(group, g))
    return out


def _group_table(group, g):
    """Each label of a balance group (a nation) with each style against the field: win rates."""
    wins, seats = np.array(g["wins"]), np.array(g["seats"])
    lo, hi = wilson_interval(wins, seats)
    rows, records = [], []
    for i, label in enumerate(g["labels"]):
        if not seats[i].sum():
            continue
        rows.append([label] + [f"{wins[i, j] / seats[i, j]:.1%} [{lo[i, j]:.0%}, {hi[i, j]:.0%}]" if seats[i, j]
                               else "-" for j in range(len(g["styles"]))])
        records += [{group: label, "style": s, "wins": wins[i, j], "seats": int(seats[i, j])}
                    for j, s in enumerate(g["styles"])]
    note = (f"Each {group} played by each style in one seat, the other seats {g['field']}, seats rotated: its win rate "
            f"with a 95% Wilson interval (fair: one in the seats' number).")
    return Table(f"landscape_{group}", f"Styles by {group}", note, [group, *g["styles"]], rows,
                 csv=pl.DataFrame(records), question=f"Which style suits each {group}?")


def draw_response_graph(summary, folder):
    """The styles on a circle, an arrow from each style to the one that beats it (Holm-corrected),
    each style's disc sized by its share of the equilibrium mix; a dominant style in red."""
    names, beats = summary["styles"], np.array(summary["beats"])
    k = len(names)
    fig = _figure(5.0, 5.0)
    ax = fig.subplots()
    angle = [math.pi / 2 - 2 * math.pi * i / k for i in range(k)]
    xy = np.array([(math.cos(a), math.sin(a)) for a in angle])
    size = [200 + 1800 * m for m in summary["mix"]]          # a disc's area in points squared
    reach = [math.sqrt(a / math.pi) + 3 for a in size]        # its radius, and a gap: where an arrow stops
    for i in range(k):
        for j in range(k):
            if beats[j, i]:                                  # j beats i: i's players move to j
                ax.annotate("", xy=xy[j], xytext=xy[i], arrowprops={
                    "arrowstyle": "-|>", "color": PLAIN, "lw": 1.2, "shrinkA": reach[i], "shrinkB": reach[j]})
    for i in range(k):
        colour = SIGNIFICANT if summary["dominant"] == i else COLORS[0]
        ax.scatter(*xy[i], s=size[i], color=colour, alpha=0.8, zorder=3)
        x, y = xy[i] * (1.15 + 0.25 * summary["mix"][i])     # outside the disc, away from the circle
        ax.annotate(f"{names[i]}\n{summary['mix'][i]:.0%}", (x, y), fontsize=9,
                    ha="center" if abs(x) < 0.3 else "left" if x > 0 else "right",
                    va="bottom" if y > 0.3 else "top" if y < -0.3 else "center")
    ax.set_xlim(-2.0, 2.0)
    ax.set_ylim(-1.8, 1.8)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(f"Who beats whom ({summary['players']} players): an arrow points to the style that beats it; "
                 "a disc's size is its share of the equilibrium mix", fontsize=9)
    return _save(fig, folder, "landscape.png")


def landscape_figures(data):
    """name -> (alt text, draw(data, folder)) of the page's landscape figure, if it has one."""
    if getattr(data, "landscape", None) is None:
        return {}
    return {"landscape": ("The styles' response graph: an arrow from each style to the one that beats it, a disc "
                          "sized by the equilibrium mix's share", lambda d, f: draw_response_graph(d.landscape, f))}


def write_landscape_page(folder, summary, made):
    """The landscape folder's own page: ``landscape.md`` (the verdict, the tables with the words,
    the next step) and ``landscape.png`` (the response graph) beside its landscape.json."""
    folder = Path(folder)
    v = verdict(summary, made, folder)
    said = words(summary)
    figure = draw_response_graph(summary, folder)
    lines = [f"# Strategy landscape: {made['game']}, {summary['players']} players", "",
             f"**{QUESTION}** {v.verdict}: {said[0]}", "", *said[1:4], "", said[4], ""]
    lines += [_table(t) for t in landscape_tables(summary, made)]
    lines += [f"![The styles' response graph]({Path(figure).name})", ""]
    write_atomic(folder / "landscape.md", "\n".join(lines).encode())
    return folder / "landscape.md"
