"""``vmsample validate FILE``: check a profile against the format's reference schema."""

from vmsample.cli import CommandError

HELP = "check a profile against the format's construct schema (exit 0 valid, 1 invalid)"


def add_arguments(parser):
    parser.add_argument("file", metavar="FILE", help="a .prof or .prof.gz file")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing when the file is valid")
    parser.add_argument("--fast", action="store_true",
                        help="check with the fast reader only (the same rules, ~40x faster on big files; "
                             "by default the construct schema, the reference, checks too)")


def run(args):
    from vmsample.profile.errors import ProfileFormatError
    from vmsample.profile.reader import read_data
    from vmsample.profile.records import iter_records
    from vmsample.profile.source import mapped

    from ._args import readable

    # The fast reader gives the most precise message, and checks the rules
    # between records (the assembly it shares with the schema's to_profile);
    # the construct schema, the reference, then parses every record, one at a
    # time, so that its memory does not grow with the file.  A valid file
    # passes both (and they agree, see the tests).
    try:
        with mapped(readable(args.file)) as (data, gz):
            profile = read_data(data, gz, aggregate=True, source=args.file)
            if not args.fast:
                for _ in iter_records(data):
                    pass
    except OSError as e:
        raise CommandError(f"{args.file}: {e.strerror or e}") from None
    except ProfileFormatError as e:
        raise CommandError(f"{args.file}: invalid: {e}") from None
    if not args.quiet:
        m = profile.meta
        print(f"{args.file}: valid (version {m.format_version}, layout {m.layout}"
              f"{', gzip' if m.gzip else ''}{', recovered' if m.recovered else ''}): "
              f"{len(profile.alloc_samples)} allocation samples, {len(profile.time_samples)} time samples, "
              f"{len(profile.minor_collections)} minor collections, {len(profile.major_events)} major-collection events, "
              f"{len(profile.pauses)} pauses")
    return 0
