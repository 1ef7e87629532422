# Checks: the keyword arguments ImportError, AttributeError and NameError take, and CPython's words for any other (naming the class that defines them: ImportError() for ModuleNotFoundError).
for cls in (ImportError, ModuleNotFoundError, AttributeError, NameError, ValueError):
    try:
        cls('x', invalid=1)
    except TypeError as e:
        print(e)
    e = cls('x')
    print(repr(e))
print(ImportError("m", name="n", path="p").path, AttributeError("a", name="n", obj=1).obj, NameError(name="q").name)
