"""A report's bounded size and plain words (issue #34), piece by piece: a table's rows on screen
(40) and the rest behind "more" and in its CSV (``reports.export``), every figure within
2,000 px a side whatever its data (``reports.figures``: ``_figure``, ``fit``, ``panel_grid``,
``_save``), and the words of the page. The whole of it in chromium, on a large report:
tests/test_report_browser.py."""
import csv
import re
from pathlib import Path

import numpy as np
import polars as pl
import pytest

import simulate
from analysis.words import plain_words_problems, plural, possessive
from reports import build_report
from reports import figures as F
from reports import html as H
from reports import markdown as M
from reports import section_figures as SF
from reports.build import report_paths
from reports.export import MORE_ROWS, SCREEN_ROWS, csv_names, slug, split_rows, unique_headers, write_tables
from reports.table_text import Table

from .test_plain_words import prose_html, prose_md


def long_table(n=130, key="deltas"):
    rows = [[f"{2 + i % 3}p", f"variant {i}", "seat 0", f"{i / 10:+.1f}", f"{i / 10 - 1:+.1f} to {i / 10 + 1:+.1f}"]
            for i in range(n)]
    return Table(key, "Variant deltas", "A note.", ["players", "variant", "subject", "change", "95% CI"], rows,
                 marked=[i % 10 == 0 for i in range(n)], greyed=[i == 1 for i in range(n)])


def shown_rows(page_part):
    return page_part.count("<tr") - page_part.count("<thead><tr")


# ---- tables: 40 rows on screen, the rest behind "more", every row in the CSV


def test_a_long_table_shows_forty_rows_the_rest_behind_more_and_every_row_in_its_csv(tmp_path):
    t = long_table(130)
    write_tables([t], tmp_path, "report_files")
    assert t.csv_link == "report_files/deltas.csv"
    with open(tmp_path / "deltas.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["players", "variant", "subject", "change", "95% CI", "marked", "small group"]
    assert len(rows) == 131 and rows[1][:5] == t.rows[0] and rows[1][5] == "yes" and rows[2][6] == "yes"
    page = H._table(t)
    on_screen, more = page.split("<details", 1)
    assert shown_rows(on_screen) == SCREEN_ROWS == 40
    assert shown_rows(more) == 90 and "<summary>90 more rows (9 marked)</summary>" in more
    assert page.count('href="report_files/deltas.csv"') == 2              # beside the note and in "more"
    md = M._table(t)
    assert sum(1 for line in md.splitlines() if re.match(r"\| .*variant \d", line)) == 40
    assert "*The first 40 rows; 90 more rows (9 marked) in [the full table (CSV)](report_files/deltas.csv).*" in md


def test_a_short_table_has_no_more_and_still_its_csv(tmp_path):
    t = long_table(SCREEN_ROWS)
    write_tables([t], tmp_path, "f")
    page = H._table(t)
    assert "<details" not in page and shown_rows(page) == SCREEN_ROWS and 'href="f/deltas.csv"' in page
    assert "more rows" not in M._table(t)
    assert (tmp_path / "deltas.csv").read_text().count("\n") == SCREEN_ROWS + 1


def test_rows_beyond_what_more_holds_are_in_the_csv_only():
    t = long_table(SCREEN_ROWS + MORE_ROWS + 7)
    shown, rest, hidden = split_rows(t)
    assert (len(shown), len(rest), hidden) == (SCREEN_ROWS, MORE_ROWS, 7)
    assert "the last 7 only in the CSV" in H._table(t)


def test_a_table_built_with_a_frame_writes_the_frame(tmp_path):
    t = long_table(3, "usage")
    t.csv = pl.DataFrame({"item": ["a", "b", "c", "d"], "share": [0.1, 0.2, 0.3, 0.4]})
    write_tables([t], tmp_path, "f")
    assert pl.read_csv(tmp_path / "usage.csv").equals(t.csv)


def test_csv_names_are_stable_slugs_and_unique():
    tables = [long_table(1, k) for k in ("nation_seat", "Win rate: by seat", "nation_seat", "angel_who")]
    names = csv_names(tables)
    assert [names[id(t)] for t in tables] == ["nation_seat.csv", "win_rate_by_seat.csv", "nation_seat_2.csv",
                                              "angel_who.csv"]
    assert slug("  ") == "table"
    assert unique_headers(["angel", "win rate", "95% CI", "win rate", "95% CI", ""]) == [
        "angel", "win rate", "95% CI", "win rate (95% CI)", "95% CI (win rate)", "column 6"]


def test_a_wide_table_keeps_its_key_columns_in_view_and_wraps_only_when_that_fits():
    many = Table("angel", "Angels", "", ["cell", "angel"] + [f"column {i}" for i in range(16)],
                 [["base, 2p", "Alhana"] + ["45.0% (43.1–46.9), n 1,234"] * 16])
    grid = H._grid(many, [0])
    assert '<table class="keyed">' in grid                          # too wide even wrapped: scrolls, keys stay
    assert '<td class="w">45.0% <span>(43.1–46.9),</span> n 1,234</td>' in grid
    few = Table("seat", "Seats", "", ["seat"] + [f"column {i}" for i in range(7)],
                [["0"] + ["45.0% (43.1–46.9), n 1,234 of 2,000 games"] * 7])
    assert '<table class="wrap">' in H._grid(few, [0])               # wrapped, it fits the page
    assert "<table>" in H._grid(long_table(3), [0, 1, 2])            # fits as it is
    assert ".scroll td:first-child" in H.CSS and "position:sticky" in H.CSS


# ---- figures: never over 2,000 px a side


def test_figure_size_helpers_stay_within_the_cap():
    fig = F._figure(60, 0.5)
    assert round(fig.get_figwidth() * F.DPI) == F.MAX_PX and fig.get_figheight() == 0.5
    assert F.fit(500, 0.32) == int((F.MAX_IN - 1.2) // 0.32) and F.fit(3, 0.32) == 3 and F.fit(9, 100) == 1
    assert F.panel_grid(6, 7.6, 4.05) == (3, 2) and F.panel_grid(2, 7.6, 4) == (1, 2)
    assert F.panel_grid(1, 30, 4) == (1, 1)
    assert F.row_height(1) == 0.32 and F.row_height(6) == pytest.approx(0.82)


def test_a_figure_drawn_wider_than_the_cap_is_saved_within_it(tmp_path):
    fig = F._figure(18, 4)
    ax = fig.subplots()
    ax.plot([0, 1], [0, 1], label="x" * 120)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))          # beside the plot: crops wider than the figure
    path = F._save(fig, tmp_path, "wide.png")
    w, h = F.png_size(path.read_bytes())
    assert w <= F.MAX_PX and h <= F.MAX_PX and w > 1500


def forest_frame(items=150, cells=(("base", 2), ("night", 2), ("deluxe", 2), ("base", 4), ("night", 4), ("deluxe", 4))):
    rng = np.random.default_rng(1)
    rows = [dict(variant=v, n_players=p, item=f"item {i}", d0=x, d0_lo=x - 0.1, d0_hi=x + 0.1)
            for i in range(items) for (v, p), x in zip(cells, rng.normal(0, 0.1 + i / items, len(cells)))]
    return pl.DataFrame(rows)


def test_a_forest_of_many_items_in_six_cells_shows_the_largest_that_fit(tmp_path):
    df = forest_frame()
    path = F._forest(df, "item", "d0", "d0_lo", "d0_hi", "Journey card value", "points", tmp_path, "f.png")
    w, h = F.png_size(path.read_bytes())
    assert w <= F.MAX_PX and 1000 < h <= F.MAX_PX
    few = F._forest(forest_frame(5), "item", "d0", "d0_lo", "d0_hi", "Journey card value", "points", tmp_path, "g.png")
    assert F.png_size(few.read_bytes())[1] < 1000


def test_score_sources_of_many_strategies_show_the_first_that_fit_and_say_of_how_many(tmp_path, monkeypatch):
    caught, save = [], F._save
    monkeypatch.setattr(F, "_save", lambda fig, folder, name: caught.append(fig) or save(fig, folder, name))
    df = pl.DataFrame([dict(variant="base", n_players=2, strategy=f"s{i}", source=src, mean=m)
                       for i in range(80) for src, m in (("wind", 7.5), ("cards", 3.0), ("lost", -1.0))])
    path = F.score_source_bars(df, tmp_path)
    assert max(F.png_size(path.read_bytes())) <= F.MAX_PX
    shown = F.fit(80, 0.45, 1.4)
    ax = caught[0].axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == [f"s{i}" for i in range(shown)]
    assert ax.get_title().replace("\n", " ").endswith(f"(the first {shown} of 80; every one in the table)")


def test_matrix_panels_of_many_cells_go_in_a_grid_within_the_cap(tmp_path):
    from simulate.core.sections import HeadToHead

    nations = ["guild", "kusan", "kwanan", "mespanne", "noom"]
    cells = [(v, p) for v in ("base", "night", "deluxe", "free-ship", "night+deluxe") for p in (2, 4)]
    df = pl.DataFrame([dict(variant=v, n_players=p, nation=a, opponent=b, score=0.5, lo=0.4, hi=0.6, n=50)
                       for v, p in cells for a in nations for b in nations if a != b])
    s = HeadToHead("nation_matchup", "Nation against nation", "?", "nation")
    path = SF.draw_head_to_head(s, df, tmp_path)
    w, h = F.png_size(path.read_bytes())
    assert w <= F.MAX_PX and h <= F.MAX_PX and h > 1000                      # 10 panels: rows of two, not 5,000 px wide


# ---- plain words


def test_plural_and_possessive():
    assert plural(1, "game") == "1 game" and plural(0, "game") == "0 games" and plural(1200, "game") == "1,200 games"
    assert plural(2, "entry", "entries") == "2 entries" and plural(1, "more comparison") == "1 more comparison"
    assert possessive("balanced") == "balanced's" and possessive("Angels") == "Angels'"


def test_plain_words_problems_finds_each_kind():
    text = ("Newcombe interval over 1 games; the Angels's side; 17lands-style; 12 seat-games; CI +nan to +nan; "
            "11 games and 0.1 games are fine")
    assert sorted(plain_words_problems(text)) == sorted(["Newcombe", "17lands", "seat-game", "1 games", "Angels's",
                                                        "+nan", "+nan"])


@pytest.fixture(scope="module")
def aeolos_report(tmp_path_factory):
    root = tmp_path_factory.mktemp("plain")
    simulate.run("aeolos", players=3, games=300, seed=2, strategies="balanced,greedy,crystal", variant="tableaus",
                 out=root / "run", jobs=1, progress=False)
    return build_report(root / "run", root / "report.html")


def test_an_aeolos_report_is_in_plain_words_and_writes_every_table_as_csv(aeolos_report):
    page = re.sub(r"data:image/png;base64,[A-Za-z0-9+/=]+", "", Path(aeolos_report.html).read_text(encoding="utf-8"))
    html, md, folder = report_paths(aeolos_report.html)
    assert plain_words_problems(prose_html(page)) == []
    assert plain_words_problems(prose_md(md.read_text(encoding="utf-8"))) == []
    links = re.findall(r'<a class="csv" href="([^"]+)">', page)
    assert len(links) == page.count('<div class="table"') >= 8
    assert sorted(f"{folder.name}/{p.name}" for p in folder.glob("*.csv")) == sorted(links)
    assert "improvement when drawn" in page                          # the card value's note, without the jargon
