"""Build quip's VM, a C extension module, against an installed vmsample.

The VM includes vmsample's C header (``vmsample/include/vmsample.h``, under
``vmsample.get_include()``); nothing is linked: at import time the module
fetches vmsample's functions from a capsule (``vms_import()``).

    pip install --no-build-isolation .          # or, in place:
    python setup.py build_ext --inplace
"""

import vmsample
from setuptools import Extension, setup

setup(ext_modules=[
    Extension("quip._vm", ["quip/_vm.c"], include_dirs=[vmsample.get_include()],
              # A GC type-puns headers and payload words.
              extra_compile_args=["-fno-strict-aliasing"]),
])
