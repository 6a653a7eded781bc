"""Stage 2: parsed files -> rule model, with inheritance resolved.

A variant's lineage is itself and its ancestors. Every rule is taken from
the nearest file in the lineage that states it. Tables are stated whole
with `=` or changed row by row with `+=` / `-=` (see `tables`).
Errors in one file's structure (unknown section, unknown or duplicate key)
are reported where they were written; values are converted by the type in
the model's field metadata.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from gouji_dsl.diagnostics import Pos, Reporter, did_you_mean, one_of
from gouji_dsl.lang import nodes as n
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.messages import Message, msg
from gouji_dsl.model import schema as m
from gouji_dsl.model.fields import field_applies
from gouji_dsl.model.tables import Stated, resolve
from gouji_dsl.model.types import EXTRA_KINDS, INVALID, Context, RowT

MAX_LINEAGE = 32


@dataclass(frozen=True)
class Written:
    """One rule as written: the entry and the variant whose file holds it."""

    entry: n.Entry
    variant: str
    # A table's `-=` and `+=` may both appear in one file; the second is kept here.
    also: tuple[n.Table, ...] = ()

    def stated(self) -> Stated:
        return Stated(self.variant, (self.entry,) + self.also)


def lineage(ws: Workspace, name: str, rep: Reporter) -> list[tuple[str, n.File]]:
    """The variant and its ancestors, nearest first. Reports missing parents and cycles."""
    chain: list[tuple[str, n.File]] = []
    seen: dict[str, n.Header] = {}
    current = name
    while True:
        file = ws.parse_variant(current)
        header = file.header
        # The file's own name, also for a file given by path (registered by its header's name):
        # `gouji check FILE` and `gouji check` in its folder give the same verdict, and a sibling
        # that extends it by name finds it.
        path = ws.path_of(current)
        stem = path.stem if path is not None else current
        if header.name.id != stem:
            rep.error(header.name.pos, msg("model.file_name_mismatch", stem=stem, name=header.name.id),
                      hint=msg("model.file_name_mismatch_hint", stem=stem, name=header.name.id))
        if ws.shadows_standard(current):
            rep.error(header.name.pos, msg("model.standard_variant_name", name=current),
                      hint=msg("model.standard_variant_name_hint", name=current))
        chain.append((current, file))
        seen[current] = header
        parent = header.parent
        if parent is None:
            return chain
        parent_name = ws.canonical(parent.id)  # `extends 联众`: the standard variant lianzhong
        if parent_name in seen:
            cycle = " -> ".join([c for c, _ in chain] + [parent.id])
            rep.error(parent.pos, msg("model.inheritance_cycle", cycle=cycle))
            return chain
        if ws.path_of(parent_name) is None:
            rep.error(parent.pos, msg("model.unknown_parent", name=parent.id),
                      did_you_mean(parent.id, ws.names()) or msg("syntax.known_variants", names=one_of(ws.names())))
            return chain
        if len(chain) >= MAX_LINEAGE:
            rep.error(parent.pos, msg("model.inheritance_too_deep", limit=MAX_LINEAGE))
            return chain
        current = parent_name


def _elsewhere(key: str, here: type) -> Message | None:
    """A hint naming the section(s) where `key` (in either language) is a rule, when it is not
    one of section `here`'s: the commonest slip is a rule under the wrong header."""
    homes = [cls for cls in m.SECTIONS if cls is not here and _canonical_key(cls, key) is not None]
    if not homes:
        return None
    named = [msg("model.section_named", section=cls.NAME, zh=cls.ZH) for cls in homes]
    where = named[-1]
    for section in reversed(named[:-1]):  # "[a] (A) and [b] (B)", in the reader's language
        where = msg("model.sections_and", first=section, rest=where)
    return msg("model.rule_of_other_section", rule=key, where=where)


def _field_names(cls: type[m.Section]) -> dict[str, dataclasses.Field]:
    return {f.name: f for f in dataclasses.fields(cls)}


def _canonical_key(cls: type[m.Section], key: str) -> str | None:
    fields = _field_names(cls)
    if key in fields:
        return key
    for f in fields.values():
        if f.metadata.get("zh") == key:
            return f.name
    return None


def collect(file: n.File, variant: str, rep: Reporter) -> dict[tuple[str, str], Written]:
    """The rules one file states, keyed by (section, field). Reports structure errors."""
    out: dict[tuple[str, str], Written] = {}
    section_pos: dict[str, Pos] = {}
    for section in file.sections:
        name = m.SECTION_ALIASES.get(section.name.id, section.name.id)
        cls = m.SECTION_BY_NAME.get(name)
        if cls is None:
            section_zh = {s.NAME: s.ZH for s in m.SECTIONS}
            rep.error(section.name.pos, msg("model.unknown_section", section=section.name.id,
                                            names=one_of(m.SECTION_BY_NAME, section_zh)),
                      did_you_mean(section.name.id, m.SECTION_BY_NAME, section_zh)
                      or msg("model.show_rules_lists_sections"))
            continue
        if name in section_pos:
            rep.error(section.name.pos, msg("model.section_twice", section=name),
                      hint=msg("model.section_twice_hint"), notes=[(section_pos[name], msg("model.first_here"))])
        section_pos.setdefault(name, section.name.pos)
        fields = _field_names(cls)
        for entry in section.entries:
            key = _canonical_key(cls, entry.key.id)
            if key is None:
                rule_zh = {f.name: f.metadata["zh"] for f in fields.values()}
                rep.error(entry.key.pos, msg("model.unknown_rule", rule=entry.key.id, section=name,
                                             names=one_of(fields, rule_zh)),
                          _elsewhere(entry.key.id, cls) or did_you_mean(entry.key.id, fields, rule_zh))
                continue
            vtype = fields[key].metadata["type"]
            is_table = isinstance(vtype, RowT)
            if is_table and isinstance(entry, n.Setting):
                rep.error(entry.value.pos, msg("model.rule_is_table", rule=key),
                          hint=msg("model.columns_are", columns=" | ".join(vtype.columns)))
                continue
            if not is_table and isinstance(entry, n.Table):
                rep.error(entry.key.pos, msg("model.rule_not_table", rule=key),
                          hint=msg("model.write_single_value", rule=key, expected=vtype.expected()))
                continue
            if isinstance(entry, n.Setting) and entry.op != n.REPLACE:
                rep.error(entry.op_pos or entry.key.pos, msg("model.row_op_on_value", op=entry.op, rule=key),
                          hint=msg("model.write_single_value", rule=key, expected=vtype.expected()))
                continue
            if (name, key) in out:
                first = out[(name, key)]
                if _combines(first, entry):
                    out[(name, key)] = dataclasses.replace(first, also=first.also + (entry,))
                else:
                    _report_twice(first, entry, name, key, rep)
                continue
            out[(name, key)] = Written(entry, variant)
    return out


def _combines(first: Written, entry: n.Entry) -> bool:
    """One file may both remove (`-=`) and add (`+=`) rows of a table, once each."""
    ops = [t.op for t in (first.entry,) + first.also] + [entry.op]
    return isinstance(entry, n.Table) and n.REPLACE not in ops and len(set(ops)) == len(ops)


def _report_twice(first: Written, entry: n.Entry, section: str, key: str, rep: Reporter) -> None:
    notes = [(first.entry.key.pos, msg("model.first_here"))]
    ops = {t.op for t in (first.entry,) + first.also} | {entry.op}
    if isinstance(entry, n.Table) and n.REPLACE in ops and len(ops) > 1:
        change = next(op for op in sorted(ops) if op != n.REPLACE)
        rep.error(entry.key.pos, msg("model.table_replaced_and_changed", rule=key, op=change),
                  hint=msg("model.table_replaced_and_changed_hint", rule=key), notes=notes)
    elif isinstance(entry, n.Table) and entry.op != n.REPLACE:
        rep.error(entry.key.pos, msg("model.table_change_twice", rule=key, op=entry.op, section=section),
                  hint=msg("model.table_change_twice_hint", rule=key, op=entry.op), notes=notes)
    else:
        rep.error(entry.key.pos, msg("model.rule_set_twice", rule=key, section=section),
                  notes=[(first.entry.key.pos, msg("model.first_set_here"))])


def build(ws: Workspace, name: str, rep: Reporter) -> m.Variant:
    """Resolve, merge and convert one variant, reporting errors to `rep`.

    The model is built even when some rules are in error (those are left
    unset), so the semantic checks can still report on the rest. A file
    that does not parse raises RuleErrors at once.
    """
    chain = lineage(ws, name, rep)
    merged: dict[tuple[str, str], Written] = {}
    per_file: dict[str, dict] = {}
    for variant, file in reversed(chain):  # root first, so nearer files override
        stated = collect(file, variant, rep)
        per_file[variant] = stated
        merged.update(stated)

    ctx = Context(rep)
    self_file = chain[0][1]

    def convert(section: str, key: str):
        written = merged.get((section, key))
        if written is None:
            return None
        cls = m.SECTION_BY_NAME[section]
        vtype = _field_names(cls)[key].metadata["type"]
        return vtype.convert(written.entry.value, ctx)

    game = convert("about", "game") or "gouji"

    # [cards] extra first: the extra card kinds it declares are cards that other rules may name.
    tables: dict[tuple[str, str], object] = {}

    def resolve_table(cls, f):
        path = (cls.NAME, f.name)
        if path not in tables:
            history = [stated[path].stated() for stated in per_file.values() if path in stated]
            tables[path] = resolve(f.metadata["type"], f.name, history, ctx, name)
        return tables[path]

    if ("cards", "extra") in merged and "cards" in m.SECTION_BY_NAME:
        cls = m.SECTION_BY_NAME["cards"]
        extra = resolve_table(cls, next(f for f in dataclasses.fields(cls) if f.name == "extra"))
        if extra is not INVALID:
            ctx.extra[EXTRA_KINDS] = tuple(row.token for row in extra.rows)
    shape = convert("plays", "shape") if ("plays", "shape") in merged else None
    if game is INVALID:
        game = "gouji"

    # Sections that do not apply to this game, reported where they are written.
    for variant, stated in per_file.items():
        reported = set()
        for (section, _key), written in stated.items():
            cls = m.SECTION_BY_NAME[section]
            if section in reported or m.applicable(cls, game, shape if shape is not INVALID else None):
                continue
            reported.add(section)
            why = (msg("model.section_not_for_game", section=section, game=game) if game not in cls.GAMES
                   else msg("model.section_not_for_shape", section=section))
            rep.error(written.entry.key.pos, why, hint=msg("model.section_not_applicable_hint"))

    sections: dict[str, m.Section] = {}
    origins: dict[str, m.Origin] = {}
    missing: dict[str, list[str]] = {}
    for cls in m.SECTIONS:
        if not m.applicable(cls, game, shape if shape is not INVALID else None):
            continue
        values = {}
        for f in dataclasses.fields(cls):
            written = merged.get((cls.NAME, f.name))
            if not field_applies(f, game):
                if written is not None:
                    rep.error(written.entry.key.pos, msg("model.rule_not_for_game", rule=f.name, section=cls.NAME, game=game),
                              hint=msg("model.rule_not_for_game_hint"))
                values[f.name] = f.metadata["absent"]
                continue
            if written is None:
                if f.metadata["required"]:
                    missing.setdefault(cls.NAME, []).append(f.name)
                continue
            vtype = f.metadata["type"]
            if isinstance(vtype, RowT):
                # Every file's statements count, root first: `+=` and `-=` change what the parent states.
                table = resolve_table(cls, f)
                if table is INVALID:
                    continue
                value = table.rows
                for i, (row, variant) in enumerate(table.written):
                    origins[f"{cls.NAME}.{f.name}[{i}]"] = m.Origin(row.pos, variant, tuple(c.text for c in row.cites))
            else:
                value = convert(cls.NAME, f.name)
                if value is INVALID:
                    continue
            values[f.name] = value
            entry = written.entry  # a table's origin is its nearest statement
            origins[f"{cls.NAME}.{f.name}"] = m.Origin(entry.key.pos, written.variant, tuple(c.text for c in entry.cites))
        sections[cls.NAME] = cls(**values)

    if "about" in sections:
        _one_title(sections, origins, name)
    abstract = self_file.header.abstract
    if missing and not abstract and not rep.failed:
        parts = [msg("model.section_rules", section=sec, rules=", ".join(keys)) for sec, keys in missing.items()]
        rep.error(self_file.header.name.pos, msg("model.rules_unset", name=name, rules=parts),
                  hint=msg("model.rules_unset_hint"))
    origins["variant"] = m.Origin(self_file.header.pos, name, tuple(c.text for c in self_file.header.cites))
    return m.Variant(
        name=name,
        parent=ws.canonical(self_file.header.parent.id) if self_file.header.parent else None,
        abstract=abstract,
        file=ws.display(ws.path_of(name)),
        lineage=tuple(v for v, _ in chain),
        sections=sections,
        origins=origins,
        citations=tuple(_all_cites(chain)),
        files={v: ws.display(ws.path_of(v)) for v, _ in chain},
    )


def _one_title(sections: dict[str, m.Section], origins: dict[str, m.Origin], name: str) -> None:
    """A variant that titles itself in one language only has that title in both: a club that
    names its house rule 俱乐部 has its English book titled 俱乐部 too, not with its parent's
    English title (which would call it the parent)."""
    about = sections["about"]
    own = {f for f in ("title", "title_en") if (o := origins.get(f"about.{f}")) is not None and o.variant == name}
    if own == {"title"}:
        sections["about"] = dataclasses.replace(about, title_en=about.title)
        origins["about.title_en"] = origins["about.title"]
    elif own == {"title_en"}:
        sections["about"] = dataclasses.replace(about, title=about.title_en)
        origins["about.title"] = origins["about.title_en"]


def _all_cites(chain: list[tuple[str, n.File]]) -> list[n.Cite]:
    cites: list[n.Cite] = []
    for _variant, file in chain:
        cites.extend(file.header.cites)
        for section in file.sections:
            for entry in section.entries:
                cites.extend(entry.cites)
                if isinstance(entry, n.Table):
                    for row in entry.rows:
                        cites.extend(row.cites)
    return cites
