# Checks: keyword-only parameters after * and **kwargs collection (preserving keyword order).
def conf(a, *, debug=False, level):
    return a, debug, level
print(conf(1, level=3), conf(2, level=0, debug=True))
def opts(**kw):
    return kw
print(opts(), opts(b=1, a=2), opts(**{"x": 1}))
def both(*args, **kwargs):
    return args, kwargs
print(both(1, 2, k=3))
