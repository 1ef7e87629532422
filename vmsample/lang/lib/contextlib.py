"""contextlib for the vmsample VM: contextmanager, suppress, nullcontext,
closing (CPython's API)."""


class _GeneratorContextManager:
    def __init__(self, func, args, kwds):
        self._gen = func(*args, **kwds)

    def __enter__(self):
        try:
            return next(self._gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, traceback):
        if typ is None:
            try:
                next(self._gen)
            except StopIteration:
                return False
            raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            self._gen.throw(value)
        except StopIteration as exc:
            return exc is not value     # the generator caught it: suppressed
        except BaseException as exc:
            if exc is value:
                return False            # re-raised as it was: not suppressed
            raise
        raise RuntimeError("generator didn't stop after throw()")


def contextmanager(func):
    """@contextmanager: a generator function that yields once becomes a context manager."""
    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)
    helper.__name__ = func.__name__
    helper.__doc__ = func.__doc__
    helper.__wrapped__ = func
    return helper


class suppress:
    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        pass

    def __exit__(self, typ, value, traceback):
        return typ is not None and issubclass(typ, self._exceptions)


class nullcontext:
    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        pass


class closing:
    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *excinfo):
        self.thing.close()
