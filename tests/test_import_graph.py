"""No import circle in vmsample/: the modules form a layered graph, so each
can be read (and imported) knowing only those below it.

Every import counts, at the top of a module or inside a function (a lazy
import hides a circle from the interpreter, not from a reader), in .py and
.pyx files alike (Python imports and cimports).  ``from package import
name`` depends on the module package.name when there is one, else on the
package; a module does not depend on its parent package by being in it.
"""

import ast
import re
from pathlib import Path

VMSAMPLE = Path(__file__).resolve().parents[1] / "vmsample"
_PYX_IMPORT = re.compile(r"^\s*(?:from\s+(\S+)\s+c?import\s+\(?([^#]*)|c?import\s+([\w.]+))", re.M)


def modules(root: Path) -> dict[str, Path]:
    """Dotted name -> file, for every .py and .pyx under the package [root]."""
    found = {}
    for path in sorted(root.rglob("*")):
        if path.suffix not in (".py", ".pyx") or "__pycache__" in path.parts:
            continue
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path) -> list[tuple[str, list[str]]]:
    """(imported module, names imported from it) of every import in [path]."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".pyx":
        out = []
        for m in _PYX_IMPORT.finditer(text):
            if m.group(1):
                names = [n.strip().split()[0] for n in m.group(2).replace(")", "").split(",") if n.strip()]
                out.append((m.group(1), names))
            else:
                out.append((m.group(3), []))
        return out
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            out += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1] + ([node.module] if node.module else []))
            out.append((base, [alias.name for alias in node.names]))
    return out


def graph(root: Path) -> dict[str, set[str]]:
    """Module -> the package's modules it imports."""
    mods = modules(root)

    def owner(dotted):
        while dotted and dotted not in mods:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    edges = {m: set() for m in mods}
    for m, path in mods.items():
        for base, names in imports(m, path):
            if not base.split(".")[0] == root.name:
                continue
            targets = [f"{base}.{n}" if f"{base}.{n}" in mods else owner(base) for n in names] or [owner(base)]
            edges[m] |= {t for t in targets if t and t != m}
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_vmsample_has_no_import_circle():
    edges = graph(VMSAMPLE)
    assert len(edges) > 50 and edges["vmsample.profile.reader"]     # (it did find the package)
    assert circles(edges) == []


def test_a_circle_is_found_however_it_is_imported(tmp_path):
    # The check itself: a circle through a lazy import, a relative import,
    # a `from package import module` and a .pyx cimport; and a package
    # importing its own modules is no circle.
    pkg = tmp_path / "vmsample"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from . import a\n")
    (pkg / "a.py").write_text("def f():\n    from vmsample.sub import b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("from .c import g\n")
    (pkg / "sub" / "c.pyx").write_text("from vmsample.sub.d cimport h\n")
    (pkg / "sub" / "d.py").write_text("from vmsample import a\n")
    (pkg / "sub" / "e.py").write_text("import vmsample.sub.b\n")
    assert circles(graph(pkg)) == [["vmsample.a", "vmsample.sub.b", "vmsample.sub.c", "vmsample.sub.d"]]
    (pkg / "sub" / "d.py").write_text("import vmsample.sub\n")
    assert circles(graph(pkg)) == []
