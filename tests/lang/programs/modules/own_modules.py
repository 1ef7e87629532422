# Checks: importing the program's own modules and packages: import / import as / from-import, dotted and relative imports, a package's __init__ running once, circular imports, module attributes and __name__, sys.modules, ImportError and ModuleNotFoundError a program catches.
import sys
# check-lists: 25:5 import of module '_support.no_such_module'
import _support.inventory
import _support.inventory as inv
from _support.inventory import Shelf, available as in_stock
import _shop
import _shop.payment.card
from _shop.payment import card, ledger
from _shop import prices

print(__name__, inv.__name__, inv.loaded_as, inv.main_guard_ran, inv is _support.inventory)
print(in_stock("apple"), in_stock("pear"), Shelf(["apple"]))
print(_shop.VERSION, _shop.price_of("pear"), prices.price_of("apple"))
print(card.pay("apple", 4), _shop.payment.card is card, ledger.ENTRIES, ledger.SAW_CARD_PAY)
print(sorted(name for name in sys.modules if name.startswith(("_shop", "_support"))))
inv.STOCK["pear"] = 2
print(in_stock("pear"), _support.inventory.STOCK)
print(type(inv).__name__, inv.__file__.endswith("inventory.py"))
try:
    from _support.inventory import no_such_name
except ImportError as e:
    print("ImportError:", str(e).split(" (")[0])
try:
    import _support.no_such_module
except ModuleNotFoundError as e:
    print(type(e).__name__, isinstance(e, ImportError))
