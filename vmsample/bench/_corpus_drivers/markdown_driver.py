# Driver (written for vmsample's corpus) of Python-Markdown: Markdown to HTML with its extensions.
import markdown

TEXT = """Title {#top}
=====

Some *emphasis*, **strong**, `code` and a [link][ref] with an abbreviation: HTML.

[ref]: http://example.com "Example"
*[HTML]: Hyper Text Markup Language

> a quote
> with two lines

* item one
* item two
    1. nested
    2. list

```python
print("fenced")
```

| Col A | Col B |
|-------|------:|
| 1     |     2 |

Term
:   Definition.

Footnote reference[^note].

[^note]: The note.

[TOC]
"""
md = markdown.Markdown(extensions=["extra", "toc", "sane_lists", "smarty", "admonition", "codehilite", "nl2br"],
                       extension_configs={"codehilite": {"use_pygments": False}})
print(md.convert(TEXT))
print(md.toc)
md.reset()
print(markdown.markdown("!!! note \"Careful\"\n    Admonition body.", extensions=["admonition"]))
print(markdown.markdown("line one\nline two  \nthree & <tag> 'quotes' -- dashes...", extensions=["smarty"]))
print(markdown.markdown("<div markdown=\"1\">*inside*</div>", extensions=["md_in_html"]), markdown.markdown("# h", output_format="html"))
