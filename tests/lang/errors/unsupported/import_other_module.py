# Refused when it runs: importing a module the VM does not provide raises ModuleNotFoundError (an ImportError a program can catch).
# raises: ModuleNotFoundError
# refused: 5:5 import of module 'os'
def cwd():
    import os
    return os.getcwd()
print(len(cwd()) > 0)
