"""Eager: never passes while it can act, plays its highest card and discards its lowest (plain-Python example).

A plain-Python strategy is a file with one function, ``choose(state, legal_actions)``,
that returns the index of the option to take (or its text). ``legal_actions`` are the
options in words, as ``windtunnel replay`` tells them ("play purple 4 wave", "done");
``state`` is the game's Python face (docs/strategies.md: what it offers), and
``state.rng`` a random generator seeded from the run's seed and the game's index, so
that a game plays the same every time. Use it with

    windtunnel simulate aeolos --players 2 --strategies configs/aeolos/strategies/python/eager.py,greedy

It plays through the same runner, records and reports as any strategy, some hundreds of
times slower than a compiled one (``windtunnel bench`` measures it): docs/strategies.md
says when to move to a compiled scorer.
"""
import re

# The options this strategy reaches for first, best first; the words are the option's own.
PREFER = ("favor", "crystal", "prophet", "extra action", "card swap")


def number(text):
    """The first number in an option's words ("play purple 4 wave" -> 4), else 0."""
    found = re.search(r"\d+", text)
    return int(found.group()) if found else 0


def choose(state, legal_actions):
    acting = [i for i, text in enumerate(legal_actions) if text != "done"]
    if not acting:
        return 0
    first = legal_actions[acting[0]]
    if first.startswith("discard"):                       # keep the strong cards
        return min(acting, key=lambda i: number(legal_actions[i]))
    if first.startswith(("play", "extra harbor")):         # the highest card, the farthest harbor
        return max(acting, key=lambda i: number(legal_actions[i]))
    for word in PREFER:
        for i in acting:
            if legal_actions[i].startswith(word):
                return i
    return acting[int(state.rng.integers(len(acting)))]
