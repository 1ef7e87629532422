"""What CPython still holds of a VM run after it ends: a VM function that a
program registered with the host's os.register_at_fork (logging and
threading do), called at the host's next fork.  It crashed the process
that ran the VM in-process (a pytest worker, in CI); it must raise "a VM
callable outlived its VM run" instead, which CPython reports and ignores."""

import subprocess
import sys
import textwrap

from differential import clean_env


def test_a_callable_registered_at_fork_outlives_its_run_without_a_crash():
    script = textwrap.dedent("""
        import subprocess
        from vmsample.lang import run_program
        run_program("import os, logging\\n"
                    "os.register_at_fork(before=print, after_in_parent=print)\\n", "p.py")
        # a fork that runs the at-fork callables (CPython's: only with preexec_fn)
        print(subprocess.run(["true"], preexec_fn=lambda: None).returncode, flush=True)
        run_program("print('a second run')\\n", "q.py")
        print(subprocess.run(["true"], preexec_fn=lambda: None).returncode, flush=True)
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          env=clean_env())
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout == "0\na second run\n0\n"
    assert "a VM callable outlived its VM run" in proc.stderr
