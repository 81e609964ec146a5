"""EOS content as data (issue #18, step 1): the shipped ``configs/eos`` loads and validates; a
number changed in the TOML or with --set changes the rules, with no code change; and bad data
is one ConfigError line naming the file and the key (``docs/eos-data.md``)."""
import re
import shutil

import pytest

from simulate.eos.actions import ActionError, parse_actions, parse_step
from simulate.eos.config import CONFIG_DIR, DECKS, NATIONS, load_rules
from simulate.core.errors import ConfigError


@pytest.fixture(scope="module")
def rules():
    return load_rules()


@pytest.fixture
def folder(tmp_path):
    out = tmp_path / "eos"
    shutil.copytree(CONFIG_DIR, out)
    return out


def test_the_shipped_content_has_every_component_of_the_rulebook(rules):
    c = rules.config
    assert rules.player_range == (2, 5)
    assert {deck: len(c[deck]["card"]) for deck in DECKS} == {"journey": 60, "upgrades": 48, "events": 20,
                                                              "objectives": 17}      # rulebook: Game Components
    assert len(c["angels"]["angel"]) == 14 and len(c["demon_lords"]["lord"]) == 12
    assert len(c["deeds"]["deed"]) == 21 and len(c["deeds"]["trophy"]) == 13
    assert sorted(c["nations"]) == sorted(NATIONS)
    assert [c["angels_drawn"][str(p)] for p in range(2, 6)] == [5, 7, 9, 11]      # printed
    assert {a["name"]: a.get("patron_glory") for a in c["angels"]["angel"]}["Eo"] == 15          # printed


def test_action_strings_read_as_the_rulebooks_symbols():
    assert parse_step("glory:3") == ((("glory", 3),),)
    assert parse_step("demons:3 + move:2") == ((("demons", 3), ("move", 2)),)
    assert parse_step("upgrade / rank") == ((("upgrade", 1),), (("rank", 1),))
    assert parse_actions(["coins:-10", "draw"]) == (((("coins", -10),),), ((("draw", 1),),))
    assert parse_step("speed_total:3", challenge=True) == ((("speed_total", 3),),)
    for bad, why in (("fly:2", "unknown action symbol 'fly'"), ("glory:x", "whole number"),
                     ("glory:0", "does nothing"), ("speed_total:3", "challenge")):
        with pytest.raises(ActionError, match=why):
            parse_step(bad)


def test_set_reaches_any_number_and_changes_the_rules(rules):
    changed = load_rules(overrides={"game.hand_limit": 4, "journey.card.j05.cost": ["coins:-5"]})
    assert changed.config["game"]["hand_limit"] == 4
    assert next(card for card in changed.config["journey"]["card"] if card["id"] == "j05")["cost"] == ["coins:-5"]
    assert changed.hash != rules.hash
    with pytest.raises(ConfigError, match="no such config key"):
        load_rules(overrides={"game.hand_limits": 4})
    with pytest.raises(ConfigError, match="unknown action symbol 'fly'"):
        load_rules(overrides={"journey.card.j05.cost": ["fly:5"]})


def test_an_edit_of_the_toml_changes_the_rules(rules, folder):
    base = folder / "base.toml"
    base.write_text(re.sub(r"(?m)^hand_limit\s*=\s*\d+", "hand_limit = 5", base.read_text()))
    edited = load_rules(folder)
    assert edited.config["game"]["hand_limit"] == 5 and edited.hash != rules.hash


def first_match(path, pattern, replace):
    text = path.read_text()
    new, n = re.subn(pattern, replace, text, count=1, flags=re.M)
    assert n == 1, (path, pattern)
    path.write_text(new)


BAD = {
    "an unknown symbol": ("journey.toml", r'^(actions\s*=\s*\[)', r'\1"fly:2", ', "unknown action symbol 'fly'"),
    "an amount that is not a number": ("upgrades.toml", r'^(cost\s*=\s*\["coins:)-\d+', r'\1ten', "whole number"),
    "an adjacency to no area": ("map.toml", r'^(adjacent\s*=\s*\[)', r'\g<1>999, ', "which is no area"),
    "a card too few": ("events.toml", r'^\[\[card\]\].*\n(?:(?!\[\[).*\n)*', "", "have 20 events cards, the config 19"),
    "an undeclared rule flag": ("angels.toml", r'^(passive\s*=\s*\[)', r'\1"no_such_flag", ', "unknown rule flag"),
    "a cost that gains": ("journey.toml", r'^cost\s*=\s*\["coins:-(\d+)"', r'cost = ["coins:\1"', "write coins:-"),
    "a misspelt key": ("journey.toml", r'^actions(\s*=)', r'actons\1', "unknown key (did you mean 'actions'?)"),
    "a misspelt key in a nation": ("nations/kusan.toml", r'^max_steps(\s*=)', r'max_step\1', "unknown key"),
    "malformed TOML": ("deeds.toml", r'^\[\[deed\]\]', "[[deed", "malformed TOML"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_bad_data_is_one_error_line_naming_the_file(folder, case):
    name, pattern, replace, needle = BAD[case]
    first_match(folder / name, pattern, replace)
    with pytest.raises(ConfigError) as e:
        load_rules(folder)
    message = str(e.value)
    assert needle in message and "\n" not in message, message
    assert name.split(".")[0].split("/")[-1] in message or "base" in message, message


@pytest.mark.parametrize("key,value,problem", [
    ("game.market_size", 9, "from 1 to 4"),             # the kernel's market holds 4 (a bigger one overran the state)
    ("game.turn_cap", 0, "from 1 to"),
    ("game.max_hero_activations", 5, "from 1 to 2"),
    ("game.blessing_tokens", 2, "cannot fill 4 corners"),
    ("angels_drawn.4", 30, "expected 0 to 12 Angels"),  # more than there are: the setup looped for ever
])
def test_impossible_numbers_are_one_line_naming_set(key, value, problem):
    with pytest.raises(ConfigError, match=f"^--set: {re.escape(key)}: .*{problem}"):
        load_rules(overrides={key: value})


def test_asymmetric_adjacency_is_refused(folder):
    path = folder / "map.toml"
    text = path.read_text()
    m = re.search(r'(?m)^adjacent\s*=\s*\[\s*(\d+)\s*,', text)
    first_match(path, r'^(adjacent\s*=\s*\[)\s*\d+\s*,', r'\1')                 # drop one side of a link
    with pytest.raises(ConfigError, match=f"does not list|lists {m.group(1)}"):
        load_rules(folder)


def test_every_action_list_compiles_to_a_program_that_reads_back(rules):
    from simulate.eos.programs import compile_programs

    P = compile_programs(rules.config)
    j01 = next(c for c in rules.config["journey"]["card"] if c["id"] == "j01")
    assert P.decode(P.index["journey.card[j01].cost"]) == parse_actions(j01["cost"])
    assert P.decode(P.index["journey.card[j01].actions"]) == parse_actions(j01["actions"])
    scout = next(h for h in rules.config["nations"]["kusan"]["hero"] if h["profession"] == "scout")
    for r, rank in enumerate(scout["ranks"]):
        assert P.decode(P.index[f"nations.kusan.hero[scout].ranks[{r}].actions"]) == parse_actions(rank["actions"])
    assert P.decode(P.index["least_glory_event.choice"]) == parse_actions([rules.config["least_glory_event"]["choice"]])
    # the four tables are one consistent structure: every row is used exactly once, in order
    assert P.progs[:, 0].tolist() == [0] + list(P.progs[:-1].sum(axis=1))
    assert sum(P.progs[:, 1]) == len(P.steps) and sum(P.steps[:, 1]) == len(P.alts) and sum(P.alts[:, 1]) == len(P.syms)
    assert sum(len(alt) for p in range(len(P)) for step in P.decode(p) for alt in step) == len(P.syms)


def test_the_board_as_arrays(rules):
    from simulate.eos.programs import board_arrays, compile_programs

    P = compile_programs(rules.config)
    B = board_arrays(rules.config, P)
    n = len(rules.config["map"]["area"])
    start, adj = B["adj_start"], B["adj"]
    for i in range(n):                                      # CSR adjacency, both ways
        for j in adj[start[i]:start[i + 1]]:
            assert i in adj[start[j]:start[j + 1]]
    assert (B["angel"] >= 0).sum() == 14
    assert sorted(B["deed_area"][B["deed_area"] > 0].tolist()) == [1, 2, 3, 4, 5, 6]
    assert sorted(B["corner"][B["corner"] > 0].tolist()) == [1, 2, 3, 4]
    assert sorted(B["passage"][B["passage"] > 0].tolist()) == [1, 2]
    for i, area in enumerate(rules.config["map"]["area"]):
        assert (B["reward"][i] >= 0) == bool(area.get("reward") or area.get("rewards"))


def test_a_misspelt_key_in_a_module_file_is_named_with_the_nearest_one(folder):
    # issue #41: a module's tables are merged into the config; a typo there is refused, not ignored
    first_match(folder / "modules" / "night.toml", r'^(at = 10)$', r'att = 10')
    with pytest.raises(ConfigError) as e:
        load_rules(folder, modules=["night"])
    assert "night.toml" in str(e.value) and "unknown key (did you mean 'at'?)" in str(e.value), str(e.value)


def test_an_unknown_table_in_base_toml_is_refused(folder):
    (folder / "base.toml").write_text((folder / "base.toml").read_text() + "\n[gaem]\nhand_limit = 4\n")
    with pytest.raises(ConfigError, match=r"base.toml:\d+: gaem: unknown key \(did you mean 'game'\?\)"):
        load_rules(folder)


def test_a_run_recorded_before_the_seat_knobs_reads_as_the_printed_game():
    """A run's recorded config from before issue #42's keys (the round played out, the nation pick, the
    seat compensation) still loads, as the printed game it played: its report and --resume work."""
    import copy

    import numpy as np

    from simulate.eos import GAME
    from simulate.eos.config import load_rules as eos_rules

    now = eos_rules()
    old = copy.deepcopy(now.config)
    del old["game"]["round_played_out"], old["setup"]["nations"], old["seat_compensation"]
    rules = eos_rules(data=old)
    assert rules.config["game"]["round_played_out"] is False and rules.config["setup"]["nations"] == "random"
    from strategies.roster import resolve_strategies
    _, POL, W = resolve_strategies(GAME, "balanced", 3)
    a = GAME.play(now, 3, 1, 0, 20, POL, W)
    scores = np.array(a.score).copy()
    b = GAME.play(rules, 3, 1, 0, 20, POL, W)
    assert np.array_equal(scores, np.array(b.score))
