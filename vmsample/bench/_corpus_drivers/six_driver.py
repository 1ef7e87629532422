# Driver (written for vmsample's corpus) of six: the Python 2/3 compatibility helpers, on Python 3.
import io

import six
from six.moves import range as srange, reduce, zip_longest
from six.moves.urllib.parse import quote, urlencode, urlparse


class Meta(type):
    def __new__(mcs, name, bases, ns):
        ns["tag"] = name.lower()
        return super().__new__(mcs, name, bases, ns)


class Base(six.with_metaclass(Meta, object)):
    pass


@six.add_metaclass(Meta)
class Other(object):
    __slots__ = ("a",)


@six.python_2_unicode_compatible
class Greeting(object):
    def __str__(self):
        return u"h\u00e9llo"


print(six.PY2, six.PY3, Base.tag, Other.tag, type(Other).__name__, str(Greeting()))
print(six.text_type, six.binary_type, six.string_types, six.integer_types, six.class_types)
print(six.b("abc"), six.u("abc"), six.int2byte(65), six.byte2int(b"Z"), six.indexbytes(b"xyz", 1),
      list(six.iterbytes(b"hi")), six.unichr(955))
d = {"one": 1, "two": 2}
print(sorted(six.iterkeys(d)), sorted(six.itervalues(d)), sorted(six.iteritems(d)), sorted(six.viewkeys(d)))
print(list(srange(3)), reduce(lambda a, b: a * b, [1, 2, 3, 4]), list(zip_longest("ab", "xyz", fillvalue="-")))
print(quote("a b&c"), urlencode([("q", "x y"), ("n", "1")]), urlparse("http://h.example/p?q=1#f").path)
print(six.ensure_str(b"bytes"), six.ensure_binary("text"), six.ensure_text(b"caf\xc3\xa9"), six.get_unbound_function(Greeting.__str__)(Greeting()))
buf = six.StringIO()
six.print_("a", "b", sep="-", end="!\n", file=buf)
print(repr(buf.getvalue()), isinstance(six.BytesIO(), io.BytesIO), six.next(iter([7])), six.callable(len))
try:
    try:
        raise ValueError("inner")
    except ValueError as e:
        six.raise_from(KeyError("outer"), e)
except KeyError as e:
    print(repr(e), repr(e.__cause__))
try:
    six.reraise(TypeError, TypeError("again"), None)
except TypeError as e:
    print("reraised", e)
print(six.get_method_function(Greeting().__str__) is Greeting.__str__, six.create_bound_method(lambda self: 42, Greeting())())
print(six.moves.builtins.len("four"), six.moves.configparser.__name__, six.moves.queue.Queue.__name__)
