# Driver (written for vmsample's corpus) of jmespath: JSON queries, compiled and evaluated.
import jmespath
from jmespath import exceptions, functions

data = {"locations": [{"name": "Seattle", "state": "WA", "pop": 737015}, {"name": "New York", "state": "NY", "pop": 8804190},
                      {"name": "Bellevue", "state": "WA", "pop": 151854}, {"name": "Olympia", "state": "WA", "pop": 55605}],
        "people": [{"first": "Ann", "age": 41, "tags": ["a", "b"]}, {"first": "Bo", "age": 17, "tags": []}],
        "meta": {"version": "1.0", "nested": {"deep": [1, [2, [3, 4]]]}}}
for expr in ["locations[?state == 'WA'].name | sort(@) | {WashingtonCities: join(', ', @)}", "locations[0:2].name",
             "locations[*].{city: name, big: pop > `500000`}", "max_by(locations, &pop).name", "sort_by(people, &age)[*].first",
             "people[?length(tags) > `0`].first", "meta.nested.deep[]", "meta.nested.deep[][]", "length(locations)",
             "locations[-1]", "sum(locations[*].pop)", "avg(people[*].age)", "keys(meta)", "people[*].[first, age]",
             "not_null(missing, meta.version)", "to_string(meta.nested)", "people[?age > `18` && contains(tags, 'a')] | [0].first",
             "locations[?starts_with(name, 'Be')].pop", "reverse(sort(locations[*].state))", "merge(meta, `{\"extra\": true}`)",
             "map(&length(name), locations)", "type(@)", "`[1, 2]` | [1]", "people[1].tags || 'none'"]:
    print(expr, "->", jmespath.search(expr, data))
compiled = jmespath.compile("a.b[*].c")
print(compiled.search({"a": {"b": [{"c": 1}, {"c": 2}, {"d": 3}]}}), compiled.parsed["type"])


class Custom(functions.Functions):
    @functions.signature({"types": ["string"]})
    def _func_shout(self, s):
        return s.upper() + "!"


print(jmespath.search("shout(meta.version)", data, options=jmespath.Options(custom_functions=Custom())))
for bad in ["foo[", "length(`1`)", "unknown_fn(@)", "a.`bad"]:
    try:
        jmespath.search(bad, data)
    except exceptions.JMESPathError as e:
        print(repr(bad), "->", type(e).__name__, str(e).splitlines()[0])
