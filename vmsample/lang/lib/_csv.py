"""CSV parsing and writing.

This module provides classes that assist in the reading and writing
of Comma Separated Value (CSV) files, and implements the interface
described by PEP 305.  Although many CSV files are simple to parse,
the format is not formally defined by a stable specification and
is subtle enough that parsing lines of a CSV file with something
like line.split(",") is bound to fail.  The module supports three
basic APIs: reading, writing, and registration of dialects.

CPython 3.11's ``_csv`` (a C module there), written in Python for the VM:
``csv.py`` of the host's standard library is Python on top of it.  The
reader is CPython's state machine, fed one character at a time, and the
writer CPython's quoting rules; errors are CPython's.
"""

from _capi import is_number as _is_number

__version__ = "1.0"

QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE = range(4)


class Error(Exception):
    pass


_UNSET = object()       # an argument not given (None means something)

_field_limit = 128 * 1024


def _char(name, value, default):
    if value is _UNSET:
        return default
    if not isinstance(value, str):
        raise TypeError(f'"{name}" must be string, not {type(value).__name__}')
    if len(value) != 1:
        raise TypeError(f'"{name}" must be a 1-character string')
    return value


def _char_or_none(name, value, default):
    if value is _UNSET:
        return default
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f'"{name}" must be string or None, not {type(value).__name__}')
    if len(value) != 1:
        raise TypeError(f'"{name}" must be a 1-character string')
    return value


def _bool(value, default):
    return default if value is _UNSET else bool(value)


class Dialect:
    """CSV dialect

The Dialect type records CSV parsing and generation options.
"""
    __slots__ = ("_delimiter", "_doublequote", "_escapechar", "_lineterminator",
                 "_quotechar", "_quoting", "_skipinitialspace", "_strict")

    def __new__(cls, dialect=_UNSET, delimiter=_UNSET, doublequote=_UNSET, escapechar=_UNSET,
                lineterminator=_UNSET, quotechar=_UNSET, quoting=_UNSET,
                skipinitialspace=_UNSET, strict=_UNSET):
        given = {"delimiter": delimiter, "doublequote": doublequote, "escapechar": escapechar,
                 "lineterminator": lineterminator, "quotechar": quotechar, "quoting": quoting,
                 "skipinitialspace": skipinitialspace, "strict": strict}
        if dialect is not _UNSET:
            if isinstance(dialect, str):
                dialect = get_dialect(dialect)
            if isinstance(dialect, Dialect) and all(v is _UNSET for v in given.values()):
                return dialect          # nothing to change: the same one
            for name, value in given.items():
                if value is _UNSET:
                    given[name] = getattr(dialect, name, _UNSET)
        self = object.__new__(cls)
        self._delimiter = _char("delimiter", given["delimiter"], ",")
        self._doublequote = _bool(given["doublequote"], True)
        self._escapechar = _char_or_none("escapechar", given["escapechar"], None)
        lineterminator = given["lineterminator"]
        if lineterminator is _UNSET:
            lineterminator = "\r\n"
        elif lineterminator is not None and not isinstance(lineterminator, str):
            raise TypeError('"lineterminator" must be a string')
        self._lineterminator = lineterminator
        quotechar = given["quotechar"]
        self._quotechar = _char_or_none("quotechar", quotechar, '"')
        quoting = given["quoting"]
        if quoting is _UNSET:
            self._quoting = QUOTE_MINIMAL
        else:
            if type(quoting) is not int:
                raise TypeError('"quoting" must be an integer')
            if not -2 ** 31 <= quoting < 2 ** 31:
                raise OverflowError("Python int too large to convert to C int")
            self._quoting = quoting
        self._skipinitialspace = _bool(given["skipinitialspace"], False)
        self._strict = _bool(given["strict"], False)
        if self._quoting not in (QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE):
            raise TypeError('bad "quoting" value')
        if quotechar is None and quoting is _UNSET:
            self._quoting = QUOTE_NONE
        if self._quoting != QUOTE_NONE and self._quotechar is None:
            raise TypeError("quotechar must be set if quoting enabled")
        if self._lineterminator is None:
            raise TypeError("lineterminator must be set")
        return self

    delimiter = property(lambda self: self._delimiter)
    doublequote = property(lambda self: self._doublequote)
    escapechar = property(lambda self: self._escapechar)
    lineterminator = property(lambda self: self._lineterminator)
    quotechar = property(lambda self: self._quotechar)
    quoting = property(lambda self: self._quoting)
    skipinitialspace = property(lambda self: self._skipinitialspace)
    strict = property(lambda self: self._strict)

    def __reduce_ex__(self, protocol):
        raise TypeError(f"cannot pickle '{type(self).__module__}.{type(self).__qualname__}' object")


def _call_dialect(dialect, kwargs):
    if dialect is _UNSET:
        return Dialect(**kwargs)
    return Dialect(dialect, **kwargs)


# --- the registry of dialects

_dialects = {}


def register_dialect(name, dialect=_UNSET, **fmtparams):
    """Create a mapping from a string name to a dialect class.
    dialect = csv.register_dialect(name[, dialect[, **fmtparams]])"""
    if not isinstance(name, str):
        raise TypeError("dialect name must be a string")
    _dialects[name] = _call_dialect(dialect, fmtparams)


def unregister_dialect(name):
    """Delete the name/dialect mapping associated with a string name.
    csv.unregister_dialect(name)"""
    if name not in _dialects:
        raise Error("unknown dialect")
    del _dialects[name]


def get_dialect(name):
    """Return the dialect instance associated with name.
    dialect = csv.get_dialect(name)"""
    try:
        return _dialects[name]
    except (KeyError, TypeError):
        raise Error("unknown dialect") from None


def list_dialects():
    """Return a list of all know dialect names.
    names = csv.list_dialects()"""
    return list(_dialects)


def field_size_limit(*args, **kwargs):
    """Sets an upper limit on parsed fields.
    csv.field_size_limit([limit])

Returns old limit. If limit is not given, no new limit is set and
the old limit is returned"""
    global _field_limit
    if kwargs:
        if set(kwargs) != {"new_limit"} or args:
            raise TypeError("field_size_limit() got an unexpected keyword argument")
        args = (kwargs["new_limit"],)
    if len(args) > 1:
        raise TypeError(f"field_size_limit expected at most 1 argument, got {len(args)}")
    old = _field_limit
    if args:
        if not isinstance(args[0], int):
            raise TypeError("limit must be an integer")
        if not -2 ** 63 <= args[0] < 2 ** 63:
            raise OverflowError("Python int too large to convert to C long")
        _field_limit = int(args[0])
    return old


# --- reading

# The reader's states, as CPython's parse_process_char has them.
(_START_RECORD, _START_FIELD, _ESCAPED_CHAR, _IN_FIELD, _IN_QUOTED_FIELD,
 _ESCAPE_IN_QUOTED_FIELD, _QUOTE_IN_QUOTED_FIELD, _EAT_CRNL, _AFTER_ESCAPED_CRNL) = range(9)

_EOL = object()         # the end of a line the input gave


class Reader:
    """CSV reader

Reader objects are responsible for reading and parsing tabular data
in CSV format.
"""
    # [_field] collects the characters of the field being read, [_fields]
    # the fields of the record; [_numeric] says the field is to become a
    # float (QUOTE_NONNUMERIC, unquoted).
    __slots__ = ("_input", "_dialect", "_line_num", "_state", "_field", "_fields", "_numeric")

    def __new__(cls, *args, **kwargs):
        raise TypeError("cannot create '_csv.reader' instances")

    def __init_subclass__(cls, **kwargs):
        raise TypeError("type '_csv.reader' is not an acceptable base type")

    @property
    def dialect(self):
        return self._dialect

    @property
    def line_num(self):
        return self._line_num

    def __iter__(self):
        return self

    def __next__(self):
        self._fields, self._field, self._state, self._numeric = [], [], _START_RECORD, False
        while True:
            try:
                line = next(self._input)
            except StopIteration:
                if self._field or self._state == _IN_QUOTED_FIELD:
                    if self._dialect.strict:
                        raise Error("unexpected end of data") from None
                    self._save_field()
                    break
                raise
            if not isinstance(line, str):
                raise Error(f"iterator should return strings, not {type(line).__name__} "
                            f"(the file should be opened in text mode)")
            self._line_num += 1
            for c in line:
                self._process(c)
            self._process(_EOL)
            if self._state == _START_RECORD:
                break
        fields, self._fields = self._fields, None
        return fields

    def _save_field(self):
        field = "".join(self._field)
        self._field = []
        if self._numeric:
            self._numeric = False
            field = float(field)
        self._fields.append(field)

    def _add_char(self, c):
        if len(self._field) >= _field_limit:
            raise Error(f"field larger than field limit ({_field_limit})")
        self._field.append(c)

    def _process(self, c):
        d = self._dialect
        state = self._state
        newline = c == "\n" or c == "\r"
        if state == _START_RECORD:
            if c is _EOL:
                return                      # an empty line: []
            if newline:
                self._state = _EAT_CRNL
                return
            state = self._state = _START_FIELD
        if state == _START_FIELD:
            if newline or c is _EOL:
                self._save_field()
                self._state = _START_RECORD if c is _EOL else _EAT_CRNL
            elif c == d.quotechar and d.quoting != QUOTE_NONE:
                self._state = _IN_QUOTED_FIELD
            elif c == d.escapechar:
                self._state = _ESCAPED_CHAR
            elif c == " " and d.skipinitialspace:
                pass
            elif c == d.delimiter:
                self._save_field()
            else:
                if d.quoting == QUOTE_NONNUMERIC:
                    self._numeric = True
                self._add_char(c)
                self._state = _IN_FIELD
        elif state == _ESCAPED_CHAR:
            if newline:
                self._add_char(c)
                self._state = _AFTER_ESCAPED_CRNL
                return
            self._add_char("\n" if c is _EOL else c)
            self._state = _IN_FIELD
        elif state == _AFTER_ESCAPED_CRNL and c is _EOL:
            pass                            # the record goes on, next line
        elif state == _IN_FIELD or state == _AFTER_ESCAPED_CRNL:
            # (CPython's AFTER_ESCAPED_CRNL falls through to IN_FIELD and
            # stays in its own state on an ordinary character.)
            if newline or c is _EOL:
                self._save_field()
                self._state = _START_RECORD if c is _EOL else _EAT_CRNL
            elif c == d.escapechar:
                self._state = _ESCAPED_CHAR
            elif c == d.delimiter:
                self._save_field()
                self._state = _START_FIELD
            else:
                self._add_char(c)
        elif state == _IN_QUOTED_FIELD:
            if c is _EOL:
                pass
            elif c == d.escapechar:
                self._state = _ESCAPE_IN_QUOTED_FIELD
            elif c == d.quotechar and d.quoting != QUOTE_NONE:
                self._state = _QUOTE_IN_QUOTED_FIELD if d.doublequote else _IN_FIELD
            else:
                self._add_char(c)
        elif state == _ESCAPE_IN_QUOTED_FIELD:
            self._add_char("\n" if c is _EOL else c)
            self._state = _IN_QUOTED_FIELD
        elif state == _QUOTE_IN_QUOTED_FIELD:
            if d.quoting != QUOTE_NONE and c == d.quotechar:
                self._add_char(c)           # "" is "
                self._state = _IN_QUOTED_FIELD
            elif c == d.delimiter:
                self._save_field()
                self._state = _START_FIELD
            elif newline or c is _EOL:
                self._save_field()
                self._state = _START_RECORD if c is _EOL else _EAT_CRNL
            elif not d.strict:
                self._add_char(c)
                self._state = _IN_FIELD
            else:
                raise Error(f"'{d.delimiter}' expected after '{d.quotechar}'")
        elif state == _EAT_CRNL:
            if newline:
                pass
            elif c is _EOL:
                self._state = _START_RECORD
            else:
                raise Error("new-line character seen in unquoted field - "
                            "do you need to open the file in universal-newline mode?")


def reader(csvfile, dialect=_UNSET, **fmtparams):
    """    csv_reader = reader(iterable [, dialect='excel']
                        [optional keyword args])
    for row in csv_reader:
        process(row)

The "iterable" argument can be any object that returns a line
of input for each iteration, such as a file object or a list.  The
optional "dialect" parameter is discussed below.  The function
also accepts optional keyword arguments which override settings
provided by the dialect.

The returned object is an iterator.  Each iteration returns a row
of the CSV file (which can span multiple input lines).
"""
    self = object.__new__(Reader)
    self._input = iter(csvfile)
    self._dialect = _call_dialect(dialect, fmtparams)
    self._line_num = 0
    self._state, self._field, self._fields, self._numeric = _START_RECORD, [], None, False
    return self


# --- writing

class Writer:
    """CSV writer

Writer objects are responsible for generating tabular data
in CSV format from sequence input.
"""
    __slots__ = ("_write", "_dialect")

    def __new__(cls, *args, **kwargs):
        raise TypeError("cannot create '_csv.writer' instances")

    def __init_subclass__(cls, **kwargs):
        raise TypeError("type '_csv.writer' is not an acceptable base type")

    @property
    def dialect(self):
        return self._dialect

    def writerow(self, row):
        """writerow(iterable)

Construct and write a CSV record from an iterable of fields.  Non-string
elements will be converted to string."""
        d = self._dialect
        try:
            fields = iter(row)
        except TypeError:
            raise Error(f"iterable expected, not {type(row).__name__}") from None
        parts = []
        for field in fields:
            if d.quoting == QUOTE_NONNUMERIC:
                quoted = not _is_number(field)
            else:
                quoted = d.quoting == QUOTE_ALL
            if field is None:
                text = ""
            elif isinstance(field, str):
                text = field
            else:
                text = str(field)
            parts.append(self._field(text, quoted))
        if len(parts) == 1 and parts[0] == "":
            # A record of one empty field would read back as no field.
            if d.quoting == QUOTE_NONE:
                raise Error("single empty field record must be quoted")
            parts = [d.quotechar * 2]
        return self._write(d.delimiter.join(parts) + d.lineterminator)

    def _field(self, text, quoted):
        """The field as written: special characters quoted or escaped."""
        d = self._dialect
        out = []
        for c in text:
            if c == d.delimiter or c == d.escapechar or c == d.quotechar or c in d.lineterminator:
                escape = False
                if d.quoting == QUOTE_NONE:
                    escape = True
                else:
                    if c == d.quotechar:
                        if d.doublequote:
                            out.append(d.quotechar)
                        else:
                            escape = True
                    elif c == d.escapechar:
                        escape = True
                    if not escape:
                        quoted = True
                if escape:
                    if d.escapechar is None:
                        raise Error("need to escape, but no escapechar set")
                    out.append(d.escapechar)
            out.append(c)
        body = "".join(out)
        return f"{d.quotechar}{body}{d.quotechar}" if quoted else body

    def writerows(self, rows):
        """writerows(iterable of iterables)

Construct and write a series of iterables to a csv file.  Non-string
elements will be converted to string."""
        for row in rows:
            self.writerow(row)


def writer(fileobj, dialect=_UNSET, **fmtparams):
    """    csv_writer = csv.writer(fileobj [, dialect='excel']
                            [optional keyword args])
    for row in sequence:
        csv_writer.writerow(row)

    [or]

    csv_writer = csv.writer(fileobj [, dialect='excel']
                            [optional keyword args])
    csv_writer.writerows(rows)

The "fileobj" argument can be any object that supports the file API.
"""
    self = object.__new__(Writer)
    self._write = getattr(fileobj, "write", None)
    if self._write is None:
        raise TypeError('argument 1 must have a "write" method')
    self._dialect = _call_dialect(dialect, fmtparams)
    return self


Reader.__name__ = Reader.__qualname__ = "reader"
Writer.__name__ = Writer.__qualname__ = "writer"
