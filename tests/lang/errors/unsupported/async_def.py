# Refused: coroutine functions (async def).
# refused: 5:5 'async def'
print("never printed")
class Service:
    async def fetch(self):
        return 1
print(Service)
