"""The match statement's run-time tests (PEP 634), after what CPython 3.11's
MATCH_SEQUENCE, MATCH_MAPPING, GET_LEN, MATCH_KEYS, COPY_DICT_WITHOUT_KEYS
and MATCH_CLASS do (Python/ceval.c).  The compiler (compiler/patterns.py)
calls one function per sequence, mapping or class pattern; each returns
the values the sub-patterns match, in their order, or None when the subject
does not match.  Errors are CPython's, in CPython's words.
"""

from _vm import register

_NONE = object()      # (no __match_args__: None is a value it may have)

# CPython marks these types _Py_TPFLAGS_MATCH_SELF (their subclasses
# inherit it): `case int(x)` binds the subject itself.
_MATCH_SELF = (bool, bytearray, bytes, dict, float, frozenset, int, list, set, str, tuple)


def _is_sequence(subject):
    # Py_TPFLAGS_SEQUENCE: list, tuple, range, memoryview, collections.deque,
    # array.array, and what subclasses or registers with
    # collections.abc.Sequence; never str, bytes or bytearray.
    if isinstance(subject, (list, tuple, range)):
        return True
    if isinstance(subject, (str, bytes, bytearray)):
        return False
    import _collections_abc
    return isinstance(subject, _collections_abc.Sequence)


def _is_mapping(subject):
    # Py_TPFLAGS_MAPPING: dict, and what subclasses or registers with
    # collections.abc.Mapping.
    if isinstance(subject, dict):
        return True
    import _collections_abc
    return isinstance(subject, _collections_abc.Mapping)


def match_sequence(subject, length, star):
    """The items for a sequence pattern of [length] sub-patterns, the one at
    index [star] (-1: none) starred: it gets a list of the items between."""
    if not _is_sequence(subject):
        return None
    n = len(subject)
    if n != length if star < 0 else n < length - 1:
        return None
    items = tuple(subject)
    if star < 0:
        return items
    after = len(items) - (length - 1 - star)
    return items[:star] + (list(items[star:after]),) + items[after:]


def match_mapping(subject, keys, rest):
    """The values of [keys] for a mapping pattern, then (if [rest]) a dict
    of the other items."""
    if not _is_mapping(subject):
        return None
    if keys and len(subject) < len(keys):
        return None
    values = []
    if keys:
        get = subject.get
        seen = set()
        missing = object()
        for key in keys:
            if key in seen:
                raise ValueError(f"mapping pattern checks duplicate key ({key!r})")
            seen.add(key)
            value = get(key, missing)
            if value is missing:
                return None
            values.append(value)
    if rest:
        others = dict(subject)
        for key in keys:
            del others[key]
        values.append(others)
    return tuple(values)


def match_class(subject, cls, npositional, keywords):
    """The attributes for a class pattern: [npositional] named by
    cls.__match_args__ (or the subject itself for int, str... ), then
    those named in [keywords]."""
    if not isinstance(cls, type):
        raise TypeError("called match pattern must be a type")
    if not isinstance(subject, cls):
        return None
    values = []
    seen = set()
    names = ()
    if npositional:
        match_args = getattr(cls, "__match_args__", _NONE)
        if match_args is _NONE:
            allowed = 1 if issubclass(cls, _MATCH_SELF) else 0
        elif type(match_args) is not tuple:
            raise TypeError(f"{cls.__name__}.__match_args__ must be a tuple (got {type(match_args).__name__})")
        else:
            allowed = len(match_args)
        if npositional > allowed:
            plural = "" if allowed == 1 else "s"
            raise TypeError(f"{cls.__name__}() accepts {allowed} positional sub-pattern{plural} "
                            f"({npositional} given)")
        if match_args is _NONE:
            values.append(subject)
        else:
            names = match_args[:npositional]
    for i, name in enumerate(names + keywords):
        if i < len(names) and type(name) is not str:
            raise TypeError(f"__match_args__ elements must be strings (got {type(name).__name__})")
        if name in seen:
            raise TypeError(f"{cls.__name__}() got multiple sub-patterns for attribute {name!r}")
        seen.add(name)
        try:
            values.append(getattr(subject, name))
        except AttributeError:
            return None
    return tuple(values)


register("match_sequence", match_sequence)
register("match_mapping", match_mapping)
register("match_class", match_class)
