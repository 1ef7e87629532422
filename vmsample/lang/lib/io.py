"""io for the vmsample VM: StringIO and BytesIO, in-memory text and binary streams (CPython's API)."""

SEEK_SET, SEEK_CUR, SEEK_END = 0, 1, 2


class UnsupportedOperation(OSError):
    pass


class IOBase:
    """What every stream shares (CPython's io.IOBase): iteration by line,
    readlines, writelines and the with statement.  A subclass has [closed],
    readline, write and close."""

    def _check_closed(self):
        # (IOBase's message; StringIO's own methods say it without the period)
        if self.closed:
            raise ValueError("I/O operation on closed file.")

    def __iter__(self):
        self._check_closed()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def readlines(self, hint=-1):
        return list(self)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def __enter__(self):
        self._check_closed()
        return self

    def __exit__(self, *exc):
        self.close()


class StringIO(IOBase):
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



class BytesIO(IOBase):
    """Bytes kept in memory, in a bytearray: writes go at the position
    (growing the buffer, zero-filled past its end as CPython's), reads start
    at the position and return bytes.  getbuffer (a memoryview) is refused."""

    def __init__(self, initial_bytes=b""):
        if initial_bytes is None:
            initial_bytes = b""
        if isinstance(initial_bytes, str) or not isinstance(initial_bytes, (bytes, bytearray)):
            raise TypeError(f"a bytes-like object is required, not '{type(initial_bytes).__name__}'")
        self._buffer = bytearray(initial_bytes)
        self._pos = 0
        self.closed = False

    def getvalue(self):
        self._check_closed()
        return bytes(self._buffer)

    def getbuffer(self):
        raise NotImplementedError("BytesIO.getbuffer is not supported by vmsample")

    def write(self, b):
        self._check_closed()
        if isinstance(b, str) or not isinstance(b, (bytes, bytearray)):
            raise TypeError(f"a bytes-like object is required, not '{type(b).__name__}'")
        n = len(b)
        end = self._pos + n
        if self._pos > len(self._buffer):
            self._buffer.extend(bytes(self._pos - len(self._buffer)))
        self._buffer[self._pos:end] = b
        self._pos = end
        return n

    def read(self, size=-1):
        self._check_closed()
        end = len(self._buffer) if size is None or size < 0 else min(len(self._buffer), self._pos + size)
        out = bytes(self._buffer[self._pos:end])
        self._pos = max(self._pos, end)
        return out

    def read1(self, size=-1):
        return self.read(size)

    def readline(self, size=-1):
        self._check_closed()
        end = self._buffer.find(b"\n", self._pos)
        end = len(self._buffer) if end < 0 else end + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        out = bytes(self._buffer[self._pos:end])
        self._pos = max(self._pos, end)
        return out

    def readinto(self, buffer):
        raise NotImplementedError("BytesIO.readinto is not supported by vmsample")

    def __iter__(self):
        return self             # (CPython's BytesIO, unlike IOBase, does not check that it is open)

    def seek(self, pos, whence=SEEK_SET):
        self._check_closed()
        if whence == SEEK_SET:
            if pos < 0:
                raise ValueError(f"negative seek value {pos}")
            self._pos = pos
        elif whence == SEEK_CUR:
            self._pos = max(0, self._pos + pos)
        elif whence == SEEK_END:
            self._pos = max(0, len(self._buffer) + pos)
        else:
            raise ValueError(f"invalid whence ({whence}, should be 0, 1 or 2)")
        return self._pos

    def tell(self):
        self._check_closed()
        return self._pos

    def truncate(self, size=None):
        self._check_closed()
        size = self._pos if size is None else size
        if size < 0:
            raise ValueError(f"negative size value {size}")
        del self._buffer[size:]
        return size

    def close(self):
        self.closed = True

    def flush(self):
        self._check_closed()

    def readable(self):
        self._check_closed()
        return True

    def writable(self):
        self._check_closed()
        return True

    def seekable(self):
        self._check_closed()
        return True

    def isatty(self):
        self._check_closed()
        return False

