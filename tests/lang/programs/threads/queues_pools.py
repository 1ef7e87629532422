# Checks: queue.Queue, SimpleQueue, PriorityQueue and ThreadPoolExecutor: results ordered by the queues and futures, whatever the switches.
import queue
import threading
from concurrent.futures import ThreadPoolExecutor, as_completed

q = queue.Queue(maxsize=3)
out = []


def producer():
    for i in range(20):
        q.put(i)
    q.put(None)


def consumer():
    while True:
        item = q.get()
        q.task_done()
        if item is None:
            break
        out.append(item * item)


threads = [threading.Thread(target=producer), threading.Thread(target=consumer)]
for t in threads:
    t.start()
q.join()
for t in threads:
    t.join()
print(out)

sq = queue.SimpleQueue()
workers = [threading.Thread(target=lambda k=k: sq.put((k, sum(range(k * 100))))) for k in range(5)]
for w in workers:
    w.start()
for w in workers:
    w.join()
print(sorted(sq.get() for _ in range(5)), sq.empty())
try:
    sq.get(timeout=0.01)
except queue.Empty:
    print("SimpleQueue empty after the timeout")

pq = queue.PriorityQueue()
for p in (5, 1, 4, 2, 3):
    pq.put((p, f"task{p}"))
print([pq.get()[1] for _ in range(5)])


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


with ThreadPoolExecutor(max_workers=3) as pool:
    print(list(pool.map(fib, range(15))))
    futures = {pool.submit(fib, n): n for n in (10, 12, 14)}
    print(sorted((futures[f], f.result()) for f in as_completed(futures)))
    failing = pool.submit(lambda: 1 / 0)
    try:
        failing.result()
    except ZeroDivisionError as e:
        print("future raised", e)
