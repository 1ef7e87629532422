# Checks: queue.SimpleQueue and queue.Empty as CPython's _queue gives them (names, arguments, no pickling, get with and without blocking, timeouts), and typing.NewType, whose __call__ is _typing's C function.
import pickle
import queue
import typing

q = queue.SimpleQueue()
print(type(q).__module__, type(q).__name__, queue.Empty.__module__, queue.SimpleQueue[int])
for item in ("a", 2, None):
    q.put(item)
q.put_nowait([3])
print(q.qsize(), q.empty(), q.get(), q.get_nowait(), q.get(block=False), q.get(timeout=0.01), q.empty())
for call in (lambda: q.get(False), lambda: q.get_nowait(), lambda: q.get(timeout=0.001), lambda: q.get(True, -1),
             lambda: queue.SimpleQueue(1), lambda: queue.SimpleQueue(size=1), lambda: pickle.dumps(q)):
    try:
        print(repr(call()))
    except queue.Empty as e:
        print("Empty", repr(e))
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


class Sized(queue.SimpleQueue):
    def __init__(self, limit):
        self.limit = limit


s = Sized(3)
s.put(1)
print(s.limit, s.qsize(), isinstance(s, queue.SimpleQueue))

UserId = typing.NewType("UserId", int)
print(UserId(42), type(UserId(42)).__name__, UserId, UserId.__supertype__.__name__)
