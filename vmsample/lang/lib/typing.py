"""typing for the vmsample VM: the names programs annotate with, and
Protocol with runtime_checkable -- CPython 3.11's structural isinstance()
and issubclass() checks, results and messages -- in Python source.

The generic names (List, Optional, Callable, Generic, ...) are `object`,
which the VM lets annotations subscript (List[int] is object): they are for
annotations only, as a type checker reads them.  Protocol stands on the
VM's metaclasses: _ProtocolMeta's __instancecheck__ and __subclasscheck__
are what isinstance() and issubclass() call (vm/builtins.pxi).  It is
CPython's algorithm, with abc's caches kept per protocol (so a repeated
check answers as CPython's does); "reckless" checks -- the ones CPython lets
abc make without raising -- are those made from inside another check.
Protocol cannot be generic over a type parameter here: Protocol[T] is
Protocol.
"""

__all__ = ["Any", "Callable", "ClassVar", "Dict", "Final", "FrozenSet", "Generator", "Generic",
           "Iterable", "Iterator", "List", "Mapping", "Optional", "Protocol", "Sequence", "Set",
           "TYPE_CHECKING", "Tuple", "Type", "TypeVar", "Union", "cast", "runtime_checkable"]

List = Dict = Tuple = Set = FrozenSet = Optional = Any = Union = Callable = object
Iterator = Iterable = Generator = Sequence = Mapping = Type = ClassVar = Final = Generic = object

TYPE_CHECKING = False


def cast(typ, val):
    """Return the value unchanged (to the type checker, a value of type typ)."""
    return val


class TypeVar:
    """A type variable: a name for annotations (List[T] is still object)."""

    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        if covariant and contravariant:
            raise ValueError("Bivariant types are not supported.")
        self.__name__ = name
        self.__constraints__ = constraints
        self.__bound__ = bound
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)

    def __repr__(self):
        prefix = "+" if self.__covariant__ else "-" if self.__contravariant__ else "~"
        return prefix + self.__name__


# What a protocol's members are not: typing's and the class machinery's own names
_EXCLUDED_ATTRIBUTES = {
    "__parameters__", "__orig_bases__", "__orig_class__", "_is_protocol", "_is_runtime_protocol",
    "__abstractmethods__", "__annotations__", "__dict__", "__doc__", "__init__", "__module__",
    "__new__", "__slots__", "__subclasshook__", "__weakref__", "__class_getitem__",
    "_MutableMapping__marker", "__qualname__"}


def _get_protocol_attrs(cls):
    # the names a protocol (and the protocols it extends) declares
    attrs = set()
    for base in cls.__mro__[:-1]:  # without object
        if base.__name__ in ("Protocol", "Generic"):
            continue
        annotations = getattr(base, "__annotations__", {})
        for attr in list(base.__dict__.keys()) + list(annotations.keys()):
            if not attr.startswith("_abc_") and attr not in _EXCLUDED_ATTRIBUTES:
                attrs.add(attr)
    return attrs


def _is_callable_members_only(cls):
    return all(callable(getattr(cls, attr, None)) for attr in _get_protocol_attrs(cls))


def _is_protocol_class(cls):
    return isinstance(cls, _ProtocolMeta) and cls._is_protocol


def _proto_hook(cls, other, reckless):
    # Protocol's __subclasshook__: does class [other] have every member?
    if not cls.__dict__.get("_is_protocol", False):
        return NotImplemented
    if not getattr(cls, "_is_runtime_protocol", False):
        if reckless:
            return NotImplemented
        raise TypeError("Instance and class checks can only be used with"
                        " @runtime_checkable protocols")
    if not _is_callable_members_only(cls):
        if reckless:
            return NotImplemented
        raise TypeError("Protocols with non-method members"
                        " don't support issubclass()")
    if not isinstance(other, type):
        raise TypeError("issubclass() arg 1 must be a class")
    for attr in _get_protocol_attrs(cls):
        for base in other.__mro__:
            namespace = base.__dict__
            if attr in namespace:
                if namespace[attr] is None:
                    return NotImplemented
                break
            annotations = getattr(base, "__annotations__", {})
            if isinstance(annotations, dict) and attr in annotations and _is_protocol_class(other):
                break
        else:
            return NotImplemented
    return True


def _abc_subclasscheck(cls, subclass, reckless):
    # abc.ABCMeta.__subclasscheck__: the caches, the hook, the MRO, then the
    # protocol's subclasses (no ABC registry here)
    if not isinstance(subclass, type):
        raise TypeError("issubclass() arg 1 must be a class")
    if subclass in cls._abc_cache:
        return True
    if subclass in cls._abc_negative_cache:
        return False
    ok = _proto_hook(cls, subclass, reckless)
    if ok is not NotImplemented:
        if ok:
            cls._abc_cache.add(subclass)
        else:
            cls._abc_negative_cache.add(subclass)
        return ok
    if cls in subclass.__mro__:
        cls._abc_cache.add(subclass)
        return True
    for scls in cls._abc_subclasses:
        if _subclass_of(subclass, scls):
            cls._abc_cache.add(subclass)
            return True
    cls._abc_negative_cache.add(subclass)
    return False


def _subclass_of(subclass, cls):
    # issubclass() made from inside a check (which CPython calls reckless)
    if isinstance(cls, _ProtocolMeta):
        return _abc_subclasscheck(cls, subclass, True)
    return issubclass(subclass, cls)


class _ProtocolMeta(type):
    def __instancecheck__(cls, instance):
        if (getattr(cls, "_is_protocol", False)
                and not getattr(cls, "_is_runtime_protocol", False)):
            raise TypeError("Instance and class checks can only be used with"
                            " @runtime_checkable protocols")
        if ((not getattr(cls, "_is_protocol", False) or _is_callable_members_only(cls))
                and _abc_subclasscheck(cls, instance.__class__, False)):
            return True
        if cls._is_protocol:
            if all(hasattr(instance, attr)
                   # a method set to None blocks it
                   and (not callable(getattr(cls, attr, None)) or getattr(instance, attr) is not None)
                   for attr in _get_protocol_attrs(cls)):
                return True
        # abc.ABCMeta.__instancecheck__
        subclass = instance.__class__
        if subclass in cls._abc_cache:
            return True
        return _abc_subclasscheck(cls, subclass, True)

    def __subclasscheck__(cls, other):
        return _abc_subclasscheck(cls, other, False)


def _no_init_or_replace_init(self, *args, **kwargs):
    # a protocol's __init__: protocols cannot be instantiated; a concrete
    # subclass gets the first real __init__ of its bases instead
    cls = type(self)
    if cls._is_protocol:
        raise TypeError("Protocols cannot be instantiated")
    if cls.__init__ is not _no_init_or_replace_init:
        return
    for base in cls.__mro__:
        init = base.__dict__.get("__init__", _no_init_or_replace_init)
        if init is not _no_init_or_replace_init:
            cls.__init__ = init
            break
    else:
        cls.__init__ = object.__init__
    cls.__init__(self, *args, **kwargs)


class Protocol(metaclass=_ProtocolMeta):
    """Base class for protocol classes: classes that declare the methods and
    attributes another class must have to match (structural subtyping)."""

    _is_protocol = True
    _is_runtime_protocol = False

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        cls._abc_cache = set()
        cls._abc_negative_cache = set()
        cls._abc_subclasses = []
        base = cls.__base__
        if isinstance(base, _ProtocolMeta) and base is not Protocol:
            base._abc_subclasses.append(cls)
        if not cls.__dict__.get("_is_protocol", False):
            cls._is_protocol = any(b is Protocol for b in cls.__bases__)
        if not cls._is_protocol:
            return
        for base in cls.__bases__:
            if not (base is object or _is_protocol_class(base)):
                raise TypeError("Protocols can only inherit from other"
                                " protocols, got %r" % base)
        if cls.__init__ is Protocol.__init__:
            cls.__init__ = _no_init_or_replace_init


Protocol._abc_cache = set()
Protocol._abc_negative_cache = set()
Protocol._abc_subclasses = []


def runtime_checkable(cls):
    """Mark a protocol class as runtime-checkable: isinstance() and
    issubclass() then check that a class has its members."""
    if not _is_protocol_class(cls):
        raise TypeError("@runtime_checkable can be only applied to protocol classes,"
                        " got %r" % cls)
    cls._is_runtime_protocol = True
    return cls
