"""The vmsample VM: a Python subset compiled from stdlib ``ast`` to bytecode and
run by a Cython eval loop that allocates every object through the nursery.

``run_file(path, argv)`` runs a program and returns its exit status;
``main(argv)`` is ``python -m vmsample.lang``.
"""

import os
import sys

__all__ = ["run_file", "run_source", "main", "CompileError"]

from vmsample.lang.compiler import CompileError  # noqa: E402


def _nursery_size():
    from vmsample.cli._args import parse_size
    text = os.environ.get("VMSAMPLE_NURSERY")
    return parse_size(text) if text else 4 << 20


def run_source(source, filename, argv=(), nursery=None, code_filename=None):
    """Run program text; returns the exit status (2 if the compiler refuses it).

    [filename] is what compile errors name; [code_filename] (default: the
    same) what tracebacks and profiles name."""
    from vmsample._nursery import Nursery
    from vmsample.lang import _vm

    try:
        if nursery is None:
            nursery = Nursery(nursery_size=_nursery_size())
        return _vm.run_program(source, filename, list(argv), nursery,
                               code_filename=code_filename or filename)
    except CompileError as e:
        print(e, file=sys.stderr)
        return 2
    except SyntaxError as e:
        print(syntax_error_line(e), file=sys.stderr)
        return 2


def syntax_error_line(e):
    """A SyntaxError as the one line vmsample prints: ``file:line:col: SyntaxError: msg``."""
    return f"{e.filename}:{e.lineno}:{e.offset or 0}: SyntaxError: {e.msg}"


def run_file(path, argv=()):
    """Run a program file like ``python PATH ARGV...``: tracebacks and
    profiles name it by its absolute path, as CPython does."""
    from vmsample.lang.source import read_source

    try:
        source = read_source(path)
    except SyntaxError as e:
        print(syntax_error_line(e), file=sys.stderr)
        return 2
    return run_source(source, path, [path, *argv], code_filename=os.path.abspath(path))


def main(argv):
    if not argv:
        print("usage: python -m vmsample.lang PROG.py [ARGS...]", file=sys.stderr)
        return 2
    try:
        return run_file(argv[0], argv[1:])
    except OSError as e:
        print(f"vmsample: can't open file '{argv[0]}': {e.strerror}", file=sys.stderr)
        return 2
