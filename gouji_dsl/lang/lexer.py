"""A Pygments lexer for the Gouji rule language (grammar/gouji.lark).

Used by the rulebooks to show a variant's rule files highlighted. It follows
the grammar's tokens: `#` comments, the header line (`abstract variant NAME
extends NAME`), section headers (`[flow]`, `[烧牌]`), `key =` settings
and tables (`key +=` and `key -=` for table rows),
citations (`@000:L15`, `@000:L61-67`, `@D12`), strings, numbers, names
(ASCII or Chinese), function calls, table rows between pipes, operators and
the words `and`, `or`, `not`. Every character of a valid rule file gets a
token; none is an error token (tests/test_rulebook.py checks this for every
variant).
"""
from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, include
from pygments.token import (Comment, Keyword, Name, Number, Operator, Punctuation, String, Text,
                            Whitespace)

__all__ = ["GoujiLexer"]

# The grammar's NAME: ASCII identifiers or Chinese terms (买3, 烧牌, ...).
_NAME = r"[A-Za-z_\u3400-\u9fff][A-Za-z0-9_\u3400-\u9fff]*"
_VNAME = r"[a-z\u3400-\u9fff][a-z0-9\u3400-\u9fff]*(?:-[a-z0-9\u3400-\u9fff]+)*"
_CONSTANTS = ("yes", "no", "true", "false", "none", "是", "否", "有", "无")


class GoujiLexer(RegexLexer):
    """Lexer for Gouji rule files (`*.gouji`)."""

    name = "Gouji rules"
    aliases = ["gouji"]
    filenames = ["*.gouji"]
    mimetypes = ["text/x-gouji"]

    tokens = {
        "root": [
            (r"\n", Whitespace),
            (r"[ \t]+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            # Header: [abstract] variant NAME [extends NAME]
            (r"(abstract)(\s+)(variant)(\s+)(" + _VNAME + r")",
             bygroups(Keyword, Whitespace, Keyword.Declaration, Whitespace, Name.Class)),
            (r"(variant)(\s+)(" + _VNAME + r")", bygroups(Keyword.Declaration, Whitespace, Name.Class)),
            (r"(extends)(\s+)(" + _VNAME + r")", bygroups(Keyword, Whitespace, Name.Class)),
            # Section header: [name]
            (r"(\[)([ \t]*)(" + _NAME + r")([ \t]*)(\])(?=[ \t]*(?:#[^\n]*)?$)",
             bygroups(Punctuation, Whitespace, Name.Namespace, Whitespace, Punctuation)),
            # A setting or table key: name =, or a table change: name += / name -=; the rest of the
            # line is its value (where `[luo]` is a list, not a section header).
            (r"(" + _NAME + r")([ \t]*)(\+=|-=|=(?!=))", bygroups(Name.Attribute, Whitespace, Operator), "setting"),
            include("value"),
        ],
        "setting": [
            (r"\n", Whitespace, "#pop"),
            (r"[ \t]+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            include("value"),
        ],
        "value": [
            (r"@[A-Za-z0-9]+(?::L[0-9]+(?:-[0-9]+)?)?", Name.Decorator),
            (r'"', String.Double, "string"),
            (r"\.\.", Operator),
            (r"<=|>=|==|!=|<|>|\+|-|\*|/", Operator),
            (r"(and|or|not)\b", Operator.Word),
            (r"(" + "|".join(_CONSTANTS) + r")(?![A-Za-z0-9_\u3400-\u9fff])", Keyword.Constant),
            (r"(" + _NAME + r")([ \t]*)(\()", bygroups(Name.Function, Whitespace, Punctuation)),
            (r"[0-9]+", Number.Integer),
            (_NAME, Name),
            (r"\|", Punctuation),
            (r"[\[\](),=]", Punctuation),
            # Anything else (not valid in a rule file) is shown plainly rather than as an error.
            (r".", Text),
        ],
        "string": [
            (r'\\[^\n\r]', String.Escape),
            (r'[^"\\\n\r]+', String.Double),
            (r'"', String.Double, "#pop"),
            (r"\n", Whitespace, "#pop:2"),  # an unterminated string ends at the line's end, and its setting
        ],
    }
