"""The causal item values' forest plot (issue #40, ``reports.figures.item_values_forest``) on
synthetic frames: largest |effect| first, items that change every seat's game left out, as many
as fit 2,000 px (the title saying how many), the band and the verdicts drawn; and its place in
the report's figures, first among the items'."""
from types import SimpleNamespace

import numpy as np
import polars as pl
import pytest

from reports import figures as F

TITLE = "What each item does to the win rate of the seat that holds it"
VERDICTS = ["larger than the band", "within the band", "unsettled", "no win-rate verdict"]


def item_values(effects, per_seat=None, cls="Favor card"):
    n = len(effects)
    effects = np.asarray(effects, dtype=float)
    return pl.DataFrame({
        "class": [cls] * n, "item": [f"c{i}" for i in range(n)], "label": [f"Card {i} (c{i})" for i in range(n)],
        "effect": effects, "low": effects - 0.01, "high": effects + 0.01,
        "score": 100 * effects, "score_low": 100 * effects - 1, "score_high": 100 * effects + 1,
        "games": [2000] * n, "settled": [True] * n, "verdict": [VERDICTS[i % 4] for i in range(n)],
        "per_seat": per_seat if per_seat is not None else [True] * n})


@pytest.fixture
def caught(monkeypatch):
    """{PNG name: the matplotlib Figure saved as it}."""
    figs, save = {}, F._save

    def keep(fig, folder, name):
        figs[name] = fig
        return save(fig, folder, name)

    monkeypatch.setattr(F, "_save", keep)
    return figs


def rows_of(fig):
    ax = next(a for a in fig.axes if a.get_label() != "<colorbar>")
    return ax, [t.get_text() for t in ax.get_yticklabels()]


def test_items_are_drawn_largest_first_without_those_that_change_every_seat(tmp_path, caught):
    df = item_values([0.01, -0.05, 0.02, 0.09, -0.005], per_seat=[True, True, True, False, True])
    path = F.item_values_forest(df, tmp_path, 0.03, "points")
    assert path == tmp_path / "item_values.png" and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    ax, rows = rows_of(caught["item_values.png"])
    # card 3 (+9 points) changes every seat's game: not drawn; the others by |effect|, its score beside
    assert rows == ["Favor card: Card 1 (c1) · -5.0 points [-6.0, -4.0]", "Favor card: Card 2 (c2) · +2.0 points "
                    "[+1.0, +3.0]", "Favor card: Card 0 (c0) · +1.0 points [+0.0, +2.0]",
                    "Favor card: Card 4 (c4) · -0.5 points [-1.5, +0.5]"]
    assert ax.get_title() == TITLE
    points = ax.collections[-1].get_offsets()
    assert list(np.round(points[:, 0], 6)) == [-5.0, 2.0, 1.0, -0.5]                 # percentage points
    band = [p for p in ax.patches if p.get_label().startswith("the band")]
    assert len(band) == 1 and band[0].get_label() == "the band (±3.0 points)"
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert {"larger than the band", "within the band", "unsettled"} <= set(legend)
    assert "no win-rate verdict" not in legend                                          # only card 3 had it


def test_many_items_show_the_largest_that_fit_the_cap_and_say_so(tmp_path, caught):
    rng = np.random.default_rng(3)
    effects = rng.normal(0, 0.05, 300)
    path = F.item_values_forest(item_values(effects), tmp_path / "many.png", 0.03, "glory")
    w, h = F.png_size(path.read_bytes())
    assert path.name == "many.png" and w <= F.MAX_PX and 1000 < h <= F.MAX_PX
    ax, rows = rows_of(caught["many.png"])
    shown = len(rows)
    assert 20 < shown < 300 and ax.get_title().replace("\n", " ") == f"{TITLE} (the {shown} largest of 300; every one in the table)"
    largest = np.sort(np.abs(effects))[::-1][:shown]
    assert np.allclose(np.abs(ax.collections[-1].get_offsets()[:, 0]), 100 * largest)
    assert all(" glory [" in r for r in rows)


def test_nothing_to_draw_is_no_figure_and_the_same_items_draw_the_same_bytes(tmp_path):
    assert F.item_values_forest(item_values([0.05, 0.02], per_seat=[False, False]), tmp_path, 0.03) is None
    df = item_values([0.04, -0.02, np.nan])
    one = F.item_values_forest(df, tmp_path / "a.png", 0.03).read_bytes()
    assert F.item_values_forest(df, tmp_path / "b.png", 0.03).read_bytes() == one


def test_the_report_draws_it_first_among_the_items_when_its_data_has_item_values(tmp_path):
    card = SimpleNamespace(name="card", title="Favor card", verb="drew")
    data = SimpleNamespace(game=SimpleNamespace(subjects=[card]), unit="points", threshold=0.03, values={},
                           names={}, item_values=item_values([0.04, -0.02]))
    names = list(F.figures(data))
    assert names[names.index("seat_heatmap") + 1:][:2] == ["item_values", "card_value"]
    assert F.draw_item_values(data, tmp_path) == tmp_path / "item_values.png"
    for missing in (None, item_values([]), pl.DataFrame({"effect": [0.1]}).to_pandas()):
        assert F.draw_item_values(SimpleNamespace(**{**vars(data), "item_values": missing}), tmp_path) is None
    del data.item_values                                     # a ReportData without the attribute
    assert F.draw_item_values(data, tmp_path) is None
