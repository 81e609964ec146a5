"""The packages stand in layers, each importing only from those below it (docs/architecture.md):
a game's rules never reach into the runner, analysis never into what plays games, the CLI is
the only roof. Read from the source (every import, function-local ones too), so a cycle
shows here before it shows as an ImportError at someone's start-up."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# bottom first; the game packages share one floor and never import each other
LAYERS = [
    ("simulate.core",),
    ("analysis",),
    ("strategies",),
    ("simulate.aeolos", "simulate.eos"),
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
    and `import simulate` load no kernel, no numba and no data library."""
    import subprocess
    import sys

    heavy = ("numba", "polars", "pyarrow", "matplotlib", "joblib", "scipy", "simulate.aeolos.kernel",
             "simulate.eos.kernel")
    code = (f"import sys, simulate, simulate.cli; print([m for m in {heavy!r} if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
