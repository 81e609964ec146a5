"""A game's own report sections (``Game.sections``, ``simulate/core/sections.py``): each kind's
numbers (through the analysis layer), tables and figures, looked up by the section's class,
so the report has no branch on a game. `compute(game.sections, tables, context)` gives the
results in the game's order; `tables_of` and `figures_of` turn them into the page's tables and
PNGs."""
from dataclasses import dataclass, field

import polars as pl

from analysis.balance import endings, score_groups
from analysis.game_flags import flag_effects
from analysis.load import CELL
from analysis.long_value import long_values
from analysis.pace import pace
from analysis.stages import stage_results
from analysis.usage import tier_verdicts, usage
from analysis.winrates import head_to_head, win_rates
from simulate.core.sections import (Endings, FlagEffect, HeadToHead, LongValue, Pace, ScoreGroups, SeatHeatmap, Stages,
                                    Usage)

from . import section_figures as SF, section_tables as ST


@dataclass
class Context:
    """What a section may need beyond the tables: the game's items of the run's config
    (``Game.content_items``) and the skill tiers (``analysis.robustness.Tier``, weakest first)
    with the name of the game's strongest."""

    items: dict = field(default_factory=dict)
    tiers: list = field(default_factory=list)
    strongest: str = None


@dataclass
class Kind:
    compute: object      # (sections of the kind, Tables, Context) -> {section: result or None}
    table: object        # (section, result, ReportData) -> [Table]
    figures: object      # section -> [(name, alt text, draw(result, folder, ReportData) -> path or None)]


def _each(fn):
    """A compute over all the sections of a kind from one computing a section at a time."""
    return lambda sections, t, context: {s: fn(s, t) for s in sections}


def _endings(s, t):
    return endings(t.games, s.column)


def _seat_heatmap(s, t):
    if s.column not in t.seats.collect_schema().names():
        return None
    return {"by_seat": win_rates(t.seats, (*CELL, s.column, "seat")), "all": win_rates(t.seats, (*CELL, s.column))}


def _head_to_head(s, t):
    if s.column not in t.seats.collect_schema().names():
        return None
    return head_to_head(t.seats, s.column)


def _long_values(sections, t, context):
    return {s: {"value": v, "who": w} if v is not None else None for s, (v, w) in long_values(t, sections).items()}


def _flags(s, t):
    return flag_effects(t, s.column, s.metrics)


def _pace(s, t):
    return pace(t.games, s.column)


def _groups(s, t):
    have = t.seats.collect_schema().names()
    parts = [score_groups(t.seats, s.groups, (*CELL, b)).rename({b: "value"}).with_columns(
             pl.col("value").cast(pl.String), by=pl.lit(b)) for b in s.by if b in have]
    return pl.concat(parts) if parts else None


def _stages(s, t):
    return stage_results(t.seats, s.done, s.by)


def _usage(sections, t, context):
    """Each usage section in the run and in each skill tier, and its flagged items' verdicts."""
    out = {}
    for s in sections:
        own = usage(t, s, context.items)
        tiers = {tier.strategy: usage(tier.tables, s, context.items) for tier in context.tiers}
        out[s] = None if not own.height else {
            "usage": own, "tiers": tiers, "verdicts": tier_verdicts(own, list(tiers.items()), s, context.strongest)}
    return out


KINDS = {
    Endings: Kind(_each(_endings), ST.endings, SF.no_figure),
    SeatHeatmap: Kind(_each(_seat_heatmap), ST.seat_heatmap, SF.seat_heatmap),
    HeadToHead: Kind(_each(_head_to_head), ST.head_to_head, SF.head_to_head),
    LongValue: Kind(_long_values, ST.long_value, SF.long_value),
    FlagEffect: Kind(_each(_flags), ST.flag_effect, SF.flag_effect),
    Pace: Kind(_each(_pace), ST.pace, SF.pace),
    ScoreGroups: Kind(_each(_groups), ST.score_groups, SF.no_figure),
    Stages: Kind(_each(_stages), ST.stages, SF.no_figure),
    Usage: Kind(_usage, ST.usage, SF.no_figure),
}


def kind_of(section):
    try:
        return KINDS[type(section)]
    except KeyError:
        raise TypeError(f"no report for a section of kind {type(section).__name__}") from None


def compute(sections, tables, context=None):
    """[(section, result)] in the game's order; a section without data has None."""
    by_kind = {}
    for s in sections:
        by_kind.setdefault(type(s), []).append(s)
    results = {}
    for cls, group in by_kind.items():
        results.update(kind_of(group[0]).compute(group, tables, context or Context()))
    return [(s, results.get(s)) for s in sections]


def _empty(result):
    if result is None:
        return True
    if isinstance(result, dict):
        return all(_empty(v) for v in result.values())
    return not result.height


def tables_of(data):
    """The tables of every section with data, in order."""
    out = []
    for s, result in data.sections:
        if not _empty(result):
            out += kind_of(s).table(s, result, data)
    return out


def figures_of(data):
    """name -> (alt text, draw(data, folder)) for every section's figures, in order."""
    out = {}
    for s, result in data.sections:
        for name, alt, draw in kind_of(s).figures(s):
            out[name] = (alt, lambda d, f, draw=draw, r=result: None if _empty(r) else draw(r, f, d))
    return out
