"""Weak-reference support module.

CPython 3.11's ``_weakref`` (built into the interpreter there), in a form the
VM can run before its collector supports weak references; ``weakref``,
``_weakrefset`` and ``collections`` of the host's standard library import it.

STRONG FOR NOW: until the nursery core clears weak references when their
target dies (issue 26), a reference made here keeps its target alive, so it
never dies, ``ref()`` never returns None and callbacks are never called.
Everything else is CPython's: which objects can be referred to, the reuse of
one plain reference per object, ``getweakrefcount``/``getweakrefs``, hashing
and equality of references, and proxies that forward every operation.  The
lead replaces this module with one on the collector's weak references.
"""

import operator as _operator

# The references to each object, by id(); an object with references stays
# alive (see above), so its id stays its own.
_refs_by_id = {}


def _check_weakrefable(obj):
    offset = getattr(type(obj), "__weakrefoffset__", None)
    if offset == 0 or (offset is None and isinstance(obj, _NOT_WEAKREFABLE)):
        raise TypeError(f"cannot create weak reference to '{type(obj).__name__}' object")


# Built-in types whose instances CPython does not refer to weakly (used where
# types do not tell, through __weakrefoffset__, as CPython's do).
_NOT_WEAKREFABLE = (int, float, complex, str, bytes, bytearray, tuple, list, dict,
                    set, frozenset, type(None), type(NotImplemented), type(...))


def _register(obj, reference, basic):
    # CPython's order: the plain reference first, then the plain proxy,
    # then the others, newest first.
    refs = _refs_by_id.setdefault(id(obj), [])
    front = sum(1 for r in refs[:2] if _callback_of(r) is None and type(r) in _BASIC_TYPES)
    if basic and type(reference) is ReferenceType:
        front = 0
    refs.insert(front, reference)


def _basic(obj, kind):
    """The reference of exact type [kind] without callback to [obj], if any:
    CPython hands it out again instead of making another."""
    for reference in _refs_by_id.get(id(obj), ()):
        if type(reference) is kind and _callback_of(reference) is None:
            return reference
    return None


def _callback_of(reference):
    if isinstance(reference, ReferenceType):
        return reference._callback
    return object.__getattribute__(reference, "_callback")


def getweakrefcount(obj):
    """Return the number of weak references to 'obj'."""
    return len(_refs_by_id.get(id(obj), ()))


def getweakrefs(obj):
    """Return a list of all weak reference objects pointing to 'obj'."""
    return list(_refs_by_id.get(id(obj), ()))


def _remove_dead_weakref(dct, key):
    """Atomically remove key from dict if it points to a dead weakref."""
    try:
        reference = dct[key]
    except KeyError:
        return
    if reference() is None:
        del dct[key]


class ReferenceType:
    # [_obj] is the referent, held strongly for now (see the module's
    # docstring); [_hash] its hash once asked for.
    __slots__ = ("_obj", "_callback", "_hash")
    __module__ = "weakref"

    def __new__(cls, *args, **kwargs):
        # Keywords are for a subclass's __init__ (CPython's ref takes none).
        if not 1 <= len(args) <= 2:
            raise TypeError(f"__new__ expected {'at least 1 argument' if not args else 'at most 2 arguments'}, got {len(args)}")
        ob = args[0]
        callback = args[1] if len(args) == 2 else None
        _check_weakrefable(ob)
        basic = callback is None and cls is ReferenceType
        if basic:
            existing = _basic(ob, ReferenceType)
            if existing is not None:
                return existing
        self = object.__new__(cls)
        self._obj = ob
        self._callback = callback
        self._hash = None
        _register(ob, self, basic)
        return self

    def __init__(self, *args, **kwargs):
        if kwargs:
            raise TypeError("ref() takes no keyword arguments")

    def __call__(self):
        return self._obj

    @property
    def __callback__(self):
        return self._callback

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(self._obj)
        return self._hash

    def __eq__(self, other):
        if not isinstance(other, ReferenceType):
            return NotImplemented
        return self._obj == other._obj

    def __ne__(self, other):
        if not isinstance(other, ReferenceType):
            return NotImplemented
        return self._obj != other._obj

    def __repr__(self):
        obj = self._obj
        try:
            name = getattr(obj, "__name__", None)
        except Exception:       # a __getattr__ that raises something else
            name = None
        text = f"<weakref at {id(self):#x}; to '{type(obj).__name__}' at {id(obj):#x}"
        return text + (f" ({name})>" if isinstance(name, str) else ">")

    def __reduce__(self):
        raise TypeError(f"cannot pickle 'weakref.ReferenceType' object")

    __class_getitem__ = classmethod(type(list[int]))


ref = ReferenceType


def proxy(object, callback=None):
    """Create a proxy object that weakly references 'object'.

'callback', if given, is called with a reference to the
proxy when 'object' is about to be finalized."""
    _check_weakrefable(object)
    kind = CallableProxyType if callable(object) else ProxyType
    if callback is None:
        existing = _basic(object, kind)
        if existing is not None:
            return existing
    made = _object_new(kind)
    _object_setattr(made, "_obj", object)
    _object_setattr(made, "_callback", callback)
    _register(object, made, callback is None)
    return made


_object_new = object.__new__
_object_setattr = object.__setattr__
_object_getattribute = object.__getattribute__


def _unwrap(value):
    if isinstance(value, _PROXY_TYPES):
        return _object_getattribute(value, "_obj")
    return value


class ProxyType:
    # Every operation goes to the referent: attributes through the
    # methods below, operators through those set after the class.
    __slots__ = ("_obj", "_callback")
    __module__ = "weakref"

    def __new__(cls, *args, **kwargs):
        raise TypeError(f"cannot create 'weakref.{cls.__name__}' instances")

    def __getattribute__(self, name):
        return getattr(_object_getattribute(self, "_obj"), name)

    def __setattr__(self, name, value):
        setattr(_object_getattribute(self, "_obj"), name, value)

    def __delattr__(self, name):
        delattr(_object_getattribute(self, "_obj"), name)

    def __repr__(self):
        obj = _object_getattribute(self, "_obj")
        return (f"<weakproxy at {id(self):#x} to {type(obj).__name__} at {id(obj):#x}>")

    def __str__(self):
        return str(_object_getattribute(self, "_obj"))

    def __bytes__(self):
        return bytes(_object_getattribute(self, "_obj"))

    def __hash__(self):
        raise TypeError(f"unhashable type: 'weakref.{type(self).__name__}'")

    def __bool__(self):
        return bool(_object_getattribute(self, "_obj"))

    def __len__(self):
        return len(_object_getattribute(self, "_obj"))

    def __contains__(self, item):
        return item in _object_getattribute(self, "_obj")

    def __getitem__(self, key):
        return _object_getattribute(self, "_obj")[key]

    def __setitem__(self, key, value):
        _object_getattribute(self, "_obj")[key] = value

    def __delitem__(self, key):
        del _object_getattribute(self, "_obj")[key]

    def __iter__(self):
        return iter(_object_getattribute(self, "_obj"))

    def __next__(self):
        obj = _object_getattribute(self, "_obj")
        if not hasattr(type(obj), "__next__"):
            raise TypeError(f"Weakref proxy referenced a non-iterator '{type(obj).__name__}' object")
        return next(obj)

    def __reversed__(self):
        return reversed(_object_getattribute(self, "_obj"))

    def __index__(self):
        return _operator.index(_object_getattribute(self, "_obj"))

    def __int__(self):
        return int(_object_getattribute(self, "_obj"))

    def __float__(self):
        return float(_object_getattribute(self, "_obj"))

    def __reduce__(self):
        raise TypeError(f"cannot pickle 'weakref.{type(self).__name__}' object")


class CallableProxyType(ProxyType):
    __slots__ = ()
    __module__ = "weakref"

    def __call__(self, *args, **kwargs):
        return _object_getattribute(self, "_obj")(*args, **kwargs)


_PROXY_TYPES = (ProxyType, CallableProxyType)
_BASIC_TYPES = (ReferenceType, ProxyType, CallableProxyType)


def _binary(op):
    def forward(self, other):
        return op(_object_getattribute(self, "_obj"), _unwrap(other))
    return forward


def _reflected(op):
    def forward(self, other):
        return op(_unwrap(other), _object_getattribute(self, "_obj"))
    return forward


def _unary(op):
    def forward(self):
        return op(_object_getattribute(self, "_obj"))
    return forward


for _name, _op in (("add", _operator.add), ("sub", _operator.sub), ("mul", _operator.mul),
                   ("matmul", _operator.matmul), ("truediv", _operator.truediv),
                   ("floordiv", _operator.floordiv), ("mod", _operator.mod),
                   ("divmod", divmod), ("pow", pow), ("lshift", _operator.lshift),
                   ("rshift", _operator.rshift), ("and", _operator.and_),
                   ("or", _operator.or_), ("xor", _operator.xor)):
    setattr(ProxyType, f"__{_name}__", _binary(_op))
    setattr(ProxyType, f"__r{_name}__", _reflected(_op))
for _name, _op in (("iadd", _operator.iadd), ("isub", _operator.isub), ("imul", _operator.imul),
                   ("imatmul", _operator.imatmul), ("itruediv", _operator.itruediv),
                   ("ifloordiv", _operator.ifloordiv), ("imod", _operator.imod),
                   ("ipow", _operator.ipow), ("ilshift", _operator.ilshift),
                   ("irshift", _operator.irshift), ("iand", _operator.iand),
                   ("ior", _operator.ior), ("ixor", _operator.ixor),
                   ("eq", _operator.eq), ("ne", _operator.ne), ("lt", _operator.lt),
                   ("le", _operator.le), ("gt", _operator.gt), ("ge", _operator.ge)):
    setattr(ProxyType, f"__{_name}__", _binary(_op))
for _name, _op in (("neg", _operator.neg), ("pos", _operator.pos), ("abs", abs),
                   ("invert", _operator.invert)):
    setattr(ProxyType, f"__{_name}__", _unary(_op))
del _name, _op
