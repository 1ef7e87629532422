"""The methods of builtin types that the VM writes in Python (app-level):
pickling and copying support (object's __reduce_ex__, __reduce__,
__getstate__, after Objects/typeobject.c; the builtin iterators' and
builtin functions' __reduce__), the set operations of dict views (after
Objects/dictobject.c), module's __dir__ and the exception methods (with_traceback, add_note,
__reduce__, __setstate__, after Objects/exceptions.c).

The VM runs this module once when it starts (vmsample/lang/app); each
function is installed in its builtin class (_vm.install).
"""

import _vm as _vm_module
from _vm import install, iterator_setstate, iterator_state, register

_missing = object()       # (no such entry in a dict)


def _slot_names(cls):
    # the names of the __slots__ of cls and its bases: its own __slotnames__
    # if it has one, else copyreg._slotnames's (which keeps them there), as
    # CPython's _PyType_GetSlotNames
    names = cls.__dict__.get("__slotnames__", _missing)
    if names is _missing:
        import copyreg
        names = copyreg._slotnames(cls)
        if names is not None and not isinstance(names, list):
            raise TypeError("copyreg._slotnames didn't return a list or None")
    elif names is not None and not isinstance(names, list):
        raise TypeError(f"{cls.__name__}.__slotnames__ should be a list or None, not {type(names).__name__}")
    return names or ()


def _lookup_special(obj, name):
    # type(obj)'s special method [name] bound to obj, or None: never the
    # instance's own attribute nor __getattr__ (CPython's
    # _PyObject_LookupSpecial)
    cls = type(obj)
    for klass in cls.__mro__:
        meth = klass.__dict__.get(name, _missing)
        if meth is not _missing:
            get = getattr(type(meth), "__get__", None)
            return meth if get is None else get(meth, obj, cls)
    return None


def __getstate__(self):
    """Helper for pickle."""
    state = getattr(self, "__dict__", None)
    if state is not None and not state:
        state = None
    slots = {}
    for name in _slot_names(type(self)):
        try:
            slots[name] = getattr(self, name)
        except AttributeError:
            pass
    if slots:
        return (state, slots)
    return state


def _new_arguments(obj):
    # (args, kwargs) for type(obj).__new__, from __getnewargs_ex__ or
    # __getnewargs__, checked as CPython's _PyObject_GetNewArguments
    getnewargs_ex = _lookup_special(obj, "__getnewargs_ex__")
    if getnewargs_ex is not None:
        newargs = getnewargs_ex()
        if not isinstance(newargs, tuple):
            raise TypeError(f"__getnewargs_ex__ should return a tuple, not '{type(newargs).__name__}'")
        if len(newargs) != 2:
            raise ValueError(f"__getnewargs_ex__ should return a tuple of length 2, not {len(newargs)}")
        args, kwargs = newargs
        if not isinstance(args, tuple):
            raise TypeError("first item of the tuple returned by __getnewargs_ex__ must be a tuple, "
                            f"not '{type(args).__name__}'")
        if not isinstance(kwargs, dict):
            raise TypeError("second item of the tuple returned by __getnewargs_ex__ must be a dict, "
                            f"not '{type(kwargs).__name__}'")
        return args, kwargs
    getnewargs = _lookup_special(obj, "__getnewargs__")
    if getnewargs is None:
        return (), {}
    args = getnewargs()
    if not isinstance(args, tuple):
        raise TypeError(f"__getnewargs__ should return a tuple, not '{type(args).__name__}'")
    return args, {}


def _reduce_newobj(obj):
    import copyreg
    cls = type(obj)
    if cls.__new__ is object.__new__ and cls is not object and cls.__module__ == "builtins":
        # a builtin type that makes no instances of its own (CPython's tp_new
        # is NULL): generators, frames, iterators without a __reduce__
        raise TypeError(f"cannot pickle {cls.__name__!r} object")
    args, kwargs = _new_arguments(obj)
    if kwargs:
        newobj, newargs = copyreg.__newobj_ex__, (cls, tuple(args), kwargs)
    else:
        newobj, newargs = copyreg.__newobj__, (cls, *args)
    state = obj.__getstate__()
    listitems = iter(obj) if isinstance(obj, list) else None
    dictitems = iter(obj.items()) if isinstance(obj, dict) else None
    return newobj, newargs, state, listitems, dictitems


def _common_reduce(obj, protocol):
    if protocol >= 2:
        return _reduce_newobj(obj)
    import copyreg
    return copyreg._reduce_ex(obj, protocol)


def __reduce__(self):
    """Helper for pickle."""
    return _common_reduce(self, 0)


def __reduce_ex__(self, protocol):
    """Helper for pickle."""
    reduce = getattr(type(self), "__reduce__", None)
    if reduce is not None and reduce is not object.__dict__["__reduce__"]:
        return self.__reduce__()
    return _common_reduce(self, protocol)


install(object, "__getstate__", __getstate__)
install(object, "__reduce__", __reduce__)
install(object, "__reduce_ex__", __reduce_ex__)


# ---------------------------------------------------------------- the builtin value types
# What their C implementations give pickle and copy: an immutable value is
# remade from its value (__getnewargs__), a mutable one by its class from
# its contents plus the instance's state: its __dict__ and slots, as
# __getstate__ gives them (__reduce__).

def _value_getnewargs(base):
    def __getnewargs__(self):
        return (base(self),)
    return __getnewargs__


def _complex_getnewargs(self):
    return (self.real, self.imag)


def _contents_reduce(contents):
    def __reduce__(self):
        return (type(self), (contents(self),), self.__getstate__())
    return __reduce__


def _contents_reduce_ex(self, protocol):
    return self.__reduce__()


def _slice_reduce(self):
    return (type(self), (self.start, self.stop, self.step))


for _cls in (int, float, str, bytes, tuple):
    install(_cls, "__getnewargs__", _value_getnewargs(_cls))
install(complex, "__getnewargs__", _complex_getnewargs)
for _cls, _contents in ((bytearray, bytes), (set, list), (frozenset, list)):
    install(_cls, "__reduce__", _contents_reduce(_contents))
install(bytearray, "__reduce_ex__", _contents_reduce_ex)
install(slice, "__reduce__", _slice_reduce)


def _singleton_reduce(name):
    # Ellipsis and NotImplemented pickle by name (ellipsis_reduce, notimplemented_reduce)
    def __reduce__(self):
        return name
    return __reduce__


install(type(...), "__reduce__", _singleton_reduce("Ellipsis"))
install(type(NotImplemented), "__reduce__", _singleton_reduce("NotImplemented"))


# ---------------------------------------------------------------- the builtin iterators
# Pickled as CPython pickles them (listiter_reduce, reversed_reduce, listreviter_reduce,
# enum_reduce, zip_reduce, map_reduce, filter_reduce, dictiter_reduce...):
# the iterable and the position, or iter() of an empty sequence once the
# iterator is exhausted.  _vm.iterator_state reads the VM's iterator.

_list_iterator = type(iter([]))
_EMPTY_OF = {_list_iterator: [], type(iter(())): (), type(iter("")): "",
             type(iter(b"")): (), type(iter(bytearray())): ()}


def _sequence_iterator_reduce(self):
    # (an iterator at the end but not yet told so keeps its sequence: one
    # that found the end has an index past any length)
    seq, index = iterator_state(self)
    if index <= len(seq):
        return iter, (seq,), index
    return iter, (_EMPTY_OF[type(self)],)


def _iterator_setstate(self, state):
    iterator_setstate(self, state)


def _reversed_reduce(self):
    seq, index = iterator_state(self)
    if seq is not None:
        return type(self), (seq,), index
    return type(self), ((),)


def _list_reverseiterator_reduce(self):
    seq, index = iterator_state(self)
    if seq is not None:
        return reversed, (seq,), index
    return iter, ([],)


def _range_iterator_reduce(self):
    state = iterator_state(self)
    if len(state) == 3:
        return iter, (range(*state),), 0
    r, index = state
    return iter, (r,), index


def _drained_reduce(self):
    # dict and set iterators: what is left, as a list
    (copy,) = iterator_state(self)
    return iter, (list(copy),)


def _enumerate_reduce(self):
    return type(self), iterator_state(self)


def _zip_reduce(self):
    iterators, strict = iterator_state(self)
    return (type(self), iterators, True) if strict else (type(self), iterators)


def _map_reduce(self):
    function, iterators = iterator_state(self)
    return type(self), (function, *iterators)


def _filter_reduce(self):
    return type(self), iterator_state(self)


class _OldSequence:
    def __getitem__(self, index):
        raise IndexError(index)


def _old_sequence_iterator_reduce(self):
    # iterobject.c's iter_reduce: any object, ended or not
    seq, index = iterator_state(self)
    return (iter, (seq,), index) if seq is not None else (iter, ((),))


def _old_sequence_iterator_length_hint(self):
    # iterobject.c's iter_len: known only for an object that has a length
    seq, index = iterator_state(self)
    if seq is None:
        return 0
    if not hasattr(type(seq), "__len__"):
        return NotImplemented
    return max(len(seq) - index, 0)


install(type(iter(_OldSequence())), "__reduce__", _old_sequence_iterator_reduce)
install(type(iter(_OldSequence())), "__setstate__", _iterator_setstate)
install(type(iter(_OldSequence())), "__length_hint__", _old_sequence_iterator_length_hint)
for _cls in _EMPTY_OF:
    install(_cls, "__reduce__", _sequence_iterator_reduce)
    install(_cls, "__setstate__", _iterator_setstate)
install(reversed, "__reduce__", _reversed_reduce)
install(reversed, "__setstate__", _iterator_setstate)
install(type(reversed([])), "__reduce__", _list_reverseiterator_reduce)
install(type(reversed([])), "__setstate__", _iterator_setstate)
install(type(iter(range(0))), "__reduce__", _range_iterator_reduce)
install(type(iter(range(0))), "__setstate__", _iterator_setstate)
install(type(iter(range(1 << 64))), "__reduce__", _range_iterator_reduce)
install(type(iter(range(1 << 64))), "__setstate__", _iterator_setstate)
for _cls in (type(iter({})), type(iter({}.values())), type(iter({}.items())), type(iter(set()))):
    install(_cls, "__reduce__", _drained_reduce)
install(enumerate, "__reduce__", _enumerate_reduce)
install(zip, "__reduce__", _zip_reduce)
install(zip, "__setstate__", _iterator_setstate)
install(map, "__reduce__", _map_reduce)
install(filter, "__reduce__", _filter_reduce)


# ---------------------------------------------------------------- builtin functions
# pickled by name (save_global), or as getattr(owner, name) when bound to an
# object, as CPython's meth_reduce.

def _builtin_function_reduce(self):
    owner = self.__self__
    if owner is None or type(owner) is type(_vm_module):
        return self.__qualname__
    return getattr, (owner, self.__name__)


install(type(len), "__reduce__", _builtin_function_reduce)


# ---------------------------------------------------------------- bound methods
# pickled as getattr(obj, name), as CPython's method_reduce.

def _method_reduce(self):
    return getattr, (self.__self__, self.__func__.__name__)


install(type(_common_reduce.__get__(0)), "__reduce__", _method_reduce)


# ---------------------------------------------------------------- modules
# dir(module) lists the module's dict, not the module type's attributes
# (module_dir, Objects/moduleobject.c): a module may define its own
# __dir__ (PEP 562), called with no arguments.

def _module_dir(self):
    """__dir__() -> list
specialized dir() implementation"""
    d = self.__dict__
    if not isinstance(d, dict):
        raise TypeError("<module>.__dict__ is not a dictionary")
    own = d.get("__dir__")
    if own is not None:
        return own()
    return list(d)


_module_dir.__name__ = "__dir__"
install(type(_vm_module), "__dir__", _module_dir)


# ---------------------------------------------------------------- dict views as sets
# keys() and items() views are set-like (dictviews_sub, _PyDictView_Intersect,
# dictviews_or, dictviews_xor, dictview_richcompare): an operation makes a
# set from the left operand and applies the right one, any iterable; a
# comparison needs a set or a view on the other side.

def _view_operation(update, reflected):
    # view OP other (or other OP view, reflected): a set of the left
    # operand, updated in place with the right one
    def operation(self, other):
        result = set(other if reflected else self)
        update(result, self if reflected else other)
        return result
    return operation


def _is_set_like(other):
    return isinstance(other, (set, frozenset, _dict_keys, _dict_items))


def _all_in(items, container):
    return all(item in container for item in items)


def _view_compare(test):
    def compare(self, other):
        if not _is_set_like(other):
            return NotImplemented
        return test(self, other)
    return compare


def _view_isdisjoint(self, other):
    """Return True if the view and the given iterable have a null intersection."""
    if self is other:
        return len(self) == 0
    return not any(item in self for item in other)


_dict_keys = type({}.keys())
_dict_items = type({}.items())
_VIEW_METHODS = {
    **{f"__{r}{name}__": _view_operation(update, r == "r")
       for name, update in (("sub", set.difference_update), ("and", set.intersection_update),
                            ("or", set.update), ("xor", set.symmetric_difference_update))
       for r in ("", "r")},
    "__eq__": _view_compare(lambda a, b: len(a) == len(b) and _all_in(a, b)),
    "__ne__": _view_compare(lambda a, b: not (len(a) == len(b) and _all_in(a, b))),
    "__lt__": _view_compare(lambda a, b: len(a) < len(b) and _all_in(a, b)),
    "__le__": _view_compare(lambda a, b: len(a) <= len(b) and _all_in(a, b)),
    "__gt__": _view_compare(lambda a, b: len(a) > len(b) and _all_in(b, a)),
    "__ge__": _view_compare(lambda a, b: len(a) >= len(b) and _all_in(b, a)),
    "isdisjoint": _view_isdisjoint,
}
for _cls in (_dict_keys, _dict_items):
    for _name, _method in _VIEW_METHODS.items():
        install(_cls, _name, _method)


# ---------------------------------------------------------------- range

def _range_count(self, value):
    """rangeobject.count(value) -> integer -- return number of occurrences of value"""
    if type(value) is int or type(value) is bool:
        return int(value in self)
    return sum(1 for item in self if item == value)


def _range_index(self, value):
    """rangeobject.index(value) -> integer -- return index of value.
Raise ValueError if the value is not present."""
    if type(value) is int or type(value) is bool:
        if value in self:
            return (value - self.start) // self.step
        raise ValueError(f"{value!r} is not in range")
    for i, item in enumerate(self):
        if item == value:
            return i
    raise ValueError("sequence.index(x): x not in sequence")


# (CPython's range_count and range_index: an int is found by arithmetic,
# anything else by comparing it with each item in turn)
install(range, "count", _range_count)
install(range, "index", _range_index)


# ---------------------------------------------------------------- BaseException

def with_traceback(self, tb):
    """Exception.with_traceback(tb) --
    set self.__traceback__ to tb and return self."""
    self.__traceback__ = tb
    return self


def add_note(self, note):
    """Exception.add_note(note) --
    add a note to the exception"""
    if not isinstance(note, str):
        raise TypeError(f"note must be a str, not '{type(note).__name__}'")
    try:
        notes = self.__notes__
    except AttributeError:
        notes = self.__notes__ = []
    if not isinstance(notes, list):
        raise TypeError("Cannot add note: __notes__ is not a list")
    notes.append(note)


def _exc_reduce(self):
    state = self.__dict__
    return (type(self), self.args, state) if state else (type(self), self.args)


def _exc_setstate(self, state):
    if state is not None:
        if not isinstance(state, dict):
            raise TypeError("state is not a dictionary")
        for key, value in state.items():
            setattr(self, key, value)


install(BaseException, "with_traceback", with_traceback)
install(BaseException, "add_note", add_note)
install(BaseException, "__reduce__", _exc_reduce)
install(BaseException, "__setstate__", _exc_setstate)
register("objects_ready", True)
