"""Running a program: compile, make a heap, run the machine in it.

The life cycle of the embedding -- opening the profile, naming the codes,
attaching, the last minor collection, detaching, closing -- is
``vmsample.sdk.ProfileRun``'s, which ``Machine.run`` enters.
"""

import sys

from vmsample import Nursery

from minilisp._vm import LispError, Machine
from minilisp.compiler import compile_source

DEFAULT_ALLOC_PERIOD = 64 * 1024


def run_source(source, filename="<string>", *, profile=None, alloc_period=DEFAULT_ALLOC_PERIOD,
               sampling="random", seed=None, time_period_ns=None, nursery=None, argv=None,
               stdout=None, stderr=None, max_depth=10000):
    """Run a program; returns its exit status (0, or 1 after a run-time error,
    whose traceback goes to [stderr]).

    [profile]: write an allocation profile to this path (None: no profile).
    [alloc_period]: bytes per sample, or None for no allocation samples.
    [time_period_ns]: also take a time sample every that many ns of CPU time.
    [nursery]: a fresh ``vmsample.Nursery`` to run in, or its size (None: 1M).
    Raises LispSyntaxError when the program does not compile.
    """
    program = compile_source(source, filename)
    if not isinstance(nursery, Nursery):
        nursery = Nursery(nursery, keep_sample_log=False, keep_gc_log=False)
    argv = [filename, *(argv or ())]
    machine = Machine(program, nursery, max_depth=max_depth, stdout=stdout, argv=argv)
    try:
        machine.run(profile, alloc_period=alloc_period, sampling=sampling, seed=seed,
                    time_period_ns=time_period_ns, program=filename, argv=argv)
        return 0
    except LispError as e:
        (stdout or sys.stdout).flush()
        (stderr or sys.stderr).write(e.format())
        return 1
    finally:
        machine.close()


def run_file(path, **options):
    """run_source() on the contents of the file [path]."""
    with open(path, encoding="utf-8") as f:
        source = f.read()
    return run_source(source, str(path), **options)
