# Checks: long-lived containers (list, dict, instance) repeatedly receive freshly allocated objects (write-barrier pressure).
# gc-debug: VMSAMPLE_GC_STRESS=61
class Holder:
    def __init__(self):
        self.item = None
        self.items = []
table = [None] * 2000
index = {}
holders = [Holder() for _ in range(200)]
for step in range(30):
    garbage = [[k, str(k)] for k in range(300)]
    for i in range(0, 2000, 7):
        table[i] = (step, i, [step] * 3)
    for i in range(100):
        index[i] = "s" + str(step * 1000 + i)
    for h in holders:
        h.item = [step, step * 2]
        h.items.append(step)
check = 0
for i in range(0, 2000, 7):
    s, j, lst = table[i]
    check += s + j + sum(lst)
print(check, index[0], index[99], holders[0].item, len(holders[-1].items), sum(holders[5].items))
print(sum(len(v) for v in index.values()), table[1], table[7][2])
