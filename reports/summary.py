"""The top of the report, shared by the HTML and Markdown pages: the summary card (a verdict
per question, ``analysis.verdicts``), the table of contents and the findings split into what
fits a screen and the rest ("more")."""
from analysis.findings import TIERS
from analysis.verdicts import FAIL, NA, PASS, WATCH
from analysis.words import HOLM

SCREEN = 10          # findings shown before "more"
BADGE = {PASS: "pass", WATCH: "watch", FAIL: "fail", NA: "n/a"}


def thresholds_note(data):
    """The thresholds the verdicts are measured against, in one sentence."""
    size = f"; a comparison needs both groups at least {data.min_group.text()}" if data.min_group else ""
    return (f"Verdicts against a threshold of {100 * data.threshold:.1f} percentage points of win rate "
            f"(twice that for an item to fail), significance after a Holm correction ({HOLM}){size}. "
            "pass: nothing to act on; watch: a smaller but real gap, or too few games to rule one out; "
            "fail: a finding to act on; n/a: the question does not apply.")


def takes_text(verdict):
    """" (about 2 min on this machine's 2 cores)" after a next step's command, or ""."""
    return f" ({verdict.takes})" if verdict.takes else ""


def assumed_note(data, limit=6):
    """The sentence at the top of a report: how many of the run's values are assumed stand-ins, by
    file (the most first), and where to read why; "" when none is."""
    found = data.assumed
    if found is None or not found.total:
        return ""
    what = "this run's" if data.kind == "run" else "these runs'"
    own = (f" ({found.set_by_user:,} more, set with --set, are the designer's own)" if found.set_by_user else "")
    return (f"{found.total:,} of {what} values are assumed stand-ins (not printed in the rulebook): "
            f"{found.counts_text(limit)}{own}. Why each was chosen: docs/assumptions.md; every one: "
            f"windtunnel info {data.game.name} --assumed.")


def rests_on_text(finding):
    """A finding's short mark, "rests on assumed values: nations/kwanan.toml", or ""."""
    return f"rests on assumed values: {', '.join(finding.rests_on)}" if finding.rests_on else ""


def split_findings(findings, screen=SCREEN):
    """(shown, more): each [(tier title, [(number, finding)])] in order; the first `screen`
    findings are shown, the rest go behind "more"."""
    def by_tier(numbered):
        out = []
        for i, f in numbered:
            title = TIERS[f.tier]
            if not out or out[-1][0] != title:
                out.append((title, []))
            out[-1][1].append((i, f))
        return out

    numbered = list(enumerate(findings, 1))
    return by_tier(numbered[:screen]), by_tier(numbered[screen:])


def contents(tables, figures):
    """[(anchor, title, level)] of the page, for its table of contents."""
    out = [("summary", "Summary", 1), ("findings", "Findings", 1), ("tables", "Tables", 1)]
    out += [(f"table-{t.key}", t.title, 2) for t in tables]
    out.append(("figures", "Figures", 1))
    out += [(f"figure-{name}", alt.split(":")[0].split(",")[0], 2) for name, alt, _ in figures]
    return out
