"""``vmsample report FILE``: top allocation sites, types, survival, GC timeline."""

import json
import sys

from vmsample.cli._args import load, positive_int

HELP = "summarise a profile: top allocation sites and types, what dies young, GC timeline, time samples"


def add_arguments(parser):
    from vmsample.report.text import BY_CHOICES

    parser.add_argument("file", metavar="FILE", help="a .prof or .prof.gz file")
    parser.add_argument("--json", action="store_true", help="print the report as JSON (for CI and scripts)")
    parser.add_argument("--limit", "-n", type=positive_int, default=10, metavar="N",
                        help="rows per table (default: 10)")
    parser.add_argument("--by", choices=BY_CHOICES, default="site",
                        help="group allocations by source line (site, the default), function, or type")
    parser.add_argument("--live", action="store_true",
                        help="the live heap instead of the allocations: in use at the end and at the peak "
                             "by site and type, leak suspects, how long each site's objects live")


def run(args):
    from vmsample.report import analyze
    from vmsample.report.live import live_heap
    from vmsample.report.progress import for_stderr
    from vmsample.report.text import layout, live_layout, render_plain, render_rich

    progress = for_stderr()
    profile = load(args.file, progress, aggregate=not args.live, merged=args.live)
    with progress.status("analysing"):
        analysis = analyze(profile)
        live = live_heap(profile) if args.live else None
    if args.json:
        data = {"profile": args.file, **analysis.to_json(by=args.by, limit=args.limit)}
        if args.live:
            data["live"] = live.to_json(args.limit) if live else None
        json.dump(data, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    if args.live:
        blocks = layout(analysis, by=args.by, limit=args.limit, path=args.file)[:1] \
            + live_layout(analysis, live, limit=args.limit)
    else:
        blocks = layout(analysis, by=args.by, limit=args.limit, path=args.file)
    if sys.stdout.isatty():
        from rich.console import Console

        render_rich(blocks, Console())
    else:
        render_plain(blocks, sys.stdout.write)
    return 0
