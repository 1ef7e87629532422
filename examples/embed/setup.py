"""Build minilisp against an installed vmsample.

The VM's Cython module `cimport`s vmsample's ``.pxd`` files -- the nursery
core (``vmsample/_nursery.pxd``), the profiling glue
(``vmsample/profile/_glue.pxd``) and, for the ``ProfileWriter`` type, the
profile writer (``vmsample/profile/_writer.pxd``) -- so the build needs only
vmsample, Cython and setuptools installed (``pip install 'vmsample[embed]'``);
nothing is linked: at import time Cython fetches the functions it needs from
vmsample's extension modules.

    pip install --no-build-isolation .          # or, in place:
    python setup.py build_ext --inplace
"""

import vmsample
from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    ext_modules=cythonize(
        [Extension("minilisp._vm", ["minilisp/_vm.pyx"],
                   # A GC type-puns headers and payload words.
                   extra_compile_args=["-fno-strict-aliasing"])],
        # An editable vmsample install is not on sys.path, where Cython looks.
        include_path=[vmsample.get_include()],
        # No wraparound=False: the VM indexes stack pointers with negative
        # offsets (sp[-1]), which that directive flags, and it indexes no
        # Python sequence on a hot path.
        compiler_directives={"language_level": 3, "boundscheck": False, "cdivision": True},
    ),
)
