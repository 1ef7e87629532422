# Checks: the VM's itertools module against CPython's: infinite iterators cut with islice, accumulate, chain, compress, dropwhile/takewhile/filterfalse, groupby (and its groups going stale), islice's arguments and errors, starmap, tee, zip_longest, product, permutations, combinations (with replacement), pairwise.
import itertools
import operator
from itertools import islice

print(list(islice(itertools.count(), 3)), list(islice(itertools.count(10, 5), 4)), list(islice(itertools.count(1.5, 0.5), 3)))
print(list(islice(itertools.cycle("ab"), 5)), list(itertools.repeat(7, 3)), list(islice(itertools.repeat("x"), 2)))
print(list(itertools.accumulate([3, 1, 4, 1, 5])), list(itertools.accumulate([3, 1, 4, 1, 5], max)))
print(list(itertools.accumulate([1, 2, 3], operator.mul, initial=10)), list(itertools.accumulate([])))
print(list(itertools.chain("ab", [1, 2], ())), list(itertools.chain.from_iterable(["xy", "z", ""])))
print(list(itertools.compress("abcdef", [1, 0, 1, 0, 1])), list(itertools.filterfalse(None, [0, 1, "", "a"])))
print(list(itertools.dropwhile(lambda x: x < 3, [1, 2, 3, 1])), list(itertools.takewhile(lambda x: x < 3, [1, 2, 3, 1])))
print([(k, list(g)) for k, g in itertools.groupby("aaabccdaa")])
print([(k, len(list(g))) for k, g in itertools.groupby([1, 3, 2, 4, 5, 7], key=lambda x: x % 2)])
groups = list(itertools.groupby("aabbb"))
print([(k, list(g)) for k, g in groups])
print(list(islice("abcdefg", 2)), list(islice("abcdefg", 2, 4)), list(islice("abcdefg", 1, None, 2)), list(islice("abc", 0)))
for bad in ((-1,), (0, 5, 0), ("x",)):
    try:
        islice("abc", *bad)
    except ValueError as e:
        print("ValueError:", e)
print(list(itertools.starmap(pow, [(2, 5), (3, 2), (10, 3)])))
a, b = itertools.tee(iter([1, 2, 3]))
print(next(a), next(a), list(b), list(a))
print(list(itertools.zip_longest("abc", [1], fillvalue="-")), list(itertools.zip_longest()), list(itertools.zip_longest([1, 2], "x")))
print(list(itertools.product("ab", [0, 1])), list(itertools.product([1, 2], repeat=2)), list(itertools.product()))
print(list(itertools.permutations("abc")), list(itertools.permutations(range(4), 2))[:5], list(itertools.permutations("ab", 3)))
print(list(itertools.combinations("abcd", 2)), list(itertools.combinations(range(4), 3)), list(itertools.combinations("ab", 3)))
print(list(itertools.combinations_with_replacement("abc", 2)), list(itertools.pairwise("abcd")), list(itertools.pairwise("a")))
print(sum(1 for _ in itertools.permutations(range(6))), sum(1 for _ in itertools.combinations(range(12), 5)))
