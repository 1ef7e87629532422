# Checks: a list iterator, once exhausted, stays exhausted when the list grows (CPython drops the list); list assignment and deletion errors name 'list indices' for a bad key and 'list assignment index' for one out of range.
a = [1, 2]
it = iter(a)
print(list(it)); a.append(3); print(list(it))
for key in ["x", 1.5, None]:
    try:
        a[key] = 1
    except TypeError as e:
        print(e)
    try:
        del a[key]
    except TypeError as e:
        print(e)
try:
    a[10] = 1
except IndexError as e:
    print(e)
try:
    del a[10]
except IndexError as e:
    print(e)
