"""The report's tables on screen and on disk, for every table alike (``table_text.Table``):
each is written in full as CSV into the report's files folder (`<key>.csv`, the key's stable
slug), and a page shows at most `SCREEN_ROWS` of its rows; the rest go behind "more" (the
HTML's `<details>`, up to `MORE_ROWS`) and are always in the CSV, which both pages link to.

A table built with a frame (``Table.csv``: the usage section's every item, used ones too)
writes that frame; any other writes its cells' values (``table_text.Cell``): numbers as numbers,
rates and differences in points as fractions, an interval as two columns (`<header> low`,
`<header> high`), text as the page shows it (a lone "–" as an empty cell), with a `marked` and a
`small group` column where the page highlights or greys rows."""
import csv
import re

SCREEN_ROWS = 40         # rows of a table on screen; the rest behind "more" and in the CSV
MORE_ROWS = 2000         # rows behind "more" in the page; a longer table's others are in its CSV only


def slug(key):
    """A file name's stem for a table key: lower case, runs of anything but letters and digits
    to one underscore ("nation_seat", "angel_who"; "Win rate: by seat" -> "win_rate_by_seat")."""
    return re.sub(r"[^a-z0-9]+", "_", str(key).lower()).strip("_") or "table"


def csv_names(tables):
    """{id(table): file name} for every table, unique within the report: a key used twice gets
    "_2", "_3" after it in table order (the first keeps its plain name)."""
    names, taken = {}, set()
    for t in tables:
        stem = base = slug(t.key)
        k = 1
        while stem in taken:
            k += 1
            stem = f"{base}_{k}"
        taken.add(stem)
        names[id(t)] = f"{stem}.csv"
    return names


def unique_headers(headers):
    """The headers with repeats told apart: a repeated header takes the one before it in
    brackets ("95% CI (difference (pts))"), or a number where that is taken too."""
    out, seen = [], set()
    for i, h in enumerate(headers):
        name = h or f"column {i + 1}"
        if name in seen and i:
            name = f"{h} ({headers[i - 1]})"
        k = 2
        while name in seen:
            name = f"{h} {k}"
            k += 1
        seen.add(name)
        out.append(name)
    return out


def _cell(text):
    value = getattr(text, "value", None)
    if value is not None:
        return value
    return "" if text == "–" else text


def _is_interval(rows, i):
    return any(isinstance(getattr(r[i], "value", None), tuple) for r in rows if i < len(r))


def _values(row, spans):
    out = []
    for i, c in enumerate(row):
        v = _cell(c)
        if i in spans:
            out += list(v) if isinstance(v, tuple) else ["", ""]
        else:
            out.append(v)
    return out


def write_table(t, path):
    """Write table `t` in full to `path` as CSV (UTF-8, a header row)."""
    if t.csv is not None:
        t.csv.write_csv(path)
        return
    extra = [("marked", t.marked), ("small group", t.greyed)]
    extra = [(name, flags) for name, flags in extra if flags and len(flags) == len(t.rows)]
    headers = unique_headers([h.replace(" (pts)", "") for h in t.headers])     # points on the page, fractions here
    spans = {i for i in range(len(headers)) if _is_interval(t.rows, i)}
    names = [n for i, h in enumerate(headers) for n in ((f"{h} low", f"{h} high") if i in spans else (h,))]
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(unique_headers(names + [name for name, _ in extra]))
        for i, row in enumerate(t.rows):
            w.writerow(_values(row, spans) + ["yes" if flags[i] else "" for _, flags in extra])


def write_tables(tables, folder, link_folder):
    """Every table as CSV into `folder`; each table's `csv_link` set to `link_folder/<name>` (the
    path the pages link to, relative to them)."""
    names = csv_names(tables)
    for t in tables:
        write_table(t, folder / names[id(t)])
        t.csv_link = f"{link_folder}/{names[id(t)]}"


def split_rows(t, screen=SCREEN_ROWS, more=MORE_ROWS):
    """(on screen, behind "more", only in the CSV): row indices of table `t`."""
    n = len(t.rows)
    shown = list(range(min(n, screen)))
    rest = list(range(len(shown), min(n, screen + more)))
    return shown, rest, n - len(shown) - len(rest)


def more_text(t, rest, hidden=0):
    """"290 more rows (12 marked)": what "more" holds; with `hidden` rows beyond it, where they are."""
    n = len(rest) + hidden
    marked = sum(1 for i in rest if t.marked and t.marked[i])
    if hidden:
        marked += sum(1 for i in range(len(t.rows) - hidden, len(t.rows)) if t.marked and t.marked[i])
    text = f"{n:,} more row{'' if n == 1 else 's'}" + (f" ({marked:,} marked)" if marked else "")
    if hidden:
        text += f"; the last {hidden:,} only in the CSV"
    return text
