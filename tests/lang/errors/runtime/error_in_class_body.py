# An exception raised while a class body executes: the class body's frame appears in the traceback.
def limit():
    return 10
class Config:
    size = limit()
    ratio = size / (size - 10)
print(Config)
