"""The paper's evaluation (Jung & Bolz-Tereick, section 5, Figures 8-11) on the vmsample VM

``python -m vmsample.bench paper [--quick] [--repeat R] [--programs a,b]
[--configs off,fixed-32K,...] [--cost-repeat R] [--no-cost] [--write DIR]
[--json] [--from-json FILE]``

Every bundled example runs with profiling off (the baseline: no writer at
all), with allocation sampling at periods 32K, 128K, 512K, 2M, 4M and 32M
in fixed and random mode (plus 1K and 4K fixed: on this VM, which allocates
5-30x slower than PyPy's JIT, those reach the paper's samples/s at 32K),
and with time sampling at 100, 1000 and 2000 Hz of CPU time (as vmprof; the
kernel signals a CPU-time timer at most once per scheduler tick, 250 Hz
here, so at 1000 Hz one signal brings 4 samples) and at 1000 and 2000 Hz of
wall-clock time (one signal per sample).

Measurement: each repetition of a program is one fresh process
(``run``) that makes a warm-up run and then runs every configuration,
in an order rotated (and reversed) from one repetition to the next.  Time
is the run's CPU time (user + system).  Each figure is the median run of
R repetitions (the run with the median CPU time, all its figures together):
other processes on this shared machine add time in bursts of up to 80%,
which the median ignores, and one unusually fast baseline run -- memory
layout -- would skew a best-of-R ratio.  The best runs are summarized
too (``best_overhead``), and every run is kept in the JSON.

For each program and configuration: run time, bytes allocated (from the
GC), GB/s, samples, samples/s, overhead (median run time / median
un-profiled run time), normalized overhead per 1000 samples/s (``1 + (overhead - 1) /
samples_per_s * 1000``), extra time per sample, profile size raw and gzip,
bytes per sample and mean stack depth.  Then a per-sample cost breakdown
(``cost``): the core's sampling slow path, the VM's hook and stack
walk, the writer, against a time sample.

``--write DIR`` writes DIR/RESULTS.md's paper section (replacing the
previous one), DIR/paper.json (every run) and the plots DIR/paper-*.png
(with matplotlib: ``pip install 'vmsample[bench]'``).  ``--from-json``
re-renders a saved run without measuring.  ``--quick`` is a smoke test:
small program sizes, one repetition.
"""


def main(argv):
    # Imported here, not at the top: the child runner is started as
    # `python -m vmsample.bench.paper.run`, which must not find its module
    # already imported by this package.
    from vmsample.bench.paper.harness import main
    return main(argv)
