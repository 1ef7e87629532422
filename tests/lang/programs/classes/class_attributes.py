# Checks: class-level counters shared across instances, methods calling other methods, getattr/setattr on instances.
class Account:
    count = 0
    rate = 0.05
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        Account.count += 1
    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("amount must be positive")
        self.balance += amount
        return self.balance
    def interest(self):
        return round(self.balance * self.rate, 2)
    def apply_interest(self):
        return self.deposit(self.interest())
accts = [Account("ann", 100), Account("bob"), Account("cy", 2500)]
accts[1].deposit(40)
for a in accts:
    a.apply_interest()
    print(a.owner, a.balance, getattr(a, "balance"), getattr(a, "missing", "n/a"))
setattr(accts[0], "owner", "anne")
print(Account.count, accts[0].owner, [a.owner for a in accts])
try:
    accts[0].deposit(-1)
except ValueError as e:
    print("ValueError:", e)
