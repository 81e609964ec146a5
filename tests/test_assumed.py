"""Which config values are assumed (``simulate/core/assumed.py``, ``Game.assumed_values``): the scan
of the ASSUMED marks, its names (as --set names keys), the run's --set values taken out, the
files a run reads, and a finding's subject mapped to its config entry."""
import shutil
import tomllib

import pytest

from simulate.core.assumed import canonical_key, scan_file, scan_text, unattached
from simulate.core.config_files import CONFIG_ROOT
from simulate.core.games import get_game

TOML = '''
# A test file. Lines marked ASSUMED below are stand-ins (prose: no mark).
[game]
name = "x # ASSUMED inside a string, no comment"
players = 4                  # ASSUMED
text = """a long string
# ASSUMED in the string
"""
cap = 9                      # rulebook
"odd.key" = 3                # ASSUMED (a quoted key with a dot)

[[hero]]                     # ASSUMED (name, ranks)
name = "Ann"
ranks = [1, 2]
[hero.extra]
bonus = 1

[[hero]]
name = "Bo"
ranks = [                    # ASSUMED: the whole list
  { cost = 1, gain = 2 },
  { cost = 3, gain = 4 },
]
morale = [
  { at = 1, reward = "a" },  # rulebook
  { at = 2, reward = "b" },  # ASSUMED
  [ "nested", "# ASSUMED not a comment" ],
  { at = 3, reward = "c" }, { at = 4, reward = "d" },   # ASSUMED: the last element begun on the line
]
tail = [
  1,
  2,
]                            # ASSUMED (on the closing line: the whole value)
condition = {stat = "coins", at_least = 3}   # ASSUMED

[[step]]
at = 10
reward = "x"                 # ASSUMED

[[card]]                     # ASSUMED
id = "c1"
cost = 2
'''


def test_the_scan_names_every_kind_of_mark():
    """A value's line marks its key; a table header its table's keys (the tables under it too);
    the opening or closing line of a multi-line value the whole value; a line inside a multi-line
    array the element begun last on it; '#' or ASSUMED inside strings marks nothing. Entries of a
    list of tables are named by their id or name (as --set names them), or their index; an id is
    no value (a table marked whole does not count it)."""
    assert scan_text(TOML) == [
        "game.players", "game.odd.key",
        "hero.Ann.name", "hero.Ann.ranks", "hero.Ann.extra.bonus",
        "hero.Bo.ranks", "hero.Bo.morale[1]", "hero.Bo.morale[4]", "hero.Bo.tail", "hero.Bo.condition",
        "step[0].reward", "card.c1.cost"]


def test_a_whole_file_mark_marks_every_key():
    text = "# A file of stand-ins.\n# ASSUMED (whole file): none of it is printed\n" + TOML
    assert scan_text(text) == ["game.name", "game.players", "game.text", "game.cap", "game.odd.key",
                                "hero.Ann.name", "hero.Ann.ranks", "hero.Ann.extra.bonus", "hero.Bo.name",
                                "hero.Bo.ranks", "hero.Bo.morale", "hero.Bo.tail", "hero.Bo.condition",
                                "step[0].at", "step[0].reward", "card.c1.cost"]
    # the words in prose later on are no whole-file mark
    assert scan_text(TOML + "\n# ASSUMED (whole file)\n") == scan_text(TOML)


def _resolves(node, path):
    """Whether a scanned path names a value of the parsed file (entries by name or [index]; a
    quoted key may hold dots)."""
    from simulate.core.config_files import _entry

    parts = [p for p in path.replace("[", ".[").split(".") if p]
    if not parts:
        return True
    head = parts[0]
    if head.startswith("["):
        index = int(head[1:-1])
        return isinstance(node, list) and index < len(node) and _resolves(node[index], ".".join(parts[1:]))
    if isinstance(node, list):
        entry = _entry(node, head)
        return entry is not None and _resolves(entry, ".".join(parts[1:]))
    if not isinstance(node, dict):
        return False
    return any(k in node and _resolves(node[k], ".".join(parts[n:]))
               for n in range(1, len(parts) + 1) for k in [".".join(parts[:n])])


CONFIG_FILES = [p for p in sorted(CONFIG_ROOT.rglob("*.toml")) if "strategies" not in p.parts]


@pytest.mark.parametrize("path", CONFIG_FILES, ids=lambda p: str(p.relative_to(CONFIG_ROOT)))
def test_every_scanned_path_of_the_configs_names_a_value(path):
    data = tomllib.loads(path.read_text())
    for found in scan_file(path):
        assert _resolves(data, found), found


@pytest.mark.parametrize("path", CONFIG_FILES, ids=lambda p: str(p.relative_to(CONFIG_ROOT)))
def test_no_config_says_assumed_in_prose_above_an_unmarked_value(path):
    """An ASSUMED comment right above a value it does not mark would leave the value out of the
    counts: each such value carries its mark on its own line (or table header)."""
    assert unattached(path) == []


def test_a_comment_above_an_unmarked_value_is_found(tmp_path):
    path = tmp_path / "x.toml"
    path.write_text('a = 1\n\n# The cards below: ASSUMED.\ncards = [\n  1,\n]\n[t]\n# ASSUMED too\nb = 2  # ASSUMED\n')
    assert unattached(path) == [3]


def test_the_known_marks_of_the_shipped_configs():
    """Spot checks against the files as written: Kwanan's max power, its power effect at 20 (an
    element of an inline-table array), a whole hero table, Adele's assumed ranks (elements) and
    printed name; AEOLOS's Poseidon tokens one by one."""
    kwanan = scan_file(CONFIG_ROOT / "eos/nations/kwanan.toml")
    assert {"nation.max_power", "nation.power_effects[1]", "hero.Tamaru Ka.name", "hero.Tamaru Ka.ranks",
            "ship.setup", "journey.kwanan_j4.trigger"} <= set(kwanan)
    assert "nation.name" not in kwanan and "nation.power_effects[0]" not in kwanan and "hero.Falkuun.name" not in kwanan
    adele = [p for p in scan_file(CONFIG_ROOT / "eos/nations/mespanne.toml") if "Adele" in p]
    assert {"hero.Mère Admiral Adele.ranks[0]", "hero.Mère Admiral Adele.ranks[3]"} <= set(adele)
    assert "hero.Mère Admiral Adele.name" not in adele
    assert scan_file(CONFIG_ROOT / "aeolos/variants/poseidon.toml") == [f"poseidon.tokens[{i}]" for i in range(7)]


EOS = get_game("eos")
AEOLOS = get_game("aeolos")


def test_a_runs_files_are_its_variants_only():
    base = EOS.config_files(variants=[])
    assert "nations/kwanan.toml" in base and not any(k.startswith(("modules/", "flags/", "strategies/")) for k in base)
    night = EOS.config_files(variants=["night"])
    assert set(night) - set(base) == {"modules/night.toml"}
    every = EOS.config_files()
    assert {f"modules/{m}.toml" for m in EOS.variants} <= set(every)
    assert set(AEOLOS.config_files(variants=["poseidon"])) == {"base.toml", "variants/poseidon.toml"}


def test_set_values_are_the_designers_own():
    """A --set key (an entry named by its name or id) takes exactly the values it reaches out of
    the assumed ones, whole lists and tables included."""
    config = EOS.load_rules().config
    before = EOS.assumed_values(variants=[])
    sets = {"angels.angel.Alhana.hero_glory": 3, "nations.kwanan.hero.Falkuun.ranks": [], "map.area.12": {}}
    after = EOS.assumed_values(variants=[], overrides=sets, resolved=config)
    area = [p for p in before.files["map.toml"] if p.startswith("area.12.")]
    assert len(area) > 3
    assert after.set_by_user == 1 + 1 + len(area) == before.total - after.total
    assert "angel.alhana.hero_glory" not in after.files["angels.toml"]
    assert "hero.Falkuun.ranks" not in after.files["nations/kwanan.toml"]
    assert "hero.Falkuun.morale" in after.files["nations/kwanan.toml"]
    assert canonical_key(config, "angels.angel.Alhana.hero_glory") == "angels.angel.alhana.hero_glory"


def test_a_config_folder_or_file_is_scanned_in_place_of_the_games(tmp_path):
    folder = tmp_path / "eos"
    shutil.copytree(CONFIG_ROOT / "eos", folder)
    path = folder / "angels.toml"
    path.write_text(path.read_text().replace("patron_glory = 15               # rulebook",
                                             "patron_glory = 15               # ASSUMED", 1))
    assert EOS.assumed_values(folder, []).total == EOS.assumed_values(None, []).total + 1
    mine = tmp_path / "mine.toml"
    mine.write_text((CONFIG_ROOT / "aeolos/base.toml").read_text() + "\n[extra]\nx = 1  # ASSUMED\n")
    found = AEOLOS.assumed_values(mine, [])
    assert list(found.files) == ["mine.toml"] and found.total == AEOLOS.assumed_values(None, []).total + 1


def test_a_findings_subject_maps_to_its_config_entry():
    """Every Angel's, Demon Lord's, deed's, journey card's and upgrade's entry (and every nation's
    file) is found where it is; a nation's own card in its nation's file; an unknown item nowhere."""
    config = EOS.load_rules(variants=["deluxe"]).config
    found = EOS.assumed_values(variants=["deluxe"])

    def assumed(kind, item):
        return [label for label, prefix in EOS.assumed_entries(kind, item, config) if found.under(label, prefix)]

    for a in config["angels"]["angel"]:
        assert assumed("angel", a["id"]) == ["angels.toml"]          # every hero_glory is assumed
    for lord in config["demon_lords"]["lord"]:
        assert assumed("lord", lord["id"]) == ["demon_lords.toml"]
    assert assumed("journey", "j02") == ["journey.toml"]
    assert assumed("journey", "kwanan_j2") == ["nations/kwanan.toml"]
    deluxe = next(c["id"] for c in config["journey"]["card"] if c["id"] not in
                  {x["id"] for x in tomllib.loads((CONFIG_ROOT / "eos/journey.toml").read_text())["card"]})
    assert assumed("journey", deluxe) == ["modules/deluxe.toml"]
    assert assumed("upgrade", "kusan_u5") == ["nations/kusan.toml"]
    assert assumed("nation", "noom") == ["nations/noom.toml"]
    assert assumed("ship", "The Coral Throne") == ["nations/kwanan.toml"]
    assert assumed("deed", "awaken_the_drowned_redeemer") == ["deeds.toml"]     # its level and glory
    assert assumed("journey", "nothing") == [] and assumed("seat", "0") == []


def test_the_assumed_counts_module_runs(capsys):
    from simulate.core.assumed import main

    assert main(["aeolos"]) == 0
    out = capsys.readouterr().out
    assert "base.toml: " in out and f"total: {AEOLOS.assumed_values().total}" in out
    assert main([]) == 2


def test_the_docs_generated_tables_are_the_configs_values():
    """docs/assumptions-eos-nations.md (and any doc with generated blocks) carries the nations'
    numbers as tables written from the TOML: after a config change, `python -m simulate.core.assumed
    --write-docs` rewrites them; until then this test fails."""
    from simulate.core.assumed import DOCS, stale_docs

    text = (DOCS / "assumptions-eos-nations.md").read_text()
    assert all(f"<!-- assumed eos nations/{n}.toml -->" in text for n in EOS.load_rules().config["nations"])
    assert "python -m simulate.core.assumed --write-docs" in text
    assert stale_docs() == [], "a doc's generated table is stale: run python -m simulate.core.assumed --write-docs"


def test_a_stale_table_is_found_and_rewritten(tmp_path):
    """A value in a generated table that is not the TOML's (as the doc's prose once said Adele's
    rank 4 gives 6 glory where the TOML gave 8) makes the doc stale; --write-docs puts the TOML's
    value back and changes nothing else."""
    from simulate.core.assumed import DOCS, stale_docs, write_docs

    doc = tmp_path / "nations.md"
    good = (DOCS / "assumptions-eos-nations.md").read_text()
    line = next(x for x in good.splitlines() if x.startswith("| `hero.Mère Admiral Adele.ranks[3]`"))
    doc.write_text(good.replace(line, line[:-2] + ", glory:1 |"))
    (tmp_path / "other.md").write_text("no generated block\n")
    assert stale_docs(tmp_path) == [doc]
    assert write_docs(tmp_path) == [doc] and doc.read_text() == good and stale_docs(tmp_path) == []
