import sys

from vmsample.cli import main

sys.exit(main())
