# Checks: the import lock between threads (importlib._bootstrap's _ModuleLock, as CPython): a
# thread that imports a module another thread is running the body of waits until that body
# ends and gets the whole module (never one half run); two threads that import one module at
# once run its body once; two threads importing the two halves of a circular import at once
# both finish (the deadlock is detected, one gets the partial module); the global import lock
# (_imp.acquire_lock, lock_held) is held by one thread at a time.
import _imp
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

seen = []


def import_slow(who):
    from _import_lock import slow
    seen.append((who, slow.DONE))


threads = [threading.Thread(target=import_slow, args=(f"thread {i}",)) for i in range(3)]
for t in threads:
    t.start()
time.sleep(0.05)
import_slow("main")
for t in threads:
    t.join()
print(sorted(seen))

# the body ran once: a module's own counter
import builtins

runs = builtins._import_lock_runs = []


def import_counted():
    import _import_lock.counted


ts = [threading.Thread(target=import_counted) for _ in range(4)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print("counted's body ran", len(runs), "time(s)")

# a circular import entered from both ends at once
results = {}


def import_one(name):
    module = __import__(f"_import_lock.{name}", fromlist=["x"])
    results[name] = sorted(n for n in vars(module) if n.isupper())


a = threading.Thread(target=import_one, args=("ping",))
b = threading.Thread(target=import_one, args=("pong",))
a.start()
b.start()
a.join()
b.join()
print("circular:", sorted(results), results["ping"], results["pong"])
print(sys.modules["_import_lock.ping"].PING, sys.modules["_import_lock.pong"].PONG)

# the global import lock
print("held before:", _imp.lock_held())
_imp.acquire_lock()
print("held:", _imp.lock_held())
other = []
t = threading.Thread(target=lambda: other.append(_imp.lock_held()))
t.start()
t.join()
print("another thread sees it held:", other)
_imp.release_lock()
print("held after:", _imp.lock_held())
try:
    _imp.release_lock()
except RuntimeError as e:
    print("RuntimeError:", e)
