# Rejected: return at module level (ast accepts it; the compiler must not).
print("before")
if True:
    return 5
