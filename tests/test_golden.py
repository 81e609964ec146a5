"""Both games play exactly the recorded games: every table of 2,000 AEOLOS games in every player
count and variant, and of 300 EOS games in every player count (deluxe, night and solo too), hash to
the values recorded in tests/golden/ (see tests/golden_tables.py). A refactor must keep them; an
intended rule change re-records them and says so in its commit."""
import json

import pytest

from tests.golden_tables import SETS, cases, golden, play


@pytest.mark.parametrize("game,variant,players", [(g, v, p) for g in SETS for v, p in cases(g)])
def test_tables_match_the_recorded_games(game, variant, players, tmp_path):
    expected = json.loads(golden(game).read_text())[f"{variant}-{players}p"]
    assert play(variant, players, tmp_path, game) == expected
