"""``vmsample convert --to FORMAT FILE [-o OUT]``: Firefox Profiler, speedscope, HTML, collapsed, pprof."""

import sys

from vmsample.cli import CommandError
from vmsample.cli._args import check_output, load
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
    from vmsample.convert.frames import KINDS

    parser.add_argument("--to", "-t", required=True, choices=FORMATS, metavar="FORMAT",
                        help=f"output format: {', '.join(FORMATS)}")
    parser.add_argument("file", metavar="FILE", help="a .prof or .prof.gz file")
    parser.add_argument("-o", "--output", metavar="OUT",
                        help="output file ('-' or /dev/stdout for stdout; a name ending in .gz is "
                             "gzip-compressed); default: FILE with the format's suffix")
    parser.add_argument("-f", "--force", action="store_true",
                        help="overwrite OUT if it is a file that exists (a FIFO or a device is written as a "
                             "stream, a symlink's target replaced)")
    parser.add_argument("--kind", choices=KINDS,
                        help="collapsed only: allocated bytes, allocated objects or CPU time "
                             "(default: allocated bytes if there are allocation samples)")


def run(args):
    from vmsample.convert import default_output, encode, render
    from vmsample.report.progress import for_stderr

    if args.kind and args.to != "collapsed":
        holds = "allocation samples only" if args.to == "pprof" else "every sample kind"
        raise CommandError(f"--kind applies to --to collapsed only (a {args.to} file holds {holds})", 2)
    out = args.output or default_output(args.file, args.to)
    output = check_output(out, [args.file], args.force)
    progress = for_stderr()
    profile = load(args.file, progress, aggregate=args.to in TOTALS_ONLY, merged=args.to not in TOTALS_ONLY)
    if args.to in ("collapsed", "speedscope"):
        if args.kind is not None:
            stream = "time" if args.kind == "time" else "allocation"
            if not (profile.time_samples if stream == "time" else profile.alloc_samples):
                raise CommandError(f"{args.file}: has no {stream} samples")
        if not profile.alloc_samples and not profile.time_samples:
            raise CommandError(f"{args.file}: has no samples; nothing to convert")
    if args.to == "pprof" and not profile.alloc_samples:
        raise CommandError(f"{args.file}: has no allocation samples (the pprof export carries allocations only)")
    options = {"kind": args.kind} if args.to == "collapsed" else {}
    data = encode(render(profile, args.to, progress, **options), out)
    try:
        output.write(data)
    except BrokenPipeError:
        raise                           # `| head`: handled as for every command
    except OSError as e:
        raise CommandError(f"{out}: {e.strerror or e}") from None
    if output.fd != 1:
        print(f"vmsample convert: wrote {out} ({len(data):,} bytes); {HINTS[args.to]}", file=sys.stderr)
    return 0
