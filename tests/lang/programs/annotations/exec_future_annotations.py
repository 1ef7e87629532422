# Checks: exec of source that starts with from __future__ import annotations keeps its annotations as strings
import textwrap
scope = {}
exec(textwrap.dedent('''
from __future__ import annotations
class C3:
    a: List[list["C2"]]
'''), scope)
print(scope['C3'].__annotations__)
exec("from __future__ import annotations\ndef f(x: Undefined) -> Nope: pass\n", scope)
print(scope['f'].__annotations__)
