"""abc for the vmsample VM: ABCMeta, ABC, abstractmethod, virtual subclasses
(register) and __subclasshook__, with CPython's results and messages, in
Python source.

ABCMeta's __init__ (which the VM calls once it has built a class) records
the class's abstract methods in __abstractmethods__; as in CPython, a class
whose set is not empty cannot be instantiated (the VM checks a flag that
setting the attribute sets: vm/attributes.pxi, calls.pxi).  abc's caches
are kept per class as CPython's are.  Not provided: get_cache_token and the
deprecated abstractclassmethod/abstractstaticmethod/abstractproperty.
"""

__all__ = ["ABCMeta", "ABC", "abstractmethod", "update_abstractmethods"]


def abstractmethod(funcobj):
    """A decorator indicating abstract methods: a class with one its
    subclasses do not override cannot be instantiated."""
    funcobj.__isabstractmethod__ = True
    return funcobj


def _is_abstract(value):
    # functions marked by abstractmethod, also inside static/class methods
    # and properties (as their own __isabstractmethod__ says in CPython)
    kind = type(value).__name__
    if kind in ("staticmethod", "classmethod"):
        value = value.__func__
    elif kind == "property":
        return any(getattr(f, "__isabstractmethod__", False)
                   for f in (value.fget, value.fset, value.fdel) if f is not None)
    return getattr(value, "__isabstractmethod__", False) is True


def _compute_abstracts(cls, namespace, bases):
    abstracts = {name for name, value in namespace.items() if _is_abstract(value)}
    for base in bases:
        for name in getattr(base, "__abstractmethods__", ()):
            value = getattr(cls, name, None)
            if _is_abstract(value):
                abstracts.add(name)
    return frozenset(abstracts)


def update_abstractmethods(cls):
    """Recompute an ABC's abstract methods (after methods were added to it)."""
    if not hasattr(cls, "__abstractmethods__"):
        return cls
    cls.__abstractmethods__ = _compute_abstracts(cls, cls.__dict__, cls.__bases__)
    return cls


class ABCMeta(type):
    """Metaclass for defining Abstract Base Classes (ABCs)."""

    def __init__(cls, name, bases, namespace, **kwargs):
        super().__init__(name, bases, namespace)
        cls.__abstractmethods__ = _compute_abstracts(cls, namespace, bases)
        cls._abc_registry = []
        cls._abc_cache = set()
        cls._abc_negative_cache = set()
        cls._abc_subclasses = []
        _all_abcs.append(cls)
        for base in bases:
            if isinstance(base, ABCMeta):
                base._abc_subclasses.append(cls)

    def register(cls, subclass):
        """Register a virtual subclass of an ABC; returns the subclass."""
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        cls._abc_registry.append(subclass)
        _invalidate_negative_caches()
        return subclass

    def __instancecheck__(cls, instance):
        subclass = instance.__class__
        if subclass in cls._abc_cache:
            return True
        return cls.__subclasscheck__(subclass)

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("issubclass() arg 1 must be a class")
        if subclass in cls._abc_cache:
            return True
        if subclass in cls._abc_negative_cache:
            return False
        hook = getattr(cls, "__subclasshook__", None)
        ok = hook(subclass) if hook is not None else NotImplemented
        if ok is not NotImplemented:
            if ok:
                cls._abc_cache.add(subclass)
            else:
                cls._abc_negative_cache.add(subclass)
            return ok
        if cls in subclass.__mro__:
            cls._abc_cache.add(subclass)
            return True
        for rcls in cls._abc_registry:
            if issubclass(subclass, rcls):
                cls._abc_cache.add(subclass)
                return True
        for scls in cls._abc_subclasses:
            if issubclass(subclass, scls):
                cls._abc_cache.add(subclass)
                return True
        cls._abc_negative_cache.add(subclass)
        return False


_all_abcs = []


def _invalidate_negative_caches():
    # a registration may make earlier "no" answers wrong (CPython bumps a
    # global token instead)
    for abc_class in _all_abcs:
        abc_class._abc_negative_cache.clear()


class ABC(metaclass=ABCMeta):
    """Helper class that has ABCMeta as its metaclass."""
    __slots__ = ()
