"""Golden tables: content hashes of the games/seats/cards tables of 2,000 AEOLOS games in
every player count and variant, recorded before a refactor so that the refactor can be
shown to change no game, to the last VP.

    .venv/bin/python -m tests.golden_tables --write     # record (only for an intended rule change)

``tests/test_golden.py`` plays the same runs and compares. ``run_id`` is left out of the
hash: it names the run, it is not a result.
"""
import hashlib
import json
import sys
import tempfile
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden" / "aeolos_tables.json"
GAMES = 2000
SEED = 11
VARIANTS = ("base", "tableaus", "poseidon", "challenge", "variable")
PLAYERS = (2, 3, 4)
MIX = ("balanced", "greedy", "favor", "random")       # heuristic, plugin-free styles and random, rotated


def cases():
    return [(v, p) for v in VARIANTS for p in PLAYERS]


def table_hash(lf):
    """sha256 over every column's name, type and values (run_id excluded), in row order."""
    table = lf.collect().drop("run_id", strict=False).to_arrow()
    h = hashlib.sha256()
    for name in table.column_names:
        col = table.column(name)
        h.update(f"{name}:{col.type}".encode())
        h.update(json.dumps(col.to_pylist(), default=str).encode())
    return h.hexdigest()


def play(variant, players, folder):
    import simulate

    run = simulate.run("aeolos", players=players, games=GAMES, seed=SEED, strategies=",".join(MIX[:players]),
                       rotate_seats=True, variant=variant, out=Path(folder) / f"{variant}-{players}p", jobs=1,
                       batch_size=700, progress=False)
    return {t: table_hash(run.table(t)) for t in ("games", "seats", "cards")}


def record():
    with tempfile.TemporaryDirectory() as d:
        return {f"{v}-{p}p": play(v, p, d) for v, p in cases()}


if __name__ == "__main__":
    if "--write" in sys.argv:
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
        print(f"wrote {GOLDEN}")
