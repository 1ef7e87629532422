# Refused: __future__ features other than annotations.
# refused: 3:1 'from __future__ import generator_stop'
from __future__ import generator_stop
print("x")
