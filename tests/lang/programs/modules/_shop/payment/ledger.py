# Imports card, which imports this module: the circular import sees the partly run module.
from . import card
ENTRIES = []
SAW_CARD_PAY = hasattr(card, "pay")


def record(item, total):
    ENTRIES.append((item, total))
