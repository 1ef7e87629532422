# Checks: functions carry arbitrary attributes (setting one once raised
# AttributeError): set, read, update, delete; __dict__, __name__, __doc__ (a
# docstring or None); an attribute used as a memo cache.
def memo(n):
    "Fibonacci with a cache on the function."
    if n in memo.cache:
        return memo.cache[n]
    r = n if n < 2 else memo(n - 1) + memo(n - 2)
    memo.cache[n] = r
    return r


memo.cache = {}
print(memo(60), len(memo.cache), memo.__name__, memo.__doc__)


def plain(x):
    return x


print(plain.__dict__, plain.__doc__)
plain.calls = 0
plain.calls += 1
plain.tag = "t"
print(plain.calls, sorted(plain.__dict__.items()))
del plain.calls
print(hasattr(plain, "calls"), plain.__dict__)
try:
    del plain.calls
except AttributeError as e:
    print("AttributeError", e)
lam = lambda: 0
lam.note = [1, 2]
print(lam.note, lam.__name__)
