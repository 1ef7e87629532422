# Checks: a comparison whose left operand's __lt__ gives NotImplemented tries the right operand's reflected __gt__, also when both are ints and the left a subclass of int (found by CPython's test_heapq).
class Evil(int):
    def __lt__(self, other):
        print("Evil.__lt__")
        return NotImplemented


print(Evil(0) < 1, Evil(5) < 1, 1 > Evil(0))
