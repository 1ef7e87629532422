# Checks: _thread's threads allocating while the VM switches between them, each with its own frames, exception state and live objects on its stack; under the GC debug knobs every collection sees every thread's roots.
import _thread

done = _thread.allocate_lock()
results_lock = _thread.allocate_lock()
results = []
running = [0]


class Node:
    def __init__(self, value, rest):
        self.value = value
        self.rest = rest


def build(k, n):
    head = None
    for i in range(n):
        head = Node((k, str(i)), head)
    return head


def length(node):
    count = 0
    while node is not None:
        count += 1
        node = node.rest
    return count


def worker(k):
    try:
        try:
            raise KeyError(k)
        except KeyError as e:
            lists = [build(k, 50 + j) for j in range(6)]      # allocates while handling e
            handled = repr(e)
        words = {str(i): [i] * 3 for i in range(40)}
        total = sum(length(l) for l in lists) + len(words)
        with results_lock:
            results.append((k, total, handled, lists[-1].value))
    finally:
        with results_lock:
            running[0] -= 1
            if running[0] == 0:
                done.release()


done.acquire()
running[0] = 4
for k in range(4):
    _thread.start_new_thread(worker, (k,))
mine = build(99, 200)                     # the main thread allocates meanwhile
done.acquire()
print(sorted(results))
print(length(mine), mine.value)


# Ping-pong: each handoff is a switch in the middle of both frames, with
# objects only their stacks hold.
ping, pong = _thread.allocate_lock(), _thread.allocate_lock()
ping.acquire()
pong.acquire()
rally = []


def player(name, mine, theirs, turns):
    kept = [name]
    for i in range(turns):
        mine.acquire()
        kept.append(str(i) * 3)
        rally.append(name + kept[-1][-1])
        theirs.release()
    with results_lock:
        results.append((name, len(kept)))


def other_player():
    player("b", pong, ping, 20)
    ping.acquire()                          # its own last release: b is done
    done.release()


results.clear()
_thread.start_new_thread(other_player, ())
ping.release()
player("a", ping, pong, 20)
done.acquire()
results.sort()
print("".join(rally), results)


finished = _thread.allocate_lock()
finished.acquire()
_thread.start_new_thread(lambda: (_thread.exit(), finished.release()), ())
_thread.start_new_thread(lambda: finished.release(), ())
finished.acquire()
print("exit() ends a thread silently")

# A thread started while the main thread keeps running VM code: it starts
# and runs only because the VM hands it the lock at the main thread's safe
# points.
seen_by_main = []
signal_lock = _thread.allocate_lock()
signal_lock.acquire()
_thread.start_new_thread(lambda: seen_by_main.append("started") or signal_lock.release(), ())
spins = 0
while not seen_by_main:
    spins += 1
signal_lock.acquire()
print(seen_by_main)
