"""The vmsample VM: a Python subset compiled from stdlib ``ast`` to bytecode and
run by a Cython eval loop that allocates every object through the nursery.

``run_program(source, filename, argv)`` runs program text and returns its exit
status; ``run_file(path, argv)`` runs a file like ``python PATH ARGV...``;
``main(argv)`` is ``python -m vmsample.lang``.
"""

import os
import sys

__all__ = ["run_program", "run_file", "main", "CompileError"]

from vmsample.lang.code_object import CompileError  # noqa: E402


def run_program(source, filename, argv=(), nursery=None, code_filename=None, writer=None, seed=None):
    """Compile and run program text; returns the exit status: 0, 1 after an
    uncaught exception, SystemExit's code, or 2 if the compiler refuses the
    program (its ``file:line:col: message`` goes to stderr).

    [filename] is what compile errors name; [code_filename] (default: the
    same) what tracebacks and profiles name.  [nursery] defaults to a fresh
    one of ``VMSAMPLE_NURSERY`` bytes (1 MiB).  With [writer] (and [seed]) the
    run is profiled into it: see ``vmsample.lang._vm.run_program``; the
    caller closes the writer."""
    from vmsample._nursery import Nursery
    from vmsample.lang import _vm

    try:
        if nursery is None:
            try:
                nursery = Nursery()     # its default size, or the VMSAMPLE_NURSERY knob's
            except (ValueError, MemoryError) as e:     # a bad VMSAMPLE_* knob; no memory
                print(f"vmsample: {e}", file=sys.stderr)
                return 2
        return _vm.run_program(source, filename, list(argv), nursery,
                               code_filename=code_filename or filename, writer=writer, seed=seed)
    except CompileError as e:
        print(e, file=sys.stderr)
        return 2
    except SyntaxError as e:
        print(syntax_error_line(e), file=sys.stderr)
        return 2
    except RecursionError as e:
        # Only compiling can raise it here (the VM raises its own, inside the
        # program): an expression nested deeper than CPython compiles.
        print(f"RecursionError: {e}", file=sys.stderr)
        return 1


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
    return run_program(source, path, [path, *argv], code_filename=os.path.abspath(path))


USAGE = "usage: python -m vmsample.lang PROG.py [ARGS...]"
HELP = f"""{USAGE}

Run PROG.py on the vmsample VM, like python PROG.py ARGS: ARGS become its
sys.argv[1:].  Exit status: 0, 1 after an uncaught exception, SystemExit's
code, or 2 for a program the compiler refuses or cannot open.

To profile the run, use: vmsample run [options] PROG.py [ARGS...]"""


def main(argv):
    # Parsed by hand, not with argparse: only options before PROG.py are ours
    # (-h), and `bench vm` times this command's start-up with every program.
    if argv and argv[0] in ("-h", "--help"):
        print(HELP)
        return 0
    if not argv or argv[0].startswith("-"):
        problem = f"unknown option {argv[0]}" if argv else "no program given"
        print(f"python -m vmsample.lang: error: {problem} ({USAGE})", file=sys.stderr)
        return 2
    try:
        return run_file(argv[0], argv[1:])
    except OSError as e:
        print(f"vmsample: can't open file '{argv[0]}': {e.strerror}", file=sys.stderr)
        return 2
