#!/usr/bin/env python3
"""Run the real-world corpus under every GC debug knob and compare with CPython.

    python tools/corpus_under_gc_debug.py [SKIPPED_PROGRAM ...]

tests/realworld runs each program under the GC knobs that fit CI's time (a
4 KiB nursery, a collection every 101st allocation); this adds
VMSAMPLE_GC_DEBUG=1, which verifies the whole heap after every collection
-- minutes for the bigger programs, so it is run by hand.  One line per
program: match, DIFFER (with the end of its stderr) or TIMEOUT.  Exit
status 1 if any program differs.
"""

import subprocess
import sys
import time

from vmsample.bench import corpus

KNOBS = {"VMSAMPLE_GC_DEBUG": "1", "VMSAMPLE_NURSERY": "4K", "VMSAMPLE_GC_STRESS": "101"}


def main(skipped):
    corpus.TIMEOUT = 1800
    sources, programs = corpus.manifest()
    differ = False
    for p in programs:
        if p.blocked or p.name in skipped:
            continue
        path = corpus.program_file(p, sources)
        t = time.perf_counter()
        want = corpus.run("cpython", path, p.args)
        try:
            got = corpus.run("vm", path, p.args, KNOBS)
        except subprocess.TimeoutExpired:
            print(f"{p.name:26} TIMEOUT", flush=True)
            continue
        same = (got["exit status"], got["stdout"]) == (want["exit status"], want["stdout"])
        differ |= not same
        print(f"{p.name:26} {'match' if same else 'DIFFER'} {time.perf_counter() - t:7.1f} s"
              + ("" if same else " " + got["stderr"][-300:].replace("\n", " | ")), flush=True)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(set(sys.argv[1:])))
