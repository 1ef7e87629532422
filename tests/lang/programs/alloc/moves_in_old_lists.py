# Checks: young objects moved around inside big old lists (insert, del, pop, remove, reverse, sort, slice assignment) survive every minor collection: each move is a store the collector must see.
# gc-debug: VMSAMPLE_GC_STRESS=41
class Box:
    def __init__(self, n):
        self.n = n


def churn(k):
    # garbage, so that minor collections happen between the moves
    return [str(i) * 3 for i in range(k)]


big = [Box(i) for i in range(300)]      # an items array far above the large-object size
churn(2000)
log = []
for step in range(60):
    fresh = [Box(1000 + 10 * step + j) for j in range(4)]     # young
    big.insert(0, fresh[0])         # each a store into the old array,
    big.insert(1, fresh[1])         # then moved by the next insert:
    big.insert(step % 7, fresh[2])  # no allocation in between
    del big[0]
    big.insert(2, fresh[3])
    if step % 3 == 0:
        big.reverse()
    if step % 11 == 0:
        big[10:12] = [Box(2000 + step), Box(3000 + step), Box(4000 + step)]
    if step % 13 == 0:
        log.append(big.pop(0).n)
    del fresh
    churn(60)                       # minor collections: the young boxes move out
big.remove(big[-1])
churn(500)
big.sort(key=lambda b: b.n)
print(len(big), [b.n for b in big[:12]], [b.n for b in big[-12:]])
print(log, sum(b.n for b in big))
