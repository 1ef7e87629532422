"""What the VM prints for an exception it cannot raise -- in __del__, in a
weak reference's callback, in a finalizer run at exit -- compared with
CPython's stderr line by line (PyErr_WriteUnraisable: "Exception ignored
in: <the function>", then the traceback from that function's frame).  The
corpus cannot: its programs' stderr must be empty, and these name
addresses, which differ between the runs (normalized here, as are the
quoted source lines).  Both default
and under the GC debug knobs."""

import re
import subprocess
import sys
import textwrap

import pytest

from differential import GC_DEBUG_KNOBS, clean_env

PROGRAM = textwrap.dedent("""\
    import gc
    import weakref

    class Broken:
        def __del__(self):
            raise ValueError("broken __del__")

    def bad_callback(ref):
        raise KeyError("bad callback")

    class Target:
        pass

    b = Broken()
    del b
    gc.collect()
    print("after __del__")
    t = Target()
    r = weakref.ref(t, bad_callback)
    del t
    gc.collect()
    print("after callback")
    last = Broken()
    print("end")
""")


def normalized(stderr):
    # Addresses differ; the quoted source lines are not compared (CPython
    # prints none at exit, when its modules are being torn down).
    lines = re.sub(r"0x[0-9a-f]+", "0x?", stderr).splitlines(keepends=True)
    return "".join(line for line in lines if not line.startswith("    "))


# The default hook imports traceback (thousands of objects): under the debug
# knobs collect at every 101st allocation, not every one (as the examples do).
@pytest.mark.parametrize("knobs", [{}, dict(GC_DEBUG_KNOBS, VMSAMPLE_GC_STRESS="101")],
                         ids=["default", "gc-debug"])
def test_unraisable_exceptions_print_what_cpython_prints(tmp_path, knobs):
    path = tmp_path / "prog.py"
    path.write_text(PROGRAM)
    runs = []
    for argv, env in (([sys.executable, str(path)], clean_env()),
                      ([sys.executable, "-m", "vmsample.lang", str(path)], clean_env(**knobs))):
        proc = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=60)
        runs.append((proc.returncode, proc.stdout, normalized(proc.stderr)))
    cpython, vm = runs
    assert "Exception ignored in: <function Broken.__del__ at 0x?>" in cpython[2]
    assert vm == cpython
