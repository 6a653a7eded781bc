"""Diff phrases: the "phrase" facet of every rule (facets.spec), and how it is said.

Each rule module registers its rules' phrases in its `# --- diff ---` region
with `phrase(key, ...)`. A phrase is a predicate said of a variant for one
value of the rule ("Zaozhuang needs two big jokers to answer each big joker";
"枣庄六副够级一个大王要用两个大王打"), given as

- `said(zh, en)`: one sentence for every value, `{v}` standing for the value;
- a dict by value of `said` pairs (`yes_no(...)` builds one for a yes/no
  rule); the key "*" serves every value not listed;
- a function `(value, lang) -> str`, for values said in their own words
  (formulas, lists, tables).

It also says what a difference in the rule changes (`effect`): the play of
a game (engines can disagree, so the diff searches for a counterexample),
the room around the games (leaving early, player ranks), or nothing but a
name or label.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from gouji_dsl.facets import spec
from gouji_dsl.model.fields import ABSENT

# What a difference in a rule changes.
PLAY = "play"      # how a game is dealt, played, ended, paid or scored
ROOM = "room"      # the room around the games: leaving early, player ranks
LABEL = "label"    # a name, title, source or label: nothing a player does or gets
EFFECTS = (PLAY, ROOM, LABEL)

ANY_VALUE = "*"


def said(zh: str, en: str) -> dict:
    """One sentence in both languages; `{v}` stands for the rule's value."""
    return {"zh": zh, "en": en}


def yes_no(zh_yes: str, en_yes: str, zh_no: str, en_no: str) -> dict:
    """The phrases of a yes/no rule."""
    return {True: said(zh_yes, en_yes), False: said(zh_no, en_no)}


def choice(by_shorthand: dict, zh: str, en: str, unset: dict | None = None) -> Callable[[Any, str], str]:
    """The phrases of a rule of a player's state (`ChoiceT`): a shorthand's own `said`, or for an
    expression of the file's own the sentence with `{v}` the expression as written; `unset`, the
    `said` of an optional one left unset (it follows other rules)."""
    expression = said(zh, en)

    def say(value: Any, lang: str) -> str:
        if value is None and unset is not None:
            return str(unset[lang])
        if value.shorthand is not None:
            return str(by_shorthand[value.shorthand][lang])
        return expression[lang].format(v=value.text)

    return say


def _is_said(entry: Any) -> bool:
    return isinstance(entry, dict) and isinstance(entry.get("en"), str) and isinstance(entry.get("zh"), str)


@dataclass(frozen=True)
class Phrase:
    """How a rule's value is said of a variant, and what a difference in it changes."""

    text: Any                 # said(...), a dict by value of said(...), or (value, lang) -> str
    effect: str = PLAY

    def __post_init__(self):
        if self.effect not in EFFECTS:
            raise spec.DefinitionError(f"unknown effect {self.effect!r}: one of {', '.join(EFFECTS)}")
        if not (callable(self.text) or _is_said(self.text)
                or isinstance(self.text, dict) and all(_is_said(v) for v in self.text.values())):
            raise spec.DefinitionError(f"a phrase is said(zh, en), a dict of them by value, or a function: {self.text!r}")

    def say(self, value: Any, lang: str) -> str | None:
        """The predicate for `value`, or None when this value has no phrase (a rule not set)."""
        entry = self.text
        if callable(entry):
            return None if value is None else entry(value, lang)
        if _is_said(entry):
            return None if value is None else entry[lang].format(v=value)
        if _hashable(value) and value in entry:
            return entry[value][lang].format(v=value)
        if ANY_VALUE in entry and value is not None:
            return entry[ANY_VALUE][lang].format(v=value)
        return None


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def phrase(key: str, text: Any, effect: str = PLAY) -> Phrase:
    """Register the diff phrase of rule `key` ("section.name")."""
    return spec.register(key, "phrase", Phrase(text, effect))


def phrase_of(key: str) -> Phrase | None:
    found = spec.facet(key, "phrase")
    return found if isinstance(found, Phrase) else None


def predicate(key: str, value: Any, lang: str) -> str | None:
    """What rule `key` with `value` says of a variant; None for no value or no phrase."""
    entry = phrase_of(key)
    if entry is None or value is ABSENT:
        return None
    return entry.say(value, lang)


def effect_of(key: str) -> str:
    """What a difference in rule `key` changes (a rule without a phrase counts as changing play)."""
    entry = phrase_of(key)
    return PLAY if entry is None else entry.effect
