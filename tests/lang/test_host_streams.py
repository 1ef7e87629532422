"""The VM's sys.stdout/stderr/stdin take their text attributes from the
process's streams, which need not have them: a stream whose encoding and
errors are None (pytest's capture, a program's own writer) gives None on the
VM too.  (It read None as a str: an assertion in the test build, garbage or
a crash in the release build.)"""

from __future__ import annotations

import contextlib

from vmsample.lang import run_program


class BareStream:
    encoding = None
    errors = None

    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)
        return len(text)

    def flush(self):
        pass


def test_a_stream_without_encoding_gives_none_on_the_vm():
    out = BareStream()
    with contextlib.redirect_stdout(out):
        status = run_program("import sys\nprint(sys.stdout.encoding, sys.stdout.errors)\n", "<bare>")
    assert status == 0
    assert "".join(out.parts) == "None None\n"
