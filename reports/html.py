"""The self-contained HTML page: inline CSS, every figure embedded as a base64 PNG, no external
URL, script or font; works offline from a single file. A few lines of inline script record in
the DOM whether the figures decoded (body data-figures, data-figures-ok, data-errors)."""
import base64
import re
from html import escape

from .summary import BADGE, assumed_note, contents, rests_on_text, split_findings, takes_text, thresholds_note
from .export import more_text, split_rows
from .table_text import findings_note

CSS = """
body{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:2em auto;max-width:1200px;
padding:0 1em;color:#222;line-height:1.45}
h1{font-size:1.6em;margin-bottom:.2em}h2{margin-top:1.8em;border-bottom:1px solid #ddd;padding-bottom:.2em}
h3{margin-top:1.4em}.meta{color:#555;font-size:.92em}.meta span{display:inline-block;margin-right:1.4em}
.note{color:#555;font-size:.9em;margin:.3em 0 .6em}.notice{background:#fff6e0;padding:.5em .8em}
ol.findings li{margin:.35em 0}.kind{display:inline-block;min-width:5.5em;font-size:.8em;color:#fff;
background:#6c7a89;border-radius:3px;padding:0 .4em;margin-right:.5em;text-align:center}
.scroll{overflow-x:auto}table{border-collapse:collapse;font-size:.85em;margin:.4em 0 1em}
th,td{border:1px solid #ddd;padding:.25em .55em;text-align:right;white-space:nowrap}
th{background:#f4f6f8;white-space:normal;vertical-align:bottom;min-width:3em}td.t{white-space:normal;min-width:7em}
.wrap td.w{white-space:normal;min-width:8em}td.w span{white-space:nowrap}td:first-child,th:first-child{text-align:left}
tr.sig td{background:#fdecea;font-weight:600}
.scroll td:first-child,.scroll th:first-child,.keyed td:nth-child(2),.keyed th:nth-child(2){position:sticky;left:0;
z-index:1;background:#fff}.keyed td:first-child,.keyed th:first-child{width:6.5em;min-width:6.5em;white-space:normal}
.keyed td:nth-child(2),.keyed th:nth-child(2){left:calc(7.6em - 1px);box-shadow:inset 1px 0 #ddd}
.scroll th:first-child,.keyed th:nth-child(2){background:#f4f6f8;text-align:left}
.scroll tr.sig td:first-child,.keyed tr.sig td:nth-child(2){background:#fdecea}
figure{margin:1.2em 0}img.figure{max-width:100%;height:auto;border:1px solid #eee}
figcaption{color:#555;font-size:.9em}td.t{text-align:left}p.question{font-style:italic;margin:.2em 0}
tr.small td{color:#aaa}table.verdicts td{white-space:normal;text-align:left}table.verdicts code{white-space:normal;overflow-wrap:anywhere;font-size:90%}
.badge{display:inline-block;min-width:3.6em;text-align:center;border-radius:3px;padding:0 .4em;color:#fff;
font-weight:600}.badge.pass{background:#2e7d32}.badge.watch{background:#ef8f00}.badge.fail{background:#c62828}
.badge.na{background:#9e9e9e}nav.toc ul{margin:.2em 0}nav.toc>ul{columns:2}nav.toc li{margin:.1em 0}
nav.toc>ul>li{break-inside:avoid}
details.more summary{cursor:pointer;color:#1f5fa8;margin:.6em 0}h3.tier{font-size:1em;color:#444}
p.assumed{background:#f3effa;border-left:4px solid #7e57c2;padding:.4em .8em;font-size:.92em}
span.assumed{display:inline-block;margin-left:.5em;font-size:.8em;color:#5e35b1;border:1px solid #b39ddb;
border-radius:3px;padding:0 .35em}
"""

SELF_CHECK = """(function(){var errs=[];window.onerror=function(m){errs.push(String(m));
if(document.body){document.body.dataset.errors=errs.join(" | ");}};
window.addEventListener("load",function(){var b=document.body,imgs=b.querySelectorAll("img.figure"),ok=0;
imgs.forEach(function(i){if(i.naturalWidth>0&&i.naturalHeight>0){ok++;}});
b.dataset.figures=imgs.length;b.dataset.figuresOk=ok;b.dataset.errors=errs.join(" | ");});})();"""


NUMBER = re.compile(r"^(?:[-+<–]|\d)")           # numbers align right, text left
LONG = 18                                        # a number cell longer than this may wrap at its spaces
RANGE = re.compile(r"(\S*\d[–-][\d+-]\S*)")        # "(43.1–46.9)": kept on one line
WIDTH = 1200                                     # px a table has on the page (the body's max-width)
CHAR, PAD, TEXT = 7.6, 19, 7                     # px per character of a cell, px of padding and border; a text
                                                 # cell's narrowest (td.t's min-width, in em)


def _td(c):
    if not NUMBER.match(c):
        return f'<td class="t">{escape(c)}</td>'
    if len(c) > LONG and " " in c:               # "45.0% (43.1–46.9), n 1,234" may wrap between its parts
        return '<td class="w">' + RANGE.sub(r"<span>\1</span>", escape(c)) + "</td>"
    return f"<td>{escape(c)}</td>"


def _narrowest(c):
    """A cell's narrowest width in characters: a text cell wraps at its words (7 em at least), a
    long number between its parts, any other not at all."""
    if not NUMBER.match(c):
        return max([TEXT * 1.6] + [len(w) for w in c.split()])
    if len(c) > LONG and " " in c:
        return max(len(w) for w in RANGE.sub(lambda m: m.group(0).replace(" ", "_"), c).split())
    return len(c)


def _wrap(t, rows):
    """Whether the table's long number cells should wrap: when it is wider than the page on one
    line a cell, and narrow enough wrapped (estimated from its characters) to fit. A table too
    wide either way keeps them on one line and scrolls sideways (its key columns stay in view):
    wrapped, it would only be taller and scroll as well."""
    cols = list(zip(t.headers, *(t.rows[i] for i in rows)))
    width = lambda f: sum(PAD + CHAR * max([max((len(w) for w in str(col[0]).split()), default=0)]
                                            + [f(c) for c in col[1:]]) for col in cols)
    return width(len) > WIDTH and width(_narrowest) <= WIDTH


def _grid(t, rows):
    """The <table> of rows `rows` (indices) of table `t`, in a box that scrolls sideways if it must;
    the key columns stay in view: the first (the row's name), or the first two where the first is
    the cell (variant, players) and the second the row's name."""
    head = "".join(f"<th>{escape(h)}</th>" for h in t.headers)
    body = []
    for i in rows:
        cls = (' class="small"' if t.greyed and t.greyed[i] else         # a small group's change is no finding
               ' class="sig"' if t.marked and t.marked[i] else "")
        body.append(f"<tr{cls}>" + "".join(_td(c) for c in t.rows[i]) + "</tr>")
    cls = " ".join(c for c, on in (("keyed", len(t.headers) > 2 and t.headers[0] == "cell"),   # cell, then the name
                                   ("wrap", _wrap(t, rows))) if on)
    table = f'<table class="{cls}">' if cls else "<table>"
    return (f'<div class="scroll">{table}<thead><tr>{head}</tr></thead>\n<tbody>\n' + "\n".join(body) +
            "\n</tbody></table></div>")


def _table(t):
    """A table under its title: at most SCREEN_ROWS rows on screen, the rest behind "more", and a
    link to the whole table as CSV (``reports.export``)."""
    shown, rest, hidden = split_rows(t)
    question = f'<p class="question">{escape(t.question)}</p>\n' if t.question else ""
    full = f' <a class="csv" href="{escape(t.csv_link)}">The full table (CSV).</a>' if t.csv_link else ""
    more = ""
    if rest or hidden:
        inner = _grid(t, rest) if rest else ""
        more = (f'\n<details class="more"><summary>{escape(more_text(t, rest, hidden))}</summary>\n{inner}'
                + (f'\n<p class="note">Every row is in <a href="{escape(t.csv_link)}">the CSV</a>.</p>'
                   if t.csv_link else "") + "\n</details>")
    return (f'<div class="table" data-table="{escape(t.key)}">\n<h3 id="table-{t.key}">{escape(t.title)}</h3>\n'
            f'{question}<p class="note">{escape(t.note)}{full}</p>\n{_grid(t, shown)}{more}\n</div>')


def _findings(groups):
    """Numbered findings under their tier's heading."""
    out = []
    for title, numbered in groups:
        items = "\n".join(f'<li><span class="kind">{escape(f.kind)}</span>{escape(f.sentence)}'
                           + (f'<span class="assumed">{escape(rests_on_text(f))}</span>' if f.rests_on else "")
                           + "</li>" for _, f in numbered)
        out.append(f'<h3 class="tier">{escape(title[0].upper() + title[1:])}</h3>\n'
                   f'<ol class="findings" start="{numbered[0][0]}">\n{items}\n</ol>')
    return "\n".join(out)


def _summary(data):
    """The summary card: a verdict per question."""
    rows = "\n".join(f'<tr><td>{escape(v.question)}</td><td><span class="badge {BADGE[v.verdict].replace("/", "")}">'
                     f'{escape(BADGE[v.verdict])}</span></td><td>{escape(v.reason)}'
                     + (f'<br><span class="next">next: <code>{escape(v.next)}</code>{escape(takes_text(v))}</span>'
                        if v.next else "")
                     + '</td></tr>' for v in data.verdicts)
    return (f'<section id="summary">\n<h2>Summary</h2>\n<table class="verdicts"><tbody>\n{rows}\n</tbody></table>\n'
            f'<p class="note">{escape(thresholds_note(data))}</p>\n</section>')


def _contents(tables, figures):
    items, level = [], 1
    for anchor, title, depth in contents(tables, figures):
        if depth > level:
            items.append("<ul>")
        elif depth < level:
            items.append("</ul></li>")
        elif items:
            items.append("</li>")
        items.append(f'<li><a href="#{anchor}">{escape(title)}</a>')
        level = depth
    items.append("</li>" + ("</ul></li>" if level > 1 else ""))
    return f'<nav class="toc" id="contents">\n<h2>Contents</h2>\n<ul>{"".join(items)}</ul>\n</nav>'


def render(data, title, findings_text, tables, figures, pngs):
    """The page. `figures`: [(name, alt, path)]; `pngs`: name -> PNG bytes."""
    meta = " ".join(f"<span><b>{escape(str(k))}</b>: {escape(str(v))}</span>"
                   for k, v in data.meta.items() if v not in (None, ""))
    notes = "".join(f'<p class="notice">{escape(n)}</p>' for n in data.notes)    # first: an unverified source
    if assumed_note(data):
        notes += f'\n<p class="assumed" id="assumed">{escape(assumed_note(data))}</p>'
    if data.findings:
        shown, more = split_findings(data.findings)
        found = _findings(shown)
        if more:
            n = sum(len(fs) for _, fs in more)
            found += (f'\n<details class="more"><summary>{n} more finding{"s" if n > 1 else ""}</summary>\n'
                      f'{_findings(more)}\n</details>')
    else:
        found = f"<p>{escape(findings_text)}</p>"
    figs = []
    for name, alt, _ in figures:
        b64 = base64.b64encode(pngs[name]).decode("ascii")
        figs.append(f'<figure id="figure-{name}"><img class="figure" alt="{escape(alt)}" '
                    f'src="data:image/png;base64,{b64}"><figcaption>{escape(alt)}</figcaption></figure>')
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="generator" content="windtunnel">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{CSS}</style>
<script>{SELF_CHECK}</script>
</head>
<body>
<h1>{escape(title)}</h1>
<p class="meta">{meta}</p>
{notes}
{_summary(data)}
{_contents(tables, figures)}
<section id="findings">
<h2>Findings</h2>
<p class="note">{escape(findings_note(data))}</p>
{found}
</section>
<section id="tables">
<h2>Tables</h2>
{chr(10).join(_table(t) for t in tables)}
</section>
<section id="figures">
<h2>Figures</h2>
{chr(10).join(figs)}
</section>
</body>
</html>
"""
