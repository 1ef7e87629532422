# Refused when it runs: star-imports, even from a supported module.
# refused: 3:1 'import *'
from math import *
print(sqrt(4))
