"""EOS content -> flat int32 arrays for the kernel: one program table for every action
list, and the board as arrays.

Every source of actions (a hero's rank, a card, an area's reward, a cost, a challenge)
becomes a *program*: its steps, each step's alternatives (a "/" choice), each
alternative's symbols taken together ("+"), each symbol a (code, amount) row. Four small
tables hold them all, so a step machine walks any source the same way::

    progs[p] = (first step, n steps)     steps[s] = (first alternative, n alternatives)
    alts[a]  = (first symbol, n symbols) syms[k]  = (symbol code, amount)

``index`` names each program by where it sits in the config, ids for list entries:
``"journey.card[j05].cost"``, ``"nations.kusan.hero[scout].ranks[2].actions"``,
``"map.area[17].reward"``. The board: areas by index (``area_index`` from their ids),
adjacency as CSR (``adj_start``, ``adj``), Demons, kinds, reward programs, Angel
locations, deed areas, blessing corners and the passage.
"""
from dataclasses import dataclass

import numpy as np

from .actions import CHALLENGE_ONLY, SYMBOLS, parse_actions
from .config import ACTION_KEYS, CHALLENGE_KEYS

SYMBOL_CODES = {name: i for i, name in enumerate(SYMBOLS + CHALLENGE_ONLY)}
AREA_KINDS = ("ocean", "deed", "blessing")
NO_PROGRAM = -1


@dataclass(frozen=True)
class Programs:
    progs: np.ndarray
    steps: np.ndarray
    alts: np.ndarray
    syms: np.ndarray
    index: dict             # source path -> program id

    def decode(self, p):
        """Program p as ``actions.parse_actions`` reads it: steps of alternatives of (symbol, amount)."""
        names = SYMBOLS + CHALLENGE_ONLY
        first, n = self.progs[p]
        out = []
        for s in range(first, first + n):
            a0, na = self.steps[s]
            out.append(tuple(tuple((names[self.syms[k, 0]], int(self.syms[k, 1]))
                                   for k in range(self.alts[a][0], self.alts[a][0] + self.alts[a][1]))
                             for a in range(a0, a0 + na)))
        return tuple(out)

    def __len__(self):
        return len(self.progs)


def _label(entry, i):
    """How a list entry is named in a program's path: its id, name or profession, else its index."""
    if isinstance(entry, dict):
        for key in ("id", "profession", "name"):
            if key in entry:
                return str(entry[key])
    return str(i)


class ProgramBuilder:
    """Collects programs into the four tables; ``add`` returns the new program's id."""

    def __init__(self):
        self.progs, self.steps, self.alts, self.syms, self.index = [], [], [], [], {}

    def add(self, path, parsed):
        """Program `parsed` (``actions.parse_actions``'s steps) named `path`; its id."""
        self.index[path] = len(self.progs)
        self.progs.append((len(self.steps), len(parsed)))
        for step in parsed:
            self.steps.append((len(self.alts), len(step)))
            for alt in step:
                self.alts.append((len(self.syms), len(alt)))
                self.syms.extend((SYMBOL_CODES[name], amount) for name, amount in alt)
        return self.index[path]

    def build(self):
        def table(rows):
            return np.array(rows, np.int32).reshape(-1, 2)
        return Programs(table(self.progs), table(self.steps), table(self.alts), table(self.syms), dict(self.index))


def compile_programs(config, builder=None):
    """Every action list of a validated EOS config (``config.load_rules(...).config``) -> Programs
    (or into `builder`, which the caller goes on filling)."""
    b = builder or ProgramBuilder()
    add = b.add

    def walk(node, path):
        if isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, f"{path}[{_label(item, i)}]")
        elif isinstance(node, dict):
            for key, value in node.items():
                at = f"{path}.{key}" if path else key
                if key in ACTION_KEYS + CHALLENGE_KEYS + ("global",) and isinstance(value, (list, str)):
                    items = [value] if isinstance(value, str) else value
                    if items and all(isinstance(v, list) for v in items):       # a list of action lists
                        for i, sub in enumerate(items):
                            add(f"{at}[{i}]", parse_actions(sub, key in CHALLENGE_KEYS))
                    elif all(isinstance(v, str) for v in items):
                        try:
                            add(at, parse_actions(items, key in CHALLENGE_KEYS))
                        except ValueError:
                            pass                # a flag name where a flag may stand (an event's global)
                elif key != "flags":
                    walk(value, at)

    walk(config, "")
    return b if builder is not None else b.build()


def board_arrays(config, programs):
    """The board as int32 arrays, areas in file order (see the module docstring). A blessing
    corner's reward program has one step per reward, each claimable once."""
    areas = config["map"]["area"]
    angels = {a["name"]: i for i, a in enumerate(config["angels"]["angel"])}
    area_index = {a["id"]: i for i, a in enumerate(areas)}
    adj_start = np.zeros(len(areas) + 1, np.int32)
    adj = []
    for i, a in enumerate(areas):
        adj.extend(area_index[b] for b in a["adjacent"])
        adj_start[i + 1] = len(adj)

    def column(get):
        return np.array([get(i, a) for i, a in enumerate(areas)], np.int32)

    def reward(i, a):
        for key in ("reward", "rewards"):
            path = f"map.area[{_label(a, i)}].{key}"
            if path in programs.index:
                return programs.index[path]
        return NO_PROGRAM
    return {
        "area_index": area_index,
        "adj_start": adj_start, "adj": np.array(adj, np.int32),
        "kind": column(lambda i, a: AREA_KINDS.index(a.get("kind", "ocean"))),
        "demons": column(lambda i, a: a.get("demons", 0)),
        "reward": column(reward),
        "perimeter": column(lambda i, a: int(bool(a.get("perimeter")))),
        "angel": column(lambda i, a: angels[a["angel"]] if "angel" in a else -1),
        "deed_area": column(lambda i, a: a.get("deed_area", 0)),
        "corner": column(lambda i, a: a.get("corner", 0)),
        "passage": column(lambda i, a: " AB".index(a.get("passage", " "))),
    }
