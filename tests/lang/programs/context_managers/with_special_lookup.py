# Checks: with / async with find __enter__, __exit__, __aenter__, __aexit__ on the type, as CPython's special lookup: never the instance's own attributes, __getattribute__ or __getattr__; a descriptor there is bound through its __get__, whose error is the statement's.
import asyncio


class Loud:
    def __getattribute__(self, name):
        print("__getattribute__", name)
        return object.__getattribute__(self, name)

    def __getattr__(self, name):
        print("__getattr__", name)
        raise AttributeError(name)

    def __enter__(self):
        print("enter")
        return self

    def __exit__(self, *exc):
        print("exit", exc[0])


with Loud():
    print("body")


class Binder:
    def __get__(self, obj, owner=None):
        print("__get__ for", type(obj).__name__)
        return lambda *args: print("bound call", len(args))


class Bound:
    __enter__ = Binder()
    __exit__ = Binder()


with Bound():
    pass


class Failing(Exception):
    pass


class Raises:
    def __get__(self, obj, owner=None):
        raise Failing("from __get__")


class Broken:
    __enter__ = Raises()
    __exit__ = lambda self, *a: None


try:
    with Broken():
        pass
except Failing as e:
    print("Failing:", e)

class OnlyInstance:
    pass


o = OnlyInstance()
o.__enter__ = lambda: None
o.__exit__ = lambda *a: None
try:
    with o:
        pass
except TypeError as e:
    print("TypeError:", e)


class AsyncBinder:
    def __get__(self, obj, owner=None):
        print("__get__ for", type(obj).__name__)

        async def method(*args):
            print("bound async call", len(args))
        return method


class AsyncManager:
    async def __aenter__(self):
        print("aenter")

    __aexit__ = AsyncBinder()


async def main():
    async with AsyncManager():
        print("async body")
    o = OnlyInstance()
    o.__aenter__ = o.__aexit__ = None
    try:
        async with o:
            pass
    except TypeError as e:
        print("TypeError:", e)


asyncio.run(main())
