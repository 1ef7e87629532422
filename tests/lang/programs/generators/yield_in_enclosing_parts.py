# Checks: a yield in a lambda's or def's defaults, a decorator or class bases makes the enclosing function a generator; yields as subscript targets.
def in_lambda_default():
    return lambda x=(yield "default"): x


def in_def_default():
    def inner(y=(yield "def default")):
        return y
    return inner


def in_decorator():
    @(yield "decorator")
    def decorated():
        pass
    return decorated


def in_class_bases():
    class C((yield "base")):
        pass
    return C


for make in (in_lambda_default, in_def_default, in_decorator, in_class_bases):
    g = make()
    print(type(g).__name__, next(g))
    try:
        g.send(object if make is in_class_bases else (lambda f: f) if make is in_decorator else 42)
    except StopIteration as stop:
        made = stop.value
        print(made() if make in (in_lambda_default, in_def_default) else made.__name__)


def sends(d):
    d[(yield "a")] = d[(yield "b")] = 27


data = [1, 2]
g = sends(data)
print(g.send(None), g.send(0))
try:
    g.send(1)
except StopIteration:
    print(data)
