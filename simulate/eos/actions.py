"""EOS action strings -> steps of (symbol, amount) alternatives (``docs/eos-data.md``).

"glory:3" is one symbol with its amount; "demons:3 + move:2" several taken together;
"upgrade / rank" a choice between alternatives ("a dark slash between symbols").
The vocabulary is the rulebook's closed list of action symbols, plus the few
challenge-only conditions; the kernel interprets exactly these."""
SYMBOLS = ("glory", "coins", "morale", "rank", "draw", "discard", "play", "hand_limit", "move1", "move", "speed",
           "worker", "die", "upgrade", "event", "kraken", "power", "demons", "destroy", "protection", "shield",
           "purify", "purify_adjacent", "blessing", "angel_attack", "spawn_lord", "chronicle")
CHALLENGE_ONLY = ("speed_total", "have_upgrades", "have_protection", "max_morale_heroes", "morale_total")


class ActionError(ValueError):
    """An action string that is not in the vocabulary or not well formed."""


def parse_symbol(text, challenge=False):
    """'glory:3' -> ('glory', 3); 'draw' -> ('draw', 1)."""
    name, sep, amount = text.strip().partition(":")
    known = SYMBOLS + (CHALLENGE_ONLY if challenge else ())
    if name not in known:
        where = "" if challenge else " (challenge-only conditions belong in a challenge)" \
            if name in CHALLENGE_ONLY else ""
        raise ActionError(f"unknown action symbol {name!r}{where}")
    if not sep:
        return name, 1
    try:
        value = int(amount)
    except ValueError:
        raise ActionError(f"{text.strip()!r}: the amount must be a whole number") from None
    if value == 0:
        raise ActionError(f"{text.strip()!r}: an amount of 0 does nothing")
    return name, value


def parse_step(text, challenge=False):
    """One action string -> a tuple of alternatives, each a tuple of (symbol, amount)."""
    if not isinstance(text, str) or not text.strip():
        raise ActionError(f"expected an action string like 'glory:3', got {text!r}")
    return tuple(tuple(parse_symbol(s, challenge) for s in alt.split("+")) for alt in text.split("/"))


def parse_actions(items, challenge=False):
    """A list of action strings -> a tuple of steps."""
    if isinstance(items, str) or not isinstance(items, list):
        raise ActionError(f"expected a list of action strings, got {items!r}")
    return tuple(parse_step(s, challenge) for s in items)
