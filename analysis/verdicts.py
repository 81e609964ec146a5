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
- interventions (a what-if): fail when one changes the treated seat's win rate by the threshold
  (a cause); else pass. A what-if's variant row then speaks only of real variants.

With skill tiers (``report --robustness``) the seat question has one verdict, from the strongest
tier with games enough to tell a gap of the threshold (``trusted_seat_verdict``).
"""
from dataclasses import dataclass, field

import polars as pl

from .findings import CAUSAL, ITEMS, VARIANT_RATES, VARIANT_SCORES
from .significance import adjust
from .winrates import mixed_strategies
from .words import plural, possessive

PASS, WATCH, FAIL, NA = "pass", "watch", "fail", "n/a"


@dataclass
class Verdict:
    question: str
    verdict: str
    reason: str
    about: dict = field(default_factory=dict)   # where: n_players, variant, seat, strategy, item, subject
    next: str = ""                              # the command that answers it (``analysis.next_steps``)


def _where(row, *keys):
    return {k: row[k] for k in ("n_players", "variant", *keys) if k in row and row[k] is not None}


def _pts(x):
    return f"{100 * x:.1f} points"


def _fair_verdict(question, df, kinds, findings, threshold, alpha, who, key):
    """`findings` None: the frame is a skill tier's, which has none; a gap of the threshold,
    significant after Holm, fails all the same."""
    found = [f for f in findings or () if f.kind in kinds]
    if found:
        f = found[0]
        more = sum(1 + len(g.also) for g in found) - 1
        return Verdict(question, FAIL, f"{f.short} in {f.cell} games ({100 * f.effect:+.1f} points; "
                       f"threshold {_pts(threshold)})" + (f", and {more} more" if more else ""),
                       _where(f.details, key))
    if df is None or not df.height:
        return Verdict(question, NA, "no data")
    df = adjust(df, "p_value", "holm", alpha).with_columns(
        reach=pl.max_horizontal((pl.col("lo") - pl.col("fair")).abs(), (pl.col("hi") - pl.col("fair")).abs()))
    big = df.filter(pl.col("significant") & (pl.col("advantage").abs() >= threshold)) if findings is None else df.head(0)
    if big.height:
        r = big.sort(pl.col("advantage").abs(), descending=True).row(0, named=True)
        return Verdict(question, FAIL, f"{who(r)} {100 * r['advantage']:+.1f} points from fair in {r['n_players']}-player "
                       f"games (95% CI {100 * (r['lo'] - r['fair']):+.1f} to {100 * (r['hi'] - r['fair']):+.1f}; "
                       f"threshold {_pts(threshold)})", _where(r, key))
    off = df.filter(pl.col("significant") & (pl.col("advantage").abs() >= threshold / 2))
    if off.height:
        r = off.sort(pl.col("advantage").abs(), descending=True).row(0, named=True)
        return Verdict(question, WATCH, f"{who(r)} {100 * r['advantage']:+.1f} points from fair in "
                       f"{r['n_players']}-player games: significant, below the threshold of {_pts(threshold)}",
                       _where(r, key))
    wide = df.filter(pl.col("reach") >= threshold)
    if wide.height:
        r = wide.sort("n").row(0, named=True)
        return Verdict(question, WATCH, f"too few games to tell: {possessive(who(r))} 95% interval reaches "
                       f"{_pts(threshold)} from fair (n = {r['n']:,})", {**_where(r, key), "too_few": True})
    return Verdict(question, PASS, f"every {question.split()[0].lower()} within {_pts(threshold)} of fair "
                   "(95% intervals)")


def trusted_seat_verdict(own, tier_seats, label, tiers, threshold, alpha=0.05):
    """The one seat-balance verdict of a run with skill tiers: the strongest tier (`tiers`:
    [(strategy, games)], weakest first) whose every seat's 95% interval is within the threshold of
    its rate (games enough to tell a gap of the threshold), else the run's own; `own` (the run's
    verdict) is quoted after it. `tier_seats`: ``analysis.robustness.seats_by_tier``."""
    for tier, games in reversed(tiers):
        df = tier_seats.filter(pl.col("tier") == tier, pl.col("p_value").is_not_null())
        if not df.height or ((df["hi"] - df["lo"]) / 2).max() > threshold:
            continue
        v = _fair_verdict("Seat balance", df.drop("tier"), (), None, threshold, alpha,
                          lambda r: f"seat {r['seat']}", "seat")
        v.about.update(tier=tier, tier_games=games)             # more games of it, where they would tell
        v.reason = (f"trusting {tier} in every seat ({games:,} games; the strongest play whose intervals are "
                    f"within {_pts(threshold)}): {v.reason}. {label.capitalize()}: {own.verdict}, {own.reason}")
        return v
    weakest = ", ".join(t for t, _ in tiers)
    own.reason = (f"trusting {label} (no stronger tier has games enough to tell a gap of {_pts(threshold)}: "
                  f"{weakest}): {own.reason}")
    return own


def verdicts(findings, seat, strategy, threshold, many_variants, item_names=(), alpha=0.05, what_if=False):
    """[Verdict] for seat balance, strategy balance, variant effects, interventions (a what-if:
    `what_if`; `many_variants` then counts its real variants only) and item outliers from the
    findings (``analysis.findings``) and the seat and strategy win-rate frames; `item_names`:
    the names of the subjects and sections whose items become findings (the question's name)."""
    out = [_fair_verdict("Seat balance", seat, ("seat",), findings, threshold, alpha, lambda r: f"seat {r['seat']}",
                         "seat")]
    mixed = mixed_strategies(strategy)
    if mixed.height:
        out.append(_fair_verdict("Strategy balance", mixed, ("strategy",), findings, threshold, alpha,
                                 lambda r: f"strategy {r['strategy']}", "strategy"))
    else:
        out.append(Verdict("Strategy balance", NA, "one strategy plays every seat"))
    if what_if:
        causes = sorted((f for f in findings if f.tier == CAUSAL and f.rate), key=lambda f: -abs(f.effect))
        if causes:
            f = causes[0]
            many = len(causes) > 1
            out.append(Verdict("Interventions", FAIL, f"{plural(len(causes), 'intervention')} "
                               f"change{'' if many else 's'} the treated seat's win rate by {_pts(threshold)} or more (causes); largest: {f.short}, "
                               f"{100 * f.effect:+.1f} points", {"n_players": f.details.get("players"),
                                                                 "intervention": f.subject}))
        else:
            out.append(Verdict("Interventions", PASS, f"no intervention changes the treated seat's win rate by "
                               f"{_pts(threshold)} or more"))
    if not many_variants:
        out.append(Verdict("Variant effects", NA, "a what-if of one game: its interventions are the row above"
                           if what_if else "a single variant"))
    else:
        rates = [f for f in findings if f.tier == VARIANT_RATES]
        scores = [f for f in findings if f.tier == VARIANT_SCORES]
        if rates:
            out.append(Verdict("Variant effects", FAIL, f"{len(rates)} change{'s' if len(rates) > 1 else ''} to win "
                               f"rates or balance of {_pts(threshold)} or more; first: {rates[0].short} "
                               f"({rates[0].cell})", _where(rates[0].details)))
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
                           "points; an association)", _item(big[0])))
    elif items:
        out.append(Verdict(question, WATCH, f"{len(items)} between {_pts(threshold)} and {_pts(2 * threshold)} "
                           "(associations)", _item(items[0])))
    else:
        out.append(Verdict(question, PASS, f"no item's holders win {_pts(threshold)} more or less than the others"))
    return out


def _item(f):
    """Where an item finding is: its subject (the finding's kind) and item id."""
    d = f.details
    return {**_where(d), "subject": f.kind, "item": d.get(f.kind, d.get("item"))}
