"""Model comparison: every rule whose value differs between two resolved variants (`diff_models`)."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from gouji_dsl.model import schema as m
from gouji_dsl.model.fields import field_applies
from gouji_dsl.model.types import RowT
from gouji_dsl.facets.phrases import PLAY, effect_of
from gouji_dsl.diff.prose import rule_prose
from gouji_dsl.model.fields import ABSENT
from gouji_dsl.diff.values import json_value, row_key_text, same_value, short

# Rules said together in one sentence when both differ: primary -> the others.
GROUPS = {"table.decks": ("table.cards_per_player",),
          # Shuangkou's chain bombs: whether there are any, which bombs chain, and their lines.
          "patterns.chains": ("patterns.chain_rules", "patterns.chain_lines")}


@dataclass(frozen=True)
class RowDiff:
    """One row of a keyed table that differs: present in one variant only, or changed."""

    key: str
    a: Any  # the row, or None when the table has no row with this key
    b: Any


def row_diffs(rtype: RowT, a_rows, b_rows) -> tuple[RowDiff, ...]:
    if not rtype.key or a_rows in (None, ABSENT) or b_rows in (None, ABSENT):
        return ()

    def keyed(rows):
        return {tuple(getattr(r, k) for k in rtype.key): r for r in rows}

    ka, kb = keyed(a_rows), keyed(b_rows)
    out = []
    order = list(ka) + [k for k in kb if k not in ka]
    for key in order:
        ra, rb = ka.get(key), kb.get(key)
        if ra is not None and rb is not None and same_value(rtype, (ra,), (rb,)):
            continue
        out.append(RowDiff(row_key_text(rtype, ra if ra is not None else rb), ra, rb))
    return tuple(out)


@dataclass(frozen=True)
class Side:
    """How a variant is named in prose."""

    name: str
    title: str      # the Chinese title
    title_en: str

    def label(self, lang: str, other: "Side | None" = None) -> str:
        if lang == "zh":
            if other is not None and other.title == self.title or not self.title:
                return f"{self.title or self.name}（{self.name}）"
            return self.title
        return self.name[:1].upper() + self.name[1:]


def side_of(v: m.Variant) -> Side:
    about = v.sections.get("about")
    return Side(v.name, getattr(about, "title", "") or "", getattr(about, "title_en", "") or "")


@dataclass(frozen=True)
class RuleDiff:
    """One rule whose value differs between variants `a` and `b`."""

    section: str
    field: str
    a_value: Any                 # ABSENT when the section does not apply to the variant
    b_value: Any
    a_origin: m.Origin | None    # where the value was written; None for a default
    b_origin: m.Origin | None
    a: Side = field(compare=False)
    b: Side = field(compare=False)
    vtype: Any = field(compare=False, repr=False)
    rows: tuple[RowDiff, ...] = ()
    # Rules said in the same sentence (decks with cards_per_player), and the
    # group's first rule when this one is not it.
    related: tuple["RuleDiff", ...] = field(default=(), compare=False, repr=False)
    merged_into: str | None = None

    @property
    def path(self) -> str:
        return f"{self.section}.{self.field}"

    @property
    def group(self) -> str:
        return self.merged_into or self.path

    @property
    def cls(self) -> type[m.Section]:
        return m.SECTION_BY_NAME[self.section]

    @property
    def meta(self):
        return next(f for f in dataclasses.fields(self.cls) if f.name == self.field).metadata

    @property
    def zh(self) -> str:
        return self.meta["zh"]

    @property
    def en(self) -> str:
        return self.meta["en"]

    @property
    def effect(self) -> str:
        """What the difference changes: the play of a game, the room, or only a label (facets.phrases)."""
        return effect_of(self.path)

    @property
    def behavioural(self) -> bool:
        """Does the difference change how a game is played (so engines can disagree)?"""
        return self.effect == PLAY

    def value(self, which: str) -> Any:
        return self.a_value if which == "a" else self.b_value

    def origin(self, which: str) -> m.Origin | None:
        return self.a_origin if which == "a" else self.b_origin

    def short(self, which: str, lang: str = "en") -> str:
        return short(self.vtype, self.value(which), lang)

    def where(self, which: str, lang: str = "en") -> str:
        """Where the value was written: `variant:line @cites`, or that it is a default."""
        value = self.value(which)
        if value is ABSENT:
            return "无此节" if lang == "zh" else "no such section"
        origin = self.origin(which)
        if origin is None:
            if value is None:
                return "未设定" if lang == "zh" else "not set"
            return "默认值" if lang == "zh" else "default"
        return " ".join([f"{origin.variant}:{origin.pos.line}", *origin.cites])

    def cites(self, which: str) -> tuple[str, ...]:
        origin = self.origin(which)
        return origin.cites if origin else ()

    def prose(self, lang: str = "en") -> str:
        return rule_prose(self, lang)

    def to_json(self, lang: str = "en") -> dict:
        def origin(which):
            o = self.origin(which)
            return None if o is None else {"variant": o.variant, "line": o.pos.line, "cites": list(o.cites)}
        out = {
            "rule": self.path, "section": self.section, "field": self.field, "zh": self.zh, "en": self.en,
            "behavioural": self.behavioural, "effect": self.effect,
            "a": {"value": json_value(self.vtype, self.a_value), "shown": self.short("a", lang), "origin": origin("a")},
            "b": {"value": json_value(self.vtype, self.b_value), "shown": self.short("b", lang), "origin": origin("b")},
            "text": self.prose(lang),
        }
        if self.merged_into:
            out["merged_into"] = self.merged_into
        if self.rows:
            rtype = self.vtype
            out["rows"] = [{"key": r.key,
                            "a": None if r.a is None else rtype.to_json((r.a,))[0],
                            "b": None if r.b is None else rtype.to_json((r.b,))[0]} for r in self.rows]
        return out


def _section_of(v: m.Variant, cls: type[m.Section]):
    return v.sections.get(cls.NAME, ABSENT)


def diff_models(a: m.Variant, b: m.Variant) -> list[RuleDiff]:
    """Every rule whose value differs between the resolved models, in SECTIONS order."""
    sa, sb = side_of(a), side_of(b)
    out: list[RuleDiff] = []
    for cls in m.SECTIONS:
        sec_a, sec_b = _section_of(a, cls), _section_of(b, cls)
        for f in dataclasses.fields(cls):   # a section neither has: ABSENT twice, the same value
            vtype = f.metadata["type"]
            va = ABSENT if sec_a is ABSENT or not field_applies(f, a.game) else getattr(sec_a, f.name)
            vb = ABSENT if sec_b is ABSENT or not field_applies(f, b.game) else getattr(sec_b, f.name)
            if same_value(vtype, va, vb):
                continue
            path = f"{cls.NAME}.{f.name}"
            rows = row_diffs(vtype, va, vb) if isinstance(vtype, RowT) else ()
            out.append(RuleDiff(cls.NAME, f.name, va, vb, a.origin(path), b.origin(path), sa, sb, vtype, rows))
    by_path = {d.path: d for d in out}
    for primary, others in GROUPS.items():
        if primary in by_path and all(o in by_path for o in others):
            members = [by_path[o] for o in others]
            head = by_path[primary]
            by_path[primary] = dataclasses.replace(head, related=tuple(members))
            for o in members:
                by_path[o.path] = dataclasses.replace(o, merged_into=primary, related=(head,) + tuple(
                    x for x in members if x is not o))
    return [by_path[d.path] for d in out]

