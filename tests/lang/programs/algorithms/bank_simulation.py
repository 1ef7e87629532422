# Checks: a queue simulation with instances, list-as-queue (pop(0)), dict bookkeeping and formatted reporting.
class Customer:
    def __init__(self, cid, arrival, need):
        self.cid = cid
        self.arrival = arrival
        self.need = need
class Teller:
    def __init__(self, name):
        self.name = name
        self.busy_until = 0
        self.served = []
seed = 17
def rand(n):
    global seed
    seed = seed * 48271 % 2147483647
    return seed % n
arrivals = []
t = 0
for cid in range(60):
    t += rand(4)
    arrivals.append(Customer(cid, t, 1 + rand(7)))
tellers = [Teller("A"), Teller("B"), Teller("C")]
queue = []
waits = {}
clock = 0
while arrivals or queue:
    while arrivals and arrivals[0].arrival <= clock:
        queue.append(arrivals.pop(0))
    for teller in tellers:
        if queue and teller.busy_until <= clock:
            c = queue.pop(0)
            waits[c.cid] = clock - c.arrival
            teller.busy_until = clock + c.need
            teller.served.append(c.cid)
    clock += 1
for teller in tellers:
    print(f"{teller.name}: {len(teller.served):2d} served, last at {teller.busy_until}")
print("average wait %.3f, max wait %d, total %d" % (sum(waits.values()) / len(waits), max(waits.values()), len(waits)))
