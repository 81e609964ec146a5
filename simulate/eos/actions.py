"""EOS action strings -> steps of (symbol, amount) alternatives (``docs/eos-data.md``).

"glory:3" is one symbol with its amount; "demons:3 + move:2" several taken together;
"upgrade / rank" a choice between alternatives ("a dark slash between symbols").
The vocabulary is the rulebook's closed list of action symbols, plus the few
challenge-only conditions; the kernel interprets exactly these."""
import re

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


# ---------------------------------------------------------------- one amount, as a balance search changes it
def _amounts(text):
    """An action string split at its '+' and '/' (the separators kept, so a changed string keeps
    its spacing) and the (position, symbol, amount) of each symbol with a written amount."""
    parse_step(text)                                # a string the loader would refuse is refused here
    parts = re.split(r"(\s*[/+]\s*)", text)
    found = []
    for i in range(0, len(parts), 2):
        name, sep, amount = parts[i].strip().partition(":")
        if sep:
            found.append((i, name, int(amount)))
    return parts, found


def _one_amount(text, symbol):
    parts, found = _amounts(text)
    chosen = [f for f in found if symbol in (None, f[1])]
    if not chosen:
        what = f"no amount of {symbol}" if symbol and found else "no written amount"
        raise ActionError(f"{text!r} holds {what}" + (f" (its amounts: {', '.join(f[1] for f in found)})"
                                                      if symbol and found else ""))
    if len(chosen) > 1:
        names = [f[1] for f in chosen]
        raise ActionError(f"{text!r} holds {symbol} twice" if symbol else
                          f"{text!r} holds several amounts ({', '.join(names)}): name one with @SYMBOL")
    return parts, chosen[0]


def amount_in(text, symbol=None):
    """The size of one amount of an action string: 'coins:-10' -> 10 (its sign is the printed one,
    and stays); `symbol` picks one of several ('power:3 + coins:5', 'coins' -> 5). ActionError
    for a string without a written amount ('upgrade / rank', 'draw') or with several and no symbol."""
    return abs(_one_amount(text, symbol)[1][2])


def with_amount(text, size, symbol=None):
    """The action string with that amount's size set to `size` (a whole number from 1), its sign kept."""
    parts, (i, name, amount) = _one_amount(text, symbol)
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ActionError(f"{text!r}: the amount of {name} is a whole number from 1 (its sign is the printed "
                          f"one), not {size!r}")
    lead, trail = parts[i][:len(parts[i]) - len(parts[i].lstrip())], parts[i][len(parts[i].rstrip()):]
    parts[i] = f"{lead}{name}:{size if amount > 0 else -size}{trail}"
    return "".join(parts)
