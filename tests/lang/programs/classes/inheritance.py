# Checks: single inheritance, method overriding, super().__init__ and super().method, isinstance chains.
class Animal:
    kind = "animal"
    def __init__(self, name):
        self.name = name
    def speak(self):
        return self.name + " makes a sound"
    def describe(self):
        return self.kind + ": " + self.speak()
class Dog(Animal):
    kind = "dog"
    def __init__(self, name, breed):
        super().__init__(name)
        self.breed = breed
    def speak(self):
        return self.name + " barks"
class Puppy(Dog):
    def speak(self):
        return super().speak() + " softly"
for a in [Animal("generic"), Dog("Rex", "lab"), Puppy("Bit", "pug")]:
    print(a.describe(), type(a).__name__, isinstance(a, Animal), isinstance(a, Dog), isinstance(a, Puppy))
p = Puppy("Tiny", "corgi")
print(p.breed, p.kind, Animal.speak(p))
print(isinstance(p, (int, Dog)), isinstance(3, (str, float)))
