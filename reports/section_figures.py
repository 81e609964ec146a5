"""The figures of a game's own report sections (``reports/sections.py``): matplotlib on the Agg
canvas like ``figures.py``, seaborn drawing the matrices and forest plots (``figures.heatmap``,
``figures.forest_marks``); each function takes a section's result and a folder and returns the
PNG's path, or None with nothing to draw. `<kind>(section)` lists a section's figures as
(name, alt text, draw(result, folder, report data))."""
import numpy as np
import polars as pl

from .figures import (COLORS, _cells, _figure, _forest, _save, cell_label, cell_palette, fit, forest_marks, heatmap,
                      integer_axis, largest_note, panel_grid, points_colorbar, row_height)

MAX_FOREST = 30          # items in a forest plot; the table has them all


def no_figure(section):
    return []


def _matrix(ax, values, text, rows, cols, lim, title):
    im = heatmap(ax, values, text, rows, cols, lim, fontsize=7)
    ax.set_title(title, fontsize=10)
    return im


def _panels(n, width, height):
    """A figure of `n` panels of `width` x `height` inches in a grid within MAX_PX
    (``figures.panel_grid``; one row where they fit): (figure, the n axes in order)."""
    rows, cols = panel_grid(n, width, height)
    fig = _figure(width * cols + 1.0, height * rows)           # (+ the colour bar)
    axes = list(fig.subplots(rows, cols, squeeze=False).flat)
    for ax in axes[n:]:
        ax.remove()
    return fig, axes[:n]


def _matrix_figure(fig, axes, im, title, folder, name, label="percentage points from fair"):
    """A figure of matrix panels finished: one colour bar in whole percentage points, the title, saved."""
    points_colorbar(fig, im, list(axes), label)
    fig.suptitle(title)
    return _save(fig, folder, f"{name}.png")


def draw_seat_heatmap(section, result, folder):
    """Per cell, value (rows) by seat (columns): win rate, coloured by its difference from fair."""
    df = result["by_seat"]
    if not df.height:
        return None
    cells = _cells(df)
    values = sorted(df[section.column].unique().to_list())
    seats = sorted(df["seat"].unique().to_list())
    fig, axes = _panels(len(cells), 1.6 + 1.25 * len(seats), 1.3 + 0.5 * len(values))
    lim = 5.0
    mats = []
    for v, p in cells:
        part = df.filter((pl.col("variant") == v) & (pl.col("n_players") == p))
        adv = np.full((len(values), len(seats)), np.nan)
        text = [[""] * len(seats) for _ in values]
        for r in part.iter_rows(named=True):
            i, j = values.index(r[section.column]), seats.index(r["seat"])
            adv[i, j] = 100 * (r["win_rate"] - 1.0 / p)                 # percentage points
            text[i][j] = f"{100 * r['win_rate']:.1f}%\nn={r['n']:,}"
        lim = max(lim, float(np.nanmax(np.abs(adv))) if np.isfinite(adv).any() else 0)
        mats.append((v, p, adv, text))
    for ax, (v, p, adv, text) in zip(axes, mats):
        im = _matrix(ax, adv, text, values, [f"seat {s}" for s in seats], lim, cell_label(v, p))
        ax.set_xlabel("seat (seat 0 starts)")
        ax.set_ylabel(section.column)
    return _matrix_figure(fig, axes, im, f"{section.title}: win rate (colour: points above or below fair)",
                          folder, section.name)


def seat_heatmap(section):
    return [(section.name, f"Heatmap of {section.title.lower()}: win rate of each {section.column} at each seat, "
             "per player count, coloured by the difference from fair",
             lambda r, f, d: draw_seat_heatmap(section, r, f))]


def draw_head_to_head(section, df, folder):
    """Per cell, row value against column value: the row's score, coloured by its distance from 50%."""
    if df is None or not df.height:
        return None
    col = section.column
    values = sorted(set(df[col].to_list()) | set(df["opponent"].to_list()))
    cells = _cells(df)
    fig, axes = _panels(len(cells), 1.6 + 1.2 * len(values), 1.3 + 0.55 * len(values))
    mats, lim = [], 5.0
    for v, p in cells:
        part = df.filter((pl.col("variant") == v) & (pl.col("n_players") == p))
        m = np.full((len(values), len(values)), np.nan)
        text = [[""] * len(values) for _ in values]
        for r in part.iter_rows(named=True):
            i, j = values.index(r[col]), values.index(r["opponent"])
            m[i, j] = 100 * (r["score"] - 0.5)                           # percentage points
            text[i][j] = f"{100 * r['score']:.1f}%\nn={r['n']:,}"
        lim = max(lim, float(np.nanmax(np.abs(m))) if np.isfinite(m).any() else 0)   # one scale, one colour bar
        mats.append((v, p, m, text))
    for ax, (v, p, m, text) in zip(axes, mats):
        im = _matrix(ax, m, text, values, values, lim, cell_label(v, p))
        ax.set_xlabel(f"against {col}")
        ax.set_ylabel(col)
    return _matrix_figure(fig, axes, im, f"{section.title}: share of meetings the row finished ahead of the column",
                          folder, section.name, "percentage points from even (50%)")


def head_to_head(section):
    return [(section.name, f"Matrix of {section.title.lower()}: how often each {section.column} finished ahead of "
             "each other one", lambda r, f, d: draw_head_to_head(section, r, f))]


def draw_long_value(section, result, folder):
    """The headline difference of each item with its interval; the largest MAX_FOREST by size
    (fewer where more cells leave less room: ``figures.fit``)."""
    df = result["value"]
    if df is None or not df.height:
        return None
    order = (df.filter(pl.col("d0").is_not_nan()).group_by("item").agg(pl.col("d0").abs().max().alias("_size"))
             .sort("_size", "item", descending=[True, False])["item"].to_list())
    df = df.filter(pl.col("item").is_in(order)).sort(pl.col("item").replace_strict(order, list(range(len(order)))),
                                                     maintain_order=True)
    a, b = section.pairs[0]
    return _forest(df, "item", "d0", "d0_lo", "d0_hi",
                   f"{section.title}: win rate {a} minus {b} (95% CI; filled: excludes 0); an association",
                   "difference in win rate (percentage points)", folder, f"{section.name}_value.png",
                   ylabel=section.name, most=MAX_FOREST)


def long_value(section):
    a, b = section.pairs[0]
    return [(f"{section.name}_value", f"Forest plot of {section.title.lower()}: win rate of seats played '{a}' minus "
             f"'{b}', 95% intervals", lambda r, f, d: draw_long_value(section, r, f))]


def draw_flag_effect(section, df, folder, unit):
    """One panel per metric: the difference with and without each name, 95% intervals."""
    if df is None or not df.height:
        return None
    metrics = df["metric"].unique(maintain_order=True).to_list()
    cells = _cells(df)
    names = df["name"].unique(maintain_order=True).to_list()
    per = row_height(len(cells), 0.3)
    keep = fit(len(names), per, 1.7)
    more = ""
    if keep < len(names):                   # the strongest evidence first: the smallest adjusted p in any metric
        top = (df.group_by("name", maintain_order=True).agg(pl.col("p_adjusted").fill_nan(1.0).min().alias("_p"))
               .sort("_p", maintain_order=True).head(keep))
        more = largest_note(keep, len(names)).replace("largest", "most significant")
        names = top["name"].to_list()
        df = df.filter(pl.col("name").is_in(names))
    fig = _figure(5 * len(metrics), 1.3 + per * len(names))
    axes = fig.subplots(1, len(metrics), squeeze=False, sharey=True)[0]
    step = 0.8 / len(cells)
    index = {c: i for i, c in enumerate(cells)}
    for ax, m in zip(axes, metrics):
        part = df.filter(pl.col("metric") == m)
        at = part.select("variant", "n_players").rows()
        y = np.array([names.index(x) - 0.4 + step * (index[c] + 0.5) for x, c in zip(part["name"].to_list(), at)])
        forest_marks(ax, y, *(part[c].to_numpy() for c in ("diff", "lo", "hi")), [cell_label(*c) for c in at],
                     cell_palette(cells), part["p_adjusted"].to_numpy() < 0.05, size=24,
                     legend=ax is axes[-1] and len(cells) > 1)
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_xlabel(f"difference in mean {'turns' if m == 'turns' else unit if m == 'score_total' else m}")
        ax.grid(axis="x", alpha=0.3)
    axes[0].set_yticks(range(len(names)), [str(n) for n in names])
    axes[0].set_ylabel(section.name)
    axes[0].invert_yaxis()
    fig.suptitle(f"{section.title}{more}: games with it minus games without (95% CI; filled: significant, Holm)")
    return _save(fig, folder, f"{section.name}_effect.png")


def flag_effect(section):
    return [(f"{section.name}_effect", f"Forest plot of {section.title.lower()}: each one's effect on game length and "
             "final score, 95% intervals", lambda r, f, d: draw_flag_effect(section, r, f, d.unit))]


def draw_pace(section, df, folder):
    """The mean turn of the k-th event per cell with its 95% band."""
    if df is None or not df.height:
        return None
    fig = _figure(9, 3.8)
    ax = fig.subplots()
    for i, (v, p) in enumerate(_cells(df)):
        part = df.filter((pl.col("variant") == v) & (pl.col("n_players") == p) & (pl.col("reached") >= 30))
        k = part["k"].to_numpy()
        color = COLORS[i % len(COLORS)]
        ax.plot(k, part["mean"].to_numpy(), marker="o", ms=3, color=color, label=cell_label(v, p))
        ax.fill_between(k, part["lo"].to_numpy(), part["hi"].to_numpy(), color=color, alpha=0.25)
    integer_axis(ax.xaxis)
    ax.set_xlabel("k-th event (k)")
    ax.set_ylabel("mean turn (turn number)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.suptitle(f"{section.title}: the turn of the k-th event (95% band; k reached by 30 games or more)")
    return _save(fig, folder, f"{section.name}.png")


def pace(section):
    return [(section.name, f"Line plot of {section.title.lower()}: mean turn of the k-th event, 95% band",
             lambda r, f, d: draw_pace(section, r, f))]
