# Checks: quicksort, merge sort, insertion sort and heapsort written in the subset agree with sorted().
def lcg_list(n, seed):
    out = []
    for _ in range(n):
        seed = seed * 48271 % 2147483647
        out.append(seed % 1000 - 500)
    return out
def quicksort(xs):
    if len(xs) <= 1:
        return xs
    pivot = xs[len(xs) // 2]
    return (quicksort([x for x in xs if x < pivot]) + [x for x in xs if x == pivot]
            + quicksort([x for x in xs if x > pivot]))
def merge_sort(xs):
    if len(xs) <= 1:
        return xs
    mid = len(xs) // 2
    a, b = merge_sort(xs[:mid]), merge_sort(xs[mid:])
    out = []
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i] <= b[j]:
            out.append(a[i])
            i += 1
        else:
            out.append(b[j])
            j += 1
    return out + a[i:] + b[j:]
def insertion_sort(xs):
    xs = xs[:]
    for i in range(1, len(xs)):
        v = xs[i]
        j = i - 1
        while j >= 0 and xs[j] > v:
            xs[j + 1] = xs[j]
            j -= 1
        xs[j + 1] = v
    return xs
def heapsort(xs):
    xs = xs[:]
    n = len(xs)
    def sift(start, end):
        root = start
        while 2 * root + 1 <= end:
            child = 2 * root + 1
            if child + 1 <= end and xs[child] < xs[child + 1]:
                child += 1
            if xs[root] < xs[child]:
                xs[root], xs[child] = xs[child], xs[root]
                root = child
            else:
                return
    for start in range((n - 2) // 2, -1, -1):
        sift(start, n - 1)
    for end in range(n - 1, 0, -1):
        xs[0], xs[end] = xs[end], xs[0]
        sift(0, end - 1)
    return xs
data = lcg_list(600, 99)
expected = sorted(data)
for sort in [quicksort, merge_sort, insertion_sort, heapsort]:
    result = sort(data)
    print(sort.__name__, result == expected, result[:5], result[-3:])
print(data[:5], len(data))
