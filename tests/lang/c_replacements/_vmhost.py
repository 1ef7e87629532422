"""A stand-in, on CPython, for the VM's `_vmhost` module: the replacements in
vmsample/lang/lib that delegate their byte work to the host (_struct,
_codecs...) call `_vmhost.delegate(name)`, which on the VM returns the host's
module with its values converted; on CPython the host's module is the module.
"""

import importlib


def delegate(name):
    return importlib.import_module(name)
