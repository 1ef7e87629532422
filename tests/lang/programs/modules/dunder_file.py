# Checks: the script's __file__ is its absolute path and an imported module's its own file, so programs find their data files next to them (os.path.dirname(__file__)).
import os
import _support.shapes as shapes

print(os.path.isabs(__file__), os.path.basename(__file__), __name__)
here = os.path.dirname(__file__)
print(os.path.isdir(here), os.path.exists(os.path.join(here, "_support")))
print(os.path.dirname(shapes.__file__) == os.path.join(here, "_support"), os.path.basename(shapes.__file__))
print(sorted(n for n in os.listdir(here) if n.endswith(".py") and n.startswith("dunder")))
