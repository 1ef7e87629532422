# Checks: a finder on sys.meta_path (six.moves, editable installs, import hooks) loads modules and submodules the VM finds no file for; a module subclass with __path__ on its class is a package; importlib's bootstrap answers to its frozen names.
# --check lists the imports that only a finder can answer when the program runs:
# check-lists: 30:1 import of module 'virt'
# check-lists: 31:1 import of module 'virt.sub'
# check-lists: 32:1 import from module 'virt'
# check-lists: 53:1 import of module 'lazy.part'
# check-lists: 56:5 import of module 'nowhere_at_all'
# check-lists: 59:1 import of module '_frozen_importlib'
# check-lists: 60:1 import of module '_frozen_importlib_external'
import sys
import types
import importlib.abc
import importlib.util


class Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path, target=None):
        if fullname == "virt" or fullname.startswith("virt."):
            return importlib.util.spec_from_loader(fullname, self, is_package=(fullname == "virt"))
        return None

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        module.x = module.__name__ + "!"


sys.meta_path.append(Finder())
import virt
import virt.sub
from virt import sub2
print(virt.x, virt.sub.x, sub2.x, virt.sub2 is sub2)


class LazyModule(types.ModuleType):
    __path__ = []           # marks it as a package, as six.moves does


class ModuleFinder:
    def find_spec(self, fullname, path, target=None):
        return importlib.util.spec_from_loader(fullname, self) if fullname.startswith("lazy.") else None

    def create_module(self, spec):
        return types.ModuleType(spec.name)

    def exec_module(self, module):
        module.y = len(module.__name__)


sys.modules["lazy"] = LazyModule("lazy")
sys.meta_path.append(ModuleFinder())
import lazy.part
print(lazy.part.y, type(sys.modules["lazy"]).__name__)
try:
    import nowhere_at_all
except ModuleNotFoundError as e:
    print(e, e.name)
import _frozen_importlib
import _frozen_importlib_external
print(_frozen_importlib.__name__, _frozen_importlib_external.__name__)
import zipimport
print(zipimport.zipimporter.__name__)
