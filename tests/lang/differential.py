"""The in-process differential check of the VM's property tests."""

import contextlib
import io

from vmsample.lang import run_program


def run_both(source):
    """Run [source] under CPython and on the VM: the VM must exit 0 and print
    exactly what CPython prints."""
    expected = io.StringIO()
    with contextlib.redirect_stdout(expected):
        exec(compile(source, "prog.py", "exec"), {"__name__": "__main__"})
    actual = io.StringIO()
    with contextlib.redirect_stdout(actual):
        status = run_program(source, "prog.py")
    assert status == 0
    assert actual.getvalue() == expected.getvalue(), source
