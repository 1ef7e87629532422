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


def _is_type(x):
    # PyType_Check: a class, not an alias that passes for its origin
    return isinstance(x, type) and not isinstance(x, GenericAlias)


def _index(params, x):
    # (by identity, as CPython's tuple_index)
    for i, p in enumerate(params):
        if p is x:
            return i
    return -1


def _make_parameters(args):
    # _Py_make_parameters: the type variables of [args] (those with a
    # __typing_subst__) and of the aliases among them, each once, in order
    params = []
    for t in args:
        if _is_type(t):
            continue
        if hasattr(t, "__typing_subst__"):
            subparams = (t,)
        else:
            subparams = getattr(t, "__parameters__", None)
            if not isinstance(subparams, tuple):
                continue
        for p in subparams:
            if _index(params, p) < 0:
                params.append(p)
    return tuple(params)


def _unpack_args(item):
    # _unpack_args: the items of a subscript, with each unpacked tuple
    # (*tuple[int, str], Unpack[Tuple[int, str]]) spliced in, unless it ends
    # in ... (*tuple[int, ...])
    items = item if type(item) is tuple else (item,)
    result = []
    for x in items:
        if not _is_type(x):
            if isinstance(x, GenericAlias) and x.__unpacked__ and x.__origin__ is tuple:
                subargs = x.__args__
            else:
                subargs = getattr(x, "__typing_unpacked_tuple_args__", None)
            if type(subargs) is tuple and not (subargs and subargs[-1] is Ellipsis):
                result.extend(subargs)
                continue
        result.append(x)
    return tuple(result)


def _subs_tvars(obj, params, argitems):
    # subs_tvars: [obj] (an alias) with [params] replaced by [argitems]
    subparams = getattr(obj, "__parameters__", None)
    if not (type(subparams) is tuple and subparams):
        return obj
    subargs = []
    for x in subparams:
        i = _index(params, x)
        if i >= 0:
            x = argitems[i]
            if hasattr(type(params[i]), "__iter__") and type(x) is tuple:    # a TypeVarTuple
                subargs.extend(x)
                continue
        subargs.append(x)
    return obj[tuple(subargs)]


def _subs_parameters(alias, args, params, item):
    # _Py_subs_parameters: [args] with the type variables [params] replaced
    # by the items of the subscript [item] (each variable's __typing_subst__
    # checks and converts its item; __typing_prepare_subst__ first lets a
    # TypeVarTuple or ParamSpec regroup the items)
    if not params:
        raise TypeError(f"{alias!r} is not a generic class")
    item = _unpack_args(item)
    for p in params:
        prepare = getattr(p, "__typing_prepare_subst__", None)
        if prepare is not None:
            item = prepare(alias, item if type(item) is tuple else (item,))
    argitems = item if type(item) is tuple else (item,)
    if len(argitems) != len(params):
        raise TypeError(f"Too {'many' if len(argitems) > len(params) else 'few'} arguments for "
                        f"{alias!r}; actual {len(argitems)}, expected {len(params)}")
    newargs = []
    for a in args:
        unpack = not _is_type(a) and bool(getattr(a, "__typing_is_unpacked_typevartuple__", False))
        subst = getattr(a, "__typing_subst__", None)
        if subst is not None:
            a = subst(argitems[_index(params, a)])
        else:
            a = _subs_tvars(a, params, argitems)
        if unpack:
            newargs.extend(a)
        else:
            newargs.append(a)
    return tuple(newargs)


class GenericAlias:
    """Represent a PEP 585 generic type

    E.g. for t = list[int], t.__origin__ is list and t.__args__ is (int,)."""
    __module__ = "types"
    __slots__ = ("__origin__", "__args__", "__parameters__", "__unpacked__", "_hash",
                 "__weakref__")     # (weakly referable, as CPython's)

    def __new__(cls, origin, args):
        self = object.__new__(cls)
        if not isinstance(args, tuple):
            args = (args,)
        object.__setattr__(self, "__origin__", origin)
        object.__setattr__(self, "__args__", args)
        object.__setattr__(self, "__parameters__", _make_parameters(args))
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
        alias = GenericAlias(self.__origin__,
                             _subs_parameters(self, self.__args__, self.__parameters__, item))
        object.__setattr__(alias, "__unpacked__", self.__unpacked__)
        return alias

    @property
    def __typing_unpacked_tuple_args__(self):
        return self.__args__ if self.__unpacked__ and self.__origin__ is tuple else None

    def __iter__(self):
        # one item, the alias unpacked (`*args: *tuple[int, str]`, PEP 646), as ga_iter
        starred = GenericAlias(self.__origin__, self.__args__)
        object.__setattr__(starred, "__unpacked__", True)
        yield starred

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
        object.__setattr__(self, "__parameters__", _make_parameters(args))

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
        newargs = _subs_parameters(self, self.__args__, self.__parameters__, item)
        if not newargs:
            return UnionType(newargs)
        result = newargs[0]
        for a in newargs[1:]:
            result = result | a
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


class member_descriptor:
    """A __slots__ name in its class's dict, as CPython's.  The VM reads and
    writes the instance's storage for it without calling these (vm/types.pxi,
    add_member); they serve calls made explicitly, as copy and dataclasses
    make them."""
    __module__ = "builtins"

    def __init__(self, name, objclass):
        self.__name__ = name
        self.__objclass__ = objclass
        self.__qualname__ = f"{objclass.__qualname__}.{name}"
        self.__doc__ = None

    def _check(self, obj):
        # a real subclass, as CPython's descr_check (PyObject_TypeCheck): not
        # what an __instancecheck__ says (a class registered with an ABC)
        if self.__objclass__ not in type(obj).__mro__:
            raise TypeError(f"descriptor '{self.__name__}' for '{self.__objclass__.__name__}' objects "
                            f"doesn't apply to a '{type(obj).__name__}' object")

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        self._check(obj)
        return object.__getattribute__(obj, self.__name__)

    def __set__(self, obj, value):
        self._check(obj)
        object.__setattr__(obj, self.__name__, value)

    def __delete__(self, obj):
        self._check(obj)
        object.__delattr__(obj, self.__name__)

    def __repr__(self):
        return f"<member '{self.__name__}' of '{self.__objclass__.__name__}' objects>"


register("member_descriptor", member_descriptor)
register("GenericAlias", GenericAlias)
register("union", _union)
register("SimpleNamespace", SimpleNamespace)
register("mappingproxy", mappingproxy)


class memoryview:
    """Create a new memoryview object which references the given object.

    A one-dimensional view of the bytes of a bytes, bytearray, array.array
    or another memoryview: slicing makes a view of the same memory, and
    writing through a view of a bytearray writes the bytearray."""
    __module__ = "builtins"
    __slots__ = ("_obj", "_start", "_stop", "_released", "_format", "_itemsize")

    def __new__(cls, object):
        self = builtins_object.__new__(cls)
        if isinstance(object, memoryview):
            object._check()
            base, start, stop = object._obj, object._start, object._stop
            fmt, itemsize = object._format, object._itemsize
        elif isinstance(object, (bytes, bytearray)):
            base, start, stop, fmt, itemsize = object, 0, len(object), "B", 1
        elif hasattr(type(object), "__buffer_bytes__"):       # array.array (vmsample/lang/lib/array.py)
            base = object
            start, stop = 0, len(object) * object.itemsize
            fmt, itemsize = object.typecode, object.itemsize
        else:
            raise TypeError(f"memoryview: a bytes-like object is required, not '{type(object).__name__}'")
        builtins_object.__setattr__(self, "_obj", base)
        builtins_object.__setattr__(self, "_start", start)
        builtins_object.__setattr__(self, "_stop", stop)
        builtins_object.__setattr__(self, "_released", False)
        builtins_object.__setattr__(self, "_format", fmt)
        builtins_object.__setattr__(self, "_itemsize", itemsize)
        return self

    def _check(self):
        if self._released:
            raise ValueError("operation forbidden on released memoryview object")

    def _bytes(self):
        base = self._obj
        data = base.__buffer_bytes__() if hasattr(type(base), "__buffer_bytes__") else base
        return bytes(data[self._start:self._stop])

    @property
    def obj(self):
        self._check()
        return self._obj

    @property
    def nbytes(self):
        self._check()
        return self._stop - self._start

    @property
    def readonly(self):
        self._check()
        return not isinstance(self._obj, bytearray)

    @property
    def format(self):
        return self._format

    @property
    def itemsize(self):
        return self._itemsize

    @property
    def ndim(self):
        return 1

    @property
    def shape(self):
        return (len(self),)

    @property
    def strides(self):
        return (self._itemsize,)

    @property
    def suboffsets(self):
        return ()

    @property
    def c_contiguous(self):
        return True

    f_contiguous = contiguous = c_contiguous

    def __len__(self):
        self._check()
        return (self._stop - self._start) // self._itemsize

    def __getitem__(self, key):
        self._check()
        if isinstance(key, slice):
            start, stop, step = key.indices(len(self))
            if step != 1:
                raise NotImplementedError("memoryview: strided slices are not supported by vmsample")
            view = memoryview(self)
            builtins_object.__setattr__(view, "_start", self._start + start * self._itemsize)
            builtins_object.__setattr__(view, "_stop", self._start + max(start, stop) * self._itemsize)
            return view
        n = len(self)
        i = key.__index__()
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("index out of bounds on dimension 1")
        if self._format == "B":
            return self._obj[self._start + i]
        return self.tolist()[i]

    def __setitem__(self, key, value):
        self._check()
        if not isinstance(self._obj, bytearray):
            raise TypeError("cannot modify read-only memory")
        if isinstance(key, slice):
            start, stop, step = key.indices(len(self))
            data = bytes(value)
            if len(data) != stop - start:
                raise ValueError("memoryview assignment: lvalue and rvalue have different structures")
            self._obj[self._start + start:self._start + stop] = data
            return
        i = key.__index__()
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError("index out of bounds on dimension 1")
        self._obj[self._start + i] = value

    def __iter__(self):
        return iter(self.tolist())

    def __eq__(self, other):
        if self._released:
            return self is other
        if isinstance(other, memoryview):
            return other._released is False and self.tolist() == other.tolist()
        if isinstance(other, (bytes, bytearray)):
            return self._format == "B" and self._bytes() == bytes(other)
        return NotImplemented

    def __hash__(self):
        if not self.readonly:
            raise ValueError("cannot hash writable memoryview object")
        return hash(self._bytes())

    def __bytes__(self):
        return self.tobytes()

    def __buffer_bytes__(self):
        return self._bytes()

    def tobytes(self, order="C"):
        self._check()
        return self._bytes()

    def tolist(self):
        self._check()
        data = self._bytes()
        if self._format == "B":
            return list(data)
        import struct
        return list(struct.unpack(f"{len(data) // self._itemsize}{self._format}", data))

    def hex(self, *args):
        r"""Return the data in the buffer as a str of hexadecimal numbers.

  sep
    An optional single character or byte to separate hex bytes.
  bytes_per_sep
    How many bytes between separators.  Positive values count from the
    right, negative values count from the left.

Example:
>>> value = memoryview(b'\xb9\x01\xef')
>>> value.hex()
'b901ef'
>>> value.hex(':')
'b9:01:ef'
>>> value.hex(':', 2)
'b9:01ef'
>>> value.hex(':', -2)
'b901:ef'"""
        self._check()
        return self._bytes().hex(*args)

    def cast(self, format, shape=None):
        self._check()
        if format not in ("B", "b", "c"):
            import struct
            size = struct.calcsize(format)
            if self.nbytes % size:
                raise TypeError("memoryview: length is not a multiple of itemsize")
        else:
            size = 1
        view = memoryview(self)
        builtins_object.__setattr__(view, "_format", format)
        builtins_object.__setattr__(view, "_itemsize", size)
        return view

    def toreadonly(self):
        return memoryview(self._bytes())

    def release(self):
        builtins_object.__setattr__(self, "_released", True)

    def __enter__(self):
        self._check()
        return self

    def __exit__(self, *exc):
        self.release()

    def __repr__(self):
        return f"<{'released ' if self._released else ''}memory at {hex(id(self))}>"

    def __setattr__(self, name, value):
        raise AttributeError(f"'memoryview' object has no attribute '{name}'")


builtins_object = object
import builtins as _builtins
_builtins.memoryview = memoryview
register("memoryview", memoryview)
