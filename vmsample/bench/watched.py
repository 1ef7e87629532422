"""A child process watched from outside: the harnesses' way of running code
that may crash, hang or flood its output (CPython's tests on a young VM).

The child runs in its own session, so that ending it ends whatever it
started; it is ended when it runs past its [budget] of wall time or prints no
record line for [silence] seconds (one test or one import hanging), and it
may use at most [memory] bytes of address space.  Of its stdout only the
drivers' records are kept (_corpus_drivers/vmsample_records.py: a test
printing in a loop cannot fill the harness's memory), of its stderr the last
64 KiB.
"""

import os
import resource
import signal
import subprocess
import threading
import time
from dataclasses import dataclass

from vmsample.bench._corpus_drivers.vmsample_records import MARK

STDERR_KEPT = 64 << 10


@dataclass
class Watched:
    records: list            # each record's fields (after the marker), in order
    stderr: str              # the end of stderr
    status: int | None       # exit status (negative: killed by that signal); None if we ended it
    ended: str               # "" if it exited by itself, else why we ended it

    def how_it_ended(self):
        """One line: what stopped the process, if not a normal exit."""
        if self.ended:
            return self.ended
        if self.status < 0:
            try:
                name = signal.Signals(-self.status).name
            except ValueError:
                name = f"signal {-self.status}"
            return f"crashed ({name}): {last_line(self.stderr)}"
        return f"exited with status {self.status}: {last_line(self.stderr)}"


def last_line(text):
    lines = text.strip().splitlines()
    return lines[-1][:300] if lines else "(nothing on stderr)"


def run(argv, *, cwd, env, budget, silence, memory=None):
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    if memory:
        resource.prlimit(proc.pid, resource.RLIMIT_AS, (memory, memory))
    records, err = [], bytearray()
    mark = MARK.encode()
    last_seen = [time.monotonic()]

    def read_stdout():
        for raw in proc.stdout:
            at = raw.find(mark)
            if at >= 0:
                records.append(raw[at:].decode("utf-8", "replace").rstrip("\r\n").split("\t")[1:])
                last_seen[0] = time.monotonic()

    def read_stderr():
        for chunk in iter(lambda: proc.stderr.read1(1 << 16), b""):
            err.extend(chunk)
            del err[:-STDERR_KEPT]

    readers = [threading.Thread(target=f, daemon=True) for f in (read_stdout, read_stderr)]
    for t in readers:
        t.start()
    start, ended = time.monotonic(), ""
    while proc.poll() is None:
        now = time.monotonic()
        if now - start > budget:
            ended = f"timed out after {budget:.0f} s"
        elif now - last_seen[0] > silence:
            ended = f"printed nothing for {silence:.0f} s"
        if ended:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait()
            break
        time.sleep(0.1)
    # The session may have left children holding the pipes: end them too,
    # so the readers see end-of-file.
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    for t in readers:
        t.join()
    proc.stdout.close()
    proc.stderr.close()
    return Watched(records, err.decode("utf-8", "replace"), None if ended else proc.returncode, ended)
