"""``vmsample convert --to FORMAT FILE [-o OUT]``: Firefox Profiler, speedscope, HTML, collapsed, pprof."""

import os
import sys

from vmsample.cli import CommandError
from vmsample.cli._args import check_output
from vmsample.convert import FORMATS, TOTALS_ONLY

HELP = "convert a profile for the Firefox Profiler, speedscope, a browser (HTML flame graph), flamegraph.pl or pprof"

HINTS = {
    "firefox": "open it at https://profiler.firefox.com/ (Load a profile from file)",
    "speedscope": "open it at https://www.speedscope.app/ or with `speedscope FILE`",
    "html": "open it in any browser; it needs no network",
    "collapsed": "render it with flamegraph.pl or inferno-flamegraph",
    "pprof": "view it with `go tool pprof -http=: FILE` or send it to Pyroscope",
}


def add_arguments(parser):
    parser.add_argument("--to", "-t", required=True, choices=FORMATS, metavar="FORMAT",
                        help=f"output format: {', '.join(FORMATS)}")
    parser.add_argument("file", metavar="FILE", help="a .prof or .prof.gz file")
    parser.add_argument("-o", "--output", metavar="OUT",
                        help="output file ('-' for stdout; a name ending in .gz is gzip-compressed); "
                             "default: FILE with the format's suffix")
    parser.add_argument("-f", "--force", action="store_true", help="overwrite OUT if it exists")
    parser.add_argument("--kind", choices=("alloc", "objects", "time"),
                        help="collapsed only: allocated bytes, allocated objects or CPU time "
                             "(default: allocated bytes if there are allocation samples)")


def run(args):
    from vmsample.convert import default_output, render, write_output
    from vmsample.report.progress import for_stderr

    from .report import load

    if args.kind and args.to != "collapsed":
        holds = "allocation samples only" if args.to == "pprof" else "every sample kind"
        raise CommandError(f"--kind applies to --to collapsed only (a {args.to} file holds {holds})", 2)
    out = args.output or default_output(args.file, args.to)
    if out != "-":
        check_output(out, [args.file], args.force)
    progress = for_stderr()
    profile = load(args.file, progress, aggregate=args.to in TOTALS_ONLY, merged=args.to not in TOTALS_ONLY)
    if args.to in ("collapsed", "speedscope"):
        kind = args.kind
        has = {"alloc": profile.alloc_samples, "time": profile.time_samples}
        if kind is not None and not has[kind]:
            raise CommandError(f"{args.file}: has no {'allocation' if kind == 'alloc' else 'time'} samples")
        if not profile.alloc_samples and not profile.time_samples:
            raise CommandError(f"{args.file}: has no samples; nothing to convert")
    if args.to == "pprof" and not profile.alloc_samples:
        raise CommandError(f"{args.file}: has no allocation samples (the pprof export carries allocations only)")
    options = {"kind": args.kind} if args.to == "collapsed" else {}
    output = render(profile, args.to, progress, **options)
    if out == "-":
        if isinstance(output, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(output)
        else:
            sys.stdout.write(output)
        sys.stdout.flush()
        return 0
    try:
        write_output(output, out)
    except OSError as e:
        raise CommandError(f"{out}: {e.strerror or e}") from None
    print(f"vmsample convert: wrote {out} ({os.path.getsize(out):,} bytes); {HINTS[args.to]}", file=sys.stderr)
    return 0
