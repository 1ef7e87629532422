# Checks: list append/pop/insert/index/count/sort/reverse/extend/remove and their edge cases.
xs = [3, 1, 4, 1, 5, 9, 2, 6]
xs.append(5)
print(xs, xs.pop(), xs.pop(0), xs.pop(-2), xs)
xs.insert(0, 100)
xs.insert(100, 200)
xs.insert(-1, 300)
xs.insert(-100, -1)
print(xs, xs.index(1), xs.index(1, 3), xs.count(1), xs.count(42))
xs.sort()
print(xs)
xs.reverse()
print(xs)
xs.extend([7, 8])
xs.remove(1)
print(xs, len(xs))
words = ["pear", "Apple", "fig", "banana", "kiwi"]
words.sort()
print(words)
words.sort(key=len)
print(words)
words.sort(key=len, reverse=True)
print(words)
try:
    [].pop()
except IndexError as e:
    print("IndexError:", e)
try:
    [1, 2].index(3)
except ValueError as e:
    print("ValueError:", e)
