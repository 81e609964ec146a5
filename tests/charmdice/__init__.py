"""Charm dice, the test game of the core's "hold an item at setup" (``simulate/core/held_items.py``):
the dice game (``tests/dicegame``) whose seats are each dealt a charm, worth points from the
start. It declares its charms an item class and writes the kernel's ``hold``; whatif, its words
and its causal items are the core's. Register it with ``WINDTUNNEL_GAMES="charmdice=tests.charmdice"``."""
import dataclasses
from pathlib import Path

from simulate.core.held_items import ItemClass
from tests.dicegame.protocol import Dice

CHARMS = ("tin", "copper", "silver", "gold")     # a charm's code is its index (kernel.POINTS)


class CharmDice(Dice):
    name = "charmdice"
    title = "Charm dice"
    variants = ()
    contract = "tests.charmdice.kernel.PLAY"
    config_dir = Path(__file__).resolve().parent / "configs"
    item_classes = (ItemClass("charm", "charm", "charm", "the {value} charm instead of the one dealt", CHARMS),)

    def strategy_schema(self):               # the dice game's strategies
        return dataclasses.replace(super().strategy_schema(), folder=Dice.config_dir / "strategies")


GAME = CharmDice()
