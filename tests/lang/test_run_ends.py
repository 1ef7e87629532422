"""What CPython still holds of a VM run after it ends.  A VM function that a
program registered with os.register_at_fork (logging and threading do) was
once handed to the host's, and called at the host's next fork: it crashed
the process that ran the VM in-process (a pytest worker, in CI), then
raised "a VM callable outlived its VM run" at every later fork of that
process.  Now the VM keeps them (vmsample/lang/lib/posix.py): the host's
forks after the run run nothing of it."""

import subprocess
import sys
import textwrap

from differential import clean_env


def test_a_callable_registered_at_fork_stays_in_its_run():
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
    assert proc.stderr == ""
