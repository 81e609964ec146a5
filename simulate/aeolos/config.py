"""AEOLOS's config (TOML) -> validated, immutable rule table ``T`` for the kernel (``Rules``).

Every number the kernel uses comes from here; nothing about the game's
components is hard-coded in the numba code.
"""
import copy
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..core.config_files import (CONFIG_ROOT, ResolvedConfig, apply_overrides, check_keys, line_of, merge_tables,
                                 read_toml)
from ..core.errors import ConfigError, UserError
from ..core.held_items import ItemClass, held
from ..core.protocol import parse_variants as _parse_variants
from . import layout as L

BASE_CONFIG = CONFIG_ROOT / "aeolos" / "base.toml"


@dataclass(frozen=True)
class Rules(ResolvedConfig):
    """The rule table plus the names the transcript needs."""

    T: np.ndarray
    config: dict
    path: str
    space_names: tuple = field(default=())
    place_names: tuple = field(default=())
    temple_names: tuple = field(default=())


    def card_name(self, c):
        T = self.T
        mark = L.MARK_NAMES[T[L.T_CARD_MARK + c]]
        return (f"{L.PILE_NAMES[T[L.T_CARD_COLOUR + c]]} {T[L.T_CARD_VALUE + c]} "
                f"{L.SYMBOL_NAMES[T[L.T_CARD_SYMBOL + c]]}" + (f" ({mark})" if mark else ""))

    def location_name(self, loc):
        if loc == L.LOC_SUPPLY:
            return "the supply"
        if loc == L.LOC_TABLEAU:
            return "the tableau"
        if loc < L.LOC_RIVER:
            return f"harbor {loc - L.LOC_HARBOR + L.FIRST_HARBOR}"
        if loc < L.LOC_PLACE:
            return self.space_names[loc - L.LOC_RIVER]
        return self.place_names[loc - L.LOC_PLACE]


def _index(path, key, value, names):
    if value not in names:
        raise ConfigError(path, key, f"unknown value {value!r} (expected one of {', '.join(n for n in names if n)})",
                          line_of(path, key.split(".")[-1].split("[")[0]))
    return names.index(value)


def _token_side(path, key, entry):
    """One side of a harbor token (a base harbor or a variant 4 alternative): the crystal
    colour of its "OR" alternative (-1: none), its action and the action's amount."""
    crystal = entry.get("crystal", "")
    return (-1 if crystal == "" else _index(path, key + ".crystal", crystal, L.COLOUR_NAMES[:4]),
            _index(path, key + ".action", entry.get("action"), L.ACTION_NAMES), _int(path, entry, "amount", 0, 20))


def _int(path, data, key, lo=0, hi=10_000):
    node = data
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            raise ConfigError(path, key, "missing", line_of(path, part))
        node = node[part]
    if isinstance(node, bool) or not isinstance(node, int) or not lo <= node <= hi:
        raise ConfigError(path, key, f"expected a whole number from {lo} to {hi}, got {node!r}",
                          line_of(path, key.split(".")[-1]))
    return node


VARIANT_DIR = CONFIG_ROOT / "aeolos" / "variants"
VARIANTS = ("tableaus", "poseidon", "challenge", "variable")         # played on top of the base game, combinable

# The keys each kind of table may hold (``check_keys``: a misspelt key is refused, not ignored); the
# variants' own tables too. A new key is added here and where load_rules reads it.
_CARD = "colour value symbol mark"
KEYS = {
    "": "game setup scoring sailing harbor river upriver temple prophet favor intervention variants "
        "tableaus poseidon challenge variable",
    "game": "name min_players max_players",
    "setup": "hand_size favor_cards_each ships_on_tableau ships_in_supply settlements starting_wind wind_tokens "
             "wind_cap start_vp crystals_per_player extra_crystals crystal_supply removed_marks",
    "setup.crystal_supply": " ".join(L.COLOUR_NAMES),
    "setup.removed_marks": " ".join(str(n) for n in range(2, L.MAX_PLAYERS + 1)),
    "scoring": "crystal_sets vp_per_wind unused_bonus_token_vp",
    "sailing": "symbol_match_wind start_piles cards",
    "sailing.start_piles": _CARD,
    "sailing.cards": _CARD,
    "harbor": "number crystal action amount settlement_spaces covered_3p",
    "river": "name mouth spaces temple",
    "upriver": "temple_step_wind",
    "temple": "name landing_vp landing_places_2p bonus bonus_amount bonus_vp purple",
    "prophet": "temple vp_per_ship vp_per_settlement vp_per_wind first_bonus second_bonus",
    "favor": " ".join(L.FAVOR_NAMES),
    "favor.aeolos": "count end_vp wind vp",
    "favor.apollon": "count end_vp cost_wind",
    "favor.artemis": "count end_vp cost_wind steps",
    "favor.athene": "count end_vp cost_wind",
    "favor.hera": "count end_vp vp",
    "favor.hermes": "count end_vp max_shift",
    "favor.plutos": "count end_vp",
    "favor.zeus": "count end_vp vp max_value",
    "intervention": "favor start_vp start_wind no_harbor tableau",
    "tableaus": "enabled seats " + " ".join(L.ABILITY_NAMES),
    **{f"tableaus.{a}": "start_wind wind vp" for a in L.ABILITY_NAMES},
    "poseidon": "enabled negative_vp vp_when_no_wind tokens",
    "poseidon.tokens": "wind vp",
    "challenge": "enabled one_ship_per_river_space",
    "variable": "enabled sides shuffle alternative",
    "variable.alternative": "number crystal action amount",
}
KEYS = {kind: set(keys.split()) for kind, keys in KEYS.items()}


def parse_variants(text):
    """'base' or a combination of variants -> the canonical list (in VARIANTS order; [] for
    the base game)."""
    return _parse_variants(text, VARIANTS, "AEOLOS")


def load_rules(path=None, overrides=None, data=None, variants=None):
    """Load and validate an AEOLOS config; `variants` (names) merge their files from
    configs/aeolos/variants/ into it, then `overrides` map dotted keys to values."""
    path = Path(path) if path else BASE_CONFIG
    if data is None:
        data = read_toml(path)
        check_keys(data, KEYS, path)
    data = copy.deepcopy(data)
    for v in parse_variants(",".join(variants) if variants else "base"):
        extra = read_toml(VARIANT_DIR / f"{v}.toml")
        changes = extra.pop("set", {})      # entries of the base config's lists, changed as --set would
        check_keys(extra, KEYS, VARIANT_DIR / f"{v}.toml")
        merge_tables(data, extra)
        apply_overrides(data, changes)
        data.setdefault("variants", []).append(v)
    if overrides:
        apply_overrides(data, overrides)
    T = np.zeros(L.T_SIZE, np.int32)
    lo, hi = _int(path, data, "game.min_players", 2, L.MAX_PLAYERS), _int(path, data, "game.max_players", 2, L.MAX_PLAYERS)
    if lo > hi:
        raise ConfigError(path, "game.min_players", f"more than max_players ({hi})", line_of(path, "min_players"))

    def need(key):
        node = data
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise ConfigError(path, key, "missing", line_of(path, part))
            node = node[part]
        return node

    # setup
    for off, key, lo, hi in [(L.T_HAND_SIZE, "setup.hand_size", 1, 8),
                             (L.T_FAVOR_EACH, "setup.favor_cards_each", 0, 4),
                             (L.T_SHIPS_TABLEAU, "setup.ships_on_tableau", 0, L.MAX_SHIPS),
                             (L.T_SHIPS_SUPPLY, "setup.ships_in_supply", 0, L.MAX_SHIPS),
                             (L.T_SETTLEMENTS, "setup.settlements", 0, L.N_HARBORS),
                             (L.T_WIND_TOKENS, "setup.wind_tokens", 0, 200),
                             (L.T_WIND_CAP, "setup.wind_cap", 0, 50),
                             (L.T_START_VP, "setup.start_vp", 0, 100),
                             (L.T_VP_PER_WIND, "scoring.vp_per_wind", 0, 20),
                             (L.T_TOKEN_VP, "scoring.unused_bonus_token_vp", 0, 50),
                             (L.T_MATCH_WIND, "sailing.symbol_match_wind", 0, 5),
                             (L.T_TEMPLE_STEP_WIND, "upriver.temple_step_wind", 0, 5)]:
        T[off] = _int(path, data, key, lo, hi)
    if T[L.T_SHIPS_TABLEAU] + T[L.T_SHIPS_SUPPLY] > L.MAX_SHIPS:
        raise ConfigError(path, "setup.ships_in_supply", f"at most {L.MAX_SHIPS} ships in all",
                          line_of(path, "ships_in_supply"))
    wind = need("setup.starting_wind")
    if not (isinstance(wind, list) and len(wind) == L.MAX_PLAYERS and all(isinstance(w, int) and w >= 0 for w in wind)):
        raise ConfigError(path, "setup.starting_wind", "expected 4 whole numbers", line_of(path, "starting_wind"))
    T[L.T_START_WIND:L.T_START_WIND + 4] = wind
    if sum(wind) > T[L.T_WIND_TOKENS]:
        raise ConfigError(path, "setup.starting_wind", "more starting wind than wind tokens", line_of(path, "starting_wind"))

    _tableaus(path, data, T)
    _variable(path, data, T)
    T[L.T_ONE_SHIP_PER_SPACE] = _switch(data.get("challenge", {}), "one_ship_per_river_space", False)
    _poseidon(path, data, T)

    _intervention(path, data, T)

    # crystals
    supply = need("setup.crystal_supply")
    for c, name in enumerate(L.COLOUR_NAMES):
        T[L.T_CRYSTAL_SUPPLY + c] = _int(path, data, f"setup.crystal_supply.{name}", 0, 20)
    for name in need("setup.crystals_per_player"):
        T[L.T_CRYSTAL_PER_PLAYER + _index(path, "setup.crystals_per_player", name, L.COLOUR_NAMES)] = 1
    for name in need("setup.extra_crystals"):
        T[L.T_CRYSTAL_EXTRA + _index(path, "setup.extra_crystals", name, L.COLOUR_NAMES)] += 1
    for c in range(4):
        if T[L.T_CRYSTAL_PER_PLAYER + c] * L.MAX_PLAYERS + T[L.T_CRYSTAL_EXTRA + c] > supply[L.COLOUR_NAMES[c]]:
            raise ConfigError(path, f"setup.crystal_supply.{L.COLOUR_NAMES[c]}",
                              "too few crystals for a game of four", line_of(path, "crystal_supply"))
    sets = need("scoring.crystal_sets")
    if not (isinstance(sets, list) and len(sets) == L.N_COLOURS and all(isinstance(v, int) for v in sets)):
        raise ConfigError(path, "scoring.crystal_sets", "expected 5 whole numbers (sets of 1..5 colours)",
                          line_of(path, "crystal_sets"))
    T[L.T_SET_VP + 1:L.T_SET_VP + 6] = sets

    # sailing cards
    cards = need("sailing.cards")
    starters = need("sailing.start_piles")
    if not isinstance(cards, list) or not 1 <= len(cards) <= L.MAX_CARDS - 2:
        raise ConfigError(path, "sailing.cards", f"expected 1..{L.MAX_CARDS - 2} cards", line_of(path, "cards"))
    if len(starters) != 2:
        raise ConfigError(path, "sailing.start_piles", "expected the purple and the grey starter",
                          line_of(path, "start_piles"))
    T[L.T_N_CARDS] = len(cards)
    for i, card in enumerate(list(cards) + list(starters)):
        key = f"sailing.cards[{i}]" if i < len(cards) else f"sailing.start_piles[{i - len(cards)}]"
        if not isinstance(card, dict):
            raise ConfigError(path, key, "expected { colour, value, symbol, mark }", line_of(path, "cards"))
        T[L.T_CARD_COLOUR + i] = _index(path, key + ".colour", card.get("colour"), L.PILE_NAMES)
        value = card.get("value")
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9:
            raise ConfigError(path, key + ".value", f"expected 0..9, got {value!r}", line_of(path, "cards"))
        T[L.T_CARD_VALUE + i] = value
        T[L.T_CARD_SYMBOL + i] = _index(path, key + ".symbol", card.get("symbol"), L.SYMBOL_NAMES)
        T[L.T_CARD_MARK + i] = _index(path, key + ".mark", card.get("mark", ""), L.MARK_NAMES)
    for i, colour in enumerate((L.PILE_PURPLE, L.PILE_GREY)):
        if T[L.T_CARD_COLOUR + len(cards) + i] != colour:
            raise ConfigError(path, "sailing.start_piles", "the first starter is purple, the second grey",
                              line_of(path, "start_piles"))
    removed = need("setup.removed_marks")
    for n in range(2, L.MAX_PLAYERS + 1):
        marks = removed.get(str(n), []) if isinstance(removed, dict) else None
        if marks is None:
            raise ConfigError(path, "setup.removed_marks", "expected a table by player count", line_of(path, "removed_marks"))
        for m in marks:
            T[L.T_REMOVED_MARKS + n] |= 1 << _index(path, f"setup.removed_marks.{n}", m, L.MARK_NAMES)
    for n in range(2, L.MAX_PLAYERS + 1):
        kept = sum(1 for i in range(len(cards)) if not (T[L.T_REMOVED_MARKS + n] >> T[L.T_CARD_MARK + i]) & 1)
        if kept < n * T[L.T_HAND_SIZE] + 1:
            raise ConfigError(path, "sailing.cards", f"too few cards for {n} players", line_of(path, "cards"))

    # harbors
    harbors = need("harbor")
    numbers = sorted(h.get("number") for h in harbors if isinstance(h, dict))
    if numbers != list(range(L.FIRST_HARBOR, L.FIRST_HARBOR + L.N_HARBORS)):
        raise ConfigError(path, "harbor", "expected exactly the harbors 3..9", line_of(path, "number"))
    for hb in harbors:
        h = hb["number"] - L.FIRST_HARBOR
        key = f"harbor[{hb['number']}]"
        T[L.T_HARBOR_CRYSTAL + h], T[L.T_HARBOR_ACTION + h], T[L.T_HARBOR_AMOUNT + h] = _token_side(path, key, hb)
        spaces = hb.get("settlement_spaces")
        if not (isinstance(spaces, list) and len(spaces) == 2 and all(isinstance(s, int) and 0 <= s <= 4 for s in spaces)):
            raise ConfigError(path, key + ".settlement_spaces", "expected [2-player side, 3-4 player side], 0..4 each",
                              line_of(path, "settlement_spaces"))
        T[L.T_HARBOR_SPACES_2P + h], T[L.T_HARBOR_SPACES + h] = spaces
        T[L.T_HARBOR_COVERED_3P + h] = _int(path, hb, "covered_3p", 0, spaces[1])

    # temples and their places (landing places first, then the bonus place)
    temples = need("temple")
    temple_names = tuple(t.get("name") for t in temples)
    if len(temples) != L.N_TEMPLES or len(set(temple_names)) != L.N_TEMPLES:
        raise ConfigError(path, "temple", f"expected {L.N_TEMPLES} temples with distinct names", line_of(path, "name"))
    k = 0
    place_names = []
    for t, tp in enumerate(temples):
        key = f"temple[{tp['name']}]"
        landing = tp.get("landing_vp")
        if not (isinstance(landing, list) and 1 <= len(landing) <= 4 and all(isinstance(v, int) for v in landing)):
            raise ConfigError(path, key + ".landing_vp", "expected 1..4 VP values", line_of(path, "landing_vp"))
        keep_2p = _int(path, tp, "landing_places_2p", 0, len(landing))
        bonus = _index(path, key + ".bonus", tp.get("bonus", ""), L.BONUS_NAMES)
        for i, vp in enumerate(landing):
            T[L.T_PLACE_TEMPLE + k], T[L.T_PLACE_VP + k] = t, vp
            T[L.T_PLACE_PURPLE + k] = 1 if tp.get("purple") else 0
            T[L.T_PLACE_MIN_PLAYERS + k] = 2 if i < keep_2p else 3
            place_names.append(f"the {tp['name']} temple's {vp} VP landing place")
            k += 1
        if bonus != L.BONUS_NONE:
            T[L.T_PLACE_TEMPLE + k], T[L.T_PLACE_VP + k] = t, _int(path, tp, "bonus_vp", 0, 50)
            T[L.T_PLACE_BONUS + k], T[L.T_PLACE_BONUS_AMOUNT + k] = bonus, _int(path, tp, "bonus_amount", 0, 10)
            T[L.T_PLACE_MIN_PLAYERS + k] = 2
            place_names.append(f"the {tp['name']} temple's bonus place ({T[L.T_PLACE_VP + k]} VP, "
                               f"{T[L.T_PLACE_BONUS_AMOUNT + k]} {L.BONUS_NAMES[bonus]})")
            k += 1
    if k > L.MAX_PLACES:
        raise ConfigError(path, "temple", f"at most {L.MAX_PLACES} temple places", line_of(path, "landing_vp"))
    T[L.T_N_PLACES] = k

    # rivers
    s = 0
    space_names = []
    for rv in need("river"):
        key = f"river[{rv.get('name')}]"
        mouth = _int(path, rv, "mouth", L.FIRST_HARBOR, L.FIRST_HARBOR + L.N_HARBORS - 1) - L.FIRST_HARBOR
        temple = _index(path, key + ".temple", rv.get("temple"), temple_names)
        values = rv.get("spaces")
        if not (isinstance(values, list) and values and all(isinstance(v, int) and 9 <= v <= 13 for v in values)):
            raise ConfigError(path, key + ".spaces", "expected river space values 9..13", line_of(path, "spaces"))
        if s + len(values) > L.MAX_SPACES or T[L.T_MOUTH_N + mouth] >= L.MAX_MOUTH:
            raise ConfigError(path, key, "too many river spaces or rivers at one mouth", line_of(path, "spaces"))
        T[L.T_MOUTH + mouth * L.MAX_MOUTH + T[L.T_MOUTH_N + mouth]] = s
        T[L.T_MOUTH_N + mouth] += 1
        for i, v in enumerate(values):
            T[L.T_SPACE_VALUE + s] = v
            T[L.T_SPACE_NEXT + s] = s + 1 if i + 1 < len(values) else -1
            T[L.T_SPACE_TEMPLE + s] = temple
            T[L.T_SPACE_DEPTH + s] = i + 1
            T[L.T_SPACE_TO_GO + s] = len(values) - i
            space_names.append(f"river space {v} ({rv.get('name')} river, {i + 1} up)")
            s += 1
    T[L.T_N_SPACES] = s

    # prophet
    T[L.T_PROPHET_TEMPLE] = _index(path, "prophet.temple", need("prophet.temple"), temple_names)
    for i, key in enumerate(("vp_per_ship", "vp_per_settlement", "vp_per_wind")):
        T[L.T_PROPHET_VP + i] = _int(path, data, f"prophet.{key}", 0, 50)
    T[L.T_PROPHET_FIRST] = _int(path, data, "prophet.first_bonus", 0, 50)
    T[L.T_PROPHET_SECOND] = _int(path, data, "prophet.second_bonus", 0, 50)

    # favor cards
    for f, name in enumerate(L.FAVOR_NAMES):
        T[L.T_FAVOR_COUNT + f] = _int(path, data, f"favor.{name}.count", 0, 8)
        T[L.T_FAVOR_END_VP + f] = _int(path, data, f"favor.{name}.end_vp", 0, 50)
    if T[L.T_FAVOR_COUNT:L.T_FAVOR_COUNT + 8].sum() > L.MAX_FAVOR:
        raise ConfigError(path, "favor", f"at most {L.MAX_FAVOR} favor cards", line_of(path, "count"))
    for off, key, hi in [(L.T_AEOLOS_WIND, "favor.aeolos.wind", 20), (L.T_AEOLOS_VP, "favor.aeolos.vp", 50),
                         (L.T_APOLLON_COST, "favor.apollon.cost_wind", 10),
                         (L.T_ARTEMIS_COST, "favor.artemis.cost_wind", 10),
                         (L.T_ARTEMIS_STEPS, "favor.artemis.steps", 10),
                         (L.T_ATHENE_COST, "favor.athene.cost_wind", 10), (L.T_HERA_VP, "favor.hera.vp", 50),
                         (L.T_HERMES_MAX, "favor.hermes.max_shift", 10), (L.T_ZEUS_VP, "favor.zeus.vp", 50),
                         (L.T_ZEUS_MAX_VALUE, "favor.zeus.max_value", 13)]:
        T[off] = _int(path, data, key, 0, hi)

    T.setflags(write=False)
    return Rules(T=T, config=data, path=str(path), space_names=tuple(space_names),
                 place_names=tuple(place_names), temple_names=temple_names)


def _variant_table(data, name, T, flag):
    """A variant's config table with its flag set in T, or None when it is not enabled."""
    table = data.get(name, {})
    if not table.get("enabled", False):
        return None
    T[flag] = 1
    return table


def _switch(table, key, default):
    """An on/off setting as the kernel's 1/0."""
    return 1 if table.get(key, default) else 0


# the items a seat can hold from the start instead of those dealt (``Game.item_classes``)
ITEM_CLASSES = (ItemClass("favor", "card", "Favor card", "the {value} Favor card instead of the one dealt",
                          L.FAVOR_NAMES),)


def favor_absent(cls, name, config):
    """Why the config deals no Favor card `name` ("" where it does)."""
    return "" if (config.get("favor") or {}).get(name, {}).get("count") else f"favor.{name}.count is 0"


def _intervention(path, data, T):
    """[intervention]: what the treated seat of each game (seat k mod players of game k) plays
    with changed; every value at its "none" (the table absent too) is no intervention."""
    table = data.get("intervention") or {}
    if not isinstance(table, dict):
        raise ConfigError(path, "intervention", "expected a table", line_of(path, "intervention"))
    check_keys(table, KEYS, path, "intervention", "intervention")     # (a run's config is checked here too)
    try:                                        # the core's "hold an item at setup" (held_items)
        rows = held(ITEM_CLASSES, data, "intervention", favor_absent)
    except UserError as e:
        raise ConfigError(path, "intervention.favor", str(e).split(": ", 1)[1], line_of(path, "favor")) from None
    T[L.T_IV_FAVOR] = rows[0, 1] if len(rows) else -1
    T[L.T_IV_VP] = _int(path, data, "intervention.start_vp", 0, 100) if "start_vp" in table else 0
    T[L.T_IV_WIND] = _int(path, data, "intervention.start_wind", 0, 20) if "start_wind" in table else 0
    harbor = _int(path, data, "intervention.no_harbor", 0, L.FIRST_HARBOR + L.N_HARBORS - 1) \
        if "no_harbor" in table else 0
    if 0 < harbor < L.FIRST_HARBOR:
        raise ConfigError(path, "intervention.no_harbor", f"no harbor {harbor} (harbors {L.FIRST_HARBOR} to "
                          f"{L.FIRST_HARBOR + L.N_HARBORS - 1}; 0: none)", line_of(path, "no_harbor"))
    T[L.T_IV_NO_HARBOR] = harbor - L.FIRST_HARBOR if harbor else -1
    tableau = table.get("tableau", "none")
    T[L.T_IV_TABLEAU] = -1 if tableau == "none" else _index(path, "intervention.tableau", tableau, L.ABILITY_NAMES)
    if tableau != "none" and not T[L.T_TABLEAUS]:
        raise ConfigError(path, "intervention.tableau", "a tableau is dealt only in the tableaus variant (whatif "
                          "--variant tableaus)", line_of(path, "tableau"))
    T[L.T_IV_ON] = int(T[L.T_IV_FAVOR] >= 0 or T[L.T_IV_VP] > 0 or T[L.T_IV_WIND] > 0 or harbor > 0
                       or T[L.T_IV_TABLEAU] >= 0)


def _tableaus(path, data, T):
    """Variant 1: each seat's tableau ability and what each ability gives."""
    T[L.T_TABLEAU_SEAT:L.T_TABLEAU_SEAT + L.MAX_PLAYERS] = -1
    table = _variant_table(data, "tableaus", T, L.T_TABLEAUS)
    if table is None:
        return
    for a, name in enumerate(L.ABILITY_NAMES):
        T[L.T_ABILITY_START_WIND + a] = _int(path, data, f"tableaus.{name}.start_wind", 0, 10)
        T[L.T_ABILITY_WIND + a] = _int(path, data, f"tableaus.{name}.wind", 0, 10)
        T[L.T_ABILITY_VP + a] = _int(path, data, f"tableaus.{name}.vp", 0, 20)
    seats = table.get("seats", [])
    if not isinstance(seats, list) or len(seats) > L.MAX_PLAYERS:
        raise ConfigError(path, "tableaus.seats", "expected a list of up to 4 abilities", line_of(path, "seats"))
    for p, name in enumerate(seats):
        T[L.T_TABLEAU_SEAT + p] = _index(path, "tableaus.seats", name, L.ABILITY_NAMES)
    if len(set(seats)) != len(seats):
        raise ConfigError(path, "tableaus.seats", "each tableau exists once: an ability is named twice",
                          line_of(path, "seats"))


def _poseidon(path, data, T):
    """Variant 2: the Poseidon tokens and the VP rules that come with them."""
    table = _variant_table(data, "poseidon", T, L.T_POSEIDON)
    if table is None:
        return
    T[L.T_NEGATIVE_VP] = _switch(table, "negative_vp", True)
    T[L.T_NO_WIND_VP] = _int(path, data, "poseidon.vp_when_no_wind", 0, 20)
    tokens = table.get("tokens")
    if not isinstance(tokens, list) or not 1 <= len(tokens) <= L.MAX_POSEIDON:
        raise ConfigError(path, "poseidon.tokens", f"expected a list of 1 to {L.MAX_POSEIDON} tokens",
                          line_of(path, "tokens"))
    T[L.T_N_POSEIDON] = len(tokens)
    for k, token in enumerate(tokens):
        if not isinstance(token, dict) or set(token) - {"wind", "vp"}:
            raise ConfigError(path, f"poseidon.tokens[{k}]", "expected { wind = N, vp = N }", line_of(path, "tokens"))
        for key, off in (("wind", L.T_POSEIDON_WIND), ("vp", L.T_POSEIDON_VP)):
            v = token.get(key, 0)
            if isinstance(v, bool) or not isinstance(v, int) or not -10 <= v <= 10:
                raise ConfigError(path, f"poseidon.tokens[{k}].{key}", f"expected a whole number from -10 to 10, "
                                  f"got {v!r}", line_of(path, "tokens"))
            T[off + k] = v


def _variable(path, data, T):
    """Variant 4: which side of each number's harbor token, the alternative sides, shuffling."""
    table = _variant_table(data, "variable", T, L.T_VARIABLE)
    if table is None:
        return
    T[L.T_TOKEN_SHUFFLE] = _switch(table, "shuffle", True)
    sides = table.get("sides", ["random"] * L.N_HARBORS)
    names = ("basic", "alternative", "random")
    if not isinstance(sides, list) or len(sides) != L.N_HARBORS:
        raise ConfigError(path, "variable.sides", f"expected {L.N_HARBORS} sides (harbors 3..9)", line_of(path, "sides"))
    for h, side in enumerate(sides):
        k = _index(path, "variable.sides", side, names)
        T[L.T_TOKEN_SIDE + h] = -1 if k == 2 else k
    alternative = table.get("alternative", [])
    numbers = sorted(a.get("number") for a in alternative if isinstance(a, dict))
    if numbers != list(range(L.FIRST_HARBOR, L.FIRST_HARBOR + L.N_HARBORS)):
        raise ConfigError(path, "variable.alternative", "expected one alternative token for each number 3..9",
                          line_of(path, "alternative"))
    for a in alternative:
        h = a["number"] - L.FIRST_HARBOR
        key = f"variable.alternative.{a['number']}"
        T[L.T_ALT_CRYSTAL + h], T[L.T_ALT_ACTION + h], T[L.T_ALT_AMOUNT + h] = _token_side(path, key, a)
        if T[L.T_ALT_ACTION + h] == L.ACT_FREE:
            raise ConfigError(path, key + ".action", "a free harbor action is not an alternative side here",
                              line_of(path, "action"))
