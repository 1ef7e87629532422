"""enum for the vmsample VM: Enum (members, aliases, auto(), lookup by value
and by name, iteration, len, `in`, __members__, _missing_, an __init__ or
__new__ that builds members from tuple values) and unique, with CPython
3.11's reprs, strs, hashes and messages.  In Python source so that members
and lookups are profiled in these frames.

The class-level behaviour comes from the metaclass EnumType (the VM calls a
metaclass's __iter__, __len__, __contains__, __getitem__, __repr__,
__call__ and properties; vm/classes.pxi).  The VM builds the class itself,
so the members are made by Enum.__init_subclass__ from the finished class's
namespace rather than by EnumType.__new__ from the body's.

Not provided: IntEnum, StrEnum, Flag and IntFlag (their members would be
ints or strs: the VM cannot subclass builtin types) and the functional API
(Enum('Name', 'A B')) raise NotImplementedError; assigning to or deleting a
member is not prevented (that needs the metaclass's __setattr__).
"""

__all__ = ["EnumType", "EnumMeta", "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag",
           "ReprEnum", "auto", "unique"]


class auto:
    """A member's value, made by _generate_next_value_ once the class exists."""

    def __init__(self):
        self.value = _auto_null

    def __repr__(self):
        return "auto(%r)" % self.value


_auto_null = object()


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == "__" and name[2] != "_" and name[-3] != "_"


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == "_" and name[1] != "_" and name[-2] != "_"


def _is_private(cls_name, name):
    pattern = "_%s__" % cls_name.lstrip("_")
    return len(name) > len(pattern) and name.startswith(pattern) and not name.endswith("__")


def _is_descriptor(obj):
    # functions, properties, static and class methods stay attributes
    return (type(obj).__name__ in ("function", "property", "staticmethod", "classmethod")
            or hasattr(obj, "__get__") or hasattr(obj, "__set__") or hasattr(obj, "__delete__"))


class _MappingProxy:
    """A read-only view of the members by name (CPython's mappingproxy)."""

    def __init__(self, mapping):
        self._mapping = mapping

    def __getitem__(self, key):
        return self._mapping[key]

    def __iter__(self):
        return iter(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def __contains__(self, key):
        return key in self._mapping

    def __eq__(self, other):
        return self._mapping == other

    def get(self, key, default=None):
        return self._mapping.get(key, default)

    def keys(self):
        return self._mapping.keys()

    def values(self):
        return self._mapping.values()

    def items(self):
        return self._mapping.items()

    def copy(self):
        return self._mapping.copy()

    def __repr__(self):
        return "mappingproxy(%r)" % (self._mapping,)

    def __str__(self):
        return str(self._mapping)


class EnumType(type):
    """The class-level behaviour of enumerations: iteration over the members
    in definition order, lookup by value (calling the class) and by name."""

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None, start=1,
                 boundary=None):
        if names is not None:
            raise NotImplementedError("the functional Enum API (Enum('Name', names)) "
                                      "is not supported by vmsample")
        return cls._lookup_(value)

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    def __bool__(cls):
        return True

    def __contains__(cls, member):
        if not isinstance(member, Enum):
            raise TypeError("unsupported operand type(s) for 'in': '%s' and '%s'"
                            % (type(member).__qualname__, "EnumType"))
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __repr__(cls):
        return "<enum %r>" % cls.__name__

    @property
    def __members__(cls):
        return _MappingProxy(cls._member_map_)


EnumMeta = EnumType


class Enum(metaclass=EnumType):
    """Create a collection of name/value pairs."""

    def __init_subclass__(cls, **kwds):
        super().__init_subclass__(**kwds)
        for base in _enum_bases(cls):
            if base._member_names_:
                raise TypeError("%r cannot extend %r" % (cls, base))
        cls._member_names_ = []
        cls._member_map_ = {}
        cls._value2member_map_ = {}
        namespace = cls.__dict__
        ignore = namespace.get("_ignore_", [])
        if isinstance(ignore, str):
            ignore = ignore.replace(",", " ").split()
        for name in ignore:
            if name in namespace:
                delattr(cls, name)
        if "_ignore_" in namespace:
            delattr(cls, "_ignore_")
        if "_order_" in namespace:
            delattr(cls, "_order_")
        generate = cls._generate_next_value_
        last_values = []
        for name, value in namespace.items():
            if (_is_dunder(name) or _is_sunder(name) or _is_private(cls.__name__, name)
                    or name in ignore or _is_descriptor(value)):
                continue
            if isinstance(value, auto):
                if value.value is _auto_null:
                    value.value = generate(name, 1, len(cls._member_names_), last_values[:])
                value = value.value
            last_values.append(value)
            cls._add_member_(name, value)

    @classmethod
    def _add_member_(cls, name, value):
        # one member: made by the enum's own __new__ if it has one, then its
        # __init__ with the value's items; an equal value makes an alias
        args = value if isinstance(value, tuple) else (value,)
        new = cls.__new__
        if new is object.__new__:
            member = object.__new__(cls)
        else:
            member = new(cls, *args)
        if not hasattr(member, "_value_"):
            member._value_ = value
        value = member._value_
        member._name_ = name
        member._sort_order_ = len(cls._member_names_)
        member.__init__(*args)
        canonical = None
        for other in cls._member_map_.values():
            if other._value_ == value:
                canonical = other
                break
        if canonical is not None:
            member = canonical
        else:
            cls._member_names_.append(name)
        cls._member_map_[name] = member
        try:
            if value not in cls._value2member_map_:
                cls._value2member_map_[value] = member
        except TypeError:
            pass            # an unhashable value: found by a search instead
        setattr(cls, name, member)

    @classmethod
    def _lookup_(cls, value):
        # cls(value): the member with that value, else _missing_'s answer
        if type(value) is cls:
            return value
        try:
            return cls._value2member_map_[value]
        except KeyError:
            pass
        except TypeError:
            for member in cls._member_map_.values():
                if member._value_ == value:
                    return member
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        if result is None:
            raise ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        raise TypeError("error in %s._missing_: returned %r instead of None or a valid member"
                        % (cls.__name__, result))

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        # the last value + 1, or start for the first
        if not last_values:
            return start
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                pass
        return start

    @classmethod
    def _missing_(cls, value):
        return None

    def __init__(self, *args, **kwds):
        pass

    def __repr__(self):
        return "<%s.%s: %r>" % (self.__class__.__name__, self._name_, self._value_)

    def __str__(self):
        return "%s.%s" % (self.__class__.__name__, self._name_)

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def name(self):
        """The name of the Enum member."""
        return self._name_

    @property
    def value(self):
        """The value of the Enum member."""
        return self._value_


Enum._member_names_ = []
Enum._member_map_ = {}
Enum._value2member_map_ = {}


def _enum_bases(cls):
    # the enumerations cls derives from (single inheritance: a chain)
    bases = []
    base = cls.__base__ if hasattr(cls, "__base__") else None
    while base is not None and base is not Enum and isinstance(base, EnumType):
        bases.append(base)
        base = base.__base__ if hasattr(base, "__base__") else None
    return bases


def _not_supported(kind):
    def __init_subclass__(cls, **kwds):
        raise NotImplementedError(f"{kind} is not supported by vmsample")
    return classmethod(__init_subclass__)


class ReprEnum(Enum):
    __init_subclass__ = _not_supported("ReprEnum")


class IntEnum(Enum):
    __init_subclass__ = _not_supported("IntEnum (its members are ints)")


class StrEnum(Enum):
    __init_subclass__ = _not_supported("StrEnum (its members are strs)")


class Flag(Enum):
    __init_subclass__ = _not_supported("enum.Flag")


class IntFlag(Enum):
    __init_subclass__ = _not_supported("IntFlag (its members are ints)")


def unique(enumeration):
    """Class decorator for enumerations ensuring unique member values."""
    duplicates = []
    for name, member in enumeration.__members__.items():
        if name != member.name:
            duplicates.append((name, member.name))
    if duplicates:
        alias_details = ", ".join(["%s -> %s" % (alias, name) for (alias, name) in duplicates])
        raise ValueError("duplicate values found in %r: %s" % (enumeration, alias_details))
    return enumeration
