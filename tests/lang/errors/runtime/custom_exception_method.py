# Uncaught custom exception raised from a method: the traceback shows the method frame and the message.
class InsufficientFunds(Exception):
    pass
class Account:
    def __init__(self, balance):
        self.balance = balance
    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds("balance " + str(self.balance) + " < " + str(amount))
        self.balance -= amount
acct = Account(50)
acct.withdraw(20)
print("left", acct.balance)
acct.withdraw(40)
