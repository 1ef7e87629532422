# Refused when it runs: class keyword arguments other than metaclass= (those passed to __init_subclass__).
# refused: 7:15 class keyword argument
class Base:
    def __init_subclass__(cls, total=False):
        print("subclass", total)
print("before")
class K(Base, total=True):
    pass
print(K)
