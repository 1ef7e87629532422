# Driver (written for vmsample's corpus) of more-itertools: its own tools and the itertools recipes.
import more_itertools as mi

print(list(mi.chunked(range(10), 3)), list(mi.windowed("abcdef", 3)), list(mi.batched(range(7), 3)))
print(mi.first([5, 6]), mi.last(range(7)), mi.nth_or_last([1, 2], 5), mi.one(["x"]), mi.minmax([4, 1, 9]))
print(list(mi.flatten([[1, 2], [3], []])), list(mi.collapse([1, [2, [3, (4, 5)]], "ab"])))
print(list(mi.interleave_longest("abc", [1, 2])), list(mi.roundrobin("AB", "CDE", "F")))
print(list(mi.distinct_permutations([1, 1, 2])), list(mi.powerset([1, 2, 3])))
evens, odds = mi.partition(lambda x: x % 2, range(10))
print(list(evens), list(odds), [list(g) for g in mi.split_at("a,b,,c", lambda c: c == ",")])
print(list(mi.unique_everseen("AAAABBBCCDAABBB")), list(mi.unique_justseen("AAAABBBCCDAABBB")))
b = mi.bucket(["a1", "b1", "a2", "c1"], key=lambda s: s[0])
print(sorted(b), list(b["a"]), list(mi.sliding_window(range(6), 4)), list(mi.pairwise("abcd")))
print(mi.ilen(x for x in range(100) if x % 7 == 0), list(mi.run_length.encode("aaabccdd")),
      list(mi.run_length.decode([("x", 2), ("y", 1)])))
print(list(mi.locate([0, 1, 1, 0, 1])), [list(g) for g in mi.consecutive_groups([1, 2, 3, 7, 8, 10])])
p = mi.peekable(iter(range(5)))
print(p.peek(), next(p), p[2], list(p), list(mi.islice_extended(range(20))[-5:-1]))
print(mi.is_sorted([1, 2, 2, 3]), mi.sort_together([(3, 1, 2), "cab"]), [list(d) for d in mi.distribute(3, range(10))])
print(mi.nth_combination(range(10), 3, 50), list(mi.grouper("ABCDEFG", 3, fillvalue="x")),
      mi.all_equal("aaa"), mi.quantify([True, False, True]))
print(sorted(mi.map_reduce("abcaab", lambda c: c, lambda c: 1, sum).items()), list(mi.intersperse(0, [1, 2, 3])))
print(list(mi.padded([1, 2], 0, 5)), list(mi.take(4, mi.repeat_last([1, 2]))),
      list(mi.strip((0, 1, 0, 2, 0), lambda x: x == 0)))
print(list(mi.substrings("abc")), list(mi.set_partitions([1, 2, 3])), list(mi.circular_shifts(range(3))))
print(mi.dotproduct([1, 2, 3], [4, 5, 6]), list(mi.convolve([1, 2, 3], [1, 1])), list(mi.polynomial_from_roots([2, 3])))
print(list(mi.factor(360)), mi.totient(36), list(mi.sieve(30)), mi.sum_of_squares([1, 2, 3]))
seq = mi.seekable(x * x for x in range(6))
print(next(seq), next(seq), seq.seek(0) or next(seq), list(seq), list(mi.zip_offset("abcd", "0123", offsets=(0, 1))))
print(list(mi.unzip([(1, "a"), (2, "b")])[1]), list(mi.chunked_even(range(10), 4)), list(mi.split_into(range(6), [1, 2, 3])))
