PRICES = {"apple": 0.5, "pear": 0.75}


def price_of(item):
    return PRICES[item]
