# Refused when it runs: exception groups handled with except*.
# refused: 3:1 'except*'
try:
    print("body")
except* ValueError:
    print("handled")
