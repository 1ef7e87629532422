"""Struct sequences: the named tuples of CPython's C modules
(``sys.version_info``, ``os.stat_result``, ``time.struct_time``), after
Objects/structseq.c.

A struct sequence type is a tuple subclass: its first ``n_sequence_fields``
fields are the tuple's items (some may be unnamed: reachable by index
only), the rest are attributes of the instance alone.  The VM makes one
class here per CPython struct sequence type a delegated module hands back
(``structseq_type``), and converts each value into an instance of it.
"""

from _vm import register


def _field(index):
    return property(lambda self: tuple.__getitem__(self, index))


def _extra_field(name):
    return property(lambda self: self.__dict__[name])


def structseq_type(module, qualname, names, n_sequence_fields, n_unnamed_fields, doc=None):
    """A struct sequence class.  [names]: the named fields in order (the
    visible ones, then the extra ones); the unnamed fields are the last
    [n_unnamed_fields] of the sequence."""
    n_visible_named = n_sequence_fields - n_unnamed_fields
    n_fields = len(names) + n_unnamed_fields

    def __new__(cls, sequence, dict=None):
        seq = tuple(sequence)
        n = len(seq)
        if n < n_sequence_fields:
            raise TypeError(f"{module}.{qualname}() takes an at least {n_sequence_fields}-sequence "
                            f"({n}-sequence given)")
        if n > n_fields:
            raise TypeError(f"{module}.{qualname}() takes an at most {n_fields}-sequence "
                            f"({n}-sequence given)")
        self = tuple.__new__(cls, seq[:n_sequence_fields])
        extra = {}
        for i, name in enumerate(names[n_visible_named:]):
            j = n_sequence_fields + i
            extra[name] = seq[j] if j < n else (dict or {}).get(name)
        self.__dict__.update(extra)
        return self

    def __repr__(self):
        parts = []
        for i in range(n_sequence_fields):
            name = names[i] if i < len(names) else f"unnamed_{i}"
            parts.append(f"{name}={tuple.__getitem__(self, i)!r}")
        return f"{module}.{qualname}({', '.join(parts)})"

    def __reduce__(self):
        extra = {name: self.__dict__.get(name) for name in names[n_visible_named:]}
        return (type(self), (tuple(self), extra))

    ns = {"__new__": __new__, "__repr__": __repr__, "__reduce__": __reduce__,
          "__module__": module, "__qualname__": qualname, "__doc__": doc,
          "n_sequence_fields": n_sequence_fields, "n_fields": n_fields,
          "n_unnamed_fields": n_unnamed_fields,
          "__match_args__": tuple(names[:n_visible_named])}
    for i, name in enumerate(names[:n_visible_named]):
        ns[name] = _field(i)
    for name in names[n_visible_named:]:
        ns[name] = _extra_field(name)
    return type(qualname.rpartition(".")[2], (tuple,), ns)


register("structseq_type", structseq_type)
