"""Two finished runs read as one paired comparison (`windtunnel compare GAME --runs A,B --out DIR`).

Runs with the same game, player count, run seed, games and seat rotation played the same game
seeds (common random numbers: game i of A is dealt as game i of B), so whatever else differs
(strategies, `--set` values, a config, a variant) can be compared game by game, as a what-if
would. Nothing is played or copied and the runs are left as they are: DIR holds compare.json and
a link to each run, which the comparison reads and verifies (sha256) like its own cells."""
import os
import re
from pathlib import Path

from ..core.compare_folder import FORMAT, cell_name, open_compare
from ..core.errors import UserError, holds_file
from ..core.run_files import MANIFEST, _now
from ..core.run_folder import open_run
from .compare import _save

SAME = (("game", "game"), ("players", "player count"), ("seed", "run seed"), ("games", "number of games"),
        ("rotate_seats", "seat rotation"))


def _label(path, taken):
    """A cell name from the run's folder name: letters, digits, '-' and '_'; unique."""
    base = re.sub(r"[^A-Za-z0-9_]+", "_", Path(path).resolve().name).strip("_") or "run"
    label, k = base, 2
    while label in taken:
        label, k = f"{base}_{k}", k + 1
    return label


def _setting(key, value):
    if key == "strategies":
        return ",".join(value)
    if key == "overrides":
        return ", ".join(f"{k}={v}" for k, v in value.items()) or "none"
    return "none" if value is None else str(value)


def _differences(a, b):
    """What differs between two runs' settings, in words (the comparison's header says it)."""
    out = []
    for key, words in (("strategies", "strategies"), ("variant", "variant"), ("overrides", "--set values"),
                       ("config_path", "config")):
        if a.get(key) != b.get(key):
            out.append(f"{words} ({_setting(key, a.get(key))} / {_setting(key, b.get(key))})")
    return "; ".join(out) or "nothing in their settings (the same games twice)"


def pair_runs(game, paths, out, force=False):
    """Write the comparison of runs `paths` (two run folders, the first the baseline) into `out`
    and return it opened (``simulate.core.compare_folder.CompareResult``). One UserError, before anything is
    written, when a run is unfinished or unverifiable or the two did not play the same games."""
    if len(paths) != 2:
        raise UserError(f"--runs takes two run folders, comma-separated (the baseline first), not {len(paths)}")
    runs = []
    for p in paths:
        if not holds_file(p, MANIFEST):
            raise UserError(f"{p} is not a run folder (no {MANIFEST})")
        run = open_run(p)
        run.verify()
        m = run.manifest
        if m["game"] != game:
            raise UserError(f"{p} is a run of {m['game']}, not {game}")
        if m["status"] != "complete" or m["games_done"] != m["games"]:
            raise UserError(f"{p} is not finished ({m['games_done']:,} of {m['games']:,} games): finish it with "
                            f"--resume before pairing it")
        runs.append(run)
    a, b = (r.manifest for r in runs)
    for key, words in SAME:
        if a[key] != b[key]:
            raise UserError(f"the runs differ in {words} ({a[key]} in {paths[0]}, {b[key]} in {paths[1]}): they did "
                            "not play the same games, so they cannot be paired")
    out = Path(out)
    if out.exists() and any(out.iterdir()):
        ours = ("compare.json", ".windtunnel.lock")   # with the links and the report: all a pairing writes
        if not (force and (out / "compare.json").is_file() and all(
                p.is_symlink() or p.name.startswith("report") or p.name in ours for p in out.iterdir())):
            raise UserError(f"{out} is not empty (a paired comparison goes into a new folder; --force replaces "
                            "only a paired comparison windtunnel wrote there)")
    labels = []
    for p in paths:
        labels.append(_label(p, labels))
    out.mkdir(parents=True, exist_ok=True)
    cells = []
    for label, run, p in zip(labels, runs, paths):
        m = run.manifest
        name = cell_name(label, m["players"])
        link = out / name
        if link.is_symlink():
            link.unlink()                        # our own link of a paired comparison (--force)
        os.symlink(Path(p).resolve(), link, target_is_directory=True)
        cells.append({"name": name, "folder": name, "variant": label, "run_variant": m["variant"],
                      "players": m["players"], "run_id": m["run_id"], "config_hash": m["config_hash"],
                      "status": "complete", "games_done": m["games_done"]})
    strategies = list(dict.fromkeys(a["strategies"]))
    spec = {"format": FORMAT, "game": game, "variants": labels, "players": [a["players"]], "games": a["games"],
            "seed": a["seed"], "strategies": ",".join(strategies), "batch_size": None, "config_path": None,
            "overrides": {}, "whatifs": {label: {} for label in labels}, "whatif_base": labels[0],
            "runs": {label: str(Path(p).resolve()) for label, p in zip(labels, paths)},
            "differences": _differences(a, b),
            "common_random_numbers": f"both runs use run seed {a['seed']}: game i has the same game seed in each",
            "status": "complete", "created": _now(), "sessions": [], "cells": cells}
    _save(out, spec)
    return open_compare(out)
