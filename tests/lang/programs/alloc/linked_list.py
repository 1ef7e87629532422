# Checks: a 50,000-node linked list of instances survives many collections intact (no recursion in the GC).
# gc-debug: VMSAMPLE_GC_STRESS=61
class Node:
    __slots__ = ("val", "next")
    def __init__(self, val, nxt):
        self.val = val
        self.next = nxt
head = None
for i in range(50000):
    head = Node(i, head)
total = 0
count = 0
n = head
while n is not None:
    total += n.val
    count += 1
    n = n.next
print(count, total)
prev = None
n = head
while n is not None:
    nxt = n.next
    n.next = prev
    prev = n
    n = nxt
head = prev
print(head.val, head.next.val, head.next.next.val)
