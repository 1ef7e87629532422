# Checks: many raised and caught exceptions (with tracebacks) and exception objects kept in a long-lived list.
# gc-debug: VMSAMPLE_GC_STRESS=61
class Err(Exception):
    def __init__(self, n):
        super().__init__("err " + str(n))
        self.n = n
def fail(n):
    if n % 3 == 0:
        raise Err(n)
    if n % 3 == 1:
        return [n] * 5
    return {"n": n}
kept = []
ok = 0
for i in range(6000):
    try:
        fail(i)
        ok += 1
    except Err as e:
        if i % 100 == 0:
            kept.append(e)
print(ok, len(kept), kept[0].n, str(kept[-1]), sum(e.n for e in kept))
