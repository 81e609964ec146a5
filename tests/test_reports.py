"""reports/ and `windtunnel report` on a small real run and a small comparison: one self-contained
HTML file (findings first, every figure an embedded PNG that decodes), the Markdown summary with
its PNGs beside it, figures without data left out, and one-line CLI errors that leave an existing
report untouched."""
import base64
import html as htmllib
import re
import struct
from pathlib import Path

import pytest
from typer.testing import CliRunner

import simulate
from analysis.findings import findings
from analysis.load import open_tables
from analysis.winrates import seat_win_rates
from reports import build_report
from reports import figures as F
from reports.build import report_paths
from simulate.cli import app
from simulate.running.compare import run_compare
from simulate.core.games import get_game

RUN_FIGURES = ["win_rates", "seat_heatmap", "card_value", "harbor_value", "score_sources", "game_length", "leader_wins"]
COMPARE_FIGURES = ["win_rates", "seat_heatmap", "card_value", "harbor_value", "ability_value", "card_by_cell",
                   "harbor_by_cell", "score_sources",
                   "variant_deltas", "game_length", "leader_wins"]
IMG = re.compile(r"<img\b[^>]*>")

runner = CliRunner()


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("reports") / "run"
    simulate.run("aeolos", players=2, games=300, seed=1, strategies="balanced,greedy", out=out, jobs=1,
                 progress=False)
    return out


@pytest.fixture(scope="module")
def compare_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("reports") / "cmp"
    run_compare("aeolos", "base,tableaus", "2", 150, 1, "balanced,greedy", out=out, jobs=1, progress=False)
    return out


@pytest.fixture(scope="module")
def run_report(run_dir, tmp_path_factory):
    return build_report(run_dir, tmp_path_factory.mktemp("out") / "report.html")


@pytest.fixture(scope="module")
def compare_report(compare_dir):
    return build_report(compare_dir, compare_dir / "variants.html")


# ---------------------------------------------------------------- helpers
def png_size(data):
    """(width, height) of a PNG: with PIL when it is there, else from the IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    try:
        import io

        from PIL import Image
    except ImportError:
        assert data[12:16] == b"IHDR"
        return struct.unpack(">II", data[16:24])
    with Image.open(io.BytesIO(data)) as im:
        im.load()                                    # decodes every pixel: a broken stream fails here
        return im.size


def images(page):
    """[(alt, class, src)] of every <img> on the page."""
    out = []
    for tag in IMG.findall(page):
        attrs = dict(re.findall(r'(\w+)="([^"]*)"', tag))
        out.append((htmllib.unescape(attrs.get("alt", "")), attrs.get("class", ""), attrs.get("src", "")))
    return out


def embedded(page):
    """figure id -> decoded PNG bytes of each <figure id="figure-NAME"><img class="figure" ...>."""
    out = {}
    for name, tag in re.findall(r'<figure id="figure-([\w-]+)">(<img\b[^>]*>)', page):
        src = re.search(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', tag)
        assert src, f"figure {name} is not an embedded base64 PNG"
        out[name] = base64.b64decode(src.group(1), validate=True)
    return out


def check_self_contained(page):
    assert not re.search(r"""\b(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", page, re.IGNORECASE)
    assert "http://" not in page and "https://" not in page
    assert not re.search(r"<link\b|@import|url\(|<script\b[^>]*\bsrc=", page, re.IGNORECASE)


def check_report(result, expected):
    return check_files(result.html, result.figures, expected)


def check_files(html, figures, expected):
    page = Path(html).read_text(encoding="utf-8")
    check_self_contained(page)
    # the summary card first, the contents, the findings, then tables, then figures
    order = [page.find(s) for s in ('<section id="summary">', '<nav class="toc" id="contents">',
                                    '<section id="findings">', '<section id="tables">', '<section id="figures">')]
    assert -1 not in order and order == sorted(order)
    assert page.find("<h2>") == page.find("<h2>Summary</h2>")
    anchors = re.findall(r'<a href="#([^"]+)">', page)
    assert anchors and all(f'id="{a}"' in page for a in anchors)         # every contents link lands
    # every expected figure, embedded, decoding to a non-empty image; nothing else
    pngs = embedded(page)
    assert list(pngs) == expected
    for name, data in pngs.items():
        w, h = png_size(data)
        assert w > 50 and h > 50, name
    imgs = images(page)
    assert len(imgs) == len(expected)
    assert all(cls == "figure" and alt.strip() and src.startswith("data:image/png;base64,") for alt, cls, src in imgs)
    # the PNG files beside it are the same pictures
    html_path, md_path, folder = report_paths(html)
    assert [p.stem for p in figures] == expected
    assert all(p.parent == folder and p.read_bytes() == pngs[p.stem] for p in figures)
    assert sorted(p.name for p in folder.iterdir() if p.suffix != ".csv") == sorted(f"{n}.png" for n in expected)
    # every table as CSV beside it (reports.export), each linked from its table, nothing else
    tables = re.findall(r'<div class="table" data-table="([^"]+)">', page)
    links = re.findall(r'<a class="csv" href="([^"]+)">', page)
    assert tables and len(links) == len(tables)
    assert sorted(f"{folder.name}/{p.name}" for p in folder.glob("*.csv")) == sorted(links)
    # the Markdown summary: same findings, tables, the PNGs as relative links that exist
    md = md_path.read_text(encoding="utf-8")
    assert md.index("## Summary") < md.index("## Contents") < md.index("## Findings") < md.index("## Tables") \
        < md.index("## Figures")
    links = re.findall(r"!\[[^\]]+\]\(([^)]+\.png)\)", md)
    assert [Path(link).stem for link in links] == expected
    assert all(not Path(link).is_absolute() and (md_path.parent / link).is_file() for link in links)
    # the self-check the headless browser test reads
    assert "dataset.figuresOk" in page and "window.onerror" in page
    # nothing half-written left behind
    assert not [p for p in html_path.parent.iterdir() if p.name.startswith(".") and p.name != ".windtunnel.lock"]
    return page, md


# ---------------------------------------------------------------- run report
def test_the_report_says_which_values_are_assumed(run_report, run_dir, tmp_path):
    """At the top of the page and the summary: how many of the run's values are assumed and in
    which files (the game's own count, ``Game.assumed_values``), with where to read more; each
    finding about an item whose config entry holds assumed values (a harbor's assumed settlement
    spaces) marked with the files, and no other finding. A run whose --set replaced assumed values
    counts them as the designer's own."""
    from reports.summary import rests_on_text

    game = get_game("aeolos")
    found = game.assumed_values(variants=[])
    page = Path(run_report.html).read_text(encoding="utf-8")
    md = Path(run_report.markdown).read_text(encoding="utf-8")
    top = page[:page.index('<section id="summary">')]
    line = next(x for x in md.splitlines() if x.startswith("> **Assumed values.**"))
    for text in (htmllib.unescape(top), line):
        assert f"{found.total:,} of this run's values are assumed stand-ins" in text
        assert f"base.toml {found.total}" in text and "poseidon" not in text     # the variants it played only
        assert "docs/assumptions.md" in text and "windtunnel info aeolos --assumed" in text
    assert md.index("> **Assumed values.**") < md.index("## Summary")
    marked = [f for f in run_report.findings if f.rests_on]
    assert marked and all(f.kind == "harbor" and f.rests_on == ("base.toml",) for f in marked)
    assert all(f.kind != "harbor" or f.rests_on for f in run_report.findings)
    for f in marked:
        assert f"{f.sentence} *({rests_on_text(f)})*" in md
        assert htmllib.escape(f.sentence) + f'<span class="assumed">{rests_on_text(f)}</span>' in page
    # the run's --set values are the designer's own
    out = tmp_path / "set"
    simulate.run("aeolos", players=2, games=20, seed=1, out=out, jobs=1, progress=False,
                 overrides={"scoring.unused_bonus_token_vp": 3, "harbor.7.settlement_spaces": [2, 2]})
    report = build_report(out, out / "report.html")
    line = next(x for x in Path(report.markdown).read_text().splitlines() if x.startswith("> **Assumed values.**"))
    assert f"{found.total - 2:,} of this run's values are assumed" in line and "2 more, set with --set" in line


def test_run_report_is_self_contained_with_every_figure(run_report):
    check_report(run_report, RUN_FIGURES)


def test_run_report_findings_and_tables_come_from_the_analysis(run_report, run_dir):
    page = Path(run_report.html).read_text(encoding="utf-8")
    md = Path(run_report.markdown).read_text(encoding="utf-8")
    names = get_game("aeolos").item_names(simulate.open_run(run_dir).manifest["config"])
    sentences = [f.sentence for f in findings(run_dir, threshold=0.03, names=names)]
    assert sentences and [f.sentence for f in run_report.findings] == sentences
    found = page[page.index('<section id="findings">'):page.index('<section id="tables">')]
    found = re.sub(r'<span class="assumed">.*?</span>', "", found)         # (the marks: test below)
    assert [htmllib.unescape(s) for s in re.findall(r"</span>(.*?)</li>", found)] == sentences
    assert all(s in md for s in sentences)
    for title in ("Win rate by seat", "Win rate by strategy", "Balance", "Ties", "Margin of victory",
                  "Game length", "Score sources", "Favor card value", "Harbor action value"):
        assert f">{title}" in page and f"### {title}" in md
    assert "Variant deltas" not in page and "Tableau ability value" not in page
    assert "AEOLOS balance report" in page and "temple place" in page           # the game's title and tiebreak
    assert "VP difference" in page and "Mean VP per seat per game" in md
    # a row of the seat table: win rate, Wilson interval, n
    r = seat_win_rates(open_tables(run_dir).seats).row(0, named=True)
    row = (f"<td>0</td><td>{100 * r['win_rate']:.1f}%</td><td>{100 * r['lo']:.1f}–{100 * r['hi']:.1f}%</td>"
           f"<td>{r['wins']:,}</td><td>{r['n']:,}</td>")
    assert row in page


def test_figures_without_data_are_left_out(run_report, tmp_path):
    assert "variant_deltas" not in [p.stem for p in run_report.figures]
    assert "ability_value" not in [p.stem for p in run_report.figures]
    assert F.variant_delta_forest(None, tmp_path) is None
    assert F.value_forest(get_game("aeolos").subjects[-1], None, tmp_path) is None
    assert F.game_length_hist({}, tmp_path) is None
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- comparison report
def test_compare_report_has_variant_deltas(compare_report):
    page, md = check_report(compare_report, COMPARE_FIGURES)
    assert "AEOLOS variant report" in page
    assert ">Tableau ability value</h3>" in page and "the ship tableau" in page
    assert ">Variant deltas</h3>" in page and "### Variant deltas" in md
    assert "tableaus vs base" in page
    assert 'class="sig"' in page                      # significant changes are marked in the table


# ---------------------------------------------------------------- CLI
def one_line_error(r):
    assert r.exit_code == 2, (r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("windtunnel: error:"), r.stderr
    return lines[0]


def snapshot(html):
    html, md, folder = report_paths(html)
    files = [html, md, *sorted(folder.iterdir())]
    return {str(p): p.read_bytes() for p in files}


def test_cli_report_rewrites_its_own_report_refuses_anyone_elses_and_force_replaces(run_dir):
    r = runner.invoke(app, ["report", str(run_dir)])
    assert r.exit_code == 0, r.stderr
    html = run_dir / "report.html"
    assert html.is_file() and (run_dir / "report.md").is_file() and (run_dir / "report_files").is_dir()
    assert str(html) in r.stdout and "finding" in r.stdout
    r = runner.invoke(app, ["report", str(run_dir), "--threshold", "0.05"])      # ours: written again
    assert r.exit_code == 0, r.stderr
    (run_dir / "report_files" / "notes.txt").write_text("mine")     # a file we did not write in its folder
    before = snapshot(html)
    line = one_line_error(runner.invoke(app, ["report", str(run_dir)]))
    assert "already exists and is not a windtunnel report" in line and "--force" in line
    assert snapshot(html) == before                   # byte-identical
    (run_dir / "report_files" / "notes.txt").unlink()
    html.write_text("<html>my own page</html>")                      # a page we did not write: refused too
    before = snapshot(html)
    line = one_line_error(runner.invoke(app, ["report", str(run_dir), "--out", str(run_dir / "report.html")]))
    assert "already exists" in line and snapshot(html) == before
    (run_dir / "report_files" / "win_rates.png").unlink()
    r = runner.invoke(app, ["report", str(run_dir), "--force", "--threshold", "0.05"])
    assert r.exit_code == 0, r.stderr
    assert (run_dir / "report_files" / "win_rates.png").is_file()
    # (the command line measured the items as causes: their figure leads the items' figures)
    measured = RUN_FIGURES[:2] + ["item_values"] + RUN_FIGURES[2:]
    check_files(html, [run_dir / "report_files" / f"{n}.png" for n in measured], measured)
    assert snapshot(html) != before


def test_cli_report_bad_input_is_one_line(run_dir, tmp_path):
    (tmp_path / "empty").mkdir()
    assert "not a run folder" in one_line_error(runner.invoke(app, ["report", str(tmp_path / "empty")]))
    assert "does not exist" in one_line_error(runner.invoke(app, ["report", str(tmp_path / "nope")]))
    one_line_error(runner.invoke(app, ["report", str(run_dir), "--out", str(tmp_path / "report.txt")]))
    one_line_error(runner.invoke(app, ["report", str(run_dir), "--out", str(tmp_path / "no" / "r.html")]))
    one_line_error(runner.invoke(app, ["report", str(run_dir), "--out", str(tmp_path / "r.html"),
                                       "--threshold", "3"]))
    one_line_error(runner.invoke(app, ["report", str(run_dir), "--out", str(tmp_path / "r.html"),
                                       "--min-group", "-1"]))
    one_line_error(runner.invoke(app, ["report", str(run_dir), "--out", str(tmp_path / "r.html"),
                                       "--min-group-share", "2"]))
    assert not (tmp_path / "r.html").exists() and list(tmp_path.iterdir()) == [tmp_path / "empty"]


def test_cli_min_group_keeps_small_groups_out_of_the_findings(run_report, run_dir, tmp_path):
    """The smallest group among the default report's item findings: asking for more seat-games
    than it has takes its finding out and greys its row."""
    from analysis.findings import ITEMS
    from analysis.group_size import MinGroup

    items = [f for f in run_report.findings if f.tier == ITEMS and f.kind != "variant"]
    assert items
    def smaller(f):
        return min(v for k, v in f.details.items() if k in ("n_drawn", "n_not_drawn", "n_took", "n_not_took"))

    smallest = min(items, key=smaller)
    n = smaller(smallest)
    out = tmp_path / "r.html"
    r = runner.invoke(app, ["report", str(run_dir), "--out", str(out), "--min-group", str(n + 1),
                            "--min-group-share", "1"])
    assert r.exit_code == 0, r.stderr
    page = out.read_text(encoding="utf-8")
    found = page[page.index('<section id="findings">'):page.index('<section id="tables">')]
    assert htmllib.escape(smallest.sentence.split(" win ")[0], quote=False) not in found
    assert 'class="small"' in page and htmllib.escape(MinGroup(1, n + 1).text()) in page


def test_cli_help_names_the_variant_report():
    r = runner.invoke(app, ["report", "--help"])
    assert r.exit_code == 0
    assert "comparison" in r.stdout and "variant report" in " ".join(r.stdout.split())
