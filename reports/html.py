"""The self-contained HTML page: inline CSS, every figure embedded as a base64 PNG, no external
URL, script or font; works offline from a single file. A few lines of inline script record in
the DOM whether the figures decoded (body data-figures, data-figures-ok, data-errors)."""
import base64
import re
from html import escape

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
th{background:#f4f6f8}td:first-child,th:first-child{text-align:left}tr.sig td{background:#fdecea;font-weight:600}
figure{margin:1.2em 0}img.figure{max-width:100%;height:auto;border:1px solid #eee}
figcaption{color:#555;font-size:.9em}td.t{text-align:left}p.question{font-style:italic;margin:.2em 0}
"""

SELF_CHECK = """(function(){var errs=[];window.onerror=function(m){errs.push(String(m));
if(document.body){document.body.dataset.errors=errs.join(" | ");}};
window.addEventListener("load",function(){var b=document.body,imgs=b.querySelectorAll("img.figure"),ok=0;
imgs.forEach(function(i){if(i.naturalWidth>0&&i.naturalHeight>0){ok++;}});
b.dataset.figures=imgs.length;b.dataset.figuresOk=ok;b.dataset.errors=errs.join(" | ");});})();"""


NUMBER = re.compile(r"^(?:[-+<–]|\d)")           # numbers align right, text left


def _table(t):
    head = "".join(f"<th>{escape(h)}</th>" for h in t.headers)
    body = []
    for i, row in enumerate(t.rows):
        cls = ' class="sig"' if t.marked and t.marked[i] else ""
        cells = "".join(("<td>" if NUMBER.match(c) else '<td class="t">') + escape(c) + "</td>" for c in row)
        body.append(f"<tr{cls}>{cells}</tr>")
    question = f'<p class="question">{escape(t.question)}</p>\n' if t.question else ""
    return (f'<h3 id="table-{t.key}">{escape(t.title)}</h3>\n{question}<p class="note">{escape(t.note)}</p>\n'
            f'<div class="scroll"><table><thead><tr>{head}</tr></thead>\n<tbody>\n' + "\n".join(body) +
            "\n</tbody></table></div>")


def render(data, title, findings_text, tables, figures, pngs):
    """The page. `figures`: [(name, alt, path)]; `pngs`: name -> PNG bytes."""
    meta = " ".join(f"<span><b>{escape(str(k))}</b>: {escape(str(v))}</span>"
                   for k, v in data.meta.items() if v not in (None, ""))
    notes = "".join(f'<p class="notice">{escape(n)}</p>' for n in data.notes)
    if data.findings:
        items = "\n".join(f'<li><span class="kind">{escape(f.kind)}</span>{escape(f.sentence)}</li>'
                          for f in data.findings)
        found = f'<ol class="findings">\n{items}\n</ol>'
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
