"""``vmsample run [options] (PROG.py | -c CODE | -m MODULE) [ARGS...]``: run a
program on the vmsample VM with allocation (and time) sampling, and write its
profile.

Options come before the program; everything after it is the program's own
``sys.argv[1:]``, as with ``python`` and ``memray run`` (the grammar of
``python -m vmsample.lang``: vmsample.lang.USAGE).  The program's
stdout/stderr are its own; vmsample's messages go to stderr.  The exit
status is the program's (1 after an uncaught exception, 2 if the compiler
refuses it), and a failing program still leaves a complete profile of what
ran.

``vmsample run --check PROG.py`` (or ``-c CODE``) runs nothing of the
program: it lists everything the program would miss on the VM, one
``file:line:col: ... is not supported by vmsample`` line each -- the
constructs the VM refuses when they run, the imports that fail, and the
builtins and module attributes CPython has and the VM lacks
(vmsample.lang.check).  Exit status: 1 if anything is listed, 0 if nothing,
2 if the program is not valid Python.
"""

import argparse
import errno
import os
import sys

from vmsample.cli import CommandError
from vmsample.cli._args import busy_output, check_output, parse_duration, parse_time_period_or_off, size_type

HELP = "run a program on the vmsample VM and write its allocation profile"

DEFAULT_ALLOC_PERIOD = "512K"
DEFAULT_TIME_PERIOD = "1ms"
DEFAULT_FLUSH_INTERVAL = "1s"


def add_arguments(parser):
    from vmsample._nursery import DEFAULT_NURSERY_SIZE, MAX_SAMPLE_PERIOD
    from vmsample.report.units import fmt_bytes

    parser.add_argument("-o", "--output", metavar="OUT.prof",
                        help="profile file (default: vmsample-<script>.<pid>.prof; "
                             "a .gz suffix writes gzip); a regular file, or a symlink to one: the run locks "
                             "it and keeps a spool beside it, so a FIFO, a device or - is refused")
    parser.add_argument("-f", "--force", action="store_true", help="overwrite an existing output file")
    parser.add_argument("--alloc-period", type=size_type(maximum=MAX_SAMPLE_PERIOD, off=True),
                        default=DEFAULT_ALLOC_PERIOD,
                        metavar="SIZE|off",
                        help=f"one allocation sample per SIZE allocated bytes (default {DEFAULT_ALLOC_PERIOD})")
    parser.add_argument("--sampling", choices=["random", "fixed"], default="random",
                        help="sample points at random geometric gaps with mean SIZE (random, the "
                             "default: periodic allocation patterns cannot alias with it) or every "
                             "SIZE bytes (fixed: the paper's, to reproduce it)")
    parser.add_argument("--seed", type=int, metavar="N",
                        help="seed of the sampler (the first offset in fixed mode, the gaps in random mode)")
    parser.add_argument("--time-period", type=parse_time_period_or_off, default=DEFAULT_TIME_PERIOD,
                        metavar="DURATION|off",
                        help=f"one time sample per DURATION of CPU time (default {DEFAULT_TIME_PERIOD})")
    parser.add_argument("--real-time", action="store_true",
                        help="time samples follow wall-clock time instead of CPU time")
    parser.add_argument("--layout", choices=["vmprof", "pypy"], default="vmprof",
                        help="vmprof: stock vmprof readers see the samples (default); pypy: the "
                             "layout of the paper's toolchain (its vmprof fork and Firefox converter)")
    parser.add_argument("--flush-interval", type=parse_duration, default=DEFAULT_FLUSH_INTERVAL,
                        metavar="DURATION",
                        help="write the buffered profile out at least this often: what a SIGKILL can "
                             f"lose (other fatal signals lose nothing; default {DEFAULT_FLUSH_INTERVAL})")
    parser.add_argument("--nursery", type=size_type(), metavar="SIZE",
                        help=f"nursery size (default {fmt_bytes(DEFAULT_NURSERY_SIZE)})")
    parser.add_argument("--heap-limit", type=size_type(off=True), default=None, metavar="SIZE|off",
                        help="the most old-space memory the program may use: beyond it an "
                             "allocation raises MemoryError in the program (default off)")
    parser.add_argument("--check", action="store_true",
                        help="run nothing of the program: list everything it would miss on the VM "
                             "(constructs, failing imports, builtins and module attributes CPython "
                             "has), one file:line:col per line; exit status 1 if anything is listed, "
                             "0 if nothing, 2 if the program is not valid Python")
    # -c and -m end vmsample's options, as python's: the rest of the line
    # is CODE or MODULE, then the program's arguments.
    target = parser.add_mutually_exclusive_group()
    target.add_argument("-c", dest="command", nargs=argparse.REMAINDER, metavar="CODE ...",
                        help="run CODE instead of a file (like python -c); "
                             "the remaining arguments go to the program")
    target.add_argument("-m", dest="module", nargs=argparse.REMAINDER, metavar="MODULE ...",
                        help="run library module MODULE as a script (like python -m: found on the "
                             "VM's sys.path, the current directory first; a package runs its "
                             "__main__); the remaining arguments go to the program")
    parser.add_argument("program", nargs="?", metavar="PROG.py", help="the program to run")
    parser.add_argument("args", nargs=argparse.REMAINDER, metavar="ARGS",
                        help="the program's arguments")


def default_output(script, module=None):
    if module is not None:
        stem = module
    else:
        stem = "c" if script is None else os.path.splitext(os.path.basename(script))[0]
    return f"vmsample-{stem}.{os.getpid()}.prof"


def keep_what_fit(out, spool):
    """The disk filled up and the writer stopped (it said so): make [out] a
    readable profile of what reached the disk, in the space it takes."""
    from vmsample.profile.errors import ProfileFormatError
    from vmsample.profile.recover import recover

    try:
        r = recover(out, spool=spool, make_room=True)
    except ProfileFormatError as e:
        # e.g. a gzip main file whose compressed data had not reached the disk
        raise CommandError(f"the disk is full and {out} holds no profile that can be recovered ({e})") from None
    except (OSError, MemoryError) as e:
        # (recover leaves both files as they were when it fails)
        raise CommandError(f"the disk is full and {out} could not be finished ({e or 'out of memory'}); with "
                           f"more space, `vmsample recover {out}` rebuilds it from {spool}") from None
    return {"alloc": r.alloc_samples, "time": r.time_samples, "minor": r.minor_collections}


def check(source, filename):
    """``--check``: what the VM would refuse, all at once, without running anything."""
    from vmsample.lang import syntax_error_line
    from vmsample.lang.check import check_program

    try:
        missing = check_program(source, filename)
    except SyntaxError as e:
        print(syntax_error_line(e), file=sys.stderr)
        return 2
    for line in missing:
        print(line)
    if missing:
        print(f"vmsample: {filename}: {len(missing)} thing{'' if len(missing) == 1 else 's'} the VM "
              f"does not support (each raises when it runs)", file=sys.stderr)
    else:
        print(f"vmsample: {filename}: nothing unsupported", file=sys.stderr)
    return 1 if missing else 0


def run(args):
    from vmsample._nursery import Nursery
    from vmsample.lang import run_program, syntax_error_line
    from vmsample.lang.source import read_source
    from vmsample.profile._writer import ProfileWriter
    from vmsample.profile.errors import ProfileBusy
    from vmsample.profile.writing import being_written
    from vmsample.report.units import fmt_bytes
    from vmsample.sampling_advice import sampling_warnings

    module = None
    if args.command is not None or args.module is not None:
        option, words = ("-c", args.command) if args.command is not None else ("-m", args.module)
        if not words:
            raise CommandError(f"argument {option}: expected {'CODE' if option == '-c' else 'MODULE'}",
                               exit_code=2)
        argv = [option, *words[1:]]
        source, filename, code_filename, script = words[0], "<string>", "<string>", None
        if option == "-m":
            if args.check:
                raise CommandError("--check takes PROG.py or -c CODE, not -m", exit_code=2)
            module, source = words[0], ""
    else:
        if args.program is None:
            raise CommandError("no program given (PROG.py, -c CODE or -m MODULE)", exit_code=2)
        try:
            source = read_source(args.program)
        except OSError as e:
            raise CommandError(f"can't open file '{args.program}': {e.strerror}", exit_code=2) from None
        except SyntaxError as e:
            print(syntax_error_line(e), file=sys.stderr)
            return 2
        argv = [args.program, *args.args]
        filename, code_filename = args.program, os.path.abspath(args.program)
        script = args.program

    if args.check:
        return check(source, filename)
    what = script or (f"-m {module}" if module else "-c")
    out = args.output or default_output(script, module)
    if out == "-":
        # The program's own output goes to stdout; a binary profile would mix with it.
        raise CommandError("-o -: the profile cannot go to stdout (the program's output goes there); "
                           "give a file name", exit_code=2)
    output = check_output(out, [args.program] if script else [], args.force)
    if not output.is_file:
        # A stream cannot be locked, spooled beside or finished by recover.
        raise CommandError(f"{out}: is {output.what}, not a regular file: a profile is written to a file "
                           f"(which `vmsample recover` can finish after a crash); write it to one and copy or "
                           f"convert it from there", exit_code=2)
    try:
        # The writer records every sample and collection; the core's own
        # in-memory logs would only grow with the run (32 bytes per sample).
        nursery = Nursery(nursery_size=args.nursery, heap_limit=args.heap_limit,
                          keep_sample_log=False, keep_gc_log=False)
    except (ValueError, MemoryError) as e:     # a bad VMSAMPLE_* knob; no memory for the nursery
        raise CommandError(str(e) or "out of memory for the nursery", exit_code=2) from None
    try:
        writer = ProfileWriter(out, alloc_period=args.alloc_period, sampling=args.sampling,
                               time_period_ns=args.time_period, real_time=args.real_time,
                               layout=args.layout, program=what, argv=argv,
                               flush_interval=args.flush_interval)
    except ProfileBusy as e:            # a run that started since check_output
        raise CommandError(busy_output(out, being_written(out) or e)) from None
    except OSError as e:
        raise CommandError(f"cannot write {out}: {e.strerror or e}") from None
    except MemoryError:
        raise CommandError(f"cannot write {out}: out of memory for the profile writer") from None

    print(f"vmsample: writing the profile of {what} to {out}", file=sys.stderr)
    try:
        status = run_program(source, filename, argv, nursery, code_filename=code_filename,
                             writer=writer, seed=args.seed, module=module)
    except MemoryError as e:
        # The program's own MemoryError is raised inside it (its traceback,
        # exit status 1); one that reaches here is the VM's: it could not set
        # itself up (its built-ins, the program's code) within the memory it has.
        limit = "" if args.heap_limit is None else f" (--heap-limit {fmt_bytes(args.heap_limit)} is too small)"
        raise CommandError(f"out of memory before the program could run: {e}{limit}") from None
    finally:
        counts = writer.counts
        try:
            writer.close()
        except OSError as e:
            if e.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
                raise CommandError(f"writing {out} failed: {e.strerror or e}") from None
            counts = keep_what_fit(out, writer.spool_path)
    print(f"vmsample: wrote {out}: {counts['alloc']} allocation samples, {counts['time']} time "
          f"samples, {counts['minor']} minor collections", file=sys.stderr)
    for warning in sampling_warnings(args.sampling, args.alloc_period, counts["alloc"]):
        print(f"vmsample: {warning}", file=sys.stderr)
    print(f"vmsample: next: vmsample report {out}   |   vmsample convert --to firefox {out}",
          file=sys.stderr)
    return status
