"""The report reads at a glance. Figures: every axis labelled, whole-number quantities (rounds,
turns, seats, points of a colour bar) ticked at whole numbers, no "by strategy" panel where
one strategy plays every seat, the variant-delta figure kept to its largest rows, legends
beside the data; each figure caught as it is saved (reports.figures._save). Words: no Python
literal, jargon explained, numbered actions named by what they do, items a strategy never
plays marked. From a real small run and comparison."""
import html as htmllib
import re
from pathlib import Path

import polars as pl
import pytest

import simulate
from reports import build_report
from reports import figures as F
from simulate.running.compare import run_compare
from simulate.core.games import get_game
from simulate.core.run_folder import open_run

INTEGER_AXES = ("after round", "turns per game", "rounds per game", "k-th event")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(run folder, its report page, {figure name: matplotlib Figure}) of a one-strategy run's
    report and a comparison's."""
    out = tmp_path_factory.mktemp("figs")
    run = out / "run"
    simulate.run("aeolos", players=3, games=300, seed=2, strategies="balanced", out=run, jobs=1, progress=False)
    cmp = out / "cmp"
    run_compare("aeolos", "base,poseidon", "2", 150, 1, "balanced,greedy", out=cmp, jobs=1, progress=False)
    figs = {}
    save = F._save

    def keep(fig, folder, name):
        figs[f"{Path(folder).name.split('.')[1]}/{name}"] = fig       # ".run_files.x1y2": run_files
        return save(fig, folder, name)

    mp = pytest.MonkeyPatch()
    mp.setattr(F, "_save", keep)
    import reports.section_figures as SF
    mp.setattr(SF, "_save", keep)
    try:
        page = build_report(run, out / "run.html").html.read_text(encoding="utf-8")
        build_report(cmp, out / "cmp.html")
    finally:
        mp.undo()
    return run, page, figs


@pytest.fixture(scope="module")
def caught(built):
    return built[2]


def _visible(ticks, lim):
    lo, hi = sorted(lim)
    return [t for t in ticks if lo - 1e-9 <= t <= hi + 1e-9]


def test_every_axis_is_labelled(caught):
    assert len(caught) >= 12
    for name, fig in caught.items():
        for ax in fig.axes:
            if ax.get_label() == "<colorbar>":
                assert ax.get_ylabel(), f"{name}: a colour bar without its unit"
                continue
            assert ax.get_xlabel() and ax.get_ylabel(), f"{name}: axes {ax.get_title()!r} unlabelled"


def test_whole_number_quantities_have_whole_number_ticks(caught):
    checked = 0
    for name, fig in caught.items():
        for ax in fig.axes:
            if ax.get_label() == "<colorbar>":
                ticks = _visible(ax.get_yticks(), ax.get_ylim())
                labels = [t.get_text() for t in ax.get_yticklabels()]
            elif ax.get_xlabel().startswith(INTEGER_AXES):
                ticks, labels = _visible(ax.get_xticks(), ax.get_xlim()), []
            else:
                continue
            checked += 1
            assert ticks and all(float(t).is_integer() for t in ticks), f"{name}: ticks {ticks}"
            assert not any("%" in s for s in labels), f"{name}: a colour bar in points labelled {labels}"
    assert checked >= 4


def test_no_strategy_panel_where_one_strategy_plays_every_seat(caught):
    one, mixed = caught["run_files/win_rates.png"], caught["cmp_files/win_rates.png"]
    assert [a.get_title() for a in one.axes] == ["By seat (seat 0 starts)"]
    assert [a.get_title() for a in mixed.axes] == ["By seat (seat 0 starts)", "By strategy"]


def test_variant_deltas_show_the_largest_rows_only(caught):
    fig = caught["cmp_files/variant_deltas.png"]
    rows = [len(ax.get_yticks()) for ax in fig.axes]
    assert rows and all(r <= F.TOP_DELTAS for r in rows)
    assert fig.get_size_inches()[1] * F.DPI < 1800


def test_legends_sit_beside_the_data(caught):
    checked = 0
    for name, fig in caught.items():
        for ax in fig.axes:
            legend = ax.get_legend()
            if legend is None or not name.endswith("_value.png"):
                continue
            fig.canvas.draw()
            box, area = legend.get_window_extent(), ax.get_window_extent()
            assert box.x0 >= area.x1 - 1, f"{name}: the legend covers the plot"
            checked += 1
    assert checked >= 2


# ---------------------------------------------------------------- words
def test_no_python_literals_in_the_header(built):
    _, page, _ = built
    header = page[page.index('<p class="meta">'):page.index('<section id="summary">')]
    assert "rotate seats</b>: no" in header
    assert not re.search(r"\b(True|False|None)\b", header)


def test_jargon_comes_with_its_explanation(built):
    _, page, _ = built
    text = htmllib.unescape(re.sub(r"<[^>]+>", " ", page))
    for term in ("improvement when drawn", "GIH"):
        for at in (m.start() for m in re.finditer(re.escape(term), text)):
            sentence = text[text.rfind(".", 0, at) + 1:text.find(".", at)]
            assert "win rate" in sentence, f"{term!r} unexplained in: {sentence}"


def test_numbered_actions_are_named_by_what_they_do(built):
    run, page, _ = built
    game = get_game("aeolos")
    names = game.item_names(open_run(run).manifest["config"])
    harbor = game.subjects[1]
    assert set(names) == {str(i) for i in harbor.items}
    table = page[page.index('id="table-harbor"'):]
    table = htmllib.unescape(table[:table.index("</table>")])
    for i in harbor.items:
        assert f"the harbor {i} action ({names[str(i)]})" in table
    assert game.item_names({**open_run(run).manifest["config"], "variable": {"enabled": True}}) == {}


def test_items_a_strategy_never_plays_are_marked(built):
    run, page, _ = built
    seats = pl.scan_parquet(str(run / "seats" / "*.parquet")).collect()
    card = get_game("aeolos").subjects[0]
    never = [i for i in card.items if (seats[card.column.format(item=i)] > 0).sum() >= 30
             and (seats[card.played.format(item=i)] > 0).sum() == 0]
    assert never, "this run's strategy plays every card it draws: nothing to check"
    table = page[page.index('id="table-never_played"'):]
    table = table[:table.index("</table>")]
    for i in never:
        assert f"<td class=\"t\">{card.text(i)}</td>" in table
    found = page[page.index('<section id="findings">'):page.index('<section id="tables">')]
    for sentence in re.findall(r"</span>(.*?)</li>", found):
        if any(f"drew {card.text(i)} win" in sentence for i in never):
            assert "never played it" in sentence
