"""``minilisp [options] PROGRAM.scm [ARGS...]``: run a program, optionally profiled.

    minilisp programs/trees.scm                       # just run it
    minilisp -o trees.prof programs/trees.scm         # ... and write an allocation profile
    vmsample report trees.prof                        # where, what type, who survived
"""

import argparse
import os
import sys

from vmsample._nursery import parse_size
from vmsample.profile._glue import check_timer_period

from minilisp.reader import LispSyntaxError
from minilisp.runner import DEFAULT_ALLOC_PERIOD, run_file


def _size(text):
    try:
        value = parse_size(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1 byte")
    return value


def _period(text):
    return None if text.strip().lower() == "off" else _size(text)


_TIME_UNITS = {"ns": 1, "us": 1000, "ms": 1000_000, "s": 1000_000_000}


def _duration(text):
    """``1ms``, ``500us``, ``2s`` -> ns; ``off`` -> None."""
    t = text.strip().lower()
    if t == "off":
        return None
    number = t.rstrip("nums")
    unit = t[len(number):]
    try:
        value = float(number) * _TIME_UNITS[unit]
    except (ValueError, KeyError):
        raise argparse.ArgumentTypeError(
            f"invalid duration {text!r}: expected a number with ns, us, ms or s (e.g. 1ms), or off") from None
    try:
        check_timer_period(int(value))
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return int(value)


def build_parser():
    p = argparse.ArgumentParser(
        prog="minilisp", description="Run a minilisp program on the vmsample nursery.")
    p.add_argument("-o", "--output", metavar="OUT.prof",
                   help="write an allocation profile (vmprof format) to this file")
    p.add_argument("-f", "--force", action="store_true", help="overwrite an existing profile")
    p.add_argument("--alloc-period", type=_period, default=DEFAULT_ALLOC_PERIOD, metavar="SIZE|off",
                   help="allocated bytes per sample, with K/M/G suffixes (default: 64K)")
    p.add_argument("--sampling", choices=("random", "fixed"), default="random",
                   help="sample at random gaps of mean SIZE (the default: periodic allocation "
                        "patterns cannot alias with it), or every SIZE bytes exactly (the paper's)")
    p.add_argument("--seed", type=int, help="seed of the sampler's random draws")
    p.add_argument("--time-period", type=_duration, default=None, metavar="DURATION|off",
                   help="also sample the stack every DURATION of CPU time, e.g. 1ms (default: off)")
    p.add_argument("--nursery", type=_size, metavar="SIZE", help="nursery size (default: 4M)")
    p.add_argument("program", metavar="PROGRAM.scm")
    p.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the program")
    return p


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.time_period is not None and not args.output:
        parser.error("--time-period needs a profile to write (-o OUT.prof)")
    if args.output and os.path.exists(args.output) and not args.force:
        parser.error(f"{args.output} exists (use -f to overwrite it)")
    try:
        status = run_file(args.program, profile=args.output, alloc_period=args.alloc_period,
                          sampling=args.sampling, seed=args.seed, time_period_ns=args.time_period,
                          nursery=args.nursery,
                          argv=args.args)
    except OSError as e:
        print(f"minilisp: {e.filename or args.program}: {e.strerror or e}", file=sys.stderr)
        return 1
    except LispSyntaxError as e:
        print(e, file=sys.stderr)
        return 2
    sys.stdout.flush()
    if args.output:
        print(f"minilisp: profile written to {args.output}; try: vmsample report {args.output}",
              file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
