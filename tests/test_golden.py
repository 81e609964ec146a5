"""AEOLOS plays exactly the recorded games: the games/seats/cards tables of 2,000 games in every
player count and variant hash to the values recorded in tests/golden/ (see tests/golden_tables.py).
A refactor must keep them; an intended rule change re-records them and says so in its commit."""
import json

import pytest

from tests.golden_tables import GOLDEN, cases, play


@pytest.mark.parametrize("variant,players", cases())
def test_tables_match_the_recorded_games(variant, players, tmp_path):
    expected = json.loads(GOLDEN.read_text())[f"{variant}-{players}p"]
    assert play(variant, players, tmp_path) == expected
