"""The HTML report in a real headless browser (Debian's chromium, installed by the README's
test command and .ci/run), for an AEOLOS run and an EOS run (its own sections: nation heatmap
and matchups, Angels, Lords, deeds, cards, curses, pace): it loads with no errors, every figure
is there with a non-zero size, and a screenshot is saved as a test artifact
(test-artifacts/report.png, report-eos.png)."""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import simulate
from reports import build_report

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium():
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    assert path, "chromium is not installed: run the README's test command (it installs Debian's chromium)"
    return path


RUNS = {"aeolos": dict(players=3, games=300, seed=2, strategies="balanced,greedy,crystal", variant="tableaus"),
        "eos": dict(players=3, games=120, seed=2, strategies="balanced,greedy,random", rotate_seats=True)}
SHOTS = {"aeolos": "report.png", "eos": "report-eos.png"}


@pytest.fixture(scope="module", params=list(RUNS))
def report(request, tmp_path_factory):
    root = tmp_path_factory.mktemp(f"browser-{request.param}")
    simulate.run(request.param, **RUNS[request.param], out=root / "run", jobs=1, progress=False)
    result = build_report(root / "run", root / "report.html")
    result.game = request.param
    return result


def test_report_loads_in_headless_chromium_with_every_figure(report, tmp_path):
    html = Path(report.html)
    expected = len(re.findall(r'<img[^>]*class="figure"', html.read_text()))
    assert expected >= (12 if report.game == "eos" else 5)
    run = subprocess.run([chromium(), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=5000",
                          "--dump-dom", html.as_uri()], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    body = re.search(r"<body[^>]*>", run.stdout)
    assert body, run.stdout[:500]
    attrs = dict(re.findall(r'data-([\w-]+)="([^"]*)"', body.group(0)))
    assert attrs.get("figures") == str(expected)               # the page's own count, after load
    assert attrs.get("figures-ok") == str(expected)            # every figure decoded with a non-zero size
    assert attrs.get("errors") == ""                           # no script error on the page
    assert "Uncaught" not in run.stderr


def test_report_screenshot_is_saved_as_an_artifact(report, tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / SHOTS[report.game]
    shot.unlink(missing_ok=True)
    run = subprocess.run([chromium(), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1280,2400",
                          f"--screenshot={shot}", Path(report.html).as_uri()],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000      # a real rendering, not a blank page
