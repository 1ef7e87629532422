# Checks: manual iteration with iter/next and StopIteration, and exceptions crossing several frames.
it = iter([1, 2])
out = []
while True:
    try:
        out.append(next(it))
    except StopIteration:
        break
print(out)
def level3(x):
    if x > 2:
        raise OverflowError("too deep: " + str(x))
    return x
def level2(x):
    return level3(x + 1)
def level1(x):
    try:
        return level2(x + 1)
    finally:
        print("level1 cleanup", x)
for start in [0, 1]:
    try:
        print("result", level1(start))
    except OverflowError as e:
        print("OverflowError:", e)
