# Checks: os.register_at_fork's callables run at os.fork in CPython's order
# (before newest first, after_in_parent and after_in_child oldest first), an
# exception in one is reported to sys.unraisablehook and the rest still run,
# and the argument checks; an atexit callback's failure is reported under
# its own message.  The callables stay in the VM: the host's at-fork lists
# never hold one (tests/lang/test_run_ends.py).
import atexit
import os
import sys

events = []


def hook(name):
    return lambda: events.append(name)


def failing():
    events.append("failing")
    raise ValueError("in a fork hook")


reported = []
sys.unraisablehook = lambda u: reported.append((u.exc_type.__name__, str(u.exc_value), u.err_msg, u.object is failing))

os.register_at_fork(before=hook("before 1"), after_in_parent=hook("parent 1"), after_in_child=hook("child 1"))
os.register_at_fork(before=hook("before 2"), after_in_parent=hook("parent 2"), after_in_child=hook("child 2"))
os.register_at_fork(before=failing, after_in_parent=failing)

read_end, write_end = os.pipe()
pid = os.fork()
if pid == 0:
    os.close(read_end)
    os.write(write_end, repr((events, reported)).encode())
    os._exit(0)
os.close(write_end)
_, status = os.waitpid(pid, 0)
child = b""
while chunk := os.read(read_end, 4096):
    child += chunk
os.close(read_end)
print("exit status", os.waitstatus_to_exitcode(status))
print("child saw", child.decode())
print("parent saw", events)
print("parent reported", reported)

for kwargs in ({}, {"before": 1}, {"after_in_child": None, "after_in_parent": "x"}):
    try:
        os.register_at_fork(**kwargs)
    except TypeError as e:
        print("TypeError:", e)
try:
    os.register_at_fork(print)
except TypeError as e:
    print("TypeError:", e)

sys.unraisablehook = sys.__unraisablehook__
sys.stderr = sys.stdout


class AtExit:
    def __call__(self):
        raise RuntimeError("at exit")

    def __repr__(self):
        return "<AtExit>"


atexit.register(AtExit())
