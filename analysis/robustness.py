"""Findings checked against stronger play: does a finding of weak bots hold with strong ones?

A skill tier is the run's very games (the same run seed, so game k has the same deal and
dice; common random numbers) played again with one stronger strategy in every seat
(``simulate.running.robustness``). Each finding is measured again in each tier's games with the same
statistic it was found with, and marked:

- **holds**: the tier's 95% interval excludes zero on the finding's side and reaches the
  finding's own size;
- **weaker**: on the finding's side, but the whole interval is smaller than the finding;
- **gone**: the interval holds zero and not the finding's size (strong players show no such
  effect, or one too small to matter);
- **reversed**: the interval excludes zero on the other side;
- **too few games**: the interval holds both zero and the finding's size (a subsample, say of
  the slow lookahead, too small to tell).

The intervals are each row's own (unadjusted) 95% intervals; the finding itself passed the
Holm correction. A strategy finding cannot be measured in a tier (one strategy plays every
seat there). Of a comparison (``compare``, ``whatif``) the tiers are comparisons of the same
cells, so its variant changes and its interventions' causal effects are measured again too.
"""
import math
from dataclasses import dataclass

import polars as pl

from simulate.core.sections import LongValue

from .interventions import treated_effects
from .long_value import long_values
from .value import value
from .variants import compare_variants
from .verdicts import NA, PASS, WATCH, Verdict
from .winrates import seat_win_rates
from .words import plural, possessive

HOLDS, WEAKER, GONE, REVERSED, TOO_FEW = "holds", "weaker", "gone", "reversed", "too few games"


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
        return WEAKER if smaller else HOLDS
    return TOO_FEW if lo <= original <= hi else GONE


CELL = ["variant", "n_players"]


def measures(tables, game, source=None, baseline="base", label=None):
    """Every statistic a finding is made from, measured in `tables`, as {finding kind: (its key
    columns, frame of those, effect, lo, hi, n)}: the seats' advantage over fair, each subject's
    holders against the rest, each LongValue section's headline pair; of a comparison
    (`source`: its ``CompareResult``) also the variant changes against `baseline` and the
    interventions' effects (rate and score). `label`: how the report names a section's items
    (``reports.data.item_label``), so they match its findings'."""
    out = {"seat": (CELL + ["seat"], seat_win_rates(tables.seats).select(
        *CELL, "seat", "n", effect="advantage", lo=pl.col("lo") - pl.col("fair"), hi=pl.col("hi") - pl.col("fair")))}
    for s in game.subjects:
        df = value(tables.seats, s) if s.findings else None
        if df is not None:
            a, b = s.states
            out[s.name] = (CELL + [s.name], df.select(*CELL, s.name, effect="improvement", lo="improvement_lo",
                                                      hi="improvement_hi", n=pl.col(f"n_{a}") + pl.col(f"n_{b}")))
    sections = [s for s in game.sections if isinstance(s, LongValue) and s.findings]
    for s, (df, _) in long_values(tables, sections).items():
        if df is not None:
            if label is not None:
                df = df.with_columns(pl.col("item").map_elements(label, return_dtype=pl.String))
            out[s.name] = (CELL + ["item"], df.select(*CELL, "item", effect="d0", lo="d0_lo", hi="d0_hi",
                                                      n="seat_games"))
    if source is not None and hasattr(source, "spec"):
        out.update(_comparison_measures(tables, source, baseline))
    return out


def _comparison_measures(tables, source, baseline):
    out = {}
    keys = CELL + ["subject", "metric"]
    if baseline in tables.games.select("variant").unique().collect()["variant"].to_list():
        df = compare_variants(tables, baseline)
        if df is not None and df.height:
            n = pl.when(pl.col("paired")).then(pl.col("n_pairs")).otherwise(pl.col("n_a") + pl.col("n_b"))
            out["variant"] = (keys, df.select(*keys, effect="diff", lo="lo", hi="hi", n=n))
    effects = treated_effects(source)
    if effects.height:
        for kind, metric in (("intervention", "won"), ("intervention score", "score_total")):
            out[kind] = (["intervention", "players"], effects.select(
                "intervention", "players", effect=metric, lo=f"{metric}_lo", hi=f"{metric}_hi", n="n"))
    return out


def estimate(finding, measured):
    """(effect, lo, hi, n) of `finding`'s statistic in a tier's `measured` (``measures``), or None
    where it has none there (a strategy finding; an item or strategy the tier's players never
    met)."""
    kind = "intervention score" if finding.kind == "intervention" and not finding.rate else finding.kind
    if kind not in measured:
        return None
    keys, frame = measured[kind]
    d = finding.details
    if any(k not in d for k in keys):
        return None
    rows = frame.filter(*(pl.col(k) == d[k] for k in keys), pl.col("effect").is_not_nan())
    if not rows.height:
        return None
    r = rows.row(0, named=True)
    return r["effect"], r["lo"], r["hi"], r["n"]


def check_findings(findings, game, own, tiers, source=None, baseline="base", label=None):
    """One row per finding and tier: the finding's statistic in the run or comparison (`own`:
    its ``analysis.load`` Tables; `source`: a comparison's ``CompareResult``) and in each of
    `tiers` (``Tier``), with the tier's verdict; a finding a tier cannot measure has a null
    verdict and `why`. Each finding's sentence gains a clause with its verdicts ("Against
    stronger play: holds with tuned (...)"), and a finding gone or reversed with the game's
    strongest tier (the last of its ``skill_tiers``) is marked as one only weaker play shows.
    `label`: the report's names of section items."""
    mine = measures(own, game, source, baseline, label)
    top = game.skill_tiers[-1][0] if game.skill_tiers else None   # the game's strongest player
    theirs = [(t, measures(t.tables, game, t.source, baseline, label)) for t in tiers]
    rows = []
    for i, f in enumerate(findings):
        base = estimate(f, mine)
        clauses = []
        for tier, measured in theirs:
            row = {"finding": i, "short": f.short or f.subject, "cell": f.cell, "kind": f.kind, "rate": f.rate,
                   "effect": f.effect, "lo": None, "hi": None, "tier": tier.strategy, "tier_games": tier.games,
                   "tier_effect": None, "tier_lo": None, "tier_hi": None, "tier_n": None, "verdict": None,
                   "why": None}
            if base is not None:
                row.update(effect=base[0], lo=base[1], hi=base[2])
            est = None if base is None else estimate(f, measured)
            if est is None:
                row["why"] = _why_not(f, tier)
            else:
                effect, lo, hi, n = est
                row.update(tier_effect=effect, tier_lo=lo, tier_hi=hi, tier_n=n, verdict=verdict(base[0], lo, hi))
                clauses.append(f"{row['verdict']} with {tier.strategy} ({_amount(effect, lo, hi, f.rate)}; "
                               f"{plural(tier.games, 'game')})")
            rows.append(row)
        if clauses:
            f.sentence += " Against stronger play on the same game seeds: " + "; ".join(clauses) + "."
            strongest = next((r for r in rows if r["finding"] == i and r["tier"] == top), None)
            if strongest and strongest["verdict"] in (GONE, REVERSED):
                f.sentence += (f" Only weaker play shows it: {strongest['verdict']} with {strongest['tier']}, "
                               "the strongest.")
    return pl.DataFrame(rows) if rows else pl.DataFrame()


def _why_not(finding, tier):
    if finding.kind == "strategy" or "strategy" in str(finding.details.get("subject", "")):
        return f"{tier.strategy} plays every seat: no strategy to compare"
    return f"no such games among {possessive(tier.strategy)}"


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
    """The summary card's line (``analysis.verdicts.Verdict``): pass when every finding a tier
    measures holds there, watch when one is weaker, gone or reversed (named: the finding, not the
    game, is then in doubt), n/a when there is no finding to check. Findings of the kinds in
    `skip` have a question of their own that already trusts a tier (the seats)."""
    question = "Against stronger play"
    if checked is not None and checked.height and skip:
        rest = checked.filter(~pl.col("kind").is_in(list(skip)))
        if not rest.height:
            return Verdict(question, NA, "no finding but the seats' (their verdict is Seat balance's)")
        checked = rest
    if checked is None or not checked.height or checked["verdict"].is_null().all():
        return Verdict(question, NA, "no finding a skill tier measures")
    parts = []
    for tier in checked["tier"].unique(maintain_order=True):
        counts = checked.filter(pl.col("tier") == tier).drop_nulls("verdict")["verdict"].value_counts(sort=True)
        parts.append(f"with {tier}: " + ", ".join(f"{n} {'hold' if v == HOLDS and n > 1 else v}"
                                                      for v, n in counts.iter_rows()))
    doubt = checked.filter(pl.col("verdict").is_in([WEAKER, GONE, REVERSED]))
    if not doubt.height:
        return Verdict(question, PASS, "every finding holds (" + "; ".join(parts) + ")")
    first = doubt.sort(pl.col("verdict").replace_strict({REVERSED: 0, GONE: 1, WEAKER: 2}, return_dtype=pl.Int8),
                       "finding").row(0, named=True)
    return Verdict(question, WATCH, f"{first['short']} ({first['cell']}) is {first['verdict']} with "
                   f"{first['tier']}; " + "; ".join(parts))
