"""Bold: acts wherever it can, fights Demons first and never lets a chance go (plain-Python example).

A plain-Python strategy is a file with one function, ``choose(state, legal_actions)``,
that returns the index of the option to take (or its text). ``legal_actions`` are the
options in the rulebook's words, as ``windtunnel replay`` tells them ("activate the
Warrior ... at rank 1", "sail into area 8 (Ashen Strait)"); ``state`` is the game's
Python face (docs/strategies.md: what it offers), and ``state.rng`` a random generator
seeded from the run's seed and the game's index, so that a game plays the same every
time. Use it with

    windtunnel simulate eos --players 2 --strategies configs/eos/strategies/python/bold.py,greedy

It plays through the same runner, records and reports as any strategy, some hundreds of
times slower than a compiled one (``windtunnel bench`` measures it): docs/strategies.md
says when to move to a compiled scorer.
"""

# Words of the options it takes first, best first, and of those it takes last.
PREFER = ("activate", "destroy", "attack", "defeat", "awaken", "complete", "increase the rank", "boost",
          "buy upgrade", "gain", "play journey card", "put upgrade", "sail into")
AVOID = ("take none", "take no ", "do not", "without activating", "stop sailing", "refresh", "end the turn",
         "face down", "discard")


def rank(text):
    """Lower is better: a preferred option by its place in PREFER, an avoided one last."""
    if any(word in text for word in AVOID):
        return len(PREFER) + 1
    for place, word in enumerate(PREFER):
        if text.startswith(word):
            return place
    return len(PREFER)


def choose(state, legal_actions):
    ranks = [rank(text) for text in legal_actions]
    best = [i for i, r in enumerate(ranks) if r == min(ranks)]
    return best[int(state.rng.integers(len(best)))]
