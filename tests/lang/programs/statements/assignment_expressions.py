# Checks: assignment expressions (:=) in conditions, while loops, comprehensions (binding in the enclosing scope) and at module level.
data = [4, 9, 1, 16, 25]
if (n := len(data)) > 3:
    print("long list", n)

print([y for x in data if (y := x * 2) > 10], y)


def running_total(values):
    total = 0
    return [total := total + v for v in values], total


print(running_total(data))

stack = list(range(5))
while (top := stack.pop()) > 1:
    print("popped", top)
print("stopped at", top)


def counter():
    count = 0

    def bump():
        nonlocal count
        return (count := count + 1)

    return bump


bump = counter()
print(bump(), bump(), bump())
print(any((hit := v) > 10 for v in data), hit)
