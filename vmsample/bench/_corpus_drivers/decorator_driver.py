# Driver (written for vmsample's corpus) of decorator: signature-preserving decorators, decorator factories, dispatch.
import inspect

from decorator import FunctionMaker, contextmanager, decorate, decorator, dispatch_on

log = []


@decorator
def trace(func, *args, **kw):
    log.append((func.__name__, args, kw))
    return func(*args, **kw)


@decorator
def retry(func, times=2, *args, **kw):
    for attempt in range(times):
        try:
            return func(*args, **kw)
        except ValueError:
            log.append(("retry", attempt))
    return None


@trace
def add(x, y=1, *rest, key="k", **extra):
    """Adds."""
    return x + y + sum(rest)


flaky_calls = []


@retry(times=3)
def flaky():
    flaky_calls.append(1)
    if len(flaky_calls) < 3:
        raise ValueError("again")
    return "ok"


print(add(1), add(1, 2, 3, key="z"), add.__name__, add.__doc__, str(inspect.signature(add)), log)
print(flaky(), log[-2:], inspect.signature(flaky), add.__wrapped__(5, 5))


def caller(f, *a, **k):
    return ("wrapped", f(*a, **k))


print(decorate(lambda a, b=2: a * b, caller)(3), FunctionMaker.create("double(x)", "return _f_(x) * 2", {"_f_": abs}, doc="d")(-4))


@contextmanager
def tag(name):
    print(f"<{name}>")
    yield name.upper()
    print(f"</{name}>")


with tag("p") as t:
    print("inside", t)


@dispatch_on("obj")
def describe(obj):
    return "object"


@describe.register(int)
def describe_int(obj):
    return "int"


@describe.register(str)
def describe_str(obj):
    return "str"


print(describe(1), describe("s"), describe(1.5), describe(True), sorted(str(k) for k in describe.typemap))
