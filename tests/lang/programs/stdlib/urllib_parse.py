# Checks: the VM's urllib.parse against CPython's: urlparse/urlsplit into named tuples (fields, indexing, unpacking, _replace, geturl, username/password/hostname/port and a bad port), urlunparse/urlunsplit, urljoin, urldefrag, quote/quote_plus/unquote/unquote_plus, parse_qs/parse_qsl (blank values, strict parsing, separators), urlencode of mappings and pairs (doseq, safe, quote_via), and errors.
import urllib.parse
from urllib.parse import (parse_qs, parse_qsl, quote, quote_plus, unquote, unquote_plus,
                          urldefrag, urlencode, urljoin, urlparse, urlsplit, urlunparse,
                          urlunsplit)

url = "https://user:pw@Example.COM:8080/a/b;type=x?q=1&q=2&r=a+b#frag"
p = urlparse(url)
print(p)
print(p.scheme, p.netloc, p.path, p.params, p.query, p.fragment, p[1], len(p))
print(p.username, p.password, p.hostname, p.port, p.geturl() == url)
scheme, netloc, *rest = p
print(scheme, netloc, rest, p._replace(fragment="").geturl())
s = urlsplit(url)
print(s, s.port, s.geturl(), urlunsplit(s), urlunparse(p))
print(urlsplit("//host/path"), urlparse("mailto:me@example.com"), urlparse("no-scheme/x", "http"))
print(urlsplit("http://h/x#f", allow_fragments=False), urlparse("").hostname, urlparse("http://[::1]:80/").hostname)
try:
    urlparse("http://h:bad/").port
except ValueError as e:
    print("ValueError", e)
for base, rel in [("http://a/b/c/d;p?q", "g"), ("http://a/b/c/d;p?q", "../g"),
                  ("http://a/b/c/d;p?q", "//g"), ("http://a/b/c/d;p?q", "?y"),
                  ("http://a/b/c/d;p?q", "#s"), ("http://a/b/", "../../../g")]:
    print(urljoin(base, rel), end=" ")
print()
d = urldefrag("http://h/p#sec")
print(d, d.url, d.fragment, d.geturl(), urldefrag("http://h/p"))

print(quote("a b/c?d=é&"), quote("a b/c", safe=""), quote_plus("a b+c/d"), quote("~x-y_z.0"))
print(unquote("a%20b%2Fc%C3%A9"), unquote_plus("a+b%2B"), unquote("%zz%41"))
print(parse_qs("a=1&b=2&a=3&c"), parse_qs("a=1&c=", keep_blank_values=True))
print(parse_qsl("x=1;y=2", separator=";"), parse_qsl("k=v+w&k2=%41"), parse_qs(""))
try:
    parse_qsl("a&b=1", strict_parsing=True)
except ValueError as e:
    print("ValueError", e)
print(urlencode({"q": "a b", "n": 3, "list": [1, 2]}), urlencode([("k", "v/w"), ("k", "x")]))
print(urlencode({"list": [1, 2], "s": "ab", "n": 5, "t": ("x", "y")}, doseq=True))
print(urlencode({"p": "a/b c"}, safe="/"), urlencode({"p": "a b"}, quote_via=quote))
print(urllib.parse.urlencode({}), type(p).__name__, p == tuple(p), type(p._replace(path="/")).__name__)
for bad in [lambda: urlencode("abc"), lambda: urlencode([1, 2]), lambda: urlunsplit(("a", "b"))]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
