"""EOS content (``configs/eos/``, format in ``docs/eos-data.md``) -> one validated config.

Every file is read into one dict: ``base.toml`` at the top level (``game``,
``chronicle``, ...), each other file under its name (``map``, ``journey``,
``upgrades``, ``events``, ``objectives``, ``angels``, ``demon_lords``, ``deeds``),
the nations under ``nations.<name>`` and the named rule flags under ``flags``. So
``--set game.hand_limit=4`` or ``--set journey.card.j05.cost=["coins:-5"]`` reach any
number, as for AEOLOS. Any problem is one ConfigError line naming the file, the key
and (where it can be found) the line.
"""
import copy
from dataclasses import dataclass
from pathlib import Path

from ..core.config_files import (CONFIG_ROOT, ResolvedConfig, apply_overrides, line_of, merge_tables, read_toml,
                                 unknown_key)
from ..core.errors import ConfigError
from .actions import ActionError, parse_actions

CONFIG_DIR = CONFIG_ROOT / "eos"
MODULE_DIR = CONFIG_DIR / "modules"
# The rulebook's modules and deluxe content, in the order a combination is written ("night,deluxe").
# A module is its file in configs/eos/modules/ (format: `apply_module`); only those with a file exist.
MODULE_ORDER = ("first-game", "free-ship", "night", "deluxe", "solo", "reverse-pick", "full-round", "seat-compensation")
MODULES = tuple(m for m in MODULE_ORDER if (MODULE_DIR / f"{m}.toml").is_file())
DECKS = ("journey", "upgrades", "events", "objectives")     # counted against [components]
NATIONS = ("noom", "mespanne", "kusan", "guild", "kwanan")
PROFESSIONS = ("scout", "first_officer", "quartermaster", "treasurer", "warrior")
DEED_LEVELS = ("I", "II", "III", "lake")
SETUP_CHOICES = {"lords": ("shuffled", "first_game_order"), "ships": ("nation", "dealt"),
                 "nations": ("random", "reverse_pick")}
# keys whose value is a list of action strings (challenges may also use the challenge-only conditions)
ACTION_KEYS = ("actions", "action", "reward", "rewards", "cost", "setup", "active", "faces", "recharge", "once",
               "slots", "choice", "least_glory", "after")
CHALLENGE_KEYS = ("challenge",)
FLAG_KEYS = ("flags", "passive", "curse", "trigger", "global")
# a cost or challenge loses these (the rulebook's red border): a positive amount there is a slip
LOSSES = ("coins", "power", "glory", "protection", "blessing", "angel_attack", "morale", "rank", "upgrade")


# The game's numbers and the ranges the kernel can play (its capacities: layout.py)
GAME_RANGES = {"hand_limit": (0, 30), "market_size": (1, 4), "market_refresh_coins": (0, 1000),
               "upgrade_buys_per_turn": (0, 5), "hero_market_upgrades": (0, 20), "max_hero_activations": (1, 2),
               "max_lord_curses": (1, 3), "turn_cap": (1, 10000), "blessing_tokens": (0, 200),
               "blessing_limit": (0, 20), "blessing_per_corner_per_player": (0, 10), "blessing_setup_corners": (1, 4), "angel_pawns": (0, 100),
               "shields": (0, 100)}
# glory per item counted at the end (``scoring.end_bonus``; the rulebook's -1, 1, 1, 2, 3): a balance
# search's room either side, well inside the kernel's int32 glory
END_BONUS = ("unprotected_demon", "morale_boost", "rank_increase", "played_journey", "upgrade_in_play")
END_BONUS_RANGE = (-50, 50)
MAX_CHRONICLE = 16              # layout.MAX_CHRONICLE (config.py imports no kernel module)
MAX_NATION_JOURNEY = 8          # layout.NS_JOURNEY's width
MAX_GLORY_REWARDS = 16          # layout.MAX_GLORY_REWARDS


# The keys each kind of table may have (a nation file's tables under "nation"): a misspelt
# key is refused instead of silently ignored. A new key is added here and in docs/eos-data.md.
KEYS = {
    "": "game setup components angels_drawn chronicle destiny_die end_bonus least_glory_event map angels deeds "
        "demon_lords events journey objectives upgrades nations flags variants glory_track intervention "
        "seat_compensation nation_pick",
    "intervention": "nation upgrade journey curse deed angel angel_side",
    "glory_track": "step",
    "glory_track.step": "at reward",
    "setup": "deed_levels lords objectives ships nations",
    "seat_compensation": " ".join(f"{what}_{n}p" for what in ("glory", "coins") for n in range(2, 6)),
    "nation_pick": "2 3 4 5",
    **{f"nation_pick.{n}": "noom mespanne kusan guild kwanan" for n in range(2, 6)},
    "components": "journey upgrades events objectives angels demon_lords deeds trophies nation_journey "
                  "nation_journey_dealt nation_upgrades",
    "components.deeds": "I II III lake",
    "game": "name min_players max_players hand_limit market_size market_refresh_coins upgrade_buys_per_turn "
            "hero_market_upgrades max_hero_activations max_lord_curses turn_cap blessing_tokens blessing_limit "
            "blessing_per_corner_per_player blessing_setup_corners angel_pawns shields deed_areas corner_rewards_shared "
            "round_played_out",
    "angels_drawn": "2 3 4 5",
    "chronicle": "players first_slot slots",
    "destiny_die": "faces",
    "end_bonus": "unprotected_demon morale_boost rank_increase played_journey upgrade_in_play",
    "least_glory_event": "choice",
    "map": "area",
    "map.area": "id name kind demons reward rewards perimeter angel adjacent passage deed_area corner",
    "angels": "angel",
    "angels.angel": "id name hero_glory patron_glory angel_attacks passive action once_per_game ignores_curse "
                    "reward choice",
    "demon_lords": "lord",
    "demon_lords.lord": "id name title challenge rewards glory curse first_game_order",
    "deeds": "deed trophy",
    "deeds.deed": "id name level challenge rewards glory trophy flags text",
    "deeds.trophy": "id type text flags actions reward recharge speed worker_slots",
    "journey": "card",
    "journey.card": "id name cost actions trigger set",
    "upgrades": "card",
    "upgrades.card": "id name type cost actions once recharge flags",
    "events": "card",
    "events.card": "id name active least_glory global",
    "objectives": "card",
    "objectives.card": "id name kind who condition glory always",
    "objectives.card.condition": "stat at_least spend discard",
    "nation": "nation protection secondary hero ship journey upgrade",
    "nation.nation": "name max_power power_effects setup flags",
    "nation.nation.power_effects": "at flags actions",
    "nation.protection": "max_steps max_demons protected_base damage",
    "nation.protection.damage": "demons_from demons_to flags",
    "nation.secondary": "actions",
    "nation.hero": "profession name ranks morale",
    "nation.hero.ranks": "cost actions",
    "nation.hero.morale": "actions permanent",
    "nation.ship": "name workers slots setup",
    "nation.journey": "id name cost actions trigger",
    "nation.upgrade": "id name hero cost actions flags",
}
# the Solo Mode module's scenarios (configs/eos/modules/solo.toml)
KEYS[""] += " solo"
KEYS["angels_drawn"] += " 1"
KEYS.update({"solo": "lose_on_recharge event_global play scenario", "solo.scenario": "id name task",
             "solo.scenario.task": "text kind stat at_least after"})
KEYS = {path: set(keys.split()) for path, keys in KEYS.items()}


@dataclass(frozen=True)
class Rules(ResolvedConfig):
    """The resolved EOS config (every file, variants and overrides applied) and where it came from."""

    config: dict
    path: str


def read_files(folder=CONFIG_DIR):
    """Every TOML of an EOS config folder as one dict, and {section: file} to name files in errors."""
    folder = Path(folder)
    if not (folder / "base.toml").is_file():
        raise ConfigError(folder, None, "not an EOS config folder (no base.toml)")
    data, files = read_toml(folder / "base.toml"), {}
    for key in data:
        files[key] = folder / "base.toml"
    for path in sorted(folder.glob("*.toml")):
        if path.stem != "base":
            data[path.stem], files[path.stem] = read_toml(path), path
    data["nations"] = {}
    for path in sorted((folder / "nations").glob("*.toml")):
        data["nations"][path.stem], files[f"nations.{path.stem}"] = read_toml(path), path
    data["flags"] = {}
    for path in sorted((folder / "flags").glob("*.toml")):
        for name, flag in read_toml(path).get("flag", {}).items():
            if name in data["flags"]:
                raise ConfigError(path, f"flag.{name}", "declared twice (flags/*.toml)", line_of(path, name))
            data["flags"][name] = flag
            files[f"flags.{name}"] = path
    return data, files


def load_rules(folder=None, overrides=None, data=None, modules=None):
    """The validated EOS config from a folder (default ``configs/eos``), from one file holding a
    resolved config (every file's tables, as ``windtunnel balance`` writes it; the game's modules
    apply to it) or from a run's resolved dict, with `modules` (names, ``MODULES``) applied in
    their order, then `overrides` (``--set``)."""
    folder = Path(folder) if folder else CONFIG_DIR
    module_dir, files = folder / "modules", {}
    if data is None and folder.is_file():
        data, module_dir = read_toml(folder), MODULE_DIR
        files = dict.fromkeys(data, folder)
        again = [m for m in modules or () if m in data.get("variants", ())]
        if again:
            raise ConfigError(folder, None, f"already plays the {', '.join(again)} module (its variants); leave "
                                            "it out of --variant")
    elif data is None:
        data, files = read_files(folder)
    else:                                 # a run's resolved config: keys added since get their printed values
        data = with_printed_defaults(data)
    data = copy.deepcopy(data)
    for name in modules or ():
        files.update(apply_module(data, name, module_dir))
    if overrides:
        apply_overrides(data, overrides)
    try:
        validate(data, files, folder)
    except ConfigError as e:              # a value set by --set is named as such, not by the file
        if e.field in (overrides or {}):
            raise ConfigError("--set", e.field, str(e).split(f"{e.field}: ", 1)[-1]) from None
        raise
    return Rules(data, str(folder))


# keys the config gained after runs were recorded (issue #42's knobs), each off as printed: a run
# recorded before them reads as the printed game it played
ADDED_SINCE = ("game.round_played_out", "setup.nations", "seat_compensation")


def with_printed_defaults(data):
    """A recorded config with each of ``ADDED_SINCE`` it lacks set to the base config's value."""
    missing = [k for k in ADDED_SINCE if _at(data, k) is None]
    if not missing:
        return data
    base, _ = read_files(CONFIG_DIR)
    data = copy.deepcopy(data)
    for key in missing:
        *path, last = key.split(".")
        node = data
        for part in path:
            node = node.setdefault(part, {})
        node[last] = copy.deepcopy(_at(base, key))
    return data


def _at(data, key):
    node = data
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def apply_module(data, name, folder=MODULE_DIR):
    """Apply module `name` (<config folder>/modules/<name>.toml) to the config dict in place:
    its ``[set]`` table changes values as ``--set`` would (dotted keys, list entries by id);
    its ``[add]`` table appends entries to the config's lists (``[[add.deeds.deed]]``,
    ``[[add.nations.guild.journey]]``: new cards, deeds, trophies); any other table is merged
    (tables merge, other values replace: a module's ``[[map.area]]`` is a whole new board).
    The config records the module in ``variants``. Returns {section: file} for errors."""
    path = Path(folder) / f"{name}.toml"
    if not path.is_file():
        raise ConfigError(path, None, f"no such file: the config folder has no module {name!r}")
    extra = read_toml(path)
    changes, added = extra.pop("set", {}), extra.pop("add", {})
    merge_tables(data, extra)
    try:
        apply_overrides(data, changes)
    except ConfigError as e:
        raise ConfigError(path, e.field, str(e).split(f"{e.field}: ", 1)[-1]) from None
    _append(data, added, path, "add")
    data.setdefault("variants", []).append(name)
    return {key: path for key in extra} | {f"add.{key}": path for key in added}


def _append(node, added, path, where):
    for key, value in added.items():
        at = f"{where}.{key}"
        if isinstance(value, dict):
            if not isinstance(node.get(key), dict):
                raise ConfigError(path, at, "adds to a table the config does not have")
            _append(node[key], value, path, at)
        elif isinstance(value, list) and isinstance(node.get(key), list):
            node[key].extend(value)
        else:
            raise ConfigError(path, at, "adds to a list the config does not have")


# ---------------------------------------------------------------- validation
class _Checker:
    """Walks the config, naming the file and key of the first problem."""

    def __init__(self, data, files, folder):
        self.data, self.files, self.folder = data, files, Path(folder)
        self.flags = set(data.get("flags", {}))

    def file_of(self, key):
        parts = key.split(".")
        for n in range(len(parts), 0, -1):
            if ".".join(parts[:n]) in self.files:
                return self.files[".".join(parts[:n])]
        return self.folder

    def fail(self, key, problem):
        path = self.file_of(key)
        last = key.split(".")[-1].split("[")[0]
        raise ConfigError(path, key, problem, line_of(path, last) if isinstance(path, Path) and path.is_file()
                          else None)

    def need(self, node, key, where, kind=None):
        if not isinstance(node, dict) or key not in node:
            self.fail(f"{where}.{key}" if where else key, "missing")
        value = node[key]
        if kind is not None and (isinstance(value, bool) or not isinstance(value, kind)):
            self.fail(f"{where}.{key}" if where else key, f"expected {kind.__name__}, got {value!r}")
        return value

    def walk(self, node, where, kind=""):
        """Every key (against KEYS), action list and flag name anywhere below `node`; `kind`
        is the table's path without indices ("journey.card"), a nation's files as "nation"."""
        if isinstance(node, list):
            for i, item in enumerate(node):
                self.walk(item, f"{where}[{i}]", kind)
            return
        if not isinstance(node, dict):
            return
        known = KEYS.get(kind)
        for key in node:
            if known is not None and key not in known:
                self.fail(f"{where}.{key}" if where else key, unknown_key(known, key))
        for key, value in node.items():
            sub = ("nation" if kind == "nations" else f"{kind}.{key}" if kind else key)
            at = f"{where}.{key}" if where else key
            if key in ACTION_KEYS + CHALLENGE_KEYS and isinstance(value, (list, str)):
                steps = [value] if isinstance(value, str) else value
                if value and all(isinstance(v, list) for v in value):       # a list of action lists (slots)
                    steps = [s for v in value for s in v]
                try:
                    parsed = parse_actions(steps, challenge=key in CHALLENGE_KEYS)
                except ActionError as e:
                    self.fail(at, str(e))
                if key in ("cost",) + CHALLENGE_KEYS:
                    for sym, amount in (x for step in parsed for alt in step for x in alt):
                        if sym in LOSSES and amount > 0:
                            self.fail(at, f"a {key} loses {sym}: write {sym}:-{amount} (the rulebook's signs)")
            elif key == "global" and _actions_or_none(value) is not None:
                pass                                           # an event's global effect as action strings
            elif key in FLAG_KEYS and where.split(".")[0] not in ("flags", "intervention"):   # (its values: ids)
                for flag in ([value] if isinstance(value, str) else value if isinstance(value, list) else []):
                    if isinstance(flag, str) and flag not in self.flags and ":" not in flag:
                        self.fail(at, f"unknown rule flag {flag!r} (declare it in configs/eos/flags/*.toml)")
            elif key != "flags" or kind:
                self.walk(value, at, "nation" if kind == "nations" else sub)

    def count(self, items, n, what, key):
        if not isinstance(items, list) or len(items) != n:
            got = len(items) if isinstance(items, list) else items
            self.fail(key, f"the components (the rulebook's list, [components]) have {n} {what}, the config {got}")

    def unique(self, items, field, key):
        seen = set()
        for item in items:
            value = self.need(item, field, key)
            if value in seen:
                self.fail(key, f"{field} {value!r} appears twice")
            seen.add(value)
        return seen


# seat compensation at setup (issue #42): what a seat may be given, each value's range
SEAT_COMPENSATION = {"glory": (0, 100), "coins": (0, 500)}


def _validate_seats(c, data, lo, hi):
    """[seat_compensation] (glory_Np, coins_Np: one whole number per seat, seat 0 first), the end rule's
    flag, and the reverse-order nation pick's table ([nation_pick."N"]: each nation's win rate in
    percent at each seat, one table per player count the config plays with two or more)."""
    game = data["game"]
    if not isinstance(game.get("round_played_out", False), bool):
        c.fail("game.round_played_out", f"expected true or false, got {game['round_played_out']!r}")
    comp = data.get("seat_compensation", {})
    if not isinstance(comp, dict):
        c.fail("seat_compensation", f"expected a table, got {comp!r}")
    for key, value in comp.items():
        what, n = key.rsplit("_", 1)[0], int(key.rsplit("_", 1)[1][:-1])
        low, high = SEAT_COMPENSATION[what]
        if (not isinstance(value, list) or len(value) != n
                or any(isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high for v in value)):
            c.fail(f"seat_compensation.{key}", f"expected {n} whole numbers from {low} to {high} (one per seat, "
                                               f"seat 0 first), got {value!r}")
    if data["setup"].get("nations", "random") != "reverse_pick":
        return
    table = c.need(data, "nation_pick", "", dict)
    for n in range(max(lo, 2), hi + 1):
        rates = c.need(table, str(n), "nation_pick", dict)
        for nation in NATIONS:
            value = c.need(rates, nation, f"nation_pick.{n}")
            if (not isinstance(value, list) or len(value) != n
                    or any(isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 100 for v in value)):
                c.fail(f"nation_pick.{n}.{nation}", f"expected {n} win rates in percent (0 to 100), one per seat, "
                                                    f"seat 0 first, got {value!r}")


def _actions_or_none(value):
    try:
        return parse_actions([value] if isinstance(value, str) else value)
    except ActionError:
        return None


def validate(data, files, folder):
    c = _Checker(data, files, folder)
    c.walk(data, "")                    # first: a misspelt key is named as such, not as the key it misses
    game = c.need(data, "game", "", dict)
    lo, hi = c.need(game, "min_players", "game", int), c.need(game, "max_players", "game", int)
    if not 1 <= lo <= hi <= 5:
        c.fail("game.max_players", f"players must lie within 1..5, got {lo}..{hi}")
    _validate_solo(c, data, lo, hi)
    for key, (low, high) in GAME_RANGES.items():
        value = c.need(game, key, "game", int)
        if not low <= value <= high:
            c.fail(f"game.{key}", f"expected a whole number from {low} to {high}, got {value}")
    bonus = c.need(data, "end_bonus", "", dict)
    for key in END_BONUS:
        value = c.need(bonus, key, "end_bonus", int)
        if not END_BONUS_RANGE[0] <= value <= END_BONUS_RANGE[1]:
            c.fail(f"end_bonus.{key}", f"expected a whole number from {END_BONUS_RANGE[0]} to {END_BONUS_RANGE[1]}, "
                                       f"got {value}")
    n_angels = len(data.get("angels", {}).get("angel", []))
    drawn = c.need(data, "angels_drawn", "", dict)
    for p in range(lo, hi + 1):
        k = c.need(drawn, str(p), "angels_drawn", int)
        if not 0 <= k <= min(n_angels, game["angel_pawns"]):
            c.fail(f"angels_drawn.{p}", f"expected 0 to {min(n_angels, game['angel_pawns'])} Angels "
                                        f"(the Angels and their pawns), got {k}")
    chronicle = {c.need(t, "players", "chronicle", int) for t in c.need(data, "chronicle", "", list)}
    if not set(range(max(lo, 2), hi + 1)) <= chronicle:
        c.fail("chronicle", f"needs a chronicle track for each of {max(lo, 2)}..{hi} players")
    for i, t in enumerate(data["chronicle"]):
        slots = c.need(t, "slots", f"chronicle[{i}]", list)
        if not 1 <= len(slots) <= MAX_CHRONICLE:
            c.fail(f"chronicle[{i}].slots", f"expected 1 to {MAX_CHRONICLE} slots, got {len(slots)}")
        first = c.need(t, "first_slot", f"chronicle[{i}]", int)
        if not 0 <= first < len(slots):
            c.fail(f"chronicle[{i}].first_slot", f"expected a slot from 0 to {len(slots) - 1}, got {first}")
    counts = c.need(data, "components", "", dict)
    setup = c.need(data, "setup", "", dict)
    levels = c.need(setup, "deed_levels", "setup", list)
    if not levels or any(lv not in DEED_LEVELS[:3] for lv in levels) or len(set(levels)) != len(levels):
        c.fail("setup.deed_levels", f"expected a non-empty choice of \"I\", \"II\", \"III\", got {levels!r}")
    for key, choices in SETUP_CHOICES.items():
        if c.need(setup, key, "setup", str) not in choices:
            c.fail(f"setup.{key}", f"expected one of {', '.join(choices)}, got {setup[key]!r}")
    if not isinstance(c.need(setup, "objectives", "setup"), bool):
        c.fail("setup.objectives", f"expected true or false, got {setup['objectives']!r}")
    _validate_seats(c, data, lo, hi)
    for deck in DECKS:
        n = c.need(counts, deck, "components", int)
        cards = c.need(c.need(data, deck, "", dict), "card", deck, list)
        c.count(cards, n, f"{deck} cards", f"{deck}.card")
        c.unique(cards, "id", f"{deck}.card")
    if sum(1 for o in data["objectives"]["card"] if o.get("always")) != 1:
        c.fail("objectives.card", "exactly one objective is always used (always = true)")
    angels = c.need(c.need(data, "angels", "", dict), "angel", "angels", list)
    c.count(angels, c.need(counts, "angels", "components", int), "Angels", "angels.angel")
    names = c.unique(angels, "name", "angels.angel")
    lords = c.need(c.need(data, "demon_lords", "", dict), "lord", "demon_lords", list)
    c.count(lords, c.need(counts, "demon_lords", "components", int), "Demon Lords", "demon_lords.lord")
    c.unique(lords, "id", "demon_lords.lord")
    deeds = c.need(c.need(data, "deeds", "", dict), "deed", "deeds", list)
    for level in DEED_LEVELS:
        n = c.need(c.need(counts, "deeds", "components", dict), level, "components.deeds", int)
        c.count([d for d in deeds if d.get("level") == level], n, f"level {level} epic deeds", "deeds.deed")
    trophies = c.need(data["deeds"], "trophy", "deeds", list)
    c.count(trophies, c.need(counts, "trophies", "components", int), "trophy cards", "deeds.trophy")
    trophy_ids = c.unique(trophies, "id", "deeds.trophy")
    for i, d in enumerate(deeds):
        if "trophy" in d and d["trophy"] not in trophy_ids:
            c.fail(f"deeds.deed[{i}].trophy", f"no trophy {d['trophy']!r}")
    _validate_map(c, data, names)
    _validate_intervention(c, data)
    _validate_glory_track(c, data)
    nations = c.need(data, "nations", "", dict)
    if sorted(nations) != sorted(NATIONS):
        c.fail("nations", f"expected the five nations {', '.join(NATIONS)}, got {', '.join(sorted(nations)) or 'none'}")
    for name, nation in nations.items():
        heroes = c.need(nation, "hero", f"nations.{name}", list)
        professions = sorted(c.need(h, "profession", f"nations.{name}.hero") for h in heroes)
        if professions != sorted(PROFESSIONS):
            c.fail(f"nations.{name}.hero", f"expected one hero of each profession ({', '.join(PROFESSIONS)})")
        c.count(c.need(nation, "journey", f"nations.{name}", list), c.need(counts, "nation_journey", "components", int),
                "nation journey cards", f"nations.{name}.journey")
        c.count(c.need(nation, "upgrade", f"nations.{name}", list), c.need(counts, "nation_upgrades", "components", int),
                "nation upgrades", f"nations.{name}.upgrade")
    dealt = c.need(counts, "nation_journey_dealt", "components", int)
    if not 0 <= dealt <= counts["nation_journey"] or counts["nation_journey"] > MAX_NATION_JOURNEY:
        c.fail("components.nation_journey_dealt", f"expected 0 to {counts['nation_journey']} of at most "
                                                  f"{MAX_NATION_JOURNEY} nation journey cards, got {dealt}")


ANGEL_SIDES = ("hero", "patron")


def intervention_choices(data):
    """{[intervention] key: the values it takes besides "none"} in a config (``docs/whatif.md``):
    the nations, the general upgrades and journey cards, the Demon Lords (a curse), the deeds,
    the Angels and their sides."""
    def ids(table, kind):
        return [x["id"] for x in data[table][kind]]

    return {"nation": list(NATIONS), "upgrade": ids("upgrades", "card"), "journey": ids("journey", "card"),
            "angel": ids("angels", "angel"), "angel_side": list(ANGEL_SIDES), "curse": ids("demon_lords", "lord"),
            "deed": ids("deeds", "deed")}


def _validate_intervention(c, data):
    """[intervention] (``docs/whatif.md``): each key "none" or one of the items it names (the
    general upgrades and journey cards, the Demon Lords for a curse), an Angel with its side."""
    iv = data.get("intervention", {})
    known = intervention_choices(data)
    for key, items in known.items():
        value = iv.get(key, "none")
        if value != "none" and value not in items:
            c.fail(f"intervention.{key}", f"expected none or one of {', '.join(items)}, got {value!r}")
    angel, side = iv.get("angel", "none"), iv.get("angel_side", "none")
    if angel != "none" and side == "none":
        c.fail("intervention.angel_side", f"angel = {angel!r} needs its side: hero or patron")
    if side != "none" and angel == "none":
        c.fail("intervention.angel", f"angel_side = {side!r} needs an Angel: one of {', '.join(known['angel'])}")


def _validate_glory_track(c, data):
    """Night Mode's rewards on the glory track: at most MAX_GLORY_REWARDS steps, each once."""
    steps = c.need(data.get("glory_track", {"step": []}), "step", "glory_track", list)
    if len(steps) > MAX_GLORY_REWARDS:
        c.fail("glory_track.step", f"at most {MAX_GLORY_REWARDS} rewards on the glory track, got {len(steps)}")
    seen = set()
    for i, step in enumerate(steps):
        at = c.need(step, "at", f"glory_track.step[{i}]", int)
        if not 1 <= at <= 99 or at in seen:
            c.fail(f"glory_track.step[{i}].at", f"expected a step from 1 to 99 of the track, each once, got {at}")
        seen.add(at)
        c.need(step, "reward", f"glory_track.step[{i}]")


# Solo tasks: "have" a statistic (layout.STATS) at least N whenever checked, or "do" N more of a
# statistic that only grows (counted from the task's unlock); a scenario has SOLO_TASKS of them
SOLO_DO_STATS = ("journey_played", "rank_increases", "morale_boosts", "angels_awakened", "areas_purified",
                 "deeds_accomplished", "lords_defeated", "chronicle_actions")
SOLO_HAVE_STATS = SOLO_DO_STATS + ("upgrades_in_play", "ship_upgrades", "heroes_max_morale", "power", "coins")
SOLO_TASKS = 4                  # layout.SOLO_TASKS
MAX_SCENARIOS = 12              # layout.MAX_SCENARIOS


def _validate_solo(c, data, lo, hi):
    """The solo scenarios (a game of one player needs them, and they need a game of one)."""
    solo = data.get("solo")
    if solo is None:
        if lo == 1:
            c.fail("game.min_players", "one player plays only the Solo Mode (--variant solo)")
        return
    if hi != 1:
        c.fail("game.max_players", f"the Solo Mode is played by one player, got {lo}..{hi}")
    if c.need(solo, "lose_on_recharge", "solo", int) < 1:
        c.fail("solo.lose_on_recharge", f"expected a recharge action from 1 on, got {solo['lose_on_recharge']}")
    if not isinstance(c.need(solo, "event_global", "solo"), bool):
        c.fail("solo.event_global", f"expected true or false, got {solo['event_global']!r}")
    scenarios = c.need(solo, "scenario", "solo", list)
    if not 1 <= len(scenarios) <= MAX_SCENARIOS:
        c.fail("solo.scenario", f"expected 1 to {MAX_SCENARIOS} scenarios, got {len(scenarios)}")
    ids = c.unique(scenarios, "id", "solo.scenario")
    if solo.get("play", "random") not in ids | {"random"}:
        c.fail("solo.play", f"expected a scenario id or \"random\", got {solo['play']!r}")
    for i, sc in enumerate(scenarios):
        at = f"solo.scenario[{i}]"
        c.need(sc, "name", at, str)
        tasks = c.need(sc, "task", at, list)
        if len(tasks) != SOLO_TASKS:
            c.fail(f"{at}.task", f"a scenario has {SOLO_TASKS} tasks, got {len(tasks)}")
        for k, t in enumerate(tasks):
            where = f"{at}.task[{k}]"
            c.need(t, "text", where, str)
            kind = c.need(t, "kind", where, str)
            stats = {"have": SOLO_HAVE_STATS, "do": SOLO_DO_STATS}.get(kind)
            if stats is None:
                c.fail(f"{where}.kind", f"expected \"have\" or \"do\", got {kind!r}")
            if c.need(t, "stat", where, str) not in stats:
                c.fail(f"{where}.stat", f"a {kind} task counts one of {', '.join(stats)}, got {t['stat']!r}")
            if c.need(t, "at_least", where, int) < 1:
                c.fail(f"{where}.at_least", f"expected 1 or more, got {t['at_least']}")


def _validate_map(c, data, angel_names):
    areas = c.need(c.need(data, "map", "", dict), "area", "map", list)
    ids = c.unique(areas, "id", "map.area")
    by_id = {a["id"]: a for a in areas}
    for i, a in enumerate(areas):
        for b in c.need(a, "adjacent", f"map.area[{i}]", list):
            if b not in ids:
                c.fail(f"map.area[{i}].adjacent", f"area {a['id']} lists {b!r}, which is no area")
            if a["id"] not in by_id[b]["adjacent"]:
                c.fail(f"map.area[{i}].adjacent", f"area {a['id']} lists {b} but {b} does not list {a['id']}")
    deed_areas = sorted(a["deed_area"] for a in areas if a.get("kind") == "deed")
    if deed_areas != [1, 2, 3, 4, 5, 6]:
        c.fail("map.area", f"expected deed areas 1..6 (6 the inner lake) once each, got {deed_areas}")
    corners = sorted(a.get("corner") for a in areas if a.get("kind") == "blessing")
    if corners != list(range(1, len(corners) + 1)) or not 1 <= len(corners) <= 4:
        c.fail("map.area", f"expected one to four blessing areas numbered 1.. by their corner, got {corners}")
    game = data["game"]
    per_corner, most, setup = game["blessing_per_corner_per_player"], game["max_players"], game["blessing_setup_corners"]
    if game["blessing_tokens"] < setup * per_corner * most:
        c.fail("game.blessing_tokens", f"{game['blessing_tokens']} tokens cannot fill {setup} corners with "
                                       f"{per_corner} per player for {most} players")
    if per_corner * setup % len(corners):
        c.fail("game.blessing_setup_corners", f"{setup} corners' worth of tokens ({per_corner} per player each) "
                                              f"cannot be shared evenly by {len(corners)} blessing areas")
    located = [a["angel"] for a in areas if "angel" in a]
    if sorted(located) != sorted(angel_names):
        c.fail("map.area", "every Angel needs exactly one location (an area with angel = its name)")
    if sorted(a["passage"] for a in areas if "passage" in a) != ["A", "B"]:
        c.fail("map.area", "the secret passage needs one area marked A and one marked B")
    if not any(a.get("perimeter") for a in areas):
        c.fail("map.area", "no perimeter area to start in")
