# Checks: Threads started and joined: each its own frames and results; a lock keeps a shared counter exact while the VM switches threads in their loops.
import threading

results = {}
counter = 0
counter_lock = threading.Lock()


def work(n):
    global counter
    total = 0
    for i in range(2000):
        total += i * n
        with counter_lock:
            counter += 1
    results[n] = (threading.current_thread().name, total)


threads = [threading.Thread(target=work, args=(n,), name=f"worker-{n}") for n in range(5)]
for t in threads:
    t.start()
for t in threads:
    t.join()
    print(t.name, t.is_alive())
print(sorted(results.items()))
print("counter", counter)
print(threading.active_count(), threading.current_thread() is threading.main_thread())


class Squares(threading.Thread):
    def __init__(self, n):
        super().__init__()
        self.n = n
        self.out = []

    def run(self):
        self.out = [[i * i] for i in range(self.n)]    # allocates: collections in the thread


t = Squares(3000)
t.start()
t.join(timeout=30)
print(len(t.out), t.out[-1], t.daemon)


def recurse(k):
    return 0 if k == 0 else 1 + recurse(k - 1)


depths = []
ts = [threading.Thread(target=lambda: depths.append(recurse(300))) for _ in range(3)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print(depths)

# Preemption: a thread spinning on a flag only another running thread sets
# ends only if the VM switches threads at its safe points, as CPython's GIL.
flag = []


def spin():
    n = 0
    while not flag:
        n += 1
    spun.append(flag[0])


spun = []
spinner = threading.Thread(target=spin)
spinner.start()
total = 0
for i in range(300000):
    total += i
flag.append(total)
spinner.join()
print("spinner saw the flag", spun)
