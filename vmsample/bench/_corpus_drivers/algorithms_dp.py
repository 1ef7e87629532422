# Driver (written for vmsample's corpus) of keon/algorithms' dynamic programming functions.
from algorithms.dp import *

prices = [7, 1, 5, 3, 6, 4, 8, 2]
print(max_profit_naive(prices), max_profit_optimized(prices))
print([climb_stairs(n) for n in range(1, 12)], climb_stairs_optimized(30))
print(count([1, 2, 5], 50), combination_sum_topdown([1, 2, 3], 10), combination_sum_bottom_up([1, 2, 3], 10))
print(edit_distance("intention", "execution"), egg_drop(2, 36), fib_recursive(18), fib_list(60), fib_iter(80))
print([hosoya(6, k) for k in range(7)], house_robber([2, 7, 9, 3, 1, 8]), int_divide(12))
print(get_maximum_value([Item(60, 5), Item(50, 3), Item(70, 4), Item(30, 2)], 5))
print(longest_increasing_subsequence([10, 9, 2, 5, 3, 7, 101, 18, 4, 19]))
print(max_product([2, 3, -2, 4, -1]), max_subarray([-2, 1, -3, 4, -1, 2, 1, -5, 4]))
print(min_cost([[0, 15, 80, 90], [-1, 0, 40, 50], [-1, -1, 0, 70], [-1, -1, -1, 0]]))
print(num_decodings("2262123"), num_decodings2("2262123"), cut_rod([1, 5, 8, 9, 10, 17, 17, 20]))
print(word_break("applepenapple", {"apple", "pen"}), word_break("catsandog", {"cats", "dog", "sand", "and", "cat"}))
