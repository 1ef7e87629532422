"""The state behind abc.ABCMeta: each ABC's registry of virtual subclasses
and its caches of the answers to issubclass.

CPython 3.11's ``_abc`` (Modules/_abc.c), written in Python for the VM.
abc.py falls back to ``_py_abc`` without it, which answers alike; what
differs is who a program sees asking.  Code looks at its callers' frames
(typing's and typing_extensions' ``_allow_reckless_class_checks`` lets the
modules abc and functools check any protocol), and the C module has no
frames: ``ABCMeta.__instancecheck__`` in abc.py calls ``__subclasscheck__``
itself as far as the callee can tell.  This module's frames are hidden
like every C module replacement's (vm/introspection.pxi); ``_py_abc``'s
are a Python module's.

The rules, as PEP 3119 and the C module have them: an ABC's answer for a
class is cached, positively for the ABC's lifetime, negatively until any
ABC registers a class (the cache token counts registrations); a class is a
subclass if the ABC's ``__subclasshook__`` says so, else if the ABC is in
its MRO, else if it is a subclass of a registered class or of one of the
ABC's subclasses.  The caches and the registry hold their classes weakly.
"""

from _weakrefset import WeakSet

_registrations = 0      # the cache token: ABC.register calls so far (negative caches older than it are stale)


def get_cache_token():
    """Returns the current ABC cache token.

The token is an opaque object (supporting equality testing) identifying the
current version of the ABC cache for virtual subclasses. The token changes
with every call to register() on any ABC."""
    return _registrations


class _abc_data:
    """Internal state held by ABC machinery."""

    # The three sets are made when first added to, None before, as the C
    # module's are: most ABCs never register a class nor answer a check, and
    # a WeakSet holds a weak reference and a closure (three of each for each
    # of a start's ~80 ABCs).
    __slots__ = ("registry", "cache", "negative_cache", "negative_cache_version")

    def __init__(self):
        self.registry = None
        self.cache = None
        self.negative_cache = None
        self.negative_cache_version = _registrations


def _add(impl, field, cls):
    # cls added to [impl]'s set [field], made now if it is not yet
    cells = getattr(impl, field)
    if cells is None:
        cells = WeakSet()
        setattr(impl, field, cells)
    cells.add(cls)


def _has(cells, cls):
    return cells is not None and cls in cells


def _impl(cls):
    impl = cls._abc_impl
    if type(impl) is not _abc_data:
        raise TypeError("_abc_impl is set to a wrong type")
    return impl


def _is_abstract(value):
    return bool(getattr(value, "__isabstractmethod__", False))


def _abc_init(cls):
    """Internal ABC helper for class set-up. Should be never used outside abc module."""
    abstracts = {name for name, value in cls.__dict__.items() if _is_abstract(value)}
    bases = cls.__bases__
    if not isinstance(bases, tuple):
        raise TypeError("__bases__ is not tuple")
    for base in bases:
        for name in getattr(base, "__abstractmethods__", ()):
            value = getattr(cls, name, _is_abstract)      # (a default no attribute is)
            if value is not _is_abstract and _is_abstract(value):
                abstracts.add(name)
    cls.__abstractmethods__ = frozenset(abstracts)
    cls._abc_impl = _abc_data()
    if isinstance(cls, type) and "__abc_tpflags__" in cls.__dict__:
        # collections.abc's flags for pattern matching, which the C module
        # moves out of the class's namespace into the type's flags
        delattr(cls, "__abc_tpflags__")


def _abc_register(cls, subclass):
    """Internal ABC helper for subclasss registration. Should be never used outside abc module."""
    global _registrations
    if not isinstance(subclass, type):
        raise TypeError("Can only register classes")
    if issubclass(subclass, cls):
        return subclass
    if issubclass(cls, subclass):
        raise RuntimeError("Refusing to create an inheritance cycle")
    _add(_impl(cls), "registry", subclass)
    _registrations += 1
    return subclass


def _abc_instancecheck(cls, instance):
    """Internal ABC helper for instance checks. Should be never used outside abc module."""
    impl = _impl(cls)
    subclass = instance.__class__
    if _has(impl.cache, subclass):
        return True
    subtype = type(instance)
    if subtype is subclass:
        if impl.negative_cache_version == _registrations and _has(impl.negative_cache, subclass):
            return False
        return cls.__subclasscheck__(subclass)
    result = cls.__subclasscheck__(subclass)
    if result:
        return result
    return cls.__subclasscheck__(subtype)


def _abc_subclasscheck(cls, subclass):
    """Internal ABC helper for subclasss checks. Should be never used outside abc module."""
    if not isinstance(subclass, type):
        raise TypeError("issubclass() arg 1 must be a class")
    impl = _impl(cls)
    if _has(impl.cache, subclass):
        return True
    if impl.negative_cache_version < _registrations:
        if impl.negative_cache is not None:
            impl.negative_cache.clear()
        impl.negative_cache_version = _registrations
    elif _has(impl.negative_cache, subclass):
        return False
    answer = cls.__subclasshook__(subclass)
    if answer is True:
        _add(impl, "cache", subclass)
        return True
    if answer is False:
        _add(impl, "negative_cache", subclass)
        return False
    if answer is not NotImplemented:
        raise AssertionError("__subclasshook__ must return either False, True, or NotImplemented")
    if any(c is cls for c in subclass.__mro__):
        _add(impl, "cache", subclass)
        return True
    for registered in list(impl.registry or ()):
        if issubclass(subclass, registered):
            _add(impl, "cache", subclass)
            return True
    subclasses = cls.__subclasses__()
    if not isinstance(subclasses, list):
        raise TypeError("__subclasses__() must return a list")
    for sub in subclasses:
        if issubclass(subclass, sub):
            _add(impl, "cache", subclass)
            return True
    _add(impl, "negative_cache", subclass)
    return False


def _get_dump(cls):
    """Internal ABC helper for cache and registry debugging.

Return shallow copies of registry, of both caches, and
negative cache version. Don't call this function directly,
instead use ABC._dump_registry() for a nice repr."""
    impl = _impl(cls)
    return (*(set() if cells is None else set(cells.data) for cells in (impl.registry, impl.cache, impl.negative_cache)),
            impl.negative_cache_version)


def _reset_registry(cls):
    """Internal ABC helper to reset registry of a given class.

Should be only used by refleak.py"""
    impl = _impl(cls)
    if impl.registry is not None:
        impl.registry.clear()


def _reset_caches(cls):
    """Internal ABC helper to reset both caches of a given class.

Should be only used by refleak.py"""
    impl = _impl(cls)
    for cells in (impl.cache, impl.negative_cache):
        if cells is not None:
            cells.clear()
