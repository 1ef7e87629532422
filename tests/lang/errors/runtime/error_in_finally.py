# An exception raised inside a finally block replaces the one in flight; the traceback shows the finally's line.
def cleanup(resource):
    try:
        print("using", resource)
        raise ValueError("use failed")
    finally:
        print("cleaning", resource)
        {}["missing-" + resource]
cleanup("db")
