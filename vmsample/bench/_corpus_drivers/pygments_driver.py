# Driver (written for vmsample's corpus) of Pygments: source code lexed and highlighted in several formats.
from pygments import highlight, lex
from pygments.formatters import HtmlFormatter, LatexFormatter, NullFormatter, RawTokenFormatter, TerminalFormatter
from pygments.lexers import CLexer, JsonLexer, PythonLexer, SqlLexer, get_lexer_by_name, guess_lexer_for_filename
from pygments.styles import get_style_by_name
from pygments.token import Token

PY = '''@decorator
def fib(n: int = 10) -> list[int]:
    """Fibonacci."""
    a, b = 0, 1
    result = [a for _ in range(n) if n > 0x1F or n != 0o7]
    return f"{a!r:>10}" + r'\\d+' # comment
'''
print(highlight(PY, PythonLexer(), HtmlFormatter(linenos="table", cssclass="src")))
print(highlight(PY, PythonLexer(), TerminalFormatter()))
print(highlight("int main(void) { return printf(\"%d\\n\", 42); }", CLexer(), LatexFormatter()))
print(highlight('{"a": [1, 2.5, true, null], "b": "\\u00e9"}', JsonLexer(), RawTokenFormatter()).decode())
print([(str(t), v) for t, v in lex("SELECT name, COUNT(*) FROM t WHERE x >= 3 GROUP BY name;", SqlLexer()) if t not in Token.Text.Whitespace][:12])
print(highlight("echo $HOME | grep -c x && exit 1", get_lexer_by_name("bash"), NullFormatter()), end="")
print(guess_lexer_for_filename("x.rb", "puts 'hi'").name, get_lexer_by_name("yaml").name, get_lexer_by_name("rust").aliases)
style = get_style_by_name("monokai")
print(style.background_color, style.style_for_token(Token.Keyword), len(HtmlFormatter(style="friendly").get_style_defs(".hl").splitlines()))
print(sum(1 for _ in lex(open(__file__).read(), PythonLexer())))
