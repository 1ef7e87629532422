"""``vmsample recover OUT.prof``: rebuild a complete profile after a crash."""

import os
import sys

from vmsample.cli import CommandError
from vmsample.cli._args import check_output

HELP = "rebuild a complete profile from a killed run's output and its spool"


def add_arguments(parser):
    parser.add_argument("file", metavar="FILE", help="the killed run's output (OUT.prof or OUT.prof.gz)")
    parser.add_argument("-o", "--output", metavar="OUT",
                        help="write the recovered profile here (default: replace FILE, or the file it links to)")
    parser.add_argument("--spool", metavar="SPOOL", help="the run's spool (default: FILE.spool)")
    parser.add_argument("-f", "--force", action="store_true", help="overwrite OUT if it exists")


def run(args):
    from vmsample.profile.errors import ProfileBusy, ProfileFormatError
    from vmsample.profile.format import spool_path
    from vmsample.profile.recover import recover

    spool = args.spool or spool_path(args.file)
    if not os.path.exists(args.file):
        raise CommandError(f"{args.file}: no such file")
    if not os.path.exists(spool):
        raise CommandError(f"{spool}: no spool to recover from (the run finished cleanly, or the spool was "
                           f"removed); `vmsample validate {args.file}` checks the file")
    # Without -o the file is replaced in place, atomically, after all of it
    # was read.  The spool is removed at the end: it must not be the output.
    if args.output:
        check_output(args.output, [spool], args.force)
    try:
        r = recover(args.file, output=args.output, spool=spool)
    except ProfileBusy as e:
        raise CommandError(f"{args.file} is {e.strerror}: recover is for a run that was killed; wait for this "
                           f"one to end (`vmsample report {args.file}` reads what it holds so far)") from None
    except ProfileFormatError as e:
        raise CommandError(f"{args.file}: cannot recover: {e}") from None
    except OSError as e:
        raise CommandError(f"{e.filename or args.file}: {e.strerror or e}") from None
    print(f"recovered {r.output}: {r.alloc_samples} allocation samples, {r.time_samples} time samples, "
          f"{r.minor_collections} minor collections, {r.major_events} major-collection events"
          + (f"; dropped {r.dropped_samples} samples cut off by the crash" if r.dropped_samples else ""),
          file=sys.stderr)
    return 0

