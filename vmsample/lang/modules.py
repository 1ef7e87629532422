"""Where the VM finds a module: one answer for the VM's importer (which
file to compile and run on the first import; vm/modules.pxi) and for
``vmsample run --check`` (which imports cannot succeed).

As CPython with ``python PROG.py``, the search path (sys.path) is the
program's directory first -- its own modules and packages -- then
``PYTHONPATH``, the VM's replacements for CPython's C modules
(``vmsample/lang/lib``: Python source the VM compiles, so library code is
profiled with its own frames, as PyPy's lib_pypy), the host's standard
library, unmodified, and the environment's site-packages.  A C module of
CPython's is answered by its row in ``lib/c_modules.toml``
([c_module_kind]): a replacement file, the host's module delegated, the
VM's own, or no such module (the standard library's pure Python fallback
takes over, or the import is refused).
"""

from __future__ import annotations

import os
import site
import sys

LIB_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib")
APP_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "app")
# The host's standard library: the directory of the os module CPython
# runs, which is sysconfig's "stdlib" path (sysconfig with its config data
# was ~1.5 ms of every start, which imports it for nothing else).
STDLIB_DIR = os.path.dirname(os.__file__)


def search_path(program_filename: str) -> list[str]:
    """The directories searched for a program's imports, in CPython's order:
    its own directory (the current one for ``-c``), ``PYTHONPATH``, the VM's
    replacements for CPython's C modules, the host's standard library, then
    the environment's site-packages."""
    if program_filename.startswith("<"):
        home = os.getcwd()
    else:
        home = os.path.dirname(os.path.abspath(program_filename))
    extra = [d for d in os.environ.get("PYTHONPATH", "").split(os.pathsep) if d]
    return [home, *extra, LIB_DIR, STDLIB_DIR, *site.getsitepackages()]


def find_in_path(leaf: str, path: list[str]) -> tuple[str, bool] | None:
    """The source file of module [leaf] (one name) in the directories
    [path] as (absolute path, is it a package), or None: ``leaf.py``, or
    ``leaf/__init__.py`` for a package, or the directory ``leaf`` itself for
    a namespace package (no ``__init__``; only if no directory on the path
    has ``leaf.py`` or a regular package)."""
    parts = [leaf]
    if not leaf or os.sep in leaf or leaf in (".", ".."):
        return None
    for directory in path:
        base = os.path.join(directory, *parts)
        if os.path.isfile(base + ".py"):
            return base + ".py", False
        init = os.path.join(base, "__init__.py")
        if os.path.isfile(init):
            return init, True
    for directory in path:
        base = os.path.join(directory, *parts)
        if os.path.isdir(base):
            return base, True
    return None


def _parse_c_modules(path: str) -> dict:
    import tomllib

    with open(path, "rb") as f:
        return {row["name"]: row for row in tomllib.load(f)["module"]}


def _c_modules() -> dict:
    # Parsed once per edit of the table, not at every start (vmsample/lang/disk_cache.py).
    from vmsample.lang.disk_cache import cached_table

    return cached_table(os.path.join(LIB_DIR, "c_modules.toml"), _parse_c_modules)


C_MODULES = _c_modules()
# The kinds of C module an import finds (the others raise ModuleNotFoundError).
_PROVIDED = ("vm-builtin", "python", "delegated")

# The VM's own modules, which its start-up makes (vm/startup.pxi).
VM_MODULES = tuple(name for name, row in C_MODULES.items() if row["kind"] == "vm-builtin")

# sys.builtin_module_names on the VM: CPython's built-in modules that the VM
# provides (its own, replacements and delegated ones), as os.py and others ask.
BUILTIN_MODULE_NAMES = tuple(sorted(
    name for name in sys.builtin_module_names if C_MODULES.get(name, {}).get("kind") in _PROVIDED))


def c_module_kind(name: str) -> tuple[str, str | None] | None:
    """How the C module [name] reaches the VM -- ("python", its file),
    ("delegated", None), ("vm-builtin", None), ("pure-fallback", None),
    ("refused", why) -- or None if CPython writes it in Python (or does not
    have it)."""
    row = C_MODULES.get(name)
    if row is None:
        return None
    if row["kind"] == "python":
        return "python", os.path.join(LIB_DIR, row["file"])
    return row["kind"], row.get("why")


def has_hidden_frames(path: str) -> bool:
    """Whether the code of the module file [path] runs without frames a
    program sees (sys._getframe, f_back, tracebacks): the VM's replacements
    for CPython's C modules and their helpers, since C code has none."""
    return os.path.dirname(os.path.abspath(path)) == LIB_DIR


def is_provided_c_module(name: str) -> bool:
    """Whether [name] is a C module that an import finds on the VM: its own,
    a replacement or a delegated one."""
    return "." not in name and C_MODULES.get(name, {}).get("kind") in _PROVIDED


def find_module(name: str, path: list[str]) -> tuple[str, bool] | None:
    """The source of module [name] (dotted; a submodule is looked for in its
    parent's directory on [path]) as (absolute path, is it a package)."""
    kind = c_module_kind(name) if "." not in name else None
    if kind is not None:
        return (kind[1], False) if kind[0] == "python" else None
    return find_in_path(name.rpartition(".")[2] if "." in name else name,
                        [os.path.join(d, *name.split(".")[:-1]) for d in path])
