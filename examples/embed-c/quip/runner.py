"""Running a program: compile it, then hand it to the C VM with a nursery.

The life cycle of the embedding -- the nursery, the code registry, the
run context that opens the profile, attaches, runs, collects and closes
-- is in ``_vm.c`` (``run``), on vmsample's C API.
"""

import sys
from array import array

from vmsample import Nursery

from quip._vm import QuipError, run
from quip.compiler import compile_source

DEFAULT_ALLOC_PERIOD = 64 * 1024


def format_error(error):
    message, traceback = error.args
    lines = ["Traceback (most recent call last):\n"]
    lines += [f'  File "{file}", line {line}, in {func}\n' for func, file, line in traceback]
    return "".join(lines) + f"Error: {message}\n"


def run_source(source, filename="<string>", *, profile=None, alloc_period=DEFAULT_ALLOC_PERIOD,
               sampling="random", seed=None, time_period_ns=None, nursery=None, argv=None,
               stdout=None, stderr=None, max_depth=10000, **writer_options):
    """Run a program; returns its exit status (0, or 1 after a run-time error,
    whose traceback goes to [stderr]).  [profile]: the path of an allocation
    profile to write (None: no profile), with ProfileWriter's
    [writer_options] (layout, version, ...).  [nursery]: a
    ``vmsample.Nursery`` or its size (None: 4M).  Raises QuipSyntaxError if
    it does not compile."""
    program = compile_source(source, filename)
    if not isinstance(nursery, Nursery):
        nursery = Nursery(nursery or "4M", keep_sample_log=False, keep_gc_log=False)
    argv = [filename, *(argv or ())]
    codes = [(c.name, c.file, c.first_line, c.nparams, len(c.locals), len(c.free),
              array("q", c.ops).tobytes(), array("i", c.lines).tobytes()) for c in program.codes]
    options = dict(alloc_period=alloc_period, sampling=sampling, time_period_ns=time_period_ns,
                   seed=seed, program=filename, argv=argv, **writer_options)
    try:
        run(codes, program.strings, nursery, profile, options, argv,
            stdout or sys.stdout, max_depth)
    except QuipError as e:
        (stdout or sys.stdout).flush()
        (stderr or sys.stderr).write(format_error(e))
        return 1
    return 0


def run_file(path, **options):
    """run_source() on the contents of the file [path]."""
    with open(path, encoding="utf-8") as f:
        source = f.read()
    return run_source(source, str(path), **options)
