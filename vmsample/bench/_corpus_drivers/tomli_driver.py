# Driver (written for vmsample's corpus) of tomli: TOML documents parsed, and its errors.
import tomli

DOC = '''
# This is a TOML document
title = "TOML Example"
"quoted key" = 'literal \\n string'
multi = """
Roses are red
  Violets are blue"""
raw = \'\'\'C:\\Users\\nodejs\'\'\'

[owner]
name = "Tom Preston-Werner"
dob = 1979-05-27T07:32:00-08:00
local = 1979-05-27T07:32:00
day = 1979-05-27
time = 07:32:00.999

[database]
enabled = true
ports = [ 8000, 8001, 8002 ]
data = [ ["delta", "phi"], [3.14] ]
temp_targets = { cpu = 79.5, case = 72.0 }
hex = 0xDEAD_BEEF
oct = 0o755
bin = 0b1101
big = 1_000_000
exp = -6.02e+23
specials = [inf, -inf]

[servers.alpha]
ip = "10.0.0.1"
role = "frontend"

[[products]]
name = "Hammer"
sku = 738594937

[[products]]

[[products]]
name = "Nail"
color = "gray"
dotted.key.path = "deep"
'''

doc = tomli.loads(DOC)


def show(value, indent=""):
    if isinstance(value, dict):
        for k in value:
            print(f"{indent}{k}:")
            show(value[k], indent + "  ")
    else:
        print(f"{indent}{type(value).__name__} {value!r}")


show(doc)
print(tomli.loads("x = nan")["x"] != tomli.loads("x = nan")["x"], tomli.loads("v = 0.1", parse_float=str))
for bad in ["a = ", "[t]\n[t]", "x = 1\nx = 2", "s = 'unterminated", "d = 1979-13-01", "k = [1,,2]", "= 3"]:
    try:
        tomli.loads(bad)
    except tomli.TOMLDecodeError as e:
        print(repr(bad), "->", e)
