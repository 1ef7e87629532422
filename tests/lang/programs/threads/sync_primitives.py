# Checks: Condition, Event, Semaphore, BoundedSemaphore, Barrier, RLock: orders that only the primitives decide.
import threading
import time

# Condition: a consumer waits for items a producer notifies.
cond = threading.Condition()
items = []
got = []


def consumer():
    for _ in range(5):
        with cond:
            while not items:
                cond.wait()
            got.append(items.pop(0))


c = threading.Thread(target=consumer)
c.start()
for i in range(5):
    with cond:
        items.append(i * 10)
        cond.notify()
    time.sleep(0.001)
c.join()
print("condition", got)

# Event: threads block until it is set.
event = threading.Event()
woke = []
lock = threading.Lock()


def waiter(k):
    event.wait()
    with lock:
        woke.append(k)


ws = [threading.Thread(target=waiter, args=(k,)) for k in range(4)]
for w in ws:
    w.start()
time.sleep(0.01)
print("before set", woke, event.is_set())
event.set()
for w in ws:
    w.join()
print("after set", sorted(woke))
print("wait with timeout", threading.Event().wait(0.01))

# Semaphore: at most two inside at once.
sem = threading.Semaphore(2)
inside = 0
most = 0


def limited():
    global inside, most
    with sem:
        with lock:
            inside += 1
            most = max(most, inside)
        time.sleep(0.005)
        with lock:
            inside -= 1


ss = [threading.Thread(target=limited) for _ in range(6)]
for s in ss:
    s.start()
for s in ss:
    s.join()
print("semaphore: at most two inside", most <= 2)
full = threading.Semaphore(2)
print("acquired", full.acquire(blocking=False), full.acquire(blocking=False), full.acquire(blocking=False))
entered = threading.Event()


def enter():
    with full:
        entered.set()


w = threading.Thread(target=enter)
w.start()
print("entered while full", entered.wait(0.01))
full.release()
w.join()
print("entered after a release", entered.is_set())
b = threading.BoundedSemaphore(1)
b.acquire()
b.release()
try:
    b.release()
except ValueError as e:
    print("bounded", e)

# Barrier: every party's wait returns a distinct index.
barrier = threading.Barrier(3)
indices = []


def party():
    i = barrier.wait()
    with lock:
        indices.append(i)


ps = [threading.Thread(target=party) for _ in range(3)]
for p in ps:
    p.start()
for p in ps:
    p.join()
print("barrier", sorted(indices), barrier.broken)

# RLock: reentrant in its owner, exclusive to others.
rlock = threading.RLock()
order = []


def reenter(k):
    with rlock:
        with rlock:
            order.append(k)
            time.sleep(0.001)
            order.append(k)


rs = [threading.Thread(target=reenter, args=(k,)) for k in range(3)]
for r in rs:
    r.start()
for r in rs:
    r.join()
print("rlock pairs", all(order[i] == order[i + 1] for i in range(0, len(order), 2)), len(order))
try:
    threading.RLock().release()
except RuntimeError as e:
    print("rlock", e)

# Lock.acquire with a timeout while another thread holds it.
held = threading.Lock()
held.acquire()
start = time.monotonic()
print("timed out", held.acquire(timeout=0.02), time.monotonic() - start >= 0.015)
threading.Timer(0.01, held.release).start()
print("acquired after release", held.acquire(timeout=5))
