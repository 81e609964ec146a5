"""Which of a game's config values are assumed: stand-ins for numbers the rulebook does not print.

A config file marks them with the word ``ASSUMED`` in a comment, in one of three places:

- on the value's line: ``max_power = 20  # ASSUMED`` (the key), ``ranks = [  # ASSUMED`` (the
  whole multi-line value, as on the line that closes it), or on a line inside a multi-line array
  (``{ wind = 2, vp = 0 },  # ASSUMED``: that element, ``tokens[0]``);
- on a table header: ``[[hero]]  # ASSUMED (name, ranks, morale)``: every key of the table
  (and of the tables under it) but its ``id``, which names it;
- in the file's leading comment block, as a line ``# ASSUMED (whole file)``: every key of the file.

``scan_file(path)`` lists the key paths so marked, named as ``--set`` names them (an entry of a
list of tables by its ``id``, ``name`` or ``number``: ``hero.Falkuun.ranks``, ``card.j05``;
without one by its index: ``chronicle[0].slots``). A whole table marked counts its keys.
``unattached(path)`` finds ``ASSUMED`` comments the scan cannot attach to a value (a comment
block above an unmarked key): where a file says "assumed" in prose only.

A game says which files hold its values and where they sit in its resolved config through the
protocol (``Game.config_files``, ``Game.config_key``, ``Game.assumed_values``); ``Assumed``
holds the result: per file the paths and counts, less the values a run set with ``--set`` (the
designer's own). ``python -m simulate.core.assumed GAME`` prints the counts.
"""
import re
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .config_files import ENTRY_KEYS, _entry
from .games import get_game

MARK = re.compile(r"\bASSUMED\b")
WHOLE_FILE = re.compile(r"^#\s*ASSUMED \(whole file\)")
# what names an entry of a list of tables: --set's entry keys (config_files.ENTRY_KEYS), an id or name first
NAME_KEYS = ("id", "name") + tuple(k for k in ENTRY_KEYS if k not in ("id", "name"))
ID_KEYS = ("id",)                           # an entry's identifier: no value, even in a table marked whole


# ---------------------------------------------------------------- reading TOML lines
def _quoted(text, i):
    """The end (index after the closing quote) of the string starting at text[i]."""
    q = text[i]
    j = i + 1
    while j < len(text):
        if q == '"' and text[j] == "\\":
            j += 2
            continue
        if text[j] == q:
            return j + 1
        j += 1
    return len(text)


def split_key(text):
    """A dotted TOML key (``a."b.c".d``) -> its parts."""
    parts, part, i = [], "", 0
    while i < len(text):
        ch = text[i]
        if ch in "\"'":
            end = _quoted(text, i)
            part += text[i + 1:end - 1]
            i = end
            continue
        if ch == ".":
            parts.append(part.strip())
            part = ""
        else:
            part += ch
        i += 1
    parts.append(part.strip())
    return parts


def _outside_strings(line, ch, start=0):
    """The index of `ch` on a line outside quoted strings (from `start`), or -1."""
    i = start
    while i < len(line):
        if line[i] in "\"'":
            i = _quoted(line, i)
            continue
        if line[i] == ch:
            return i
        i += 1
    return -1


class _Value:
    """Reads a value over one or more lines: bracket depth, strings (multi-line ones too), the
    top-level array's elements and the comments met on each line."""

    def __init__(self):
        self.depth, self.elements, self.expect = 0, -1, True
        self.in_multi = None            # the quote of a multi-line string being read
        self.array = None               # whether the value is an array (known at its first char)

    def feed(self, text):
        """Read one line's part of the value; returns its comment text ('' for none)."""
        i = 0
        while i < len(text):
            if self.in_multi:
                end = text.find(self.in_multi, i)
                if end < 0:
                    return ""
                i, self.in_multi = end + 3, None
                continue
            ch = text[i]
            if self.array is None and not ch.isspace():
                self.array = ch == "["
            if text.startswith(('"""', "'''"), i):
                self._element_starts()
                self.in_multi, i = text[i:i + 3], i + 3
                continue
            if ch in "\"'":
                self._element_starts()
                i = _quoted(text, i)
                continue
            if ch == "#":
                return text[i + 1:]
            if ch in "[{":
                self._element_starts()
                self.depth += 1
            elif ch in "]}":
                self.depth -= 1
            elif ch == "," and self.depth == 1:
                self.expect = True
            elif not ch.isspace():
                self._element_starts()
            i += 1
        return ""

    def _element_starts(self):
        if self.depth == 1 and self.expect:
            self.elements += 1
            self.expect = False

    @property
    def done(self):
        return self.depth <= 0 and not self.in_multi


@dataclass
class _Line:
    """A key's value or a table header, as the scan met it."""

    path: tuple                 # key parts, list-of-tables entries as ints (their index)
    line: int
    marked: bool = False        # the key (or the header's table) is marked
    elements: set = field(default_factory=set)   # marked elements of a multi-line array
    header: bool = False


def _read(text):
    """(whole_file, [_Line]) of a TOML text: its keys and headers with what their lines mark."""
    lines = text.splitlines()
    out, table, counts = [], (), {}
    whole, leading = False, True
    i = 0
    while i < len(lines):
        raw = lines[i]
        s = raw.strip()
        if not s or s.startswith("#"):
            if leading and WHOLE_FILE.match(s):
                whole = True
            i += 1
            continue
        leading = False
        if s.startswith("["):
            many = s.startswith("[[")
            close = raw.index("]]" if many else "]", raw.index("[") + (2 if many else 1))
            parts = tuple(split_key(raw[raw.index("[") + (2 if many else 1):close]))
            resolved = _resolve(parts[:-1] if many else parts, counts) + ((parts[-1],) if many else ())
            if many:
                counts[resolved] = counts.get(resolved, -1) + 1
                resolved = resolved + (counts[resolved],)
            table = resolved
            at = _outside_strings(raw, "#", close)
            out.append(_Line(table, i + 1, at >= 0 and bool(MARK.search(raw[at:])), header=True))
            i += 1
            continue
        eq = _outside_strings(raw, "=")
        if eq < 0:
            raise ValueError(f"line {i + 1}: not a key = value line: {s!r}")
        key = table + tuple(split_key(raw[:eq]))
        value, first = _Value(), i
        item = _Line(key, i + 1)
        comment = value.feed(raw[eq + 1:])
        item.marked = bool(MARK.search(comment))
        while not value.done and i + 1 < len(lines):
            i += 1
            comment = value.feed(lines[i])
            if MARK.search(comment):
                if value.done or value.elements < 0 or not value.array:
                    item.marked = True               # the closing line (or no element yet): the whole value
                else:
                    item.elements.add(value.elements)
        if i > first and not value.done:
            raise ValueError(f"line {first + 1}: a value that never closes")
        out.append(item)
        i += 1
    return whole, out


def _resolve(parts, counts):
    """A header's key parts with each list-of-tables along it resolved to its current entry."""
    out = ()
    for part in parts:
        out = out + (part,)
        if out in counts:                       # an array of tables met before: its last entry
            out = out + (counts[out],)
    return out


# ---------------------------------------------------------------- naming paths
def entry_name(entry, index):
    """An entry of a list of tables as --set names it: its id, name or number, else [index]."""
    if isinstance(entry, dict):
        for k in NAME_KEYS:
            if k in entry and isinstance(entry[k], (str, int)) and not isinstance(entry[k], bool):
                return str(entry[k])
    return f"[{index}]"


def dotted(parts):
    """("hero", "Falkuun", "ranks") -> "hero.Falkuun.ranks"; an index part "[3]" joins without a dot."""
    out = ""
    for p in parts:
        out += p if p.startswith("[") or not out else "." + p
    return out


def _named(data, path):
    """A path of key parts and entry indexes -> the parts with each entry named (``entry_name``)."""
    node, out = data, []
    for part in path:
        if isinstance(part, int):
            entry = node[part] if isinstance(node, list) and part < len(node) else None
            out.append(entry_name(entry, part))
            node = entry
        else:
            out.append(part)
            node = node.get(part) if isinstance(node, dict) else None
    return out


def scan_text(text):
    """The assumed key paths of a TOML text (see the module's docstring), in file order."""
    return [path for path, _ in scan_values(text)]


def scan_values(text):
    """[(assumed key path, its value)] of a TOML text, in file order."""
    data = tomllib.loads(text)              # (a malformed file fails here, with its line)
    whole, lines = _read(text)
    tables = [i.path for i in lines if i.header and i.marked]
    out = []
    for item in lines:
        if item.header:
            continue
        if item.marked or (whole or _inside(item.path, tables)) and item.path[-1] not in ID_KEYS:
            out.append(item.path)
        else:
            out += [item.path + (k,) for k in sorted(item.elements)]
    return list({dotted(_named(data, p)): _value(data, p) for p in out}.items())


def _value(data, path):
    node = data
    for part in path:
        node = node[part]
    return node


def _inside(path, tables):
    return any(path[:len(t)] == t for t in tables)


def scan_file(path):
    """The assumed key paths of a TOML file (``scan_text``)."""
    return scan_text(Path(path).read_text(encoding="utf-8"))


def unattached(path):
    """Line numbers of ASSUMED comments the scan attaches to no value: a comment block directly
    above (no blank line between) a key that is not marked, or a table header whose table holds
    no mark. The file's leading block is prose about the file, not a mark."""
    text = Path(path).read_text(encoding="utf-8")
    whole, lines = _read(text)
    if whole:
        return []
    raw = text.splitlines()
    tables = [i.path for i in lines if i.header and i.marked]
    out = []
    for item in lines:
        if item.marked or item.elements or _inside(item.path, tables):
            continue
        if item.header and any(i.marked or i.elements for i in lines
                               if not i.header and i.path[:len(item.path)] == item.path):
            continue
        k, block = item.line - 1, []                 # 1-based line numbers of the block above
        while k > 0 and raw[k - 1].strip().startswith("#"):
            block.append(k)
            k -= 1
        if k == 0 or all(not s.strip() or s.strip().startswith("#") for s in raw[:k - 1]):
            continue                                 # (the block reaches the leading block: prose)
        out += [b for b in block if MARK.search(raw[b - 1])]
    return sorted(set(out))


# ---------------------------------------------------------------- a game's assumed values
def canonical_key(config, key):
    """A --set key (entries by number, name or id) -> the name the scan gives the same value (entries
    by id, then name, then number), walking the resolved `config`; the key as given where it
    does not resolve."""
    node, out = config, []
    for part in key.split("."):
        if isinstance(node, list):
            entry = _entry(node, part)
            if entry is None:
                return key
            out.append(entry_name(entry, node.index(entry)))
            node = entry
        elif isinstance(node, dict) and part in node:
            out.append(part)
            node = node[part]
        else:
            return key
    return dotted(out)


def _under(path, prefix):
    """Whether dotted `path` is `prefix` or lies under it (a whole part at a time)."""
    return not prefix or path == prefix or path.startswith(prefix + ".") or path.startswith(prefix + "[")


@dataclass(frozen=True)
class Assumed:
    """The assumed values of a game's config files: {file label (relative to the config folder):
    key paths}, in the game's file order; `set_by_user`: how many the run's --set replaced."""

    files: dict
    set_by_user: int = 0

    @property
    def total(self):
        return sum(len(v) for v in self.files.values())

    def counts(self):
        """[(label, count)] of the files with assumed values, most first (then by name)."""
        return sorted(((f, len(p)) for f, p in self.files.items() if p), key=lambda x: (-x[1], x[0]))

    def under(self, label, prefix=""):
        """The assumed paths of file `label` at or under `prefix` (an entry: "angel.alhana")."""
        return [p for p in self.files.get(label, ()) if _under(p, prefix)]

    def covers(self, key, config, config_key=lambda label, path: path):
        """Whether the value at --set key `key` (an element below it as KEY[i]... too:
        "nations.guild.ship.slots[3][0]") is assumed or lies inside an assumed value, in the resolved
        `config`; `config_key(label, path)`: where a file's path sits in it (``Game.config_key``)."""
        head, tail = re.match(r"([^\[]*)(.*)", key).groups()
        at = canonical_key(config, head) + tail
        return any(_under(at, where) for label, paths in self.files.items() for p in paths
                   if (where := config_key(label, p)) is not None)

    def counts_text(self, limit=None):
        """"nations/kwanan.toml 64, angels.toml 14, ..." (the first `limit` files, "and k more files")."""
        items = self.counts()
        shown = items if limit is None else items[:limit]
        text = ", ".join(f"{f} {n}" for f, n in shown)
        rest = len(items) - len(shown)
        return text + (f", and {rest} more file{'s' if rest > 1 else ''}" if rest > 0 else "")


def assumed_values(files, config_key=None, overrides=None, config=None):
    """An ``Assumed`` of `files` ({label: path}); with `overrides` (a run's --set keys) and
    `config_key(label, path)` (where a file's path sits in the resolved `config`, as --set names
    it; None: nowhere), the values the run set are left out: they are the designer's own."""
    found = {label: scan_file(path) for label, path in files.items()}
    if not overrides:
        return Assumed(found)
    given = [canonical_key(config or {}, k) for k in overrides]
    kept, dropped = {}, 0
    for label, paths in found.items():
        kept[label] = []
        for p in paths:
            key = config_key(label, p) if config_key else p
            if key is not None and any(_under(canonical_key(config or {}, key), g) for g in given):
                dropped += 1
            else:
                kept[label].append(p)
    return Assumed(kept, dropped)


# ---------------------------------------------------------------- docs whose numbers come from the configs
DOCS = Path(__file__).resolve().parents[2] / "docs"
BLOCK = re.compile(r"^(<!-- assumed (\S+) (\S+) -->\n).*?^(<!-- /assumed -->)", re.S | re.M)   # (at a line's start)
WRITE_DOCS = "python -m simulate.core.assumed --write-docs"


def value_text(value):
    """A config value in a table cell: action strings as written, a table as "key value, ...",
    a list of tables or lists numbered ("1: ...; 2: ...")."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return ", ".join(f"{k} {value_text(v)}" for k, v in value.items()) or "none"
    if isinstance(value, list):
        if not value:
            return "none"
        if any(isinstance(v, (dict, list)) for v in value):
            return "; ".join(f"{i}: {value_text(v)}" for i, v in enumerate(value, 1))
        return ", ".join(value_text(v) for v in value)
    return str(value)


def doc_table(game, label):
    """The Markdown table of the assumed values of config file `label` of `game`: key, value."""
    path = get_game(game).config_files()[label]
    def cell(text):
        return text.replace("|", "\\|").replace("\n", " ")

    rows = [f"| `{cell(key)}` | {cell(value_text(value))} |"
            for key, value in scan_values(path.read_text(encoding="utf-8"))]
    return "\n".join([f"Generated from `configs/{game}/{label}` by `{WRITE_DOCS}` (do not edit by hand):", "",
                      "| assumed value (key, as `--set` names it) | value |", "| --- | --- |", *rows, ""])


def refreshed(text):
    """A doc's text with every generated block (``<!-- assumed GAME FILE -->`` ... ``<!-- /assumed
    -->``) written from the config file it names."""
    return BLOCK.sub(lambda m: m.group(1) + doc_table(m.group(2), m.group(3)) + m.group(4), text)


def stale_docs(folder=DOCS):
    """The docs whose generated blocks differ from their config files now."""
    return [p for p in sorted(Path(folder).glob("*.md")) if BLOCK.search(t := p.read_text(encoding="utf-8"))
            and refreshed(t) != t]


def write_docs(folder=DOCS):
    """Rewrite the generated blocks of every doc in `folder`; the docs changed."""
    changed = stale_docs(folder)
    for p in changed:
        p.write_text(refreshed(p.read_text(encoding="utf-8")), encoding="utf-8")
    return changed


def main(argv=None):
    """``python -m simulate.core.assumed GAME``: the assumed values' count per file; ``--write-docs``:
    the docs' generated tables rewritten from the configs."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--write-docs"]:
        for p in write_docs():
            print(f"rewrote {p}")
        return 0
    if len(args) != 1 or args[0].startswith("-"):
        print("usage: python -m simulate.core.assumed GAME | --write-docs", file=sys.stderr)
        return 2
    found = get_game(args[0]).assumed_values()
    for label, n in found.counts():
        print(f"{label}: {n}")
    print(f"total: {found.total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
