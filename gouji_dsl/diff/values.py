"""Rule values as the diff shows and compares them: short cells, table rows, the absent section."""
from __future__ import annotations

import json
from typing import Any

from gouji_dsl.model.expr import Choice, Formula
from gouji_dsl.model.fields import ABSENT
from gouji_dsl.model.types import BoolT, EnumT, ListT, NumberOrNameT, OptionalT, RowT, StrT

LANGS = ("zh", "en")


def json_value(vtype, value) -> Any:
    if value is ABSENT:
        return "ABSENT"
    if value is None:
        return None
    return vtype.to_json(value)


def same_value(vtype, a, b) -> bool:
    return json.dumps(json_value(vtype, a), sort_keys=True, ensure_ascii=False) == \
        json.dumps(json_value(vtype, b), sort_keys=True, ensure_ascii=False)


def short(vtype, value, lang: str = "en") -> str:
    """A rule value as a short cell: yes/no, a policy's name, a number, a formula."""
    zh = lang == "zh"
    if value is ABSENT:
        return "—"
    if value is None:
        if isinstance(vtype, OptionalT):
            return "无" if zh else "none"
        return "未设定" if zh else "not set"
    if isinstance(vtype, OptionalT):
        vtype = vtype.inner
    if isinstance(vtype, BoolT):
        return ("是" if value else "否") if zh else ("yes" if value else "no")
    if isinstance(vtype, EnumT):
        return vtype.members[value].zh if zh else value
    if isinstance(vtype, NumberOrNameT):
        return short(vtype.names, value, lang) if isinstance(value, str) else str(value)
    if isinstance(vtype, StrT):
        return value
    if isinstance(vtype, RowT):
        if not value:
            return "无" if zh else "none"
        return f"{len(value)}行" if zh else f"{len(value)} row{'s' if len(value) != 1 else ''}"
    if isinstance(vtype, ListT):
        return "[" + ", ".join(short(vtype.item, v, lang) for v in value) + "]"
    if isinstance(value, Choice) and value.shorthand is not None:
        return vtype.shorthand_zh[value.shorthand] if zh else value.shorthand
    if isinstance(value, Formula):
        return value.text
    return vtype.show(value)


def row_key_text(rtype: RowT, row, lang: str = "en") -> str:
    return "/".join(short(rtype.columns[c].metadata["type"], getattr(row, c), lang) for c in rtype.key)


def value_columns(rtype: RowT) -> list[str]:
    return [c for c in rtype.columns if c not in rtype.key] or list(rtype.columns)


def row_value_text(rtype: RowT, row, lang: str = "en") -> str:
    """A table row's values (the columns that are not its key), ' / ' between them."""
    if row is None:
        return "—"
    return " / ".join(short(rtype.columns[c].metadata["type"], getattr(row, c), lang) for c in value_columns(rtype))
