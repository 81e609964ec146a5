"""Reading TOML config files: locating them, clear errors, --set overrides, unknown keys."""
import difflib
import hashlib
import json
import math
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .errors import ConfigError

CONFIG_ROOT = Path(__file__).resolve().parents[2] / "configs"


def read_toml(path):
    """Parse a TOML file; a syntax error names the file and line."""
    path = Path(path)
    try:
        text = path.read_text()
    except OSError as e:
        raise ConfigError(path, None, f"cannot read ({e.strerror})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        line = getattr(e, "lineno", None)
        raise ConfigError(path, None, f"malformed TOML ({e.msg if hasattr(e, 'msg') else e})", line) from None
    bad = non_finite(data)
    if bad is not None:
        key, value = bad
        raise ConfigError(path, key, f"expected a finite number, got {value!r}",
                          line_of(path, key.split(".")[-1].split("[")[0]))
    return data


def non_finite(value, key=""):
    """(dotted key, value) of the first NaN or infinite number in `value` (tables and lists
    searched), or None. TOML reads nan and inf as numbers; no config value may be one."""
    if isinstance(value, float) and not math.isfinite(value):
        return key, value
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for k, v in items:
        found = non_finite(v, f"{key}[{k}]" if isinstance(k, int) else f"{key}.{k}" if key else k)
        if found is not None:
            return found
    return None


def line_of(path, key):
    """Best-effort line number of `key = ...` (or of a table `[key]`, `[[a.key]]`) in a TOML file, for
    error messages."""
    k = re.escape(str(key))
    try:
        for i, text in enumerate(Path(path).read_text().splitlines(), 1):
            if re.match(rf"\s*{k}\s*=", text) or re.match(rf"\s*\[\[?\s*([\w-]+\.)*{k}\s*\]", text):
                return i
    except OSError:
        pass
    return None


def parse_value(text):
    """A --set value as TOML would read it (numbers, booleans, strings, lists)."""
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


# keys that name the game or record how its config was built, not values the game plays with
FIXED_KEYS = {"game.name": "the game's name", "variants": "the variants merged in (give them with --variant)"}

ENTRY_KEYS = ("number", "name", "id", "players")   # what names one entry of a list of tables ([[harbor]], [[card]], [[chronicle]] ...)


def _entry(node, part):
    """The entry of a list of tables whose `number`, `name`, `id` or `players` is `part` (harbor.7, temple.upper, card.j05, chronicle.4)."""
    for entry in node:
        if isinstance(entry, dict) and any(str(entry.get(k)) == part for k in ENTRY_KEYS if k in entry):
            return entry
    return None


def config_value(data, key):
    """The value at dotted `key` of a config (a list of tables' entry by its number, name or id,
    as --set names it), or None where there is none."""
    return value_at(data, key.split("."))


def value_at(node, path):
    """The value at `path` below `node`, or None where there is none: each part a list's index
    (an int), a table's key or a list of tables' entry by its number, name or id (a str)."""
    for part in path:
        if isinstance(part, int):
            node = node[part] if isinstance(node, list) and 0 <= part < len(node) else None
        else:
            node = _entry(node, part) if isinstance(node, list) else node.get(part) if isinstance(node, dict) else None
        if node is None:
            return None
    return node


def set_at(node, path, value):
    """Set the value at `path` (``value_at``'s, non-empty, every part there) below `node`, in place."""
    parent, last = value_at(node, path[:-1]), path[-1]
    if isinstance(parent, list) and not isinstance(last, int):
        raise KeyError(last)                       # an entry of a list of tables is a table, not a value
    parent[last] = value


def apply_overrides(data, overrides, path="--set"):
    """Apply {"a.b.c": value} overrides in place; unknown keys are errors. An entry of a
    list of tables is named by its number or name: "harbor.7.amount", "temple.upper.bonus_vp"."""
    for key, value in overrides.items():
        if key in FIXED_KEYS:
            raise ConfigError(path, key, f"not a value --set can change ({FIXED_KEYS[key]})")
        if non_finite(value) is not None:
            raise ConfigError(path, key, f"expected a finite number, got {value!r}")
        node = data
        parts = key.split(".")
        for part in parts[:-1]:
            if isinstance(node, list) and (entry := _entry(node, part)) is not None:
                node = entry
                continue
            if not isinstance(node, dict) or part not in node:
                raise ConfigError(path, key, f"no such config key ({part!r} not found)")
            node = node[part]
        if not isinstance(node, dict) or parts[-1] not in node:
            raise ConfigError(path, key, "no such config key")
        old = node[parts[-1]]
        if isinstance(old, bool) != isinstance(value, bool) or (
            isinstance(old, (int, float)) and not isinstance(value, (int, float))
        ) or isinstance(old, list) != isinstance(value, list):
            raise ConfigError(path, key, f"expected a value like {old!r}, got {value!r}")
        node[parts[-1]] = value
    return data


def merge_tables(base, extra):
    """Merge the TOML tables of `extra` into `base` (in place): nested tables merge,
    any other value replaces. A variant file is merged into the base config this way."""
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            merge_tables(base[key], value)
        else:
            base[key] = value
    return base


def unknown_key(known, key):
    """The problem with a key a config has no use for (a typo would otherwise change nothing):
    "unknown key", and the nearest known one or, with none near, the known ones."""
    near = difflib.get_close_matches(str(key), sorted(known), 1, 0.6)
    return "unknown key (" + (f"did you mean {near[0]!r}?" if near else f"known here: {', '.join(sorted(known))}") + ")"


def check_keys(data, keys, path, kind="", where=""):
    """Refuse a key no table of its kind has: `keys` maps each kind of table (its dotted path
    without list indices, "" the top: "setup", "harbor", "favor.hera") to the keys it may hold;
    a table of a kind not in `keys` is not looked into. One ConfigError naming the key, the
    nearest known one, the file and line."""
    if isinstance(data, list):
        for i, item in enumerate(data):
            check_keys(item, keys, path, kind, f"{where}[{i}]")
        return
    if not isinstance(data, dict) or kind not in keys:
        return
    for key, value in data.items():
        at = f"{where}.{key}" if where else str(key)
        if key not in keys[kind]:
            raise ConfigError(path, at, unknown_key(keys[kind], key), line_of(path, key))
        check_keys(value, keys, path, f"{kind}.{key}" if kind else str(key), at)


def whole_numbers(data, ranges, path, overrides=None):
    """{dotted key: value} of a config of tables holding whole numbers only (``[section]`` then
    ``key = 12``), each key of `ranges` ({"section.key": (fewest, most)}) there and in range, no
    other key, and game.min_players not above game.max_players: else one ConfigError naming the
    file and line, or --set for a key it set. The ``variants`` the config merged are no values."""
    for section, table in data.items():
        if section == "variants":
            continue
        if not isinstance(table, dict):
            raise ConfigError(path, section, "expected a table", line_of(path, section))
    keys = {"": {"variants"}}
    for dotted in ranges:
        section, key = dotted.split(".")
        keys[""].add(section)
        keys.setdefault(section, set()).add(key)
    check_keys(data, keys, path)
    values = {}
    for dotted, (lo, hi) in ranges.items():
        section, key = dotted.split(".")
        value = values[dotted] = data.get(section, {}).get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            problem = "missing" if value is None else f"expected a whole number from {lo} to {hi}, got {value!r}"
            if dotted in (overrides or {}):
                raise ConfigError("--set", dotted, problem)
            raise ConfigError(path, dotted, problem, line_of(path, key))
    if values.get("game.min_players", 0) > values.get("game.max_players", math.inf):
        raise ConfigError(path, "game.min_players", "more than max_players", line_of(path, "min_players"))
    return values


def config_hash(config):
    """The hash naming a resolved config (in manifests: a run's config is checked against it)."""
    return hashlib.sha256(json.dumps(config, sort_keys=True).encode()).hexdigest()[:16]


class ResolvedConfig:
    """What every game's Rules share (a mixin): ``config`` is the resolved dict (a run records
    it and a worker rebuilds the rules from it); its hash names it in manifests; the player
    range is the config's ``game.min_players`` .. ``game.max_players``."""

    @property
    def hash(self):
        return config_hash(self.config)

    @property
    def player_range(self):
        return self.config["game"]["min_players"], self.config["game"]["max_players"]


@dataclass
class TableRules(ResolvedConfig):
    """The rules of a game whose config is tables of whole numbers (``Game.read_rules``): `T`, the
    values of its ``rules_table`` keys in order, is the table its kernel reads."""

    T: object
    config: dict
    path: str
