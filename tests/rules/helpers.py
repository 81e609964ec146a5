"""Small helpers shared by the rules tests."""
from simulate.aeolos.scenario import play


def sailing_card(g, v):
    """Set the grey pile's top and return a purple card whose sailing value is v (3..10).

    The purple cards are waves and the grey tops suns, so no symbol matches."""
    grey = {3: "grey 3 sun", 10: "grey 5 sun"}.get(v, "grey 4 sun")
    g.top(grey)
    return f"purple {v - int(grey.split()[1])} wave"


def ready(g, p, v, *others):
    """Seat p is to move and holds a card of sailing value v (plus `others`); returns play(card)."""
    card = sailing_card(g, v)
    g.to_move(p).hand(p, card, *others)
    return play(card)


def kinds(options, prefix):
    """The offered options starting with `prefix` ("settle", "value", ...)."""
    return sorted(o for o in options if o.startswith(prefix))


def uniform_p_value(counts):
    """p-value of a chi-square test that `counts` (an even number of bins minus one degrees
    of freedom, e.g. 5 bins) came from a uniform distribution; the survival function of an
    even-dof chi-square has a closed form, so no statistics library is needed."""
    import math

    n, k = sum(counts), len(counts)
    assert (k - 1) % 2 == 0, "closed form needs an even number of degrees of freedom"
    x = sum((c - n / k) ** 2 / (n / k) for c in counts)
    return math.exp(-x / 2) * sum((x / 2) ** i / math.factorial(i) for i in range((k - 1) // 2))


def runs(sequence):
    """Number of runs of equal neighbours (aab -> 2)."""
    return 1 + sum(a != b for a, b in zip(sequence, sequence[1:])) if sequence else 0
