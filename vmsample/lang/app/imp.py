"""The import system as programs see it: ``_imp`` (what importlib's
bootstrap asks of the interpreter), ``__import__``, and the meta path
finder that lets ``importlib`` (import_module, util.find_spec,
machinery) find and load modules through the VM's own importer.

The VM imports natively (vm/modules.pxi: the compile cache, replacements for
C modules, delegated host modules); importlib's Python machinery would
find the same files but compile them on every import, so the finder here
answers for everything the VM's importer can load, and its loader hands
back the module that importer made.  The VM runs this module once when it
starts (vmsample/lang/app).
"""

import sys
import _imp
from _vm import import_module as _native_import, find_module as _native_find, register, compile as _compile, \
    lock_new as _lock_new, lock_acquire as _lock_acquire, lock_release as _lock_release

_imp.__doc__ = "(Extremely) low-level import machinery bits as used by importlib."

# C modules the VM answers itself whose C-level name importlib's bootstrap
# asks for, though the library then uses the Python module of another name.
_BOOTSTRAP_ALIASES = {"_warnings": "warnings"}
sys.builtin_module_names = tuple(sorted(set(sys.builtin_module_names) | set(_BOOTSTRAP_ALIASES)))


def is_builtin(name):
    if name in ("sys", "builtins"):
        return -1                       # cannot be initialized again
    return 1 if name in sys.builtin_module_names or name in _BOOTSTRAP_ALIASES else 0


def create_builtin(spec):
    name = _BOOTSTRAP_ALIASES.get(spec.name, spec.name)
    if name in sys.modules:
        return sys.modules[name]
    return _native_import(name)


def exec_builtin(module):
    return 0


def is_frozen(name):
    return False


def is_frozen_package(name):
    raise ImportError(f"No such frozen object named {name!r}", name=name)


def find_frozen(name, *, withdata=False):
    return None


def get_frozen_object(name, data=None):
    raise ImportError(f"No such frozen object named {name!r}", name=name)


def init_frozen(name):
    return None


def extension_suffixes():
    return []           # the VM loads no C extension modules


def create_dynamic(spec, file=None):
    raise ImportError(f"cannot load the C extension module {spec.name!r}: C extensions are not "
                      "supported by vmsample", name=spec.name)


def exec_dynamic(module):
    return 0


# The global import lock (CPython's _PyImport_AcquireLock): reentrant, held
# by one thread at a time; importlib's bootstrap takes it around its table
# of module locks.  The VM's own importer does not take it: it locks each
# module (vm/import_lock.pxi), as importlib does.
_import_lock = _lock_new()
_import_lock_owner = None
_import_lock_count = 0
_host_thread = None


def _get_ident():
    global _host_thread
    if _host_thread is None:
        import _vmhost
        _host_thread = _vmhost.delegate("_thread")
    return _host_thread.get_ident()


def acquire_lock():
    global _import_lock_owner, _import_lock_count
    me = _get_ident()
    if _import_lock_owner != me:
        _lock_acquire(_import_lock, True, -1)
        _import_lock_owner = me
    _import_lock_count += 1


def release_lock():
    global _import_lock_owner, _import_lock_count
    if _import_lock_owner != _get_ident():
        raise RuntimeError("not holding the import lock")
    _import_lock_count -= 1
    if _import_lock_count == 0:
        _import_lock_owner = None
        _lock_release(_import_lock)


def lock_held():
    return _import_lock_owner is not None


def _fix_co_filename(code, path):
    pass


def source_hash(key, source):
    import _vmhost
    return _vmhost.delegate("_imp").source_hash(key, source)


def _override_frozen_modules_for_tests(override):
    pass


for _f in (is_builtin, create_builtin, exec_builtin, is_frozen, is_frozen_package, find_frozen,
           get_frozen_object, init_frozen, extension_suffixes, create_dynamic, exec_dynamic,
           acquire_lock, release_lock, lock_held, _fix_co_filename, source_hash,
           _override_frozen_modules_for_tests):
    setattr(_imp, _f.__name__, _f)
    _f.__module__ = "_imp"
_imp.check_hash_based_pycs = "never"
_imp._frozen_module_names = ()


# ---------------------------------------------------------------- __import__

def __import__(name, globals=None, locals=None, fromlist=(), level=0):
    """Import a module (the import statement's function, as CPython's)."""
    if not isinstance(name, str):
        raise TypeError(f"module name must be str, not {type(name).__name__}")
    if level < 0:
        raise ValueError("level must be >= 0")
    if level > 0:
        package = None
        if globals is not None:
            package = globals.get("__package__")
            if package is None:
                package = globals.get("__name__", "")
                if "__path__" not in globals:
                    package = package.rpartition(".")[0]
        if not package:
            raise ImportError("attempted relative import with no known parent package")
        bits = package.rsplit(".", level - 1)
        if len(bits) < level:
            raise ImportError("attempted relative import beyond top-level package")
        base = bits[0]
        name = f"{base}.{name}" if name else base
    elif not name:
        raise ValueError("Empty module name")
    module = _native_import(name)
    if not fromlist:
        if level == 0:
            return sys.modules[name.partition(".")[0]]
        return module
    if hasattr(module, "__path__"):
        for item in fromlist:
            if item == "*":
                for sub in getattr(module, "__all__", ()):
                    if not hasattr(module, sub):
                        _try_submodule(f"{module.__name__}.{sub}")
            elif not hasattr(module, item):
                _try_submodule(f"{module.__name__}.{item}")
    return module


def _try_submodule(name):
    try:
        _native_import(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise


import builtins
builtins.__import__ = __import__


# ---------------------------------------------------------------- importlib

class VMFinder:
    """The meta path finder and loader of the VM's importer."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        found = _native_find(name, list(path) if path is not None else None)
        if found is None:
            return None
        origin, is_package = found
        from importlib.machinery import ModuleSpec
        spec = ModuleSpec(name, cls, origin=origin, is_package=is_package)
        spec.has_location = origin is not None and origin.endswith(".py")
        return spec

    @classmethod
    def create_module(cls, spec):
        if spec.name in sys.modules:
            return sys.modules[spec.name]
        return _native_import(spec.name)

    @classmethod
    def exec_module(cls, module):
        pass

    @classmethod
    def get_code(cls, fullname):
        """The code of module [fullname], not run: what runpy runs as
        __main__ (``python -m``), as importlib's source loaders give it."""
        spec = cls.find_spec(fullname, sys.modules[fullname.rpartition(".")[0]].__path__
                             if "." in fullname else None)
        if spec is None or not spec.has_location:
            raise ImportError(f"cannot find the source of {fullname!r}", name=fullname)
        with open(spec.origin, "rb") as f:
            source = f.read()
        # (its relative imports are resolved against its package when compiled)
        package = fullname if spec.submodule_search_locations is not None else fullname.rpartition(".")[0]
        return _compile(source, spec.origin, "exec", package)

    @classmethod
    def invalidate_caches(cls):
        pass

    @classmethod
    def find_distributions(cls, *args, **kwargs):
        """The installed distributions (importlib.metadata, entry points):
        as CPython's PathFinder, which the VM's finder stands in for."""
        from importlib.metadata import MetadataPathFinder
        return MetadataPathFinder.find_distributions(*args, **kwargs)


sys.meta_path.append(VMFinder)
register("imp_finder", VMFinder)


# What importlib's bootstrap is called in CPython, where it is frozen into
# the interpreter (zipimport and importlib.abc import it by that name).  On
# the VM it is the standard library's importlib/_bootstrap*.py, set up by
# `import importlib`, which itself first tries these names: while it runs
# they are not found, so it takes its own fallback.
_FROZEN_BOOTSTRAP = {"_frozen_importlib": "_bootstrap", "_frozen_importlib_external": "_bootstrap_external"}


def _frozen_bootstrap(name):
    importlib = sys.modules.get("importlib")
    if importlib is None:
        import importlib
    if not hasattr(importlib, "_bootstrap_external"):
        return None                             # importlib is being set up
    module = sys.modules[name] = getattr(importlib, _FROZEN_BOOTSTRAP[name])
    return module


def _import_from_meta_path(name, path):
    """The module [name] from the finders on sys.meta_path other than the
    VM's own, asked in order as CPython asks them, or None: what the VM's
    importer calls when it finds no file for [name] ([path]: its package's
    __path__, None for a top-level module).  six.moves, editable installs'
    finders and import hooks load this way."""
    if name in _FROZEN_BOOTSTRAP:
        return _frozen_bootstrap(name)
    for finder in sys.meta_path:
        if finder is VMFinder:
            continue
        find_spec = getattr(finder, "find_spec", None)
        if find_spec is not None:
            spec = find_spec(name, path, None)
            if spec is None:
                continue
            from importlib._bootstrap import _load
            module = _load(spec)
        else:
            find_module = getattr(finder, "find_module", None)     # PEP 302, before find_spec
            loader = find_module(name, path) if find_module is not None else None
            if loader is None:
                continue
            module = loader.load_module(name)
        parent, _, leaf = name.rpartition(".")
        if parent:
            setattr(sys.modules[parent], leaf, module)
        return module
    return None


def _module_spec(name, origin, is_package):
    """The __spec__ of a module the VM's importer loads from [origin]: an
    importlib ModuleSpec once a program has imported importlib, None before
    (setting importlib's bootstrap up costs ~0.1 s a program that never
    asks would pay); when importlib is ready, the modules loaded before get
    theirs (_importlib_ready)."""
    importlib = sys.modules.get("importlib")
    if importlib is None or not hasattr(importlib, "_bootstrap_external"):
        return None
    spec = importlib._bootstrap.ModuleSpec(name, VMFinder, origin=origin, is_package=is_package)
    spec.has_location = origin is not None
    if is_package and origin is not None:
        spec.submodule_search_locations = [origin.rpartition("/")[0]]
    return spec


def _importlib_ready():
    for name, module in list(sys.modules.items()):
        if getattr(module, "__spec__", None) is None and isinstance(getattr(module, "__file__", None), str):
            module.__spec__ = _module_spec(name, module.__file__, hasattr(module, "__path__"))
            module.__loader__ = VMFinder


register("meta_path_import", _import_from_meta_path)
register("module_spec", _module_spec)
register("importlib_ready", _importlib_ready)
register("imp_ready", True)
