"""``_urlparse``: the CPython half of the VM's ``urllib.parse``
(vmsample/lang/lib/urllib/parse.py).

URL splitting, joining and %-quoting are CPython's own functions; they take
and return only strings, tuples and lists of strings (and None), which the
VM copies into its own objects -- the VM side builds the named tuples,
dicts and the urlencode loop that the program sees.
"""

import urllib.parse as _parse


def urlsplit(url, scheme, allow_fragments):
    return tuple(_parse.urlsplit(url, scheme, allow_fragments))


def urlparse(url, scheme, allow_fragments):
    return tuple(_parse.urlparse(url, scheme, allow_fragments))


def urlunsplit(components):
    return _parse.urlunsplit(components)


def urlunparse(components):
    return _parse.urlunparse(components)


def urljoin(base, url, allow_fragments):
    return _parse.urljoin(base, url, allow_fragments)


def urldefrag(url):
    return tuple(_parse.urldefrag(url))


def quote(string, safe, encoding, errors):
    return _parse.quote(string, safe, encoding, errors)


def quote_plus(string, safe, encoding, errors):
    return _parse.quote_plus(string, safe, encoding, errors)


def unquote(string, encoding, errors):
    return _parse.unquote(string, encoding, errors)


def unquote_plus(string, encoding, errors):
    return _parse.unquote_plus(string, encoding, errors)


def parse_qsl(qs, keep_blank_values, strict_parsing, encoding, errors, max_num_fields, separator):
    return _parse.parse_qsl(qs, keep_blank_values, strict_parsing, encoding, errors,
                            max_num_fields, separator)


def netloc_info(netloc):
    """(username, password, hostname, port), as a SplitResult of that netloc
    gives them; a bad port is ("error", message) in place of the port."""
    parts = _parse.urlsplit("//" + netloc) if netloc else _parse.urlsplit("")
    try:
        port = parts.port
    except ValueError as e:
        port = ("error", str(e))
    return (parts.username, parts.password, parts.hostname, port)
