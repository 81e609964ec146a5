"""Golden tables: content hashes of every table of 2,000 AEOLOS games in every player count and
variant, and of 300 EOS games in every player count, with the deluxe module and solo, recorded
before a refactor so that the refactor can be shown to change no game, to the last VP (glory).

    .venv/bin/python -m tests.golden_tables --write [aeolos|eos]   # record (only for an intended rule change)

``tests/test_golden.py`` plays the same runs and compares. ``run_id`` is left out of the
hash: it names the run, it is not a result.
"""
import hashlib
import json
import sys
import tempfile
from pathlib import Path

FOLDER = Path(__file__).parent / "golden"
SEED = 11
# per game: games per case, its cases (variant, players), the strategies rotated round the table
# (heuristics of several styles; AEOLOS's random too: EOS's random never fills the chronicle) and tables
SETS = {
    "aeolos": (2000, [(v, p) for v in ("base", "tableaus", "poseidon", "challenge", "variable") for p in (2, 3, 4)],
               ("balanced", "greedy", "favor", "random"), ("games", "seats", "cards")),
    "eos": (300, [("base", 2), ("base", 3), ("base", 4), ("base", 5), ("deluxe", 3), ("night", 2), ("solo", 1)],
            ("balanced", "greedy", "deed_hunter", "merchant", "storyteller"), ("games", "seats", "cards", "feats", "uses")),
}


def golden(game="aeolos"):
    return FOLDER / f"{game}_tables.json"


def cases(game="aeolos"):
    return SETS[game][1]


def table_hash(lf):
    """sha256 over every column's name, type and values (run_id excluded), in row order."""
    table = lf.collect().drop("run_id", strict=False).to_arrow()
    h = hashlib.sha256()
    for name in table.column_names:
        col = table.column(name)
        h.update(f"{name}:{col.type}".encode())
        h.update(json.dumps(col.to_pylist(), default=str).encode())
    return h.hexdigest()


def play(variant, players, folder, game="aeolos"):
    import simulate

    games, _, mix, tables = SETS[game]
    run = simulate.run(game, players=players, games=games, seed=SEED, strategies=",".join(mix[:players]),
                       rotate_seats=True, variant=variant, out=Path(folder) / f"{variant}-{players}p", jobs=1,
                       batch_size=games * 7 // 20, progress=False)
    return {t: table_hash(run.table(t)) for t in tables}


def record(game="aeolos"):
    with tempfile.TemporaryDirectory() as d:
        return {f"{v}-{p}p": play(v, p, d, game) for v, p in cases(game)}


if __name__ == "__main__":
    if "--write" in sys.argv:
        FOLDER.mkdir(exist_ok=True)
        for game in [g for g in SETS if g in sys.argv[2:]] or SETS:
            golden(game).write_text(json.dumps(record(game), indent=1, sort_keys=True) + "\n")
            print(f"wrote {golden(game)}")
