# Checks: id() of the small int -1, whose tagged form is the machine word -1 (the VM took it for an error and crashed: pickle.dumps(-1) looks up id(-1) in its memo).
import pickle

ids = {id(-1), id(-2), id(0)}
print(len(ids), isinstance(id(-1), int), id(-1) == id(-1))
print(pickle.loads(pickle.dumps(-1)), pickle.loads(pickle.dumps([-1, (-1,), {-1: -1}])))
print(pickle.dumps(-1, protocol=0), pickle.dumps(-1, protocol=2))
