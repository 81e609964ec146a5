"""Pivot views of a comparison (issue #34): one table per question with the cells as columns (the
baseline first at each player count) whose entries are the per-cell tables' own numbers, and the
charts of seat advantage by player count and item win rate by cell."""
import polars as pl
import pytest

from reports import build_report
from reports.data import gather
from reports.pivots import pivot_tables
from simulate.running.compare import run_compare


@pytest.fixture(scope="module")
def compared(tmp_path_factory):
    out = tmp_path_factory.mktemp("pivot") / "cmp"
    run_compare("aeolos", "base,poseidon", "2,3", 300, 1, "balanced", out=out, jobs=1, progress=False)
    return out


def test_a_row_reads_one_seat_across_the_cells_with_the_seat_tables_numbers(compared):
    data = gather(compared)
    seat = next(t for t in pivot_tables(data) if t.key == "pivot_seat")
    assert seat.headers == ["seat", "base, 2p", "poseidon, 2p", "base, 3p", "poseidon, 3p"]
    for row in seat.rows:
        s = int(row[0])
        for header, text in zip(seat.headers[1:], row[1:]):
            variant, players = header.split(", ")
            r = data.seat.filter((pl.col("seat") == s) & (pl.col("variant") == variant)
                                 & (pl.col("n_players") == int(players[:-1])))
            if r.height:
                assert text.startswith(f"{100 * r['advantage'][0]:+.1f} ["), (header, text)
            else:
                assert text == "–" and s == 2 and players == "2p"          # no seat 2 in a two-player game


def test_each_subject_has_its_pivot_and_the_report_draws_the_charts(compared):
    data = gather(compared)
    keys = [t.key for t in pivot_tables(data)]
    assert keys[0] == "pivot_seat" and {f"pivot_{s.name}" for s in data.values} <= set(keys)
    card = next(t for t in pivot_tables(data) if t.key == "pivot_card")
    subject = next(s for s in data.values if s.name == "card")
    first = data.values[subject].filter((pl.col("variant") == "base") & (pl.col("n_players") == 2)).row(0, named=True)
    row = next(r for r in card.rows if r[0] == subject.text(first["card"], data.names))
    assert row[1].startswith(f"{100 * first[f'win_rate_{subject.states[0]}']:.1f}%")
    result = build_report(compared, compared / "report.html")
    names = {p.name for p in result.figures}
    assert {"seat_advantage_by_players.png", "harbor_by_cell.png"} <= names
    assert "### Seat advantage by cell" in result.markdown.read_text()


def test_one_cell_has_no_pivot(tmp_path):
    import simulate
    simulate.run("aeolos", players=2, games=100, seed=1, out=tmp_path / "r", jobs=1, progress=False)
    assert pivot_tables(gather(tmp_path / "r")) == []
