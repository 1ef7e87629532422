# Driver (written for vmsample's corpus) of PyYAML, pure Python (the sdist's lib/yaml; no libyaml).
import yaml

DOC = """
%YAML 1.1
---
anchors:
  base: &base {name: base, size: 10, tags: [a, b]}
  derived:
    <<: *base
    size: 20
scalars: [~, true, no, 0x1F, 0o17, 1_000, 3.5e-2, .inf, -.NaN, 2024-02-29, 2024-02-29 12:30:00, "quoted\\ttab", 'single', !!str 123]
block: |
  literal
   text
folded: >
  folded
  text
set: !!set {x, y}
omap: !!omap [a: 1, b: 2]
binary: !!binary aGVsbG8=
nested:
  - [1, [2, [3]]]
  - {k: v, list: [{a: 1}]}
...
"""
data = yaml.safe_load(DOC)
print(sorted(data), data["anchors"]["derived"], data["scalars"][:9], data["scalars"][9:11], data["scalars"][11:])
print(repr(data["block"]), repr(data["folded"]), sorted(data["set"]), data["omap"], data["binary"], data["nested"])
print(yaml.dump(data["anchors"], sort_keys=True), end="")
print(yaml.safe_dump({"z": [1, 2, {"a": None}], "text": "multi\nline", "u": "é☃", "f": 1.0}, default_flow_style=False, allow_unicode=True), end="")
print(yaml.dump([{"a": 1}, ["x", "y"]], default_flow_style=True, explicit_start=True, explicit_end=True), end="")
docs = list(yaml.safe_load_all("---\na: 1\n---\n- b\n---\nplain\n"))
print(docs, [e.__class__.__name__ for e in yaml.parse("a: [1, 2]")])
print([t.__class__.__name__ for t in yaml.scan("k: v")], yaml.compose("x: 1").value[0][0].tag)


class Monster(yaml.YAMLObject):
    yaml_tag = "!Monster"
    yaml_loader = yaml.SafeLoader

    def __init__(self, name, hp):
        self.name, self.hp = name, hp

    def __repr__(self):
        return f"Monster({self.name!r}, {self.hp})"


print(yaml.safe_load("- !Monster {name: Dragon, hp: 80}"), yaml.dump(Monster("Orc", 5)), end="")
for bad in ["a: [1, 2", "key: value\n bad indent: x", "- a\nb: c", "!!python/object:os.system x"]:
    try:
        yaml.safe_load(bad)
    except yaml.YAMLError as e:
        print("error:", str(e).replace("\n", " | ")[:150])
