# Checks: import time: time(), perf_counter() and monotonic() return floats that do not go backwards.
import time
t0 = time.time()
p0 = time.perf_counter()
m0 = time.monotonic()
work = 0
for i in range(10000):
    work += i
t1 = time.time()
p1 = time.perf_counter()
m1 = time.monotonic()
print(work, type(t0).__name__, t1 >= t0, p1 >= p0, m1 >= m0, t0 > 1600000000)
start = time.perf_counter()
time.sleep(0.01)
print(time.perf_counter() - start >= 0.005)
