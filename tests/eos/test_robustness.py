"""EOS's findings against stronger play (issue #22): its item sections (upgrades, journey
cards, Angels' sides) name items as the report does, and a tier measures them by that name."""
from typer.testing import CliRunner

from simulate.cli import app

cli = CliRunner()


def test_a_tier_measures_the_reports_named_section_items(tmp_path):
    out = tmp_path / "r"
    r = cli.invoke(app, ["simulate", "eos", "--players", "3", "--games", "600", "--strategies", "greedy", "--jobs", "1",
                         "--out", str(out), "--no-progress"])
    assert r.exit_code == 0, r.stderr
    r = cli.invoke(app, ["report", str(out), "--robustness", "--tiers", "greedy", "--jobs", "1", "--threshold", "0.05"])
    assert r.exit_code == 0, r.stderr
    md = (out / "report.md").read_text()
    rows = [line for line in md.splitlines() if line.startswith("| ") and "| greedy | 600 |" in line]
    sections = [line for line in rows if "seats that gained" in line or "seats that took" in line]
    assert sections, "a section item's finding"                  # greedy's own tier: the run itself
    assert all(line.rstrip(" |").endswith("holds (decides)") for line in rows), rows    # each decided by the tier
