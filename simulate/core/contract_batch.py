"""The batch loop written once over the kernel contract (``contract``), and ``bind``, which makes
every template of the core (this loop, the players) a function of one game: a game that offers the
contract's functions plays its games here, every policy included (random, its heuristic as the
greedy player over its ``scores``, the lookahead and the MCTS player), and writes no loop of its own.

    for each game: seat the run's strategies, new_game, then while the decision at hand has
    options: the seat's policy picks one, apply it (check mode: check the state); record

Two interventions the core offers every game on the contract, to one seat a game (the seat game k
treats being k mod players; its other seats, and its searches' imagined moves, play as printed):
**forbid an option** (``ContractGame.forbidden``: the config's ``[intervention] forbid``, an
option by the game's words), and, for a game that declares item classes, **hold an item at
setup** (``held_items``: the game's ``hold`` called once the game is set up).

A seat's policy is a code of the game's strategy schema; ``Codes`` gathers the ones the loop
needs (``codes``). Two streams, as every kernel keeps them: R the game's chance (the dice, the
deck), RP the random policy's coin, so a game's chance does not depend on who decides.
"""
import types as pytypes

import numpy as np

from . import contract, kernel_frame, seats
from .contract import DECISION, FUNCTIONS, OPT_W, TEMPLATES, greedy, lookahead, mcts, template
from .jit import entry, hot, tiny
from .rng import below, game_seed
from .tape import tape_read, tape_write

seat_strategies, treated_seat = tiny(kernel_frame.seat_strategies), tiny(seats.treated_seat)
RANDOM, HEURISTIC, LOOKAHEAD, MCTS, ITERATIONS, ROLLOUTS, SLOT, RECORD, REPLAY = range(9)     # rows of `codes`
ENTRIES = ("play_batch", "pick")          # the bound templates Python calls (the batch; the replay's pick)
OPTIONAL = {"redeal": "nothing_hidden", "clock": "decisions_taken",   # contract functions a game may leave
            "keep_seats": "no_seat_state", "hold": "no_items"}         # out: the template in their place


def codes(schema, slot_column):
    """The int64 array the loop reads: the schema's policy codes (-1 for one it does not have),
    the strategy-row columns of the MCTS player's iterations and the lookahead's rollouts (-1),
    the seats table's strategy-slot column, and the codes of the choice tape's two policies
    (record: the heuristic, writing its choices; replay: reading them, a plain-Python strategy's)."""
    pol, at = schema.policies, schema.param_offset
    params = list(schema.params)
    column = {name: at + params.index(name) if name in params else -1 for name in ("iterations", "rollouts")}
    return np.array([pol.get("random", -1), pol.get("heuristic", -1), pol.get("lookahead", -1), pol.get("mcts", -1),
                     column["iterations"], column["rollouts"], slot_column, pol.get("record", -1),
                     pol.get("replay", -1)], np.int64)


@template
def forbidden(OPT, i, F):
    """Option row OPT[i] matches a row of F (kind, a, b, c; -1 matches any)."""
    for f in range(F.shape[0]):
        hit = True
        for c in range(OPT_W):
            if F[f, c] >= 0 and F[f, c] != OPT[i, c]:
                hit = False
        if hit:
            return True
    return False


@template
def without(OPT, n, F):
    """OPT[:n] less the options F forbids, the others kept in order; all n where F forbids every one."""
    kept = 0
    for i in range(n):
        if not forbidden(OPT, i, F):
            kept += 1
    if kept == 0:
        return n
    k = 0
    for i in range(n):
        if not forbidden(OPT, i, F):
            for c in range(OPT_W):
                OPT[k, c] = OPT[i, c]
            k += 1
    return k


@template
def pick(S, T, R, RP, W, POL, OPT, n, X, K, scale, TAPE):
    """The option the seat to move takes, by its policy (a forced one draws nothing and goes on
    no tape: ``simulate/core/tape.py``)."""
    if n == 1:
        return 0
    p = to_move(S)
    pol = POL[p]
    if pol == K[RANDOM]:
        return below(RP, n)
    if pol == K[REPLAY]:
        return tape_read(TAPE, n)
    if pol == K[MCTS]:
        return mcts(S, T, R, W, POL, OPT, n, X, K[RANDOM], int(W[p, K[ITERATIONS]]), 0, scale, scale, True)
    if pol == K[LOOKAHEAD]:
        return lookahead(S, T, R, W, POL, OPT, n, X, K[RANDOM], int(W[p, K[ROLLOUTS]]), 0, scale, True)
    i = greedy(S, T, W, OPT, n, X)
    if pol == K[RECORD]:
        tape_write(TAPE, i)
    return i


@template
def play_batch(T, n_players, run_seed, first, n_games, W, POL, check_mode, rotate, games, seats, seeds,
               W_seat, POL_seat, S, R, RP, X, K, scale, F, H, TAPE):
    """Games [first, first + n_games) into rows 0..n_games-1 of games, seats and seeds. W_seat to
    RP and X are scratch arrays made in Python (hot code allocates nothing), K the game's
    ``codes``, `scale` its reward scale. The interventions, for the treated seat (game k's seat
    k mod players, ``seats.treated_seat``), none with no rows: F the option rows it may not take,
    H the items (class, item) it holds from the start (``held_items``).
    TAPE: the choice tape record and replay seats write and read (rewound by the caller)."""
    OPT = X[DECISION]
    for g in range(n_games):
        seat_strategies(POL, W, first + g, n_players, rotate, POL_seat, W_seat, seats[g, :, K[SLOT]])
        new_game(S, R, RP, n_players, run_seed, first + g)
        seeds[g] = game_seed(run_seed, first + g)     # (R itself may have dealt the setup by now)
        treated = treated_seat(first + g, n_players) if F.shape[0] + H.shape[0] > 0 else -1
        for h in range(H.shape[0]):
            hold(S, T, treated, H[h, 0], H[h, 1])
        n = options(S, T, OPT)
        while n > 0:
            if F.shape[0] > 0 and to_move(S) == treated:        # (no intervention: nothing asked)
                n = without(OPT, n, F)
            n = apply(S, T, R, OPT, pick(S, T, R, RP, W_seat, POL_seat, OPT, n, X, K, scale, TAPE))
            if check_mode:
                check(S, T)
        record(S, T, g, games, seats)


LOOP = ("new_game", "options", "check", "record", "hold")     # what only the core's batch loop and face call


def bind(module, loop=True, **functions):
    """The core's templates (``contract.TEMPLATES``: the players, this loop) made functions of
    game module `module` (its ``__name__``), their contract names resolved to the game's
    `functions` (``contract.FUNCTIONS``, each a ``hot`` function of the game's): a namespace of
    ``hot`` functions, compiled and cached as the game's own kernel code (its cache folder, keyed
    by its kernel sources and the shared ones; numba caches a function by its code's file and
    name, in the folder ``jit`` gives the game). `loop` False: a game with a batch loop of its own
    (EOS: nations, plugins, the replay's tape) binds the players only, without the loop's functions
    (``LOOP``)."""
    missing = [name for name in FUNCTIONS if name not in functions and name not in OPTIONAL
               and (loop or name not in LOOP)]
    if missing:
        raise TypeError(f"bind({module!r}): the contract's {', '.join(missing)} missing")
    names = {**vars(contract), **globals(), **functions, "__name__": module}
    templates = [fn for fn in TEMPLATES if loop or not set(fn.__code__.co_names) & set(LOOP)]
    for fn in templates:
        names[fn.__name__] = hot(pytypes.FunctionType(fn.__code__, names, fn.__name__, fn.__defaults__))
    for name, default in OPTIONAL.items():      # (resolved when first compiled: after this)
        if name not in functions:
            names[name] = functions[name] = names[default]
    for called in ENTRIES if loop else ():   # what Python calls: the kernel optimized whole there (``jit.entry``)
        entry(names[called])
    return pytypes.SimpleNamespace(**{fn.__name__: names[fn.__name__] for fn in templates}, **functions)
