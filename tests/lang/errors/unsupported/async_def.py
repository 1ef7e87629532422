# Refused when it runs: coroutine functions (async def); the lines before it run.
# refused: 5:5 'async def'
print("never printed")
class Service:
    async def fetch(self):
        return 1
print(Service)
