"""Plain words (issue #41) in what a designer reads: the reports of an AEOLOS run checked against
stronger play (an MCTS tier with its parameters), of an EOS run, a what-if, a comparison and a
balance search's confirmation, and the output of `simulate`, `report`, `whatif`, `compare`,
`balance` and an EOS what-if's `replay`. ``analysis.words.plain_words_problems`` is the one
checker (the report tests' too): no strategy parameters or objective weights as prose ("the MCTS
player at 50 iterations", not "mcts:iterations=50"), no "treated seat", "raced", "loky workers",
and a Holm correction or common random numbers explained where each first appears. Commands (code
in a report, a `windtunnel ...` line on screen) are not prose: they keep their own syntax."""
import html as htmllib
import re

import pytest

from analysis.words import plain_words_problems, strategy_words

from .cli_invoke import invoke

TIERS = "tuned:100,mcts:iterations=50:8"


def prose_md(text):
    """A Markdown page without its code spans (commands)."""
    return re.sub(r"`[^`\n]*`", "", text)


def prose_html(text):
    """An HTML page's text without its style, script, code (commands) and embedded figures."""
    text = re.sub(r"<(style|script|code)[^>]*>.*?</\1>", " ", text, flags=re.S)
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", text))


def prose_cli(text):
    """A command's output without the commands it suggests (each `windtunnel ...` to its line's end)."""
    return re.sub(r"windtunnel [^\n]*", "", text)


def said(r):
    """A command's prose (stdout and stderr), once it ran."""
    assert r.exit_code == 0, (r.stdout[-2000:], r.stderr[-2000:])
    return prose_cli(r.stdout + r.stderr)


@pytest.fixture(scope="module")
def texts(tmp_path_factory):
    """{what: its prose} of every output and report below."""
    root = tmp_path_factory.mktemp("words")
    out = {}

    def pages(name, folder, html="report.html", md="report.md"):
        out[f"{name} report.md"] = prose_md((folder / md).read_text(encoding="utf-8"))
        out[f"{name} report.html"] = prose_html((folder / html).read_text(encoding="utf-8"))

    a, e, w, c, b = (root / x for x in ("aeolos", "eos", "whatif", "compare", "balance"))
    out["simulate aeolos"] = said(invoke("simulate", "aeolos", "--players", 3, "--games", 600, "--jobs", 1,
                                         "--out", a, "--no-progress"))
    out["report aeolos --robustness"] = said(invoke("report", a, "--robustness", "--tiers", TIERS, "--jobs", 1))
    pages("aeolos", a)
    out["simulate eos"] = said(invoke("simulate", "eos", "--players", 3, "--games", 200, "--jobs", 1, "--out", e,
                                      "--no-progress"))
    out["report eos"] = said(invoke("report", e, "--jobs", 1))
    pages("eos", e)
    out["whatif"] = said(invoke("whatif", "aeolos", "--players", 3, "--games", 200, "--intervention", "favor=apollon",
                                "--jobs", 1, "--out", w, "--no-progress"))
    pages("whatif", w)
    out["compare"] = said(invoke("compare", "aeolos", "--variants", "base,tableaus", "--players", 3, "--games", 200,
                                 "--jobs", 1, "--out", c, "--no-progress"))
    pages("compare", c)
    out["balance"] = said(invoke("balance", "aeolos", "--players", 2, "--param", "setup.starting_wind[1]=1..3",
                                 "--budget", 1000, "--jobs", 1, "--out", b, "--no-progress"))
    out["balance.md"] = prose_md((b / "balance.md").read_text(encoding="utf-8"))
    pages("balance confirmation", b / "confirm")
    out["replay eos what-if"] = said(invoke("replay", "eos", "--players", 2, "--seed", 1, "--game", 1, "--set",
                                            "intervention.nation=noom"))
    return out


def test_every_report_and_output_is_in_plain_words(texts):
    problems = {what: found for what, text in texts.items() if (found := plain_words_problems(text))}
    assert problems == {}


def test_the_mcts_tier_is_named_in_words_and_explained_terms_are_there(texts):
    """The checker has something to find: the tier is in the report, said as words, and the terms
    it allows only explained are there, explained."""
    assert "the MCTS player at 50 iterations" in texts["aeolos report.md"]
    assert "robustness: the MCTS player at 50 iterations in every seat" in texts["report aeolos --robustness"]
    assert "Holm correction (p-values made stricter" in texts["aeolos report.md"]
    assert "Holm correction (p-values made stricter" in texts["whatif"]
    assert "the seat given each intervention (one seat a game, each seat in turn)" in texts["whatif"]
    assert "each played in rounds on the same games, the worse half dropped" in texts["balance"]
    assert "worker process" in texts["simulate aeolos"] and "seats played" in texts["simulate aeolos"]
    assert "the seat given it (one a game, each seat in turn)" in texts["replay eos what-if"]


def test_the_checker_finds_each_kind():
    text = ("trusting mcts:iterations=50 in every seat; objective 1 x nation; the treated seat; every setting raced; "
            "on 2 loky workers; significant after a Holm correction; p (Holm)")
    found = plain_words_problems(text)
    assert {"mcts:iterations=50", "objective 1 x ", "treated", "raced", "loky"} <= set(found)
    assert any(f.startswith("Holm (unexplained") for f in found)
    assert not plain_words_problems("significant after a Holm correction (p-values made stricter); p (Holm); "
                                    "common random numbers: the same seeds")
    assert strategy_words("mcts:iterations=50") == "the MCTS player at 50 iterations"
    assert strategy_words("greedy:wind=1.2") == "greedy with wind 1.2" and strategy_words("tuned") == "tuned"
