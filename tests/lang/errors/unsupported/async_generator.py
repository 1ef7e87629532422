# Refused when it runs: async generators (an async def that yields); the lines before it run.
# refused: 5:5 async generator
print("printed")
class Service:
    async def fetch(self):
        yield 1
print(Service)
