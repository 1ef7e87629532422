"""profile reader: vmsample.read_profile vs vmprof.read_profile on the same large file (ratio)"""

import argparse
import os
import statistics
import tempfile
import time


def write_file(path, n, depth):
    from vmsample.profile import ProfileWriter
    from vmsample.profile import _harness

    w = ProfileWriter(path, alloc_period=512 * 1024)
    _harness.declare_codes(w, 64)
    _harness.alloc_samples(w, n, depth, n_codes=64, minor_every=100)
    w.close()


def timed(fn, *args):
    t = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - t, result


def main(argv):
    import vmprof

    from vmsample import read_profile

    parser = argparse.ArgumentParser(prog="python -m vmsample.bench reader", description=__doc__)
    parser.add_argument("--samples", type=int, default=100_000, help="allocation samples in the file")
    parser.add_argument("--depth", type=int, default=20, help="frames per stack (default 20)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per reader; medians are reported")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "big.prof")
        write_file(path, args.samples, args.depth)
        size = os.path.getsize(path)
        ours, theirs = [], []
        for _ in range(args.repeat):         # alternate the readers
            t, profile = timed(read_profile, path)
            ours.append(t)
            t, stats = timed(vmprof.read_profile, path)
            theirs.append(t)
        assert len(profile.alloc_samples) == stats.n_samples == args.samples
    a, b = statistics.median(ours), statistics.median(theirs)
    print(f"# one file: {args.samples} allocation samples, stack depth {args.depth} with line numbers, "
          f"{size / 1e6:.1f} MB; medians of {args.repeat} runs\n")
    print("| reader | seconds | samples/s | MB/s |")
    print("|---|---:|---:|---:|")
    print(f"| vmsample.read_profile (full Profile model, extension included) | {a:.3f} | {args.samples / a:,.0f} | {size / 1e6 / a:.1f} |")
    print(f"| vmprof.read_profile 0.6.0 (main section only) | {b:.3f} | {args.samples / b:,.0f} | {size / 1e6 / b:.1f} |")
    print(f"\nspeed-up: {b / a:.1f}x (target >= 5x)")
    return 0
