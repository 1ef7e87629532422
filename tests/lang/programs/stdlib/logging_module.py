# Checks: the VM's logging against CPython's: the logger hierarchy (dotted names, placeholders, propagate, effective levels), levels and their names, StreamHandler to a StringIO and to sys.stdout, the default and basicConfig formats, '%', '{' and '$' styles with defaults, filters (objects and callables), extra fields, LoggerAdapter, disable, the last-resort handler, reprs and errors.
import io
import logging
import sys

stream = io.StringIO()
handler = logging.StreamHandler(stream=stream)
logger = logging.getLogger("bench")
logger.propagate = False
logger.addHandler(handler)
logger.setLevel(logging.WARNING)
for _ in range(3):
    logger.debug("quiet")
    logger.warning("some %s", "info")
    logger.error("%d%%", 5)
print(repr(stream.getvalue()))
stream.seek(0)
stream.truncate()
print(repr(stream.getvalue()), logger.isEnabledFor(logging.DEBUG), logger.getEffectiveLevel())
print(logger, logging.getLogger(), logging.getLogger("root") is logging.root)

# the hierarchy: a child created before its parent is re-parented
child = logging.getLogger("a.b.c")
print(child.parent is logging.root)
parent = logging.getLogger("a.b")
print(child.parent is parent, parent.parent is logging.root, logging.getLogger("a.b") is parent)
print(parent.getChild("c") is child, child.getChild("d").name)
parent.setLevel("INFO")
print(child.getEffectiveLevel(), logging.getLevelName(child.getEffectiveLevel()), child)

out = logging.StreamHandler(sys.stdout)
out.setFormatter(logging.Formatter("%(levelname)-8s|%(name)s|%(message)s|%(levelno)03d"))
parent.addHandler(out)
child.info("from the child %r", [1, 2])
child.debug("not shown")
child.log(25, "custom level")
logging.addLevelName(25, "NOTICE")
child.log(25, "named now")
print(logging.getLevelName(25), logging.getLevelName("NOTICE"), logging.getLevelName(17))
child.info("mapping %(a)s and %(b)d", {"a": "x", "b": 2})

# styles
out.setFormatter(logging.Formatter("{levelname}:{name}:{message}:{extra_field}", style="{",
                                   defaults={"extra_field": "dflt"}))
child.warning("brace style")
child.warning("with extra", extra={"extra_field": "given"})
out.setFormatter(logging.Formatter("$levelname/${name}/$message $$", style="$"))
child.warning("dollar style")

# filters: an object, a Filter by name, a callable
class OnlyEven:
    def filter(self, record):
        return record.args[0] % 2 == 0

out.setFormatter(None)
out.addFilter(OnlyEven())
for i in range(5):
    child.warning("n=%d", i)
out.filters.clear()
child.addFilter(logging.Filter("a.b.x"))
child.warning("filtered out")
child.filters.clear()
child.addFilter(lambda record: "keep" in record.msg)
child.warning("drop")
child.warning("keep this")
child.filters.clear()
f = logging.Filter("a.b")
print([f.filter(logging.makeLogRecord({"name": n})) for n in ["a.b", "a.b.c", "a.bc", "a", "x"]])

# adapters
adapter = logging.LoggerAdapter(child, {"extra_field": 1})
adapter.warning("adapted %s", "message")
print(adapter, adapter.name, adapter.isEnabledFor(logging.INFO))

# disable
logging.disable(logging.WARNING)
child.warning("disabled")
child.error("not disabled")
logging.disable(logging.NOTSET)
child.warning("enabled again")

# records
record = logging.makeLogRecord({"msg": "hello %s", "args": ("you",), "levelno": 20, "name": "r"})
print(record.getMessage(), logging.Formatter("%(name)s>%(message)s").format(record), record.message)
r2 = logger.makeRecord("n", logging.ERROR, "f", 1, "m %s", (3,), None)
print(r2.levelname, r2.levelno, r2.getMessage(), r2.exc_info, type(r2.created).__name__)

# the root logger and basicConfig (its output goes to stdout here)
logging.basicConfig(stream=sys.stdout, level=logging.INFO)
logging.info("root info")
logging.warning("root %s", "warning")
logging.getLogger("other").info("propagated to root")
logging.basicConfig(format="ignored: %(message)s")
logging.error("still the first format")
logging.basicConfig(stream=sys.stdout, format="{levelname} {message}", style="{", force=True)
logging.error("forced")
print(logging.root.handlers[0].formatter._fmt, logging.root.level)

# errors
for bad in [lambda: logging.Formatter("%(message)"), lambda: logging.Formatter("x", style="?"),
            lambda: logger.setLevel("LOUD"), lambda: logger.setLevel(1.5),
            lambda: logging.basicConfig(stream=sys.stdout, force=True, bogus=1),
            lambda: logger.log("10", "x"),
            lambda: logger.makeRecord("n", 10, "f", 1, "m", (), None, extra={"msg": 1})]:
    try:
        bad()
    except (ValueError, TypeError, KeyError) as e:
        print(type(e).__name__, e)
print(logger.hasHandlers(), logging.getLogger("zz").hasHandlers())
h = logging.NullHandler()
print(h, out.level, logging.getLevelNamesMapping()["WARN"])
