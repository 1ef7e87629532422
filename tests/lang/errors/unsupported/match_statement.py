# Refused when it runs: structural pattern matching (match/case), here nested inside a function called after a first print.
# refused: 5:5 'match' statement
def describe(v):
    print("inside")
    match v:
        case 0:
            return "zero"
        case _:
            return "other"
print(describe(0))
