# A helper module of errors/runtime/error_in_imported_module.py (not a program itself).
def check(limit):
    if limit < 1:
        raise ValueError(f"limit must be positive, not {limit}")
    return limit


LIMIT = check(0)
