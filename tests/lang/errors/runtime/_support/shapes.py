class ShapeError(Exception):
    pass


class Square:
    pass
