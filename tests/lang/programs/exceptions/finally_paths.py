# Checks: finally runs on break, continue, return and exceptions; exceptions raised inside finally replace the original.
for i in range(4):
    try:
        if i == 1:
            continue
        if i == 3:
            break
        print("body", i)
    finally:
        print("finally", i)
def nested():
    try:
        try:
            raise ValueError("inner")
        finally:
            print("inner finally")
    except ValueError as e:
        print("outer caught", e)
    finally:
        print("outer finally")
nested()
def replace():
    try:
        raise ValueError("original")
    finally:
        raise KeyError("from finally")
try:
    replace()
except KeyError as e:
    print("KeyError", e)
except ValueError:
    print("not reached")
def handler_raises():
    try:
        1 // 0
    except ZeroDivisionError:
        raise RuntimeError("handler failed")
try:
    handler_raises()
except RuntimeError as e:
    print("RuntimeError", e)
