# Driver (written for vmsample's corpus) of docopt: command-line interfaces parsed from their usage text.
from docopt import DocoptExit, docopt

NAVAL = """Naval Fate.

Usage:
  naval_fate.py ship new <name>...
  naval_fate.py ship <name> move <x> <y> [--speed=<kn>]
  naval_fate.py ship shoot <x> <y>
  naval_fate.py mine (set|remove) <x> <y> [--moored | --drifting]
  naval_fate.py (-h | --help)
  naval_fate.py --version

Options:
  -h --help     Show this screen.
  --version     Show version.
  --speed=<kn>  Speed in knots [default: 10].
  --moored      Moored (anchored) mine.
  --drifting    Drifting mine.
"""

ARGUMENTS = """Usage: arguments_example.py [-vqrh] [FILE] ...
          arguments_example.py (--left | --right) CORRECTION FILE

Options:
  -h --help
  -v       verbose mode
  -q       quiet mode
  -r       make report
  --left   use left-hand side
  --right  use right-hand side
"""


def show(doc, argv):
    try:
        args = docopt(doc, argv, version="Naval Fate 2.0")
        print(" ".join(argv), "->", sorted(args.items()))
    except DocoptExit as e:
        print(" ".join(argv), "-> exit:", str(e).splitlines()[0])
    except SystemExit as e:
        print(" ".join(argv), "-> system exit:", e.code)


for argv in (["ship", "new", "Guardian", "Nimitz"], ["ship", "Guardian", "move", "10", "50", "--speed=20"],
             ["ship", "shoot", "3", "4"], ["mine", "set", "1", "2", "--drifting"], ["mine", "remove", "5", "6"],
             ["ship", "Guardian", "move", "1", "2", "--sp=7"], ["mine", "set", "1"], ["--version"]):
    show(NAVAL, argv)
for argv in (["-vqr", "a.txt", "b.txt"], ["--left", "5", "f.txt"], ["-v", "--right"], []):
    show(ARGUMENTS, argv)
