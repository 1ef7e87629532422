# A helper module of programs/modules/own_modules.py (not a program itself).
STOCK = {"apple": 3, "pear": 0}
loaded_as = __name__
main_guard_ran = False


def available(item):
    return STOCK.get(item, 0) > 0


class Shelf:
    def __init__(self, items):
        self.items = list(items)

    def __repr__(self):
        return f"Shelf({self.items!r})"


if __name__ == "__main__":
    main_guard_ran = True
