# A helper module of programs/modules/star_imports.py: no __all__, so `import *` takes every name without a leading underscore.
RED = "#f00"
GREEN = "#0f0"
_PRIVATE = "hidden"


def mix(a, b):
    return a + b
