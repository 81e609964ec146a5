"""The fair stand-in (issue #33, docs/assumptions.md "EOS: the fair stand-in"): with the assumed
numbers tuned by `windtunnel balance`, the heuristics use the whole game and no nation is far
from fair. Each bar is a measured figure's floor with room for the noise of its sample, so it
fails when a change to the content or to balanced undoes the stand-in, not by chance."""
import polars as pl
import pytest

import simulate


def run(tmp_path, players, games, strategy="balanced", seed=21):
    out = tmp_path / f"{strategy}-{players}p"
    simulate.run("eos", players=players, games=games, seed=seed, strategies=strategy, out=out, progress=False)
    return {t: pl.read_parquet(out / t / "*.parquet") for t in ("games", "seats", "cards", "feats")}


@pytest.fixture(scope="module")
def four(tmp_path_factory):
    return run(tmp_path_factory.mktemp("stand-in"), 4, 1500)


def test_balanced_buys_every_upgrade_uses_every_hero_and_accomplishes_deeds_in_most_games(four):
    """Before the issue the Hireling Captain and the Tactician were never bought, the Treasurer
    used 0.25 times a game and deeds came in 40% of four-player games."""
    t = four
    bought = t["cards"].filter((pl.col("kind") == "upgrade") & (pl.col("how") == "bought"))["card"].unique()
    general = [f"u{k:02d}" for k in range(1, 49)]
    assert set(general) <= set(bought)
    seats = t["seats"]
    for hero in ("scout", "first_officer", "quartermaster", "treasurer", "warrior"):
        assert seats[f"activations_{hero}"].mean() > 0.1, hero
    assert (t["games"]["deeds_accomplished"] > 0).mean() > 0.55          # 68% on 4,000 games


def test_balanced_takes_every_angel_on_either_side_by_the_situation(four):
    """Before the issue each Angel was always taken on one side; on 4,000 four-player games the
    least-taken side of any Angel is 9.9% (Freyana Olessa's patron), Anthea's 21%."""
    feats = four["feats"]
    sides = (feats.filter(pl.col("kind").str.starts_with("angel")).group_by("item")
             .agg((pl.col("kind") == "angel_hero").mean().alias("hero"), pl.len().alias("n")))
    assert sides.height == 14 and sides["n"].min() > 100
    assert sides.select(pl.min_horizontal("hero", 1 - pl.col("hero")).min()).item() > 0.05


@pytest.mark.slow
@pytest.mark.parametrize("players,points", [(2, 8), (3, 8), (4, 5), (5, 8)])
def test_with_balanced_every_nation_is_near_fair(tmp_path, players, points):
    """The issue's targets: every nation within 5 points of fair at four players, 8 at 2, 3, 5
    (balanced, random nations; 6,000 games: a nation's interval is about +-1.3 points)."""
    seats = run(tmp_path, players, 6000, seed=31)["seats"]
    rates = seats.group_by("nation").agg(pl.col("won").mean())["won"]
    assert max(abs(r - 1 / players) for r in rates) * 100 < points


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_deeds_come_in_most_games_and_every_angel_is_two_sided_for_balanced_or_tuned(tmp_path, players):
    """52-84% of games with a deed; every Angel's minority side at least 10% for one of the two."""
    minority = {}
    for strategy in ("balanced", "tuned"):
        t = run(tmp_path, players, 3000, strategy=strategy, seed=41)
        if strategy == "balanced":
            assert (t["games"]["deeds_accomplished"] > 0).mean() > 0.5
        sides = (t["feats"].filter(pl.col("kind").str.starts_with("angel")).group_by("item")
                 .agg((pl.col("kind") == "angel_hero").mean().alias("hero")))
        for angel, hero in sides.rows():
            minority[angel] = max(minority.get(angel, 0.0), min(hero, 1 - hero))
    assert len(minority) == 14 and min(minority.values()) >= 0.1, minority
