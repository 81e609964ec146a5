"""`windtunnel replay RUN --game K` tells exactly game K of the run on disk: its seats,
strategies (as recorded), rotation, variant and overrides come from the manifest."""
import polars as pl
import pytest

import simulate
from simulate.aeolos.transcript import parse_final_scores
from simulate.core.errors import UserError
from simulate.running.replay import replay_game


@pytest.fixture(scope="module")
def rotated_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("replay") / "run"
    simulate.run("aeolos", players=3, games=12, seed=4, strategies="greedy,random,balanced", rotate_seats=True,
                 variant="tableaus", overrides={"scoring.unused_bonus_token_vp": 5}, out=out, jobs=1,
                 progress=False)
    return out


def recorded_totals(out, k):
    seats = simulate.open_run(out).seats.filter(pl.col("game_id") == k).sort("seat").collect()
    return seats["score_total"].to_list(), seats["strategy"].to_list()


@pytest.mark.parametrize("k", [4, 5, 9])
def test_replay_of_a_run_folder_is_the_recorded_game(rotated_run, k):
    played, text, seed = replay_game(rotated_run, k)
    totals, strategies = recorded_totals(rotated_run, k)
    told = parse_final_scores(text)
    assert [told[p][1] for p in range(3)] == totals
    assert seed == 4 and not played.error_message
    for p, name in enumerate(strategies):                       # the seats as the rotated run sat them
        assert f"seat {p} ({name})" in text or f"Seat {p} ({name})" in text


def test_the_flag_form_without_the_run_settings_tells_another_game(rotated_run):
    totals, _ = recorded_totals(rotated_run, 4)
    _, text, _ = replay_game("aeolos", 4, players=3, seed=4, strategies="greedy,random,balanced")
    assert [parse_final_scores(text)[p][1] for p in range(3)] != totals
    _, text, _ = replay_game("aeolos", 4, players=3, seed=4, strategies="greedy,random,balanced", rotate_seats=True,
                             variant="tableaus", overrides={"scoring.unused_bonus_token_vp": 5})
    assert [parse_final_scores(text)[p][1] for p in range(3)] == totals


def test_a_run_folder_takes_no_run_settings(rotated_run):
    with pytest.raises(UserError, match="leave out --players"):
        replay_game(rotated_run, 1, players=3)
    with pytest.raises(UserError, match="games 0 to 11"):
        replay_game(rotated_run, 12)
