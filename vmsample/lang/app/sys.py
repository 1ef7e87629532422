"""What the sys module has beyond the VM's own functions (_getframe,
exc_info, exit, the recursion limit, the streams, path, modules, argv):
CPython's values that describe the interpreter and the platform, and the
hooks and settings programs read and set.

The VM runs this module once when it starts (vmsample/lang/app).  The
values of the host CPython describe the VM too (same version, platform,
prefixes, encodings), except ``implementation`` (set by the VM: name
"vmsample", no bytecode cache tag) and ``builtin_module_names`` (the C
modules the VM provides: vmsample.lang.modules).
"""

import sys
from _vm import host_value, register, suggestion as _suggestion, current_frames as _vm_current_frames

for _name in ("version", "hexversion", "api_version", "copyright", "platform", "byteorder",
              "executable", "_base_executable", "prefix", "base_prefix", "exec_prefix",
              "base_exec_prefix", "platlibdir", "maxunicode", "float_repr_style", "abiflags",
              "stdlib_module_names", "_git", "_framework", "orig_argv", "_stdlib_dir"):
    setattr(sys, _name, host_value("sys", _name))

sys.builtin_module_names = host_value("vmsample.lang.modules", "BUILTIN_MODULE_NAMES")
sys.dont_write_bytecode = True
sys.pycache_prefix = None
sys.warnoptions = []
sys._xoptions = {}
sys.meta_path = []
sys.path_hooks = []
sys.path_importer_cache = {}
sys.ps1 = ">>> "
sys.ps2 = "... "
sys.__stdin__ = sys.stdin
sys.__stdout__ = sys.stdout
sys.__stderr__ = sys.stderr


def getdefaultencoding():
    return "utf-8"


def getfilesystemencoding():
    return "utf-8"


def getfilesystemencodeerrors():
    return "surrogateescape"


def intern(string):
    if type(string) is not str:
        raise TypeError(f"intern() argument must be str, not {type(string).__name__}")
    return string


def getsizeof(obj, default=None):
    # __sizeof__ is looked up on the type (CPython's special lookup: never
    # the instance's __getattribute__ or __getattr__)
    try:
        size = type(obj).__sizeof__(obj)
    except AttributeError:
        if default is None:
            raise TypeError(f"Type {type(obj).__name__} doesn't define __sizeof__")
        return default
    if not isinstance(size, int):
        raise TypeError("an integer is required")
    if size < 0:
        raise ValueError("__sizeof__() should return >= 0")
    return size


_trace = None
_profile = None


def settrace(function):
    # The VM runs no trace functions; it keeps the one set, as sys.gettrace says.
    global _trace
    _trace = function


def gettrace():
    return _trace


def setprofile(function):
    global _profile
    _profile = function


def getprofile():
    return _profile


_switch_interval = 0.005


def getswitchinterval():
    return _switch_interval


def setswitchinterval(interval):
    global _switch_interval
    if interval <= 0:
        raise ValueError("switch interval must be strictly positive")
    _switch_interval = float(interval)


_asyncgen_hooks = (None, None)


def get_asyncgen_hooks():
    return _asyncgen_hooks


def set_asyncgen_hooks(firstiter=None, finalizer=None):
    global _asyncgen_hooks
    _asyncgen_hooks = (firstiter, finalizer)


_origin_tracking_depth = 0


def get_coroutine_origin_tracking_depth():
    return _origin_tracking_depth


def set_coroutine_origin_tracking_depth(depth):
    global _origin_tracking_depth
    if depth < 0:
        raise ValueError("depth must be >= 0")
    _origin_tracking_depth = depth


# The VM's ints go to and from text through the host's int and str
# (vm/numbers.pxi), so the limit on their digits is the host's own: one
# setting, read and set with CPython's checks and messages.
sys.get_int_max_str_digits = host_value("sys", "get_int_max_str_digits")
sys.set_int_max_str_digits = host_value("sys", "set_int_max_str_digits")


_audit_hooks = []


def addaudithook(hook):
    _audit_hooks.append(hook)


def audit(event, *args):
    for hook in _audit_hooks:
        hook(event, args)


def _current_frames():
    """Return a dict mapping each thread's thread id to its current stack frame.

This function should be used for specialized purposes only."""
    return _vm_current_frames()


def call_tracing(func, args):
    return func(*args)


def is_finalizing():
    return False


def displayhook(value):
    if value is None:
        return
    import builtins
    builtins._ = None
    sys.stdout.write(repr(value) + "\n")
    builtins._ = value


def offer_suggestion(exc):
    """The name CPython 3.11 suggests after the message of a NameError or an
    AttributeError ("Did you mean: ...?", Python/suggestions.c), or None:
    for an AttributeError the nearest of dir(obj); for a NameError the
    nearest of the innermost frame's variables, else its globals, else the
    builtins.  An error on the way means no suggestion."""
    try:
        if isinstance(exc, AttributeError):
            if type(exc.name) is not str or exc.obj is None:
                return None
            return _suggestion(exc.name, dir(exc.obj))
        if isinstance(exc, NameError):
            tb = exc.__traceback__
            if type(exc.name) is not str or tb is None:
                return None
            while tb.tb_next is not None:
                tb = tb.tb_next
            frame = tb.tb_frame
            for names in (frame.f_code.co_varnames, frame.f_globals, frame.f_builtins):
                meant = _suggestion(exc.name, list(names))
                if meant is not None:
                    return meant
    except Exception:
        pass
    return None


def _suggesting(format_exception_only, meant):
    # format_exception_only with the suggestion after the message (its first
    # line, before the notes), with or without a message, as PyErr_Display.
    def with_suggestion():
        lines = list(format_exception_only())
        lines[0] = lines[0][:-1] + f". Did you mean: '{meant}'?\n"
        return lines
    return with_suggestion


def _display_caret_range(shown):
    # The carets PyErr_Display prints under a SyntaxError's text, given to the
    # traceback module (which prints from offset to end_offset as they are):
    # an end on a later line is the end of the text, an end past the text is
    # clipped to just after it (print_exception), and an end at or before the
    # start is one caret at the start (print_error_text).
    if shown.offset is None or shown.end_offset is None or not isinstance(shown.text, str):
        return
    end = shown.end_offset
    if shown.lineno is not None and shown.end_lineno is not None and shown.end_lineno > shown.lineno:
        end = len(shown.text)
    end = min(end, len(shown.text) + 1)
    shown.end_offset = end if end > shown.offset else shown.offset + 1


def excepthook(exctype, value, traceback):
    # CPython's PyErr_Display: the traceback module's format, and after each
    # chained exception's message what offer_suggestion suggests.
    import traceback as _tb
    top = _tb.TracebackException(exctype, value, traceback, compact=True)
    pending = [(top, value)]
    while pending:
        shown, exc = pending.pop()
        if shown is None or not isinstance(exc, BaseException):
            continue
        if isinstance(exc, SyntaxError):
            _display_caret_range(shown)
        meant = offer_suggestion(exc)
        if meant is not None:
            shown.format_exception_only = _suggesting(shown.format_exception_only, meant)
        pending.append((shown.__cause__, exc.__cause__))
        pending.append((shown.__context__, exc.__context__))
    for line in top.format():
        sys.stderr.write(line)


def unraisablehook(unraisable):
    # CPython's write_unraisable_exc_file: "<err_msg>: <object>", or
    # "Exception ignored in: <object>" without a message.
    err_msg, obj = unraisable.err_msg, unraisable.object
    if obj is not None:
        print(f"{err_msg if err_msg is not None else 'Exception ignored in'}: {obj!r}", file=sys.stderr)
    elif err_msg is not None:
        print(f"{err_msg}:", file=sys.stderr)
    import traceback as _tb
    _tb.print_exception(unraisable.exc_type, unraisable.exc_value, unraisable.exc_traceback,
                        file=sys.stderr)


def breakpointhook(*args, **kws):
    # CPython's sys_breakpointhook: $PYTHONBREAKPOINT names the hook
    # ("module.attr", or a builtin's name; unset or empty: pdb.set_trace; "0":
    # none); one that cannot be imported is ignored with a RuntimeWarning.
    import os
    hookname = os.environ.get("PYTHONBREAKPOINT") if not sys.flags.ignore_environment else None
    if not hookname:
        hookname = "pdb.set_trace"
    elif hookname == "0":
        return None
    modulepath, dot, attrname = hookname.rpartition(".")
    if not dot:
        modulepath = "builtins"
    try:
        if not modulepath:
            raise ImportError(hookname)
        __import__(modulepath)
        hook = getattr(sys.modules[modulepath], attrname)
    except (ImportError, AttributeError):
        import warnings
        warnings.warn(f'Ignoring unimportable $PYTHONBREAKPOINT: "{hookname}"', RuntimeWarning)
        return None
    return hook(*args, **kws)


for _f in (getdefaultencoding, getfilesystemencoding, getfilesystemencodeerrors, intern,
           getsizeof, settrace, gettrace, setprofile, getprofile, getswitchinterval,
           setswitchinterval, get_asyncgen_hooks, set_asyncgen_hooks,
           get_coroutine_origin_tracking_depth, set_coroutine_origin_tracking_depth,
           addaudithook, audit, call_tracing, _current_frames,
           is_finalizing, displayhook, excepthook, unraisablehook, breakpointhook):
    setattr(sys, _f.__name__, _f)
sys.__displayhook__ = displayhook
sys.__excepthook__ = excepthook
sys.__unraisablehook__ = unraisablehook
sys.__breakpointhook__ = breakpointhook
register("offer_suggestion", offer_suggestion)
register("excepthook", excepthook)
register("sys_ready", True)
