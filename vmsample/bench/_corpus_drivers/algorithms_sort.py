# Driver (written for vmsample's corpus) of keon/algorithms' sorting functions.
from algorithms.sort import *
from algorithms.sort.wiggle_sort import wiggle_sort

data = [(i * 7919) % 101 - 50 for i in range(80)]
naturals = [(i * 37) % 53 for i in range(60)]
sorts = [bubble_sort, cocktail_shaker_sort, comb_sort, cycle_sort, gnome_sort, max_heap_sort,
         min_heap_sort, insertion_sort, merge_sort, pancake_sort, quick_sort, selection_sort,
         shell_sort, bitonic_sort]
for sort in sorts:
    values = list(data[:64]) if sort is bitonic_sort else list(data)
    result = sort(values)
    print(sort.__name__, result == sorted(values), result[:5])
for sort in [counting_sort, radix_sort, pigeonhole_sort, bucket_sort]:
    print(sort.__name__, sort(list(naturals))[:10])
print(bitonic_sort([4, 1, 3, 2, 8, 7, 6, 5], True))
nums = [3, 5, 2, 1, 6, 4]
wiggle_sort(nums)
print(nums)
