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
    from vmsample.profile.source import mapped

    out = sys.stdout
    try:
        with mapped(args.file) as (data, _):
            dump(data, write=lambda line: out.write(line + "\n"), as_json=args.json)
    except BrokenPipeError:
        raise                           # `vmsample dump x.prof | head`: handled as for every command
    except OSError as e:
        raise CommandError(f"{args.file}: {e.strerror or e}") from None
    except ProfileFormatError as e:
        out.flush()
        raise CommandError(f"{args.file}: invalid: {e}") from None
    return 0
