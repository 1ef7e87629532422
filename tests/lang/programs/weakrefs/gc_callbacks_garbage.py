# Checks: gc.garbage is a list that stays empty after collecting cycles with finalizers (PEP 442); gc.callbacks' functions are called with ("start", info) and ("stop", info) around gc.collect(), info holding generation, collected and uncollectable; a failing callback is reported as unraisable and the others still run; removing the callback stops the calls.
import gc
import sys

class Node:
    def __del__(self):
        pass

calls = []

def record(phase, info):
    calls.append((phase, sorted(info), info["generation"], info["uncollectable"]))

def broken(phase, info):
    raise KeyError(phase)

def hook(args):
    print("unraisable:", args.exc_type.__name__, args.exc_value, args.object.__name__)

sys.unraisablehook = hook
print(type(gc.garbage).__name__, gc.garbage, type(gc.callbacks).__name__)
a = Node()
a.me = a
del a
gc.callbacks.append(broken)
gc.callbacks.append(record)
gc.collect()
print(calls)
print(gc.garbage)
gc.callbacks.remove(broken)
gc.callbacks.remove(record)
gc.collect()
print(len(calls), gc.callbacks)
