"""urllib.parse for the vmsample VM: splitting, joining and %-quoting URLs
and query strings, with CPython's results.  Delegated (docs/design.md
§4.6): the string work runs in CPython's urllib.parse (the built-in module
_urlparse, vmsample/lang/delegated/urlparse_engine.py); the named tuples,
the dicts of parse_qs and urlencode's loop over the program's values are
built here.  The VM has no bytes objects: str arguments only.
"""

from collections import namedtuple
import _urlparse

__all__ = ["urlparse", "urlunparse", "urljoin", "urldefrag", "urlsplit", "urlunsplit",
           "urlencode", "parse_qs", "parse_qsl", "quote", "quote_plus", "unquote",
           "unquote_plus", "SplitResult", "ParseResult", "DefragResult"]


def _check_str(value, what):
    if not isinstance(value, str):
        raise TypeError(f"{what} of type {type(value).__name__} is not supported by vmsample "
                        "(only str)")
    return value


class _NetlocMixin:
    # username, password, hostname and port, read from the netloc as CPython does
    @property
    def username(self):
        return _urlparse.netloc_info(self.netloc)[0]

    @property
    def password(self):
        return _urlparse.netloc_info(self.netloc)[1]

    @property
    def hostname(self):
        return _urlparse.netloc_info(self.netloc)[2]

    @property
    def port(self):
        port = _urlparse.netloc_info(self.netloc)[3]
        if isinstance(port, tuple):
            raise ValueError(port[1])
        return port


_SplitResultBase = namedtuple("SplitResult", "scheme netloc path query fragment")
_ParseResultBase = namedtuple("ParseResult", "scheme netloc path params query fragment")
_DefragResultBase = namedtuple("DefragResult", "url fragment")


class SplitResult(_SplitResultBase):
    # (a namedtuple with the netloc's parts: the VM has single inheritance,
    # so they are copied into each class rather than mixed in)
    username = _NetlocMixin.username
    password = _NetlocMixin.password
    hostname = _NetlocMixin.hostname
    port = _NetlocMixin.port

    def geturl(self):
        return urlunsplit(self)


class ParseResult(_ParseResultBase):
    username = _NetlocMixin.username
    password = _NetlocMixin.password
    hostname = _NetlocMixin.hostname
    port = _NetlocMixin.port

    def geturl(self):
        return urlunparse(self)


class DefragResult(_DefragResultBase):
    def geturl(self):
        if self.fragment:
            return self.url + "#" + self.fragment
        return self.url


def urlsplit(url, scheme="", allow_fragments=True):
    return SplitResult(*_urlparse.urlsplit(_check_str(url, "a URL"), _check_str(scheme, "a scheme"),
                                           bool(allow_fragments)))


def urlparse(url, scheme="", allow_fragments=True):
    return ParseResult(*_urlparse.urlparse(_check_str(url, "a URL"), _check_str(scheme, "a scheme"),
                                           bool(allow_fragments)))


def _components(components):
    # strings only; CPython counts them (and says so as it does)
    parts = tuple(components)
    for part in parts:
        _check_str(part, "a URL component")
    return parts


def urlunsplit(components):
    return _urlparse.urlunsplit(_components(components))


def urlunparse(components):
    return _urlparse.urlunparse(_components(components))


def urljoin(base, url, allow_fragments=True):
    return _urlparse.urljoin(_check_str(base, "a URL"), _check_str(url, "a URL"),
                             bool(allow_fragments))


def urldefrag(url):
    return DefragResult(*_urlparse.urldefrag(_check_str(url, "a URL")))


def _codec(encoding, errors):
    if encoding is not None:
        _check_str(encoding, "an encoding")
    if errors is not None:
        _check_str(errors, "an error handler")


def quote(string, safe="/", encoding=None, errors=None):
    _check_str(string, "quoting a value")
    _codec(encoding, errors)
    return _urlparse.quote(string, _check_str(safe, "safe"), encoding, errors)


def quote_plus(string, safe="", encoding=None, errors=None):
    _check_str(string, "quoting a value")
    _codec(encoding, errors)
    return _urlparse.quote_plus(string, _check_str(safe, "safe"), encoding, errors)


def unquote(string, encoding="utf-8", errors="replace"):
    _check_str(string, "unquoting a value")
    _codec(encoding, errors)
    return _urlparse.unquote(string, encoding, errors)


def unquote_plus(string, encoding="utf-8", errors="replace"):
    _check_str(string, "unquoting a value")
    _codec(encoding, errors)
    return _urlparse.unquote_plus(string, encoding, errors)


def parse_qsl(qs, keep_blank_values=False, strict_parsing=False, encoding="utf-8",
              errors="replace", max_num_fields=None, separator="&"):
    _check_str(qs, "a query string")
    _codec(encoding, errors)
    if max_num_fields is not None and not isinstance(max_num_fields, int):
        raise TypeError("max_num_fields must be an int")
    if not separator or not isinstance(separator, str):
        raise ValueError("Separator must be of type string or bytes.")
    return [tuple(pair) for pair in
            _urlparse.parse_qsl(qs, bool(keep_blank_values), bool(strict_parsing), encoding,
                                errors, max_num_fields, separator)]


def parse_qs(qs, keep_blank_values=False, strict_parsing=False, encoding="utf-8",
             errors="replace", max_num_fields=None, separator="&"):
    parsed_result = {}
    pairs = parse_qsl(qs, keep_blank_values, strict_parsing, encoding=encoding, errors=errors,
                      max_num_fields=max_num_fields, separator=separator)
    for name, value in pairs:
        if name in parsed_result:
            parsed_result[name].append(value)
        else:
            parsed_result[name] = [value]
    return parsed_result


def urlencode(query, doseq=False, safe="", encoding=None, errors=None, quote_via=quote_plus):
    """A mapping or a sequence of pairs as "k=v&k2=v2", each quoted (CPython's loop)."""
    if hasattr(query, "items"):
        query = query.items()
    else:
        try:
            if len(query) and not isinstance(query[0], tuple):
                raise TypeError
        except TypeError:
            raise TypeError("not a valid non-string sequence or mapping object")
    out = []
    for k, v in query:
        k = quote_via(str(k), safe, encoding, errors)
        if not doseq or isinstance(v, str):
            out.append(k + "=" + quote_via(str(v), safe, encoding, errors))
            continue
        try:
            len(v)
        except TypeError:
            out.append(k + "=" + quote_via(str(v), safe, encoding, errors))
        else:
            for elt in v:
                out.append(k + "=" + quote_via(str(elt), safe, encoding, errors))
    return "&".join(out)
