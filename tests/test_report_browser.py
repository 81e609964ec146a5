"""The HTML report in a real headless browser (Debian's chromium, installed by the README's
test command and .ci/run), for an AEOLOS run and an EOS run (its own sections: nation heatmap
and matchups, Angels, Lords, deeds, cards, curses, pace): it loads with no errors, every figure
is there with a non-zero size, and a screenshot is saved as a test artifact
(test-artifacts/report.png, report-eos.png)."""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import simulate
from analysis.words import plain_words_problems
from reports import build_report

from .test_plain_words import prose_html, prose_md

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium():
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    assert path, "chromium is not installed: run the README's test command (it installs Debian's chromium)"
    return path


RUNS = {"aeolos": dict(players=3, games=300, seed=2, strategies="balanced,greedy,crystal", variant="tableaus"),
        "eos": dict(players=3, games=120, seed=2, strategies="balanced,greedy,random", rotate_seats=True)}
SHOTS = {"aeolos": "report.png", "eos": "report-eos.png"}


@pytest.fixture(scope="module", params=list(RUNS))
def report(request, tmp_path_factory):
    root = tmp_path_factory.mktemp(f"browser-{request.param}")
    simulate.run(request.param, **RUNS[request.param], out=root / "run", jobs=1, progress=False)
    result = build_report(root / "run", root / "report.html")
    result.game = request.param
    return result


def test_report_loads_in_headless_chromium_with_every_figure(report, tmp_path):
    html = Path(report.html)
    expected = len(re.findall(r'<img[^>]*class="figure"', html.read_text()))
    assert expected >= (12 if report.game == "eos" else 5)
    run = subprocess.run([chromium(), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=5000",
                          "--dump-dom", html.as_uri()], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    body = re.search(r"<body[^>]*>", run.stdout)
    assert body, run.stdout[:500]
    attrs = dict(re.findall(r'data-([\w-]+)="([^"]*)"', body.group(0)))
    assert attrs.get("figures") == str(expected)               # the page's own count, after load
    assert attrs.get("figures-ok") == str(expected)            # every figure decoded with a non-zero size
    assert attrs.get("errors") == ""                           # no script error on the page
    assert "Uncaught" not in run.stderr


def test_report_screenshot_is_saved_as_an_artifact(report, tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / SHOTS[report.game]
    shot.unlink(missing_ok=True)
    run = subprocess.run([chromium(), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1280,2400",
                          f"--screenshot={shot}", Path(report.html).as_uri()],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000      # a real rendering, not a blank page


# ---- a large report at 1400 px (issue #34): bounded on screen, every table as CSV, plain words

# The README's largest report, kept small: its EOS module comparison (3 modules x 2 player counts;
# 150 games a cell, not 20,000) checked against stronger play (tuned, and one game of the lookahead:
# "1 game"). Journey cards and upgrades give tables of hundreds of rows and forest plots of over a
# hundred items in six cells; the stronger-play table has a long verdict column.
LARGE = dict(variants="base,night,deluxe", players="2,4", games=150, seed=1)
LARGE_TIERS = "tuned:60,lookahead:1"
WIDTH = 1400

MEASURE = r"""<script>window.addEventListener("load",function(){
var de=document.documentElement,out={};
function shown(e){var d=e.closest("details:not([open])");if(d&&!e.closest("summary"))return false;
return e.getClientRects().length>0;}
out.viewport=de.clientWidth;out.scrollWidth=de.scrollWidth;out.bodyWidth=document.body.scrollWidth;
out.height=de.scrollHeight;
out.findings=[].filter.call(document.querySelectorAll("ol.findings > li"),shown).length;
out.findingsAll=document.querySelectorAll("ol.findings > li").length;
out.tables=[];
document.querySelectorAll("div.table").forEach(function(d){var t=d.querySelector("table");if(!t||!shown(t))return;
var box=t.parentElement,first=t.querySelector("tbody td");
out.tables.push({key:d.dataset.table,rows:[].filter.call(t.querySelectorAll("tbody > tr"),shown).length,
rowsAll:d.querySelectorAll("tbody > tr").length,wide:box.scrollWidth>box.clientWidth+1,
right:t.getBoundingClientRect().right>de.clientWidth+1&&box.scrollWidth<=box.clientWidth+1,
sticky:first?getComputedStyle(first).position:"",csv:(d.querySelector("a.csv")||{}).href||""});});
out.figures=[].map.call(document.querySelectorAll("img.figure"),function(i){
return [i.closest("figure").id,i.naturalWidth,i.naturalHeight];});
document.body.setAttribute("data-measure",JSON.stringify(out));});</script>"""


@pytest.fixture(scope="module")
def large(tmp_path_factory):
    from simulate.running.compare import run_compare
    from simulate.running.robustness import play_tiers

    root = tmp_path_factory.mktemp("browser-large")
    run_compare("eos", **LARGE, out=root / "cmp", jobs=1, progress=False)
    play_tiers(root / "cmp", LARGE_TIERS, jobs=1, progress=False)
    return build_report(root / "cmp", root / "report.html")


def measure(html, tmp_path, width=WIDTH):
    """The page's layout in chromium at `width` px (the numbers MEASURE records after load), read
    from a copy beside it (so its links to the CSVs resolve)."""
    import json
    from html import unescape

    html = Path(html)
    copy = html.with_name(f".measure-{html.name}")
    copy.write_text(html.read_text(encoding="utf-8").replace("</body>", MEASURE + "</body>"), encoding="utf-8")
    try:
        run = subprocess.run([chromium(), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}",
                              f"--window-size={width},1000", "--virtual-time-budget=5000", "--dump-dom", copy.as_uri()],
                             capture_output=True, text=True, timeout=180)
    finally:
        copy.unlink()
    assert run.returncode == 0, run.stderr[-2000:]
    found = re.search(r'data-measure="([^"]*)"', run.stdout)
    assert found, run.stdout[:500]
    return json.loads(unescape(found.group(1)))


def test_large_report_is_bounded_and_readable_at_1400px(large, tmp_path):
    from reports.export import SCREEN_ROWS
    from reports.figures import MAX_PX

    m = measure(large.html, tmp_path)
    assert len(large.findings) > 25 and m["findingsAll"] == len(large.findings)   # many findings, every one there
    assert m["findings"] <= 25                                  # ... at most 25 outside "more"
    assert m["scrollWidth"] <= m["viewport"] and m["bodyWidth"] <= m["viewport"]    # the page never scrolls sideways
    tables = {t["key"]: t for t in m["tables"]}
    assert {"journey", "upgrade", "deltas", "robustness", "usage"} <= set(tables)
    assert max(t["rowsAll"] for t in m["tables"]) > 3 * SCREEN_ROWS           # long tables, cut to 40 rows on screen
    assert all(t["rows"] <= SCREEN_ROWS for t in m["tables"]), [(k, t["rows"]) for k, t in tables.items()]
    for key, t in tables.items():
        assert not t["right"], key                              # no table runs off the page
        if t["wide"]:                                           # one wider than the page scrolls in its box,
            assert t["sticky"] == "sticky", key                 # the row's name kept in view
    assert not tables["robustness"]["wide"]                     # the verdicts wrap: the whole table in 1400 px
    assert len(m["figures"]) >= 12
    assert all(0 < w <= MAX_PX and 0 < h <= MAX_PX for _, w, h in m["figures"]), m["figures"]


def test_large_report_writes_every_table_as_csv_beside_it(large, tmp_path):
    import polars as pl

    from reports.build import report_paths

    page = Path(large.html).read_text(encoding="utf-8")
    _, md_path, folder = report_paths(large.html)
    md = md_path.read_text(encoding="utf-8")
    keys = re.findall(r'<div class="table" data-table="([^"]+)">', page)
    links = re.findall(r'<a class="csv" href="([^"]+)">', page)
    assert len(keys) == len(links) == len(set(links)) >= 25
    for link in links:
        path = Path(large.html).parent / link
        assert path.is_file() and path.parent == folder, link
        assert f"]({link})" in md                               # the Markdown links it too
        table = pl.read_csv(path, infer_schema_length=0)
        assert table.height > 0 or link.endswith("robustness.csv"), link
    # a long table: 40 rows on the page, every row in its CSV
    deltas = pl.read_csv(folder / "deltas.csv", infer_schema_length=0)
    shown = re.search(r'data-table="deltas">.*?<tbody>(.*?)</tbody>', page, re.S).group(1)
    assert shown.count("<tr") == 40 and deltas.height > 100
    assert f"{deltas.height - 40:,} more rows" in page and f"{deltas.height - 40:,} more rows" in md


def test_large_report_is_in_plain_words(large):
    from reports.build import report_paths

    _, md_path, _ = report_paths(large.html)
    page = re.sub(r"data:image/png;base64,[A-Za-z0-9+/=]+", "", Path(large.html).read_text(encoding="utf-8"))
    assert "1 game)" in page or "1 game;" in page               # the one-game tier, in the singular
    assert plain_words_problems(prose_html(page)) == []                 # (commands, as code, are not prose)
    assert plain_words_problems(prose_md(md_path.read_text(encoding="utf-8"))) == []


# ---- the contents list (#41): two columns, each section's items kept with its heading
GROUPS = r"""<script>window.addEventListener("load",function(){
var out=[].map.call(document.querySelectorAll("nav.toc > ul > li"),function(li){
return [li.querySelector("a").textContent,li.getClientRects().length,li.getBoundingClientRect().left];});
document.body.setAttribute("data-groups",JSON.stringify(out));});</script>"""


def test_the_contents_keep_each_sections_items_together_in_one_column(tmp_path):
    """A contents list of a long Tables section and a Figures section: each top-level item (a
    section with its tables or figures) sits whole in one column (one box, not split across
    the two), and the list still uses both columns."""
    import json
    from html import unescape
    from types import SimpleNamespace

    from reports.html import CSS, _contents

    tables = [SimpleNamespace(key=f"t{i}", title=f"Table {i}") for i in range(24)]
    figures = [(f"f{i}", f"Figure {i}", None) for i in range(9)]
    page = tmp_path / "toc.html"
    page.write_text(f"<!doctype html><html><head><style>{CSS}</style></head><body>{_contents(tables, figures)}"
                    f"{GROUPS}</body></html>", encoding="utf-8")
    run = subprocess.run([chromium(), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1400,1000",
                          "--virtual-time-budget=3000", "--dump-dom", page.as_uri()],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    groups = json.loads(unescape(re.search(r'data-groups="([^"]*)"', run.stdout).group(1)))
    assert [g[0] for g in groups] == ["Summary", "Findings", "Tables", "Figures"]
    assert all(boxes == 1 for _, boxes, _ in groups), groups               # no section split across columns
    assert len({round(left) for _, _, left in groups}) == 2, groups         # two columns still
