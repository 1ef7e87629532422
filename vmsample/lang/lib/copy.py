"""copy for the vmsample VM: shallow and deep copies (CPython's API)."""


class Error(Exception):
    pass


_ATOMIC = (type(None), int, float, bool, str, bytes, type, range, type(len))


def copy(x):
    cls = type(x)
    if isinstance(x, _ATOMIC) or cls is tuple or cls.__name__ == "frozenset":
        return x
    if cls is list:
        return x[:]
    if cls is dict or cls is set or cls is bytearray:
        return cls(x)
    if hasattr(x, "__copy__"):
        return x.__copy__()
    return _new_like(x, dict(x.__dict__) if hasattr(x, "__dict__") else {})


def deepcopy(x, memo=None):
    if memo is None:
        memo = {}
    key = id(x)
    if key in memo:
        return memo[key]
    cls = type(x)
    if isinstance(x, _ATOMIC):
        return x
    if cls is list:
        y = []
        memo[key] = y
        for item in x:
            y.append(deepcopy(item, memo))
    elif cls is tuple:
        y = tuple(deepcopy(item, memo) for item in x)
        if key in memo:
            return memo[key]
        if all(a is b for a, b in zip(x, y)):
            y = x
    elif cls is dict:
        y = {}
        memo[key] = y
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
    elif cls is set:
        y = set(deepcopy(item, memo) for item in x)
    elif cls is bytearray:
        y = bytearray(x)
    elif cls.__name__ == "frozenset":
        y = x
    elif hasattr(x, "__deepcopy__"):
        y = x.__deepcopy__(memo)
    else:
        y = _new_like(x, {})
        memo[key] = y
        for name, value in x.__dict__.items():
            setattr(y, name, deepcopy(value, memo))
    memo[key] = y
    return y


class _Blank:
    pass


def _new_like(x, attributes):
    # An instance of x's class made without calling its __init__ (the VM has
    # no object.__new__ yet: a blank instance takes the class instead).
    y = _Blank()
    y.__class__ = type(x)
    for name, value in attributes.items():
        setattr(y, name, value)
    return y
