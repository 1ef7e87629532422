# Checks: zero-argument super() in methods wrapped by decorators (a closure, functools.wraps, lru_cache over a bound method), in a nested function of a method.
import functools
import types


def logged(method):
    @functools.wraps(method)
    def wrapper(self, *args):
        print("call", method.__name__, args)
        return method(self, *args)
    return wrapper


def cached_per_instance(method):
    def wrapper(self, *args):
        bound = types.MethodType(method, self)
        return functools.lru_cache()(bound)(*args)
    return wrapper


class Base:
    def greet(self, who):
        return f"hello {who}"

    def lower(self):
        return "base"


class Child(Base):
    @logged
    def greet(self, who):
        return super().greet(who).upper()

    @cached_per_instance
    def lower(self):
        return "child of " + super().lower()

    def nested(self):
        def inner():
            return super(Child, self).greet("inner")
        return inner()


class Folded(str):
    @cached_per_instance
    def lower(self):
        return super().lower()


c = Child()
print(c.greet("ann"), c.lower(), c.nested())
print(Folded("MiXeD").lower(), type(Folded("a").lower()).__name__)
