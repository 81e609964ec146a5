"""The tables of a game's own report sections (``reports/sections.py``), as plain text cells like
every other table (``table_text.Table``): each rate with its n and 95% interval, each heading
with the one question the section answers."""
import polars as pl

from analysis.usage import FLAGGED, KEY, ONE_SIDED, VERDICT_KINDS, strongest_tier
from analysis.words import plural, possessive
from simulate.core.stats import wilson_interval

from .figures import cell_label
from .table_text import Table, cause_column, ci_num, ci_pct, ci_pts, count, greyed_rows, item_label, num, pct, pts, pval, small_note

ALPHA = 0.05


def rate_ci(x, lo, hi):
    """"45.0% (43.1–46.9)": a rate and its interval in one cell."""
    return f"{pct(x)} ({ci_pct(lo, hi)[:-1]})" if ci_pct(lo, hi) != "–" else pct(x)


def _cells(df, many):
    """[(label prefix, rows of the cell)] in cell order: one cell needs no label."""
    out = []
    for (v, p), part in df.group_by("variant", "n_players", maintain_order=True):
        out.append(([cell_label(v, p)] if many else [], part))
    return out


def _head(many):
    return ["cell"] if many else []


def endings(s, df, data):
    rows = [([cell_label(r["variant"], r["n_players"])] if data.many_cells else [])
            + [str(r["value"]) + (" (the turn cap)" if s.cap is not None and r["value"] == s.cap else ""),
               count(r["games"]), count(r["n"]), pct(r["share"], 2), ci_pct(r["lo"], r["hi"])]
            for r in df.iter_rows(named=True)]
    note = f"{s.note} Share of games by {s.column.replace('_', ' ')}, Wilson 95% interval."
    if s.cap is not None:
        caps = []
        for (v, p), part in df.group_by("variant", "n_players", maintain_order=True):
            k, n = int(part.filter(pl.col("value") == s.cap)["games"].sum()), int(part["n"][0])
            lo, hi = wilson_interval(k, n)
            caps.append(f"{cell_label(v, p)}: {pct(k / n, 2)} (95% CI {ci_pct(lo, hi)}, {k:,} of {plural(n, 'game')})")
        note += f" Cap rate: {'; '.join(caps)}."
    note = note.strip()
    return [Table(s.name, s.title, note, _head(data.many_cells) + [s.column.replace("_", " "), "games", "of",
                                                                     "share", "95% CI"], rows, question=s.question)]


def seat_heatmap(s, result, data):
    """One row per value and cell: its win rate over all seats, then at each seat."""
    by_seat, overall = result["by_seat"], result["all"]
    seats = sorted(by_seat["seat"].unique().to_list())
    rows = []
    for prefix, part in _cells(overall, data.many_cells):
        v, p = part["variant"][0], part["n_players"][0]
        here = by_seat.filter((pl.col("variant") == v) & (pl.col("n_players") == p))
        for r in part.sort(s.column).iter_rows(named=True):
            at = {x["seat"]: x for x in here.filter(pl.col(s.column) == r[s.column]).iter_rows(named=True)}
            rows.append(prefix + [str(r[s.column]), pct(1 / p) if p > 1 else "–", rate_ci(r["win_rate"], r["lo"], r["hi"]),
                                  count(r["n"])]
                        + [f"{rate_ci(at[k]['win_rate'], at[k]['lo'], at[k]['hi'])}, n {count(at[k]['n'])}"
                           if k in at else "–" for k in seats])
    return [Table(s.name, s.title, "Win rate (95% Wilson interval) of the seats played with each value, over all seats "
                  "and at each seat (seat 0 starts); fair = 1/players. A tie is a win for each tied seat.",
                  _head(data.many_cells) + [s.column, "fair", "all seats", "n"] + [f"seat {k}" for k in seats],
                  rows, question=s.question)]


def head_to_head(s, df, data):
    """A matrix per cell: row value against column value, the row's score with its interval."""
    col = s.column
    values = sorted(set(df[col].to_list()) | set(df["opponent"].to_list()))
    rows = []
    for prefix, part in _cells(df, data.many_cells):
        at = {(r[col], r["opponent"]): r for r in part.iter_rows(named=True)}
        for a in values:
            if not any((a, b) in at for b in values):
                continue
            rows.append(prefix + [str(a)] + [
                f"{rate_ci(at[a, b]['score'], at[a, b]['lo'], at[a, b]['hi'])}, n {count(at[a, b]['n'])}"
                if (a, b) in at else "–" for b in values])
    return [Table(s.name, s.title, f"Share of the games in which the row's {col} finished ahead of the column's "
                  "(same rank counts half), Wilson 95% interval; n = games in which the two met.",
                  _head(data.many_cells) + [f"{col} \\ against"] + [str(v) for v in values], rows,
                  question=s.question)]


def _significant(df, threshold):
    return (df["d0_p_adj"].fill_nan(1.0).fill_null(1.0) < ALPHA) & (df["d0"].abs().fill_nan(0.0) >= threshold)


def long_value(s, result, data):
    df, who = result["value"], result["who"]
    unit, many = data.unit, data.many_cells
    names = [st.name for st in s.states] + [s.rest]
    (a, b), others = s.pairs[0], s.pairs[1:]
    marked = _significant(df, data.threshold).to_list()
    causes = cause_column(data.item_values, s.name)
    rows = []
    for r in df.iter_rows(named=True):
        row = ([cell_label(r["variant"], r["n_players"])] if many else []) + [str(r["item"])]
        if s.per_game:
            row += [rate_ci(r["game_rate"], r["game_lo"], r["game_hi"])]
        for st in names:
            row += [count(r[f"n_{st}"]), rate_ci(r[f"win_rate_{st}"], r[f"lo_{st}"], r[f"hi_{st}"]),
                    num(r[f"vp_{st}"], "{:.1f}")]
        row += [pts(r["d0"]), ci_pts(r["d0_lo"], r["d0_hi"]), pval(r["d0_p_adj"]), num(r["g0"], "{:+.1f}")]
        row += [f"{pts(r[f'd{i}'])} ({ci_pts(r[f'd{i}_lo'], r[f'd{i}_hi'])})" for i in range(1, len(s.pairs))]
        rows.append(row + ([_cause(causes, r.get("item_id", r["item"]))] if causes else []))
    head = _head(many) + [s.name] + (["games with it (95% CI)"] if s.per_game else [])
    for st in names:
        head += [f"n {st}", f"win rate {st} (95% CI)", f"{unit} {st}"]
    head += [f"{a} − {b} (pts)", "95% CI", "p (Holm)", f"{unit} difference"]
    head += [f"{x} − {y} (pts, 95% CI)" for x, y in others]
    head += ["the item itself (measured)"] if causes else []
    n_sig = sum(marked)
    greyed = greyed_rows(df, a, b, data.min_group)
    note = (f"{s.note} Seats played in each state: n, win rate (Wilson 95% interval), mean final {unit}; "
            f"'{s.rest}' = every other seat played in the cell. {a} − {b}: win-rate difference in percentage points "
            f"(95% interval; p Holm-adjusted over the {plural(len(df), 'row')}); marked: {plural(n_sig, 'row')} at "
            f"least {100 * data.threshold:.1f} points apart and significant. Associations, not causes."
            + small_note(greyed, data.min_group)).strip()
    out = [Table(s.name, s.title, note, head, rows, marked, question=s.question, greyed=greyed)]
    if who is not None and who.height:
        out.append(_who(s, who, data))
    return out


def _cause(causes, item):
    """An item's measured cause (``table_text.cause_column``), or its sides' ("hero: ...; patron: ...")."""
    item = str(item)
    if item in causes:
        return causes[item]
    return "; ".join(f"{k.split(':', 1)[1]}: {v}" for k, v in causes.items() if k.startswith(item + ":")) or "–"


def _who(s, who, data):
    """By whom: per item, the share of each strategy's (nation's, ...) seat-games that did it."""
    cols = who.select("column", "value").unique(maintain_order=True).sort("column", "value").rows()
    sizes = who.group_by("column", "value").agg(pl.col("n").max())
    size = {(c, v): n for c, v, n in sizes.iter_rows()}
    rows = []
    for prefix, part in _cells(who, data.many_cells):
        for item, rs in part.group_by("item", maintain_order=True):
            at = {(r["column"], r["value"]): r for r in rs.iter_rows(named=True)}
            rows.append(prefix + [str(item[0])] + [rate_ci(at[c]["rate"], at[c]["lo"], at[c]["hi"]) if c in at else "–"
                                                  for c in cols])
    return Table(f"{s.name}_who", f"{s.title}: by whom", "Share of the seats played by each strategy (nation, ...) "
                 "with it, Wilson 95% interval; n = that value's seats played (in the header).",
                 _head(data.many_cells) + [s.name] + [f"{v} (n {count(size[c, v])})" for c, v in cols], rows,
                 question=f"Who {s.states[0].says.split(' ')[0]} it?")


def flag_effect(s, df, data):
    unit = data.unit
    metrics = df["metric"].unique(maintain_order=True).to_list()
    label = {m: ("turns" if m == "turns" else unit if m == "score_total" else m.replace("_", " ")) for m in metrics}
    rows, marked = [], []
    keys = df.select("variant", "n_players", "name").unique(maintain_order=True).rows()
    at = {(r["variant"], r["n_players"], r["name"], r["metric"]): r for r in df.iter_rows(named=True)}
    for v, p, name in keys:
        first = at[v, p, name, metrics[0]]
        row = ([cell_label(v, p)] if data.many_cells else []) + [str(name), count(first["n_with"]),
                                                                  count(first["n_without"])]
        sig = False
        for m in metrics:
            r = at.get((v, p, name, m))
            if r is None:
                row += ["–"] * 4
                continue
            row += [f"{num(r['mean_with'], '{:.1f}')} / {num(r['mean_without'], '{:.1f}')}", num(r["diff"], "{:+.2f}"),
                    ci_num(r["lo"], r["hi"], "{:+.2f}"), pval(r["p_adjusted"])]
            sig = sig or (r["p_adjusted"] < ALPHA)
        rows.append(row)
        marked.append(sig)
    head = _head(data.many_cells) + [s.name, "games with", "games without"]
    for m in metrics:
        head += [f"{label[m]}: with / without", "difference", "95% CI", "p (Holm)"]
    note = (f"{s.note} Mean per game with the {s.name} against without; Welch 95% interval; p Holm-adjusted over "
            "the names of each metric; marked: significant in a metric.").strip()
    return [Table(s.name, s.title, note, head, rows, marked, question=s.question)]


def pace(s, df, data):
    rows = [([cell_label(r["variant"], r["n_players"])] if data.many_cells else [])
            + [str(r["k"]), count(r["reached"]), count(r["games"]), rate_ci(r["share"], r["share_lo"], r["share_hi"]),
               num(r["mean"], "{:.1f}"), ci_num(r["lo"], r["hi"], "{:.1f}"), num(r["sd"], "{:.1f}")]
            for r in df.iter_rows(named=True)]
    note = (f"{s.note} For each k, the games that reached a k-th event (share with Wilson 95% interval) and the "
            "turn it came on (mean over those games, normal 95% interval).").strip()
    return [Table(s.name, s.title, note, _head(data.many_cells) + ["k", "games reaching k", "of", "share (95% CI)",
                                                                     "mean turn", "95% CI", "sd"],
                  rows, question=s.question)]


def stages(s, result, data):
    """Two tables: the win rate per value of each `by` column; the share of lost seat-games stuck
    at each stage, per value of the first."""
    rows = []
    for prefix, part in _cells(result["rates"], data.many_cells):
        for r in part.iter_rows(named=True):
            rows.append(prefix + [r["by"], str(r["value"]), rate_ci(r["win_rate"], r["lo"], r["hi"]), count(r["n"])])
    note = f"{s.note} Win rate (Wilson 95% interval) and n (seats played), by " + ", ".join(s.by) + "."
    tables = [Table(s.name, s.title, note.strip(), _head(data.many_cells) + ["by", "value", "win rate", "n"], rows,
                    question=s.question)]
    stuck = result["stuck"]
    stages = sorted(stuck["stuck"].unique().to_list())
    rows = []
    for (v, p, value), part in stuck.group_by("variant", "n_players", "value", maintain_order=True):
        at = {r["stuck"]: r for r in part.iter_rows(named=True)}
        most = max(at.values(), key=lambda r: r["lost"])
        label = most.get("label") or ""
        rows.append(([cell_label(v, p)] if data.many_cells else []) + [str(value), count(part["n"][0])] + [
            rate_ci(at[k]["share"], at[k]["lo"], at[k]["hi"]) if k in at else "0.0%" for k in stages]
            + [f"{most['stuck']}" + (f": {label}" if label else "")])
    note = (f"Of the seats that lost (n), the share stuck at each stage (the first not done; Wilson 95% "
            f"interval), by {s.by[0]} and in all: the stage that stops players most has the largest share.")
    tables.append(Table(f"{s.name}_stuck", f"{s.title}: where lost games stopped", note,
                        _head(data.many_cells) + [s.by[0], "lost (n)"] + [f"stuck at {k}" for k in stages]
                        + ["stops most"], rows,
                        question=s.question))
    return tables


def score_groups(s, df, data):
    unit = data.unit
    groups = df["group"].unique(maintain_order=True).to_list()
    rows = []
    for (v, p, by, value), part in df.group_by("variant", "n_players", "by", "value", maintain_order=True):
        at = {r["group"]: r for r in part.iter_rows(named=True)}
        rows.append(([cell_label(v, p)] if data.many_cells else []) + [by, str(value), count(part["n"][0])] + [
            f"{num(at[g]['mean'], '{:.1f}')} ({ci_num(at[g]['lo'], at[g]['hi'], '{:.1f}')}; {pct(at[g]['share'], 0)})"
            if g in at else "–" for g in groups])
    note = (f"{s.note} Mean {unit} per seat per game from each group of sources (normal 95% interval; share of the "
            "total), by " + ", ".join(s.by) + ".").strip()
    return [Table(s.name, s.title, note, _head(data.many_cells) + ["by", "value", "n"] + groups, rows,
                  question=s.question)]


def _share(r, n, prefix=""):
    """"3.2% (1.5–6.6%) of 310": a usage share with its interval and n."""
    if not _ok_n(r.get(n)):
        return "–"
    return f"{rate_ci(r[f'{prefix}share'], r[f'{prefix}lo'], r[f'{prefix}hi'])} of {count(r[n])}"


def _ok_n(n):
    return n is not None and n > 0


def _side(r):
    if r.get("side") is None or not _ok_n(r.get("used")):
        return "–"
    return f"{str(r['side']).replace('_', ' ')} {rate_ci(r['side_share'], r['side_lo'], r['side_hi'])} of {count(r['used'])}"


def usage(s, result, data):
    """The items the run's players never or rarely use (or use one-sidedly), the first `s.shown`;
    with skill tiers each tier's share of games and a verdict. The full table (every item) is
    the Table's CSV."""
    own, tiers, verdicts = result["usage"], result["tiers"], result["verdicts"]
    names = list(tiers)
    rows_all = verdicts
    if names:                       # design findings first, then bot gaps ...
        order = pl.col("verdict_kind").replace_strict({k: i for i, k in enumerate(VERDICT_KINDS)},
                                                      return_dtype=pl.Int8)
        rows_all = rows_all.with_row_index("_at").sort(order, "_at").drop("_at")
    shown = rows_all.head(s.shown)
    label = (lambda i: item_label(data.names, i)) if data.names else str
    rows = []
    for r in shown.iter_rows(named=True):
        row = ([cell_label(r["variant"], r["n_players"])] if data.many_cells else [])
        row += [r["label"], label(r["item"]), r["status"], count(r["games"]),
                _share(r, "games", "game_"), _share(r, "seat_games"),
                num(r["uses_per_seat_game"], "{:.2f}"), _side(r)]
        for k, name in enumerate(names):
            g = r.get(f"{k}_games")
            cell = f"{rate_ci(r[f'{k}_game_share'], r[f'{k}_game_lo'], r[f'{k}_game_hi'])} of {count(g)}" if _ok_n(
                g) else "–"
            if r["status"] == ONE_SIDED and r.get(f"{k}_side") is not None:     # what its verdict goes by
                cell += (f"; {str(r[f'{k}_side']).replace('_', ' ')} "
                         f"{rate_ci(r[f'{k}_side_share'], r[f'{k}_side_lo'], r[f'{k}_side_hi'])}")
            row.append(cell)
        if names:
            row.append(r["verdict"] or "")
        rows.append(row)
    head = _head(data.many_cells) + ["what", "item", "class", "games it was there", "used in games (95% CI)",
                                     "used by seats (95% CI)", "uses per seat per game", "least-used side (95% CI)"]
    head += [f"{name}: used in games (95% CI; one-sided: its least-used side)" for name in names]
    head += ["verdict"] if names else []
    counts = {c: int((own["status"] == c).sum()) for c in FLAGGED}
    note = (f"{s.note} Of {own.height:,} items: " + ", ".join(f"{n:,} {c}" for c, n in counts.items())
            + f" (never used: no use where it was there; rarely used: used in under {pct(s.rare, 0)} of the games in "
            f"which it was there; one-sided: a watched way of using it under {pct(s.one_sided, 0)} of its uses). "
            "Shares with Wilson 95% intervals and n. Usage is what these players did, not an item's strength.")
    if names:
        top = strongest_tier(names, data.game.skill_tiers[-1][0] if data.game.skill_tiers else None)
        tally = {k: int((verdicts["verdict_kind"] == k).sum()) for k in VERDICT_KINDS}
        note += (f" Against stronger play on the same game seeds ({', '.join(names)}): {tally['bot gap']} bot gaps "
                 f"(the strongest, {top}, uses it: its 95% interval of the games used in lies above {pct(s.rare, 0)}, "
                 f"and a watched side's above {pct(s.one_sided, 0)}; the run's players do not), "
                 f"{tally['design finding']} design findings (its interval lies below, and no tier uses it), "
                 f"{tally['too few games']} with too few games (its interval holds the threshold), "
                 f"{tally['unclear']} unclear (a weaker tier uses it, the strongest does not).")
        holes = verdicts.filter(pl.col("verdict_kind") == "hole in stronger play")
        for name in names:          # coverage holes, per tier: what its numbers cannot speak for
            left = [label(i) for i, by in zip(holes["item"], holes["left_by"]) if name in by]
            if left:
                note += (f" Holes in {possessive(name)} play (the run's players use it, {name} under "
                         f"{pct(s.rare, 0)} of its games or a watched side under {pct(s.one_sided, 0)}): "
                         + ", ".join(left[:8]) + (f" and {len(left) - 8:,} more" if len(left) > 8 else "") + ".")
    else:
        note += " Run report --robustness to tell a bot gap (strong play uses it) from a design finding (nobody does)."
    if rows_all.height > len(rows):
        note += f" The first {len(rows)} of {plural(rows_all.height, 'such item')} are shown."
    note += " Every item, used ones too, is in the CSV beside the report."
    full = own.with_columns(item_name=pl.col("item").map_elements(label, return_dtype=pl.String))
    for k, name in enumerate(names):
        df = tiers[name]
        if df.height:
            full = full.join(df.select(*KEY, *(pl.col(c).alias(f"{name} {c}") for c in
                                               ("status", "games", "games_used", "game_share", "game_lo", "game_hi",
                                                "side", "side_share") if c in df.columns)), on=KEY, how="left")
    if names:
        full = full.join(verdicts.select(*KEY, "verdict"), on=KEY, how="left")
    return [Table(s.name, s.title, note.strip(), head, rows, question=s.question, csv=full)]
