from .. import prices
from ..prices import PRICES as TABLE
from . import ledger


def pay(item, n):
    total = prices.price_of(item) * n
    ledger.record(item, total)
    return total, TABLE is prices.PRICES
