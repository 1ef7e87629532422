"""dataclasses for the vmsample VM (CPython's API): @dataclass builds
__init__, __repr__, __eq__, the orderings and __hash__ from the class's
annotations, as closures over its fields (the VM has no exec).

Differences from CPython: a frozen dataclass gets its __hash__ but is not
made immutable (the VM cannot run a class's __setattr__ yet), and slots=,
kw_only= and match_args= are not supported.
"""


class _MissingType:
    def __repr__(self):
        return "MISSING"


MISSING = _MissingType()


class FrozenInstanceError(AttributeError):
    pass


class Field:
    def __init__(self, default, default_factory, init, repr, hash, compare, metadata):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else metadata

    def __repr__(self):
        return (f"Field(name={self.name!r},type={self.type!r},default={self.default!r},"
                f"default_factory={self.default_factory!r},init={self.init!r},repr={self.repr!r},"
                f"hash={self.hash!r},compare={self.compare!r},metadata={self.metadata!r})")


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None,
          compare=True, metadata=None, kw_only=MISSING):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, hash, compare, metadata)


def dataclass(cls=None, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False,
              frozen=False, match_args=True, kw_only=False, slots=False, weakref_slot=False):
    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen)
    if cls is None:
        return wrap
    return wrap(cls)


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen):
    fields = {}
    inherited = getattr(cls, "__dataclass_fields__", None)
    if inherited is not None:
        for name, f in inherited.items():
            fields[name] = f
    own = getattr(cls, "__annotations__", {})
    if inherited is not None and getattr(cls, "__dataclass_own_annotations__", None) is own:
        own = {}                        # the base's annotations, seen through inheritance
    for name, type_ in own.items():
        default = getattr(cls, name, MISSING)
        if isinstance(default, Field):
            f = default
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
        else:
            f = Field(default, MISSING, True, True, None, True, None)
        if isinstance(f.default, (list, dict, set)):
            raise ValueError(f"mutable default {type(f.default)} for field {name} is not allowed: "
                             "use default_factory")
        f.name = name
        f.type = type_
        fields[name] = f
    seen_default = False
    for f in fields.values():
        if not f.init:
            continue
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument '{f.name}' follows default argument")
    cls.__dataclass_fields__ = fields
    cls.__dataclass_own_annotations__ = own
    cls.__dataclass_params__ = (init, repr, eq, order, unsafe_hash, frozen)
    if init:
        cls.__init__ = _make_init(cls, list(fields.values()))
    if repr:
        shown = [f.name for f in fields.values() if f.repr]

        def __repr__(self):
            return (type(self).__qualname__ + "("
                    + ", ".join(f"{name}={getattr(self, name)!r}" for name in shown) + ")")
        cls.__repr__ = __repr__
        cls.__dataclass_repr__ = __repr__       # pprint lays out only a generated repr's instances
    compared = [f.name for f in fields.values() if f.compare]

    def as_tuple(self):
        return tuple(getattr(self, name) for name in compared)
    if eq:
        def __eq__(self, other):
            if other.__class__ is self.__class__:
                return as_tuple(self) == as_tuple(other)
            return NotImplemented
        cls.__eq__ = __eq__
    if order:
        def ordering(compare):
            def method(self, other):
                if other.__class__ is self.__class__:
                    return compare(as_tuple(self), as_tuple(other))
                return NotImplemented
            return method
        cls.__lt__ = ordering(lambda a, b: a < b)
        cls.__le__ = ordering(lambda a, b: a <= b)
        cls.__gt__ = ordering(lambda a, b: a > b)
        cls.__ge__ = ordering(lambda a, b: a >= b)
    hashed = [f.name for f in fields.values() if (f.compare if f.hash is None else f.hash)]
    if unsafe_hash or (eq and frozen):
        def __hash__(self):
            return hash(tuple(getattr(self, name) for name in hashed))
        cls.__hash__ = __hash__
    elif eq:
        cls.__hash__ = None
    return cls


def _make_init(cls, fields):
    params = [f for f in fields if f.init]
    names = [f.name for f in params]
    qualname = cls.__qualname__

    def __init__(self, *args, **kwargs):
        if len(args) > len(params):
            most = len(params) + 1
            least = most - len([f for f in params if f.default is not MISSING
                                or f.default_factory is not MISSING])
            takes = f"{most} positional argument{'s' if most > 1 else ''}" if least == most \
                else f"from {least} to {most} positional arguments"
            raise TypeError(f"{qualname}.__init__() takes {takes} but {len(args) + 1} were given")
        for name in kwargs:
            if name not in names:
                raise TypeError(f"{qualname}.__init__() got an unexpected keyword argument '{name}'")
        values = {}
        for f, value in zip(params, args):
            if f.name in kwargs:
                raise TypeError(f"{qualname}.__init__() got multiple values for argument '{f.name}'")
            values[f.name] = value
        missing = []
        for f in params[len(args):]:
            if f.name in kwargs:
                values[f.name] = kwargs[f.name]
            elif f.default is not MISSING:
                values[f.name] = f.default
            elif f.default_factory is not MISSING:
                values[f.name] = f.default_factory()
            else:
                missing.append(f.name)
        if missing:
            quoted = [repr(m) for m in missing]
            listed = quoted[0] if len(quoted) == 1 else (
                " and ".join(quoted) if len(quoted) == 2 else ", ".join(quoted[:-1]) + ", and " + quoted[-1])
            raise TypeError(f"{qualname}.__init__() missing {len(missing)} required positional "
                            f"argument{'s' if len(missing) > 1 else ''}: {listed}")
        for f in fields:
            if f.init:
                setattr(self, f.name, values[f.name])
            elif f.default_factory is not MISSING:
                setattr(self, f.name, f.default_factory())
            elif f.default is not MISSING:
                setattr(self, f.name, f.default)
        post_init = getattr(self, "__post_init__", None)
        if post_init is not None:
            post_init()
    return __init__


def fields(class_or_instance):
    try:
        return tuple(class_or_instance.__dataclass_fields__.values())
    except AttributeError:
        raise TypeError("must be called with a dataclass type or instance") from None


def is_dataclass(obj):
    return hasattr(obj, "__dataclass_fields__")


def asdict(obj, *, dict_factory=dict):
    return dict_factory([(f.name, _as_value(getattr(obj, f.name), dict_factory)) for f in fields(obj)])


def _as_value(value, dict_factory):
    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value, dict_factory=dict_factory)
    if isinstance(value, (list, tuple)):
        return type(value)(_as_value(v, dict_factory) for v in value)
    if isinstance(value, dict):
        return {_as_value(k, dict_factory): _as_value(v, dict_factory) for k, v in value.items()}
    return value


def astuple(obj):
    return tuple(getattr(obj, f.name) for f in fields(obj))


def replace(obj, **changes):
    for f in fields(obj):
        if f.init and f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)
