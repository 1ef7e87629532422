# Checks: list == and != answer from differing lengths without calling any item's __eq__, and when an item's __eq__ empties the lists the lengths decide (CPython's list_richcompare, bpo-38588); tuples compare items first.
calls = []


class Noisy:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        calls.append(self.name)
        return NotImplemented

    __hash__ = object.__hash__


print([Noisy("a")] == [Noisy("b"), 1], [Noisy("c")] != [1, 2], calls)
print((Noisy("d"),) == (Noisy("e"), 1), calls)


class X:
    def __eq__(self, other):
        list2.clear()
        return NotImplemented


class Y:
    def __eq__(self, other):
        list1.clear()
        return NotImplemented


class Z:
    def __eq__(self, other):
        list3.clear()
        return NotImplemented


list1, list2 = [X()], [Y()]
print(list1 == list2, list1, list2)
list1, list2 = [X()], [Y()]
print(list1 != list2)
list1, list2 = [X(), 1], [Y(), 2]
print(list1 < list2, list1, list2)
list3, list4 = [Z()], [1]
print(list3 == list4, list3 <= list4)
