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


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""

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
    sub = parser.add_subparsers(dest="_command", metavar="COMMAND", parser_class=ArgumentParser)
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
