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


def test_the_signal_handlers_a_run_set_are_the_hosts_again_after_it():
    # A program's Python-level handler is the host's handler of a VMCallable
    # while the run lasts (vm/signals.pxi); after the run the host's own
    # handlers are back and its SIGINT raises KeyboardInterrupt in the host.
    script = textwrap.dedent("""
        import os, signal
        from vmsample.lang import run_program
        # (a background job of a shell starts with SIGINT ignored: CPython's
        # handler is set here, not inherited)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        mine = lambda signum, frame: print("host handler", signum)
        signal.signal(signal.SIGUSR2, mine)
        run_program("import os, signal\\n"
                    "signal.signal(signal.SIGUSR1, lambda n, f: print('vm handler', n))\\n"
                    "signal.signal(signal.SIGUSR2, lambda n, f: print('vm handler', n))\\n"
                    "os.kill(os.getpid(), signal.SIGUSR2)\\n"
                    "print('vm done')\\n", "p.py")
        print(signal.getsignal(signal.SIGUSR1), signal.getsignal(signal.SIGUSR2) is mine,
              signal.getsignal(signal.SIGINT) is signal.default_int_handler, flush=True)
        os.kill(os.getpid(), signal.SIGUSR2)
        try:
            os.kill(os.getpid(), signal.SIGINT)
            print("not reached")
        except KeyboardInterrupt:
            print("KeyboardInterrupt in the host")
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          env=clean_env())
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout == ("vm handler 12\nvm done\n0 True True\nhost handler 12\n"
                           "KeyboardInterrupt in the host\n")
