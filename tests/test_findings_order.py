"""The findings list a designer reads: a minimum group size before a comparison can become a
finding, the order of what a designer acts on (seats first, item associations last), one
finding per cause, and the summary card's verdicts. Planted answers on small synthetic runs
(tests/test_analysis_synthetic.py writes them)."""
import re

import numpy as np
import polars as pl
import pytest

from analysis.findings import ITEMS, SEATS, VARIANT_RATES, VARIANT_SCORES, findings
from analysis.group_size import NONE, MinGroup
from analysis.load import open_tables
from analysis.verdicts import FAIL, NA, PASS, verdicts
from analysis.winrates import seat_win_rates, strategy_win_rates
from simulate.core.protocol import Game
from tests.test_analysis_synthetic import planted_seat_scores, write_dataset


def test_min_group_is_the_smaller_of_share_and_count():
    g = MinGroup(0.01, 1000)
    assert g.size(6000) == 60 and g.size(300_000) == 1000 and g.size(150) == 2
    assert list(g.big_enough([59, 60], [6000, 6000])) == [False, True]
    with pytest.raises(ValueError):
        MinGroup(1.5, 10)


def _rare_loser(tmp_path, name, rare, loses=True):
    """2-player games (3,000) in which `rare` seats never take harbor 8's action and always lose
    (`loses` False: win as often as anyone)."""
    rng = np.random.default_rng(3)
    n = 3000
    scores = rng.normal(60, 8, (n, 2)).round().astype(int)
    took = np.ones((n, 2), int)
    idx = rng.choice(n, rare, replace=False)
    took[idx, 0] = 0
    if loses:
        scores[idx, 0] = scores[idx, 1] - 5                   # the seats that did not take it lose
    return open_tables(write_dataset(tmp_path / name, scores, seat_columns={"actions_harbor_8": took.ravel()}))


def test_a_group_below_the_minimum_is_no_finding(tmp_path):
    small, big = _rare_loser(tmp_path, "small", 40), _rare_loser(tmp_path, "big", 100)   # the minimum: 60 of 6,000

    def harbor(t, **kw):
        return [f for f in findings(t, **kw) if f.kind == "harbor"]

    assert harbor(small) == []
    assert [f.subject for f in harbor(small, min_group=NONE)] == ["harbor 8"]
    assert [f.subject for f in harbor(big)] == ["harbor 8"]


def test_seats_come_before_larger_item_associations(tmp_path):
    rng = np.random.default_rng(9)
    n = 4000
    scores = planted_seat_scores(n, 0.56, seed=2)
    zeus = (rng.random((n, 2)) < 0.4).astype(int)
    scores = scores + 25 * zeus                               # holders of the card win far more often
    t = open_tables(write_dataset(tmp_path / "d", scores, seat_columns={"favor_drawn_zeus": zeus.ravel()}))
    found = findings(t)
    kinds = [f.kind for f in found]
    assert "seat" in kinds and "card" in kinds
    card, seat = next(f for f in found if f.kind == "card"), next(f for f in found if f.kind == "seat")
    assert card.size > seat.size and kinds.index("seat") < kinds.index("card")
    assert [f.tier for f in found] == sorted(f.tier for f in found) and seat.tier == SEATS and card.tier == ITEMS
    assert "an association, not a cause" in card.sentence


def test_one_flat_score_shift_is_one_finding(tmp_path):
    """A variant adding 5 to every seat moves the seats', the strategy's, the holders' and the
    winner's score: one finding, the rest listed in it."""
    rng = np.random.default_rng(4)
    n = 3000
    scores = planted_seat_scores(n, 0.5, seed=6)
    zeus = (rng.random((n, 2)) < 0.4).astype(int).ravel()
    a = write_dataset(tmp_path / "a", scores, variant="base", run_id="ra", seat_columns={"favor_drawn_zeus": zeus})
    b = write_dataset(tmp_path / "b", scores + 5, variant="plus5", run_id="rb",
                      seat_columns={"favor_drawn_zeus": zeus})
    shifts = [f for f in findings([a, b]) if f.kind == "variant"]
    assert len(shifts) == 1
    f = shifts[0]
    assert f.tier == VARIANT_SCORES and "likely one cause" in f.sentence
    merged = {g.short for g in f.also} | {f.short}
    assert {"final VP of seat 0", "final VP of seat 1"} <= merged and f.short == "the winner's VP"
    assert any("drew Zeus" in s for s in merged) and len(f.also) >= 4


def test_two_player_seats_mirror_is_one_finding(tmp_path):
    t = open_tables(write_dataset(tmp_path / "d", planted_seat_scores(4000, 0.6, seed=1)))
    seats = [f for f in findings(t) if f.kind == "seat"]
    assert len(seats) == 1 and [g.short for g in seats[0].also] == ["seat 1 below fair"]
    edge, deficit = (f"{100 * f.effect:+.1f}" for f in (seats[0], *seats[0].also))   # each signed, its own
    assert f"The same difference ({deficit} and {edge} percentage points)" in seats[0].sentence, seats[0].sentence
    assert "±" not in seats[0].sentence and "+-" not in seats[0].sentence


def test_changes_at_other_player_counts_are_never_one_cause(tmp_path):
    """The review: "likely one cause: final glory of seats that played Kusan (2-player)" closed a
    4-player change. A variant adding 5 to every score at two and at three players: one finding per
    player count, each listing only its own."""
    rng = np.random.default_rng(4)
    cols = {}
    parts = []
    for players, n in ((2, 3000), (3, 2000)):
        scores = rng.normal(60, 8, (n, players)).round().astype(int)
        cols = {"favor_drawn_zeus": (rng.random((n, players)) < 0.4).astype(int).ravel()}
        parts += [write_dataset(tmp_path / f"a{players}", scores, variant="base", run_id=f"a{players}",
                                seat_columns=cols),
                  write_dataset(tmp_path / f"b{players}", scores + 5, variant="plus5", run_id=f"b{players}",
                                seat_columns=cols)]
    shifts = [f for f in findings(parts) if f.kind == "variant" and f.tier == VARIANT_SCORES]
    assert sorted(f.details["n_players"] for f in shifts) == [2, 3]
    for f in shifts:
        assert f.also and {g.details["n_players"] for g in f.also} == {f.details["n_players"]}, f.sentence
        other = "(3-player)" if f.details["n_players"] == 2 else "(2-player)"
        assert "likely one cause" in f.sentence and other not in f.sentence, f.sentence


def test_a_variant_line_never_says_win_rates_hold_beside_a_holders_finding(tmp_path):
    """The review: a comparison's card said "win rates and balance hold" beside a finding of -7.8
    points (the win rate of a card's holders, an association). Seats holding Zeus score 12 more in a
    variant: their win rate moves, no seat's does; the line names it and says nothing holds."""
    rng = np.random.default_rng(5)
    n = 3000
    scores = rng.normal(60, 8, (n, 2)).round().astype(int)
    zeus = (rng.random((n, 2)) < 0.3).astype(int)
    cols = {"favor_drawn_zeus": zeus.ravel()}
    a = write_dataset(tmp_path / "a", scores, variant="base", run_id="ra", seat_columns=cols)
    b = write_dataset(tmp_path / "b", scores + 12 * zeus, variant="zeus12", run_id="rb", seat_columns=cols)
    t = open_tables([a, b])
    found = findings(t)
    holders = [f for f in found if f.kind == "variant" and f.tier == ITEMS and f.rate]
    assert holders and not [f for f in found if f.tier == VARIANT_RATES]
    v = {x.question: x for x in verdicts(found, seat_win_rates(t.seats), strategy_win_rates(t.seats), 0.03, True,
                                         ("card",))}["Variant effects"]
    assert v.verdict == "watch" and not re.search(r"\bholds?\b", v.reason), v.reason
    largest = max(holders, key=lambda f: abs(f.effect))
    assert f"{largest.short} (2-player), {100 * largest.effect:+.1f} points" in v.reason, v.reason


def test_verdicts(tmp_path):
    unfair = open_tables(write_dataset(tmp_path / "u", planted_seat_scores(4000, 0.6, seed=1)))
    fair = open_tables(write_dataset(tmp_path / "f", planted_seat_scores(20000, 0.5, seed=2)))
    few = open_tables(write_dataset(tmp_path / "w", planted_seat_scores(200, 0.5, seed=3)))
    for t, expected in ((unfair, FAIL), (fair, PASS), (few, "watch")):
        v = {x.question: x for x in verdicts(findings(t), seat_win_rates(t.seats), strategy_win_rates(t.seats),
                                             0.03, False, ("card",))}
        assert v["Seat balance"].verdict == expected, v["Seat balance"]
        assert v["Strategy balance"].verdict == NA and v["Variant effects"].verdict == NA
        assert v["Card outliers"].verdict == PASS


def test_report_top_summary_more_and_greyed_groups(tmp_path):
    """Eight cards and six harbor actions each plainly associated with winning: the first ten
    findings on screen and the rest behind "more"; harbor 8's 40 non-takers greyed in its table."""
    from reports import build_report
    from simulate.core.games import get_game

    card, harbor = get_game("aeolos").subjects[:2]
    rng = np.random.default_rng(12)
    n = 3000
    cols, bonus = {}, np.zeros((n, 2))
    for i, item in enumerate(card.items + harbor.items[:6]):
        had = (rng.random((n, 2)) < 0.5).astype(int)
        cols[card.column.format(item=item) if i < len(card.items) else harbor.column.format(item=item)] = had.ravel()
        bonus += 6 * had
    rare = np.ones((n, 2), int)
    rare[rng.choice(n, 40, replace=False), 0] = 0
    cols["actions_harbor_9"] = rare.ravel()
    scores = (rng.normal(60, 8, (n, 2)) + bonus).round().astype(int)
    src = write_dataset(tmp_path / "d", scores, seat_columns=cols)
    result = build_report(src, tmp_path / "r.html")
    page, md = result.html.read_text(), result.markdown.read_text()
    assert len(result.findings) > 10
    summary = page[page.index('<section id="summary">'):page.index('<section id="findings">')]
    assert [q in summary for q in ("Seat balance", "Strategy balance", "Variant effects",
                                   "Card and harbor outliers")] == [True] * 4
    assert 'class="badge fail">fail' in summary and 'class="badge na">n/a' in summary
    found = page[page.index('<section id="findings">'):page.index('<section id="tables">')]
    before, more = found.split('<details class="more">')
    assert before.count("<li>") == 10 and more.count("<li>") == len(result.findings) - 10
    assert f"### More findings ({len(result.findings) - 10})" in md
    harbor_table = page[page.index('id="table-harbor"'):]
    harbor_table = harbor_table[:harbor_table.index("</table>")]
    small = [r for r in harbor_table.split("<tr") if 'class="small"' in r]
    assert len(small) == 1 and "the harbor 9 action" in small[0] and "Greyed" in harbor_table
    assert not any(f.subject == "harbor 9" for f in result.findings)


def test_variant_changes_of_few_holders_are_no_finding(tmp_path):
    """Zeus held by 40 of 6,000 seat-games (the minimum: 60), Hera by about 2,400: a variant adding
    5 to every score shifts both groups' scores, but only Hera's holders count."""
    from analysis.variants import big_enough_rows, compare_variants

    rng = np.random.default_rng(7)
    n = 3000
    scores = planted_seat_scores(n, 0.5, seed=8)
    zeus = np.zeros(n * 2, int)
    zeus[rng.choice(n * 2, 40, replace=False)] = 1
    hera = (rng.random(n * 2) < 0.4).astype(int)
    cols = {"favor_drawn_zeus": zeus, "favor_drawn_hera": hera}
    a = write_dataset(tmp_path / "a", scores, variant="base", run_id="ra", seat_columns=cols)
    b = write_dataset(tmp_path / "b", scores + 5, variant="plus5", run_id="rb", seat_columns=cols)
    df = compare_variants([a, b])
    ok = dict(zip(df["subject"] + " " + df["metric"], big_enough_rows(df, MinGroup())))
    assert not ok["card zeus score_total"] and ok["card hera score_total"] and ok["seat 0 score_total"]
    assert df.filter(pl.col("subject") == "card zeus")["significant"].any()       # significant, all the same
    merged = [g.short for f in findings([a, b]) if f.kind == "variant" for g in [f, *f.also]]
    assert any("drew Hera" in s for s in merged) and not any("drew Zeus" in s for s in merged)


def test_never_played_from_a_cards_table_counts_only_kinds_that_get_played():
    from analysis.load import Tables
    from analysis.never_played import never_played

    n = 40
    seats = pl.DataFrame({"run_id": ["r"] * 2 * n, "game_id": np.repeat(np.arange(n), 2), "seat": [0, 1] * n,
                          "strategy": ["a", "b"] * n, "variant": ["base"] * 2 * n, "n_players": [2] * 2 * n})
    cards = pl.DataFrame({"run_id": ["r"] * 4 * n, "game_id": np.repeat(np.arange(n), 4),
                          "seat": [0, 1, 0, 1] * n, "card": ["sail", "sail", "crown", "crown"] * n,
                          "kind": ["journey", "journey", "upgrade", "upgrade"] * n,
                          "turn_played": [3, None, None, None] * n}).with_columns(pl.col("turn_played").cast(pl.Int16))
    t = Tables(pl.DataFrame().lazy(), seats.lazy(), extra={"cards": cards.lazy()})
    carded = type("Carded", (Game,), {"card_table": "cards"})()
    df = never_played(t, carded)
    assert df.select("strategy", "source", "item", "drawn").rows() == [("b", "cards", "sail", n)]
    assert never_played(t, carded, least=n + 1).height == 0
    assert never_played(t, Game()).height == 0          # a game that declares no card table: not read
