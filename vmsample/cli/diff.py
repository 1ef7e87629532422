"""``vmsample diff A B``: which allocation sites or types grew or shrank."""

import json
import sys

HELP = "compare two profiles: which allocation sites, functions or types grew or shrank (bytes and survival)"


def add_arguments(parser):
    from vmsample.report.text import BY_CHOICES

    from ._args import positive_int

    parser.add_argument("before", metavar="A", help="the baseline profile")
    parser.add_argument("after", metavar="B", help="the profile to compare with it")
    parser.add_argument("--by", choices=BY_CHOICES, default="site",
                        help="compare source lines (site, the default), functions, or types")
    parser.add_argument("--limit", "-n", type=positive_int, default=15, metavar="N",
                        help="rows to show (default: 15)")
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON")


def run(args):
    from vmsample.report import analyze, diff
    from vmsample.report.progress import for_stderr
    from vmsample.report.text import render_plain, render_rich

    from ._args import load

    progress = for_stderr()
    a = analyze(load(args.before, progress, aggregate=True))
    b = analyze(load(args.after, progress, aggregate=True))
    if args.json:
        json.dump({"before_profile": args.before, "after_profile": args.after,
                   **diff.to_json(a, b, args.by, args.limit)}, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    blocks = diff.layout(a, b, args.by, args.limit, (args.before, args.after))
    if sys.stdout.isatty():
        from rich.console import Console

        render_rich(blocks, Console())
    else:
        render_plain(blocks, sys.stdout.write)
    return 0
