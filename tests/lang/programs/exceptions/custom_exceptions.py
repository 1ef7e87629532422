# Checks: custom exception hierarchies, extra attributes, args/str/repr of exceptions and except ordering.
class AppError(Exception):
    pass
class NotFound(AppError):
    def __init__(self, key):
        super().__init__("missing key: " + key)
        self.key = key
class Invalid(AppError):
    def __str__(self):
        return "invalid!"
for exc in [NotFound("k1"), Invalid("x", 2), AppError(), AppError("a", "b")]:
    try:
        raise exc
    except NotFound as e:
        print("NotFound", e, e.key, e.args)
    except AppError as e:
        print(type(e).__name__, str(e), e.args, repr(e))
print(issubclass(NotFound, AppError), issubclass(AppError, Exception), isinstance(Invalid(), AppError))
print(repr(ValueError("bad")), repr(KeyError("k")), str(KeyError("k")), str(ValueError()), repr(TypeError(1, 2)))
