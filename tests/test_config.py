"""Configs: clear errors per bad field, and every number in the TOML drives the simulation."""
from pathlib import Path

import numpy as np
import pytest

from simulate.aeolos import game as G
from simulate.aeolos import layout as L
from simulate.aeolos.config import BASE_CONFIG, load_rules
from simulate.aeolos.kernel import play_batch
from simulate.core.errors import ConfigError
from simulate.aeolos import GAME as AEOLOS
from strategies import resolve_strategies

BASE = Path(BASE_CONFIG).read_text()
N_GAMES = 300


def variant(tmp_path, old, new, name="variant.toml"):
    """A copy of base.toml with one edit (the edit must hit exactly one place)."""
    assert BASE.count(old) == 1, old
    path = tmp_path / name
    path.write_text(BASE.replace(old, new))
    return path


def line_of(path, needle):
    return next(i for i, t in enumerate(Path(path).read_text().splitlines(), 1) if needle in t)


def play(rules, n_players=3, strategies="random", seed=99, n_games=N_GAMES):
    _, POL, W = resolve_strategies(AEOLOS, strategies, n_players)
    games = np.zeros((n_games, G.N_GAME_COLS), np.int32)
    seats = np.zeros((n_games, L.MAX_PLAYERS, G.N_SEAT_COLS), np.int32)
    play_batch(rules.T, n_players, seed, 0, n_games, W, POL, False, games, seats,
                 np.zeros((n_games, L.MAX_FDRAW, 4), np.int32), np.zeros(n_games, np.int32))
    return games, seats[:, :n_players]


# ---------------------------------------------------------------- errors
def test_malformed_toml_names_file_and_line(tmp_path):
    path = variant(tmp_path, "hand_size = 3", "hand_size = = 3")
    with pytest.raises(ConfigError) as e:
        load_rules(path)
    msg = str(e.value)
    assert str(path) in msg
    assert f"line {line_of(path, 'hand_size = = 3')}" in msg
    assert "\n" not in msg


@pytest.mark.parametrize("old,new,field", [
    ("hand_size = 3", 'hand_size = "three"', "setup.hand_size"),
    ("wind_cap = 5", "wind_cap = 5.5", "setup.wind_cap"),
    ('{ colour = "purple", value = 0, symbol = "sun", mark = "" },',
     '{ colour = "green", value = 0, symbol = "sun", mark = "" },', "sailing.cards[0].colour"),
    ('{ colour = "purple", value = 0, symbol = "wave", mark = "" },',
     '{ colour = "purple", value = 0, symbol = "rain", mark = "" },', "sailing.cards[2].symbol"),
    ('action = "vp"', 'action = "party"', "harbor[7].action"),
    ('crystal = "blue"', 'crystal = "orange"', "harbor[3].crystal"),
    ('bonus = "wind"', 'bonus = "gold"', "temple[east].bonus"),
    ("landing_vp = [12, 10, 8]", 'landing_vp = ["twelve"]', "temple[upper].landing_vp"),
    ("crystal_sets = [3, 7, 12, 18, 25]", "crystal_sets = [3, 7, 12]", "scoring.crystal_sets"),
    ("[favor.zeus]\ncount = 2", "[favor.zeus]\ncount = -2", "favor.zeus.count"),
])
def test_an_invalid_field_is_named(tmp_path, old, new, field):
    path = variant(tmp_path, old, new)
    with pytest.raises(ConfigError) as e:
        load_rules(path)
    msg = str(e.value)
    assert field in msg and str(path) in msg
    assert "\n" not in msg


def test_too_few_cards_is_named(tmp_path):
    start = BASE.index("cards = [")
    end = BASE.index("]", BASE.index("{ colour = \"purple\", value = 0, symbol = \"wave\""))
    path = tmp_path / "few.toml"
    path.write_text(BASE[:start] + 'cards = [\n  { colour = "purple", value = 0, symbol = "sun", mark = "" },\n'
                    + BASE[end:])
    with pytest.raises(ConfigError, match=r"sailing\.cards.*too few cards"):
        load_rules(path)


def test_missing_field_is_named(tmp_path):
    path = variant(tmp_path, "wind_tokens = 28", "")
    with pytest.raises(ConfigError, match=r"setup\.wind_tokens: missing"):
        load_rules(path)


@pytest.mark.parametrize("key,value,needle", [
    ("favor.hera.nope", 1, "favor.hera.nope"),
    ("nosection.x", 1, "nosection.x"),
    ("harbor.12.amount", 40, "harbor.12.amount"),   # no harbor 12
    ("temple.nowhere.bonus_vp", 1, "temple.nowhere.bonus_vp"),
    ("temple.upper.landing_vp", 12, "temple.upper.landing_vp"),   # a list wants a list
    ("favor.hera.vp", "lots", "favor.hera.vp"),
    ("favor.hera.vp", True, "favor.hera.vp"),
])
def test_set_with_an_unknown_key_or_a_wrong_type_fails(key, value, needle):
    with pytest.raises(ConfigError) as e:
        load_rules(overrides={key: value})
    assert needle in str(e.value) and "--set" in str(e.value)


# ---------------------------------------------------------------- numbers drive the game
def test_harbor_7_amount_changes_harbor_vp(tmp_path):
    """harbor 7 gives 4 VP in base.toml; at 20 every harbor-7 action gives five times as much.
    Random seats choose among the same options either way, so the games are the same
    game for game and only the VP differ."""
    base = load_rules()
    rich = load_rules(variant(tmp_path, 'action = "vp"                   # rulebook\namount = 4',
                              'action = "vp"                   # rulebook\namount = 20'))
    assert rich.hash != base.hash
    _, a = play(base)
    _, b = play(rich)
    harbor_a = a[..., G.P_SRC + L.SRC_HARBOR]
    harbor_b = b[..., G.P_SRC + L.SRC_HARBOR]
    assert harbor_a.sum() > 0
    assert np.array_equal(harbor_b, 5 * harbor_a)
    assert np.array_equal(b[..., G.P_VP] - a[..., G.P_VP], 4 * harbor_a)
    # every harbor-7 VP comes from an action at harbor 7 (sailing value or extra action)
    assert (harbor_a >= 4 * a[..., G.P_ACTIONS + 7 - L.FIRST_HARBOR]).all()


def test_set_reaches_an_entry_of_a_list_of_tables(tmp_path):
    """--set harbor.7.amount=20 is the same config as editing harbor 7 in the TOML, and
    --set temple.upper.landing_vp=[...] / temple.upper.bonus_vp name the temple."""
    edited = load_rules(variant(tmp_path, 'action = "vp"                   # rulebook\namount = 4',
                                'action = "vp"                   # rulebook\namount = 20'))
    by_set = load_rules(overrides={"harbor.7.amount": 20})
    assert by_set.hash == edited.hash and np.array_equal(by_set.T, edited.T)
    upper = load_rules(overrides={"temple.upper.landing_vp": [30, 20, 10], "temple.upper.bonus_vp": 7})
    k = upper.place_names.index("the upper temple's 30 VP landing place")
    assert upper.T[L.T_PLACE_VP + k] == 30
    assert "the upper temple's bonus place (7 VP, 2 favor)" in upper.place_names


def test_temple_landing_vp_changes_temple_vp(tmp_path):
    base = load_rules()
    rich = load_rules(variant(tmp_path, "landing_vp = [12, 10, 8]        # ASSUMED (12 from Jona's example)",
                              "landing_vp = [112, 110, 108]"))
    _, a = play(base)            # random seats: the same games, only the VP differ
    _, b = play(rich)
    extra = b[..., G.P_SRC + L.SRC_TEMPLE] - a[..., G.P_SRC + L.SRC_TEMPLE]
    assert extra.sum() >= 100
    assert set(np.unique(extra)) <= {0, 100, 200, 300}      # 100 per upper-temple landing place held
    assert np.array_equal(b[..., G.P_VP] - a[..., G.P_VP], extra)


def test_set_override_changes_the_game():
    """--set scoring.unused_bonus_token_vp=10: unused tokens now score 10 each."""
    base = load_rules()
    rich = load_rules(overrides={"scoring.unused_bonus_token_vp": 10})
    assert rich.hash != base.hash
    _, a = play(base, strategies="greedy")     # greedy weighs the token VP, so its games change
    _, b = play(rich, strategies="greedy")
    assert b[..., G.P_TOKENS_LEFT].sum() > 0
    assert np.array_equal(b[..., G.P_SRC + L.SRC_BONUS_TOKENS], 10 * b[..., G.P_TOKENS_LEFT])
    assert np.array_equal(a[..., G.P_SRC + L.SRC_BONUS_TOKENS], 2 * a[..., G.P_TOKENS_LEFT])
    assert b[..., G.P_TOKENS_LEFT].sum() > a[..., G.P_TOKENS_LEFT].sum()   # and it keeps more of them


def test_set_override_of_a_favor_card():
    """--set favor.hera.end_vp=9: a Hera card still held at the end scores 9."""
    rules = load_rules(overrides={"favor.hera.end_vp": 9})
    _, seats = play(rules, strategies="greedy")
    held_vp = seats[..., G.P_SRC + L.SRC_FAVOR_HELD]
    hera_held = seats[..., G.P_FAVOR_DRAWN + L.F_HERA] - seats[..., G.P_FAVOR_PLAYED + L.F_HERA]
    others_held = seats[..., G.P_FAVOR_HELD] - hera_held
    assert hera_held.sum() > 0
    assert np.array_equal(held_vp, 9 * hera_held + 3 * others_held)


def test_settlement_spaces_are_data(tmp_path):
    """No settlement spaces anywhere: nobody builds with harbor 4 (Hera still may)."""
    text = BASE
    for old, new in (("settlement_spaces = [1, 2]", "settlement_spaces = [0, 0]"),
                     ("settlement_spaces = [2, 2]", "settlement_spaces = [0, 0]"),
                     ("covered_3p = 1", "covered_3p = 0")):
        text = text.replace(old, new)
    path = tmp_path / "nospace.toml"
    path.write_text(text)
    _, seats = play(load_rules(path), strategies="greedy")
    built = seats[..., G.P_SETTLEMENTS]
    hera = seats[..., G.P_FAVOR_PLAYED + L.F_HERA]
    assert (built <= hera).all()


# ---------------------------------------------------------------- unknown keys (issue #41)
@pytest.mark.parametrize("old,new,needle", [
    ("hand_size = 3", "hand_sise = 4\nhand_size = 3", "setup.hand_sise: unknown key (did you mean 'hand_size'?)"),
    ("[upriver]", "[bogus]\nx = 1\n[upriver]", "bogus: unknown key (known here: challenge, favor, game"),
    ("[favor.zeus]\ncount = 2", "[favor.zeus]\ncount = 2\nvp_per_card = 1", "favor.zeus.vp_per_card: unknown key"),
    ("covered_3p = 1                  # ASSUMED\n\n[[harbor]]\nnumber = 4",
     "covered_3p = 1\nsettlement_space = 1\n\n[[harbor]]\nnumber = 4",
     "harbor[0].settlement_space: unknown key (did you mean 'settlement_spaces'?)"),
    ("blue = 4, red = 5", "blue = 4, rad = 5", "setup.crystal_supply.rad: unknown key (did you mean 'red'?)"),
])
def test_a_key_no_table_has_is_refused_naming_the_nearest(tmp_path, old, new, needle):
    path = variant(tmp_path, old, new)
    with pytest.raises(ConfigError) as e:
        load_rules(path)
    assert needle in str(e.value) and str(path) in str(e.value), str(e.value)


def test_a_misspelt_key_in_a_variant_file_is_named_in_that_file(tmp_path, monkeypatch):
    import shutil

    from simulate.aeolos import config as C

    folder = tmp_path / "variants"
    shutil.copytree(C.VARIANT_DIR, folder)
    text = (folder / "poseidon.toml").read_text()
    (folder / "poseidon.toml").write_text(text.replace("vp_when_no_wind = 1", "vp_when_no_wnd = 1"))
    monkeypatch.setattr(C, "VARIANT_DIR", folder)
    with pytest.raises(ConfigError) as e:
        load_rules(variants=["poseidon"])
    assert "poseidon.toml" in str(e.value) and "poseidon.vp_when_no_wnd: unknown key (did you mean " \
                                                "'vp_when_no_wind'?)" in str(e.value), str(e.value)


def test_every_shipped_config_and_variant_passes_the_key_check():
    from simulate.aeolos.config import VARIANTS

    for v in VARIANTS:
        load_rules(variants=[v])
