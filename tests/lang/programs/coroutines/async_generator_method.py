# Checks: an async def that yields is an async generator function; defining one in a class runs no code.
print("printed")
class Service:
    async def fetch(self):
        yield 1
print(Service)
