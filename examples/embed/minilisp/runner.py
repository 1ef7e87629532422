"""Running a program: compile, make a heap, attach the profiler, execute.

This is the whole life cycle of an embedding, in order:

1. a ``vmsample.Nursery`` (its size and the debug knobs come from the
   caller or the ``VMSAMPLE_*`` environment variables);
2. the ``Machine``, which registers minilisp's heap types on it, loads the
   program's constants into it and installs its roots hook;
3. a ``ProfileWriter`` configured with the sampling periods; the machine
   names its codes in it and attaches the profiling glue, which switches
   allocation sampling and the timer on only now, so that the profile
   covers the program's run, not the loading of its constants;
4. after the run, one last minor collection tells the outcome (survived or
   died young) of the samples taken since the previous one;
5. teardown in reverse: machine detached (sampling and timer off), writer
   closed.
"""

import sys

from vmsample import Nursery
from vmsample.profile._writer import ProfileWriter

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
    [nursery]: a fresh ``vmsample.Nursery`` to run in, or its size (None: 4M).
    Raises LispSyntaxError when the program does not compile.
    """
    program = compile_source(source, filename)
    if not isinstance(nursery, Nursery):
        nursery = Nursery(nursery, keep_sample_log=False, keep_gc_log=False)
    argv = [filename, *(argv or ())]
    machine = Machine(program, nursery, max_depth=max_depth, stdout=stdout, argv=argv)
    writer = None
    try:
        if profile is not None:
            writer = ProfileWriter(profile, alloc_period=alloc_period, sampling=sampling,
                                   time_period_ns=time_period_ns, program=filename, argv=argv)
            machine.profile_to(writer, seed=seed)
        try:
            machine.run()
            status = 0
        except LispError as e:
            (stdout or sys.stdout).flush()
            (stderr or sys.stderr).write(e.format())
            status = 1
        nursery.collect_minor()
        return status
    finally:
        machine.close()
        if writer is not None:
            writer.close()


def run_file(path, **options):
    """run_source() on the contents of the file [path]."""
    with open(path, encoding="utf-8") as f:
        source = f.read()
    return run_source(source, str(path), **options)
