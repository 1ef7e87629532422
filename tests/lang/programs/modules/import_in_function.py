# Checks: a module of the host's standard library imported inside a function (sqlite3, a C extension the VM delegates to).
def version():
    import sqlite3
    return sqlite3.sqlite_version
print(len(version()) > 0)
