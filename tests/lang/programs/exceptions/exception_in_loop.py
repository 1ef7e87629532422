# Checks: exceptions caught inside loops keep the loop going; the except variable is unbound after the block.
results = []
for s in ["1", "x", "3", "", "5"]:
    try:
        results.append(int(s))
    except ValueError as err:
        results.append(-1)
print(results)
try:
    print(err)
except NameError as e:
    print("NameError:", e)
total = 0
i = 0
while True:
    try:
        total += [10, 20, 30][i]
        i += 1
    except IndexError:
        break
print(total, i)
