"""Build sdk_probe as a third party builds against vmsample's .pxd files,
without NDEBUG (its inline helpers check their arguments)."""

import vmsample
from Cython.Build import cythonize
from setuptools import Extension, setup

setup(ext_modules=cythonize(
    [Extension("sdk_probe", ["sdk_probe.pyx"], extra_compile_args=["-fno-strict-aliasing", "-UNDEBUG"])],
    include_path=[vmsample.get_include()], compiler_directives={"language_level": 3}))
