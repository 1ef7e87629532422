# The other half of ping's circular import.
import time

time.sleep(0.1)
from _import_lock import ping

PONG = "pong"
