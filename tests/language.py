"""Language purity of a rendered Markdown rulebook: the runs of the other language it contains.

    leaks(markdown, lang, allowed=()) -> [(line number, run)]
    allowed_names(v, lang) -> the names a book of the variant may carry in the other language

A Chinese book may hold English only as names: the card tokens, the variant's English
title, the program's name, file names, what `allowed_names` adds; and where English is
the point: the glossary's English column and the cited source lines (quoted as written). An English book may hold
Chinese only as a quoted term: a parenthesised Chinese run right after English words
("gouji play (级牌)"), a run in 「…」 or “…” quotes, a glossary entry (the glossary's
first column is the players' Chinese word, its whole point), and the cited source lines
(the chapter of quotations, which are the sources' own Chinese words).
Code spans and fenced code blocks are code (rule files, notation), not prose, in both.
"""
from __future__ import annotations

import re

# What is markup, not text: HTML tags (anchors, <sub>), link targets, code spans, escapes.
_TAG = re.compile(r"<[^>]+>")
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_CODE_SPAN = re.compile(r"`[^`]*`")
_ESCAPE = re.compile(r"\\(?=[\\`*_{}\[\]()#+\-.!|<>~])")

# A run of English: Latin words joined by ASCII spaces and punctuation (no CJK between).
_LATIN_RUN = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’\-]*(?:[ \t,.;:!?&/+\-()\"'’]+[A-Za-z0-9][A-Za-z0-9'’\-]*)*")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")

# A run of Chinese: ideographs and the full-width punctuation that only Chinese text uses.
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK_PUNCT = "\u3001\u3002\u300a\u300b\u3010\u3011\uff08\uff09\uff0c\uff1a\uff1b\uff01\uff1f\u2026\u3000"
_CJK_RUN = re.compile(rf"[{_CJK}][{_CJK}{_CJK_PUNCT}0-9A-Za-z ·\-]*[{_CJK}{_CJK_PUNCT}]|[{_CJK}]")
# Where Chinese is quoted in English prose: 「…」, “…”, or in parentheses right after an English word.
_QUOTED = re.compile(rf"「[^」]*」|“[^”]*”|(?<=[A-Za-z0-9.,’'\*\)])\s*\*{{0,2}}\(\s*[0-9]*[{_CJK}][^()]*\)")
# A term in parentheses is a word or a few ("对头、对门", "买3, 要3"), never a sentence; and the
# parentheses hold the term itself, opening with it, not an English aside that mentions it.
_SENTENCE_MARK = re.compile("[，。；：！？]")

# Chapters whose text is the sources' own Chinese (an English book quotes them as written).
_QUOTED_CHAPTERS = ("ch-quotes",)
_CHAPTER_ANCHOR = re.compile(r'<a id="(ch-[\w-]+)"></a>')

# Card tokens every Gouji and Shuangkou book writes in Chinese text as is.
CARD_TOKENS = ("J", "Q", "K", "A", "SJ", "BJ")
# The program's name, in the line saying which program wrote the book.
PROGRAM = "gouji-dsl"
# File names (variants/zaozhuang.gouji, sources/000_….txt, docs/rulings.md): what a reader types to
# open the file, with no Chinese form; the reference names the files its rules come from.
_FILE_NAME = re.compile(r"[\w./\-]*[\w\-]\.(?:gouji|txt|md)\b")


def _prose_lines(markdown: str):
    """(line number, the line with markup and code removed, chapter id) outside fenced code blocks."""
    fenced = False
    chapter = ""
    for number, line in enumerate(markdown.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        anchor = _CHAPTER_ANCHOR.search(line)
        if anchor:
            chapter = anchor.group(1)
        text = _CODE_SPAN.sub(" ", line)
        text = _LINK_TARGET.sub("]", text)
        text = _TAG.sub(" ", text)
        text = _ESCAPE.sub("", text)
        yield number, text, chapter


def _without(text: str, names) -> str:
    """The text with every allowed name blanked out (longest first, so a title goes before its words)."""
    for name in sorted(set(names), key=len, reverse=True):
        if not name:
            continue
        if re.fullmatch(r"[A-Za-z0-9]+", name):  # a token: only as a whole word
            text = re.sub(rf"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])", " ", text)
        else:
            text = text.replace(name, " ")
    return text


def english_leaks(markdown: str, allowed=()) -> list[tuple[int, str]]:
    """Runs of English words (one word of two or more letters is enough) in a Chinese book,
    outside the cited source lines (quoted as written) and the glossary's English column."""
    names = tuple(CARD_TOKENS) + (PROGRAM,) + tuple(allowed)
    found = []
    for number, text, chapter in _prose_lines(markdown):
        if chapter in _QUOTED_CHAPTERS:
            continue
        if chapter == "ch-glossary" and text.startswith("|") and text.count("|") > 3:
            cells = text.split("|")
            text = "|".join(cells[:2] + [" "] + cells[3:])  # the English column is the terms' English
        text = _without(_FILE_NAME.sub(" ", text), names)
        for run in _LATIN_RUN.findall(text):
            if _LATIN_WORD.search(run):
                found.append((number, run.strip(" ,.;:()\"'")))
    return found


def chinese_leaks(markdown: str, allowed=()) -> list[tuple[int, str]]:
    """Runs of Chinese in an English book outside quoted terms, the glossary's terms and the cited lines."""
    found = []
    for number, text, chapter in _prose_lines(markdown):
        if chapter in _QUOTED_CHAPTERS:
            continue
        if chapter == "ch-glossary" and text.startswith("|") and text.count("|") > 2:
            text = "|" + text.split("|", 2)[2]  # the term column is the players' Chinese words
        text = _QUOTED.sub(_blank_quoted, _without(text, allowed))
        for run in _CJK_RUN.findall(text):
            found.append((number, run))
    return found


def _blank_quoted(match: re.Match) -> str:
    quoted = match.group(0)
    if quoted.lstrip(" *").startswith("(") and _SENTENCE_MARK.search(quoted):
        return quoted  # a sentence in parentheses is no quoted term
    return " "


def leaks(markdown: str, lang: str, allowed=()) -> list[tuple[int, str]]:
    """The runs of the other language in a book of `lang`, with their line numbers."""
    if lang == "zh":
        return english_leaks(markdown, allowed)
    if lang == "en":
        return chinese_leaks(markdown, allowed)
    raise ValueError(f"unknown language {lang!r}")


def allowed_names(v, lang: str) -> tuple[str, ...]:
    """What a book of variant `v` may write in the other language: names, not prose.

    Chinese book: the English title (the book's subtitle names the variant in both
    languages), the extra card kinds' tokens (Y for the eagle: notation, like J Q K A),
    and the Latin words of the Chinese title itself (a peer engine's Chinese title is
    its project's name, "lamb-cn 够级", which has no Chinese form).
    English book: the Chinese title (the subtitle again), the extra kinds' Chinese names
    are not allowed (an English book calls the eagle the eagle).
    """
    about = v.about
    if lang == "zh":
        extras = tuple(row.token for row in getattr(v.cards, "extra", ()) or ())
        title_words = tuple(re.findall(r"[A-Za-z][A-Za-z0-9\-]*", about.title))
        return (about.title_en,) + extras + title_words
    return (about.title,)
