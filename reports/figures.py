"""The report's figures: matplotlib on the Agg canvas (no display, no pyplot state), one function
per figure; seaborn draws the statistical ones (forest plots: ``forest_marks``; heatmaps:
``heatmap``; the score sources' bars) on those figures' axes, without its global theme. Each
takes the small frames of `reports.data.ReportData` and a folder, writes one PNG and returns its
path, or returns None when it has nothing to draw (no empty figures)."""
import io
import textwrap
from pathlib import Path

import numpy as np
import polars as pl

from analysis.variants import RATE_METRICS, holder_of, metric_name

DPI = 110
COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
          "#bcbd22", "#17becf")
SIGNIFICANT, PLAIN = "#c0392b", "#555555"
MISSING = "#eeeeee"      # a heatmap's cell without data


def cell_label(variant, n_players):
    return f"{variant}, {n_players}p"


MAX_PX = 2000            # a figure's longest side in pixels, as saved (the page shows it at its natural size)
MAX_IN = MAX_PX / DPI    # the same in inches of a figure's size (18.2)


def _figure(width, height):
    """A new figure of `width` x `height` inches, each clamped to MAX_IN: a figure's code sizes it
    from its data (``fit``, ``panel_grid``) and this keeps it under MAX_PX whatever the data."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(min(width, MAX_IN), min(height, MAX_IN)), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def fit(n, per, fixed=1.2):
    """How many of `n` rows of `per` inches each fit a figure under MAX_IN, after `fixed` inches
    of title and axes (at least 1)."""
    return max(1, min(n, int((MAX_IN - fixed) // per)))


def row_height(n_cells, one=0.32):
    """Inches per row of a plot with one line per cell in each row: `one` for a single cell, a
    little more per cell after that (six cells: 0.82, not six times 0.32)."""
    return one if n_cells <= 1 else max(one, 0.12 * n_cells + 0.1)


def panel_grid(n, width, height):
    """(rows, columns) of a grid of `n` panels of `width` x `height` inches within MAX_IN a side:
    as many columns as fit, the rows shared out evenly (6 panels of 7.6 in: 3 rows of 2)."""
    cols = max(1, min(n, int(MAX_IN // width)))
    rows = -(-n // cols)
    return rows, -(-n // rows)


def png_size(data):
    """(width, height) in pixels of PNG bytes."""
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def _save(fig, folder, name):
    """Save `fig` as PNG `name` in `folder`, cropped to what it draws; never over MAX_PX a side
    (labels or a legend beside the plot can crop wider than the figure: then at a lower
    resolution)."""
    _wrap_titles(fig)
    path = Path(folder) / name
    dpi = DPI
    for _ in range(3):
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight", metadata={"Software": None})
        longest = max(png_size(buf.getvalue()))
        if longest <= MAX_PX:
            break
        dpi = dpi * (MAX_PX - 2) / longest
    path.write_bytes(buf.getvalue())
    return path


def _wrap_titles(fig):
    """Break the figure's title and its panels' titles into lines as wide as the figure (a panel's:
    as its panel), so that a long title neither widens the saved PNG nor runs off it."""
    width = fig.get_figwidth()
    texts = [(getattr(fig, "_suptitle", None), width)]
    texts += [(ax.title, width * ax.get_position().width) for ax in fig.axes if ax.get_label() != "<colorbar>"]
    for text, inches in texts:
        if text is None or not text.get_text():
            continue
        chars = max(20, int(inches * 72 / (0.52 * text.get_fontsize())))   # a character: about half the size
        if len(text.get_text()) > chars:
            text.set_text(textwrap.fill(text.get_text(), chars))


def largest_note(shown, total, what="the table"):
    """" (the 18 largest of 60; every one in the table)" when a figure leaves some out, else ""."""
    return f" (the {shown} largest of {total}; every one in {what})" if shown < total else ""


def _cells(df):
    return [tuple(r) for r in df.select("variant", "n_players").unique(maintain_order=True).iter_rows()]


def _bars(ax, df, key, title):
    """Grouped bars of win rate per `key` value, one bar per cell, Wilson error bars, fair as a
    dashed tick on each bar."""
    keys = sorted(df[key].unique().to_list(), key=str)
    cells = _cells(df)
    width = 0.8 / len(cells)
    for i, (v, p) in enumerate(cells):
        part = df.filter((pl.col("variant") == v) & (pl.col("n_players") == p))
        at = {k: j for j, k in enumerate(keys)}
        x = np.array([at[k] for k in part[key].to_list()]) - 0.4 + width * (i + 0.5)
        rate = part["win_rate"].to_numpy()
        # clipped: at a rate of 0 or 1 the interval's end can fall a rounding error inside it
        err = np.clip(np.vstack([rate - part["lo"].to_numpy(), part["hi"].to_numpy() - rate]), 0, None)
        ax.bar(x, rate, width * 0.9, color=COLORS[i % len(COLORS)], label=cell_label(v, p),
               yerr=err, capsize=3, error_kw={"elinewidth": 1})
        ax.hlines(part["fair"].to_numpy(), x - width * 0.45, x + width * 0.45, colors="black", linestyles="dashed",
                  linewidth=1)
    ax.set_xticks(range(len(keys)), [str(k) for k in keys])
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (%)")
    ax.set_title(title)
    ax.yaxis.set_major_formatter(_percent())
    ax.grid(axis="y", alpha=0.3)


def _percent(scale=1.0):
    from matplotlib.ticker import FuncFormatter

    return FuncFormatter(lambda x, _: f"{100 * x * scale:.0f}%")


def integer_axis(axis):
    """Ticks only at whole numbers (rounds, turns, seats: no round 2.5)."""
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))


def points_colorbar(fig, im, axes, label="percentage points from fair"):
    """A colour bar of a matrix coloured in percentage points: whole-point ticks, signed
    ("+5", "0", "-5"), labelled with its unit."""
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    cb = fig.colorbar(im, ax=axes, fraction=0.05)
    cb.ax.yaxis.set_major_locator(MaxNLocator(nbins=4, integer=True, symmetric=True))
    cb.ax.yaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:+.0f}" if round(x) else "0"))
    cb.set_label(label)
    return cb


def heatmap(ax, values, text, rows, cols, lim, fontsize=8):
    """A matrix in percentage points drawn by seaborn: blue below 0 to red above, on one scale of
    -`lim` to +`lim`; each cell annotated with its `text` (black or white by the cell's shade),
    a cell without data (NaN) grey. Returns the colour mesh (for ``points_colorbar``)."""
    import seaborn as sns

    ax.set_facecolor(MISSING)                   # seaborn leaves a masked cell bare
    sns.heatmap(values, mask=np.isnan(values), annot=np.array(text, dtype=object), fmt="", cmap="RdBu_r",
                vmin=-lim, vmax=lim, cbar=False, xticklabels=[str(c) for c in cols],
                yticklabels=[str(r) for r in rows], annot_kws={"fontsize": fontsize}, ax=ax)
    ax.tick_params(axis="y", labelrotation=0)
    return ax.collections[0]


def forest_marks(ax, y, est, lo, hi, groups, palette, filled, size=28, legend=False):
    """The marks of a forest plot on `ax`: each interval `lo`..`hi` a line at its row `y`, each
    estimate a seaborn point, coloured by its group (`palette`: group -> colour, in legend order),
    hollow where not `filled`; rows without an estimate left out. `legend`: the groups' legend
    beside the plot."""
    import seaborn as sns

    ok = np.isfinite(est)
    y, est, lo, hi, filled = (np.asarray(a)[ok] for a in (y, est, lo, hi, filled))
    groups = [g for g, keep in zip(groups, ok) if keep]
    if not len(y):
        return
    ax.hlines(y, lo, hi, colors=[palette[g] for g in groups], linewidth=1.5)
    sns.scatterplot(x=est, y=y, hue=groups, hue_order=list(palette), palette=palette, s=size, zorder=3,
                    legend=legend, ax=ax)
    points = ax.collections[-1]
    faces = np.array(points.get_facecolors())
    points.set_edgecolors(faces.copy())
    faces[~filled.astype(bool)] = (1, 1, 1, 1)
    points.set_facecolors(faces)
    if legend:
        sns.move_legend(ax, "upper left", bbox_to_anchor=(1.01, 1), fontsize=8, title=None)


def cell_palette(cells):
    """{cell label: colour} of a frame's cells, in the report's order of colours."""
    return {cell_label(v, p): COLORS[i % len(COLORS)] for i, (v, p) in enumerate(cells)}


def win_rate_bars(seat, strategy, folder):
    """Win rate by seat and by strategy with 95% Wilson intervals; dashed: fair (1/P)."""
    if not seat.height:
        return None
    cells = _cells(seat)
    # one strategy playing every seat of each cell: its win rate is fair by construction, no panel
    mixed = strategy.group_by("variant", "n_players").len()["len"].max() > 1
    fig = _figure(11 if mixed else 6.5, 4.2)
    axes = fig.subplots(1, 2 if mixed else 1, squeeze=False)[0]
    _bars(axes[0], seat.with_columns(pl.col("seat").cast(pl.String).str.replace(r"^", "seat ")), "seat",
          "By seat (seat 0 starts)")
    axes[0].set_xlabel("seat")
    if mixed:
        _bars(axes[1], strategy, "strategy", "By strategy")
        axes[1].set_xlabel("strategy")
    if len(cells) > 1:
        axes[-1].legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8)
    fig.suptitle("Win rate with 95% intervals (dashed: fair = 1/players)")
    return _save(fig, folder, "win_rates.png")


def seat_heatmap(seat, seat_strategy, folder):
    """Win rate per seat (columns) for every cell, overall and per strategy (rows); colour: the
    difference from fair, annotated with the win rate and n."""
    if not seat.height:
        return None
    rows = []
    many = len(_cells(seat)) > 1
    for v, p in _cells(seat):
        here = (pl.col("variant") == v) & (pl.col("n_players") == p)
        prefix = f"{cell_label(v, p)}: " if many else ""
        rows.append((f"{prefix}all", p, seat.filter(here)))
        per = seat_strategy.filter(here)
        strategies = per["strategy"].unique().sort().to_list()
        if len(strategies) > 1:
            rows += [(f"{prefix}{s}", p, per.filter(pl.col("strategy") == s)) for s in strategies]
    n_seats = int(seat["seat"].max()) + 1
    total, rows = len(rows), rows[:fit(len(rows), 0.55)]          # the first that fit MAX_PX
    adv = np.full((len(rows), n_seats), np.nan)
    text = [[""] * n_seats for _ in rows]
    for i, (_, p, part) in enumerate(rows):
        for r in part.iter_rows(named=True):
            adv[i, r["seat"]] = 100 * (r["win_rate"] - 1.0 / p)          # percentage points
            text[i][r["seat"]] = f"{100 * r['win_rate']:.1f}%\nn={r['n']:,}"
    lim = max(5.0, float(np.nanmax(np.abs(adv))))
    fig = _figure(1.6 + 1.3 * n_seats, max(2.6, 1.2 + 0.55 * len(rows)))     # room for the colour bar's label
    ax = fig.subplots()
    im = heatmap(ax, adv, text, [r[0] for r in rows], [f"seat {s}" for s in range(n_seats)], lim)
    ax.set_xlabel("seat (seat 0 starts)")
    ax.set_ylabel("cell and strategy" if many else "strategy")
    ax.set_title("Win rate by seat (colour: percentage points above or below fair)"
                 + (f" (the first {len(rows)} of {total} rows)" if len(rows) < total else ""))
    points_colorbar(fig, im, ax)
    return _save(fig, folder, "seat_heatmap.png")


def _forest(df, label, est, lo, hi, title, xlabel, folder, name, scale=100.0, ylabel=None, most=None):
    """Horizontal estimates with intervals, one row per subject with a line per cell; filled
    markers where the interval excludes 0. As many subjects as fit MAX_PX (and at most `most`):
    where that leaves some out, the largest (by |estimate| in any cell) in that order, and the
    title says so."""
    df = df.filter(pl.col(est).is_not_nan() & pl.col(lo).is_not_nan() & pl.col(hi).is_not_nan())
    if not df.height:
        return None
    cells = _cells(df)
    subjects = df[label].unique(maintain_order=True).to_list()
    per = row_height(len(cells))
    keep = fit(len(subjects), per, 1.6)
    if most is not None:
        keep = min(keep, most)
    if keep < len(subjects):
        top = (df.group_by(label, maintain_order=True).agg(pl.col(est).abs().max().alias("_size"))
               .sort("_size", descending=True, maintain_order=True).head(keep))
        title += largest_note(keep, len(subjects))
        subjects = top[label].to_list()
        df = df.filter(pl.col(label).is_in(subjects))
    # wide enough for the item labels and the legend beside the plot (a named action is long)
    longest = max(len(str(x)) for x in subjects)
    fig = _figure(5.5 + 0.075 * longest + (1.3 if len(cells) > 1 else 0), 1.2 + per * len(subjects))
    ax = fig.subplots()
    at = {s: j for j, s in enumerate(subjects)}
    index = {c: i for i, c in enumerate(cells)}
    step = 0.8 / len(cells)
    y = np.array([at[s] - 0.4 + step * (index[c] + 0.5)
                  for s, c in zip(df[label].to_list(), df.select("variant", "n_players").rows())])
    e, a, b = (df[c].to_numpy() * scale for c in (est, lo, hi))
    forest_marks(ax, y, e, a, b, [cell_label(v, p) for v, p in df.select("variant", "n_players").rows()],
                 cell_palette(cells), (a > 0) | (b < 0), legend=len(cells) > 1)   # beside the plot: inside, it covers rows
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(subjects)), [str(s) for s in subjects])
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel or label)
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    return _save(fig, folder, name)


def value_forest(subject, df, folder, names=None):
    """A subject's value: the win rate of seats with each item minus seats without, 95% intervals."""
    if df is None:
        return None
    label = pl.Series(subject.name, [subject.text(x, names) for x in df[subject.name]], dtype=pl.String)
    return _forest(df.with_columns(label), subject.name, "improvement", "improvement_lo",
                   "improvement_hi", f"{subject.title}: win rate of seats that {subject.verb} it minus the others "
                   "(95% CI; filled: excludes 0); an association", "difference in win rate (percentage points)",
                   folder, f"{subject.name}_value.png")


VERDICT_COLOURS = {"larger than the band": SIGNIFICANT, "within the band": "#2ca02c", "unsettled": "#e69f00",
                   "no win-rate verdict": PLAIN}


def _item_row(r, unit):
    """An item's row label: its class and name, and its effect on the holder's score."""
    score = (r["score"], r["score_low"], r["score_high"])
    if any(x is None or not np.isfinite(x) for x in score):
        return f"{r['class']}: {r['label']}"
    return f"{r['class']}: {r['label']} · {score[0]:+.1f} {unit} [{score[1]:+.1f}, {score[2]:+.1f}]"


def item_values_forest(df, path, threshold, unit="points"):
    """Causal item values: each item's effect on the win rate of the seat that holds it (a
    fraction, in percentage points here) with its 95% interval, largest |effect| first (as many
    as fit MAX_PX, the title saying so), coloured by its verdict, the band -`threshold` to
    +`threshold` shaded; each row's label adds the effect on the score in `unit`. Rows with
    `per_seat` False (an item that changes every seat's game) are not drawn. `path`: the folder of
    item_values.png, or the PNG's own path."""
    df = df.filter(pl.col("per_seat") & pl.col("effect").is_finite() & pl.col("low").is_finite()
                   & pl.col("high").is_finite())
    if not df.height:
        return None
    df = df.sort(pl.col("effect").abs(), "class", "label", descending=[True, False, False])
    keep = fit(df.height, row_height(1), 1.6)
    title = "What each item does to the win rate of the seat that holds it" + largest_note(keep, df.height)
    df = df.head(keep)
    rows = [_item_row(r, unit) for r in df.iter_rows(named=True)]
    fig = _figure(7.5 + 0.075 * max(len(r) for r in rows), 1.2 + row_height(1) * len(rows))
    ax = fig.subplots()
    band = 100 * threshold
    ax.axvspan(-band, band, color=VERDICT_COLOURS["within the band"], alpha=0.12, zorder=0,
               label=f"the band (±{band:.1f} points)")
    verdicts = df["verdict"].to_list()
    palette = {v: VERDICT_COLOURS.get(v, PLAIN) for v in [*VERDICT_COLOURS, *verdicts] if v in verdicts}
    e, a, b = (100 * df[c].to_numpy() for c in ("effect", "low", "high"))
    forest_marks(ax, np.arange(len(rows)), e, a, b, verdicts, palette, (a > 0) | (b < 0), legend=True)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(rows)), rows)
    ax.invert_yaxis()
    ax.set_xlabel("effect on the holder's win rate (percentage points; 95% interval; filled: excludes 0)")
    ax.set_ylabel(f"item: effect on {unit} [95% interval]")
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    where = Path(path)
    return _save(fig, *((where.parent, where.name) if where.suffix == ".png" else (where, "item_values.png")))


def used_sources(sources):
    """The score sources (not the total) that are not always 0, in the frame's order."""
    df = sources.filter(pl.col("source") != "total")
    used = df.group_by("source").agg(pl.col("mean").abs().max()).filter(pl.col("mean") > 0)["source"].to_list()
    return [s for s in df["source"].unique(maintain_order=True).to_list() if s in used]


def _source_colour(k):
    """The k-th score source's colour: the report's ten, then tab20's light shades."""
    if k < len(COLORS):
        return COLORS[k]
    import matplotlib

    return matplotlib.colormaps["tab20"](2 * ((k - len(COLORS)) % 10) + 1)


def score_source_bars(sources, folder, unit="points"):
    """Mean score per source, stacked, per cell and strategy (negative sources below 0): a seaborn
    bar layer per source, each starting where the sources before it end."""
    import seaborn as sns

    order = used_sources(sources)
    df = sources.filter(pl.col("source").is_in(order))
    if not df.height:
        return None
    many = len(_cells(df)) > 1
    groups = df.select("variant", "n_players", "strategy").unique(maintain_order=True).rows()
    total, groups = len(groups), groups[:fit(len(groups), 0.45, 1.4)]     # the first that fit MAX_PX
    labels = [f"{cell_label(v, p)}: {s}" if many else s for v, p, s in groups]
    # tall enough for the legend beside it too (13 sources for one strategy, say)
    fig = _figure(9, max(1.4 + 0.45 * len(groups), 0.8 + 0.22 * len(order)))
    ax = fig.subplots()
    means = {(v, p, s, source): m for v, p, s, source, m in df.select("variant", "n_players", "strategy", "source",
                                                                       "mean").rows()}
    pos, neg = np.zeros(len(groups)), np.zeros(len(groups))
    for k, source in enumerate(order):
        vals = np.array([means.get((*g, source), 0.0) for g in groups], dtype=float)
        lost = source == "lost"             # (a game may have 13 sources or more: each its own colour)
        sns.barplot(x=vals, y=labels, order=labels, orient="y", left=np.where(vals >= 0, pos, neg), errorbar=None,
                    color="#aaaaaa" if lost else _source_colour(k), saturation=1, hatch="//" if lost else None,
                    label=source.replace("_", " "), legend=False, ax=ax)
        pos, neg = pos + np.maximum(vals, 0), neg + np.minimum(vals, 0)
    for i, net in enumerate(pos + neg):
        ax.text(pos[i], i, f"  {net:.1f}", va="center", fontsize=8)
    ax.set_xlabel(f"mean {unit} per seat per game")
    ax.set_ylabel("cell: strategy" if many else "strategy")
    ax.set_xlim(min(0, neg.min() * 1.1), pos.max() * 1.12)
    ax.set_title(f"Where the points come from (mean {unit} by source)"
                 + (f" (the first {len(groups)} of {total}; every one in the table)" if len(groups) < total else ""))
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8)
    ax.axvline(0, color="black", linewidth=0.8)
    return _save(fig, folder, "score_sources.png")


TOP_DELTAS = 20          # rows per panel of the variant-delta figure; the table has them all


def _top(df, scale, top=TOP_DELTAS):
    """The `top` rows of the largest change in units of `scale` (the findings' thresholds),
    significant ones first, in that order."""
    return (df.with_columns(_size=pl.col("diff").abs() / scale)
            .sort(["significant", "_size"], descending=True).head(top).drop("_size"))


def _delta_rows(deltas, threshold=0.03, vp_threshold=1.0):
    """The rows the variant-delta figure shows, each panel the TOP_DELTAS largest: rates (win
    rates, tie rate, balance), then the game numbers, final scores and significant changes of a
    score source. Item holders' rows are left to their tables; nothing-to-see rows out.
    Returns (rates, values, rows in all)."""
    d = deltas.filter(~((pl.col("mean_a") == 0) & (pl.col("mean_b") == 0)))
    d = d.filter(pl.Series([holder_of(s, m) is None for s, m in d.select("subject", "metric").rows()],
                           dtype=pl.Boolean))
    rates = d.filter(pl.col("metric").is_in(RATE_METRICS))
    values = d.filter(pl.col("metric").is_in(["winner_score", "margin", "turns", "rounds", "score_total"])
                      | (pl.col("metric").str.starts_with("score_") & pl.col("significant")))
    return _top(rates, threshold), _top(values, vp_threshold), rates.height + values.height


def _delta_panel(ax, df, scale, xlabel, many, unit):
    labels = [(f"{v} vs {b}, {p}p · " if many else f"{v} · ") + (s + " " if s != "all" else "") + metric_name(m, unit)
              for p, b, v, s, m in df.select("n_players", "baseline", "variant", "subject", "metric").rows()]
    y = np.arange(df.height)
    e, a, b = (df[c].to_numpy() * scale for c in ("diff", "lo", "hi"))
    sig = df["significant"].to_numpy()
    forest_marks(ax, y, e, a, b, np.where(sig, "significant", "not"), {"significant": SIGNIFICANT, "not": PLAIN},
                 sig, size=30)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(y, [("* " if s else "") + t for s, t in zip(sig, labels)])
    for tick, s in zip(ax.get_yticklabels(), sig):
        if s:
            tick.set_color(SIGNIFICANT)
            tick.set_fontweight("bold")
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.set_ylabel("variant, players: what changed")
    ax.grid(axis="x", alpha=0.3)


def variant_delta_forest(deltas, folder, unit="points"):
    """Each variant minus the baseline at the same player count, 95% intervals; red and starred:
    significant after the Holm correction."""
    if deltas is None or not deltas.height:
        return None
    rates, values, n = _delta_rows(deltas)
    panels = [(df, s, x) for df, s, x in ((rates, 100.0, "change in win rate, tie rate or balance (percentage points)"),
                                          (values, 1.0, f"change in {unit}, turns or rounds")) if df.height]
    if not panels:
        return None
    many = deltas.select("n_players", "variant").unique().height > 1 or deltas["baseline"][0] != "base"
    heights = [max(df.height, 2) for df, _, _ in panels]
    fig = _figure(10, 1.6 + 0.3 * sum(heights))
    axes = fig.subplots(len(panels), 1, gridspec_kw={"height_ratios": heights}, squeeze=False)[:, 0]
    for ax, (df, scale, xlabel) in zip(axes, panels):
        _delta_panel(ax, df, scale, xlabel, many, unit)
    shown = sum(df.height for df, _, _ in panels)
    more = f"; the {shown} largest of {n}, all in the table" if shown < n else ""
    fig.suptitle(f"Variant changes against {deltas['baseline'][0]} (95% CI; red *: significant, Holm{more})")
    return _save(fig, folder, "variant_deltas.png")


def game_length_hist(length_hist, folder):
    """Share of games by length in turns and in rounds, one bar series per cell."""
    panels = [(c, df) for c, df in length_hist.items() if df is not None and df.height]
    if not panels:
        return None
    from matplotlib.ticker import MaxNLocator

    fig = _figure(11, 3.8)
    axes = fig.subplots(1, len(panels), squeeze=False)[0]
    for ax, (column, df) in zip(axes, panels):
        cells = _cells(df)
        width = 0.8 / len(cells)
        for i, (v, p) in enumerate(cells):
            part = df.filter((pl.col("variant") == v) & (pl.col("n_players") == p))
            x = part[column].to_numpy().astype(float) - 0.4 + width * (i + 0.5)
            ax.bar(x, part["share"].to_numpy(), width * 0.95, color=COLORS[i % len(COLORS)],
                   label=cell_label(v, p))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel(f"{column} per game")
        ax.set_ylabel("share of games (%)")
        ax.yaxis.set_major_formatter(_percent())
        ax.grid(axis="y", alpha=0.3)
        if len(cells) > 1:
            ax.legend(fontsize=8)
    fig.suptitle("Game length")
    return _save(fig, folder, "game_length.png")


def leader_wins_plot(leaders, folder, unit="points"):
    """How often the seat leading after each round goes on to win, per cell, 95% band."""
    if leaders is None or not leaders.height:
        return None
    fig = _figure(11, 3.8)
    ax = fig.subplots()
    for i, (v, p) in enumerate(_cells(leaders)):
        part = leaders.filter((pl.col("variant") == v) & (pl.col("n_players") == p) & (pl.col("n") >= 30))
        x = part["round"].to_numpy()
        color = COLORS[i % len(COLORS)]
        ax.plot(x, part["rate"].to_numpy(), marker="o", ms=3, color=color, label=cell_label(v, p))
        ax.fill_between(x, part["lo"].to_numpy(), part["hi"].to_numpy(), color=color, alpha=0.2)
    integer_axis(ax.xaxis)
    ax.set_xlabel("after round (round number)")
    ax.set_ylabel("leader goes on to win (%)")
    ax.yaxis.set_major_formatter(_percent())
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.suptitle(f"How often the leader after each round wins (rounds tied on {unit} left out)")
    return _save(fig, folder, "leader_wins.png")


def draw_item_values(data, folder):
    """The causal item values' forest of a report whose data has them (a non-empty polars frame
    `item_values`), else None."""
    df = getattr(data, "item_values", None)
    if not isinstance(df, pl.DataFrame) or not df.height:
        return None
    return item_values_forest(df, folder, data.threshold, data.unit)


def figures(data, pivots=None, sections=None):
    """name -> (alt text / caption, function of ReportData and folder), in report order: the causal
    item values' forest and one value forest per subject of the game after the seat heatmap,
    `pivots` (``reports.pivots``) after them, then the figures of the game's own `sections`
    (``reports.sections.figures_of``)."""
    unit = data.unit
    pivots = pivots or {}
    values = {f"{s.name}_value": (f"Forest plot of {s.title}: win rate of seats that {s.verb} it minus the others, "
                                  "95% intervals", lambda d, f, s=s: value_forest(s, d.values.get(s), f, d.names))
              for s in data.game.subjects}
    return {
        "win_rates": ("Win rate by seat and by strategy with 95% intervals against fair",
                      lambda d, f: win_rate_bars(d.seat, d.strategy, f)),
        "seat_heatmap": ("Heatmap of win rate by seat, overall and per strategy, coloured by the difference from fair",
                         lambda d, f: seat_heatmap(d.seat, d.seat_strategy, f)),
        "item_values": ("Forest plot of each item's causal effect on the win rate of the seat that holds it, 95% "
                        "intervals, the threshold band shaded, coloured by verdict", draw_item_values),
        **values,
        **pivots,
        **(sections or {}),
        "score_sources": (f"Stacked bars of mean {unit} by score source per strategy",
                          lambda d, f: score_source_bars(d.sources, f, unit)),
        "variant_deltas": (("Forest plot of each variant's change against the baseline with 95% intervals, "
                            "significant changes marked"),
                           lambda d, f: variant_delta_forest(d.deltas, f, unit)),
        "game_length": ("Histogram of game length in turns and rounds",
                        lambda d, f: game_length_hist(d.length_hist, f)),
        "leader_wins": ("Line plot of how often the seat leading after each round goes on to win, 95% band",
                        lambda d, f: leader_wins_plot(d.leaders, f, unit)),
    }


def draw_all(data, folder, pivots=None, sections=None):
    """Every figure that has data, in report order: [(name, alt text, path)]."""
    out = []
    for name, (alt, draw) in figures(data, pivots, sections).items():
        path = draw(data, folder)
        if path is not None:
            out.append((name, alt, Path(path)))
    return out
