# Driver (written for vmsample's corpus) of mistune: Markdown to HTML and to an AST, with its plugins.
import mistune

TEXT = """# Title with *emphasis*

A paragraph with **strong**, `code`, a [link](http://example.com "title") and an ![image](i.png).
Auto link: <https://example.org>, footnote[^1], ~~strike~~ and a line
break.

> quoted
> > nested

1. first
2. second
   - nested bullet
   - [x] done task
   - [ ] open task

```python
def f(x):
    return x < 1 and x > 0
```

| a | b |
|---|:-:|
| 1 | 2 |

Term
: definition

***

[^1]: The footnote.

<div class="raw">raw html</div>
"""

markdown = mistune.create_markdown(plugins=["strikethrough", "footnotes", "table", "task_lists", "url", "def_list", "abbr", "mark"])
print(markdown(TEXT))
print(mistune.html("plain *text* & <escaped>"), mistune.markdown("# h", escape=False))
ast = mistune.create_markdown(renderer=None)("# Head\n\nsome *text*\n\n- a\n- b\n")
print(ast)
safe = mistune.create_markdown(escape=True, hard_wrap=True)
print(safe("<b>bold</b>\nnext line"))


class Shout(mistune.HTMLRenderer):
    def heading(self, text, level, **attrs):
        return f"<h{level}>{text.upper()}</h{level}>\n"

    def codespan(self, text):
        return f"<kbd>{text}</kbd>"


print(mistune.create_markdown(renderer=Shout())("## quiet heading\n\nuse `ls -la` here"))
