"""The Markdown summary beside the HTML: the same findings and tables (each its first 40 rows and
a link to its CSV, ``reports.export``), the figures as relative links to the PNG files."""
import re

from .export import more_text, split_rows
from .summary import BADGE, assumed_note, rests_on_text, split_findings, takes_text, thresholds_note
from .table_text import findings_note


def _cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def _row(t, i):
    cells = [_cell(c) for c in t.rows[i]]
    if t.greyed and t.greyed[i]:            # Markdown has no grey: italics, as the note says
        cells = [f"*{c}*" if c else c for c in cells]
    elif t.marked and t.marked[i]:
        cells = [f"**{c}**" if c else c for c in cells]
    return "| " + " | ".join(cells) + " |"


def _table(t):
    """A table under its title: its first SCREEN_ROWS rows, then how many more the CSV holds."""
    full = f" [The full table (CSV).]({t.csv_link})" if t.csv_link else ""
    shown, rest, hidden = split_rows(t)
    lines = [f"### {t.title}", "", *([f"*{t.question}*", ""] if t.question else []), t.note + full, "",
             "| " + " | ".join(_cell(h) for h in t.headers) + " |",
             "|" + "|".join("---" if i == 0 else "---:" for i in range(len(t.headers))) + "|"]
    lines += [_row(t, i) for i in shown]
    if rest or hidden:
        where = f"[the full table (CSV)]({t.csv_link})" if t.csv_link else "the HTML report"
        after = list(range(len(shown), len(t.rows)))
        lines += ["", f"*The first {len(shown)} rows; {more_text(t, after)} in {where}.*"]
    return "\n".join(lines) + "\n"


def slug(title):
    """The anchor a Markdown viewer gives a heading: lower case, punctuation out, spaces to dashes."""
    return re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")


def _findings(groups):
    out = []
    for title, numbered in groups:
        out += [f"**{title[0].upper() + title[1:]}**", ""]
        out += [f"{i}. **{f.kind}**: {f.sentence}" + (f" *({rests_on_text(f)})*" if f.rests_on else "")
                for i, f in numbered] + [""]
    return out


def render(data, title, findings_text, tables, figures, folder_name):
    """The summary. `figures`: [(name, alt, path)]; `folder_name`: the PNG folder, relative."""
    out = [f"# {title}", ""]
    out += [f"- **{k}**: {v}" for k, v in data.meta.items() if v not in (None, "")]
    out += [""] + [f"> {n}" for n in data.notes] + ([""] if data.notes else [])    # first: an unverified source
    out += [f"> **Assumed values.** {assumed_note(data)}", ""] if assumed_note(data) else []
    out += ["## Summary", "", "| question | verdict | why |", "|---|---|---|"]
    out += [f"| {v.question} | **{BADGE[v.verdict]}** | {_cell(v.reason)}"
            + (f" Next: `{_cell(v.next)}`{takes_text(v)}" if v.next else "") + " |" for v in data.verdicts]
    out += ["", thresholds_note(data), "", "## Contents", ""]
    out += [f"- [{name}](#{slug(name)})" for name in ("Summary", "Findings", "Tables")]
    out += [f"  - [{t.title}](#{slug(t.title)})" for t in tables]
    out += ["- [Figures](#figures)", ""]
    out += ["## Findings", "", findings_note(data), ""]
    if data.findings:
        shown, more = split_findings(data.findings)
        out += _findings(shown)
        if more:
            out += [f"### More findings ({sum(len(fs) for _, fs in more)})", ""] + _findings(more)
    else:
        out.append(findings_text)
    out += ["", "## Tables", ""] + [_table(t) for t in tables]
    out += ["## Figures", ""]
    for name, alt, path in figures:
        out += [f"![{alt}]({folder_name}/{path.name})", "", f"*{alt}*", ""]
    return "\n".join(out).rstrip() + "\n"
