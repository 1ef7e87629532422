# Checks: class keyword arguments reach __init_subclass__ (and metaclass= the metaclass).
class Base:
    def __init_subclass__(cls, total=False):
        print("subclass", total)
print("before")
class K(Base, total=True):
    pass
print(K)
