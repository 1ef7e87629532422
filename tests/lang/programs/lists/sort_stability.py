# Checks: sort and sorted are stable, with key functions and reverse, on records with equal keys.
recs = [("bob", 3), ("amy", 1), ("cat", 3), ("dan", 2), ("eve", 1), ("fay", 2)]
print(sorted(recs, key=lambda r: r[1]))
print(sorted(recs, key=lambda r: r[1], reverse=True))
print(sorted(recs, key=lambda r: -r[1]))
recs.sort(key=lambda r: r[0], reverse=True)
recs.sort(key=lambda r: r[1])
print(recs)
nums = [5, -3, 2, -8, 0, 7, -1]
print(sorted(nums, key=abs), sorted(nums, key=abs, reverse=True), sorted(nums))
print(sorted("hello world"), sorted([]), sorted([1.5, 1, True, 0]))
