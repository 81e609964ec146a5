"""The core's what-if "hold an item at setup" (``simulate/core/held_items.py``): a game declares an
item class and writes its kernel's ``hold``; the config key, its check, words, causal items and the
call in the loop and the face are the core's. Charm dice (``tests/charmdice``) is its test game;
AEOLOS's Favor cards are on it too (``test_whatif``: its tables unchanged)."""
import numpy as np
import polars as pl
import pytest

from simulate.aeolos import GAME as AEOLOS
from simulate.core.errors import ConfigError
from strategies import resolve_strategies
from tests.charmdice import CHARMS, GAME
from tests.charmdice.kernel import POINTS
from tests.dicegame.layout import P_BONUS, P_SCORE

from .cli_invoke import invoke

P, N = 3, 60
RULES = GAME.load_rules()
GOLD = GAME.load_rules(overrides={"intervention.charm": "gold"})


def charms(rules, n=N, players=P):
    """(seats' bonus at the end, scores) of n games of cautious seats: with no top-face bonus a
    seat's bonus is its charm's points."""
    _, POL, W = resolve_strategies(GAME, "cautious", players)
    seats = np.asarray(GAME.play(rules, players, 4, 0, n, POL, W).seats)[:n, :players]
    return seats[:, :, P_BONUS], seats[:, :, P_SCORE]


def test_the_treated_seat_holds_the_item_and_every_count_is_kept():
    """Game k's seat k mod players holds gold in every game; the charms in play stay one of each
    (the seat dealt gold got the treated seat's, else the bag did); a game where the seat was
    dealt gold is the printed game (common random numbers)."""
    base, base_scores = charms(RULES)
    held, held_scores = charms(GOLD)
    treated = np.arange(N) % P
    assert (held[np.arange(N), treated] == POINTS[CHARMS.index("gold")]).all()
    assert set(base[np.arange(N), treated]) != {10}                     # (it was not dealt gold every game)
    for k in range(N):
        assert len(set(held[k])) == P and set(held[k]) <= set(POINTS)
        moved = {base[k, treated[k]], 10} if base[k, treated[k]] != 10 else set()
        assert set(base[k]) ^ set(held[k]) <= moved                     # only gold and the dealt charm move
    dealt = base[np.arange(N), treated] == 10
    assert dealt.any() and (held_scores[dealt] == base_scores[dealt]).all()


def test_the_face_holds_what_the_loop_holds():
    """A face game of a "hold" run is the batch's game: the same charms and the same scores."""
    _, POL, W = resolve_strategies(GAME, "cautious", P)
    _, scores = charms(GOLD, n=6)
    for k in range(6):
        state = GAME.new_state(P, 4, k, GOLD, kernel_seats=(POL, W))
        assert state.is_terminal() and state.scores() == scores[k].tolist()


def test_the_config_key_is_checked_and_worded_by_the_core():
    with pytest.raises(ConfigError, match=r"intervention.charm: unknown value 'diamond' \(known: tin, copper"):
        GAME.load_rules(overrides={"intervention.charm": "diamond"})
    with pytest.raises(ConfigError, match=r"intervention.favor: the game has no hera Favor card "
                                          r"\(favor.hera.count is 0\)"):
        AEOLOS.load_rules(overrides={"intervention.favor": "hera", "favor.hera.count": 0})
    assert GAME.intervention_words["charm"] == "the {value} charm instead of the one dealt"
    assert GAME.intervention_values(RULES.config)["charm"] == "tin, copper, silver, gold"
    assert [(i.kind, i.item, i.sets) for i in GAME.causal_items(RULES.config, P)] == [
        ("charm", c, {"charm": c}) for c in CHARMS]
    # a config that deals no Hera card has no Hera to measure
    no_hera = AEOLOS.load_rules(overrides={"favor.hera.count": 0}).config
    assert "hera" not in [i.item for i in AEOLOS.causal_items(no_hera, P) if i.kind == "card"]


def test_whatif_measures_holding_an_item_on_a_game_that_wrote_only_hold(tmp_path, monkeypatch):
    """whatif on the core's key: gold (10 points from the start) raises the treated seat's win rate,
    tin lowers it, each measured on the printed game's seeds."""
    monkeypatch.setenv("WINDTUNNEL_GAMES", "charmdice=tests.charmdice")
    r = invoke("whatif", "charmdice", "--players", P, "--intervention", "charm=gold", "--intervention", "charm=tin",
               "--games", 300, "--jobs", 1, "--out", tmp_path / "w", "--no-progress", "--no-report")
    assert r.exit_code == 0, r.stderr
    gold = next(x for x in r.stdout.splitlines() if "charm-gold (the gold charm instead of the one dealt)" in x)
    tin = next(x for x in r.stdout.splitlines() if "charm-tin" in x)
    assert "win rate +" in gold and "*" in gold and "win rate -" in tin
    seats = pl.read_parquet(tmp_path / "w" / f"charm-gold-{P}p" / "seats" / "*.parquet")
    assert (seats.filter(pl.col("game_id") % P == pl.col("seat"))["score_bonus"] == 10).all()
