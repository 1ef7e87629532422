"""Where the VM finds a module: one answer for the compiler (can this import
succeed? if not, it compiles to a ModuleNotFoundError) and for the VM (which
file to compile and run on the first import; vm/modules.pxi).

As CPython with ``python PROG.py``, the search path is the program's
directory first -- its own modules and packages -- then the VM's standard
library (``vmsample/lang/lib``: Python source the VM compiles, so library
code is profiled with its own frames).  Built-in modules (math, sys, ...)
come before either (compiler.BUILTIN_MODULES).
"""

from __future__ import annotations

import os
import site
import sysconfig

LIB_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib")
APP_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "app")
STDLIB_DIR = sysconfig.get_paths()["stdlib"]


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


def find_module(name: str, path: list[str]) -> tuple[str, bool] | None:
    """The source file of module [name] (dotted) as (absolute path, is it a
    package), or None: ``a/b.py``, or ``a/b/__init__.py`` for a package, or
    the directory ``a/b`` itself for a namespace package (no ``__init__``;
    only if no directory on the path has ``a/b.py`` or a regular package)."""
    parts = name.split(".")
    if not all(p.isidentifier() for p in parts):
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
