# exit(N), as CPython's site puts it into builtins, ends the program with status N and no
# traceback; finally blocks still run.
def main():
    try:
        print("working")
        exit(3)
    finally:
        print("finally runs")
main()
print("not reached")
