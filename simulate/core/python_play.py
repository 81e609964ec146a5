"""Games in which a plain-Python strategy plays: ``def choose(state, legal_actions) -> int``.

The batch kernel cannot call Python, so such a game is played twice. First through the
game's Python face (``Game.new_state`` with ``kernel_seats``): the kernel's policies decide
for the other seats and the Python function for its own, each of its choices going onto a
choice tape (``simulate/core/tape.py``). Then the batch kernel plays the same games with the
Python seats reading the tape (their policy is "replay") and writes the run's records as
for any game. The second play must end with the face's scores and read the whole tape,
else the run stops: the records are always of the games the strategy played.

A game stays a function of (run seed, game index): the face deals from the batch's
streams, and ``state.rng``, a numpy Generator seeded from both, is the strategy's own
randomness. A decision with one option is taken without asking.

A strategy that tries to end the process (``sys.exit``, ``os._exit``, raising SystemExit or
KeyboardInterrupt) fails the run as any other failure (``PluginFailed``, naming it), whichever
process plays it: a run that exits 0 with no folder, or dies with no word, is worse than a
failed one. A real Ctrl-C or SIGTERM arriving while it decides is still the run's interruption.
"""
import contextlib
import os
import signal
import traceback
from pathlib import Path

import numpy as np

from .errors import PluginFailed, UserError
from .protocol import with_options
from .seats import seated_at
from .tape import new_tape


def play(game, rules, n_players, seed, first, n_games, POL, W, *, scorers=None, choosers=None, names=(),
         rotate=False, check=False, tape=None, out=None, options=None):
    """``game.play`` for games [first, first + n_games), or with `choosers` (per strategy row:
    a Python strategy's choose function, None for the kernel's) the face-then-tape play."""
    kw = dict(rotate=rotate, scorers=scorers, check=check, out=out, **with_options(options))
    if not choosers or not any(c is not None for c in choosers):
        results = game.play(rules, n_players, seed, first, n_games, POL, W, tape=tape, **kw)
    else:
        choices, scores = [], []
        for k in range(first, first + n_games):
            state = face_game(game, rules, n_players, seed, k, POL, W, choosers, names, rotate, options)
            choices += state.tape
            scores.append(state.scores())
        tape = new_tape(choices)
        results = game.play(rules, n_players, seed, first, n_games, POL, W, tape=tape, **kw)
        if int(tape[0, 0]) != len(tape) or not np.array_equal(results.score[:n_games, :n_players], scores):
            python = ", ".join(repr(names[q]) for q, c in enumerate(choosers) if c is not None)
            raise PluginFailed(f"games {first}-{first + n_games - 1} (seed {seed}) replayed differently from the "
                               f"ones Python strategy {python} played, so none of them is recorded: a strategy "
                               f"that changes the state it is given does this (else it is a windtunnel bug)")
    check_plugins(game, results, list(names), scorers or [None] * len(names), first, seed)
    return results


def face_game(game, rules, n_players, seed, k, POL, W, choosers, names, rotate, options):
    """Game k played through the face to its end, Python seats asking their function."""
    slot = seated(list(range(n_players)), k, rotate)          # each seat's strategy row, as the batch seats them
    if rotate and options:
        options = game.seat_options(options, k, n_players)
    state = game.new_state(n_players, seed, k, rules, kernel_seats=(np.asarray(POL)[slot], np.asarray(W)[slot]),
                           options=options)
    state.rng = np.random.default_rng([int(seed), int(k)])
    while not state.is_terminal():
        q = slot[state.current_player()]
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(0)
            continue
        taken, signalled = len(state.tape), []     # (a signal may land before _no_exit yields its list)
        try:
            with _no_exit() as signalled:
                action = choosers[q](state, legal)
        except Exception as e:          # noqa: BLE001 - the user's code: any failure is one line
            raise PluginFailed(f"Python strategy {names[q]!r} failed in game {k} (seed {seed}): "
                               f"{type(e).__name__}: {e}{_where(e)}") from None
        except (SystemExit, KeyboardInterrupt) as e:
            if signalled or _raised_outside_the_strategy(e):   # Ctrl-C or a kill: the run's interruption
                raise
            raise PluginFailed(f"Python strategy {names[q]!r} tried to end the run in game {k} (seed {seed}): "
                               f"{_exit_words(e)}{_where(e)}; choose must return its choice") from None
        if len(state.tape) != taken:    # it took a decision itself: its choices are not the ones it returned
            raise PluginFailed(f"Python strategy {names[q]!r} called state.apply_action in game {k} (seed {seed}): "
                               "choose returns its choice; a strategy must not change the state it is given")
        if not (isinstance(action, (int, np.integer)) and not isinstance(action, bool)
                and 0 <= action < len(legal)) and action not in legal:
            raise PluginFailed(f"Python strategy {names[q]!r} returned {action!r} in game {k} (seed {seed}): "
                               f"choose must return an option's index (0 to {len(legal) - 1}) or its text")
        try:
            state.apply_action(int(action) if not isinstance(action, str) else action)
        except (ValueError, RuntimeError) as e:    # the face's check of the state, or an option gone
            raise PluginFailed(f"Python strategy {names[q]!r} broke game {k} (seed {seed}): {e} (a strategy "
                               f"must not change the state it is given)") from None
    return state


class _ProcessExit(SystemExit):
    """os._exit called by a strategy: raised instead of ending the process on the spot."""


@contextlib.contextmanager
def _no_exit():
    """While a strategy decides: ``os._exit`` raises (``_ProcessExit``) instead of ending the
    process, and the handlers of SIGINT and SIGTERM (where Python handles them: Ctrl-C in the
    process a --jobs 1 run plays in) mark the yielded list (the signals that arrived) before they
    act, so that a KeyboardInterrupt the strategy raises is told from one a signal raised."""
    signalled, real_exit, previous = [], os._exit, {}

    def refused(code):
        raise _ProcessExit(code)

    for sig in (signal.SIGINT, signal.SIGTERM):
        handler = signal.getsignal(sig)
        if callable(handler):
            def marking(signum, frame, handler=handler):
                signalled.append(signum)
                handler(signum, frame)
            with contextlib.suppress(ValueError):      # (not the main thread: no handler of ours)
                previous[sig] = signal.signal(sig, marking)
    os._exit = refused
    try:
        yield signalled
    finally:
        os._exit = real_exit
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _raised_outside_the_strategy(error):
    """The exception came from ``_no_exit``'s own exit (a signal that arrived as it put the
    handlers back, when the strategy had returned), not from the strategy's code."""
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    code = tb.tb_frame.f_code if tb is not None else None
    return code is not None and (code.co_filename == contextlib.__file__ or code.co_name == "_no_exit")


def _exit_words(e):
    """How a strategy tried to end the run, as it wrote it."""
    if isinstance(e, _ProcessExit):
        return f"it called os._exit({e.code})"
    return f"it raised {type(e).__name__}" + (f"({e.code!r})" if isinstance(e, SystemExit) else "")


def _where(error):
    """" (file.py, line N)" of the innermost frame outside windtunnel, if any."""
    ours = Path(__file__).resolve().parents[2]
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        path = Path(frame.filename).resolve()
        if ours not in path.parents or "configs" in path.parts:
            return f" ({path.name}, line {frame.lineno})"
    return ""


def python_strategy_error(game, strategies):
    """Why these strategies (slot order) cannot share a run, or None: a plain-Python strategy
    needs its game's "replay" policy and plays beside random and weighted strategies (the
    kernel's lookahead would look ahead through, and plugin scorers score inside, games
    the face plays without them)."""
    codes = game.strategy_schema().policies
    python = [s for s in strategies if is_python(s, codes)]
    if not python:
        return None
    if "replay" not in codes:
        return f"{game.title} takes no Python strategies (its kernel has no choice tape)"
    others = {s.name for s in strategies if s.policy not in (codes["random"], codes.get("heuristic"))
              and not is_python(s, codes)}
    if others:
        return (f"Python strategy {python[0].name!r} plays beside random and weighted strategies only, "
                f"not {', '.join(sorted(others))}")
    return None


def is_python(strategy, codes):
    """Is this a plain-Python strategy (a choose function playing through the face)?"""
    return strategy.policy == codes.get("replay") and callable(strategy.plugin)


def choosers_for(game, strategies):
    """Per strategy row: the choose function of a plain-Python strategy, else None (an entry
    None too)."""
    codes = game.strategy_schema().policies
    return [s.plugin if s is not None and is_python(s, codes) else None for s in strategies]


def check_python_strategies(game, strategies):
    error = python_strategy_error(game, strategies)
    if error:
        raise UserError(error)


def seated(strategies, game_index, rotate):
    """The strategies by seat in game `game_index` of a run: with `rotate`, strategy i sits
    at seat (i + game) % players, as the kernel's batch seats them."""
    n = len(strategies)
    return [strategies[seated_at(p, game_index, n, rotate)] for p in range(n)]


def check_plugins(game, results, strategies, scorers, first, run_seed):
    """Raise PluginFailed if a plugin scorer failed in one of the games `results` hold
    (games first, first + 1, ... of run `run_seed`; `strategies` names and `scorers` the
    strategy rows): the game's result means nothing, and neither would the run's."""

    if game.plugin_error_code is None or not any(s is not None for s in scorers):
        return
    failed = np.flatnonzero(results.errors == game.plugin_error_code)
    if len(failed):
        g = int(failed[0])
        names = " or ".join(repr(n) for n in dict.fromkeys(
            strategies[q] for q in sorted(set(results.slot[g].tolist())) if scorers[q] is not None))
        raise PluginFailed(f"plugin strategy {names} failed in game {first + g} (seed {run_seed}): its scorer "
                           f"raised, indexed out of bounds or returned NaN/inf")
