# Checks: __length_hint__ of the built-in iterators (range, str, list, tuple) as it goes down, as operator.length_hint and list() read it (the VM's range and str iterators answered NotImplemented).
import operator

for make in (lambda: iter(range(7)), lambda: iter(range(10, 0, -3)), lambda: iter(range(5, 5)),
             lambda: iter("hello"), lambda: iter([1, 2, 3]), lambda: iter((1, 2))):
    it = make()
    hints = [operator.length_hint(it)]
    for _ in it:
        hints.append(it.__length_hint__())
    print(type(it).__name__, hints)
print(operator.length_hint(iter(range(-5, 5, 4))), operator.length_hint(iter(range(0, -9, -2)), 99))
