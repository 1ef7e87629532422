# Refused when it runs: importing a module the VM does not provide raises ModuleNotFoundError (an ImportError a program can catch).
# raises: ModuleNotFoundError
# refused: 5:5 import of module 'sqlite3'
def version():
    import sqlite3
    return sqlite3.sqlite_version
print(len(version()) > 0)
