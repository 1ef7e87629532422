"""string helper module

CPython 3.11's ``_string`` (built into the interpreter there), written in
Python for the VM: the parser of str.format's mini-language that
``string.Formatter`` uses.  Errors are CPython's, raised at the same moment:
while iterating, when the piece of the string that has the error is reached.
"""


def formatter_parser(format_string):
    """Return an iterator of (literal, field_name, format_spec, conversion):
the literal text up to a replacement field and the field's parts.  The last
piece may be literal text only (field_name None)."""
    if not isinstance(format_string, str):
        raise TypeError(f"expected str, got {type(format_string).__name__}")
    return _markup(format_string)


def _markup(s):
    n = len(s)
    i = 0
    while i < n:
        # The literal text, up to a brace; a doubled brace ends it with
        # one brace and no field.
        start = i
        c = ""
        while i < n:
            c = s[i]
            i += 1
            if c == "{" or c == "}":
                break
        else:
            c = ""
        at_end = i >= n
        if c == "}" and (at_end or s[i] != "}"):
            raise ValueError("Single '}' encountered in format string")
        if c == "{" and at_end:
            raise ValueError("Single '{' encountered in format string")
        if not c:
            yield (s[start:i], None, None, None)
            return
        if s[i] == c:                   # {{ or }}: a brace, no field
            i += 1
            yield (s[start:i - 1], None, None, None)
            continue
        literal = s[start:i - 1]
        field_name, format_spec, conversion, i = _field(s, i)
        yield (literal, field_name, format_spec, conversion)


def _field(s, i):
    """The replacement field starting at s[i], after its '{': (name, spec,
    conversion, index after the closing '}')."""
    n = len(s)
    start = i
    c = ""
    while i < n:
        c = s[i]
        i += 1
        if c == "{":
            raise ValueError("unexpected '{' in field name")
        if c == "[":
            while i < n and s[i] != "]":
                i += 1
            continue
        if c in "}:!":
            break
    else:
        c = ""
    name = s[start:i - 1] if c else s[start:i]
    if c not in ("!", ":"):
        if c != "}":
            raise ValueError("expected '}' before end of string")
        return name, "", None, i
    conversion = None
    if c == "!":
        if i >= n:
            raise ValueError("end of string while looking for conversion specifier")
        conversion = s[i]
        i += 1
        if i < n:
            c = s[i]
            i += 1
            if c == "}":
                return name, "", conversion, i
            if c != ":":
                raise ValueError("expected ':' after conversion specifier")
    spec_start = i
    depth = 1
    while i < n:
        c = s[i]
        i += 1
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return name, s[spec_start:i - 1], conversion, i
    raise ValueError("unmatched '{' in format spec")


def formatter_field_name_split(field_name):
    """Split a field name into its first part (an int if it is all decimal
digits) and an iterator of (is_attribute, key) for the rest: '.name' and
'[key]' ([key] an int when all digits)."""
    if not isinstance(field_name, str):
        raise TypeError(f"expected str, got {type(field_name).__name__}")
    i, n = 0, len(field_name)
    while i < n and field_name[i] not in ".[":
        i += 1
    first = field_name[:i]
    index = _integer(first)
    return (first if index is None else index), _rest(field_name, i)


def _rest(s, i):
    n = len(s)
    while i < n:
        c = s[i]
        i += 1
        start = i
        if c == ".":
            while i < n and s[i] not in ".[":
                i += 1
            key = s[start:i]
            is_attribute = True
        elif c == "[":
            while i < n and s[i] != "]":
                i += 1
            if i >= n:
                raise ValueError("Missing ']' in format string")
            key = s[start:i]
            i += 1
            is_attribute = False
        else:
            raise ValueError("Only '.' or '[' may follow ']' in format field specifier")
        if not key:
            raise ValueError("Empty attribute in format string")
        index = None if is_attribute else _integer(key)
        yield (is_attribute, key if index is None else index)


_MAXSIZE = 2 ** 63 - 1


def _integer(text):
    """CPython's get_integer: the value of [text] if it is all decimal
digits (any script's), else None."""
    if not text:
        return None
    value = 0
    for c in text:
        if not c.isdecimal():
            return None
        value = value * 10 + int(c)
        if value > _MAXSIZE:
            raise ValueError("Too many decimal digits in format string")
    return value
