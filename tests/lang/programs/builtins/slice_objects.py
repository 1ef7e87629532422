# Checks: slice(): made with one, two or three arguments, its start/stop/step,
# used as a subscript of lists, tuples and strings, and passed to a
# __getitem__ (isinstance(index, slice), as sequence classes test).
s = slice(5)
t = slice(1, 8, 2)
print(s, t, slice(None, -1), s.start, s.stop, s.step, t.start, t.stop, t.step)
data = list(range(10))
print(data[s], data[t], "abcdefghij"[t], tuple(data)[slice(-3, None)], data[slice(None, None, -3)])


class Seq:
    def __getitem__(self, index):
        if isinstance(index, slice):
            return ("slice", index.start, index.stop, index.step)
        return ("item", index)


q = Seq()
print(q[1], q[1:2], q[::3], q[:], isinstance(t, slice), type(t).__name__, type(t) is slice)
for bad in [lambda: slice(), lambda: slice(1, 2, 3, 4)]:
    try:
        bad()
    except TypeError as e:
        print(e)
