# Driver (written for vmsample's corpus) of toolz: functional tools over iterables, dicts and functions.
from operator import add, mul

import toolz
from toolz import curried

print(toolz.groupby(len, ["a", "bb", "cc", "d", "eee"]), toolz.frequencies("abracadabra"))
print(toolz.merge({"a": 1}, {"b": 2}, {"a": 3}), toolz.merge_with(sum, {"a": 1, "b": 2}, {"a": 10}))
print(toolz.valmap(lambda v: v * 2, {"x": 1, "y": 2}), toolz.keyfilter(lambda k: k > "a", {"a": 1, "b": 2}))
print(toolz.assoc_in({"a": {"b": 1}}, ["a", "c"], 2), toolz.get_in(["a", "b"], {"a": {"b": 5}}),
      toolz.update_in({"n": 1}, ["n"], lambda x: x + 1), toolz.dissoc({"a": 1, "b": 2}, "a"))
print(list(toolz.partition(2, range(7))), list(toolz.partition_all(3, range(7))), list(toolz.sliding_window(3, "abcde")))
print(list(toolz.interleave([[1, 2, 3], "ab"])), list(toolz.unique([3, 1, 3, 2, 1])), list(toolz.concat([[1], [2, 3]])))
print(toolz.reduceby(lambda x: x % 3, add, range(10), 0), toolz.countby(lambda x: x > 3, range(8)))
print(toolz.pipe(3, lambda x: x + 1, lambda x: x * 10), toolz.compose(str, abs)(-4), toolz.thread_first(2, (pow, 5)))
inc_then_double = toolz.compose_left(lambda x: x + 1, lambda x: x * 2)
print(inc_then_double(5), toolz.juxt(min, max, len)([3, 1, 2]), toolz.identity(7), toolz.complement(bool)(0))


@toolz.curry
def scale(factor, x, offset=0):
    return factor * x + offset


triple = scale(3)
print(triple(5), triple(5, offset=1), list(map(scale(2), [1, 2])), list(curried.map(curried.get(0))([[9], [8]])))
print(list(curried.pipe(range(10), curried.filter(lambda x: x % 2), curried.map(curried.flip(pow)(2)))))
memo_calls = []


@toolz.memoize
def slow_square(n):
    memo_calls.append(n)
    return n * n


print([slow_square(n) for n in (2, 3, 2, 3)], memo_calls, toolz.first("xyz"), toolz.last("xyz"), toolz.nth(1, "xyz"))
print(list(toolz.take(3, toolz.iterate(lambda x: x * 2, 1))), list(toolz.accumulate(mul, [1, 2, 3, 4])), toolz.count(iter(range(9))))
print(list(toolz.topk(2, [5, 1, 9, 3])), list(toolz.diff([1, 2, 3], [1, 5, 3])), list(toolz.mapcat(lambda x: [x, x], [1, 2])))
print(list(toolz.join(toolz.first, [(1, "a"), (2, "b")], toolz.first, [(1, "x"), (3, "y")])), toolz.isdistinct([1, 2, 1]))
print(list(toolz.merge_sorted([1, 4, 7], [2, 5], [3])), list(toolz.pluck("k", [{"k": 1}, {"k": 2}])), list(toolz.tail(2, range(5))))
