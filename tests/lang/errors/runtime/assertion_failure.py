# A failing assert with a message at module level after a function call chain.
def check_sorted(xs):
    for i in range(len(xs) - 1):
        assert xs[i] <= xs[i + 1], "not sorted at index " + str(i)
    return True
print(check_sorted([1, 2, 3]))
check_sorted([1, 3, 2])
