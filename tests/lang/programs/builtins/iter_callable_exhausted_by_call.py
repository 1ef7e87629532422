# Checks: iter(callable, sentinel) ends when a call exhausts the iterator itself (its value is dropped, gh-101892) and when the callable raises StopIteration (later calls are not made), as CPython's calliter_iternext.
HAS_MORE, NO_MORE = 1, 2


def spam():
    if spam.recursive:
        return NO_MORE
    spam.recursive = True
    print("inner", list(spam.iterator))
    return HAS_MORE


spam.recursive = False
spam.iterator = iter(spam, NO_MORE)
try:
    print("got", next(spam.iterator))
except StopIteration as e:
    print("StopIteration", e.args, e.__context__)
print("again", list(spam.iterator))

calls = []


def stopper():
    calls.append(len(calls))
    if len(calls) == 3:
        raise StopIteration("done")
    return len(calls)


it = iter(stopper, None)
print(list(it), calls)
try:
    next(it)
except StopIteration as e:
    print("after", e.args, calls)
