"""The core's what-if "hold an item at setup", for a game that declares item classes
(``Game.item_classes``): the treated seat of game k (seat k mod players) holds the named item
from the start instead of what setup dealt it, everything else being the printed game's on the
same seed (common random numbers). The core reads and checks the config key, words the what-if,
lists its items as causal items (``Game.causal_items``: each item measured as a cause) and calls
the game's kernel ``hold(S, T, p, c, item)`` after setting up each game (``contract_batch``,
``contract_face``); the game writes only that function, which knows where its items sit.
"""
from dataclasses import dataclass

import numpy as np

from .errors import UserError
from .protocol import CausalItem


@dataclass(frozen=True)
class ItemClass:
    """A class of items setup deals (a hand of Favor cards): its ``[intervention]`` key, the
    subject whose items they are (the report's ``Subject.name``, so an association finding
    quotes the item's measured cause), a label ("Favor card") and the what-if in words ({value}:
    the item). `items`: every item's name, its code in the kernel being its index."""

    key: str
    kind: str
    label: str
    words: str
    items: tuple
    phrase: str = "holding it from the start"       # the cause's phrase beside an association finding


def merge_words(game_class):
    """A game class's ``intervention_words`` and ``intervention_subjects`` with its item classes'
    (declared once, on the ``ItemClass``)."""
    classes = game_class.item_classes
    game_class.intervention_words = {**{c.key: c.words for c in classes}, **game_class.intervention_words}
    game_class.intervention_subjects = {**{c.key: (c.kind, c.phrase) for c in classes},
                                        **game_class.intervention_subjects}


def everything_dealt(cls, name, config):
    """The default ``absent``: a config deals every item of its classes."""
    return ""


def held(classes, config, table="intervention", absent=everything_dealt):
    """The items the config's `table` has the treated seat hold: an int32 (k, 2) array of (class
    index, item code), no rows where every class's key is "none" or absent; one UserError for a
    value that names no item the config deals (`absent(cls, name, config)`: why not, or "")."""
    values = config.get(table or "", {}) or {}
    rows = []
    for c, cls in enumerate(classes):
        value = values.get(cls.key, "none")
        if value == "none":
            continue
        if value not in cls.items:
            raise UserError(f"[{table}] {cls.key} = {value!r}: unknown value {value!r} "
                            f"(known: {', '.join(cls.items)})")
        why = absent(cls, value, config)
        if why:
            raise UserError(f"[{table}] {cls.key} = {value!r}: the game has no {value} {cls.label} ({why})")
        rows.append((c, cls.items.index(value)))
    return np.array(rows, np.int32).reshape(len(rows), 2)


def dealt(game, cls, config):
    """The items of class `cls` the config deals, in the class's order."""
    return [name for name in cls.items if not game.item_absent(cls, name, config)]


def causal_items(game, config):
    """A CausalItem per item the config deals, of each item class: its what-if holds it."""
    return [CausalItem(cls.kind, cls.label, name, {cls.key: name})
            for cls in game.item_classes for name in dealt(game, cls, config)]


def values(game, config):
    """{key: the items it takes, in words} (``windtunnel info``)."""
    return {cls.key: ", ".join(dealt(game, cls, config)) for cls in game.item_classes}
