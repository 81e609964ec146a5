"""Findings checked against stronger play: does a finding of weak bots hold with strong ones?

A skill tier is the run's very games (the same run seed, so game k has the same deal and
dice; common random numbers) played again with one stronger strategy in every seat
(``simulate.running.robustness``). Each finding is measured again in each tier's games with the same
statistic it was found with, and marked:

- **holds**: the tier's 95% interval excludes zero on the finding's side and holds the
  finding's own size;
- **stronger**: on the finding's side, and the whole interval is larger than the finding;
- **weaker**: on the finding's side, but the whole interval is smaller than the finding;
- **gone**: the interval holds zero and not the finding's size (strong players show no such
  effect, or one too small to matter);
- **reversed**: the interval excludes zero on the other side;
- **too few games**: the interval holds both zero and the finding's size (a subsample, say of
  the slow lookahead, too small to tell);
- **no comparison**: a comparison of two groups (an item's holders against the rest) whose
  smaller group in the tier is below the findings' minimum (``analysis.group_size``): with
  stronger play nearly every seat may take an action, and "those that did not" are a handful.

One rule decides each finding, as the seat verdict (``analysis.verdicts.trusted_tier``): the
strongest tier with games enough to tell. For a seat, the tier the seat verdict trusts; for any
other finding, the strongest tier that measures it in groups big enough and whose interval
tells the finding from nothing or from its own size (a verdict other than too few games or no
comparison). Where no tier has games enough, the finding stands as the run found it.

The intervals are each row's own (unadjusted) 95% intervals; the finding itself passed the
Holm correction. A strategy finding cannot be measured in a tier (one strategy plays every
seat there). Of a comparison (``compare``, ``whatif``) the tiers are comparisons of the same
cells, so its variant changes and its interventions' causal effects are measured again too.
"""
import math
from dataclasses import dataclass

import polars as pl

from simulate.core.sections import LongValue

from .findings import ITEM_CAUSES
from .group_size import MinGroup
from .interventions import treated_effects
from .long_value import long_values
from .value import value
from .variants import big_enough_rows, compare_variants
from .verdicts import NA, PASS, WATCH, Verdict
from .winrates import seat_win_rates
from .words import plural, possessive, strategy_words

HOLDS, STRONGER, WEAKER, GONE, REVERSED, TOO_FEW = "holds", "stronger", "weaker", "gone", "reversed", "too few games"
NO_COMPARISON = "no comparison"             # a group below the minimum: no verdict, whatever the interval
DOUBTED = (WEAKER, GONE, REVERSED)          # a finding in doubt with the tier that decides it


@dataclass
class Tier:
    """One skill tier's games: `strategy` in every seat over the run's first `games` game seeds;
    `tables` (``analysis.load.Tables``) opened from its verified run."""

    strategy: str
    games: int
    tables: object
    source: object = None           # its Run or CompareResult


def verdict(original, lo, hi):
    """A finding of size `original` against a tier's interval [lo, hi] of the same statistic (none,
    NaN, from a single game: too few games)."""
    if not (_finite(lo) and _finite(hi)):
        return TOO_FEW
    if lo > 0 or hi < 0:                       # the tier shows an effect
        if (lo > 0) != (original > 0):
            return REVERSED
        smaller = hi < original if original > 0 else lo > original
        larger = lo > original if original > 0 else hi < original
        return WEAKER if smaller else STRONGER if larger else HOLDS
    return TOO_FEW if lo <= original <= hi else GONE


CELL = ["variant", "n_players"]


def _groups(df, a, b, min_group):
    """`df` (a frame of two groups' seat-games n_<a>, n_<b>) with `smaller` (the smaller group) and
    `big` (whether it is at least `min_group` of its cell: a comparison at all)."""
    return df.with_columns(smaller=pl.min_horizontal(f"n_{a}", f"n_{b}"),
                           big=pl.Series(min_group.rows_big_enough(df, a, b), dtype=pl.Boolean))


def measures(tables, game, source=None, baseline="base", label=None, min_group=MinGroup()):
    """Every statistic a finding is made from, measured in `tables`, as {finding kind: (its key
    columns, frame of those, effect, lo, hi, n, smaller, big)}: the seats' advantage over fair,
    each subject's holders against the rest, each LongValue section's headline pair; of a
    comparison (`source`: its ``CompareResult``) also the variant changes against `baseline` and
    the interventions' effects (rate and score). `smaller` is a comparison's smaller group (null
    where there are no groups), `big` whether it is at least `min_group`. `label`: how the report
    names a section's items (``reports.data.item_label``), so they match its findings'."""
    whole = {"smaller": pl.lit(None, pl.Int64), "big": pl.lit(True)}
    out = {"seat": (CELL + ["seat"], seat_win_rates(tables.seats).select(
        *CELL, "seat", "n", effect="advantage", lo=pl.col("lo") - pl.col("fair"), hi=pl.col("hi") - pl.col("fair"),
        **whole))}
    for s in game.subjects:
        df = value(tables.seats, s) if s.findings else None
        if df is not None:
            a, b = s.states
            out[s.name] = (CELL + [s.name], _groups(df, a, b, min_group).select(
                *CELL, s.name, "smaller", "big", effect="improvement", lo="improvement_lo", hi="improvement_hi",
                n=pl.col(f"n_{a}") + pl.col(f"n_{b}")))
    sections = [s for s in game.sections if isinstance(s, LongValue) and s.findings]
    for s, (df, _) in long_values(tables, sections).items():
        if df is not None:
            if label is not None:
                df = df.with_columns(pl.col("item").map_elements(label, return_dtype=pl.String))
            a, b = s.pairs[0]
            out[s.name] = (CELL + ["item"], _groups(df, a, b, min_group).select(
                *CELL, "item", "smaller", "big", effect="d0", lo="d0_lo", hi="d0_hi", n="seat_games"))
    if source is not None and hasattr(source, "spec"):
        out.update(_comparison_measures(tables, source, baseline, min_group))
    return out


def _comparison_measures(tables, source, baseline, min_group):
    out = {}
    keys = CELL + ["subject", "metric"]
    if baseline in tables.games.select("variant").unique().collect()["variant"].to_list():
        df = compare_variants(tables, baseline)
        if df is not None and df.height:
            n = pl.when(pl.col("paired")).then(pl.col("n_pairs")).otherwise(pl.col("n_a") + pl.col("n_b"))
            out["variant"] = (keys, df.select(*keys, effect="diff", lo="lo", hi="hi", n=n,
                                              smaller=pl.min_horizontal("n_a", "n_b"),     # (of item holders)
                                              big=pl.Series(big_enough_rows(df, min_group), dtype=pl.Boolean)))
    effects = treated_effects(source)
    if effects.height:
        for kind, metric in (("intervention", "won"), ("intervention score", "score_total")):
            out[kind] = (["intervention", "players"], effects.select(
                "intervention", "players", effect=metric, lo=f"{metric}_lo", hi=f"{metric}_hi", n="n",
                smaller=pl.lit(None, pl.Int64), big=pl.lit(True)))
    return out


def estimate(finding, measured):
    """{effect, lo, hi, n, smaller, big} of `finding`'s statistic in a tier's `measured`
    (``measures``), or None where it has none there (a strategy finding; an item or strategy the
    tier's players never met)."""
    kind = "intervention score" if finding.kind == "intervention" and not finding.rate else finding.kind
    if kind not in measured:
        return None
    keys, frame = measured[kind]
    d = finding.details
    if any(k not in d for k in keys):
        return None
    rows = frame.filter(*(pl.col(k) == d[k] for k in keys), pl.col("effect").is_not_nan())
    return rows.row(0, named=True) if rows.height else None


def by_strength(tiers, game):
    """`tiers` (``Tier``s or strategy names) weakest first: in the order of the game's skill tiers,
    any it does not name before them."""
    names = [s for s, _ in game.skill_tiers]

    def place(t):
        strategy = getattr(t, "strategy", t)
        return names.index(strategy) if strategy in names else -1
    return sorted(tiers, key=place)


def tier_verdict(base, est):
    """A tier's verdict on a finding of size `base` from its `estimate`: no comparison where a group
    is below the minimum, else ``verdict``."""
    return NO_COMPARISON if not est["big"] else verdict(base, est["lo"], est["hi"])


def deciding_tier(rows, seat_tier=None):
    """Of one finding's rows (``check_findings``, weakest tier first), the tier whose verdict
    decides it: the strongest with games enough to tell (a seat finding: `seat_tier`, the one the
    seat verdict trusts); None where no tier has games enough."""
    if rows and rows[0]["kind"] == "seat":
        return next((r["tier"] for r in rows if r["tier"] == seat_tier and r["verdict"]), None)
    told = [r["tier"] for r in rows if r["verdict"] not in (None, TOO_FEW, NO_COMPARISON)]
    return told[-1] if told else None


def _clause(row, tier, rate):
    """"holds with tuned (+2.4 points, 95% CI ...; 100,000 games)"; a group too small, "no comparison"."""
    if row["verdict"] == NO_COMPARISON:
        return (f"no comparison with {strategy_words(tier.strategy)} (a group of "
                f"{plural(row['tier_smaller'], 'seat')} played there, too small to compare; "
                f"{plural(tier.games, 'game')})")
    amount = _amount(row["tier_effect"], row["tier_lo"], row["tier_hi"], rate)
    return f"{row['verdict']} with {strategy_words(tier.strategy)} ({amount}; {plural(tier.games, 'game')})"


def check_findings(findings, game, own, tiers, source=None, baseline="base", label=None, min_group=MinGroup(),
                   seat_tier=None):
    """One row per finding and tier: the finding's statistic in the run or comparison (`own`:
    its ``analysis.load`` Tables; `source`: a comparison's ``CompareResult``) and in each of
    `tiers` (``Tier``, any order), with the tier's verdict (no comparison where the tier's smaller
    group is below `min_group`) and whether it `decides` the finding (``deciding_tier``;
    `seat_tier`: the tier the seat verdict trusts, None for none); a finding a tier cannot measure
    has a null verdict and `why`. Each finding's sentence gains a clause with its verdicts
    ("Against stronger play: holds with tuned (...)"), and a finding gone or reversed with the tier
    that decides it is marked as one only weaker play shows. `label`: the report's names of
    section items."""
    tiers = by_strength(tiers, game)
    mine = measures(own, game, source, baseline, label, min_group)
    theirs = [(t, measures(t.tables, game, t.source, baseline, label, min_group)) for t in tiers]
    rows = []
    for i, f in enumerate(findings):
        if f.tier == ITEM_CAUSES:               # a measured cause: played again by the tiers in a what-if, not here
            continue
        base = estimate(f, mine)
        mine_rows, clauses = [], []
        for tier, measured in theirs:
            row = {"finding": i, "short": f.short or f.subject, "cell": f.cell, "kind": f.kind, "rate": f.rate,
                   "effect": f.effect, "lo": None, "hi": None, "tier": tier.strategy, "tier_games": tier.games,
                   "tier_effect": None, "tier_lo": None, "tier_hi": None, "tier_n": None, "tier_smaller": None,
                   "verdict": None, "why": None, "decides": False}
            if base is not None:
                row.update(effect=base["effect"], lo=base["lo"], hi=base["hi"])
            est = None if base is None else estimate(f, measured)
            if est is None:
                row["why"] = _why_not(f, tier)
            else:
                row.update(tier_effect=est["effect"], tier_lo=est["lo"], tier_hi=est["hi"], tier_n=est["n"],
                           tier_smaller=est["smaller"], verdict=tier_verdict(base["effect"], est))
                clauses.append(_clause(row, tier, f.rate))
            mine_rows.append(row)
        decider = deciding_tier(mine_rows, seat_tier)
        for row in mine_rows:
            row["decides"] = row["tier"] == decider
        rows += mine_rows
        if clauses:
            f.sentence += " Against stronger play on the same game seeds: " + "; ".join(clauses) + "."
            f.sentence += _decision(mine_rows, decider)
    return pl.DataFrame(rows) if rows else pl.DataFrame()


def _decision(rows, decider):
    """The sentence on what decides a finding: its deciding tier's verdict where the tiers disagree,
    and "Only weaker play shows it" where that verdict is gone or reversed."""
    if decider is None:
        return ""
    verdicts = {r["verdict"] for r in rows if r["verdict"] not in (None, TOO_FEW, NO_COMPARISON)}
    v = next(r["verdict"] for r in rows if r["tier"] == decider)
    if v in (GONE, REVERSED):
        return (f" Only weaker play shows it: {v} with {strategy_words(decider)}, the strongest play with games "
                "enough to tell.")
    if len(verdicts) > 1:
        return f" The strongest play with games enough to tell, {strategy_words(decider)}, decides: {v}."
    return ""


def _why_not(finding, tier):
    if finding.kind == "strategy" or "strategy" in str(finding.details.get("subject", "")):
        return f"{strategy_words(tier.strategy)} plays every seat: no strategy to compare"
    return f"no such games among {possessive(strategy_words(tier.strategy))}"


def _finite(x):
    return x is not None and math.isfinite(x)


def _amount(x, lo, hi, rate):
    if not (_finite(lo) and _finite(hi)):                # one game: no interval to give
        return f"{100 * x:+.1f} points, no interval" if rate else f"{x:+.2f}, no interval"
    if rate:
        return f"{100 * x:+.1f} points, 95% CI {100 * lo:+.1f} to {100 * hi:+.1f}"
    return f"{x:+.2f}, 95% CI {lo:+.2f} to {hi:+.2f}"


def seats_by_tier(own, label, tiers):
    """Each seat's win rate and advantage over fair in the run (`label`: its strategies) and in
    each tier, with 95% intervals: how the seat balance moves with skill."""
    parts = [seat_win_rates(own.seats).with_columns(tier=pl.lit(label))]
    parts += [seat_win_rates(t.tables.seats).with_columns(tier=pl.lit(t.strategy)) for t in tiers]
    cols = ["tier", "variant", "n_players", "seat", "n", "win_rate", "lo", "hi", "fair", "advantage", "p_value"]
    return pl.concat([p.select(cols) for p in parts], how="vertical_relaxed")


def robustness_verdict(checked, skip=()):
    """The summary card's line (``analysis.verdicts.Verdict``), each finding judged by the tier that
    decides it (``deciding_tier``: the strongest with games enough to tell, the seat verdict's
    rule): pass when each decided finding holds or is stronger there, watch when one is weaker,
    gone or reversed (named: the finding, not the game, is then in doubt), n/a when no tier has
    games enough for any. Findings of the kinds in `skip` have a question of their own that
    already trusts a tier (the seats)."""
    question = "Against stronger play"
    if checked is not None and checked.height and skip:
        rest = checked.filter(~pl.col("kind").is_in(list(skip)))
        if not rest.height:
            return Verdict(question, NA, "no finding but the seats' (their verdict is Seat balance's)")
        checked = rest
    if checked is None or not checked.height or checked["verdict"].is_null().all():
        return Verdict(question, NA, "no finding a skill tier measures")
    decided = checked.filter(pl.col("decides"))
    undecided = checked["finding"].n_unique() - decided.height
    left = f"; {plural(undecided, 'finding')} no tier has games enough to tell" if undecided else ""
    if not decided.height:
        return Verdict(question, NA, "no skill tier has games enough to tell a finding (each stands as the run "
                       "found it)")
    parts = []
    for tier in decided["tier"].unique(maintain_order=True):
        counts = decided.filter(pl.col("tier") == tier)["verdict"].value_counts(sort=True)
        parts.append(f"with {strategy_words(tier)}: " + ", ".join(f"{n} {'hold' if v == HOLDS and n > 1 else v}"
                                                      for v, n in counts.iter_rows()))
    told = "; ".join(parts) + left
    doubt = decided.filter(pl.col("verdict").is_in(list(DOUBTED)))
    if not doubt.height:
        stronger = " or is stronger" if decided["verdict"].is_in([STRONGER]).any() else ""
        return Verdict(question, PASS, f"every finding holds{stronger} with the strongest play that has games "
                       f"enough to tell it ({told})")
    first = doubt.sort(pl.col("verdict").replace_strict({REVERSED: 0, GONE: 1, WEAKER: 2}, return_dtype=pl.Int8),
                       "finding").row(0, named=True)
    return Verdict(question, WATCH, f"{first['short']} ({first['cell']}) is {first['verdict']} with "
                   f"{strategy_words(first['tier'])}, the strongest play with games enough to tell it; {told}")
