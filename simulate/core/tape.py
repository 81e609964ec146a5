"""The choice tape: the option index chosen at each decision, in the order the decisions
come, for kernels whose seats can record their choices or read them back.

An int32 array of (rows, 4): ``TAPE[0, 0]`` is the next row, rows 1.. hold a choice in
column 0 (the shape of a scenario script's rows, so a kernel with scripts can read the tape
through the array it already has). Only decisions with two or more options are written or read: a
forced choice needs none. Two uses: ``windtunnel bench`` records a heuristic's choices
and times the same games read back (the rules' cost without the deliberation), and a
plain-Python strategy's choices, made through the game's Python face, are read back by
the batch kernel into the run's records (``simulate/core/python_play.py``).
"""
import numpy as np

from .jit import hot


@hot
def tape_write(TAPE, i):
    """Append choice i. A full tape only counts on (``TAPE[0, 0]`` past its rows tells the
    caller to retry with a longer one)."""
    k = TAPE[0, 0]
    if k < TAPE.shape[0]:
        TAPE[k, 0] = i
    TAPE[0, 0] = k + 1


@hot
def tape_read(TAPE, n):
    """The next choice (kept among the n options listed: a tape that does not belong to
    these games plays other games, never an illegal move)."""
    k = TAPE[0, 0]
    TAPE[0, 0] = k + 1
    if k >= TAPE.shape[0]:
        return 0
    return min(TAPE[k, 0], n - 1)


def new_tape(choices=()):
    """A tape holding `choices` (a list of option indices), rewound to its first."""
    tape = np.zeros((len(choices) + 1, 4), np.int32)
    tape[1:, 0] = choices
    tape[0, 0] = 1
    return tape


def no_tape():
    """The tape a kernel gets when no seat records or replays (its shape only types the call)."""
    return new_tape()
