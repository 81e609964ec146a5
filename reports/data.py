"""Everything a report shows, computed once through the analysis layer (lazy polars scans,
small aggregated frames back): `gather(source, threshold) -> ReportData`. A run's or a
comparison's data is verified first (``Run.verify``: hashes, game ids): no number comes
from data that is not what was written."""
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import polars as pl

from analysis import balance as B, causal_values as CV, winrates as W
from analysis.findings import findings_of, intervention_findings, quote_causal_effects
from analysis.group_size import MinGroup
from analysis.interventions import intervention_cells, treated_effects
from analysis.load import CELL, collect, open_tables, protocol, source_config
from analysis.never_played import never_played
from analysis.next_steps import Played, fill, measured_speed
from analysis.seat_parts import parts_sentence
from analysis.robustness import Tier, by_strength, check_findings, robustness_verdict, seats_by_tier
from analysis.value import value
from analysis.variants import compare_variants
from analysis.verdicts import trusted_seat_verdict, trusted_tier, verdicts
from simulate.core.compare_folder import open_compare
from simulate.core.errors import UserError, holds_file
from simulate.core.run_folder import open_run
from simulate.core.sections import LongValue, Stages
from simulate.running.causal import stored_values
from simulate.running.robustness import tier_runs

from .landscape import landscape_of, verdict as landscape_verdict
from .sections import Context, compute as compute_sections
from .table_text import item_label

RUN, COMPARISON, TABLES = "run", "comparison", "tables"


@dataclass
class ReportData:
    """The numbers of one report. Frames that do not apply (variant deltas of a single run) are
    None; `values` holds only the subjects with data."""

    kind: str                       # "run", "comparison" or "tables" (a bare folder of Parquet tables)
    path: Path
    game: object                    # the game's protocol object (simulate.core.protocol.Game)
    meta: dict                      # settings shown in the header (label -> text)
    threshold: float
    findings: list                  # analysis.findings.Finding, in the order of analysis.findings.TIERS
    cells: list                     # [(variant, n_players)] in order
    seat: pl.DataFrame
    strategy: pl.DataFrame
    seat_strategy: pl.DataFrame     # win rate per cell, strategy and seat (the heatmap)
    balance: pl.DataFrame           # balance over seats and over strategies, column `over`
    ties: pl.DataFrame
    margin: pl.DataFrame            # margin of victory and winner score (describe rows)
    length: pl.DataFrame            # turns and rounds (describe rows)
    length_hist: dict               # "turns" / "rounds" -> histogram frame
    sources: pl.DataFrame
    values: dict                    # Subject -> analysis.value.value frame (rows where some seat has it)
    deltas: Optional[pl.DataFrame] = None
    interventions: Optional[pl.DataFrame] = None   # analysis.interventions.treated_effects of a comparison
    leaders: Optional[pl.DataFrame] = None     # how often the leader after each round wins
    sections: list = field(default_factory=list)   # [(section, result)]: the game's own (reports/sections.py)
    baseline: str = "base"
    notes: list = field(default_factory=list)
    verdicts: list = field(default_factory=list)   # analysis.verdicts.Verdict: the summary card
    min_group: object = None                       # analysis.group_size.MinGroup of the findings
    names: dict = field(default_factory=dict)      # the game's item_names (str(item) -> what it is)
    never_played: Optional[pl.DataFrame] = None    # items a strategy drew and never played
    tier_seats: Optional[pl.DataFrame] = None      # analysis.robustness.seats_by_tier of a run with skill tiers
    robustness: Optional[pl.DataFrame] = None      # analysis.robustness.check_findings: findings by tier
    assumed: object = None                         # simulate.core.assumed.Assumed of the run's config files
    item_values: Optional[pl.DataFrame] = None     # analysis.causal_values.value_table: items measured as causes
    seat_parts: Optional[pl.DataFrame] = None      # analysis.seat_parts.seat_parts: a seat's edge split by its causes
    landscape: Optional[dict] = None               # the folder's strategy landscape (analysis.landscape.summarize)
    landscape_made: Optional[dict] = None          # ... and what it played (game, players, seed, styles)

    @property
    def many_cells(self):
        return len(self.cells) > 1

    @property
    def unit(self):
        return self.game.score_unit


def source_kind(source):
    """"comparison" for a folder with compare.json, "run" for one with manifest.json, "tables" for
    a bare folder of Parquet tables (games/, seats/), else a one-line UserError."""
    path = Path(source)
    if holds_file(path, "compare.json"):
        return COMPARISON
    if holds_file(path, "manifest.json"):
        return RUN
    if (path / "games").is_dir() and (path / "seats").is_dir():
        return TABLES
    if not path.exists():
        raise UserError(f"{path} does not exist")
    raise UserError(f"{path} is not a run folder (manifest.json), a comparison folder (compare.json) or a folder "
                    "of games/ and seats/ Parquet tables")


def unverified_note(path):
    """What the report of a bare folder of tables says first (and the command on stderr): nothing
    it shows was checked, as a run's or comparison's numbers are."""
    return (f"Unverified: {Path(path).name or path} has no manifest.json, so its tables are reported as they "
            "are: no hash, game count or run id checked them (a run folder whose manifest.json was deleted "
            "cannot be verified again: play the run again for a verified report).")


def _opened(path, kind):
    """(what open_tables reads, the header's settings) for a verified run or comparison, or a
    bare folder of tables (nothing to verify it against: the header says so)."""
    if kind == TABLES:
        return path, {"tables": path.name, "verified": "no: a bare folder of tables has no manifest to check"}
    if kind == COMPARISON:
        c = open_compare(path)
        verified, spec = c.verify(), c.spec
        done = sum(c["games_done"] for c in spec["cells"])
        whatifs = spec.get("whatifs") or {}
        on = spec.get("whatif_base", "base")
        paired = spec.get("runs")                # two finished runs compared as they are (simulate.running.paired_runs)
        return c, {"comparison": path.name, "game": spec["game"], "variants": ", ".join(spec["variants"]),
                   **({"runs": "; ".join(f"{name} = {where}" for name, where in paired.items()),
                       "differences": spec.get("differences", "")} if paired else {}),
                   **({"what-if cells": "; ".join(f"{name}: the {on} game with "
                                                  + ", ".join(f"{k} = {v}" for k, v in sets.items())
                                                  for name, sets in whatifs.items())} if whatifs and not paired
                      else {}),
                   "players": ", ".join(str(p) for p in spec["players"]),
                   "games per cell": f"{spec['games']:,}", "seed": spec["seed"],
                   "strategies": spec["strategies"] or "balanced", "status": spec["status"],
                   "games played": f"{done:,} (common random numbers: every cell plays the same game seeds)",
                   "verified": verified}

    run = open_run(path)
    verified, m = run.verify(), run.manifest
    return run, {"run": m["run_id"], "game": m["game"], "variant": m["variant"], "players": m["players"],
                 "games": f"{m['games_done']:,} of {m['games']:,}", "seed": m["seed"],
                 "strategies": ", ".join(m["strategies"]), "rotate seats": yes_no(m["rotate_seats"]),
                 "status": m["status"],
                 "verified": verified}


def yes_no(flag):
    """A setting's truth in words ("yes", "no"), not a Python literal."""
    return "yes" if flag else "no"


def _nonempty(df):
    return df if df is not None and df.height else None


def _settings(opened):
    """(the run's manifest or the comparison's spec, its first run's manifest, the variant names
    played) of a run or comparison; (None, None, []) for bare tables."""
    manifest = getattr(opened, "manifest", None)
    spec = getattr(opened, "spec", None)
    if manifest is not None:
        texts = [manifest.get("variant") or "base"]
    elif spec:
        cell = spec["cells"][0]["folder"] if spec.get("cells") else None
        manifest = open_run(opened.path / cell).manifest if cell and (opened.path / cell).is_dir() else None
        texts = list(spec.get("variants") or ()) + [spec.get("whatif_base") or "base"]
    else:
        return None, None, []
    names = [v for t in texts for v in str(t).replace("+", ",").split(",") if v and v != "base"]
    return spec or manifest, manifest, list(dict.fromkeys(names))


def assumed_of(game, opened):
    """The assumed values of the config files a run (or comparison) played, less its --set
    values (``Game.assumed_values``); None for bare tables or a config no longer on disk."""
    settings, manifest, variants = _settings(opened)
    if settings is None:
        return None
    try:
        return game.assumed_values(settings.get("config_path"), variants, settings.get("overrides") or None,
                                   (manifest or {}).get("config") or {})
    except (OSError, ValueError, KeyError):
        return None


def mark_assumed(findings, game, assumed, config):
    """Each finding about an item (a subject's or a section's: a nation, an Angel, a card ...) whose
    config entries (``Game.assumed_entries``) hold assumed values gets their files in `rests_on`."""
    if assumed is None:
        return findings
    for f in findings:
        item = f.details.get("item_id", f.details.get("item", f.details.get(f.kind)))
        if item is None:
            continue
        files = [label for label, prefix in game.assumed_entries(f.kind, str(item), config)
                 if assumed.under(label, prefix)]
        f.rests_on = tuple(dict.fromkeys(files))
    return findings


def _named(sections, names):
    """The long-table sections' items by name (``item_label``), where the game knows names; a
    stages section's stages too ("<value>/<stage>": a solo scenario's task by its text)."""
    if not names:
        return sections
    out = []
    for s, r in sections:
        if isinstance(s, LongValue) and r is not None:
            r = {k: (v.with_columns(item_id=pl.col("item"), item=pl.col("item").map_elements(
                         lambda i: item_label(names, i), return_dtype=pl.String))
                     if isinstance(v, pl.DataFrame) and "item" in v.columns else v) for k, v in r.items()}
        if isinstance(s, Stages) and r is not None:
            r = dict(r, stuck=r["stuck"].with_columns(label=pl.struct("value", "stuck").map_elements(
                lambda x: names.get(f"{x['value']}/{x['stuck']}", ""), return_dtype=pl.String)))
        out.append((s, r))
    return out


def _balance_note(path):
    """The sentence a `windtunnel balance` confirmation's report opens with: what the search
    found and its verdict (from balance.json beside the comparison)."""
    found = Path(path).resolve().parent / "balance.json"
    try:
        s = json.loads(found.read_text())
        if s.get("confirm", {}).get("folder") != Path(path).resolve().name:
            return []
        values = ", ".join(f"{k} = {v:g}" for k, v in s["best"][0]["values"].items())
        was = ", ".join(f"{k} = {v:g}" + (" assumed, not printed in the rulebook" if k in s.get("assumed", ()) else "")
                        for k, v in s["printed"]["values"].items())
        return [f"The confirmation of a balance search ({found}): the what-if cell 'balanced' plays the best setting "
                f"found, {values} (before: {was}), against the printed game on fresh seeds. Verdict: {s['verdict']}."]
    except (OSError, ValueError, KeyError, IndexError, TypeError):
        return []


def _tiers(path):
    """The skill tiers of a run or comparison (``simulate.running.robustness``), each verified, as
    ``analysis.robustness.Tier``; and notes on tier folders that play other games."""
    found, notes = tier_runs(path)
    tiers = [Tier(r.spec["strategies"], r.spec["games"], open_tables(r), r) if hasattr(r, "spec") else
             Tier(r.manifest["strategies"][0], r.manifest["games_done"], open_tables(r), r) for r in found]
    return tiers, notes


def quote_seat_parts(found, parts):
    """Each seat finding of a run whose edge was split (``analysis.seat_parts``) says its parts."""
    if parts is None:
        return
    by_seat = {r["seat"]: r for r in parts.iter_rows(named=True)}
    for f in found:
        if f.kind == "seat" and f.details.get("seat") in by_seat:
            f.sentence += " " + parts_sentence(by_seat[f.details["seat"]])


def _item_values(path, kind, opened, threshold, treated, names):
    """(the items' causal values a run, or a comparison's cells, hold in causal/, verified; a run's
    seat parts; notes):
    a comparison's rows name their cell. Nothing is played here (``windtunnel report`` measures)."""
    label = (lambda i: item_label(names, i)) if names else str
    if kind == RUN:
        values, parts, note = stored_values(path, threshold, label)
        return values, parts, [note] if note else []
    if kind != COMPARISON:
        return None, None, []
    frames, notes = [], []
    for c in opened.spec["cells"]:
        if c["variant"] in treated or not (Path(path) / c["folder"]).is_dir():
            continue
        values, _, note = stored_values(Path(path) / c["folder"], threshold, label)
        notes += [note] if note else []
        if values is not None:
            frames.append(values.with_columns(cell=pl.lit(c["name"]), name=pl.col("label"),
                                              label=pl.col("label") + pl.lit(f" ({c['name']})")))
    return (CV.value_table(pl.concat(frames).to_dicts()) if frames else None), None, notes


def played_by(opened, kind):
    """The strategies of a run (one per seat) or a comparison (its --strategies), in order."""
    if kind == RUN:
        return list(opened.manifest["strategies"])
    return (opened.spec.get("strategies") or "balanced").split(",")


def gather(source, threshold=0.03, baseline="base", min_group=None):
    """Open `source` (a run, comparison or tables folder) and compute every table of the report;
    `min_group` (an ``analysis.group_size.MinGroup``, default 1% or 1,000) the smallest group a
    finding compares."""
    path = Path(source)
    kind = source_kind(path)
    opened, meta = _opened(path, kind)          # verified before anything is computed
    if kind == COMPARISON and baseline not in opened.spec["variants"]:
        baseline = opened.spec.get("whatif_base", baseline).replace(",", "+")   # a what-if of a variant: its game
    try:
        t = open_tables(opened)
        game = protocol(t)
        n_games = collect(t.games.select(pl.len()))[0, 0]
    except UserError:
        raise
    except Exception as e:  # noqa: BLE001 -- no shard yet, unreadable Parquet: one line, not a traceback
        raise UserError(f"{path}: cannot read its tables ({type(e).__name__}: {' '.join(str(e).split())})") from None
    if not n_games:
        raise UserError(f"{path}: no games played yet")

    cells = [tuple(r) for r in collect(t.games.select(*CELL).unique()).sort(list(CELL)).iter_rows()]
    bal = pl.concat([B.balance(t.seats, over).with_columns(pl.col("highest", "lowest").cast(pl.String), over=pl.lit(over))
                     for over in ("seat", "strategy")])
    many_variants = len({v for v, _ in cells}) > 1
    deltas = _nonempty(compare_variants(t, baseline)) if many_variants else None
    seat, strategy = W.seat_win_rates(t.seats), W.strategy_win_rates(t.seats)
    values = {s: value(t.seats, s) for s in game.subjects}
    shown = {s: df.filter(pl.col(f"n_{s.states[0]}") > 0) for s, df in values.items() if df is not None}
    config = source_config(opened)
    names = game.item_names(config)
    tiers, tier_notes = _tiers(path) if kind in (RUN, COMPARISON) else ([], [])
    tiers = by_strength(tiers, game)            # weakest first: the strongest with games enough decides
    context = Context(game.content_items(config) if config else {}, tiers,
                      game.skill_tiers[-1][0] if game.skill_tiers else None)
    sections = _named(compute_sections(game.sections, t, context), names)
    longs = {s: r["value"] for s, r in sections if isinstance(s, LongValue) and r is not None}
    min_group = min_group or MinGroup()
    never = never_played(t, game)
    effects, treated = None, {}
    if kind == COMPARISON:                      # what-if cells of interventions: their causal effects first

        effects, treated = _nonempty(treated_effects(opened)), intervention_cells(opened.spec, game)
    # (an intervention cell's changes to every seat's numbers are its treated seat's effect, told once)
    variant_deltas = None if deltas is None or not treated else _nonempty(
        deltas.filter(~pl.col("variant").is_in(list(treated))))
    def printed(df):        # an intervention cell's seats and items are the intervention's doing: not findings
        return df if df is None or not treated or "variant" not in df.columns else df.filter(
            ~pl.col("variant").is_in(list(treated)))
    found = findings_of(printed(seat), printed(strategy), {k: printed(v) for k, v in values.items()},
                        variant_deltas if treated else deltas, threshold=threshold, baseline=baseline,
                        many_variants=many_variants, unit=game.score_unit,
                        long_values={k: printed(v) for k, v in longs.items()}, min_group=min_group, names=names,
                        never_played=never)
    if effects is not None:
        found = intervention_findings(effects, threshold, unit=game.score_unit) + quote_causal_effects(
            found, effects, game.intervention_subjects, lambda i: item_label(names, i))
    item_values, seat_parts, causal_notes = _item_values(path, kind, opened, threshold, treated, names)
    quote_seat_parts(found, seat_parts)
    if item_values is not None:                 # the items' causes lead; each association quotes its cause
        found = sorted(CV.findings(item_values, threshold, game.score_unit)
                       + CV.quote(found, item_values, unit="points"), key=lambda f: (f.tier, -f.size))
    assumed = assumed_of(game, opened)
    mark_assumed(found, game, assumed, config)
    played = played_by(opened, kind) if kind in (RUN, COMPARISON) else []
    if tiers:
        label = f"this {kind} (" + ", ".join(dict.fromkeys(played)) + ")"
        tier_seats = seats_by_tier(t, label, tiers)
        sized = [(t.strategy, t.games) for t in tiers]
        checked = check_findings(found, game, t, tiers, opened if kind == COMPARISON else None, baseline,
                                 (lambda i: item_label(names, i)) if names else None, min_group,
                                 trusted_tier(printed(tier_seats), sized, threshold))
    data = ReportData(
        kind=kind, path=path, game=game, meta={**meta, "game": meta.get("game") or t.game}, threshold=threshold,
        findings=found, cells=cells, min_group=min_group, names=names, never_played=_nonempty(never),
        verdicts=verdicts(found, printed(seat), printed(strategy), threshold,
                          len({v for v, _ in cells if v not in treated}) > 1,
                          [s.name for s in game.subjects if s.findings and values.get(s) is not None]
                          + [s.name for s in longs if s.findings and longs[s] is not None], what_if=bool(treated),
                          checked=bool(tiers)),
        seat=seat, strategy=strategy,
        seat_strategy=W.win_rates(t.seats, (*CELL, "strategy", "seat")),
        balance=bal, ties=B.tie_rate(t.games),
        margin=pl.concat([B.margin_of_victory(t.seats), B.winner_score(t.seats)]),
        length=pl.concat([B.game_length(t.games), *([x] if (x := B.lead_changes(t.games)) is not None else [])]),
        length_hist={c: B.length_histogram(t.games, c) for c in ("turns", "rounds")},
        sources=B.score_sources(t.seats), values={s: df for s, df in shown.items() if df.height},
        deltas=deltas, baseline=baseline, leaders=B.leader_wins(t.games), sections=sections, interventions=effects,
        tier_seats=tier_seats if tiers else None, robustness=checked if tiers else None, assumed=assumed,
        item_values=item_values, seat_parts=seat_parts)
    data.notes += ([unverified_note(path)] if kind == TABLES else []) + tier_notes + causal_notes
    if item_values is not None:                 # the item question answered by causes, not associations
        data.verdicts = [CV.item_verdict(item_values, threshold, v.question) if v.question.endswith(" outliers")
                         else v for v in data.verdicts]
    if tiers:       # one seat verdict, the strongest tier's with games enough (not a second notice)
        data.verdicts[0] = trusted_seat_verdict(data.verdicts[0], printed(tier_seats), label, sized, threshold)
        data.verdicts.append(robustness_verdict(checked, skip=("seat",)))

    if kind in (RUN, COMPARISON):
        settings, manifest, _ = _settings(opened)
        fill(data.verdicts, game, path, played[0] if len(set(played)) == 1 else ",".join(played), bool(tiers),
             (opened.manifest["seed"], opened.manifest["games"]) if kind == RUN else None,
             [f"{k.split('.')[-1]}={v}" for w in (opened.spec.get("whatifs") or {}).values() for k, v in w.items()]
             if kind == COMPARISON else (), opened.spec.get("runs") if kind == COMPARISON else None,
             Played(cells, settings["games"], measured_speed(manifest)))
    if kind in (RUN, COMPARISON):                # a strategy landscape played into the folder: its verdict
        data.landscape, data.landscape_made, notes = landscape_of(path, game)
        data.notes += notes
        if data.landscape is not None:
            data.verdicts.append(landscape_verdict(data.landscape, data.landscape_made, path))
    if kind == COMPARISON:
        data.notes += _balance_note(path)
    if meta.get("status") not in (None, "complete"):
        data.notes.append(f"The {kind} is {meta.get('status')}: the numbers cover the games played so far.")
    return data
