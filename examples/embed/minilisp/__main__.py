"""``minilisp [options] PROGRAM.scm [ARGS...]``: run a program, optionally profiled.

    minilisp programs/trees.scm                       # just run it
    minilisp -o trees.prof programs/trees.scm         # ... and write an allocation profile
    vmsample report trees.prof                        # where, what type, who survived
"""

import argparse
import sys

from vmsample.sdk import add_profile_arguments, profile_options

from minilisp.reader import LispSyntaxError
from minilisp.runner import DEFAULT_ALLOC_PERIOD, run_file


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="minilisp", description="Run a minilisp program on the vmsample nursery.")
    add_profile_arguments(parser, default_alloc_period=DEFAULT_ALLOC_PERIOD)
    parser.add_argument("program", metavar="PROGRAM.scm")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the program")
    args = parser.parse_args(argv)
    options = profile_options(parser, args)
    try:
        status = run_file(args.program, argv=args.args, **options)
    except OSError as e:
        print(f"minilisp: {e.filename or args.program}: {e.strerror or e}", file=sys.stderr)
        return 1
    except LispSyntaxError as e:
        print(e, file=sys.stderr)
        return 2
    sys.stdout.flush()
    if options["profile"]:
        print(f"minilisp: profile written to {options['profile']}; try: vmsample report "
              f"{options['profile']}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
