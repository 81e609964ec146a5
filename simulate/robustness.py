"""Skill tiers of a run: its very games played again by stronger strategies.

A tier is a run folder inside the run's ``robustness/`` folder, named by its strategy, which
plays in every seat: the run's game, player count, variant, config (checked by its hash),
game options, seat rotation and run seed, over the run's first games (the tier's size), so
game k has game k's deal and dice in both (common random numbers). The tiers and their sizes
come from the game's protocol (``Game.skill_tiers``: a slow search player on a subsample).
``analysis.robustness`` measures the run's findings in them; ``windtunnel report --robustness``
plays the tiers a run does not have yet.
"""
from pathlib import Path

from .errors import UserError
from .games import get_game
from .run_files import MANIFEST, STAGING, read_manifest

FOLDER = "robustness"
SAME = ("game", "players", "seed", "variant", "config_hash", "rotate_seats", "game_options")


def parse_tiers(text, game):
    """'tuned:50000,lookahead:1000' (a size optional) -> [(strategy, games or None)]; the game's
    ``skill_tiers`` when `text` is None."""
    if text is None:
        return list(game.skill_tiers)
    from strategies.roster import split_names

    tiers = []
    for part in split_names(text):
        name, _, size = part.partition(":")
        if size and not size.strip().isdigit():
            raise UserError(f"--tiers {part}: expected STRATEGY or STRATEGY:GAMES (e.g. tuned:20000)")
        tiers.append((name.strip(), int(size) if size else None))
    if not tiers:
        raise UserError("--tiers is empty (e.g. --tiers tuned,lookahead:2000)")
    return tiers


def tier_plan(run_path, tiers=None):
    """[(strategy, games, folder)] of a run's tiers (`tiers`: ``parse_tiers``'s list or text),
    each strategy checked against the game's roster and each size capped at the run's games."""
    from strategies.roster import strategy_names

    from .runner import holds_files

    m = read_manifest(run_path)
    game = get_game(m["game"])
    tiers = parse_tiers(tiers, game) if tiers is None or isinstance(tiers, str) else tiers
    known = strategy_names(game)
    out = []
    for name, size in tiers:
        if name not in known:
            raise UserError(f"--tiers: no strategy {name!r} in {game.title}'s roster ({', '.join(known)})")
        if size is not None and size < 1:
            raise UserError(f"--tiers {name}:{size}: a tier plays at least one game")
        games = min(m["games"], size or m["games"])
        folder = Path(run_path) / FOLDER / name
        if folder.exists() and not (folder / MANIFEST).is_file() and not (folder / STAGING / MANIFEST).is_file() \
                and holds_files(folder):
            raise UserError(f"{folder} holds files windtunnel did not write (no {MANIFEST}): the {name} tier is "
                            "played there; move them away")
        out.append((name, games, folder))
    return out


def matches(run, tier):
    """Whether tier manifest `tier` plays the games of run manifest `run` (else: stale)."""
    return all(run.get(k) == tier.get(k) for k in SAME) and len(set(tier["strategies"])) == 1


def play_tiers(run_path, tiers=None, jobs=-1, progress=None, on_tier=None):
    """Play (or finish) the tiers of the run at `run_path` that it does not have complete yet;
    returns the tier runs. A tier folder of other settings (the run replaced since) is played
    again; anything there that is not a windtunnel run is left alone (one UserError)."""
    from .runner import run

    m = read_manifest(run_path)
    game = get_game(m["game"])
    config = m.get("config_path")
    if config and Path(config).resolve() == (game.config_dir / "base.toml").resolve():
        config = None                            # the printed game: wherever this copy keeps it
    runs = []
    for i, (name, games, folder) in enumerate(tier_plan(run_path, tiers)):
        mode = {}
        if (folder / MANIFEST).exists():
            old = read_manifest(folder)
            same = matches(m, old) and old["strategies"][0] == name and old["games"] == games
            mode = {"resume": True} if same else {"force": True}
            if same and old["status"] == "complete":
                from .runner import open_run
                runs.append(open_run(folder))
                continue
        if on_tier:
            on_tier(i, name, games, folder)
        folder.parent.mkdir(exist_ok=True)
        r = run(game.name, m["players"], games, m["seed"], None if mode.get("resume") else name,
                rotate_seats=None if mode.get("resume") else m["rotate_seats"],
                variant=None if mode.get("resume") else m["variant"],
                config=None if mode.get("resume") else config,
                overrides=None if mode.get("resume") else (m.get("overrides") or None), out=folder, jobs=jobs,
                progress=progress, command={"robustness": str(run_path), "tier": name},
                game_options=None if mode.get("resume") else (m.get("game_options") or None), **mode)
        if r.manifest["config_hash"] != m["config_hash"]:
            raise UserError(f"{run_path}: its config has changed since the run (hash {m['config_hash']}, now "
                            f"{r.manifest['config_hash']}); the {name} tier in {folder} plays the config as it is "
                            "now, so it is not the run's game: restore the config, or simulate the run again")
        runs.append(r)
    return runs


def tier_runs(run_path):
    """(tier runs that play the run's games, notes on the ones that do not) of the run at
    `run_path`, each verified (``Run.verify``) before it is used."""
    from .runner import open_run

    folder = Path(run_path) / FOLDER
    if not folder.is_dir():
        return [], []
    m = read_manifest(run_path)
    order = [name for name, _ in get_game(m["game"]).skill_tiers]
    runs, notes = [], []
    # the game's tiers in its order (weakest first), then any other
    for sub in sorted((p for p in folder.iterdir() if (p / MANIFEST).is_file()),
                      key=lambda p: (order.index(p.name) if p.name in order else len(order), p.name)):
        r = open_run(sub)
        if not matches(m, r.manifest):
            notes.append(f"The {sub.name} tier in {sub} plays other games than this run's (its settings or config "
                         "differ): left out; `windtunnel report --robustness` plays it again.")
            continue
        if not r.manifest["games_done"]:
            continue
        r.verify()
        runs.append(r)
    return runs, notes
