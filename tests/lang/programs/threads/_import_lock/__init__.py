# The modules threads/import_lock.py imports from several threads at once.
