"""Small words of the report's sentences: a count with its noun ("1 game", "1,200 games") and a
name's possessive ("balanced's", "Angels'")."""


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
