# Refused when it runs: class keyword arguments such as metaclass=.
# refused: 3:9 class keyword argument
class K(metaclass=type):
    pass
print(K)
