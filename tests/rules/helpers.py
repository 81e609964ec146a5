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
