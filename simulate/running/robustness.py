"""Skill tiers of a run or comparison: its very games played again by stronger strategies.

A tier is a folder inside the source's ``robustness/`` folder, named by its strategy, which
plays in every seat. Of a run, it is a run: the run's game, player count, variant, config
(checked by its hash), game options, seat rotation and run seed, over the run's first games (the
tier's size), so game k has game k's deal and dice in both (common random numbers). Of a
comparison (``compare``, ``whatif``), it is a comparison of the same cells (variants, what-if
cells and interventions, player counts, seed, config and --set values) played by the tier. The
tiers and their sizes come from the game's protocol (``Game.skill_tiers``: a slow search player
on a subsample). ``analysis.robustness`` measures the source's findings in them; ``windtunnel
report --robustness`` plays the tiers a source does not have yet.
"""
import re
from pathlib import Path

from strategies.roster import load_strategy, split_names, strategy_names

from ..core.compare_folder import COMPARE, open_compare, read_compare
from ..core.errors import UserError, check_jobs
from ..core.games import get_game
from ..core.output_folder import holds_files
from ..core.run_files import MANIFEST, STAGING, read_manifest
from ..core.run_folder import open_run
from .compare import run_compare
from .runner import run

FOLDER = "robustness"
SAME = ("game", "players", "seed", "variant", "config_hash", "rotate_seats", "game_options")
SAME_COMPARE = ("game", "variants", "players", "seed", "overrides", "whatifs", "whatif_base")


def parse_tiers(text, game):
    """'tuned:50000,lookahead:1000' (a size optional, after the strategy's own parameters:
    'mcts:iterations=100:300') -> [(strategy, games or None)]; the game's ``skill_tiers`` when
    `text` is None."""
    if text is None:
        if not game.skill_tiers:
            raise UserError(f"{game.title or game.name} declares no skill tiers: name them with --tiers "
                            "(e.g. --tiers STRATEGY:GAMES)")
        return list(game.skill_tiers)

    tiers = []
    for part in split_names(text):
        name, _, size = part.rpartition(":")
        if not name or "=" in size:             # no size: the last item is the strategy's parameter
            name, size = part, ""
        if not name.strip() or (size and not size.strip().isdigit()):
            raise UserError(f"--tiers {part}: expected STRATEGY or STRATEGY:GAMES (e.g. tuned:20000)")
        tiers.append((name.strip(), int(size) if size else None))
    if not tiers:
        raise UserError("--tiers is empty (e.g. --tiers tuned,lookahead:2000)")
    return tiers


def _settings(path):
    """(a comparison?, its compare.json or the run's manifest) of a source folder."""
    if (Path(path) / COMPARE).is_file():
        return True, read_compare(path)
    return False, read_manifest(path)


def _marker(compared):
    return COMPARE if compared else MANIFEST


def folder_name(strategy):
    """A tier's folder: its strategy, parameters and all, in characters every file system takes
    ('mcts:iterations=100' -> 'mcts-iterations=100')."""
    return re.sub(r"[^A-Za-z0-9_.=+-]", "-", strategy)


def tier_plan(path, tiers=None):
    """[(strategy, games, folder)] of a run's or comparison's tiers (`tiers`: ``parse_tiers``'s
    list or text), each strategy checked against the game's roster and each size capped at the
    source's games."""
    compared, m = _settings(path)
    if m.get("runs"):       # its cells are other folders' runs, whose settings a tier cannot replay as one grid
        raise UserError(f"{path} pairs two runs ({', '.join(m['runs'].values())}): check each against stronger "
                        "play with `windtunnel report RUN --robustness`")
    game = get_game(m["game"])
    tiers = parse_tiers(tiers, game) if tiers is None or isinstance(tiers, str) else tiers
    known = strategy_names(game)
    out = []
    for name, size in tiers:
        if name.split(":")[0] not in known:
            raise UserError(f"--tiers: no strategy {name!r} in {game.title}'s roster ({', '.join(known)})")
        load_strategy(game, name)                # its parameters, checked now (one line if wrong)
        if size is not None and size < 1:
            raise UserError(f"--tiers {name}:{size}: a tier plays at least one game")
        games = min(m["games"], size or m["games"])
        folder = Path(path) / FOLDER / folder_name(name)
        ours = (folder / _marker(compared)).is_file() or (folder / STAGING / _marker(compared)).is_file()
        if folder.exists() and not ours and holds_files(folder):
            raise UserError(f"{folder} holds files windtunnel did not write (no {_marker(compared)}): the {name} "
                            "tier is played there; move them away")
        out.append((name, games, folder))
    return out


def matches(source, tier, compared=False):
    """Whether tier settings `tier` play the games of `source` (else: stale): a run's manifest,
    or a comparison's compare.json (each cell's config hash too)."""
    if not compared:
        return all(source.get(k) == tier.get(k) for k in SAME) and len(set(tier["strategies"])) == 1
    hashes = {c["name"]: c["config_hash"] for c in source["cells"]}
    unset = {"whatif_base": "base", "whatifs": {}, "overrides": {}}     # (a comparison from before a key)
    return (all((source.get(k) or unset.get(k)) == (tier.get(k) or unset.get(k)) for k in SAME_COMPARE)
            and all(hashes.get(c["name"]) == c["config_hash"] for c in tier["cells"]))


def play_tiers(path, tiers=None, jobs=-1, progress=None, on_tier=None):
    """Play (or finish) the tiers of the run or comparison at `path` that it does not have complete
    yet; returns them (``Run`` or ``CompareResult``). A tier folder of other settings (the source
    replaced since) is played again; anything there windtunnel did not write is left alone (one
    UserError)."""
    check_jobs(jobs)                             # before any folder is made (the run would refuse it later)
    compared, m = _settings(path)
    game = get_game(m["game"])
    config = m.get("config_path")
    if config and Path(config).resolve() == (game.config_dir / "base.toml").resolve():
        config = None                            # the printed game: wherever this copy keeps it
    out = []
    for i, (name, games, folder) in enumerate(tier_plan(path, tiers)):
        mode = {}
        if (folder / _marker(compared)).exists():
            old = _settings(folder)[1]
            same = (matches(m, old, compared) and old["games"] == games
                    and (compared and old["strategies"] == name or not compared and old["strategies"][0] == name))
            if same and old["status"] == "complete":
                out.append(_open(folder, compared))
                continue
            mode = {"resume": True} if same else {"force": True}
        if on_tier:
            on_tier(i, name, games, folder)
        command = {"robustness": str(path), "tier": name}

        if mode.get("resume"):                   # its manifest or compare.json holds every setting
            r = (run_compare if compared else run)(game.name, out=folder, resume=True, jobs=jobs, progress=progress,
                                                   command=command)
        elif compared:
            plain = [v for v in m["variants"] if v not in (m.get("whatifs") or {})]
            r = run_compare(game.name, ",".join(plain), ",".join(map(str, m["players"])), games, m["seed"], name,
                            config=config, overrides=m.get("overrides") or None, out=folder, jobs=jobs,
                            progress=progress, command=command, whatifs=m.get("whatifs") or None,
                            whatif_base=m.get("whatif_base"), **mode)
        else:
            r = run(game.name, m["players"], games, m["seed"], name, rotate_seats=m["rotate_seats"],
                    variant=m["variant"], config=config, overrides=m.get("overrides") or None, out=folder, jobs=jobs,
                    progress=progress, command=command, game_options=m.get("game_options") or None, **mode)
        hashes = {x["name"]: x["config_hash"] for x in m["cells"]} if compared else None
        changed = ([c["name"] for c in r.spec["cells"] if c["config_hash"] != hashes.get(c["name"])] if compared
                   else r.manifest["config_hash"] != m["config_hash"])
        if changed:
            raise UserError(f"{path}: its config has changed since it was played (the {name} tier in {folder} plays "
                            "the config as it is now, so not its games): restore the config, or play it again")
        out.append(r)
    return out


def _open(folder, compared):
    if compared:
        return open_compare(folder)
    return open_run(folder)


def tier_runs(path):
    """(tiers that play the source's games, notes on the ones that do not) of the run or
    comparison at `path`, each verified (``Run.verify``) before it is used."""
    folder = Path(path) / FOLDER
    if not folder.is_dir():
        return [], []
    compared, m = _settings(path)
    order = [folder_name(name) for name, _ in get_game(m["game"]).skill_tiers]
    found, notes = [], []
    # the game's tiers in its order (the strongest last), then any other
    for sub in sorted((p for p in folder.iterdir() if (p / _marker(compared)).is_file()),
                      key=lambda p: (order.index(p.name) if p.name in order else len(order), p.name)):
        r = _open(sub, compared)
        settings = r.spec if compared else r.manifest
        if not matches(m, settings, compared):
            notes.append(f"The {sub.name} tier in {sub} plays other games than these (its settings or config "
                         "differ): left out; `windtunnel report --robustness` plays it again.")
            continue
        done = sum(c["games_done"] for c in settings["cells"]) if compared else settings["games_done"]
        if not done:
            continue
        r.verify()
        found.append(r)
    return found, notes
