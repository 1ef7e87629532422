#!/usr/bin/env python3
"""The C modules of the host CPython that its standard library imports, and
the table that says how each reaches the VM (vmsample/lang/lib/c_modules.toml).

    python tools/c_modules.py                 # check the table; counts by kind
    python tools/c_modules.py --importers     # each C module and who imports it

A C module is a name in sys.builtin_module_names or a lib-dynload/NAME.*.so
of the host.  The scan reads every .py of the host's standard library
(site-packages and the test packages excepted) with `ast` and collects every
`import` and `from ... import`, including those inside functions and try
blocks.  The check fails (exit 1) when a C module the library imports has no
row, a row names no C module of the host (but the VM's own private modules,
kind "vm-builtin"), or a row is malformed.
"""

import argparse
import ast
import collections
import os
import sys
import sysconfig
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, "vmsample", "lang", "lib")
TABLE = os.path.join(LIB, "c_modules.toml")
STDLIB = sysconfig.get_paths()["stdlib"]

KINDS = ("python", "delegated", "pure-fallback", "vm-builtin", "refused")
FIELDS = {"name", "kind", "why", "file", "tests"}
# Directories of the standard library that are not the library: the
# regression tests (Lib/test, ctypes/test, idlelib/idle_test...) and
# what pip installed.
NOT_LIBRARY = {"test", "tests", "idle_test", "site-packages", "lib-dynload", "__pycache__"}


def host_c_modules():
    dynload = os.path.join(STDLIB, "lib-dynload")
    shared = {f.partition(".")[0] for f in os.listdir(dynload) if f.endswith(".so")}
    return set(sys.builtin_module_names) | shared


def stdlib_importers(c_modules):
    """{C module: sorted stdlib files (relative paths) that import it}."""
    importers = collections.defaultdict(set)
    for root, dirs, files in os.walk(STDLIB):
        dirs[:] = sorted(d for d in dirs if d not in NOT_LIBRARY)
        for f in files:
            if not f.endswith(".py"):
                continue
            path = os.path.join(root, f)
            with open(path, "rb") as source:
                try:
                    tree = ast.parse(source.read())
                except SyntaxError:      # lib2to3's test data and the like
                    continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    top = name.partition(".")[0]
                    if top in c_modules:
                        importers[top].add(os.path.relpath(path, STDLIB))
    return {m: sorted(files) for m, files in importers.items()}


def load(path=TABLE):
    """The table's rows, in file order: dicts with name, kind, why, and file
    and tests where given.  Raises ValueError naming the first bad row."""
    with open(path, "rb") as f:
        rows = tomllib.load(f).get("module", [])
    seen = set()
    for i, row in enumerate(rows):
        where = f"{path}: row {i + 1} ({row.get('name', '?')})"
        if not FIELDS >= set(row) >= {"name", "kind", "why"}:
            raise ValueError(f"{where}: fields {sorted(row)}, want name, kind, why [, file, tests]")
        if row["kind"] not in KINDS:
            raise ValueError(f"{where}: kind {row['kind']!r} is not one of {', '.join(KINDS)}")
        if row["name"] in seen:
            raise ValueError(f"{where}: a second row for {row['name']}")
        seen.add(row["name"])
        if ("file" in row) != (row["kind"] == "python"):
            raise ValueError(f"{where}: a file is given exactly for kind 'python'")
        if "file" in row and not os.path.isfile(os.path.join(os.path.dirname(path), row["file"])):
            raise ValueError(f"{where}: no file {row['file']}")
    return rows


def problems(rows, c_modules, importers):
    """What is wrong with the table against this host, one line each."""
    named = {row["name"] for row in rows}
    out = [f"{m}: imported by the standard library ({importers[m][0]}...) but has no row"
           for m in sorted(set(importers) - named)]
    private = {row["name"] for row in rows if row["kind"] == "vm-builtin"}    # _vm, _vmhost
    out += [f"{m}: has a row but is no C module of this CPython" for m in sorted(named - c_modules - private)]
    for row in rows:
        for test in row.get("tests", []):
            base = os.path.join(STDLIB, "test", *test.split("."))
            if not (os.path.isfile(base + ".py") or os.path.isdir(base)):
                out.append(f"{row['name']}: no test module test.{test} in {STDLIB}")
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--importers", action="store_true",
                        help="list each C module the library imports and its importers")
    args = parser.parse_args(argv)
    c_modules = host_c_modules()
    importers = stdlib_importers(c_modules)
    rows = load()
    if args.importers:
        kind = {row["name"]: row["kind"] for row in rows}
        for m in sorted(importers):
            print(f"{m:18} {kind.get(m, 'NO ROW'):14} {len(importers[m]):3}  {' '.join(importers[m][:4])}")
        return 0
    counts = collections.Counter(row["kind"] for row in rows)
    print(f"{len(rows)} rows ({len(importers)} C modules imported by the standard library): "
          + ", ".join(f"{counts[k]} {k}" for k in KINDS))
    found = problems(rows, c_modules, importers)
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
