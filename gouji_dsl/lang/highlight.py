"""Rule files and formulas as highlighted HTML, for the HTML rulebooks.

The tokens come from our lexer (gouji_dsl/lexer.py); the HTML, the class names
and the CSS are ours, not Pygments' HtmlFormatter's. The rulebooks are
committed output checked by `gouji build --check`, and Pygments' formatter
changes its markup between releases (how it escapes quotes, its wrappers, its
stylesheet), so a fresh install with a newer Pygments would find every book
stale. What remains of Pygments here is its RegexLexer engine running our
own regular expressions, which gives the same tokens in every release.
"""
from __future__ import annotations

import functools
import html

from markupsafe import Markup
from pygments.token import Comment, Keyword, Name, Number, Operator, String

from gouji_dsl.lang.lexer import GoujiLexer

# Token type -> CSS class, most specific first (a token takes the first entry it
# falls under). Tokens not listed (plain names, punctuation, spaces) get no span.
# The prefix keeps the classes apart from the page's own (.num, .rule, ...).
_CLASSES = (
    (Comment, "g-comment"),
    (Keyword.Constant, "g-constant"),
    (Keyword, "g-keyword"),
    (Name.Class, "g-variant"),
    (Name.Namespace, "g-section"),
    (Name.Attribute, "g-key"),
    (Name.Decorator, "g-cite"),
    (Name.Function, "g-function"),
    (String.Escape, "g-escape"),
    (String, "g-string"),
    (Number, "g-number"),
    (Operator.Word, "g-word"),
    (Operator, "g-operator"),
)

# The colours of Pygments' default style, so the books look as they did.
CSS = """\
.highlight .g-ln { color: #9a968c; padding-right: 0.8em; user-select: none; }
.highlight .g-comment { color: #3d7b7b; font-style: italic; }
.highlight .g-keyword, .highlight .g-constant { color: #008000; font-weight: bold; }
.highlight .g-variant, .highlight .g-section { color: #0000ff; font-weight: bold; }
.highlight .g-key { color: #687822; }
.highlight .g-cite { color: #aa22ff; }
.highlight .g-function { color: #0000ff; }
.highlight .g-string { color: #ba2121; }
.highlight .g-escape { color: #aa5d1f; font-weight: bold; }
.highlight .g-number, .highlight .g-operator { color: #666666; }
.highlight .g-word { color: #aa22ff; font-weight: bold; }"""


@functools.lru_cache(maxsize=None)  # a few dozen token types; a book asks tens of thousands of times
def css_class(token) -> str | None:
    """The CSS class of a token type, or None for text shown plainly."""
    for kind, name in _CLASSES:
        if token in kind:
            return name
    return None


def _lines(text: str) -> list[list[tuple[str | None, str]]]:
    """The text's tokens as (class, text) pieces, line by line, without the newlines.

    A token that spans lines is cut at each newline, so every line's spans are
    closed on that line (a line anchor never falls inside a span). Neighbouring
    pieces of the same class are merged (a string's quotes and its text)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines: list[list[tuple[str | None, str]]] = [[]]

    def add(cls: str | None, piece: str) -> None:
        line = lines[-1]
        if line and line[-1][0] == cls:
            line[-1] = (cls, line[-1][1] + piece)
        elif piece:
            line.append((cls, piece))

    # get_tokens_unprocessed: exactly our text, without Pygments' input clean-up.
    for _index, token, value in GoujiLexer().get_tokens_unprocessed(text):
        cls = css_class(token)
        first, *rest = value.split("\n")
        add(cls, first)
        for piece in rest:
            lines.append([])
            add(cls, piece)
    if text.endswith("\n"):
        lines.pop()  # the empty "line" after the last newline
    return lines


def _escape(text: str) -> str:
    # The standard library's escaping, not a formatter's: the same in every release.
    return html.escape(text, quote=False)


def _line_html(pieces: list[tuple[str | None, str]]) -> str:
    return "".join(f'<span class="{cls}">{_escape(value)}</span>' if cls else _escape(value)
                   for cls, value in pieces)


# A build writes each rule file into six books (two languages, three formats): highlighted once.
@functools.lru_cache(maxsize=16)
def source_html(text: str, anchor: str) -> Markup:
    """A whole rule file: numbered lines, line n with the id `{anchor}-{n}` (for links to a rule's line)."""
    lines = _lines(text)
    width = len(str(len(lines)))
    anchor = html.escape(anchor, quote=True)
    body = "\n".join(f'<a id="{anchor}-{number}"></a><span class="g-ln">{str(number).rjust(width)}</span>'
                     + _line_html(pieces) for number, pieces in enumerate(lines, start=1))
    return Markup(f'<div class="highlight"><pre><code>{body}\n</code></pre></div>\n')


def formula_html(source: str) -> Markup:
    """A formula (a rule's expression) on its own, without line numbers."""
    body = "\n".join(_line_html(pieces) for pieces in _lines(source))
    return Markup(f'<div class="highlight formula"><pre>{body}</pre></div>\n')
