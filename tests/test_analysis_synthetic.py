"""analysis/*: planted answers on small synthetic datasets written as Parquet with the real
column names (seats / games / cards of a run), read back lazily; and the same analysis and
report for a made-up game (GAME below: scored in glory, one subject, no cards table)."""
import math
import re

import numpy as np
import polars as pl
import pyarrow as pa
import pytest

from analysis import balance, findings, value, variants, winrates
from analysis.load import Tables, open_tables, protocol
from analysis.significance import benjamini_hochberg, holm
from reports import build_report
from simulate.core import games
from simulate.core.protocol import Game, Subject
from simulate.core.records import CORE

AEOLOS = games.get_game("aeolos")
SCHEMAS = AEOLOS.schemas()
CARD, HARBOR, ABILITY = AEOLOS.subjects


class Glory(Game):
    """A made-up game for the generic path: scored in glory, one count subject, no cards table.
    This test module is its package (registered as "glory" by the `glory` fixture)."""

    name = "glory"
    title = "Glory Road"
    score_unit = "glory"
    tiebreak = "a tie on glory is shared"
    subjects = (Subject("relic", "Relic value", "relics_{item}", verb="held", phrase="the {item} relic",
                        note="Seats that held the relic at the end of a game against those that did not."),)


GAME = Glory()


def _dtype(field):
    return pl.from_arrow(pa.array([], field.type)).dtype


def _frame(table, columns, n, core=None):
    """A table with every real column (zeros, nulls for strings and lists; only those in `core`
    when given), then the given ones."""
    fields = [f for f in SCHEMAS[table] if core is None or f.name in core]
    base = {f.name: (pl.Series(f.name, [None] * n, dtype=_dtype(f)) if _dtype(f) == pl.String
                     or isinstance(_dtype(f), pl.List) else pl.Series(f.name, np.zeros(n)).cast(_dtype(f)))
            for f in fields}
    base.update({k: pl.Series(k, v).cast(base[k].dtype) if k in base else pl.Series(k, v)
                 for k, v in columns.items()})
    return pl.DataFrame(list(base.values()))


def write_dataset(path, scores, variant="base", run_id="r", seed_offset=0, seat_columns=None, games_columns=None,
                  strategies=None, game="aeolos"):
    """Write games/ and seats/ (and an empty cards/) for `scores` (games x players): the
    highest score wins, ties share rank 0. Returns the folder. For a game other than AEOLOS
    only the CORE columns and the given ones, and no cards/."""
    scores = np.asarray(scores, dtype=np.int64)
    g, p = scores.shape
    top = scores.max(axis=1, keepdims=True)
    won = scores == top
    rank = (scores[:, None, :] > scores[:, :, None]).sum(axis=2)          # seats with a higher score
    seat = np.tile(np.arange(p), g)
    strategies = strategies or ["s"] * p
    core = None if game == "aeolos" else CORE
    seats = _frame("seats", {"run_id": [run_id] * (g * p), "game_id": np.repeat(np.arange(g), p), "seat": seat,
                             "strategy": [strategies[s] for s in seat], "strategy_slot": seat,
                             "won": won.ravel(), "rank": rank.ravel(), "score_total": scores.ravel(),
                             **(seat_columns or {})}, g * p, core and core["seats"])
    games = _frame("games", {"run_id": [run_id] * g, "game_id": np.arange(g), "seed": np.arange(g) + seed_offset,
                             "game": [game] * g, "variant": [variant] * g, "n_players": [p] * g,
                             "winner_seat": won.argmax(axis=1), "tie": won.sum(axis=1) > 1,
                             "winner_strategy": [strategies[s] for s in won.argmax(axis=1)],
                             **(games_columns or {})}, g, core and core["games"])
    tables = {"games": games, "seats": seats}
    if core is None:
        tables["cards"] = pl.DataFrame(schema={f.name: _dtype(f) for f in SCHEMAS["cards"]})
    for name, df in tables.items():
        (path / name).mkdir(parents=True, exist_ok=True)
        df.write_parquet(path / name / f"part-{run_id}.parquet")
    return path


def planted_seat_scores(n, p_seat0, seed=0):
    """2-player games where seat 0 wins with probability p_seat0 (no ties)."""
    rng = np.random.default_rng(seed)
    seat0_wins = rng.random(n) < p_seat0
    win, lose = 60 + rng.integers(0, 10, n), 40 + rng.integers(0, 10, n)
    return np.column_stack([np.where(seat0_wins, win, lose), np.where(seat0_wins, lose, win)])


@pytest.fixture(scope="module")
def seat_planted(tmp_path_factory):
    return open_tables(write_dataset(tmp_path_factory.mktemp("seat") / "d", planted_seat_scores(4000, 0.6)))


# ---------------------------------------------------------------- win rates and findings
def test_planted_seat_win_rate_is_found_and_covered(seat_planted):
    df = winrates.seat_win_rates(seat_planted.seats)
    s0 = df.filter(pl.col("seat") == 0).row(0, named=True)
    assert s0["n"] == 4000 and s0["fair"] == 0.5
    assert s0["lo"] <= 0.6 <= s0["hi"]
    assert s0["p_value"] < 1e-6 and s0["advantage"] == pytest.approx(s0["win_rate"] - 0.5)
    fp = winrates.first_player_advantage(seat_planted.seats)
    assert fp.height == 1 and fp["win_rate"][0] == s0["win_rate"]

    found = findings.findings(seat_planted, threshold=0.05)
    seat0 = [f for f in found if f.kind == "seat" and f.subject == "seat 0"]
    assert len(seat0) == 1
    f = seat0[0]
    assert f.effect == pytest.approx(s0["advantage"]) and f.p_value < 0.001
    assert f.sentence.startswith(f"Seat 0 wins {100 * s0['win_rate']:.1f}% of 2-player games (95% CI ")
    assert "n = 4,000" in f.sentence and "above fair (50.0%); p < 0.001." in f.sentence
    assert all(isinstance(x, findings.Finding) for x in found)
    assert [abs(x.effect) / x.scale for x in found] == sorted((abs(x.effect) / x.scale for x in found), reverse=True)


def test_fair_seats_give_no_finding(tmp_path):
    t = open_tables(write_dataset(tmp_path / "d", planted_seat_scores(4000, 0.5, seed=3)))
    assert [f for f in findings.findings(t, threshold=0.03) if f.kind == "seat"] == []


def test_threshold_hides_small_significant_effects(seat_planted):
    assert [f for f in findings.findings(seat_planted, threshold=0.2) if f.kind == "seat"] == []


# ---------------------------------------------------------------- hand-computed balance numbers
@pytest.fixture()
def tiny(tmp_path):
    scores = [[50, 40, 30], [45, 45, 20], [30, 60, 55], [20, 25, 70]]
    return open_tables(write_dataset(tmp_path / "tiny", scores, strategies=["a", "b", "c"],
                                     games_columns={"turns": [30, 32, 34, 36], "rounds": [10, 11, 11, 12]},
                                     seat_columns={"score_temple": [10, 0, 0] * 4, "score_harbor": [5, 5, 5] * 4}))


def test_balance_tie_rate_margin_by_hand(tiny):
    wr = winrates.seat_win_rates(tiny.seats)
    assert wr["wins"].to_list() == [2, 2, 1] and wr["n"].to_list() == [4, 4, 4]
    b = balance.balance(tiny.seats).row(0, named=True)
    assert b["balance"] == pytest.approx(0.75) and b["gap"] == pytest.approx(0.25)
    assert b["highest"] == 0 and b["lowest"] == 2 and b["lo"] <= 0.75 <= b["hi"]
    t = balance.tie_rate(tiny.games).row(0, named=True)
    assert (t["ties"], t["n"], t["tie_rate"]) == (1, 4, 0.25)
    m = balance.margin_of_victory(tiny.seats).row(0, named=True)
    assert m["mean"] == pytest.approx(15.0) and m["n"] == 4 and (m["min"], m["max"]) == (0, 45)
    assert m["sd"] == pytest.approx(np.std([10, 0, 5, 45], ddof=1))
    assert m["q50"] == 5                                                  # sorted 0, 5, 10, 45
    ws = balance.winner_score(tiny.seats).row(0, named=True)
    assert ws["mean"] == pytest.approx((50 + 45 + 60 + 70) / 4)


def test_game_length_and_histogram_by_hand(tiny):
    gl = balance.game_length(tiny.games)
    turns = gl.filter(pl.col("metric") == "turns").row(0, named=True)
    assert turns["mean"] == 33 and turns["q50"] == 32 and turns["q25"] == 30 and turns["q95"] == 36
    assert turns["lo"] < 33 < turns["hi"]
    assert gl.filter(pl.col("metric") == "rounds")["mean"][0] == 11
    h = balance.length_histogram(tiny.games, "rounds")
    assert h.select("rounds", "games").rows() == [(10, 1), (11, 2), (12, 1)]
    assert h["share"].sum() == pytest.approx(1.0)


def test_score_sources_and_matrix_by_hand(tiny):
    src = balance.score_sources(tiny.seats)
    a = {r["source"]: r["mean"] for r in src.filter(pl.col("strategy") == "a").iter_rows(named=True)}
    assert a["temple"] == 10 and a["harbor"] == 5 and a["total"] == pytest.approx(145 / 4) and a["crystals"] == 0
    order = src.filter(pl.col("strategy") == "a")["source"].to_list()       # the schema's order, then the total
    assert order == balance.score_sources_of(tiny.seats) + ["total"] and order[:2] == ["temple", "prophet"]
    m = winrates.strategy_matrix(tiny.seats)
    ab = m.filter((pl.col("strategy") == "a") & (pl.col("opponent") == "b")).row(0, named=True)
    assert (ab["wins"], ab["losses"], ab["draws"], ab["n"]) == (1, 2, 1, 4) and ab["score"] == 0.375
    ba = m.filter((pl.col("strategy") == "b") & (pl.col("opponent") == "a")).row(0, named=True)
    assert (ba["wins"], ba["losses"]) == (2, 1)


# ---------------------------------------------------------------- card value
def test_planted_card_adds_five_vp(tmp_path):
    rng = np.random.default_rng(5)
    n, p = 3000, 2
    zeus = (rng.random((n, p)) < 0.3).astype(int)
    played = zeus * (rng.random((n, p)) < 0.5)
    scores = rng.normal(60, 8, (n, p)).round().astype(int) + 5 * zeus
    t = open_tables(write_dataset(tmp_path / "d", scores, seat_columns={
        "favor_drawn_zeus": zeus.ravel(), "favor_played_zeus": played.ravel(), "score_favor_played": 5 * zeus.ravel(),
        "favor_drawn_hera": (rng.random(n * p) < 0.3).astype(int)}))
    cv = value.value(t.seats, CARD)
    z = cv.filter(pl.col("card") == "zeus").row(0, named=True)
    assert z["n_drawn"] == zeus.sum() and z["n_not_drawn"] == n * p - zeus.sum() and z["n_played"] == played.sum()
    assert z["vp_difference"] == pytest.approx(5, abs=1.0) and z["vp_difference_lo"] < 5 < z["vp_difference_hi"]
    assert z["improvement"] > 0.1 and z["improvement_p"] < 1e-6 and z["improvement_lo"] > 0
    assert z["lo_drawn"] <= z["win_rate_drawn"] <= z["hi_drawn"]
    h = cv.filter(pl.col("card") == "hera").row(0, named=True)
    assert h["improvement_p"] > 0.001 and h["vp_difference_lo"] < 0 < h["vp_difference_hi"] + 1
    art = cv.filter(pl.col("card") == "artemis").row(0, named=True)         # never drawn: no contrast
    assert art["n_drawn"] == 0 and math.isnan(art["improvement"])
    found = [f for f in findings.findings(t, threshold=0.05) if f.kind == "card"]
    assert [f.subject for f in found] == ["card zeus"] and found[0].sentence.startswith("Seats that drew Zeus win")


def test_harbor_and_ability_value(tmp_path):
    rng = np.random.default_rng(8)
    n = 2000
    took8 = rng.integers(0, 3, (n, 2))
    ability = rng.integers(0, 2, (n, 2))
    scores = rng.normal(60, 8, (n, 2)).round().astype(int) + 4 * (took8 > 0) + 6 * ability
    names = np.array(["settlement", "ship"])[ability.ravel()]
    t = open_tables(write_dataset(tmp_path / "d", scores, seat_columns={"actions_harbor_8": took8.ravel()}))
    with_ability = open_tables(write_dataset(tmp_path / "e", scores, seat_columns={"tableau": names}))
    hv = value.value(t.seats, HARBOR)
    h8 = hv.filter(pl.col("harbor") == 8).row(0, named=True)
    assert h8["mean_count"] == pytest.approx(took8.mean()) and h8["share_took"] == pytest.approx((took8 > 0).mean())
    assert h8["vp_difference"] == pytest.approx(4, abs=1.2) and h8["improvement_p"] < 1e-4
    assert {"n_took", "n_not_took"} <= set(hv.columns) and "n_played" not in hv.columns
    assert value.value(t.seats, ABILITY) is None                          # no tableau dealt
    av = value.value(with_ability.seats, ABILITY)
    assert av["ability"].to_list() == ["settlement", "ship"] and "mean_count" not in av.columns
    ship = av.filter(pl.col("ability") == "ship").row(0, named=True)
    assert ship["vp_difference"] == pytest.approx(6, abs=1.2) and ship["improvement"] > 0


# ---------------------------------------------------------------- variants
def test_identical_variants_show_no_difference(tmp_path):
    scores = planted_seat_scores(2000, 0.55, seed=11)
    a = write_dataset(tmp_path / "a", scores, variant="base", run_id="ra")
    b = write_dataset(tmp_path / "b", scores, variant="copy", run_id="rb")
    df = variants.compare_variants([a, b])
    assert df.height > 10 and set(df["variant"]) == {"copy"}
    assert df.filter(pl.col("metric") != "balance")["paired"].all()
    assert not df["significant"].any() and (df["diff"].abs() < 1e-12).all()
    assert [f for f in findings.findings([a, b]) if f.kind == "variant"] == []


def test_independent_samples_of_one_variant_show_no_difference_after_correction(tmp_path):
    a = write_dataset(tmp_path / "a", planted_seat_scores(2000, 0.55, seed=1), variant="base", run_id="ra")
    b = write_dataset(tmp_path / "b", planted_seat_scores(2000, 0.55, seed=2), variant="other", run_id="rb",
                      seed_offset=10_000)
    for method in ("holm", "bh"):
        df = variants.compare_variants([a, b], method=method)
        assert not df["paired"].any() and not df["significant"].any()
        won = df.filter((pl.col("subject") == "seat 0") & (pl.col("metric") == "won")).row(0, named=True)
        assert won["lo"] < 0 < won["hi"] and won["n_a"] == won["n_b"] == 2000


def test_paired_difference_finds_a_planted_change(tmp_path):
    scores = planted_seat_scores(1000, 0.6, seed=4)
    a = write_dataset(tmp_path / "a", scores, variant="base", run_id="ra")
    b = write_dataset(tmp_path / "b", scores + np.array([0, 3]), variant="plus3", run_id="rb")
    df = variants.compare_variants([a, b])
    s1 = df.filter((pl.col("subject") == "seat 1") & (pl.col("metric") == "score_total")).row(0, named=True)
    assert s1["paired"] and s1["n_pairs"] == 1000 and s1["diff"] == pytest.approx(3) and s1["significant"]
    found = [f for f in findings.findings([a, b], vp_threshold=2) if f.kind == "variant"]
    assert any("final VP of seat 1" in f.sentence and "1,000 paired" in f.sentence for f in found)


# ---------------------------------------------------------------- corrections and style
def test_holm_and_bh_by_hand():
    p = [0.01, 0.04, 0.03, np.nan]
    assert np.allclose(holm(p)[:3], [0.03, 0.06, 0.06]) and np.isnan(holm(p)[3])
    assert np.allclose(benjamini_hochberg([0.01, 0.04, 0.03]), [0.03, 0.04, 0.04])


def test_lazy_in_small_out(seat_planted):
    assert isinstance(seat_planted, Tables)
    for lf in (seat_planted.games, seat_planted.seats, seat_planted.table("cards")):
        assert isinstance(lf, pl.LazyFrame)
    assert isinstance(balance.game_scores(seat_planted.seats), pl.LazyFrame)
    outs = [winrates.win_rates(seat_planted.seats), winrates.strategy_matrix(seat_planted.seats),
            balance.tie_rate(seat_planted.games), balance.game_length(seat_planted.games),
            balance.score_sources(seat_planted.seats), value.value(seat_planted.seats, CARD),
            value.value(seat_planted.seats, HARBOR)]
    for df in outs:
        assert isinstance(df, pl.DataFrame) and df.height <= 100


# ---------------------------------------------------------------- a game that is not AEOLOS
@pytest.fixture()
def glory(tmp_path, monkeypatch):
    """A bare folder of two variants of the made-up game: the ruby relic adds 5 glory, the
    onyx relic nothing; under `cursed` seat 1 scores 3 more."""
    monkeypatch.setitem(games.GAMES, "glory", __name__)
    rng = np.random.default_rng(21)
    n = 2000
    ruby, onyx = rng.integers(0, 3, (n, 2)), rng.integers(0, 2, (n, 2))
    scores = rng.normal(40, 6, (n, 2)).round().astype(int) + 5 * (ruby > 0)
    folder = tmp_path / "glory"
    for variant, bump, run_id in (("base", 0, "ga"), ("cursed", 3, "gb")):
        total = scores + np.array([0, bump])
        write_dataset(folder, total, variant=variant, run_id=run_id, game="glory", games_columns={
            "turns": np.full(n, 20), "rounds": np.full(n, 5)}, seat_columns={
            "score_valor": (total - 5 * (ruby > 0)).ravel(), "score_relics": 5 * (ruby > 0).ravel(),
            "relics_ruby": ruby.ravel(), "relics_onyx": onyx.ravel()})
    return folder


def test_another_game_gets_the_same_analysis(glory):
    t = open_tables(glory)
    assert t.game == "glory" and t.table("cards") is None and isinstance(protocol(t), Glory)
    assert value.card_timing(t.table("cards")) is None
    assert balance.score_sources_of(t.seats) == ["valor", "relics"]
    relic = GAME.subjects[0]
    rv = value.value(t.seats, relic)
    assert rv.filter(pl.col("variant") == "base")["relic"].to_list() == ["ruby", "onyx"]   # found in the columns
    ruby = rv.filter((pl.col("variant") == "base") & (pl.col("relic") == "ruby")).row(0, named=True)
    assert ruby["vp_difference"] == pytest.approx(5, abs=1.0) and ruby["improvement_p"] < 1e-6
    assert {"n_with", "n_without", "share_with", "mean_count"} <= set(rv.columns)
    found = findings.findings(glory, threshold=0.05, vp_threshold=2)
    rubies = [f for f in found if f.kind == "relic"]
    assert rubies and all(f.subject == "relic ruby" for f in rubies)
    assert rubies[0].sentence.startswith("Seats that held the ruby relic win ") and " glory); p" in rubies[0].sentence
    cursed = [f for f in found if f.kind == "variant" and "final glory of seat 1" in f.sentence]
    assert cursed and "2,000 paired" in cursed[0].sentence
    deltas = variants.compare_variants(glory)
    assert deltas.filter(pl.col("subject") == "relic ruby").height == 2          # won, score_total
    assert "score_relics" in deltas["metric"].to_list()
    assert not any(re.search(r"\bVP\b", f.sentence) for f in found)


def test_another_game_gets_a_report_in_its_own_words(glory, tmp_path):
    result = build_report(glory, tmp_path / "report.html")
    assert [p.stem for p in result.figures] == ["win_rates", "seat_heatmap", "relic_value", "relic_by_cell",
                                                "score_sources", "variant_deltas", "game_length"]
    md = result.markdown.read_text(encoding="utf-8")
    page = re.sub(r"data:image/png;base64,[A-Za-z0-9+/=]+", "", result.html.read_text(encoding="utf-8"))
    for text in (md, page):
        assert "Glory Road balance report: glory" in text and "### Relic value" in md
        assert "glory difference" in text and "Mean glory per seat per game" in text
        assert "a tie on glory is shared" in text
        assert not re.search(r"\bVP\b", text)
        assert not re.search(r"favor|harbor|tableau|temple|aeolos", text, re.IGNORECASE)
