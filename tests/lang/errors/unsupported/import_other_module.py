# Refused: importing a module the VM does not provide.
# refused: 4:5 import of module 'os'
def cwd():
    import os
    return os.getcwd()
print(len(cwd()) > 0)
