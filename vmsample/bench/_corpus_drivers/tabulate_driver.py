# Driver (written for vmsample's corpus) of tabulate: tables in many formats, numbers aligned.
from tabulate import tabulate

rows = [["Sun", 696000, 1989100000.0, None], ["Earth", 6371, 5973.6, "home"],
        ["Moon", 1737, 73.5, "1.23"], ["Mars", 3390, 641.85, "-0.5"]]
headers = ["Planet", "R (km)", "mass (x 10^21 kg)", "note"]
for fmt in ["plain", "simple", "grid", "fancy_grid", "pipe", "orgtbl", "rst", "html", "latex",
            "mediawiki", "psql", "github", "tsv", "moinmoin", "jira", "textile", "rounded_outline"]:
    print(fmt)
    print(tabulate(rows, headers, tablefmt=fmt))
print(tabulate(rows, headers="firstrow", floatfmt=".2f", missingval="?", showindex=True))
print(tabulate({"name": ["a", "bb"], "value": [1.5, 22]}, headers="keys", numalign="left", stralign="right"))
print(tabulate([{"x": 1, "y": "two"}, {"x": 3}], headers="keys", tablefmt="grid"))
print(tabulate([["a\nmultiline", 1], ["b", 22222]], tablefmt="grid", colalign=("center", "left")))
print(tabulate([[1.0, 2], [3.14159, -40]], intfmt=",", floatfmt=("g", ".1f"), disable_numparse=False))
print(tabulate([["word " * 6, 3]], maxcolwidths=[12, None], tablefmt="simple_grid"))
