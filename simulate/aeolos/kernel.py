"""Python entry points to the AEOLOS kernel: runs of games, and one game at a time.

``play_batch`` plays games [first, first + n) of a run into preallocated result
arrays (``game.batch``, compiled on two cores the first time: ``precompile``).
``play_one`` plays game `game_index` of run `run_seed` exactly as
``play_batch`` does (same seed derivation, same code path), but keeps the
state and the transcript rows, for ``windtunnel replay`` and for tests.
Neither checks the player count: the protocol does (``GAME.play``, ``replay``,
``new_state``), as for every game.
"""
from dataclasses import dataclass

import numpy as np

from ..core.protocol import ArrayResults
from . import layout as L
from .game import batch, batch_arguments, new_game, play_game, result_arrays
from .game import buffers  # noqa: F401 (part of this module's API)
from .layout import (G_ERROR, G_ERROR_TURN, G_ROUNDS, G_TIE, G_TURNS, G_WINNER, P_RANK, P_STRATEGY, P_VP,
                     P_WON)
from .precompile import first_compile
from .scorer import extension
from .transcript import raw_rows
from .turn import MAX_TURNS

LOG_ROWS = 20_000


def play_batch(T, n_players, run_seed, first, n_games, W, POL, check, games, seats, fdraws, fdraw_n,
               rotate=False, scorers=None, tape=None):
    """Play games first..first+n_games-1 (see ``batch``); `scorers` are the compiled
    scorers of plugin strategies, by strategy row (None where there is none); `tape`,
    the choice tape POL_RECORD seats write and POL_REPLAY seats read (see layout)."""
    X = extension(scorers, POL)
    with first_compile(X):       # (on two cores, if it is one)
        return batch(*batch_arguments(T, n_players, run_seed, first, n_games, W, POL, check, games, seats,
                                      fdraws, fdraw_n, rotate, X, tape))


@dataclass
class PlayedGame:
    S: np.ndarray          # final state
    log: np.ndarray        # transcript rows (turn, seat, event, a, b, c)
    error: int             # check-mode violation code, 0 if none

    @property
    def error_message(self):
        return L.CHECK_MESSAGES.get(self.error, "")

    def raw(self):
        """The log rows, one line each (``windtunnel replay --rows``)."""
        return "Log rows (turn, seat, event, a, b, c):\n" + raw_rows(self.log)


def play_one(rules, n_players, run_seed, game_index, POL, W, check=False, log_rows=LOG_ROWS, script=None,
             scorers=None):
    """Play one game from its setup to the final scoring."""
    S, R, OPT, SC = buffers()
    LOG = np.zeros((log_rows, L.LOG_COLS), np.int32)
    SCR = np.zeros((0, 4), np.int32) if script is None else np.asarray(script, np.int32).reshape(-1, 4)
    new_game(rules.T, LOG, n_players, run_seed, game_index, S, R)
    err = play_game(S, rules.T, W.copy(), POL, R, SCR, LOG, OPT, extension(scorers, POL), SC, check)
    return PlayedGame(S=S, log=LOG[:S[L.S_LOG_N]].copy(), error=err)


class CheckFailure(AssertionError):
    """A check-mode violation, with everything needed to replay the game."""


@dataclass
class Results(ArrayResults):
    """One batch's result arrays (``simulate.core.protocol.ArrayResults``) and its favor draws:
    ``fdraws`` (capacity, MAX_FDRAW, 4), rows of seat, card, turn drawn and turn played (-1:
    never), ``fdraw_n`` each game's count. The kernel writes no seeds: ``play`` computes them."""

    fdraws: np.ndarray = None
    fdraw_n: np.ndarray = None
    setup_favor: int = 0           # favor cards dealt at setup per game (the first draws)
    WON, SLOT, SCORE, RANK = P_WON, P_STRATEGY, P_VP, P_RANK
    TIE, TURNS, ROUNDS, WINNER, ERROR, ERROR_TURN = G_TIE, G_TURNS, G_ROUNDS, G_WINNER, G_ERROR, G_ERROR_TURN

    @classmethod
    def empty(cls, capacity):
        games, seats, fdraws, fdraw_n = result_arrays(capacity)
        return cls(games, seats, np.zeros(capacity, np.uint64), fdraws=fdraws, fdraw_n=fdraw_n)

    @property
    def capped(self):
        """Games the kernel's safety cap on turns ended (no legal game comes close)."""
        return self.turns >= MAX_TURNS


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


def _mix64(z):
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


def game_seeds(run_seed, first, n):
    """``rng.game_seed(run_seed, i)`` for i in [first, first + n), vectorised (uint64 wraps)."""
    with np.errstate(over="ignore"):
        idx = np.arange(first, first + n, dtype=np.uint64)
        base = _mix64(np.array([run_seed], np.uint64) + _GOLDEN)
        return _mix64(base ^ (idx * _GOLDEN + _GOLDEN))


def check_games(rules, n_players, run_seed, n_games, POL, W, first=0, scorers=None):
    """Play games with check mode on; raise CheckFailure naming the first violation's
    game, seed, turn and what broke. Returns the games table rows."""
    games, seats, fdraws, fdraw_n = result_arrays(n_games)
    bad = play_batch(rules.T, n_players, run_seed, first, n_games, W, POL, True, games, seats, fdraws, fdraw_n,
                     scorers=scorers)
    if bad:
        g = int(np.flatnonzero(games[:, G_ERROR])[0])
        code = int(games[g, G_ERROR])
        raise CheckFailure(
            f"check mode: game {first + g} of run seed {run_seed} ({n_players} players), turn "
            f"{games[g, G_ERROR_TURN]}: {L.CHECK_MESSAGES[code]} "
            f"(replay: windtunnel replay aeolos --players {n_players} --seed {run_seed} --game {first + g})")
    return games
