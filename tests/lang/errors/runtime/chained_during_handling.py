# An exception raised in an except block: both tracebacks are printed, joined by "During handling ...".
def load(cfg):
    try:
        return cfg["path"]
    except KeyError:
        raise RuntimeError("config has no path")
print("loading")
load({})
