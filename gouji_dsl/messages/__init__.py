"""Messages: every sentence the tool says to a person, in Chinese and English, from one catalogue.

Code never writes a user-facing sentence itself. It names one: `msg("model.unknown_rule", rule=...,
section=...)` makes a `Message`, a key into the catalogue (`catalogue/`, one module per area of
the tool, each entry its English and Chinese text side by side) with the values to fill in. The
message is put into words only when it is shown, in the language of whoever reads it: a
diagnostic is made while a file is checked, before the command knows who reads it.

The reader's language is chosen once per command (`gouji_dsl/language.py`: `--lang`, then
GOUJI_LANG and the locale, then the rule files, else Chinese) and set here with
`use_language`; a message shown outside a command (`str(message)`, an exception raised to a
Python caller) takes the environment's language, else Chinese.

This package is at the bottom of the import graph: it imports nothing of gouji_dsl.
"""
from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from gouji_dsl.messages.catalogue import CATALOGUE

LANGUAGES = ("zh", "en")
DEFAULT = "zh"  # the people who write and read Gouji rules are Shandong players
ENVIRONMENT = "GOUJI_LANG"
LOCALE = ("LC_ALL", "LC_MESSAGES", "LANG")

_chosen: ContextVar[str | None] = ContextVar("gouji_language", default=None)


@dataclass(frozen=True)
class Message:
    """A sentence from the catalogue, not yet in words: its key and the values it names.

    A value may itself be a `Message` (a reason inside a sentence) or a `Named` (a name with a
    form in each language): it is put into words in the same language."""

    key: str
    args: tuple[tuple[str, Any], ...] = ()

    def text(self, language: str | None = None) -> str:
        language = language or current()
        english, chinese = CATALOGUE[self.key]
        template = chinese if language == "zh" else english
        return template.format(**{name: _in_words(value, language) for name, value in self.args})

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Suggestion(Message):
    """A hint that proposes what to write instead ("did you mean 'flow'?", "type ',' instead of
    '，'"): `replacement` for `length` characters at its diagnostic's position, or for the word
    there when `length` is None. An editor offers it as a quick fix (gouji_dsl/service)."""

    replacement: str = ""
    length: int | None = None


@dataclass(frozen=True)
class Named:
    """A name that has a form in each language (a game, a variant's title), as a value of a
    message: the message picks the form of its own language."""

    en: str
    zh: str

    def text(self, language: str | None = None) -> str:
        return self.zh if (language or current()) == "zh" else self.en

    def __str__(self) -> str:
        return self.text()


def msg(key: str, **values: Any) -> Message:
    """The catalogue's sentence `key`, with `values` to fill in. An unknown key is a bug of
    ours, found where the message is made rather than where it is shown."""
    if key not in CATALOGUE:
        raise KeyError(f"no message '{key}' in the catalogue (gouji_dsl/messages/catalogue/)")
    return Message(key, tuple(sorted(values.items())))


def suggest(key: str, replacement: str, length: int | None = None, **values: Any) -> Suggestion:
    """Like `msg`, for a hint that proposes `replacement` (see Suggestion)."""
    message = msg(key, **values)
    return Suggestion(message.key, message.args, replacement, length)


def _in_words(value: Any, language: str) -> Any:
    if isinstance(value, (Message, Named)):
        return value.text(language)
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, Message) for v in value):
        return text("core.list_separator", language).join(v.text(language) for v in value)
    return value


def text(key: str, language: str | None = None, **values: Any) -> str:
    """The catalogue's sentence `key` in words at once (for output written as it is made)."""
    return msg(key, **values).text(language)


def of_setting(value: str) -> str | None:
    """The language a GOUJI_LANG or locale value names ("zh", "zh_CN.UTF-8", "en-GB"), or None."""
    head = value.strip().lower().replace("-", "_").split("_", 1)[0].split(".", 1)[0]
    return head if head in LANGUAGES else None


def environment_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language GOUJI_LANG, then the locale, names; None if they say nothing (unset, C, POSIX)."""
    environ = os.environ if environ is None else environ
    for name in (ENVIRONMENT,) + LOCALE:
        value = environ.get(name, "")
        if value:
            found = of_setting(value)
            if found is not None:
                return found
            if name != ENVIRONMENT:
                return None  # the first locale variable set decides the locale: C or POSIX says nothing
    return None


def current() -> str:
    """The language messages are shown in now: the command's choice, else the environment's,
    else Chinese."""
    return _chosen.get() or environment_language() or DEFAULT


@contextlib.contextmanager
def use_language(language: str) -> Iterator[None]:
    """Show messages in `language` within the block (a command sets its reader's language)."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}: expected one of {', '.join(LANGUAGES)}")
    token = _chosen.set(language)
    try:
        yield
    finally:
        _chosen.reset(token)
