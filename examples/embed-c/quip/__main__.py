"""``quip [options] PROGRAM.qp [ARGS...]``: run a program, optionally profiled.

    quip programs/trees.qp                  # just run it
    quip -o trees.prof programs/trees.qp    # ... and write an allocation profile
    vmsample report trees.prof              # where, what type, who survived
"""

import argparse
import sys

from vmsample.sdk import add_profile_arguments, profile_options

from quip.compiler import QuipSyntaxError
from quip.runner import DEFAULT_ALLOC_PERIOD, run_file


def main(argv=None):
    parser = argparse.ArgumentParser(prog="quip", description="Run a quip program on the vmsample nursery.")
    add_profile_arguments(parser, default_alloc_period=DEFAULT_ALLOC_PERIOD)
    parser.add_argument("program", metavar="PROGRAM.qp")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the program")
    args = parser.parse_args(argv)
    options = profile_options(parser, args)
    try:
        status = run_file(args.program, argv=args.args, **options)
    except OSError as e:
        print(f"quip: {e.filename or args.program}: {e.strerror or e}", file=sys.stderr)
        return 1
    except QuipSyntaxError as e:
        print(e, file=sys.stderr)
        return 2
    sys.stdout.flush()
    if options["profile"]:
        print(f"quip: profile written to {options['profile']}; try: vmsample report {options['profile']}",
              file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
