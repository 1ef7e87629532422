# Checks: bound methods keep their instance, methods stored and called later, and methods mutating shared state.
class Stack:
    def __init__(self):
        self.items = []
    def push(self, x):
        self.items.append(x)
        return self
    def pop(self):
        return self.items.pop()
    def peek(self):
        return self.items[-1] if self.items else None
    def __len__(self):
        return len(self.items)
s = Stack()
push = s.push
push(1)
push(2).push(3)
print(len(s), s.peek(), s.pop(), len(s))
t = Stack()
actions = [s.push, t.push, s.push]
for i, act in enumerate(actions):
    act(i * 10)
print(s.items, t.items, bool(Stack()), bool(s))
