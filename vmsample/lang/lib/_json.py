"""json speedups.

CPython 3.11's ``_json`` (a C module there), written in Python for the VM.
json's own Python scanner and string decoder (json.scanner.py_make_scanner,
json.decoder.py_scanstring) are not what CPython runs, and a program sees
the difference: their messages ("Invalid \\escape: 'q'", "Invalid control
character '\\n' at") and error positions differ from the C code's, and
their number pattern takes any Unicode digit.  This module decodes and
encodes as the C code does:

* errors are json.decoder.JSONDecodeError (looked up when raised: json
  imports this module while json.decoder is being defined) with the C
  code's message and position; "no value here" is StopIteration(index),
  which JSONDecoder.raw_decode turns into "Expecting value";
* only ASCII digits make numbers, only " \\t\\n\\r" is whitespace;
* the encoder (used by json.dumps when indent is None) writes floats with
  float.__repr__ and ints with int.__repr__ whatever their subclass, checks
  keys as the C code does and hands back a list of chunks.

The searches for the next special character and for numbers use ``re``,
whose engine is the host's: one call per run of plain characters, not one
VM step per character.

The common case runs in C, as CPython's does: a scanner without hooks and
an encoder with json's own string encoder first try _vm.json_scan and
_vm.json_encode (vmsample/lang/vm/json.pxi), which hand anything else back
(None): a hook, default(), an error to report.  The Python code below then
does the whole call, and holds every rule.
"""

import re as _re

from _vm import json_encode as _encode_in_c, json_scan as _scan_in_c

from _capi import index as _index

# --- decoding a string literal

_PLAIN_STRICT = _re.compile(r'[^"\\\x00-\x1f]*')     # up to the next '"', '\' or control character
_PLAIN_LAX = _re.compile(r'[^"\\]*')                  # strict=False: control characters are text
_HEX4 = _re.compile(r'[0-9A-Fa-f]{4}')
_ESCAPED = {'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}


def _error(message, s, pos):
    from json.decoder import JSONDecodeError
    return JSONDecodeError(message, s, pos)


def _check_str(s):
    if not isinstance(s, str):
        raise TypeError(f"first argument must be a string, not {type(s).__name__}")


def _scanstring(s, end, strict):
    """The string whose opening quote is s[end - 1]: (its value, the index
    after its closing quote)."""
    begin = end - 1
    n = len(s)
    if end < 0 or n < end:
        raise ValueError("end is out of bounds")
    plain = _PLAIN_STRICT if strict else _PLAIN_LAX
    chunks = []
    while True:
        stop = plain.match(s, end).end()
        if stop > end:
            chunks.append(s[end:stop])
        if stop == n:
            raise _error("Unterminated string starting at", s, begin)
        c = s[stop]
        if c == '"':
            return "".join(chunks), stop + 1
        if c != "\\":
            raise _error("Invalid control character at", s, stop)
        stop += 1
        if stop == n:
            raise _error("Unterminated string starting at", s, begin)
        c = s[stop]
        if c != "u":
            text = _ESCAPED.get(c)
            if text is None:
                raise _error("Invalid \\escape", s, stop - 1)
            chunks.append(text)
            end = stop + 1
            continue
        # \uXXXX: the C code wants the 4 digits and at least one character
        # after them (the closing quote) before it looks at the digits.
        digits = stop + 1
        end = digits + 4
        if end >= n or not _HEX4.match(s, digits):
            raise _error("Invalid \\uXXXX escape", s, stop)
        code = int(s[digits:end], 16)
        # A high surrogate followed by \uXXXX: a pair if that is a low one.
        if 0xD800 <= code <= 0xDBFF and end + 6 < n and s[end] == "\\" and s[end + 1] == "u":
            if not _HEX4.match(s, end + 2):
                raise _error("Invalid \\uXXXX escape", s, end + 1)
            low = int(s[end + 2:end + 6], 16)
            if 0xDC00 <= low <= 0xDFFF:
                code = 0x10000 + (((code - 0xD800) << 10) | (low - 0xDC00))
                end += 6
        chunks.append(chr(code))


def scanstring(string, end, strict=True):
    """scanstring(string, end, strict=True) -> (string, end)

Scan the string s for a JSON string. End is the index of the
character in s after the quote that started the JSON string.
Unescapes all valid JSON string escape sequences and raises ValueError
on attempt to decode an invalid string. If strict is False then literal
control characters are allowed in the string.

Returns a tuple of the decoded string and the index of the character in s
after the end quote."""
    end = _index(end)       # converted first, as the C code's arguments are
    _check_str(string)
    return _scanstring(string, end, bool(strict))


# --- decoding any value

_SPACE = _re.compile(r"[ \t\n\r]*")
_WHITESPACE = " \t\n\r"


def _skip_space(s, idx, n):
    """The index of the first non-whitespace character from idx on.  Most
    JSON has at most one blank between tokens (json.dumps writes ", " and
    ": "): those are skipped here; a longer run costs one regex search."""
    if idx < n and s[idx] in _WHITESPACE:
        idx += 1
        if idx < n and s[idx] in _WHITESPACE:
            idx = _SPACE.match(s, idx).end()
    return idx
_NUMBER = _re.compile(r"(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?([eE][-+]?[0-9]+)?")


class Scanner:
    """JSON scanner object"""

    # The decoder's settings, read once from the JSONDecoder given
    # (context); _memo makes equal object keys one str within one call.
    # _in_c: no hook that the C scanner would have to call.
    __slots__ = ("strict", "object_hook", "object_pairs_hook", "parse_float", "parse_int",
                 "parse_constant", "_memo", "_in_c")

    def __new__(cls, context):
        self = object.__new__(cls)
        self.strict = bool(context.strict)
        self.object_hook = context.object_hook
        self.object_pairs_hook = context.object_pairs_hook
        self.parse_float = context.parse_float
        self.parse_int = context.parse_int
        self.parse_constant = context.parse_constant
        self._memo = {}
        self._in_c = (self.object_hook is None and self.object_pairs_hook is None
                      and self.parse_float is float and self.parse_int is int)
        return self

    def __call__(self, string, idx):
        _check_str(string)
        idx = _index(idx)
        if self._in_c:
            found = _scan_in_c(string, idx, self.strict)
            if found is not None:
                return found
        try:
            return self._value(string, idx)
        finally:
            self._memo.clear()

    def _value(self, s, idx):
        """(the value that starts at s[idx], the index after it)."""
        if idx < 0:
            raise ValueError("idx cannot be negative")
        if idx >= len(s):
            raise StopIteration(idx)
        c = s[idx]
        if c == '"':
            return _scanstring(s, idx + 1, self.strict)
        if c == "{":
            return self._object(s, idx + 1)
        if c == "[":
            return self._array(s, idx + 1)
        if c == "n" and s.startswith("null", idx):
            return None, idx + 4
        if c == "t" and s.startswith("true", idx):
            return True, idx + 4
        if c == "f" and s.startswith("false", idx):
            return False, idx + 5
        for name in ("NaN", "Infinity", "-Infinity"):
            if c == name[0] and s.startswith(name, idx):
                return self.parse_constant(name), idx + len(name)
        return self._number(s, idx)

    def _number(self, s, idx):
        m = _NUMBER.match(s, idx)
        if m is None:
            raise StopIteration(idx)
        integer, fraction, exponent = m.groups()
        if fraction or exponent:
            text = integer + (fraction or "") + (exponent or "")
            value = float(text) if self.parse_float is float else self.parse_float(text)
        else:
            value = int(integer) if self.parse_int is int else self.parse_int(integer)
        return value, m.end()

    def _object(self, s, idx):
        """The object whose "{" is s[idx - 1]."""
        n = len(s)
        pairs = []
        memo = self._memo
        idx = _skip_space(s, idx, n)
        if idx >= n or s[idx] != "}":
            while True:
                if idx >= n or s[idx] != '"':
                    raise _error("Expecting property name enclosed in double quotes", s, idx)
                key, idx = _scanstring(s, idx + 1, self.strict)
                key = memo.setdefault(key, key)
                idx = _skip_space(s, idx, n)
                if idx >= n or s[idx] != ":":
                    raise _error("Expecting ':' delimiter", s, idx)
                idx = _skip_space(s, idx + 1, n)
                value, idx = self._value(s, idx)
                pairs.append((key, value))
                idx = _skip_space(s, idx, n)
                if idx < n and s[idx] == "}":
                    break
                if idx >= n or s[idx] != ",":
                    raise _error("Expecting ',' delimiter", s, idx)
                idx = _skip_space(s, idx + 1, n)
        if self.object_pairs_hook is not None:
            return self.object_pairs_hook(pairs), idx + 1
        result = dict(pairs)
        if self.object_hook is not None:
            result = self.object_hook(result)
        return result, idx + 1

    def _array(self, s, idx):
        """The array whose "[" is s[idx - 1]."""
        n = len(s)
        values = []
        idx = _skip_space(s, idx, n)
        if idx >= n or s[idx] != "]":
            while True:
                value, idx = self._value(s, idx)
                values.append(value)
                idx = _skip_space(s, idx, n)
                if idx < n and s[idx] == "]":
                    break
                if idx >= n or s[idx] != ",":
                    raise _error("Expecting ',' delimiter", s, idx)
                idx = _skip_space(s, idx + 1, n)
        return values, idx + 1


make_scanner = Scanner


# --- encoding

_SHORT_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r",
                  "\t": "\\t"}
_NEEDS_ESCAPE_ASCII = _re.compile(r'[\\"]|[^ -~]')       # all but printable ASCII
_NEEDS_ESCAPE = _re.compile(r'[\\"\x00-\x1f]')


def _escape(match):
    c = match.group()
    short = _SHORT_ESCAPES.get(c)
    if short is not None:
        return short
    code = ord(c)
    if code < 0x10000:
        return "\\u%04x" % code
    code -= 0x10000                 # a UTF-16 surrogate pair
    return "\\u%04x\\u%04x" % (0xD800 | (code >> 10), 0xDC00 | (code & 0x3FF))


def encode_basestring_ascii(s, /):
    """encode_basestring_ascii(string) -> string

Return an ASCII-only JSON representation of a Python string"""
    _check_str(s)
    if _NEEDS_ESCAPE_ASCII.search(s) is None:
        return '"' + s + '"'
    return '"' + _NEEDS_ESCAPE_ASCII.sub(_escape, s) + '"'


def encode_basestring(s, /):
    """encode_basestring(string) -> string

Return a JSON representation of a Python string"""
    _check_str(s)
    if _NEEDS_ESCAPE.search(s) is None:
        return '"' + s + '"'
    return '"' + _NEEDS_ESCAPE.sub(_escape, s) + '"'


class Encoder:
    """Encoder(markers, default, encoder, indent, key_separator, item_separator, sort_keys, skipkeys, allow_nan)"""

    # markers: {id(container): container} of the containers being encoded
    # (None: no check for cycles).  As in CPython 3.11's C encoder, indent
    # is kept but not used: json only takes this encoder when indent is None.
    # _ascii: whether the C encoder escapes non-ASCII (the encoder is json's
    # own encode_basestring_ascii) or not (encode_basestring); None: the C
    # encoder is not used (another string encoder, or sort_keys).
    __slots__ = ("markers", "default", "encoder", "indent", "key_separator", "item_separator",
                 "sort_keys", "skipkeys", "_allow_nan", "_ascii")

    def __new__(cls, markers, default, encoder, indent, key_separator, item_separator,
                sort_keys, skipkeys, allow_nan):
        if markers is not None and not isinstance(markers, dict):
            raise TypeError(f"make_encoder() argument 1 must be dict or None, not {type(markers).__name__}")
        for number, separator in ((5, key_separator), (6, item_separator)):
            if not isinstance(separator, str):
                raise TypeError(f"make_encoder() argument {number} must be str, not {type(separator).__name__}")
        self = object.__new__(cls)
        self.markers, self.default, self.encoder, self.indent = markers, default, encoder, indent
        self.key_separator, self.item_separator = key_separator, item_separator
        self.sort_keys, self.skipkeys, self._allow_nan = bool(sort_keys), bool(skipkeys), bool(allow_nan)
        self._ascii = (None if self.sort_keys else True if encoder is encode_basestring_ascii
                       else False if encoder is encode_basestring else None)
        return self

    def __call__(self, obj, _current_indent_level):
        _index(_current_indent_level)
        if self._ascii is not None:
            text = _encode_in_c(obj, self.item_separator, self.key_separator, self._ascii, self._allow_nan)
            if text is not None:
                return [text]
        chunks = []
        self._value(obj, chunks)
        return ["".join(chunks)]

    def _value(self, obj, out):
        if obj is None:
            out.append("null")
        elif obj is True:
            out.append("true")
        elif obj is False:
            out.append("false")
        elif isinstance(obj, str):
            out.append(self._string(obj))
        elif isinstance(obj, int):
            out.append(int.__repr__(obj))
        elif isinstance(obj, float):
            out.append(self._float(obj))
        elif isinstance(obj, (list, tuple)):
            self._array(obj, out)
        elif isinstance(obj, dict):
            self._object(obj, out)
        else:
            ident = self._enter(obj)
            self._value(self.default(obj), out)
            self._leave(ident)

    def _enter(self, container):
        if self.markers is None:
            return None
        ident = id(container)
        if ident in self.markers:
            raise ValueError("Circular reference detected")
        self.markers[ident] = container
        return ident

    def _leave(self, ident):
        if ident is not None:
            del self.markers[ident]

    def _string(self, s):
        encoded = self.encoder(s)
        if not isinstance(encoded, str):
            raise TypeError(f"encoder() must return a string, not {type(encoded).__name__}")
        return encoded

    def _float(self, x):
        if x != x or x in (_INFINITY, -_INFINITY):
            if not self._allow_nan:
                raise ValueError("Out of range float values are not JSON compliant")
            return "NaN" if x != x else "Infinity" if x > 0 else "-Infinity"
        return float.__repr__(x)

    def _array(self, seq, out):
        if not seq:
            out.append("[]")
            return
        ident = self._enter(seq)
        out.append("[")
        first = True
        for item in seq:
            if not first:
                out.append(self.item_separator)
            first = False
            self._value(item, out)
        out.append("]")
        self._leave(ident)

    def _object(self, dct, out):
        if not dct:
            out.append("{}")
            return
        ident = self._enter(dct)
        out.append("{")
        items = list(dct.items())
        if self.sort_keys:
            items.sort()
        first = True
        for key, value in items:
            if isinstance(key, str):
                pass
            elif isinstance(key, float):
                key = self._float(key)
            elif key is True or key is False or key is None:
                key = "true" if key else "false" if key is False else "null"
            elif isinstance(key, int):
                key = int.__repr__(key)
            elif self.skipkeys:
                continue
            else:
                raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")
            if not first:
                out.append(self.item_separator)
            first = False
            out.append(self._string(key))
            out.append(self.key_separator)
            self._value(value, out)
        out.append("}")
        self._leave(ident)


_INFINITY = float("inf")
make_encoder = Encoder
