"""The summary card: one verdict per question a designer asks of a run, pass / watch / fail
against the findings' threshold, like a data-quality report's alert summary.

- seat balance, strategy balance: fail when a seat (strategy) is a finding (significant and at
  least the threshold from fair); watch when one is significantly off fair by half the
  threshold or more, or when its 95% interval still reaches the threshold (too few games to
  rule a real gap out); else pass. Strategy balance is not applicable where one strategy plays
  every seat.
- variant effects: fail when a variant changes a win rate or the balance by the threshold;
  watch when it only shifts scores, ties or length; pass when nothing changed; not applicable
  to a single variant.
- item outliers (the game's subjects: cards, actions, ...): fail when an item's holders win
  twice the threshold more or less than the others; watch at the threshold; else pass.
  Associations, not causes.
"""
from dataclasses import dataclass

import polars as pl

from .significance import adjust
from .winrates import mixed_strategies

PASS, WATCH, FAIL, NA = "pass", "watch", "fail", "n/a"


@dataclass
class Verdict:
    question: str
    verdict: str
    reason: str


def _pts(x):
    return f"{100 * x:.1f} points"


def _fair_verdict(question, df, kinds, findings, threshold, alpha, who):
    found = [f for f in findings if f.kind in kinds]
    if found:
        f = found[0]
        more = sum(1 + len(g.also) for g in found) - 1
        return Verdict(question, FAIL, f"{f.short} in {f.cell} games ({100 * f.effect:+.1f} points; "
                       f"threshold {_pts(threshold)})" + (f", and {more} more" if more else ""))
    if df is None or not df.height:
        return Verdict(question, NA, "no data")
    df = adjust(df, "p_value", "holm", alpha).with_columns(
        reach=pl.max_horizontal((pl.col("lo") - pl.col("fair")).abs(), (pl.col("hi") - pl.col("fair")).abs()))
    off = df.filter(pl.col("significant") & (pl.col("advantage").abs() >= threshold / 2))
    if off.height:
        r = off.sort(pl.col("advantage").abs(), descending=True).row(0, named=True)
        return Verdict(question, WATCH, f"{who(r)} {100 * r['advantage']:+.1f} points from fair in "
                       f"{r['n_players']}-player games: significant, below the threshold of {_pts(threshold)}")
    wide = df.filter(pl.col("reach") >= threshold)
    if wide.height:
        r = wide.sort("n").row(0, named=True)
        return Verdict(question, WATCH, f"too few games to tell: {who(r)}'s 95% interval reaches "
                       f"{_pts(threshold)} from fair (n = {r['n']:,})")
    return Verdict(question, PASS, f"every {question.split()[0].lower()} within {_pts(threshold)} of fair "
                   "(95% intervals)")


def verdicts(findings, seat, strategy, threshold, many_variants, item_names=(), alpha=0.05):
    """[Verdict] for seat balance, strategy balance, variant effects and item outliers from the
    findings (``analysis.findings``) and the seat and strategy win-rate frames; `item_names`:
    the names of the subjects and sections whose items become findings (the question's name)."""
    from .findings import ITEMS, VARIANT_RATES, VARIANT_SCORES

    out = [_fair_verdict("Seat balance", seat, ("seat",), findings, threshold, alpha, lambda r: f"seat {r['seat']}")]
    mixed = mixed_strategies(strategy)
    if mixed.height:
        out.append(_fair_verdict("Strategy balance", mixed, ("strategy",), findings, threshold, alpha,
                                 lambda r: f"strategy {r['strategy']}"))
    else:
        out.append(Verdict("Strategy balance", NA, "one strategy plays every seat"))
    if not many_variants:
        out.append(Verdict("Variant effects", NA, "a single variant"))
    else:
        rates = [f for f in findings if f.tier == VARIANT_RATES]
        scores = [f for f in findings if f.tier == VARIANT_SCORES]
        if rates:
            out.append(Verdict("Variant effects", FAIL, f"{len(rates)} change{'s' if len(rates) > 1 else ''} to win "
                               f"rates or balance of {_pts(threshold)} or more; first: {rates[0].short} "
                               f"({rates[0].cell})"))
        elif scores:
            out.append(Verdict("Variant effects", WATCH, f"win rates and balance hold; {len(scores)} shift"
                               f"{'s' if len(scores) > 1 else ''} in scores, ties or length"))
        else:
            out.append(Verdict("Variant effects", PASS, "no significant change of the threshold or more"))
    items = [f for f in findings if f.tier == ITEMS and f.kind != "variant"]
    named = list(dict.fromkeys(item_names))
    joined = ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else "".join(named)
    question = (joined or "item").capitalize() + " outliers"
    if not item_names:
        return out
    big = [f for f in items if f.size >= 2]
    if big:
        out.append(Verdict(question, FAIL, f"{len(big)} with a win-rate difference of twice the threshold "
                           f"({_pts(2 * threshold)}) or more; largest: {big[0].short} ({100 * big[0].effect:+.1f} "
                           "points; an association)"))
    elif items:
        out.append(Verdict(question, WATCH, f"{len(items)} between {_pts(threshold)} and {_pts(2 * threshold)} "
                           "(associations)"))
    else:
        out.append(Verdict(question, PASS, f"no item's holders win {_pts(threshold)} more or less than the others"))
    return out
