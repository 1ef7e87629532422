"""The vmsample VM: a Python subset compiled from stdlib ``ast`` to bytecode and
run by a Cython eval loop that allocates every object through the nursery.

``run_program(source, filename, argv)`` runs program text and returns its exit
status; ``run_file(path, argv)`` runs a file like ``python PATH ARGV...``,
``run_module(name, argv)`` a module like ``python -m NAME ARGV...``;
``main(argv)`` is ``python -m vmsample.lang``.
"""

import os
import sys

__all__ = ["run_program", "run_file", "run_module", "main", "CompileError"]

from vmsample.lang.code_object import CompileError  # noqa: E402


def run_program(source, filename, argv=(), nursery=None, code_filename=None, writer=None, seed=None,
                module=None):
    """Compile and run program text; returns the exit status: 0, 1 after an
    uncaught exception, SystemExit's code, or 2 if the compiler refuses the
    program (its ``file:line:col: message`` goes to stderr).

    [filename] is what compile errors name; [code_filename] (default: the
    same) what tracebacks and profiles name.  [nursery] defaults to a fresh
    one of ``VMSAMPLE_NURSERY`` bytes (1 MiB).  With [writer] (and [seed]) the
    run is profiled into it: see ``vmsample.lang._vm.run_program``; the
    caller closes the writer.  With [module], see [run_module]."""
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
                               code_filename=code_filename or filename, writer=writer, seed=seed,
                               module=module)
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


def run_module(name, argv=(), nursery=None, writer=None, seed=None):
    """Run module [name] like ``python -m NAME ARGV...`` (CPython's runpy:
    found on sys.path, the current directory first; a package runs its
    ``__main__``; ``sys.argv[0]`` becomes the module's file); returns the
    exit status, 1 with ``No module named NAME`` if there is none."""
    return run_program("", "<string>", ["-m", *argv], nursery, writer=writer, seed=seed, module=name)


# The program a command runs, as CPython's command line says it (the same
# for `vmsample run`, whose argparse has -c and -m take the rest of the line):
# PROG.py, -c CODE or -m MODULE, then the program's own arguments.
USAGE = "usage: python -m vmsample.lang (PROG.py | -c CODE | -m MODULE) [ARGS...]"
HELP = f"""{USAGE}

Run a program on the vmsample VM, like python PROG.py ARGS, python -c CODE
ARGS or python -m MODULE ARGS: ARGS become its sys.argv[1:].  Exit status:
0, 1 after an uncaught exception, SystemExit's code, or 2 for a program the
compiler refuses or cannot open.

To profile the run, use: vmsample run [options] (PROG.py | -c CODE | -m MODULE) [ARGS...]"""


def main(argv):
    # Parsed by hand, not with argparse: only options before the program are
    # ours, and `bench vm` times this command's start-up with every program.
    if argv and argv[0] in ("-h", "--help"):
        print(HELP)
        return 0
    if argv and argv[0] in ("-c", "-m") and len(argv) >= 2:
        if argv[0] == "-c":
            return run_program(argv[1], "<string>", ["-c", *argv[2:]])
        return run_module(argv[1], argv[2:])
    if not argv or argv[0].startswith("-"):
        if not argv:
            problem = "no program given"
        elif argv[0] in ("-c", "-m"):
            problem = f"argument {argv[0]}: expected one argument"
        else:
            problem = f"unknown option {argv[0]}"
        print(f"python -m vmsample.lang: error: {problem} ({USAGE})", file=sys.stderr)
        return 2
    try:
        return run_file(argv[0], argv[1:])
    except OSError as e:
        print(f"vmsample: can't open file '{argv[0]}': {e.strerror}", file=sys.stderr)
        return 2
