"""vmsample's embedding SDK: what every VM built on the nursery needs besides
its language (docs/embedding.md).

* `CodeRegistry`, `ProfileRun` (``_run.pyx``, compiled): a VM's code ids and
  the life cycle of a profiled run, for Python, Cython (``cimport
  vmsample.sdk._run``) and C (``vmsample/include/vmsample.h``).
* `add_profile_arguments`, `profile_options`: the command-line options of a
  profiled VM (``-o``, ``--alloc-period``, ``--time-period``, ...), as
  ``vmsample run`` spells them.

The heap-level part of the SDK (root tables, frames, payload accessors,
immediates) is in the nursery core's ``vmsample/_nursery.pxd``.
"""

import os

from vmsample.cli._args import parse_time_period_or_off, size_type

__all__ = ["CodeRegistry", "ProfileRun", "add_profile_arguments", "profile_options"]


def __getattr__(name):
    if name in ("CodeRegistry", "ProfileRun"):
        from vmsample.sdk import _run

        return getattr(_run, name)
    raise AttributeError(f"module 'vmsample.sdk' has no attribute {name!r}")


def add_profile_arguments(parser, *, default_alloc_period=64 * 1024):
    """Add a profiled VM's options to the argparse [parser]: ``-o OUT.prof``,
    ``-f``, ``--alloc-period SIZE|off``, ``--sampling random|fixed``,
    ``--seed N``, ``--time-period DURATION|off`` and ``--nursery SIZE``."""
    from vmsample._nursery import MAX_SAMPLE_PERIOD

    parser.add_argument("-o", "--output", metavar="OUT.prof",
                        help="write an allocation profile (vmprof format) to this file")
    parser.add_argument("-f", "--force", action="store_true", help="overwrite an existing profile")
    parser.add_argument("--alloc-period", type=size_type(maximum=MAX_SAMPLE_PERIOD, off=True),
                        default=default_alloc_period, metavar="SIZE|off",
                        help="allocated bytes per sample, with K/M/G suffixes "
                             f"(default: {default_alloc_period // 1024}K)")
    parser.add_argument("--sampling", choices=("random", "fixed"), default="random",
                        help="sample at random gaps of mean SIZE (the default: periodic allocation "
                             "patterns cannot alias with it), or every SIZE bytes exactly (the paper's)")
    parser.add_argument("--seed", type=int, metavar="N", help="seed of the sampler's random draws")
    parser.add_argument("--time-period", type=parse_time_period_or_off, default=None,
                        metavar="DURATION|off",
                        help="also sample the stack every DURATION of CPU time, e.g. 1ms (default: off)")
    parser.add_argument("--nursery", type=size_type(), metavar="SIZE", help="nursery size")


def profile_options(parser, args):
    """The options add_profile_arguments() parsed, checked together, as
    keyword arguments: profile (the path, or None), alloc_period, sampling,
    seed, time_period_ns, nursery (a size, or None).  A bad combination is
    ``parser.error`` (one line, exit status 2)."""
    if args.time_period is not None and not args.output:
        parser.error("--time-period needs a profile to write (-o OUT.prof)")
    if args.output and os.path.exists(args.output) and not args.force:
        parser.error(f"{args.output} exists (use -f to overwrite it)")
    return {"profile": args.output, "alloc_period": args.alloc_period, "sampling": args.sampling,
            "seed": args.seed, "time_period_ns": args.time_period, "nursery": args.nursery}
