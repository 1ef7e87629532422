# Checks: a bound method forwards the attributes it lacks to its function, as CPython's does (found by CPython's test_functools: an lru_cache'd method's cache_info()).
class Tagged:
    def action(self):
        return "done"


Tagged.action.tag = "mine"
bound = Tagged().action
print(bound.tag, bound.__name__, bound.__func__ is Tagged.action, bound())
try:
    bound.missing
except AttributeError as e:
    print("AttributeError:", e)
