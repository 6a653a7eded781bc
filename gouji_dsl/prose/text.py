"""Inline text of the rulebooks: our own templates (trusted) with model values (always escaped).

    T("每人发{c}张牌", c=9)      # a template: {values}, `code`, [[glossary terms]], **strong**
    plain(x), code(x), join([...], lang)

A bool or None put into prose is an error: a yes/no rule needs a sentence
for each value, never the word "True".
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from gouji_dsl.messages import msg
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.prose.terms import GLOSSARY_BY_ZH

LANGS = ("zh", "en")


@dataclass(frozen=True)
class Seg:
    kind: str          # text | code | strong | term
    text: str
    alt: str = ""      # for terms: the English surface form
    style: str = ""    # for terms: "strong" inside ** **


@dataclass(frozen=True)
class Text:
    segs: tuple[Seg, ...] = ()

    def __add__(self, other: "Text | str") -> "Text":
        other = other if isinstance(other, Text) else plain(other)
        return Text(self.segs + other.segs)

    def plain(self) -> str:
        return "".join(s.text for s in self.segs)


def plain(value: Any) -> Text:
    return Text((Seg("text", str(value)),))


def code(value: Any) -> Text:
    return Text((Seg("code", str(value)),))


_TOKEN = re.compile(r"\{(\w+)\}|(`)|\[\[([^\]|]+)(?:\|([^\]]+))?\]\]|(\*\*)")


def T(template: str, **values: Any) -> Text:
    """Inline text from one of this module's templates.

    `{name}` inserts a value (a str or int becomes plain text, escaped on
    output; a Text is spliced); text between
    backticks is a code span (values inside it too); `[[级牌]]` or
    `[[级牌|gouji plays]]` is a glossary term (in English its first use gets
    the Chinese beside it); text between `**` is strong.
    """
    segs: list[Seg] = []
    in_code = in_strong = False

    def add(text: str) -> None:
        if text:
            segs.append(Seg("code" if in_code else "strong" if in_strong else "text", text))

    pos = 0
    for match in _TOKEN.finditer(template):
        add(template[pos:match.start()])
        name, tick, term, surface, stars = match.groups()
        if name is not None:
            if name not in values:
                raise RulebookError(msg("commands.book.template_value_missing", name=name, template=template))
            value = values[name]
            if in_code or in_strong:
                add(value.plain() if isinstance(value, Text) else _checked_str(value))
            else:
                segs.extend(_value_segs(value))
        elif tick is not None:
            in_code = not in_code
        elif term is not None:
            if term not in GLOSSARY_BY_ZH:
                raise RulebookError(msg("commands.book.term_not_in_glossary", term=term))
            if in_code:
                raise RulebookError(msg("commands.book.term_in_code", template=template))
            segs.append(Seg("term", term, surface or GLOSSARY_BY_ZH[term].en, "strong" if in_strong else ""))
        else:
            in_strong = not in_strong
        pos = match.end()
    add(template[pos:])
    if in_code or in_strong:
        raise RulebookError(msg("commands.book.unbalanced", template=template))
    return Text(tuple(segs))


def _checked_str(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        raise RulebookError(msg("commands.book.prose_without_sentence", value=value))
    return str(value)


def _value_segs(value: Any) -> tuple[Seg, ...]:
    if isinstance(value, Text):
        return value.segs
    if isinstance(value, bool) or value is None:
        raise RulebookError(msg("commands.book.prose_without_sentence", value=value))
    return (Seg("text", str(value)),)


def join(items: Sequence[Any], lang: str, last_zh: str = "和", last_en: str = "and") -> Text:
    """'A、B和C' / 'A, B and C'."""
    parts = [i if isinstance(i, Text) else plain(i) for i in items]
    out = Text()   # no parts: empty; one part: that part alone
    if lang == "zh":
        for i, part in enumerate(parts):
            if i:
                out += plain(last_zh if i == len(parts) - 1 else "、")
            out += part
        return out
    last = f"{last_en} " if last_en in (",", ";") else f" {last_en} "
    for i, part in enumerate(parts):
        if i:
            out += plain(last if i == len(parts) - 1 else ", ")
        out += part
    return out


_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve")


def num(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def Num(n: int) -> str:
    word = num(n)
    return word[0].upper() + word[1:]


def cards_en(n: int) -> str:
    return f"{num(n)} card" + ("" if n == 1 else "s")


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 joker', '2 jokers'."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def circles(n: int, lang: str) -> str:
    if lang == "zh":
        return {1: "一", 2: "两", 3: "三"}.get(n, str(n)) + "圈"
    return "one full circle" if n == 1 else f"{num(n)} full circles"

