"""The VM's standard library: Python source the vmsample VM compiles and runs
like the program's own modules (vmsample/lang/modules.py puts this directory
on every program's search path, after the program's own), so that what a
library function allocates is profiled with the library's frames.

It is not a Python package for CPython's use: this file only makes the
directory part of the installed package.  Each module keeps CPython's API
and output (the differential tests in tests/lang/programs/stdlib compare
them with CPython's), written in the subset the VM runs.
"""
