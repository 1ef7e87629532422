"""``vmsample dump FILE``: one line per record (offset, kind, fields)."""

import sys

from vmsample.cli import CommandError

HELP = "print every record of a profile, one per line, as the schema decodes it"


def add_arguments(parser):
    parser.add_argument("file", metavar="FILE", help="a .prof or .prof.gz file")
    parser.add_argument("--json", action="store_true", help="one JSON object per record (JSON lines)")


def run(args):
    from vmsample.profile.dump import dump
    from vmsample.profile.errors import ProfileFormatError
    from vmsample.profile.reader import load_bytes

    try:
        data, _ = load_bytes(args.file)
    except OSError as e:
        raise CommandError(f"{args.file}: {e.strerror or e}") from None
    except ProfileFormatError as e:
        raise CommandError(f"{args.file}: invalid: {e}") from None
    out = sys.stdout
    try:
        dump(data, write=lambda line: out.write(line + "\n"), as_json=args.json)
    except ProfileFormatError as e:
        out.flush()
        raise CommandError(f"{args.file}: invalid: {e}") from None
    return 0
