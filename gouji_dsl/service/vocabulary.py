"""The words of the rule language, for hover and completion: every section, rule, column and value
with its names in both languages and its meaning.

One source: `gouji show --rules`' reference (docs/show.py `rules_reference`), built from the rule
schema, so the editor, the listing and the rulebooks say the same. It is put into words once per
language.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from gouji_dsl.docs.meanings_zh import meaning as meaning_of
from gouji_dsl.docs.show import rules_reference
from gouji_dsl.messages import msg, use_language
from gouji_dsl.model.expr import ChoiceT, ExprT
from gouji_dsl.model.types import (BOOL_ZH, CARD_ALIASES, BoolT, CardT, EnumT, ListT, NumberOrNameT, OptionalT, RangeT,
                                   VType)


@functools.lru_cache(maxsize=2)
def reference(language: str) -> dict[str, Any]:
    """`rules_reference()` with its sentences in `language`."""
    with use_language(language):
        return rules_reference()


def rule_info(language: str, section: str, rule: str) -> dict[str, Any] | None:
    found = reference(language)["sections"].get(section)
    return found["rules"].get(rule) if found is not None else None


def meaning(item: dict[str, Any], language: str) -> str:
    return item["meaning_zh"] if language == "zh" else item["meaning"]


@dataclass(frozen=True)
class Word:
    """A value a rule may take: how it is written in each language, and what it means."""

    name: str
    zh: str
    meaning: str


# The cards' names, as a Shandong player says them (3 to 10 are their numbers).
CARD_NAMES = {"J": "service.card.jack", "Q": "service.card.queen", "K": "service.card.king", "A": "service.card.ace",
              "2": "service.card.two", "SJ": "service.card.small_joker", "BJ": "service.card.big_joker"}


def card_word(card: str, language: str) -> str:
    """What a card token is, in words (the token itself for 3 to 10)."""
    card = CARD_ALIASES.get(card, card)
    key = CARD_NAMES.get(card)
    return msg(key).text(language) if key is not None else card


def value_words(vtype: VType | None, language: str, path: str) -> list[Word]:
    """The named values a type accepts (a list's or range's items', an expression's names and
    functions); none for numbers and strings, which have no names. `path` is the rule's (section.rule,
    or section.rule.column for a table's column), which keys the meanings."""
    if isinstance(vtype, OptionalT):
        return value_words(vtype.inner, language, path) + [Word("none", "无", msg("service.word.none").text(language))]
    if isinstance(vtype, NumberOrNameT):
        vtype = vtype.names
    if isinstance(vtype, BoolT):
        return [Word("yes", BOOL_ZH["yes"], msg("service.word.yes").text(language)),
                Word("no", BOOL_ZH["no"], msg("service.word.no").text(language))]
    if isinstance(vtype, EnumT):
        return [Word(e.name, e.zh, meaning_of(f"{path}={e.name}", e.en, language)) for e in vtype.members.values()]
    if isinstance(vtype, CardT):
        zh_alias = {card: alias for alias, card in CARD_ALIASES.items() if not alias.isascii()}
        return [Word(card, zh_alias.get(card, card), card_word(card, language)) for card in vtype.allowed]
    if isinstance(vtype, (ListT, RangeT)):
        return value_words(vtype.item, language, path)
    if isinstance(vtype, ExprT):
        shorthands = vtype.members.values() if isinstance(vtype, ChoiceT) else ()
        return ([Word(e.name, e.zh, meaning_of(f"{path}={e.name}", e.en, language)) for e in shorthands] +
                [Word(v.name, v.zh, meaning_of(f"{path}:{v.name}", v.en, language)) for v in vtype.variables.values()] +
                [Word(f.name, f.zh, meaning_of(f"function:{f.name}", f.en, language)) for f in vtype.functions.values()])
    return []


def spelt(word: Word, language: str) -> str:
    """How a file in `language` writes the word."""
    return word.zh if language == "zh" else word.name
