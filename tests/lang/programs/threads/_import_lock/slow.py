# Imported by two threads at once: its body waits (the VM lock goes to the other thread) before
# it defines DONE.
import time

STARTED = True
time.sleep(0.2)
DONE = "slow's body ran to its end"
