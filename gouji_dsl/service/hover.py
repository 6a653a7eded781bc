"""Hover: what the thing under the cursor is, in the document's language (names in both).

A section: its names and what it holds. A rule: its names, meaning, allowed values, default; in a
file that extends another, the parent's value it overrides and where the parent set it. A value:
what the policy, yes/no, card or expression name means. A citation: the source's own line, or the
ruling's words. `extends NAME`: the parent's title and file.
"""
from __future__ import annotations

import re
from typing import Any

from gouji_dsl.lang import nodes as n
from gouji_dsl.messages import msg, use_language
from gouji_dsl.model import schema as m
from gouji_dsl.model.expr import ChoiceT
from gouji_dsl.model.types import RowT
from gouji_dsl.rules.about import source_text
from gouji_dsl.service.analysis import Analysis
from gouji_dsl.service.answers import Hover
from gouji_dsl.service.locate import Spot, spot_at
from gouji_dsl.service.vocabulary import card_word, meaning, reference, rule_info, value_words
from gouji_dsl.docs.show import default_text, rules_reference


_MARKDOWN = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~])")


def plain(text: str) -> str:
    """Text of a rule file (a title, a ruling, a source's line) as Markdown shows it literally: a
    rule file is untrusted, and its strings must not become links, images or HTML in the editor."""
    return _MARKDOWN.sub(r"\\\1", text)


def hover(analysis: Analysis, line: int, char: int) -> Hover | None:
    spot = spot_at(analysis.parsed, line, char)
    if spot is None:
        return None
    text = _ABOUT[spot.kind](analysis, spot)
    return Hover(spot.span, text) if text else None


def _say(analysis: Analysis, key: str, **values: Any) -> str:
    return msg(key, **values).text(analysis.language)


def _section(analysis: Analysis, spot: Spot) -> str | None:
    cls = spot.section
    if cls is None:
        return None
    info = reference(analysis.language)["sections"][cls.NAME]
    return "\n\n".join([f"**[{cls.NAME}]** {cls.ZH} · {info['title']}",
                        _say(analysis, "service.hover.applies_to", games=info["applies_to"]),
                        _say(analysis, "service.hover.rule_count", count=len(info["rules"]))])


def _rule(analysis: Analysis, spot: Spot) -> str | None:
    if spot.section is None or spot.rule is None:
        return None
    section, key = spot.section.NAME, spot.rule.name
    info = rule_info(analysis.language, section, key)
    if info is None:
        return None
    lang = analysis.language
    parts = [f"**{key}** ({info['zh']}) · [{section}] {spot.section.ZH}", meaning(info, lang),
             _say(analysis, "service.hover.values", values=info["type"]["summary"])]
    vtype = spot.rule.metadata["type"]
    words = value_words(vtype, lang, f"{section}.{key}")
    if isinstance(vtype, ChoiceT):  # its shorthands (its names and functions: `gouji show --rules`)
        words = words[:len(vtype.members)]
    if words and len(words) <= 12 and info["type"]["kind"] in ("choice", "choice or expression", "yes/no", "optional",
                                                                "number or name"):
        parts.append("\n".join(f"- `{w.name}` ({w.zh}): {w.meaning}" for w in words))
    if isinstance(spot.rule.metadata["type"], RowT):
        parts.append(_say(analysis, "service.hover.columns", columns=", ".join(
            f"`{c['name']}` ({c['zh']})" for c in info["type"]["columns"])))
    if info["required"]:
        parts.append(_say(analysis, "service.hover.required"))
    else:
        parts.append(_say(analysis, "service.hover.default", value=_default_text(section, key, lang)))
    parts += _overrides(analysis, section, key)
    return "\n\n".join(parts)


def _default_text(section: str, key: str, language: str) -> str:
    with use_language(language):
        return default_text(section, key)


def _say_rows(language: str, count: int) -> str:
    return msg("model.rows_count", count=count).text(language)


def _overrides(analysis: Analysis, section: str, key: str) -> list[str]:
    """In a file that extends another: the value this rule has in the parent, and where it was set."""
    parent = analysis.parent_model
    if parent is None:
        return []
    with_values = rules_reference(parent)["sections"].get(section)
    rule = with_values["rules"].get(key) if with_values is not None else None
    if rule is None:
        return []
    value = rule.get("value_text")
    if value is None:
        value = _say_rows(analysis.language, len(rule["value"] or ()))
    origin = parent.origin(f"{section}.{key}")
    if origin is None:
        return [_say(analysis, "service.hover.overrides_default", parent=parent.name, value=plain(value))]
    return [_say(analysis, "service.hover.overrides", parent=parent.name, value=plain(value), variant=origin.variant,
                 where=plain(f"{origin.pos.file}:{origin.pos.line}"))]


def _column(analysis: Analysis, spot: Spot) -> str | None:
    if spot.section is None or spot.rule is None or spot.column is None:
        return None
    info = rule_info(analysis.language, spot.section.NAME, spot.rule.name)
    column = next((c for c in info["type"]["columns"] if c["name"] == spot.column.name), None) if info else None
    if column is None:
        return None
    return "\n\n".join([f"**{column['name']}** ({column['zh']}) · {spot.rule.name}", meaning(column, analysis.language),
                        _say(analysis, "service.hover.values", values=column["type"]["summary"])])


def _value(analysis: Analysis, spot: Spot) -> str | None:
    node = spot.node
    word = node.id if isinstance(node, n.Name) else str(getattr(node, "value", ""))
    path = f"{spot.section.NAME}.{spot.rule.name}" if spot.section is not None and spot.rule is not None else ""
    if spot.column is not None:
        path += f".{spot.column.name}"
    for w in value_words(spot.value_type, analysis.language, path):
        if word in (w.name, w.zh):
            return f"`{w.name}` ({w.zh})\n\n{w.meaning}"
    card = card_word(word, analysis.language)
    if card != word:
        return f"`{word}`: {card}"
    return None


def _cite(analysis: Analysis, spot: Spot) -> str | None:
    cite = spot.node
    if not isinstance(cite, n.Cite) or analysis.model is None:
        return None
    about = analysis.model.sections.get("about")
    for decision in getattr(about, "decisions", None) or ():
        if decision.id == cite.source:
            said = decision.summary_zh if analysis.language == "zh" and decision.summary_zh else decision.summary
            return f"**{cite.source}**: {plain(said)}"
    source = next((s for s in getattr(about, "sources", None) or () if s.key == cite.source), None)
    if source is None or cite.first_line is None:
        return None
    lines = source_text(source.file) or []
    last = cite.last_line or cite.first_line
    quoted = [f"> {plain(lines[i - 1])}" for i in range(cite.first_line, last + 1) if 1 <= i <= len(lines)]
    if not quoted:
        return None
    return "\n".join([f"**{plain(source.title)}** ({cite.text[1:]})", "", *quoted])


def _variant(analysis: Analysis, spot: Spot, model: m.Variant | None = None) -> str | None:
    model = model or analysis.model
    if model is None:
        return None
    about = model.sections.get("about")
    title = (getattr(about, "title", "") if analysis.language == "zh" else getattr(about, "title_en", "")) or model.name
    return "\n\n".join([f"**{model.name}** · {plain(title)}", _say(analysis, "service.hover.file", file=plain(model.file)),
                        _say(analysis, "service.hover.lineage", lineage=" → ".join(model.lineage))])


def _parent(analysis: Analysis, spot: Spot) -> str | None:
    return _variant(analysis, spot, analysis.parent_model) if analysis.parent_model is not None else None


_ABOUT = {"section": _section, "rule": _rule, "column": _column, "value": _value, "cite": _cite,
          "variant": _variant, "parent": _parent}
