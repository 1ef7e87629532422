# Checks: suspended generators and closures keep their frames' objects alive across heavy allocation.
# gc-debug: VMSAMPLE_GC_STRESS=61
def producer(tag):
    buf = [tag] * 10
    i = 0
    while True:
        yield (tag, i, len(buf))
        buf.append([i])
        i += 1
def make_cell(v):
    box = [v]
    def get():
        return box[0]
    def put(x):
        box[0] = x
    return get, put
gens = [producer("g" + str(k)) for k in range(20)]
cells = [make_cell(k) for k in range(20)]
for rnd in range(200):
    for k in range(20):
        tag, i, n = next(gens[k])
        get, put = cells[k]
        put([rnd, get()] if rnd % 50 == 0 else (rnd, k))
    junk = [str(j) * 2 for j in range(100)]
print([next(g) for g in gens[:3]], cells[3][0](), cells[19][0]())
