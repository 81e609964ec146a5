"""Variant x player-count comparisons: one run per cell of the grid, one dataset.

``windtunnel compare GAME --variants base,V1,V1+V2 --players 2,3,4 --games 100000
--out runs/variants`` plays every (variant, player count) cell with
``simulate.run(...)`` into its own run folder under ``--out``::

    runs/variants/
      compare.json            the grid: cells, their folders, run ids, settings, status
      base-2p/                a complete run folder (manifest.json, games/, seats/, cards/)
      base-3p/
      tableaus+poseidon-4p/   a combination of variants is written with "+"
      ...

Every cell uses the same run seed, so game i has the same game seed
(``rng.game_seed(seed, i)``, the ``seed`` column of ``games``) in every cell:
common random numbers, which makes differences between variants less noisy.

The whole dataset reads as one table per kind; ``games`` tells the cells apart by
its ``variant`` and ``n_players`` columns, ``seats`` and ``cards`` by ``run_id``
(or join ``games`` on ``(run_id, game_id)``)::

    pl.scan_parquet("runs/variants/*/games/*.parquet")      # variant, n_players columns
    pl.scan_parquet("runs/variants/*/seats/*.parquet")      # join games on (run_id, game_id)
    simulate.open_compare("runs/variants").table("seats")   # + cell, variant, n_players

Nothing is written before every cell has been checked (``runner.plan_run``):
an unknown variant, a player count the game does not allow or a busy ``--out``
is one UserError and leaves the disk as it was. One process at a time writes a
comparison (its folder's lock, and each cell's); ``--force`` plays the new
comparison in ``OUT/.windtunnel-new/`` and swaps it in cell by cell when complete
(``output_folder``, the runs' own lifecycle).
"""
import contextlib
import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from ..core.compare_folder import COMPARE, FORMAT, CompareResult, cell_name, read_compare, resume_command
from ..core.config_files import parse_value
from ..core.errors import UserError, check_int, check_jobs, check_path
from ..core.games import get_game
from ..core.output_folder import COMPARISON, OutputFolder, already_exists
from ..core.run_files import (MANIFEST, MAX_GAMES, _now, read_manifest, remove_report, remove_run, run_tables, swap_in,
                              write_json_atomic)
from ..core.run_lock import LOCK, folder_lock
from .runner import DEFAULTS, RunFailed, RunInterrupted, plan_run, run

_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")


class CompareInterrupted(Exception):
    """Ctrl-C / SIGTERM during a comparison: completed shards are kept; --resume plays the rest."""


class CompareFailed(Exception):
    """A cell's run failed (a worker died, a batch raised): --resume plays the rest."""


# ---------------------------------------------------------------- parsing the grid
def parse_variants(spec):
    """'base,tableaus,tableaus+poseidon' (or a list) -> [['base'], ['tableaus'], ['tableaus', 'poseidon']]."""
    items = spec.split(",") if isinstance(spec, str) else list(spec or ())
    items = [str(i).strip() for i in items]
    if not any(items):
        raise UserError("--variants is empty (give variants separated by commas, e.g. base,A; "
                        "combine variants within one cell with +, e.g. A+B)")
    cells = []
    for item in items:
        parts = [p.strip() for p in item.split("+")]
        if not item or not all(parts):
            raise UserError(f"--variants {spec if isinstance(spec, str) else ','.join(items)}: empty variant name "
                            "(variants are separated by commas, a combination is joined by +)")
        for p in parts:
            if not _NAME.match(p):
                raise UserError(f"--variants: {p!r} is not a variant name (letters, digits, _ . - only)")
        cells.append(parts)
    return cells


def parse_players(spec):
    """'2,3,4', '2-4' or '3' (or a list of ints) -> [2, 3, 4]; the game checks the range."""
    if spec is None:
        return None
    if isinstance(spec, int) and not isinstance(spec, bool):
        spec = [spec]
    items = [str(i).strip() for i in spec.split(",")] if isinstance(spec, str) else list(spec)
    if isinstance(spec, str) and len(items) == 1 and "-" in items[0].strip("-"):
        lo, _, hi = items[0].partition("-")
        try:
            items = list(range(int(lo), int(hi) + 1)) or items
        except ValueError:
            pass
    if not items or items == [""]:
        raise UserError("--players is empty (give player counts separated by commas, e.g. 2,3,4)")
    out = []
    for i in items:
        if isinstance(i, int) and not isinstance(i, bool):
            n = i
        else:
            try:
                n = int(str(i).strip())
            except ValueError:
                raise UserError(f"--players expects a whole number, several separated by commas (2,3,4) "
                                f"or a range (2-4), got {i!r}") from None
        if n in out:
            raise UserError(f"--players names {n} twice")
        out.append(n)
    return out


def parse_whatifs(specs):
    """--cell items 'NAME:KEY=VALUE[,KEY=VALUE...]' (or a dict {name: {key: value}}) -> {name:
    {dotted key: value}}: what-if cells, the base game with these config values for everyone.
    Values read as TOML, as --set's (a list's commas stay inside its brackets)."""
    if isinstance(specs, dict):
        return _named_cells((str(k), dict(v)) for k, v in specs.items())
    items = []
    for spec in ([specs] if isinstance(specs, str) else list(specs or ())):
        name, sep, rest = str(spec).partition(":")
        if not sep or not rest.strip():
            raise UserError(f"--cell expects NAME:KEY=VALUE[,KEY=VALUE...] (a cell name, then --set items: "
                            f"e.g. mine:section.key=4), got {spec!r}")
        items.append((name.strip(), _key_values(name, rest)))
    return _named_cells(items)


def parse_interventions(game, specs):
    """--intervention items 'KEY=VALUE[,KEY=VALUE...]' or 'NAME:KEY=VALUE,...' -> what-if cells
    ({name: {"<table>.KEY": value}}) for the game's intervention table (its keys: the base
    config's); a cell without NAME is named after its values ("favor-apollon")."""
    game = get_game(game)
    table = game.intervention_table
    if not table:
        raise UserError(f"{game.title} offers no interventions yet (what-if cells of --set values: "
                        f"windtunnel compare --cell)")
    config = game.load_rules().config
    known = dict(config.get(table) or {})             # each key at its "none" value: no intervention
    items = [specs] if isinstance(specs, str) else list(specs or ())
    if not items:
        raise UserError(f"--intervention is required (e.g. {next(iter(known), 'KEY')}=VALUE; "
                        f"{game.title}'s: {', '.join(known)})")
    cells = []
    for spec in items:
        name, sep, rest = str(spec).partition(":")
        if not sep:
            name, rest = "", str(spec)
        sets = _key_values(name, rest)
        unknown = [k for k in sets if k not in known]
        if unknown:
            raise UserError(f"--intervention {spec}: no intervention {unknown[0]!r} in {game.title} "
                            f"(known: {', '.join(known)})")
        none = [k for k, v in sets.items() if v == known[k]]
        if none:
            takes = game.intervention_values(config).get(none[0])
            raise UserError(f"--intervention {spec}: {none[0]}={sets[none[0]]} is no intervention (the printed "
                            f"game's own)" + (f"; {none[0]} takes {takes} (windtunnel info {game.name})"
                                              if takes else ""))
        name = name or "_".join(f"{k}-{re.sub(r'[^A-Za-z0-9_.-]', '', str(v))}" for k, v in sets.items())
        values = {f"{table}.{k}": v for k, v in sets.items()}
        twice = next((other for other, given in cells if given == values), None)
        if twice is not None:
            raise UserError(f"--intervention {spec}: the same intervention as {twice} (the same games twice)")
        cells.append((name.strip(), values))
    return _named_cells(cells)


def _key_values(name, text):
    """'KEY=VALUE[,KEY=VALUE...]' -> {KEY: value read as TOML}."""
    sets = {}
    for item in _top_level_split(text):
        key, eq, value = item.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise UserError(f"--cell {name}: {item!r} is not KEY=VALUE (a dotted config key, as --set)")
        sets[key.strip()] = parse_value(value.strip())
    return sets


def _named_cells(items):
    """(name, values) pairs -> {name: values}, each name a cell's and given once."""
    out = {}
    for name, sets in items:
        if not _NAME.match(name) or "+" in name:
            raise UserError(f"--cell: {name!r} is not a cell name (letters, digits, _ . - only)")
        if name in out:
            raise UserError(f"--cell names {name} twice")
        if not sets:
            raise UserError(f"--cell {name}: no KEY=VALUE given")
        out[name] = sets
    return out


def _top_level_split(text):
    """'a=1,b=[2,3]' -> ['a=1', 'b=[2,3]']: commas outside brackets and quotes."""
    parts, depth, quote, start = [], 0, None, 0
    for i, ch in enumerate(text):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def _save(out, spec):
    spec["updated"] = _now()
    write_json_atomic(Path(out) / COMPARE, json.dumps(spec, indent=2) + "\n")


# ---------------------------------------------------------------- planning (nothing written)
@dataclass(frozen=True)
class CellPlan:
    """One cell of a comparison, checked (``runner.plan_run``)."""
    name: str
    variant: str             # as the comparison names it: a variant, or a what-if cell's name
    run_variant: str         # the variant its run plays
    overrides: dict | None   # a what-if cell's config values (None: not a what-if cell)
    players: int
    run_id: str
    config_hash: str
    resume: bool             # its run has started: it continues


@dataclass(frozen=True)
class ComparePlan:
    """A comparison checked and ready to play (``plan_compare``); nothing written yet."""
    game: object             # the game's protocol object
    folder: OutputFolder     # --out, where the cells go, and whether this resumes
    spec: dict               # the compare.json to start from; the comparison updates it as it goes
    cells: list              # CellPlan, in grid order
    batch_size: int | None = None  # as asked, for every cell (None: from the number of workers)


def _same(option, given, recorded):
    if given is not None and given != recorded:
        raise UserError(f"--resume: {option} {given!r} differs from the comparison's {recorded!r} "
                        f"(a resumed comparison keeps its settings; leave {option} out or use another --out)")


def _names(strategies):
    if strategies is None:
        return None
    return ",".join(s.strip() for s in (strategies.split(",") if isinstance(strategies, str) else strategies))


def plan_compare(game, variants=None, players=None, games=None, seed=None, strategies=None, *,
                 config=None, overrides=None, out=None, resume=False, force=False, jobs=-1, batch_size=None,
                 whatifs=None, whatif_base=None, precision=None, rotate_seats=None):
    """Check every cell of the grid (``runner.plan_run`` each); return the ``ComparePlan``. Writes
    nothing. `whatif_base`: the variant the what-if cells play on and are compared with (base by
    default). `precision`: each cell stops once precise enough (``runner.run``'s), `games` at most.

    The cells go to the plan's `folder.path`: `out`, or its staging folder for a --force
    replacement (new, or resumed after a stop)."""
    game = get_game(game)
    if out is None:
        raise UserError("--out is required (the folder the comparison is written to)")
    out = Path(check_path(out))
    if resume and force:
        raise UserError("--resume and --force contradict each other: resume keeps the comparison, force replaces it")
    check_jobs(jobs)
    if resume:
        folder, recorded = OutputFolder.to_resume(out, COMPARISON)
    else:
        folder = OutputFolder.to_write(out, COMPARISON, force, lambda: already_exists(out, _what(out)))
        recorded = None
    fresh = folder.staged and not folder.resumed     # a --force replacement, played from nothing in the staging folder

    whatifs = parse_whatifs(whatifs) if whatifs else {}
    on = game.canonical_variant(whatif_base) if whatif_base else None
    if recorded is not None:
        _same("--variant", on, recorded.get("whatif_base", "base"))
    on = (recorded or {}).get("whatif_base") or on or "base"
    if whatifs and variants is None and recorded is None:
        variants = on                            # what-if cells are compared with the game they change
    if variants is None and recorded is None:
        raise UserError(f"--variants is required (e.g. --variants base,{','.join(game.variants[:1]) or 'base'}; "
                        f"{game.title}'s variants: {', '.join(game.variants) or 'none'}; combine with +)")
    if players is None and recorded is None:
        raise UserError("--players is required (player counts separated by commas, e.g. 2,3,4)")
    # a cell's variant as run(...) takes it ('tableaus,poseidon'), in the game's canonical order
    raw_v = parse_variants(variants) if variants is not None else None
    cells_v = [game.canonical_variant(",".join(parts)) for parts in raw_v] if raw_v is not None else None
    players = parse_players(players)
    if whatifs and cells_v is not None:
        if on not in cells_v:
            raise UserError(f"--cell: what-if cells are the {on} game with other values; add {on.replace(',', '+')} "
                            "to --variants to compare them with it")
        clash = [n for n in whatifs if n in game.variants or n in ("base", *(v.replace(",", "+") for v in cells_v))]
        if clash:
            raise UserError(f"--cell {clash[0]}: the name of a variant; give the what-if another name")
        for name, sets in whatifs.items():
            try:                                 # one line naming the cell, before anything is written
                game.load_rules(config, {**(overrides or {}), **sets}, variants=on.split(","))
            except UserError as e:
                raise UserError(f"what-if {name}: {e}") from None
    if cells_v is not None:
        seen = {}
        for raw, v in zip(raw_v, cells_v):
            key = v.replace(",", "+")
            if key in seen:
                raise UserError(f"--variants names {key} twice"
                                + (f" ({seen[key]} and {'+'.join(raw)})" if seen[key] != "+".join(raw) else ""))
            seen[key] = "+".join(raw)

    if recorded is not None:
        rec_v = [c.replace("+", ",") for c in recorded["variants"] if c not in (recorded.get("whatifs") or {})]
        if cells_v is not None and sorted(cells_v) != sorted(rec_v):
            raise UserError(f"--resume: --variants {variants} differs from the comparison's "
                            f"{','.join(recorded['variants'])} (leave --variants out or use another --out)")
        if players is not None and sorted(players) != sorted(recorded["players"]):
            raise UserError(f"--resume: --players {','.join(map(str, players))} differs from the comparison's "
                            f"{','.join(map(str, recorded['players']))} (leave --players out or use another --out)")
        _same("--games", games, recorded["games"])
        _same("--precision", precision, recorded.get("precision"))
        _same("--rotate-seats", rotate_seats or None, recorded.get("rotate_seats") or None)
        precision, rotate_seats = recorded.get("precision"), recorded.get("rotate_seats")
        _same("--seed", seed, recorded["seed"])
        _same("--strategies", _names(strategies), recorded["strategies"])
        _same("--cell", whatifs or None, recorded.get("whatifs") or None)
        whatifs = recorded.get("whatifs") or {}
        cells_v, players = rec_v, list(recorded["players"])
        games, seed, strategies = recorded["games"], recorded["seed"], recorded["strategies"]
        if batch_size is None:
            batch_size = recorded.get("batch_size")     # cells not started yet: as the others were cut
    else:
        games = DEFAULTS["games"] if games is None else games
        seed = DEFAULTS["seed"] if seed is None else seed
        strategies = _names(strategies) or game.strategy_schema().default
        check_int("--games", games, 1, MAX_GAMES)
        check_int("--seed", seed, 0, 2 ** 63 - 1)

    rec_cells = {c["name"]: c for c in (recorded or {}).get("cells", [])}
    cells = []
    for v in [*cells_v, *whatifs]:
        sets = {**(overrides or (recorded or {}).get("overrides") or {}), **whatifs[v]} if v in whatifs else None
        for p in players:
            name = cell_name(v, p)
            cell_out = folder.path / name
            started = (cell_out / MANIFEST).exists() and not fresh
            kw = {"variant": on if sets else v, "out": cell_out, "batch_size": batch_size,
                  "rotate_seats": None if recorded is not None and started else rotate_seats}
            if sets and not started:             # (a started cell's run id is its manifest's)
                kw["whatif"] = v
            try:
                if recorded is not None and started:
                    plan = plan_run(game, p, games, seed, strategies, config=config,
                                    overrides=sets if sets and overrides else overrides, resume=True, **kw)
                elif recorded is not None:
                    rc = rec_cells.get(name, {})
                    plan = plan_run(game, p, games, seed, strategies,
                                    config=config if config is not None else recorded.get("config_path"),
                                    overrides=sets or (overrides if overrides else recorded.get("overrides")),
                                    precision=recorded.get("precision"), **kw)
                    if rc.get("config_hash") and plan.manifest["config_hash"] != rc["config_hash"]:
                        raise UserError(f"--resume: the config (hash {plan.manifest['config_hash']}) differs "
                                        f"from the one the comparison started with (hash {rc['config_hash']}); "
                                        "use --force to start over or another --out")
                else:
                    plan = plan_run(game, p, games, seed, strategies, config=config, overrides=sets or overrides,
                                    fresh=fresh, precision=precision, **kw)
            except UserError as e:
                raise UserError(f"cell {name}: {e}") from None
            m = plan.manifest
            cells.append(CellPlan(name=name, variant=v if sets else m["variant"], run_variant=m["variant"],
                                  overrides=sets, players=p, run_id=m["run_id"], config_hash=m["config_hash"],
                                  resume=plan.folder.resumed))
    spec = recorded or {
        "format": FORMAT, "game": game.name, "variants": [v.replace(",", "+") for v in [*cells_v, *whatifs]],
        "players": players, "games": games, "seed": seed, "strategies": strategies, "batch_size": batch_size,
        "config_path": str(config) if config is not None else None, "overrides": dict(overrides or {}),
        "whatifs": whatifs, "whatif_base": on,
        **({"precision": precision} if precision is not None else {}),
        **({"rotate_seats": True} if rotate_seats else {}),
        "common_random_numbers": f"every cell uses run seed {seed}: game i has the same game seed "
                                 "(games.seed) in every cell",
        "read": {**{t: f"*/{t}/*.parquet" for t in game.tables},
                 "note": "games has the variant and n_players columns; the other tables join it on "
                         "(run_id, game_id), or read them with simulate.open_compare(out).table(name)"},
        "status": "new", "created": _now(), "updated": _now(), "sessions": [],
        "cells": [{"name": c.name, "folder": c.name, "variant": c.variant.replace(",", "+"),
                   "run_variant": c.run_variant, "players": c.players, "run_id": c.run_id,
                   "config_hash": c.config_hash, "status": "new", "games_done": 0} for c in cells]}
    return ComparePlan(game, folder, spec, cells, batch_size)


def _what(out):
    """The comparison in `out`, in words."""
    try:
        s = read_compare(out)
        return f"a comparison of {len(s['cells'])} cells, {s['games']:,} games each, {s.get('status')}"
    except (UserError, KeyError, TypeError):
        return "a comparison"


# ---------------------------------------------------------------- the comparison
def run_compare(game, variants=None, players=None, games=None, seed=None, strategies=None, *,
                config=None, overrides=None, out=None, jobs=-1, batch_size=None, resume=False, force=False,
                progress=None, command=None, on_cell=None, whatifs=None, whatif_base=None, precision=None,
                rotate_seats=None):
    """Play every (variant, player count) cell with ``simulate.run`` into ``out/<variant>-<P>p``.

    `variants`: 'base,tableaus,tableaus+poseidon' or a list (a combination within one cell joined by
    '+'); `players`: '2,3,4' or a list. Every cell gets the same `games`, `seed` (common random
    numbers), `strategies`, `config` and `overrides`; `jobs` and `batch_size` go to each run.
    `resume=True` continues every cell of the comparison at `out` (options left None are taken from
    its compare.json); `force=True` replaces it (the old one stays until the new one is complete).
    `on_cell(index, count, cell)` is called before each cell is played. `whatifs` ({name: {key:
    value}}, or --cell's 'NAME:KEY=VALUE,...' items) add what-if cells: the base game with those
    config values for everyone, compared with base on the same seeds like a variant (or with the
    variant `whatif_base`, which they then play on). `precision` (points): each cell stops once
    every seat's and strategy's anytime-valid 95% interval is that narrow (``runner.run``).

    Bad input, or a folder another process is writing, raises UserError before anything is
    written. Ctrl-C raises CompareInterrupted and a failed cell CompareFailed; both keep every
    completed shard for `resume`."""
    t0 = time.perf_counter()

    def plan_it():
        return plan_compare(game, variants, players, games, seed, strategies, config=config, overrides=overrides,
                            out=out, resume=resume, force=force, jobs=jobs, batch_size=batch_size, whatifs=whatifs,
                            whatif_base=whatif_base, precision=precision, rotate_seats=rotate_seats)

    plan = plan_it()
    with folder_lock(plan.folder.out, "compare"):
        plan = plan_it()                         # again, holding the lock: another process may have written
        result = _play_compare(plan, config, overrides, jobs, progress, command, on_cell)
    result.seconds = round(time.perf_counter() - t0, 3)
    return result


def _play_compare(plan, config, overrides, jobs, progress, command, on_cell):
    t0 = time.perf_counter()
    folder, spec = plan.folder, plan.spec
    out, base = folder.out, folder.path
    # ---- from here on, things are written
    if folder.was_swapping(spec["status"]):
        folder.finish(_swap_in)                  # it stopped while being swapped in: finish that
        return CompareResult(out, read_compare(out))
    folder.begin()
    session = {"started": _now(), "command": command, "jobs": jobs, "status": "running", "games_played": 0}
    spec["sessions"].append(session)
    spec["status"] = "running"
    _save(base, spec)
    by_name = {c["name"]: c for c in spec["cells"]}

    result = CompareResult(out, spec)

    def end(status, message=None):
        session.update(status=status, ended=_now(), seconds=round(time.perf_counter() - t0, 3))
        if message:
            session["message"] = message
        spec["status"] = status
        _save(base, spec)

    todo = plan.cells
    for i, c in enumerate(todo):
        entry = by_name[c.name]
        if on_cell is not None:
            on_cell(i, len(todo), entry)
        try:
            r = run(plan.game, c.players, spec["games"], spec["seed"], spec["strategies"], variant=c.run_variant,
                    config=None if c.resume else (config if config is not None else spec.get("config_path")),
                    overrides=None if c.resume else (c.overrides or overrides or spec.get("overrides") or None),
                    out=base / c.name, jobs=jobs, batch_size=plan.batch_size, resume=c.resume,
                    progress=progress, command=command,
                    precision=None if c.resume else spec.get("precision"),
                    rotate_seats=None if c.resume else (spec.get("rotate_seats") or None),
                    whatif=None if c.resume or c.overrides is None else c.variant)
        except (RunInterrupted, KeyboardInterrupt) as e:
            _note_cell(base, entry)
            end("interrupted")
            raise CompareInterrupted(
                f"interrupted in cell {c.name} ({i + 1} of {len(todo)}): "
                + (str(e).removeprefix("interrupted: ").split("; continue with")[0] if isinstance(e, RunInterrupted)
                   else "nothing of it played")
                + f"; continue every cell with: {resume_command(spec, out)}") from None
        except RunFailed as e:
            _note_cell(base, entry)
            end("failed", f"cell {c.name}: {e}")
            raise CompareFailed(f"cell {c.name} ({i + 1} of {len(todo)}): {str(e).split('; continue with')[0]}; "
                                f"continue every cell with: {resume_command(spec, out)}") from e
        result.runs[c.name] = r
        played = (r.session or {}).get("games_played", 0)
        result.played += played
        session["games_played"] += played
        entry.update(status=r.manifest["status"], games_done=r.manifest["games_done"], run_id=r.manifest["run_id"])
        _save(base, spec)
    end("complete" if all(e["status"] == "complete" for e in spec["cells"]) else "incomplete")
    if folder.staged and spec["status"] == "complete":
        folder.finish(_swap_in)
        result.runs.clear()                      # their folders moved: open them again from `out`
    return result


def _swap_in(staged, out):
    """The complete comparison in `staged` becomes the one in `out`: each cell is swapped in as
    a run (``run_files.swap_in``, under the cell's lock), the old comparison's cells outside the
    new grid lose their own files, the old report goes and compare.json comes last (until then
    a stop is finished by --resume, which calls this again)."""
    new = read_compare(staged)["cells"]
    try:
        old = read_compare(out)["cells"]
    except UserError:
        old = []
    names = {c["name"] for c in new}
    for c in new + [c for c in old if c["name"] not in names and (out / c["folder"]).is_dir()]:
        cell = out / c["folder"]
        with folder_lock(cell, "compare --force"):
            if c["name"] not in names:
                remove_run(cell, run_tables(cell))
            elif (staged / c["folder"] / MANIFEST).exists():
                swap_in(staged / c["folder"], cell, run_tables(cell))
        if c["name"] not in names:           # no longer a cell: our lock goes, and the folder if empty
            (cell / LOCK).unlink(missing_ok=True)
            with contextlib.suppress(OSError):
                cell.rmdir()
    remove_report(out)
    os.replace(staged / COMPARE, out / COMPARE)


def _note_cell(base, entry):
    """Record a stopped cell's status from its manifest (if it got that far)."""
    try:
        m = read_manifest(base / entry["name"])
        entry.update(status=m["status"], games_done=m["games_done"])
    except UserError:
        pass


