# Checks: curses (a delegated _curses) imports with its submodules; constants, the error class,
# curses.ascii and has_key, and terminfo queries of the "dumb" terminal.
import curses
import curses.ascii
import curses.has_key
import curses.panel
import curses.textpad

print(curses.KEY_UP, curses.KEY_F1, curses.A_BOLD, curses.A_REVERSE, curses.COLOR_RED, curses.ERR, curses.OK)
print(curses.error.__name__, curses.error.__module__, issubclass(curses.error, Exception), curses.panel.error is not None)
print([curses.ascii.isalpha(c) for c in "a1 "], repr(curses.ascii.ctrl("c")), curses.ascii.unctrl("\x01"))
print(curses.textpad.Textbox.__name__, curses.panel.new_panel.__name__)
try:
    curses.tigetstr("bel")
except curses.error as e:
    print("curses.error:", e)
curses.setupterm(term="dumb", fd=1)
print(curses.tigetnum("cols"), curses.tigetstr("bel"), curses.tigetflag("am"), curses.tigetstr("nosuch"))
print(curses.tparm(b"%p1%d;%p2%d", 3, 4), curses.has_key.has_key(curses.KEY_UP))
