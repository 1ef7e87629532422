# Checks: every comparison operator between strs -- the same object, equal text in two objects, a prefix,
# differing code points at the start, the middle and the end, non-ASCII and astral characters --
# matches CPython (== and != of strs compare by identity, then length, then content; the order
# compares code points, not bytes, so '\u0100' > '\xff' and '\U00010000' > '\uffff').
import operator

long_a = "x" * 100_000
words = ["", "a", "ab", "abc", "abd", "b", "ba", "\xff", "\u0100", "\uffff", "\U00010000", "a\U00010000",
         long_a, long_a + "y", "y" + long_a, "".join(["x"] * 100_000)]
ops = [operator.eq, operator.ne, operator.lt, operator.le, operator.gt, operator.ge]
table = []
for a in words:
    for b in words:
        table.append("".join("1" if op(a, b) else "0" for op in ops))
print(len(table))
for i in range(0, len(table), 16):
    print(" ".join(table[i:i + 16]))
same = long_a
print(same == long_a, same != long_a, same < long_a, same <= long_a, same is long_a)
print(long_a == words[-1], long_a is words[-1], sorted(["b", "a\U00010000", "a\uffff", "a"]))
