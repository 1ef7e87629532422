# Checks: *args collection, star-unpacking in calls, and mixing positional, *args and keywords.
def total(*nums):
    return len(nums), sum(nums), nums
print(total(), total(1), total(1, 2, 3))
def head_tail(first, *rest):
    return first, rest
print(head_tail(1), head_tail(1, 2, 3))
args = [4, 5, 6]
print(total(*args), total(0, *args, 7), head_tail(*"abc"))
def fmt(sep, *parts, end="."):
    return sep.join(parts) + end
print(fmt("-", "a", "b"), fmt("+", "x", end="!"), fmt(", "))
print(max(*[3, 9, 2]), min(*(4, 1)))
