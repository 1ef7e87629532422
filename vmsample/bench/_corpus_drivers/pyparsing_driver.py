# Driver (written for vmsample's corpus) of pyparsing: grammars for arithmetic, key=value lists and a small language.
import pyparsing as pp

ppc = pp.pyparsing_common
integer = pp.Word(pp.nums).set_parse_action(lambda t: int(t[0]))
operand = ppc.number | pp.Word(pp.alphas, exact=1)
expr = pp.infix_notation(operand, [
    (pp.one_of("- +"), 1, pp.OpAssoc.RIGHT),
    (pp.one_of("* /"), 2, pp.OpAssoc.LEFT),
    (pp.one_of("+ -"), 2, pp.OpAssoc.LEFT),
])
for text in ["1 + 2 * 3", "(1 + 2) * 3", "-x / 4.5 - y", "2 * (a + b) * -c"]:
    print(text, "->", expr.parse_string(text, parse_all=True).as_list())

key = pp.Word(pp.alphas + "_", pp.alphanums + "_")
value = ppc.number | pp.QuotedString('"') | pp.Word(pp.alphanums)
pair = pp.Group(key("key") + pp.Suppress("=") + value("value"))
config = pp.Dict(pp.delimited_list(pair, delim=";"))
result = config.parse_string('name="demo"; size=42; ratio=0.75; mode=fast')
print(result.as_dict(), result["size"] + 1, result.dump())

ident = ppc.identifier
call = pp.Forward()
arg = ppc.number | pp.QuotedString("'") | call | ident
call <<= pp.Group(ident("fn") + pp.Suppress("(") + pp.Group(pp.Optional(pp.delimited_list(arg)))("args") + pp.Suppress(")"))
stmt = pp.Group(ident("target") + pp.Suppress(":=") + arg("expr")) + pp.Suppress(";")
program = pp.OneOrMore(stmt).ignore(pp.python_style_comment)
parsed = program.parse_string("x := f(1, g('a', h()), y); # comment\nz := 3.5;")
for s in parsed:
    print(s.target, s.expr.as_list() if isinstance(s.expr, pp.ParseResults) else s.expr)

print(ppc.iso8601_date.parse_string("2024-02-29").as_dict(), ppc.ipv4_address.parse_string("10.0.0.255")[0],
      ppc.comma_separated_list.parse_string("a, 'b, c', d").as_list(), ppc.fnumber.parse_string("-1.5e3")[0])
words = pp.Word(pp.alphas)
print([t[0] for t, s, e in words.scan_string("one 2 three 4 five")], words.transform_string("ab 12 cd"),
      pp.Word(pp.nums).search_string("a1b22c333").as_list())
try:
    integer.parse_string("abc")
except pp.ParseException as e:
    print("error:", e, e.line, e.col)
html_tag, end_tag = pp.make_html_tags("a")
link = html_tag + pp.SkipTo(end_tag)("text") + end_tag
print([(t.href, t.text) for t in link.search_string('<a href="/x">X</a> and <a href="/y">Why</a>')])
print(pp.nested_expr().parse_string("(a (b c) (d (e)))").as_list(), (integer * 3).parse_string("1 2 3").as_list())
