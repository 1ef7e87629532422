"""The builtin types the VM writes in Python (app-level, as PyPy says):
types.GenericAlias (``list[int]``), types.UnionType (``int | None``),
types.SimpleNamespace and the mapping proxy that ``cls.__dict__`` is.

The VM runs this module once when it starts, before the program; each class
is registered with the VM (``_vm.register``), which hands out its instances
where CPython's C code would make one (``type.__class_getitem__``,
``type.__or__``, ``cls.__dict__``, ``sys.implementation``).  Written after
CPython 3.11's Objects/genericaliasobject.c, unionobject.c,
namespaceobject.c and descrobject.c.
"""

from _vm import register


def _type_repr(obj):
    # how typing shows a type: its qualified name, ... for Ellipsis
    if obj is Ellipsis:
        return "..."
    if isinstance(obj, GenericAlias):
        return repr(obj)
    if type(obj) is type or isinstance(obj, type):
        if obj.__module__ == "builtins":
            return obj.__qualname__
        return f"{obj.__module__}.{obj.__qualname__}"
    return repr(obj)


def _is_typevar_like(x):
    return hasattr(type(x), "__typing_subst__") or type(x).__name__ in ("TypeVar", "ParamSpec",
                                                                        "TypeVarTuple")


def _collect_parameters(args):
    params = []
    for a in args:
        if isinstance(a, type) and not isinstance(a, GenericAlias):
            continue
        if _is_typevar_like(a):
            if a not in params:
                params.append(a)
            continue
        for p in getattr(a, "__parameters__", ()):
            if p not in params:
                params.append(p)
    return tuple(params)


class GenericAlias:
    """Represent a PEP 585 generic type

    E.g. for t = list[int], t.__origin__ is list and t.__args__ is (int,)."""
    __module__ = "types"
    __slots__ = ("__origin__", "__args__", "__parameters__", "__unpacked__", "_hash")

    def __new__(cls, origin, args):
        self = object.__new__(cls)
        if not isinstance(args, tuple):
            args = (args,)
        object.__setattr__(self, "__origin__", origin)
        object.__setattr__(self, "__args__", args)
        object.__setattr__(self, "__parameters__", _collect_parameters(args))
        object.__setattr__(self, "__unpacked__", False)
        return self

    def __repr__(self):
        if len(self.__args__) == 0:
            args = "()"
        else:
            args = ", ".join("[" + ", ".join(_type_repr(x) for x in a) + "]" if isinstance(a, list)
                             else _type_repr(a) for a in self.__args__)
        return ("*" if self.__unpacked__ else "") + f"{_type_repr(self.__origin__)}[{args}]"

    def __eq__(self, other):
        if not isinstance(other, GenericAlias):
            return NotImplemented
        return (self.__origin__ == other.__origin__ and self.__args__ == other.__args__
                and self.__unpacked__ == other.__unpacked__)

    def __hash__(self):
        return hash(self.__origin__) ^ hash(self.__args__)

    def __call__(self, *args, **kwargs):
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except (AttributeError, TypeError):
            pass
        return result

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __instancecheck__(self, obj):
        raise TypeError("isinstance() argument 2 cannot be a parameterized generic")

    def __subclasscheck__(self, cls):
        raise TypeError("issubclass() argument 2 cannot be a parameterized generic")

    def __reduce__(self):
        return GenericAlias, (self.__origin__, self.__args__)

    def __or__(self, other):
        return _union(self, other)

    def __ror__(self, other):
        return _union(other, self)

    def __getitem__(self, item):
        params = self.__parameters__
        if not params:
            raise TypeError(f"{self!r} is not a generic class")
        items = item if isinstance(item, tuple) else (item,)
        if len(items) != len(params):
            raise TypeError(f"Too {'many' if len(items) > len(params) else 'few'} arguments for "
                            f"{self!r}; actual {len(items)}, expected {len(params)}")
        subst = dict(zip(params, items))
        new_args = []
        for a in self.__args__:
            if _is_typevar_like(a):
                new_args.append(subst[a])
            elif getattr(a, "__parameters__", ()):
                sub = tuple(subst[p] for p in a.__parameters__)
                new_args.append(a[sub if len(sub) != 1 else sub[0]])
            else:
                new_args.append(a)
        return GenericAlias(self.__origin__, tuple(new_args))

    def __getattr__(self, name):
        # everything else is the origin's (list[int].__name__, ...)
        if name.startswith("__") and name.endswith("__") and name not in (
                "__name__", "__qualname__", "__module__", "__doc__", "__text_signature__"):
            raise AttributeError(name)
        return getattr(self.__origin__, name)

    def __dir__(self):
        return sorted(set(dir(self.__origin__)) | {"__origin__", "__args__", "__parameters__"})

    def __setattr__(self, name, value):
        raise AttributeError(f"readonly attribute")


def _union(a, b):
    # type.__or__: a UnionType of two types, flattened, without duplicates
    def ok(x):
        return x is None or isinstance(x, (type, GenericAlias, UnionType)) or \
            type(x).__name__ in ("TypeVar", "ParamSpec", "NewType")
    if not ok(a) or not ok(b):
        return NotImplemented
    args = []
    for x in (a, b):
        for y in (x.__args__ if isinstance(x, UnionType) else (x,)):
            y = type(None) if y is None else y
            if y not in args:
                args.append(y)
    if len(args) == 1:
        return args[0]
    return UnionType(tuple(args))


class UnionType:
    """Represent a PEP 604 union type

    E.g. for int | str"""
    __module__ = "types"
    __slots__ = ("__args__", "__parameters__")

    def __init__(self, args):
        object.__setattr__(self, "__args__", args)
        object.__setattr__(self, "__parameters__", _collect_parameters(args))

    def __repr__(self):
        return " | ".join("None" if a is type(None) else _type_repr(a) for a in self.__args__)

    def __eq__(self, other):
        if not isinstance(other, UnionType):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __or__(self, other):
        return _union(self, other)

    def __ror__(self, other):
        return _union(other, self)

    def __instancecheck__(self, obj):
        for a in self.__args__:
            if isinstance(a, GenericAlias):
                raise TypeError("isinstance() argument 2 cannot be a parameterized generic")
        return isinstance(obj, self.__args__)

    def __subclasscheck__(self, cls):
        for a in self.__args__:
            if isinstance(a, GenericAlias):
                raise TypeError("issubclass() argument 2 cannot be a parameterized generic")
        return issubclass(cls, self.__args__)

    def __getitem__(self, item):
        items = item if isinstance(item, tuple) else (item,)
        subst = dict(zip(self.__parameters__, items))
        result = None
        for a in self.__args__:
            a = subst.get(a, a) if _is_typevar_like(a) else a
            result = a if result is None else result | a
        return result

    def __setattr__(self, name, value):
        raise AttributeError("readonly attribute")


class SimpleNamespace:
    """A simple attribute-based namespace.

    SimpleNamespace(**kwargs)"""
    __module__ = "types"

    def __init__(self, mapping_or_iterable=(), /, **kwargs):
        self.__dict__.update(kwargs)

    def __repr__(self):
        name = "namespace" if type(self) is SimpleNamespace else type(self).__name__
        items = (f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"{name}({', '.join(items)})"

    def __eq__(self, other):
        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __reduce__(self):
        return (type(self), (), self.__dict__)

    __hash__ = None


class mappingproxy:
    """A read-only view of a mapping (a class's __dict__)."""
    __module__ = "builtins"
    __slots__ = ("_mapping",)

    def __new__(cls, mapping):
        from_name = type(mapping).__name__
        if not hasattr(mapping, "__getitem__") or isinstance(mapping, (list, tuple)):
            raise TypeError(f"mappingproxy() argument must be a mapping, not {from_name}")
        self = object.__new__(cls)
        object.__setattr__(self, "_mapping", mapping)
        return self

    def __getitem__(self, key):
        return self._mapping[key]

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        return iter(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def __reversed__(self):
        return reversed(self._mapping)

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

    def __or__(self, other):
        return dict(self._mapping) | other

    def __ror__(self, other):
        return other | dict(self._mapping)

    def __ior__(self, other):
        raise TypeError(f"'|=' is not supported by mappingproxy; use '|' instead")

    def __eq__(self, other):
        return self._mapping == other

    def __repr__(self):
        return f"mappingproxy({self._mapping!r})"

    def __str__(self):
        return str(self._mapping)

    def __setattr__(self, name, value):
        raise AttributeError(f"'mappingproxy' object has no attribute '{name}'")

    __hash__ = None


register("GenericAlias", GenericAlias)
register("union", _union)
register("SimpleNamespace", SimpleNamespace)
register("mappingproxy", mappingproxy)
