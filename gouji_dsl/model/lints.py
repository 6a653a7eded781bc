"""Warnings: what a rule author probably forgot, in a variant that checks.

A warning never fails a run (`gouji check` exits 0). Each one concerns what
the variant's *own* file wrote, since that is what its author can change:
a house rule that changes rules but keeps its parent's title (or a summary that
names what it turned off), or a table
written where no rule reads it any more: each rule's module declares when it
cannot matter (`facets.checks.dead`, beside the rule). (A `=` that drops inherited
table rows is warned about by the builder, in `tables`.)
"""
from __future__ import annotations

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets.checks import DEAD, LINTS, lint, value_of
from gouji_dsl.messages import Message, msg
from gouji_dsl.model import schema as m
from gouji_dsl.model.fields import field_named
from gouji_dsl.model.registry import rule_keys
from gouji_dsl.model.types import EnumT, ListT

TITLE_FIELDS = ("title", "title_en", "summary", "summary_zh")


def run_lints(variant: m.Variant) -> Reporter:
    rep = Reporter()
    for fn in LINTS:
        fn(variant, rep)
    return rep


def _own(v: m.Variant, path: str) -> bool:
    origin = v.origin(path)
    return origin is not None and origin.variant == v.name


@lint
def inherited_title(v: m.Variant, rep: Reporter) -> None:
    """A variant that changes rules is no longer its parent: it needs a title of its own (in
    either language: the builder gives it to the other). The rest of [about] it may inherit,
    unless an inherited summary names something the variant turned off (that sentence is false now)."""
    changed = [path for path, o in v.origins.items()
               if o.variant == v.name and path != "variant" and not path.startswith("about.")]
    header = v.origin("variant")
    if not changed or header is None:
        return
    if not (_own(v, "about.title") or _own(v, "about.title_en")):
        title = v.origin("about.title")
        parent = title.variant if title is not None else v.parent
        rep.warning(header.pos, msg("model.inherited_title", name=v.name, parent=parent),
                    hint=msg("model.inherited_title_hint"))
    off = _turned_off(v, changed)
    for field in ("summary", "summary_zh"):
        text, origin = value_of(v, f"about.{field}"), v.origin(f"about.{field}")
        if not text or origin is None or origin.variant == v.name:
            continue
        named = [msg("model.turned_off_named", what=what, zh=zh) for what, zh in off if zh in text]
        if named:
            listed = named[-1]
            for item in reversed(named[:-1]):  # "a, b, c", in the reader's language
                listed = msg("model.comma_list", first=item, rest=listed)
            rep.warning(header.pos,
                        msg("model.inherited_summary_names_off", name=v.name, field=field, parent=origin.variant,
                            named=listed),
                        hint=msg("model.inherited_summary_hint", field=field))


def _turned_off(v: m.Variant, changed: list[str]) -> list[tuple[str | Message, str]]:
    """(what, its Chinese name) of what the variant's own rules turn off: a yes/no rule set to
    no (or a rule set to none), named by the rule's Chinese name; a choice left out of a list of
    choices (a tribute kind out of [tribute] order), named by the choice's. Both summaries use
    the Chinese terms, so those are what a sentence is searched for."""
    found: list[tuple[str | Message, str]] = []
    for path in dict.fromkeys(p.split("[", 1)[0] for p in changed):
        section, name = path.split(".", 1)
        f = field_named(section, name)
        if f is None:
            continue
        vtype, value = f.metadata["type"], value_of(v, path)
        if value is False or value is None:
            found.append((path, f.metadata["zh"]))
        elif isinstance(vtype, ListT) and isinstance(vtype.item, EnumT) and isinstance(value, (list, tuple)):
            found += [(msg("model.choice_in", choice=choice, path=path), vtype.item.zh[choice]) for choice in vtype.item.members
                      if choice not in value]
    return found


@lint
def dead_settings(v: m.Variant, rep: Reporter) -> None:
    """Point at the rule that makes a setting dead, with a note where the setting was written.

    Abstract variants are skipped: their settings are defaults for children,
    which may switch the rule that reads them back on (gouji.gouji states
    the [buy] price for lianzhong, which buys 3s)."""
    if v.abstract:
        return
    order = {key: i for i, key in enumerate(rule_keys())}
    for dead in sorted(DEAD, key=lambda d: order.get(d.path, len(order))):  # in the rules' order, whoever declared first
        value = value_of(v, dead.path)
        if not _own(v, dead.path) or value is None or value == ():  # an empty table says nothing
            continue
        found = dead.kills(v)
        if found is None:
            continue
        blamed, why = found
        section, rule = blamed.split(".")
        name = dead.path.split(".")[1]
        rep.warning(v.origin(blamed).pos if v.origin(blamed) else v.origin(dead.path).pos,
                    msg("model.cannot_matter", what=dead.what, why=why),
                    hint=msg("model.cannot_matter_hint", name=name, section=section, rule=rule),
                    notes=[(v.origin(dead.path).pos, msg("model.written_here", name=name))])
