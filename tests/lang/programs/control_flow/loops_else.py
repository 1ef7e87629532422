# Checks: while/for with else, break, continue, and nested loops where break only leaves the inner loop.
for n in range(2, 20):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        print(n, "is prime")
i = 0
while i < 10:
    i += 1
    if i % 3 == 0:
        continue
    if i == 8:
        break
    print("i", i)
else:
    print("not reached")
j = 0
while j < 3:
    j += 1
else:
    print("while else ran", j)
for x in []:
    print("never")
else:
    print("empty for else")
found = None
for row in range(5):
    for col in range(5):
        if row * col == 6:
            found = (row, col)
            break
    if found:
        break
print(found)
