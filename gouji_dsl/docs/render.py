"""Output: a rulebook document as Markdown or HTML, through the Jinja2 templates
(`templates/rulebook.{md,html}.j2`), with inline text escaped for each format."""
from __future__ import annotations

import functools
import re
from importlib import resources

import jinja2
from markupsafe import Markup, escape

from gouji_dsl.prose.document import Document
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.docs.pictures import faces_svg
from gouji_dsl.prose.text import Seg, Text
from gouji_dsl.lang.highlight import CSS as HIGHLIGHT_CSS
from gouji_dsl.lang.highlight import formula_html
from gouji_dsl.messages import msg

FORMATS = ("md", "html")


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#~&])")
# Rule files' strings may hold line breaks ("\n" and "\t" escapes): in Markdown a
# break inside a heading, a table row or an emphasis ends it, so they are folded.
_MD_BREAKS = re.compile(r"[\n\t]")
# What turns a line into a list item, thematic break or setext underline when a
# string starts a paragraph: escaped there (`*`, `#` and `>` are escaped everywhere).
_MD_LINE_START = re.compile(r"(\d{1,9})([.)])|[-+=]")


def md_text(text: str) -> str:
    """A string as Markdown text: markup characters escaped, line breaks folded to spaces."""
    return _MD_SPECIAL.sub(r"\\\1", _MD_BREAKS.sub(" ", text))


def md_line_start(text: str) -> str:
    """Markdown text that may begin a line, unable to open a block: leading spaces (four
    start a code block) dropped, a leading list or thematic-break marker escaped."""
    text = text.lstrip(" ")
    found = _MD_LINE_START.match(text)
    if found is None:
        return text
    if found.group(1):  # "1." or "1)": escape the punctuation after the number
        return found.group(1) + "\\" + text[len(found.group(1)):]
    return "\\" + text


def md_code(text: str) -> str:
    text = _MD_BREAKS.sub(" ", text)  # a code span cannot cross a line either
    ticks = "`"
    while ticks in text:
        ticks += "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def _merged(text: Text) -> list[Seg]:
    """Adjacent segments of one kind joined (so strong text is one span)."""
    out: list[Seg] = []
    for seg in text.segs:
        if out and out[-1].kind == seg.kind and seg.kind in ("text", "strong", "code"):
            out[-1] = Seg(seg.kind, out[-1].text + seg.text)
        else:
            out.append(seg)
    return out


def md_inline(text: Text) -> str:
    out = []
    for s in _merged(text):
        if s.kind in ("code", "cards"):   # Markdown has no pictures: a card group as players write it
            out.append(md_code(s.text))
        elif s.kind == "strong":
            out.append(f"**{md_text(s.text)}**")
        elif s.kind == "text":
            out.append(md_text(s.text))
        else:
            raise RulebookError(msg("commands.book.unresolved_segment", kind=s.kind, text=s.text))
    return "".join(out).replace("\n", " ")


def md_para(text: Text) -> str:
    """Inline text that starts a paragraph."""
    return md_line_start(md_inline(text))


# A card group written as code ("7 7 7", "10 10 J", "4 SJ"): two or more ranks and jokers,
# one space apart (a group that a line could break).
_CARD_GROUP = re.compile(r"(?:10|[2-9JQKA]|SJ|BJ)(?: (?:10|[2-9JQKA]|SJ|BJ))+")


def html_inline(text: Text, faces=None) -> Markup:
    """Inline text as HTML; `faces(cards)` draws a card group (else it is a code span)."""
    out = []
    for s in _merged(text):
        if s.kind == "cards" and faces is not None:
            out.append(faces(s.text))
        elif s.kind in ("code", "cards"):
            card_group = s.kind == "cards" or _CARD_GROUP.fullmatch(s.text)  # print.css keeps it on one line
            out.append(Markup('<code class="cards">{}</code>' if card_group else '<code>{}</code>').format(s.text))
        elif s.kind == "strong":
            out.append(Markup("<strong>{}</strong>").format(s.text))
        elif s.kind == "text":
            out.append(escape(s.text))
        else:
            raise RulebookError(msg("commands.book.unresolved_segment", kind=s.kind, text=s.text))
    return Markup("").join(out)


@functools.lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("gouji_dsl.docs", "templates"),
        undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
        autoescape=lambda name: bool(name) and ".html" in name)
    env.filters["md"] = md_inline
    env.filters["mdpara"] = md_para
    env.filters["mdtext"] = md_text
    env.filters["mdcode"] = md_code
    env.filters["html"] = _html_filter
    env.filters["formula_html"] = formula_html
    return env


@jinja2.pass_context
def _html_filter(context, text: Text) -> Markup:
    """The `html` filter: inline text, its card groups drawn as card faces in the book's language."""
    doc = context.get("doc")
    if doc is None:
        return html_inline(text)
    return html_inline(text, lambda group: faces_svg(group, doc.lang, doc.extra_cards))


@functools.lru_cache(maxsize=1)
def pictures_css() -> str:
    """How the pictures sit on the page (templates/pictures.css): card faces, the seating diagram, the quick card."""
    return (resources.files("gouji_dsl.docs") / "templates" / "pictures.css").read_text(encoding="utf-8")


@functools.lru_cache(maxsize=1)
def print_css() -> str:
    """The print layout (A4 pages, page numbers, what must not break), kept as plain CSS."""
    return (resources.files("gouji_dsl.docs") / "templates" / "print.css").read_text(encoding="utf-8")


def render(doc: Document, fmt: str) -> str:
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}: expected md or html")
    template = _environment().get_template(f"rulebook.{fmt}.j2")
    if fmt == "html":
        doc.highlight_css = HIGHLIGHT_CSS
        text = template.render(doc=doc, print_css=Markup(print_css()), pictures_css=Markup(pictures_css()))
    else:
        text = template.render(doc=doc)
    if fmt == "md":
        text = _tidy_markdown(text)
    return text.rstrip("\n") + "\n"


def _tidy_markdown(text: str) -> str:
    """At most one blank line in a row, outside fenced code (rule files are shown as written)."""
    out: list[str] = []
    fence = None
    for line in text.split("\n"):
        stripped = line.strip()
        if fence is None and stripped.startswith("```"):
            fence = stripped[:len(stripped) - len(stripped.lstrip("`"))]
        elif fence is not None and stripped == fence:
            fence = None
        elif fence is None and not stripped and out and not out[-1].strip():
            continue
        out.append(line.rstrip() if fence is None else line)
    return "\n".join(out)

