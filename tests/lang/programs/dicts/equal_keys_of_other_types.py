# Checks: a dict or set lookup whose key is equal to a stored one but not the same
# object: ranges, bound methods, tuples, frozensets, numbers of other types.


class A:
    def m(self):
        pass


a = A()
d = {range(0, 4, 2): "range", a.m: "method", (1, 2): "tuple", frozenset({1}): "frozenset",
     1.0: "float", b"x": "bytes", range(0): "empty range"}
print(d[range(0, 3, 2)], d[a.m], d[(1, 2)], d[frozenset([1])], d[1], d[b"x"])
print(d[range(5, 5)], d[range(7, 2)])
print(range(0, 3, 2) in {range(0, 4, 2)}, a.m in {a.m}, A().m in {a.m})
print({str.upper: 1}[str.upper], {A.m: 2}[A.m], {len: 3}[len], {"abc".upper: 4}["abc".upper])
print({(1).__add__: 5}.get((1).__add__), {1j: 6}[complex(0, 1)], {True: 7}[1])
s = {range(1, 10, 3)}
s.discard(range(1, 8, 3))
print(s)
