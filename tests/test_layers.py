"""The packages stand in layers, each importing only from those below it (docs/architecture.md):
a game's rules never reach into the runner, analysis never into what plays games, the CLI is
the only roof. Read from the source (every import, function-local ones too), so a cycle
shows here before it shows as an ImportError at someone's start-up."""
import ast
from pathlib import Path

from simulate.core.games import game_names, module_of

ROOT = Path(__file__).resolve().parents[1]

# bottom first; the game packages (the registry's, ``simulate.core.games``: the one list of games)
# share one floor and never import each other
GAME_PACKAGES = tuple(sorted(module_of(name) for name in game_names()))
LAYERS = [
    ("simulate.core",),
    ("analysis",),
    ("strategies",),
    GAME_PACKAGES,
    ("simulate.running",),
    ("reports",),
    ("simulate",),                     # the CLI and the notebook API on top
]
PACKAGES = {p: floor for floor, names in enumerate(LAYERS) for p in names}


def package_of(module):
    """The package of LAYERS a module belongs to (the longest that prefixes it)."""
    return max((p for p in PACKAGES if module == p or module.startswith(p + ".")), key=len, default=None)


def modules():
    """{module name: (path, source)} of every windtunnel module."""
    out = {}
    for top in ("simulate", "analysis", "strategies", "reports"):
        for path in (ROOT / top).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = (path, path.read_text())
    return out


def imports(module, path, source, known):
    """(imported module, line) of every import in the source, resolved to absolute names."""
    tree = ast.parse(source)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            yield target, node.lineno
            yield from ((f"{target}.{a.name}", node.lineno) for a in node.names if f"{target}.{a.name}" in known)
        elif isinstance(node, ast.Import):
            yield from ((a.name, node.lineno) for a in node.names)


def upward_imports(known):
    found = []
    for module, (path, source) in known.items():
        here = package_of(module)
        for target, line in imports(module, path, source, known):
            there = package_of(target) if target in known else None
            if there is None or there == here:
                continue
            if PACKAGES[there] >= PACKAGES[here]:
                found.append(f"{path.relative_to(ROOT)}:{line}: {module} ({here}) imports {target} ({there})")
    return found


def test_every_import_goes_down_a_layer():
    """No import of a package on the same floor or above (game packages share a floor, so
    one game importing another is caught too)."""
    assert upward_imports(modules()) == []


def test_every_package_under_simulate_has_its_floor():
    """A game's package is on the games' floor only when registered: a package under simulate/
    that is neither the core, the runner nor a registered game would sit on the CLI's floor, where
    nothing is checked."""
    under = {f"simulate.{d.name}" for d in (ROOT / "simulate").iterdir() if (d / "__init__.py").exists()}
    assert under - {"simulate.core", "simulate.running"} == {g for g in GAME_PACKAGES if g.startswith("simulate.")}


def test_a_game_outside_the_tree_imports_only_below_the_games_floor():
    """The test suite's dice game (``tests/dicegame``, registered at run time) is held to a game's
    floor too: the core, analysis and strategies, never the runner, reports, the CLI or a game."""
    known = modules()
    for path in (ROOT / "tests" / "dicegame").glob("*.py"):
        name = "tests.dicegame" + ("" if path.stem == "__init__" else f".{path.stem}")
        known[name] = (path, path.read_text())
    floor = PACKAGES["simulate.core"], LAYERS.index(GAME_PACKAGES)
    found = [(m, t) for m in known if m.startswith("tests.dicegame")
             for t, _ in imports(m, *known[m], known) if package_of(t) is not None
             and PACKAGES[package_of(t)] >= floor[1]]
    assert found == []


def test_the_check_sees_an_upward_import():
    """The check itself: a core module importing the runner, and a game importing another
    game, are reported (else the test above could pass by reading nothing)."""
    known = modules()
    assert {"simulate.core.protocol", "simulate.running.runner", "analysis.load", "reports.build"} <= set(known)
    core, game = ROOT / "simulate" / "core" / "probe.py", ROOT / "simulate" / "eos" / "probe.py"
    known.update({"simulate.core.probe": (core, "def f():\n    from ..running import runner\n"),
                  "simulate.eos.probe": (game, "from ..aeolos.layout import S_VP\n")})
    found = upward_imports(known)
    assert any("simulate.core.probe" in f and "simulate.running.runner" in f for f in found)
    assert any("simulate.eos.probe" in f and "simulate.aeolos.layout" in f for f in found)
    assert {f.split(":")[0] for f in found} == {"simulate/core/probe.py", "simulate/eos/probe.py"}


def test_the_command_line_starts_without_the_heavy_libraries():
    """Why the function-local imports are there (docs/architecture.md): `windtunnel --help`
    and `import simulate` load no kernel, no numba, no numpy and no data library."""
    import subprocess
    import sys

    heavy = ("numba", "numpy", "polars", "pyarrow", "matplotlib", "seaborn", "joblib", "scipy",
             "simulate.aeolos.kernel", "simulate.eos.kernel")
    code = (f"import sys, simulate, simulate.cli; print([m for m in {heavy!r} if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


# What a function-local import may defer: a library that costs start-up time (or is optional), or a
# module whose import loads one (a game's kernel loads numba). docs/architecture.md.
HEAVY = {"numba", "llvmlite", "numpy", "polars", "pyarrow", "pandas", "matplotlib", "seaborn", "joblib", "scipy",
         "rich", "IPython", "ray", "dask", "distributed"}


def import_lines(known):
    """{module: [(imported module, line, at the top level?)]}, each file parsed once."""
    out = {}
    for module, (path, source) in known.items():
        tree = ast.parse(source)
        local = {n.lineno for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                 for n in ast.walk(f) if isinstance(n, (ast.Import, ast.ImportFrom))}
        out[module] = [(t, line, line not in local) for t, line in imports(module, path, source, known)]
    return out


def heavy(modules):
    return {m.split(".")[0] for m in modules} & HEAVY


def needless_local_imports(known):
    """Function-local imports that defer nothing heavy beyond what their module loads anyway, and
    say no reason (a comment on the line)."""
    table, loads = import_lines(known), {}

    def loaded_by(module):
        """Every module (windtunnel's and others') importing `module` loads, its packages' too."""
        if module not in loads:
            seen, todo = set(), [module]
            while todo:
                m = todo.pop()
                if m not in seen:
                    seen.add(m)
                    parts = m.split(".")
                    todo += [".".join(parts[:i]) for i in range(1, len(parts))]
                    todo += [t for t, _, top in table.get(m, ()) if top]
            loads[module] = seen
        return loads[module]

    found = []
    for module, (path, source) in known.items():
        mine, lines = heavy(loaded_by(module)), source.splitlines()
        for line in sorted({line for _, line, top in table[module] if not top}):
            targets = [t for t, at, _ in table[module] if at == line]
            if "#" not in lines[line - 1] and not any(heavy(loaded_by(t)) - mine for t in targets):
                found.append(f"{path.relative_to(ROOT)}:{line}: {', '.join(targets)}")
    return found


def test_a_function_local_import_defers_something_heavy_or_says_why():
    assert needless_local_imports(modules()) == []


def test_the_check_sees_a_needless_local_import():
    known = modules()
    probe = ROOT / "analysis" / "probe.py"
    known["analysis.probe"] = (probe, "import polars as pl\n\n\ndef f():\n    from .words import plural\n"
                                      "    import json\n    import scipy.stats\n    from .load import CELL  # why\n")
    assert [f for f in needless_local_imports(known) if "probe" in f] == [
        "analysis/probe.py:5: analysis.words", "analysis/probe.py:6: json"]


def test_every_part_of_the_game_contract_is_in_the_recipe():
    """docs/adding-a-game.md names every public attribute and method of ``Game``, so a new game's
    author meets each in the recipe, not only in a code comment."""
    from simulate.core.protocol import Game

    recipe = (ROOT / "docs" / "adding-a-game.md").read_text()
    assert [name for name in vars(Game) if not name.startswith("_") and name not in recipe] == []
