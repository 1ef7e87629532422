# A package used by programs/modules/own_modules.py: its __init__ runs first, once.
print("initialising", __name__)
from .prices import price_of
VERSION = "1.0"
