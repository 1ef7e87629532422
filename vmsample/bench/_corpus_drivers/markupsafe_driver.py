# Driver (written for vmsample's corpus) of MarkupSafe: HTML escaping and safe strings (the pure-Python implementation).
from markupsafe import Markup, escape, escape_silent, soft_str

print(escape("<script>alert('x & y')</script>"), escape(42), escape(None), escape_silent(None), soft_str(5))
m = Markup("<em>%s</em>") % "<b>"
print(m, Markup("<p>{name}</p>").format(name="<n>"), m + "<tail>", "<head>" + m, m * 2, repr(m))
print(Markup("<a href='#'>Link &amp; more</a>").striptags(), Markup("&lt;x&gt; &#65; &euro;").unescape())
print(Markup(", ").join(["<a>", Markup("<b>")]), Markup("<x>").upper(), Markup("a<b>c").split("<b>"), Markup("  <pad> ").strip())


class User:
    def __init__(self, name):
        self.name = name

    def __html__(self):
        return Markup("<span class='user'>%s</span>") % self.name

    def __html_format__(self, spec):
        return Markup("<u>%s</u>") % format(self.name, spec)


print(escape(User("<ann>")), Markup("{0:>6}!").format(User("bo")), Markup("%(a)s|%(b)s") % {"a": "<", "b": Markup("<")})
print(Markup("<i>x</i>").replace("x", "<y>"), Markup("a<b").center(9, "*"), Markup("%.2f") % 3.14159, Markup("<b>").__html__())
print(escape("\"quoted\" 'single'"), isinstance(escape("x"), str), Markup.escape("<z>"), len(escape("<<>>")))
