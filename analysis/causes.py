"""One finding per cause: findings that say the same thing again, merged into one.

A variant that gives every seat 5 more points at the start shifts every seat's, every
strategy's, every item holder's and the winner's score by about 5: dozens of significant
changes, one cause at each player count (another player count is other games, told apart).
Seat 0's edge shows in every variant of a comparison; a card's association in every cell.
Findings share a cause here when they have the same `key` (a variant change: variant, player
count, direction and the number moved, every final score counting as one number; a seat or an
item: itself and its direction) and their sizes chain within half a threshold of each other.
The group's first finding (lowest tier, a whole game's number before a seat's, then largest)
keeps its sentence, extended by the list of the others, which it holds in `also`.
"""
from .words import plural


def describe(findings, most=8):
    """"seat 1 below fair (2-player base, 2-player variant-b), ..." for merged findings: each
    `short` once, with the cells it was seen in; the first `most` of them."""
    groups = {}
    for f in findings:
        groups.setdefault(f.short, []).append(f.cell)
    groups = {k: sorted(v) for k, v in groups.items()}
    parts = [f"{short} ({', '.join(dict.fromkeys(c for c in cells if c))})" if any(cells) else short
             for short, cells in groups.items()]
    return ", ".join(parts[:most]) + (f" and {len(parts) - most} more" if len(parts) > most else "")


def _chains(findings):
    """Findings of one key split where the sizes (|effect|) jump by more than half a threshold."""
    ordered = sorted(findings, key=lambda f: abs(f.effect))
    out = [[ordered[0]]]
    for prev, f in zip(ordered, ordered[1:]):
        if abs(f.effect) - abs(prev.effect) <= min(f.scale, prev.scale) / 2:
            out[-1].append(f)
        else:
            out.append([f])
    return out


def _span(group, rate):
    """"+4.8 to +5.2" (in percentage points for rates), "+5.0" where the sizes are one; where signs
    differ (the two seats of a two-player game: one's edge is the other's deficit) each side's:
    "-8.7 and +8.7 percentage points"."""
    effects = sorted(100 * f.effect if rate else f.effect for f in group)
    sides = [[x for x in effects if x < 0], [x for x in effects if x >= 0]]
    unit = " percentage points" if rate else ""
    return " and ".join(_range(side[0], side[-1], rate) for side in sides if side) + unit


def _range(lo, hi, rate):
    """"+4.8 to +5.2", or "+5.0" for one size: signed, one decimal for rates, two otherwise."""
    text = (lambda x: f"{x:+.1f}") if rate else (lambda x: f"{x:+.2f}")
    return text(lo) if text(lo) == text(hi) else f"{text(lo)} to {text(hi)}"


def merge_shared_causes(findings):
    """`findings` (each with `key`, `short`, `cell`, `rate`) merged by cause; see the module."""
    by_key = {}
    for f in findings:
        by_key.setdefault(f.key, []).append(f) if f.key else by_key.setdefault(id(f), [f])
    out = []
    for group in by_key.values():
        for chain in _chains(group):
            # the lowest tier speaks, then a whole game's number (the winner's score) over a seat's
            head = min(chain, key=lambda f: (f.tier, f.details.get("subject") != "all", -f.size))
            head.also = [f for f in chain if f is not head]
            if head.also:
                what = "change" if head.kind == "variant" else "difference"
                likely = ", likely one cause" if head.kind == "variant" else ""
                head.sentence += (f" The same {what} ({_span(chain, head.rate)}) shows in "
                                  f"{plural(len(head.also), 'more comparison')}{likely}: {describe(head.also)}.")
            out.append(head)
    return out
