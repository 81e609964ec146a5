"""The architecture the layout promises: game-specific code only in a game's package, and
no import cycle between the modules of simulate, strategies and analysis."""
import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("simulate", "strategies", "analysis", "reports")


def module_name(path):
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path):
    """Every module a file imports (at any depth: a function's import is a dependency too)."""
    me = module_name(path).split(".")
    package = me if path.name == "__init__.py" else me[:-1]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            if node.module:
                out.add(base)
            out |= {f"{base}.{a.name}" for a in node.names}
    return out


def graph():
    files = [f for p in PACKAGES for f in (ROOT / p).rglob("*.py")]
    names = {module_name(f): f for f in files}
    return {m: {i for i in imports(f) if i in names and i != m} for m, f in names.items()}


def test_no_import_cycle_between_packages():
    """simulate's core (errors, games, protocol, run files) is the layer strategies and analysis
    stand on; the runner and the CLI use them in turn, never in a circle of modules."""
    g = graph()
    state, cycles = {}, []

    def visit(m, path):
        state[m] = "open"
        for n in sorted(g[m]):
            if state.get(n) == "open":
                cycles.append(path[path.index(n):] + [n] if n in path else [m, n])
            elif n not in state:
                visit(n, path + [n])
        state[m] = "done"
    for m in sorted(g):
        if m not in state:
            visit(m, [m])
    assert [c for c in cycles if len({m.split(".")[0] for m in c}) > 1] == []     # none across packages


def code_words(path):
    """The names and string constants of a file's code: docstrings and comments left out."""
    tree = ast.parse(path.read_text())
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
            and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            yield n.value
        elif isinstance(n, ast.Name):
            yield n.id
        elif isinstance(n, ast.Attribute):
            yield n.attr
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            yield from [getattr(n, "module", None) or ""] + [a.name for a in n.names]


def test_generic_code_names_no_game():
    """Outside a game's own package only the registry names AEOLOS (docstrings and comments aside)."""
    registry = ROOT / "simulate" / "core" / "games.py"
    files = [f for p in ("strategies", "analysis", "reports", "simulate/core", "simulate/running")
             for f in (ROOT / p).rglob("*.py") if f != registry]
    files += list((ROOT / "simulate").glob("*.py"))
    hits = {f.name: w for f in files for w in code_words(f) if re.search("aeolos", w, re.I)}
    assert hits == {}
    assert '"aeolos": "simulate.aeolos"' in registry.read_text()
