# Checks: None in sys.modules blocks the import, as in CPython ("import of X halted"): test.support's import_fresh_module(blocked=[...]) relies on it to get a module's pure Python code (the VM imported the module anyway).
import sys

import heapq

sys.modules["_heapq"] = None
try:
    import _heapq
except ModuleNotFoundError as e:
    print("ModuleNotFoundError:", e, e.name)
del sys.modules["heapq"]
import heapq as pure_heapq

print(pure_heapq is not heapq, pure_heapq.heappush.__module__, heapq.heappush.__module__)
del sys.modules["_heapq"]
import _heapq

print(_heapq.__name__, sorted(name for name in dir(_heapq) if not name.startswith("_")))
