# Driver (written for vmsample's corpus) of colorama: ANSI sequences built, and stripped by its stream wrapper.
import io

from colorama import Back, Cursor, Fore, Style, ansi
from colorama.ansitowin32 import AnsiToWin32, StreamWrapper

print(repr(Fore.RED + "red" + Style.RESET_ALL), repr(Back.GREEN + Fore.LIGHTWHITE_EX + "x"), repr(Style.BRIGHT + Style.DIM))
print(repr(Cursor.UP(2) + Cursor.DOWN() + Cursor.FORWARD(3) + Cursor.BACK(4) + Cursor.POS(5, 6)))
print(repr(ansi.clear_screen()), repr(ansi.clear_line(1)), repr(ansi.set_title("title")), repr(ansi.code_to_chars(42)))
print(sorted(name for name in vars(Fore) if not name.startswith("_"))[:6], Fore.BLUE == "\x1b[34m", Back.RESET)

out = io.StringIO()
wrapper = AnsiToWin32(out, strip=True, convert=False)
wrapper.write(Fore.RED + "stripped " + Style.BRIGHT + "text" + Style.RESET_ALL + "\n" + Cursor.UP(1) + "after\n")
print(repr(out.getvalue()), wrapper.should_wrap(), isinstance(wrapper.stream, StreamWrapper))
kept = io.StringIO()
passthrough = AnsiToWin32(kept, strip=False, convert=False)
passthrough.write(Fore.CYAN + "kept" + Fore.RESET)
print(repr(kept.getvalue()), [m.group() for m in AnsiToWin32.ANSI_CSI_RE.finditer("\x1b[1;31mA\x1b[2JB\x1b[0m")])
print(AnsiToWin32(io.StringIO()).extract_params("m", "1;31"), AnsiToWin32(io.StringIO()).extract_params("H", ""))
