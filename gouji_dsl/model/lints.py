"""Warnings: what a rule author probably forgot, in a variant that checks.

A warning never fails a run (`gouji check` exits 0). Each one concerns what
the variant's *own* file wrote, since that is what its author can change:
a house rule that changes rules but keeps its parent's title (or a summary that
names what it turned off), or a table
written where no rule reads it any more. (A `=` that drops inherited table
rows is warned about by the builder, in `tables`.)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from gouji_dsl.model import schema as m
from gouji_dsl.diagnostics import Reporter
from gouji_dsl.messages import Message, msg
from gouji_dsl.facets.checks import LINTS, lint, value_of
from gouji_dsl.model.fields import field_named
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


@dataclass(frozen=True)
class Dead:
    """A setting that cannot matter while `kills` finds a reason in the model."""

    path: str                                          # "tribute.dian"
    what: str | Message                                # how messages name it
    kills: Callable[[m.Variant], tuple[str, Message] | None]  # -> (path of the rule to blame, why)


def _tribute_kind_off(kind: str, zh: str) -> Callable[[m.Variant], tuple[str, Message] | None]:
    def kills(v: m.Variant):
        if value_of(v, "tribute.enabled") is False:
            return "tribute.enabled", msg("model.dead_no_tribute")
        order = value_of(v, "tribute.order")
        if order is not None and kind not in order:
            return "tribute.order", msg("model.dead_kind_not_in_order", kind=kind, zh=zh)
        return None
    return kills


def _sweep_luo_unread(v: m.Variant) -> tuple[str, Message] | None:
    """sweep_luo says how 落贡 is paid after a 串三户: it needs both."""
    found = _tribute_kind_off("luo", "落贡")(v)
    if found is None and value_of(v, "end.sweep") is False:
        return "end.sweep", msg("model.dead_no_sweep")
    return found


def _switched_off(path: str, what: Message) -> Callable[[m.Variant], tuple[str, Message] | None]:
    def kills(v: m.Variant):
        setting = f"[{path.replace('.', '] ')}"
        return (path, msg("model.dead_switched_off", what=what, setting=setting)) if value_of(v, path) is False else None
    return kills


def _no_chaos(v: m.Variant) -> tuple[str, Message] | None:
    """[chaos] starts_at = none: there is no 四户乱缠, so nothing reads the other chaos rules."""
    if v.origin("chaos.starts_at") is not None and value_of(v, "chaos.starts_at") is None:
        return "chaos.starts_at", msg("model.dead_no_chaos")
    return None


def _nobody_buys(v: m.Variant) -> tuple[str, Message] | None:
    """[buy] ranks = []: nobody buys, so nothing reads the price."""
    return ("buy.ranks", msg("model.dead_nobody_buys")) if value_of(v, "buy.ranks") == () else None


# Only rules whose meaning (their module in gouji_dsl.rules) makes them certain to be unread.
DEAD = (
    Dead("tribute.dian", msg("model.dead_dian_table"), _tribute_kind_off("dian", "点贡")),
    Dead("tribute.luo", msg("model.dead_luo_table"), _tribute_kind_off("luo", "落贡")),
    Dead("tribute.sweep_luo", "[tribute] sweep_luo", _sweep_luo_unread),
    Dead("buy.price", "[buy] price", _nobody_buys),
    Dead("buy.sellers", "[buy] sellers", _nobody_buys),
    Dead("buy.no_price", "[buy] no_price", _nobody_buys),
    Dead("buy.seller_min", "[buy] seller_min", _nobody_buys),
    Dead("buy.order", "[buy] order", _nobody_buys),
    Dead("flow.defer_to", "[flow] defer_to", _switched_off("flow.defer", msg("model.dead_nobody_defers"))),
    Dead("patterns.chain_rules", msg("model.dead_chain_table"),
         _switched_off("patterns.chains", msg("model.dead_no_chain_bombs"))),
    Dead("patterns.chain_lines", "[patterns] chain_lines", _switched_off("patterns.chains", msg("model.dead_no_chain_bombs"))),
    Dead("chaos.after_first_out_with_revolution", "[chaos] after_first_out_with_revolution", _no_chaos),
    Dead("chaos.lead_return_circles", "[chaos] lead_return_circles", _no_chaos),
    Dead("chaos.pass_keeps_right", "[chaos] pass_keeps_right", _no_chaos),
)


@lint
def dead_settings(v: m.Variant, rep: Reporter) -> None:
    """Point at the rule that makes a setting dead, with a note where the setting was written.

    Abstract variants are skipped: their settings are defaults for children,
    which may switch the rule that reads them back on (gouji.gouji states
    the [buy] price for lianzhong, which buys 3s)."""
    if v.abstract:
        return
    for dead in DEAD:
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
