"""Pivot views of a report over several cells (variants or modules x player counts): one table per
question with the cells as columns, so a designer reads one nation's (seat's, card's) win rate
across modules and player counts in a row, and two charts (each seat's advantage by player count;
each item's win rate by cell, for a subject with few items, such as a game's factions), drawn by
seaborn."""
import polars as pl

from .figures import COLORS, _figure, _percent, _save, cell_label
from .table_text import Cell, Table, ci_pct, pct

MAX_LINES = 10          # a chart's lines at most (one colour each); more items: the table only


def _cells(df, baseline="base"):
    """(variant, players) of a frame's cells: by player count, the baseline first."""
    return sorted(df.select("variant", "n_players").unique().rows(), key=lambda c: (c[1], c[0] != baseline, c[0]))


def _pivot(df, key, value, text, baseline):
    """[(row label, [cell text])] of `df` (one row per key and cell) with the cells as columns."""
    df = df.with_columns(cell=pl.struct("variant", "n_players").map_elements(
        lambda c: cell_label(c["variant"], c["n_players"]), return_dtype=pl.String))
    cells = [cell_label(*c) for c in _cells(df, baseline)]
    rows = []
    for item in df[key].unique(maintain_order=True).to_list():
        mine = {r["cell"]: r for r in df.filter(pl.col(key) == item).iter_rows(named=True)}
        rows.append((item, [text(mine[c]) if c in mine and mine[c][value] is not None else "–" for c in cells]))
    return cells, rows


def seat_pivot(seat, baseline="base"):
    """Each seat's advantage over fair (points, 95% CI) per cell."""
    cells, rows = _pivot(seat.sort("seat"), "seat", "advantage",
                         lambda r: Cell(f"{100 * r['advantage']:+.1f} [{100 * (r['lo'] - r['fair']):+.1f}, "
                                        f"{100 * (r['hi'] - r['fair']):+.1f}]", r["advantage"]), baseline)
    return Table("pivot_seat", "Seat advantage by cell",
                 "Each seat's win rate minus fair (1/P), in points, with its Wilson 95% interval, one column per "
                 "variant and player count: a row reads one seat across the comparison.",
                 ["seat"] + cells, [[str(s)] + texts for s, texts in rows])


def subject_pivot(subject, df, names=None, baseline="base"):
    """Each item's win rate of the seats that have it (95% CI) per cell."""
    with_ = subject.states[0]
    col = f"win_rate_{with_}"
    cells, rows = _pivot(df, subject.name, col,
                         lambda r: Cell(f"{pct(r[col])} {ci_pct(r[f'lo_{with_}'], r[f'hi_{with_}'])}", r[col]), baseline)
    return Table(f"pivot_{subject.name}", f"{subject.title}: win rate by cell",
                 f"The win rate of seats that {subject.verb} each {subject.name} (Wilson 95% interval), one column "
                 "per variant and player count; an association, not a cause.",
                 [subject.name] + cells, [[subject.text(i, names)] + texts for i, texts in rows])


def pivot_tables(data):
    """The pivot tables of a report over several cells ([] for one cell)."""
    if not data.many_cells:
        return []
    out = [seat_pivot(data.seat, data.baseline)]
    for subject, df in data.values.items():
        if df is not None and df.height and subject.name in df.columns:
            out.append(subject_pivot(subject, df, data.names, data.baseline))
    return out


def _lines(ax, x, y, lines, palette):
    """One seaborn line with markers per entry of `lines` (`palette`: line -> colour, in legend
    order), its legend beside the plot."""
    import seaborn as sns

    sns.lineplot(x=x, y=y, hue=lines, hue_order=list(palette), palette=palette, marker="o", errorbar=None, ax=ax)
    sns.move_legend(ax, "center left", bbox_to_anchor=(1.01, 0.5), fontsize=8, frameon=False, title=None)


def seat_advantage_by_players(seat, folder):
    """Each seat's advantage over fair by player count (a line per variant and seat), or None."""
    if seat is None or seat["n_players"].n_unique() < 2:
        return None
    fig = _figure(7.5, 4)
    ax = fig.add_subplot()
    lines = seat.select("variant", "seat").unique().sort("variant", "seat").rows()[:MAX_LINES]
    many = seat["variant"].n_unique() > 1

    def name(variant, s):
        return f"seat {s}" + (f", {variant}" if many else "")

    palette = {name(*line): COLORS[i % len(COLORS)] for i, line in enumerate(lines)}
    d = seat.sort("variant", "seat", "n_players")
    d = d.filter(pl.Series([name(*line) in palette for line in d.select("variant", "seat").rows()], dtype=pl.Boolean))
    names = [name(*line) for line in d.select("variant", "seat").rows()]
    _lines(ax, d["n_players"].to_numpy(), (100 * d["advantage"]).to_numpy(), names, palette)
    ax.vlines(d["n_players"].to_numpy(), (100 * (d["lo"] - d["fair"])).to_numpy(),
              (100 * (d["hi"] - d["fair"])).to_numpy(), colors=[palette[n] for n in names], linewidth=1.2)
    ax.axhline(0, color="#888", lw=0.8)
    ax.set_xticks(sorted(seat["n_players"].unique().to_list()))
    ax.set_xlabel("players")
    ax.set_ylabel("advantage over fair (points)")
    ax.set_title("Seat advantage by player count (95% intervals)")
    return _save(fig, folder, "seat_advantage_by_players.png")


def item_rate_by_cell(subject, df, folder, names=None, baseline="base"):
    """Each item's win rate by cell (a line per item), for a subject with at most MAX_LINES items."""
    if df is None or not df.height or df.select("variant", "n_players").n_unique() < 2:
        return None
    items = df[subject.name].unique(maintain_order=True).to_list()
    if len(items) > MAX_LINES:
        return None
    with_ = subject.states[0]
    cells = _cells(df, baseline)
    fig = _figure(min(3 + 0.9 * len(cells), 12), 4)
    ax = fig.add_subplot()
    palette = {subject.text(item, names): COLORS[i % len(COLORS)] for i, item in enumerate(items)}
    at = {c: k for k, c in enumerate(cells)}
    _lines(ax, [at[c] for c in df.select("variant", "n_players").rows()], df[f"win_rate_{with_}"].to_numpy(),
           [subject.text(item, names) for item in df[subject.name].to_list()], palette)
    ax.set_xticks(range(len(cells)), [cell_label(v, p) for v, p in cells], rotation=30, ha="right")
    ax.yaxis.set_major_formatter(_percent())
    ax.set_xlabel("variant, players")
    ax.set_ylabel(f"win rate of seats that {subject.verb} it")
    ax.set_title(f"{subject.title} by cell")
    return _save(fig, folder, f"{subject.name}_by_cell.png")


def pivot_figures(data):
    """name -> (alt text, draw) of the pivot charts (``reports.figures.figures``'s form)."""
    out = {"seat_advantage_by_players": ("Line plot of each seat's advantage over fair by player count, 95% "
                                         "intervals", lambda d, f: seat_advantage_by_players(d.seat, f))}
    for s in data.game.subjects:
        out[f"{s.name}_by_cell"] = (f"Line plot of {s.title.lower()}: each {s.name}'s win rate by variant and "
                                    "player count",
                                    lambda d, f, s=s: item_rate_by_cell(s, d.values.get(s), f, d.names, d.baseline))
    return out
