"""A nation board's numbers as the kernel reads them (``layout.PR``), from its TOML."""
import numpy as np

from . import layout as L
from .actions import parse_actions

SPEED_FLAGS = {"damage_speed_minus_1": -1, "damage_speed_minus_2": -2}


def player_rules(config, nation):
    """PR row of `nation` (a key of ``config["nations"]``)."""
    n = config["nations"][nation]
    board, track = n["nation"], n["protection"]
    row = np.zeros(L.PR_SIZE, np.int32)
    row[L.PR_MAX_POWER] = board["max_power"]
    row[L.PR_MAX_DEMONS] = track["max_demons"]
    row[L.PR_PROTECTED_BASE] = track.get("protected_base", 0)
    row[L.PR_MAX_STEPS] = track["max_steps"]
    if "mespanne_fixed_protection" in board.get("flags", []):      # the setup's protection stays for good
        row[L.PR_FIXED_PROTECTION] = sum(amount for step in parse_actions(board.get("setup", []))
                                         for alt in step for name, amount in alt if name == "protection")
    for column, flag in ((L.PR_SPEED_AT_POWER, "power_speed_plus_1"),
                         (L.PR_TWICE_AT_POWER, "power_activate_occupied_heroes"),
                         (L.PR_TWO_SECONDARY_AT_POWER, "power_two_secondary_actions")):
        at = [e["at"] for e in board.get("power_effects", []) if flag in e.get("flags", [])]
        row[column] = min(at) if at else 0          # effects are cumulative: the lowest threshold counts
    zones = track.get("damage", [])
    if len(zones) > L.MAX_ZONES:
        raise ValueError(f"{nation}: at most {L.MAX_ZONES} damage zones")
    row[L.PR_N_ZONES] = len(zones)
    for z, zone in enumerate(zones):
        flags = zone.get("flags", [])
        row[L.PR_ZONES + 4 * z:L.PR_ZONES + 4 * z + 4] = (
            zone["demons_from"], zone["demons_to"], sum(SPEED_FLAGS.get(f, 0) for f in flags),
            int("damage_no_protection_gain" in flags))
    return row


def player_rules_table(config, nations):
    """PR for seats playing `nations` (one name per seat)."""
    PR = np.zeros((L.MAX_PLAYERS, L.PR_SIZE), np.int32)
    for p, nation in enumerate(nations):
        PR[p] = player_rules(config, nation)
    return PR
