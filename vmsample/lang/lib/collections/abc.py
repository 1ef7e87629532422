"""collections.abc for the vmsample VM: the abstract container classes, for
annotations and for classes that inherit from them.  (The VM has no
__subclasshook__: isinstance(x, Iterable) is True only for subclasses.)"""


class Hashable: pass
class Awaitable: pass
class Coroutine(Awaitable): pass
class AsyncIterable: pass
class AsyncIterator(AsyncIterable): pass
class Iterable: pass
class Iterator(Iterable): pass
class Reversible(Iterable): pass
class Generator(Iterator): pass
class Sized: pass
class Container: pass
class Callable: pass
class Collection(Sized): pass
class Set(Collection): pass
class MutableSet(Set): pass
class Mapping(Collection): pass
class MutableMapping(Mapping): pass
class MappingView(Sized): pass
class KeysView(MappingView): pass
class ItemsView(MappingView): pass
class ValuesView(MappingView): pass
class Sequence(Reversible): pass
class MutableSequence(Sequence): pass
class ByteString(Sequence): pass
