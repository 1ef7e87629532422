# Checks: threading.local, excepthook (CPython's output, on stdout here), _thread's own functions, daemon threads left running at exit.
import _thread
import sys
import threading
import time

local = threading.local()
local.name = "main"
seen = []


def visit(k):
    local.name = f"thread {k}"
    time.sleep(0.001)
    seen.append((k, local.name, getattr(local, "other", None)))


ts = [threading.Thread(target=visit, args=(k,)) for k in range(3)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print(sorted(seen), local.name)

# An exception in a thread: threading.excepthook prints it, as CPython does.
sys.stderr = sys.stdout


def fails():
    raise ValueError("in the thread")


t = threading.Thread(target=fails, name="failing")
t.start()
t.join()
print("after the failing thread", t.is_alive())

caught = []
threading.excepthook = lambda args: caught.append((args.exc_type.__name__, str(args.exc_value),
                                                   args.thread.name))
t = threading.Thread(target=fails, name="hooked")
t.start()
t.join()
print(caught)
threading.excepthook = threading.__excepthook__

# _thread directly: start_new_thread, a lock as a handshake, get_ident.
done = _thread.allocate_lock()
done.acquire()
idents = []


def raw(a, b, c=0):
    idents.append((a + b + c, _thread.get_ident() != main_ident))
    done.release()


main_ident = _thread.get_ident()
_thread.start_new_thread(raw, (1, 2), {"c": 3})
done.acquire()
print(idents, threading.get_ident() == main_ident)
try:
    _thread.start_new_thread(raw, [1, 2])
except TypeError as e:
    print(e)

# A daemon thread that never ends does not keep the program alive.
forever = threading.Event()
threading.Thread(target=forever.wait, daemon=True).start()
print("main ends")
