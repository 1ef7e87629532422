# Driver (written for vmsample's corpus) of Jinja2 (with MarkupSafe's pure-Python escaping): templates rendered.
from jinja2 import DictLoader, Environment, StrictUndefined, TemplateSyntaxError, UndefinedError, select_autoescape

templates = {
    "base.html": "<html><title>{% block title %}Site{% endblock %}</title><body>{% block body %}{% endblock %}</body></html>",
    "page.html": """{% extends "base.html" %}{% import "macros.html" as m %}
{% block title %}{{ page.title|title }} - {{ super() }}{% endblock %}
{% block body %}
{{ m.list(items) }}
{% for user in users|sort(attribute="age") if user.active %}
  {{ loop.index }}/{{ loop.length }} {{ user.name|e }} ({{ user.age }}){% if not loop.last %},{% endif %}
{% else %}nobody{% endfor %}
{% set total = users|sum(attribute="age") %}total={{ total }} mean={{ "%.2f"|format(total / users|length) }}
{{ page.body|striptags|truncate(20) }} {{ "<b>raw</b>"|safe }} {{ "<i>esc</i>" }}
{% with x = 42 %}{{ x is divisibleby 7 }} {{ x is even }}{% endwith %}
{{ users|map(attribute="name")|join(", ") }} {{ users|groupby("active")|list|length }} {{ range(5)|batch(2)|list }}
{% filter upper %}shout {{ page.title }}{% endfilter %}
{% endblock %}""",
    "macros.html": "{% macro list(items, cls='x') %}<ul class=\"{{ cls }}\">{% for i in items %}<li>{{ i }}</li>{% endfor %}</ul>{% endmacro %}",
}
env = Environment(loader=DictLoader(templates), autoescape=select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True)
env.filters["reverse_words"] = lambda s: " ".join(reversed(s.split()))
users = [{"name": "Zoë <admin>", "age": 41, "active": True}, {"name": "bob", "age": 25, "active": False},
         {"name": "carol", "age": 33, "active": True}]
page = {"title": "the inventory", "body": "<p>Some <em>long</em> body text that needs truncating</p>"}
print(env.get_template("page.html").render(page=page, users=users, items=["a&b", 2, None]))
print(env.from_string("{{ 'one two three'|reverse_words }} {{ 2 ** 10 }} {{ [3, 1, 2]|sort|first }} {{ {'b': 1, 'a': 2}|dictsort }}").render())
print(env.from_string("{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %} {{ d.missing is defined }} {{ n|default('none') }}").render(d={"x": 1, "y": [1, 2]}))
print(env.from_string("{{ '%s-%s'|format(a, b) }} {{ 'x'|center(7)|replace(' ', '.') }} {{ 12345.678|round(1) }} {{ -3|abs }}").render(a=1, b=2))
try:
    Environment(undefined=StrictUndefined).from_string("{{ nope.attr }}").render()
except UndefinedError as e:
    print("undefined:", e)
try:
    env.from_string("{% for x in %}")
except TemplateSyntaxError as e:
    print("syntax:", e.message, e.lineno)
compiled = Environment().compile("{{ a + b }}", raw=True)
print("def root" in compiled, Environment().from_string("{{ a + b }}").render(a=2, b=3))
print(Environment(autoescape=True).from_string("{{ x }}").render(x="<script>"))
