# sys.exit with an integer status ends the program with that status and no traceback; finally blocks still run.
import sys
def main():
    try:
        print("working")
        sys.exit(3)
    finally:
        print("finally runs")
main()
print("not reached")
