"""One game of a run told turn by turn, for any game.

``replay_game("runs/r7", 12)`` reads everything from the run's manifest (game, seats,
strategies with their recorded weights, rotation, variant, resolved config and
overrides), so the game told is exactly game 12 of that run. The flag form
(``replay_game(GAME, 12, players=3, seed=7, ...)``, GAME a game's name) is for runs not
on disk.
"""
from pathlib import Path

from strategies import resolve_strategies, strategy_arrays

from ..core.errors import UserError, holds_file
from ..core.games import get_game
from ..core.protocol import with_options
from ..core.run_files import MANIFEST, read_manifest
from .runner import DEFAULTS
from .worker import recorded_strategy


def replay_game(source, game_index, *, players=None, seed=None, strategies=None, rotate_seats=False, check=False,
                config=None, overrides=None, variant=None, game_options=None):
    """(played, text, run seed): game `game_index` of a run folder, or of the run the options
    describe (`game_options`: the game's own, ``Game.options``); `played.error_message` is a
    check-mode violation, or empty."""
    from ..core.python_play import seated

    folder = Path(source)
    if holds_file(folder, MANIFEST):
        given = {"--players": players, "--seed": seed, "--strategies": strategies, "--config": config,
                 "--set": overrides, "--variant": variant, "--rotate-seats": rotate_seats,
                 **{f"--{name}": True for name in game_options or {}}}
        extra = [k for k, v in given.items() if v]
        if extra:
            raise UserError(f"{folder} is a run: its settings come from its manifest; leave out {', '.join(extra)}")
        game, rules, chosen, m = run_settings(folder)
        players, seed, rotate_seats = m["players"], m["seed"], m["rotate_seats"]
        options = m.get("game_options") or {}
        if not 0 <= game_index < m["games"]:
            raise UserError(f"--game {game_index}: the run has games 0 to {m['games'] - 1}")
    else:
        if folder.exists() or "/" in str(source):
            raise UserError(f"{source} is not a run folder (no {MANIFEST}) nor a game name")

        game = get_game(source)
        if players is None:
            raise UserError("--players is required with a game name (or give a run folder)")
        seed = DEFAULTS["seed"] if seed is None else seed              # as simulate
        variants = game.canonical_variant(variant).split(",")
        rules = game.load_rules(config, overrides, variants=variants)
        game.check_players(players, rules)
        options = game.check_options(game_options or {}, players)
        chosen = resolve_strategies(game, strategies or game.strategy_schema().default, players)[0]
    extra = python_tape(game, rules, players, seed, game_index, chosen, rotate_seats, options)
    if rotate_seats:
        options = game.seat_options(options, game_index, players)
    played, text = game.replay(rules, players, seed, game_index, seated(chosen, game_index, rotate_seats),
                               check=check, **with_options(options), **extra)
    return played, text, seed


def python_tape(game, rules, players, seed, game_index, chosen, rotate, options):
    """{"tape": the choices of the game's plain-Python seats} for ``Game.replay``, played again
    through the face as the run played them (``simulate/core/python_play.py``); {} without any."""
    from ..core.python_play import check_python_strategies, choosers_for, face_game
    from ..core.tape import new_tape

    choosers = choosers_for(game, chosen)
    if not any(c is not None for c in choosers):
        return {}
    check_python_strategies(game, chosen)
    POL, W = strategy_arrays(game, chosen)
    state = face_game(game, rules, players, seed, game_index, POL, W, choosers, [s.name for s in chosen],
                      rotate, options)
    return {"tape": new_tape(state.tape)}


def run_settings(folder):
    """(game, rules, strategies in slot order, manifest) of a run folder, as the run played them."""
    m = read_manifest(folder)
    game = get_game(m["game"])
    rules = game.load_rules(data=m["config"])
    chosen = [recorded_strategy(game, n, m["strategy_weights"][n]) for n in m["strategies"]]
    return game, rules, chosen, m
