# One half of a circular import made by two threads at once (ping imports pong, pong imports
# ping): CPython's deadlock detection hands one thread the other's partly run module.
import time

time.sleep(0.1)
from _import_lock import pong

PING = "ping"
