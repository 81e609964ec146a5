"""Named offsets of the EOS kernel's arrays (issue #18, growing step by step).

As for AEOLOS (``simulate/aeolos/layout.py``), a game is a flat int32 state ``S`` and
every field is named once here. ``PR`` holds, per seat, the numbers of the seat's
nation board the rules read (``nations.player_rules``): maximum power, the protection
track, power thresholds.

The Demon power marker is one signed number (``S_MARKER``): power when positive,
Demons when negative, 0 neither; the rulebook's "you can either have power, or Demons,
or neither" holds by construction.
"""
MAX_PLAYERS = 5
MAX_ZONES = 4                   # damage zones of a protection track


from ..layout import Offsets

_s = Offsets()
S_GLORY = _s(MAX_PLAYERS)
S_COINS = _s(MAX_PLAYERS)
S_MARKER = _s(MAX_PLAYERS)      # > 0 power, < 0 Demons
S_PROTECTION = _s(MAX_PLAYERS)  # steps the protection track is shifted right
S_SHIELDS = _s(MAX_PLAYERS)
S_SIZE = _s.size

# per seat: its nation board's numbers (PR[p, ...])
_r = Offsets()
PR_MAX_POWER = _r()
PR_MAX_DEMONS = _r()            # at 0 protection; the track's shift adds to it
PR_PROTECTED_BASE = _r()        # Demons protected at 0 protection
PR_MAX_STEPS = _r()             # protection the track can take
PR_FIXED_PROTECTION = _r()      # protection that can never be lost or spent (Mespanne's 3)
PR_SPEED_AT_POWER = _r()        # power from which the seat sails with +1 speed (0: never)
PR_N_ZONES = _r()
PR_ZONES = _r(4 * MAX_ZONES)    # (Demons from, to, speed change, no protection gain) at 0 protection
PR_SIZE = _r.size
