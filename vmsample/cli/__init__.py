"""The ``vmsample`` command line.

Each subcommand is one module in this package (``run.py``, ``report.py``, ...)
that defines::

    HELP = "one line for the command list"
    def add_arguments(parser: argparse.ArgumentParser) -> None: ...
    def run(args: argparse.Namespace) -> int: ...          # exit status

Modules are discovered by name, so adding a command needs no edit here.
Conventions every command follows:

* status and errors go to stderr; only the requested output goes to stdout;
* a bad argument is a one-line ``vmsample CMD: error: ...`` and exit status 2;
* a failure the user can fix (missing file, malformed profile) raises
  ``CommandError`` -- one line, exit status 1 unless it says otherwise --
  never a traceback.
"""

import argparse
import importlib
import sys


class CommandError(Exception):
    """A one-line, user-facing failure of a command."""

    def __init__(self, message, exit_code=1):
        super().__init__(message)
        self.exit_code = exit_code


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, sized to the terminal when it first lays text
    out rather than when it is made.  argparse makes one at every
    add_argument (to check the metavar) and sizing one imports shutil, and
    with it zlib, bz2 and lzma: ~2.5 ms of every profiled run's start, which
    prints no help.  The width and help position are argparse's own, read
    from a formatter of argparse's made at the first use."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        self._asked = (indent_increment, max_help_position, width)
        self._sized = None
        super().__init__(prog, indent_increment, max_help_position, width=0)  # (its sizes: ignored, below)

    def _size(self):
        if self._sized is None:
            sized = argparse.HelpFormatter(self._prog, *self._asked)
            self._sized = sized._width, sized._max_help_position
        return self._sized

    # argparse's __init__ assigns both; what it assigns is not read.
    _width = property(lambda self: self._size()[0], lambda self, value: None)
    _max_help_position = property(lambda self: self._size()[1], lambda self, value: None)


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2,
    and help is laid out by the HelpFormatter above."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def _command_names():
    import pkgutil

    import vmsample.cli as package

    return sorted(info.name for info in pkgutil.iter_modules(package.__path__) if not info.name.startswith("_"))


def _is_command(name):
    # Whether [name] is a command, without listing them all (pkgutil: ~2 ms
    # of a profiled run's start).
    import importlib.util

    return (name is not None and name.isidentifier() and not name.startswith("_")
            and importlib.util.find_spec(f"vmsample.cli.{name}") is not None)


def build_parser(command=None):
    """The whole command line; with [command], one of the commands, only that
    command: the others' modules (imported for their HELP line) and the
    modules they import would cost a profiled run ~25 ms of start-up."""
    from vmsample import __version__

    parser = ArgumentParser(
        prog="vmsample",
        description="Allocation profiles for managed runtimes, in VMProf format.",
    )
    parser.add_argument("--version", action="version", version=f"vmsample {__version__}")
    # (prog: what argparse would lay out as the usage of [parser], which has
    # no positional arguments yet: its name.)
    sub = parser.add_subparsers(dest="_command", metavar="COMMAND", parser_class=ArgumentParser, prog=parser.prog)
    sub.required = True
    for name in [command] if _is_command(command) else _command_names():
        module = importlib.import_module(f"vmsample.cli.{name}")
        cmd = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(cmd)
        cmd.set_defaults(_run=module.run)
    return parser


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    command = argv[0] if argv and not argv[0].startswith("-") else None
    args = build_parser(command).parse_args(argv)
    try:
        return args._run(args) or 0
    except CommandError as e:
        print(f"vmsample {args._command}: error: {e}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        print(f"vmsample {args._command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # `vmsample dump x.prof | head`: not an error worth a traceback.
        sys.stderr.close()
        return 0
