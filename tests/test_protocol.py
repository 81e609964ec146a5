"""Every registered game keeps the protocol's promises that generic code relies on."""
import pytest

from simulate.core import games
from simulate.core.errors import UserError
from simulate.core.records import CORE

GAMES = ["aeolos", "tests.dicegame"]


@pytest.fixture(params=GAMES)
def game(request):
    import importlib
    return importlib.import_module(request.param if "." in request.param else f"simulate.{request.param}").GAME


def test_tables_start_with_the_core_columns(game):
    schemas = game.schemas()
    assert set(game.tables) == set(schemas) and {"games", "seats"} <= set(schemas)
    for table, columns in CORE.items():
        assert tuple(schemas[table].names[:len(columns)]) == columns
    assert any(n.startswith("score_") and n != "score_total" for n in schemas["seats"].names)


def test_subjects_name_columns_the_seats_table_has(game):
    seats = set(game.schemas()["seats"].names)
    for s in game.subjects:
        cols = [s.column.format(item=i) for i in s.items] if "{item}" in s.column else [s.column]
        assert cols and set(cols) <= seats, s.name


def test_strategy_schema_is_consistent(game):
    schema = game.strategy_schema()
    assert schema.policies["random"] == 0 and schema.row_size == schema.param_offset + len(schema.params)
    assert (schema.folder / f"{schema.default}.toml").is_file()
    lo, hi = game.players
    assert 2 <= lo <= hi <= schema.max_players


def test_the_registry_names_the_known_games(monkeypatch):
    with pytest.raises(UserError, match="known: aeolos"):
        games.get_game("nosuch")
    monkeypatch.setenv("WINDTUNNEL_GAMES", "dice=tests.dicegame")
    assert games.get_game("dice").name == "dice" and "dice" in games.game_names()


def test_variants_parse_once_for_every_game(game):
    assert game.canonical_variant("base") == "base"
    if game.variants:
        a, *rest = game.variants
        assert game.canonical_variant(f"{a}") == a
        if rest:
            assert game.canonical_variant(f"{rest[0]}+{a}") == f"{a},{rest[0]}"
    with pytest.raises(UserError, match="unknown variant 'nosuch'"):
        game.canonical_variant("nosuch")
    with pytest.raises(UserError, match="cannot be combined"):
        game.canonical_variant("base," + (game.variants[0] if game.variants else "base"))
