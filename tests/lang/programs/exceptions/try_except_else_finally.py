# Checks: the order of try/except/else/finally bodies on success, on handled errors and on returns.
def run(x):
    log = []
    try:
        log.append("try")
        r = 10 // x
    except ZeroDivisionError:
        log.append("except")
        r = None
    else:
        log.append("else")
    finally:
        log.append("finally")
    return r, log
print(run(2))
print(run(0))
def ret_in_try():
    try:
        return "from try"
    finally:
        print("finally before return")
print(ret_in_try())
def finally_overrides():
    try:
        return 1
    finally:
        return 2
print(finally_overrides())
def swallow():
    for i in range(3):
        try:
            if i == 1:
                raise ValueError
        finally:
            if i == 1:
                break
    return i
print(swallow())
