"""io for the vmsample VM: StringIO, an in-memory text stream (CPython's API)."""

SEEK_SET, SEEK_CUR, SEEK_END = 0, 1, 2


class UnsupportedOperation(OSError):
    pass


class StringIO:
    """Text kept in memory: writes go at the position (appended at the end,
    as they nearly always are, in O(1) each); reads start at the position."""

    def __init__(self, initial_value="", newline="\n"):
        if initial_value is None:
            initial_value = ""
        if not isinstance(initial_value, str):
            raise TypeError(f"initial_value must be str or None, not {type(initial_value).__name__}")
        self._parts = [initial_value] if initial_value else []
        self._text = None             # the joined parts, once something reads
        self._size = len(initial_value)
        self._pos = 0
        self.closed = False

    def _value(self):
        if self._text is None:
            self._text = "".join(self._parts)
            self._parts = [self._text]
        return self._text

    def _check_open(self):
        if self.closed:
            raise ValueError("I/O operation on closed file")

    def write(self, s):
        self._check_open()
        if not isinstance(s, str):
            raise TypeError(f"string argument expected, got '{type(s).__name__}'")
        if self._pos == self._size:
            self._parts.append(s)
            self._text = None
        else:
            text = self._value()
            if self._pos > len(text):
                text += "\0" * (self._pos - len(text))
            text = text[:self._pos] + s + text[self._pos + len(s):]
            self._parts, self._text = [text], text
        self._pos += len(s)
        self._size = max(self._size, self._pos)
        return len(s)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def getvalue(self):
        self._check_open()
        return self._value()

    def read(self, size=-1):
        self._check_open()
        text = self._value()
        end = len(text) if size is None or size < 0 else min(len(text), self._pos + size)
        out = text[self._pos:end]
        self._pos = max(self._pos, end)
        return out

    def readline(self, size=-1):
        self._check_open()
        text = self._value()
        end = text.find("\n", self._pos)
        end = len(text) if end < 0 else end + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        out = text[self._pos:end]
        self._pos = max(self._pos, end)
        return out

    def readlines(self, hint=-1):
        return list(self)

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def seek(self, pos, whence=SEEK_SET):
        self._check_open()
        if whence == SEEK_SET:
            if pos < 0:
                raise ValueError(f"Negative seek position {pos}")
            self._pos = pos
        elif whence == SEEK_CUR or whence == SEEK_END:
            if pos != 0:
                raise OSError("Can't do nonzero cur-relative seeks")
            if whence == SEEK_END:
                self._pos = self._size
        else:
            raise ValueError(f"Invalid whence ({whence}, should be 0, 1 or 2)")
        return self._pos

    def tell(self):
        self._check_open()
        return self._pos

    def truncate(self, size=None):
        self._check_open()
        size = self._pos if size is None else size
        text = self._value()[:size]
        self._parts, self._text, self._size = [text], text, len(text)
        return size

    def close(self):
        self.closed = True

    def flush(self):
        pass

    def readable(self):
        return True

    def writable(self):
        return True

    def seekable(self):
        return True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
