"""A stand-in, on CPython, for the VM's `_vmhost` module: the replacements in
vmsample/lang/lib that delegate their byte work to the host (_struct,
_codecs...) call `_vmhost.delegate(name)`, which on the VM returns the host's
module with its values converted; on CPython the host's module is the module.
"""

import importlib

# The host's own module of a name that a replacement took over in
# sys.modules (tools/_c_replacement_child.py fills it): delegating to it must
# not give the replacement itself.
host_modules = {}


def delegate(name):
    module = host_modules.get(name)
    return module if module is not None else importlib.import_module(name)
