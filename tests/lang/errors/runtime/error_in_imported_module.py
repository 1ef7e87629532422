# An exception raised by an imported module's top level: the traceback runs through the import into the module's frames.
print("importing")
import _support.raises_on_import
print("not reached")
