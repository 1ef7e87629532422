"""The codec registry and the built-in codecs.

CPython 3.11's ``_codecs`` (built into the interpreter there) for the VM;
``codecs.py`` and the ``encodings`` package of the host's standard library
are Python on top of it.

The registries are here, in Python, because what they hold and hand out
are the program's objects: search functions, the ``codecs.CodecInfo``
tuples they return (``lookup()`` must give back that very object), error
handlers.  The byte work of the built-in codecs -- ``utf_8_encode``,
``charmap_decode``... -- is the host's, delegated (``_vmhost``): plain str
and bytes in, a tuple out.  An error handler a program registers is also
registered with the host, whose codecs look it up by name and call it back.
"""

import _vmhost
from _vm import register as _register

_host = _vmhost.delegate("_codecs")

# --- the built-in codecs: the host's functions, as they are

ascii_decode = _host.ascii_decode
ascii_encode = _host.ascii_encode
charmap_build = _host.charmap_build
charmap_decode = _host.charmap_decode
charmap_encode = _host.charmap_encode
escape_decode = _host.escape_decode
escape_encode = _host.escape_encode
latin_1_decode = _host.latin_1_decode
latin_1_encode = _host.latin_1_encode
raw_unicode_escape_decode = _host.raw_unicode_escape_decode
raw_unicode_escape_encode = _host.raw_unicode_escape_encode
readbuffer_encode = _host.readbuffer_encode
unicode_escape_decode = _host.unicode_escape_decode
unicode_escape_encode = _host.unicode_escape_encode
utf_7_decode = _host.utf_7_decode
utf_7_encode = _host.utf_7_encode
utf_8_decode = _host.utf_8_decode
utf_8_encode = _host.utf_8_encode
utf_16_be_decode = _host.utf_16_be_decode
utf_16_be_encode = _host.utf_16_be_encode
utf_16_decode = _host.utf_16_decode
utf_16_encode = _host.utf_16_encode
utf_16_ex_decode = _host.utf_16_ex_decode
utf_16_le_decode = _host.utf_16_le_decode
utf_16_le_encode = _host.utf_16_le_encode
utf_32_be_decode = _host.utf_32_be_decode
utf_32_be_encode = _host.utf_32_be_encode
utf_32_decode = _host.utf_32_decode
utf_32_encode = _host.utf_32_encode
utf_32_ex_decode = _host.utf_32_ex_decode
utf_32_le_decode = _host.utf_32_le_decode
utf_32_le_encode = _host.utf_32_le_encode


# --- the codec registry

# [_search_path] holds the search functions in the order of registration,
# [_cache] what lookup() found, by normalized name.  Both start empty; the
# first lookup or register imports `encodings`, which registers its search
# function, as CPython's registry does when it starts.
_search_path = []
_cache = {}
_started = False


def _start():
    global _started
    if not _started:
        _started = True
        import encodings


def register(search_function):
    """Register a codec search function.

Search functions are expected to take one argument, the encoding name in
all lower case letters, and either return None, or a tuple of functions
(encoder, decoder, stream_reader, stream_writer) (or a CodecInfo object)."""
    if not callable(search_function):
        raise TypeError("argument must be callable")
    _start()
    _search_path.append(search_function)


def unregister(search_function):
    """Unregister a codec search function and clear the registry's cache.

If the search function is not registered, do nothing."""
    for i, registered in enumerate(_search_path):
        if registered is search_function:
            del _search_path[i]
            _cache.clear()
            return


def _normalize(encoding):
    # CPython's _Py_normalize_encoding, over the name's UTF-8 bytes: ASCII
    # letters and digits (lower-cased) and dots are kept, every run of
    # anything else between two of them becomes one underscore.
    out = []
    punct = False
    for byte in encoding.encode("utf-8"):
        c = chr(byte)
        if (byte < 128 and c.isalnum()) or c == ".":
            if punct and out:
                out.append("_")
            punct = False
            out.append(c.lower())
        else:
            punct = True
    return "".join(out)


def _check_name(function, value, argument=None):
    if not isinstance(value, str):
        where = f"argument '{argument}'" if argument else "argument"
        raise TypeError(f"{function}() {where} must be str, not {type(value).__name__}")
    if "\0" in value:
        raise ValueError("embedded null character")


def lookup(encoding):
    """Looks up a codec tuple in the Python codec registry and returns a CodecInfo object."""
    _check_name("lookup", encoding)
    name = _normalize(encoding)
    _start()
    found = _cache.get(name)
    if found is not None:
        return found
    if not _search_path:
        raise LookupError("no codec search functions registered: can't find encoding")
    for search_function in list(_search_path):
        found = search_function(name)
        if found is None:
            continue
        if not isinstance(found, tuple) or len(found) != 4:
            raise TypeError("codec search functions must return 4-tuples")
        _cache[name] = found
        return found
    raise LookupError(f"unknown encoding: {encoding}")


def encode(obj, encoding="utf-8", errors="strict"):
    """Encodes obj using the codec registered for encoding.

The default encoding is 'utf-8'.  errors may be given to set a
different error handling scheme.  Default is 'strict' meaning that encoding
errors raise a ValueError.  Other possible values are 'ignore', 'replace'
and 'backslashreplace' as well as any other name registered with
codecs.register_error that can handle ValueErrors."""
    _check_name("encode", encoding, "encoding")
    _check_name("encode", errors, "errors")
    return _code(obj, lookup(encoding)[0], encoding, errors, "encoding", _BAD_ENCODER)


def decode(obj, encoding="utf-8", errors="strict"):
    """Decodes obj using the codec registered for encoding.

Default encoding is 'utf-8'.  errors may be given to set a
different error handling scheme.  Default is 'strict' meaning that encoding
errors raise a ValueError.  Other possible values are 'ignore', 'replace'
and 'backslashreplace' as well as any other name registered with
codecs.register_error that is able to handle ValueErrors."""
    _check_name("decode", encoding, "encoding")
    _check_name("decode", errors, "errors")
    return _code(obj, lookup(encoding)[1], encoding, errors, "decoding", _BAD_DECODER)


_BAD_ENCODER = "encoder must return a tuple (object, integer)"
_BAD_DECODER = "decoder must return a tuple (object,integer)"


def _code(obj, coder, encoding, errors, operation, bad_result):
    try:
        result = coder(obj, errors)
    except Exception as exc:
        wrapped = _wrapped(exc, operation, encoding)
        if wrapped is None:
            raise
        raise wrapped from exc
    if not isinstance(result, tuple) or len(result) != 2:
        raise TypeError(bad_result)
    return result[0]


# --- str.encode and bytes.decode with a codec the program registered
# The VM's str.encode / bytes.decode are the host's (vm/builtins.pxi), whose
# registry holds the standard library's codecs but not the program's: on the
# host's LookupError they come here (CPython's PyUnicode_AsEncodedString and
# PyUnicode_Decode over _PyCodec_LookupTextEncoding).

def _text_coder(encoding, which, alternate):
    codec = lookup(encoding)
    if type(codec) is not tuple and not getattr(codec, "_is_text_encoding", True):
        raise LookupError(f"'{encoding}' is not a text encoding; use {alternate} to handle arbitrary codecs")
    return codec[which]


def encode_text(self, encoding="utf-8", errors="strict"):
    v = _code(self, _text_coder(encoding, 0, "codecs.encode()"), encoding, errors, "encoding", _BAD_ENCODER)
    if type(v) is bytes:
        return v
    if isinstance(v, bytearray):
        import warnings
        warnings.warn(f"encoder {encoding} returned bytearray instead of bytes; use codecs.encode() "
                      "to encode to arbitrary types", RuntimeWarning)
        return bytes(v)
    raise TypeError(f"'{encoding}' encoder returned '{type(v).__name__}' instead of 'bytes'; "
                    "use codecs.encode() to encode to arbitrary types")


def decode_text(self, encoding="utf-8", errors="strict"):
    # (CPython hands the decoder a memoryview of the bytes)
    v = _code(memoryview(self), _text_coder(encoding, 1, "codecs.decode()"), encoding, errors, "decoding",
              _BAD_DECODER)
    if not isinstance(v, str):
        raise TypeError(f"'{encoding}' decoder returned '{type(v).__name__}' instead of 'str'; "
                        "use codecs.decode() to decode to arbitrary types")
    return v


_register("encode_text", encode_text)
_register("decode_text", decode_text)


# The built-in exception classes whose instances are made by BaseException's
# own constructor: the only ones CPython can remake with a longer message.
_REMAKEABLE = (
    ArithmeticError, AssertionError, BaseException, BufferError, BytesWarning,
    DeprecationWarning, EOFError, EncodingWarning, Exception, FloatingPointError,
    FutureWarning, GeneratorExit, ImportWarning, IndexError, KeyError, KeyboardInterrupt,
    LookupError, NotImplementedError, OverflowError, PendingDeprecationWarning,
    RecursionError, ReferenceError, ResourceWarning, RuntimeError, RuntimeWarning,
    StopAsyncIteration, SyntaxWarning, SystemError, TypeError, UnicodeError,
    UnicodeWarning, UserWarning, ValueError, Warning, ZeroDivisionError,
)


def _wrapped(exc, operation, encoding):
    """CPython's _PyErr_TrySetFromCause: an exception of the same class
    saying which codec failed, for [exc] if nothing but its class and a
    message could be lost in the remaking; else None."""
    kind = type(exc)
    for cls in kind.__mro__:
        if cls in _REMAKEABLE:
            break
        if "__init__" in cls.__dict__ or "__new__" in cls.__dict__:
            return None
        slots = cls.__dict__.get("__slots__", ())
        if any(name != "__weakref__" for name in ([slots] if isinstance(slots, str) else slots)):
            return None                 # instances carry more than a message
    else:
        return None
    if len(exc.args) > 1 or (exc.args and type(exc.args[0]) is not str):
        return None
    if getattr(exc, "__dict__", None):
        return None
    return kind(f"{operation} with '{encoding}' codec failed ({kind.__name__}: {exc})")


# --- the error handlers

_BUILT_IN_HANDLERS = ("strict", "ignore", "replace", "xmlcharrefreplace", "backslashreplace",
                      "namereplace", "surrogateescape", "surrogatepass")
_error_handlers = {name: _host.lookup_error(name) for name in _BUILT_IN_HANDLERS}


def register_error(errors, handler):
    """Register the specified error handler under the name errors.

handler must be a callable object, that will be called with an exception
instance containing information about the location of the encoding/decoding
error and must return a (replacement, new position) tuple."""
    _check_name("register_error", errors, "errors")
    if not callable(handler):
        raise TypeError("handler must be callable")
    _error_handlers[errors] = handler
    _host.register_error(errors, handler)


def lookup_error(name):
    """lookup_error(errors) -> handler

Return the error handler for the specified error handling name or raise a
LookupError, if no handler exists under this name."""
    _check_name("lookup_error", name)
    try:
        return _error_handlers[name]
    except KeyError:
        raise LookupError(f"unknown error handler name '{name}'") from None
