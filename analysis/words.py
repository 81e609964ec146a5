"""Small words of the report's sentences: a count with its noun ("1 game", "1,200 games"), a
name's possessive ("balanced's", "Angels'"), a strategy with its parameters ("the MCTS player at
50 iterations"); and the words a designer's text may not use, or only explained
(``plain_words_problems``, which the tests run over every report and command's output)."""
import re


def plural(n, one, many=None):
    """"1 game", "2 games", "1,200 seats played": `n` (with thousands separators) and the noun,
    singular for exactly one; `many` for an irregular plural ("1 entry", "2 entries")."""
    word = one if n == 1 else (many or f"{one}s")
    return f"{n:,} {word}" if isinstance(n, int) else f"{n} {word}"


def possessive(name):
    """"balanced's", "the Angels'": a name ending in s takes the apostrophe alone (a plural's
    possessive, and the usual one for a name such as "Boreanos")."""
    name = str(name)
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


# ---------------------------------------------------------------- plain words, checked
# What a designer reads (every report, every command's output) is checked by the tests with
# ``plain_words_problems``: a BANNED word never appears (the plain words that replace it say the
# same); an EXPLAINED term appears only explained where it first appears: right after it, in
# brackets or after a colon ("a Holm correction (p-values made stricter ...)"); docs/glossary.md
# defines them all. Commands, shown as code, are not prose and are not checked.
BANNED = ("predictable plug-in", "empirical Bernstein", "Newcombe", "17lands", "seat-game", "seat game",
          "treated", "raced", "racing", "loky")
EXPLAINED = ("Holm", "common random numbers")
# a strategy's parameters as prose ("mcts:iterations=50": strategy_words says it), an objective's
# weights ("objective 1 x seat": objectives.objective_words says it)
SPEC = re.compile(r"\b[a-z][a-z0-9_]*:[a-z_]+=[\w.]+")
WEIGHTS = re.compile(r"\bobjective:? [\d.]+ x ")
HOLM = "p-values made stricter for the many things tested at once, so noise does not pass for a finding"
STRATEGY_NAMES = {"mcts": "the MCTS player"}


def strategy_words(spec):
    """A strategy as a sentence says it: "the MCTS player at 50 iterations" ("mcts:iterations=50"),
    "greedy with wind 1.2" ("greedy:wind=1.2"); a name without parameters as it is ("tuned")."""
    name, _, params = str(spec).partition(":")
    if not params or "=" not in params:
        return str(spec)
    pairs = dict(p.partition("=")[::2] for p in params.split(","))
    said = [f"at {pairs.pop('iterations')} iterations"] if "iterations" in pairs else []
    said += ["with " + " and ".join(f"{k.replace('_', ' ')} {v}" for k, v in pairs.items())] if pairs else []
    return f"{STRATEGY_NAMES.get(name, name)} " + " ".join(said)


def plain_words_problems(text):
    """What a designer's text (prose: commands left out) says that it should not: a BANNED word, an
    EXPLAINED term unexplained where it first appears, a strategy's parameters or an objective's
    weights as prose, a count of one with a plural noun ("1 games"), a plural's possessive with
    "'s" ("Angels's"), "nan"."""
    found = [w for w in BANNED if re.search(rf"\b{re.escape(w)}", text, re.I)]
    for term in EXPLAINED:
        first = re.search(rf"\b{re.escape(term)}\b", text, re.I)
        if first and not re.match(r"[\w -]{0,12}(\(|: )", text[first.end():]):
            found.append(f"{term} (unexplained: {text[max(0, first.start() - 40):first.end() + 40]!r})")
    found += SPEC.findall(text) + WEIGHTS.findall(text)
    found += re.findall(r"(?<![\d.,])\b1 (?:games|seats|rows|findings|items|comparisons|cells|cards|values)\b", text)
    found += re.findall(r"\b\w+s's\b", text)
    found += re.findall(r"[+-]?\bnan\b", text)                # a number that is not one
    return found
