# Checks: tuple creation (incl. empty and 1-tuples), indexing, slicing, +, *, in, len, count/index and printing.
t = (1, "two", 3.0, None)
e = ()
one = (5,)
print(t, e, one, len(t), len(e), t[1], t[-1], t[1:3], t[::-1], t[::2])
print(t + one, one * 3, e * 5, 2 * (1, 2), 3.0 in t, "x" in t)
print((1, 2, 2, 3, 2).count(2), (1, 2, 3).index(3), tuple([1, 2]), tuple("ab"), tuple())
nested = ((1, 2), (3, (4, 5)))
print(nested, nested[1][1][0], len(nested))
x = 1, 2
print(x, type(x).__name__)
print(((1,),), (("a",), "b"))
