"""Weak-reference support module.

CPython 3.11's ``_weakref`` (built into the interpreter there), on the
nursery core's weak references; ``weakref``, ``_weakrefset`` and
``collections`` of the host's standard library import it.

Each ref or proxy holds a weakref target object (``_vm.weak_new``,
vm/weakrefs.pxi): the core clears it when a collection frees the target, and
if the ref or proxy is still alive then, the VM calls [_cleared] at its next
safe point (or in gc.collect()), which hands back the callback the VM then
calls with it (vmsample/lang/app/finalization.py).  Which objects can be
referred to, the reuse of one plain reference per object,
``getweakrefcount``/``getweakrefs``, hashing and equality of references, and
proxies that forward every operation are CPython's.
"""

import operator as _operator
from _vm import weak_new as _weak_new, weak_get as _weak_get

# The references to each object, in CPython's order, by id() of the object:
# a list of weakref targets of the references (so that a reference does not
# live longer for being listed).  A list may outlive its object (the
# references that died with it say nothing); an entry counts only while its
# reference lives and still refers to the object with that id, so a list
# found under a reused id is pruned before use, and all of them now and then.
_refs_by_id = {}
_prune_at = 64


def _check_weakrefable(obj):
    offset = getattr(type(obj), "__weakrefoffset__", None)
    if offset == 0 or (offset is None and isinstance(obj, _NOT_WEAKREFABLE)):
        raise TypeError(f"cannot create weak reference to '{type(obj).__name__}' object")


# Built-in types whose instances CPython does not refer to weakly (used where
# types do not tell, through __weakrefoffset__, as CPython's do).
_NOT_WEAKREFABLE = (int, float, complex, str, bytes, bytearray, tuple, list, dict,
                    set, frozenset, type(None), type(NotImplemented), type(...))


def _target(reference):
    # The object [reference] refers to, or None once it died.
    return _weak_get(_object_getattribute(reference, "_cell"))


def _live(key, obj=None):
    """The live references of the list under [key] (to [obj], or to the
    object they all still refer to), the list pruned to them.  (A callback
    that runs in between and changes the list only loses entries that are
    dead anyway.)"""
    cells = _refs_by_id.get(key)
    if cells is None:
        return []
    refs = []
    dead = []
    for cell in list(cells):
        reference = _weak_get(cell)
        target = None if reference is None else _target(reference)
        if target is None or (obj is not None and target is not obj):
            dead.append(cell)
        else:
            refs.append(reference)
    if dead:
        cells[:] = [c for c in cells if not any(c is d for d in dead)]
    if not cells and _refs_by_id.get(key) is cells:
        del _refs_by_id[key]
    return refs


def _prune_all():
    global _prune_at
    for key in list(_refs_by_id):
        _live(key)
    _prune_at = max(64, 2 * len(_refs_by_id))


def _register(obj, reference, basic):
    # CPython's order: the plain reference first, then the plain proxy,
    # then the others, newest first.
    key = id(obj)
    refs = _live(key, obj)
    front = sum(1 for r in refs[:2] if _callback_of(r) is None and type(r) in _BASIC_TYPES)
    if basic and type(reference) is ReferenceType:
        front = 0
    _refs_by_id.setdefault(key, []).insert(front, _weak_new(reference, None))
    if len(_refs_by_id) >= _prune_at:
        _prune_all()


def _cleared(reference):
    """Called by the VM when [reference]'s object died, [reference] being
    alive: (the dead object's id, the callback to call with [reference] or
    None); the callback is no longer its __callback__, as in CPython.  (Its
    list is pruned later, not from here: this runs at a safe point, which
    may be inside _live.)"""
    callback = _callback_of(reference)
    _object_setattr(reference, "_callback", None)
    return _object_getattribute(reference, "_key"), callback


def _basic(obj, kind):
    """The reference of exact type [kind] without callback to [obj], if any:
    CPython hands it out again instead of making another."""
    for reference in _live(id(obj), obj):
        if type(reference) is kind and _callback_of(reference) is None:
            return reference
    return None


def _callback_of(reference):
    return _object_getattribute(reference, "_callback")


def _attach(reference, obj, callback):
    # What a new ref or proxy holds: its target, its callback, its list's key.
    _object_setattr(reference, "_cell", _weak_new(obj, reference))
    _object_setattr(reference, "_callback", callback)
    _object_setattr(reference, "_key", id(obj))


def getweakrefcount(obj):
    """Return the number of weak references to 'obj'."""
    return len(_live(id(obj), obj))


def getweakrefs(obj):
    """Return a list of all weak reference objects pointing to 'obj'."""
    return _live(id(obj), obj)


def _remove_dead_weakref(dct, key):
    """Atomically remove key from dict if it points to a dead weakref."""
    try:
        reference = dct[key]
    except KeyError:
        return
    if reference() is None:
        del dct[key]


class ReferenceType:
    # [_cell] holds the referent weakly (_attach), [_key] is its id(),
    # [_hash] its hash once asked for.
    __slots__ = ("_cell", "_callback", "_key", "_hash")
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
        _attach(self, ob, callback)
        self._hash = None
        _register(ob, self, basic)
        return self

    def __init__(self, *args, **kwargs):
        if kwargs:
            raise TypeError("ref() takes no keyword arguments")
        if not 1 <= len(args) <= 2:
            raise TypeError(f"__init__ expected {'at least 1 argument' if not args else 'at most 2 arguments'}, got {len(args)}")

    def __call__(self):
        return _weak_get(self._cell)

    @property
    def __callback__(self):
        return self._callback

    def __hash__(self):
        if self._hash is None:
            obj = _weak_get(self._cell)
            if obj is None:
                raise TypeError("weak object has gone away")
            self._hash = hash(obj)
        return self._hash

    def __eq__(self, other):
        if not isinstance(other, ReferenceType):
            return NotImplemented
        obj, other_obj = _weak_get(self._cell), _weak_get(other._cell)
        if obj is None or other_obj is None:
            return self is other
        return obj == other_obj

    def __ne__(self, other):
        if not isinstance(other, ReferenceType):
            return NotImplemented
        obj, other_obj = _weak_get(self._cell), _weak_get(other._cell)
        if obj is None or other_obj is None:
            return self is not other
        return obj != other_obj

    def __repr__(self):
        obj = _weak_get(self._cell)
        if obj is None:
            return f"<weakref at {id(self):#x}; dead>"
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
    _attach(made, object, callback)
    _register(object, made, callback is None)
    return made


_object_new = object.__new__
_object_setattr = object.__setattr__
_object_getattribute = object.__getattribute__


def _referent(proxy):
    obj = _target(proxy)
    if obj is None:
        raise ReferenceError("weakly-referenced object no longer exists")
    return obj


def _unwrap(value):
    if isinstance(value, _PROXY_TYPES):
        return _referent(value)
    return value


class ProxyType:
    # Every operation goes to the referent: attributes through the
    # methods below, operators through those set after the class.
    __slots__ = ("_cell", "_callback", "_key")
    __module__ = "weakref"

    def __new__(cls, *args, **kwargs):
        raise TypeError(f"cannot create 'weakref.{cls.__name__}' instances")

    def __getattribute__(self, name):
        return getattr(_referent(self), name)

    def __setattr__(self, name, value):
        setattr(_referent(self), name, value)

    def __delattr__(self, name):
        delattr(_referent(self), name)

    def __repr__(self):
        obj = _target(self)
        return (f"<weakproxy at {id(self):#x} to {type(obj).__name__} at {id(obj):#x}>")

    def __str__(self):
        return str(_referent(self))

    def __bytes__(self):
        return bytes(_referent(self))

    def __hash__(self):
        raise TypeError(f"unhashable type: 'weakref.{type(self).__name__}'")

    def __bool__(self):
        return bool(_referent(self))

    def __len__(self):
        return len(_referent(self))

    def __contains__(self, item):
        return item in _referent(self)

    def __getitem__(self, key):
        return _referent(self)[key]

    def __setitem__(self, key, value):
        _referent(self)[key] = value

    def __delitem__(self, key):
        del _referent(self)[key]

    def __iter__(self):
        return iter(_referent(self))

    def __next__(self):
        obj = _referent(self)
        if not hasattr(type(obj), "__next__"):
            raise TypeError(f"Weakref proxy referenced a non-iterator '{type(obj).__name__}' object")
        return next(obj)

    def __reversed__(self):
        return reversed(_referent(self))

    def __index__(self):
        return _operator.index(_referent(self))

    def __int__(self):
        return int(_referent(self))

    def __float__(self):
        return float(_referent(self))

    def __reduce__(self):
        raise TypeError(f"cannot pickle 'weakref.{type(self).__name__}' object")


class CallableProxyType(ProxyType):
    __slots__ = ()
    __module__ = "weakref"

    def __call__(self, *args, **kwargs):
        return _referent(self)(*args, **kwargs)


_PROXY_TYPES = (ProxyType, CallableProxyType)
_BASIC_TYPES = (ReferenceType, ProxyType, CallableProxyType)


def _binary(op):
    def forward(self, other):
        return op(_referent(self), _unwrap(other))
    return forward


def _reflected(op):
    def forward(self, other):
        return op(_unwrap(other), _referent(self))
    return forward


def _unary(op):
    def forward(self):
        return op(_referent(self))
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
