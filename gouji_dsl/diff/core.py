"""`gouji diff`: what two variants do differently, rule by rule, with proof.

Three layers:

1. `diff_models(a, b)` walks the resolved rule models section by section
   (in `model.SECTIONS` order) and keeps every rule whose value differs;
   tables are compared as whole values and also row by row (by their key
   columns). Each `RuleDiff` knows both values, where each was written
   (origin variant, line, citations) and says the difference in Chinese or
   English prose.

2. `counterexamples(name_a, name_b, diffs)` looks, for every behavioural
   difference, for a concrete situation on which the two engines disagree,
   by deterministic search: enumeration of small cards, plays and hands
   (checks `hand`, `beats`, `answers`, `opens`, `can_burn`), of game results
   (`tribute`, `score`), and seeded random walks through small game positions
   and dealt games (flow rules: who acts next and what they may do, what
   players see). A situation is kept for a rule only when

   - the two engines really answer differently (asserted when it is made,
     and again by `Counterexample.verify()`), and
   - the rule itself matters there: the variant with only that rule set to
     the other variant's value (a "hybrid", evaluated by the reference
     interpreter or the flow with the one setting changed) answers
     differently from the unchanged variant, on a point where the two
     variants differ.

   Situations where the hybrid answers exactly like the other variant (the
   rule alone explains the disagreement) are preferred; a game situation
   that only shows the rule among other differences is marked
   `isolated=False` and says what the rule alone changes there. Searches
   are seeded (random.Random with string seeds) and bounded (`Budget`), so
   the same input gives the same bytes. A behavioural difference without a
   situation within the budget is reported as such, with what was searched
   (`CounterexampleList.unfound`), never invented.

3. Output: `render_diff` (text, Markdown, JSON), `render_matrix` (the
   rule-by-variant table, Markdown or HTML), `write_cases` (the card and
   result counterexamples as cross-variant conformance cases, CONFORMANCE.md)
   and the `gouji diff` subcommand (`register`). Exit status follows diff(1):
   0 identical, 1 different, 2 error.
"""
from __future__ import annotations

import argparse
import dataclasses
import html
import itertools
import json
import os
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from gouji_dsl.model import schema as m
from gouji_dsl.runtime import cards as rt
from gouji_dsl.play.conform import evaluate, matches
from gouji_dsl.diagnostics import RuleErrors, UsageError, render_report
from gouji_dsl.model.expr import Formula
from gouji_dsl.files import check_output_path, write_atomic
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation
from gouji_dsl.model.types import BoolT, EnumT, ListT, OptionalT, RowT, Sentinel, StrT

EXIT_SAME, EXIT_DIFFERENT, EXIT_ERROR = 0, 1, 2
LANGS = ("zh", "en")


# The value of a rule whose section does not apply to the variant (a Gouji
# variant has no [patterns], a Shuangkou variant no [flow]).
ABSENT = Sentinel("ABSENT")

# Rules that say nothing about how the game is played: names, labels, the room.
NON_BEHAVIOURAL_SECTIONS = {"about", "room"}
NON_BEHAVIOURAL = {"table.direction", "end.places"}

# Rules said together in one sentence when both differ: primary -> the others.
GROUPS = {"table.decks": ("table.cards_per_player",)}
_GROUP_OF = {p: primary for primary, others in GROUPS.items() for p in (primary, *others)}


# --- values ---------------------------------------------------------------------------

def _json_value(vtype, value) -> Any:
    if value is ABSENT:
        return "ABSENT"
    if value is None:
        return None
    return vtype.to_json(value)


def _same(vtype, a, b) -> bool:
    return json.dumps(_json_value(vtype, a), sort_keys=True, ensure_ascii=False) == \
        json.dumps(_json_value(vtype, b), sort_keys=True, ensure_ascii=False)


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
    if isinstance(vtype, StrT):
        return value
    if isinstance(vtype, RowT):
        if not value:
            return "无" if zh else "none"
        return f"{len(value)}行" if zh else f"{len(value)} row{'s' if len(value) != 1 else ''}"
    if isinstance(vtype, ListT):
        return "[" + ", ".join(short(vtype.item, v, lang) for v in value) + "]"
    if isinstance(value, Formula):
        return value.text
    return vtype.show(value)


def row_key_text(rtype: RowT, row, lang: str = "en") -> str:
    return "/".join(short(rtype.columns[c].metadata["type"], getattr(row, c), lang) for c in rtype.key)


def _value_columns(rtype: RowT) -> list[str]:
    return [c for c in rtype.columns if c not in rtype.key] or list(rtype.columns)


def row_value_text(rtype: RowT, row, lang: str = "en") -> str:
    """A table row's values (the columns that are not its key), ' / ' between them."""
    if row is None:
        return "—"
    return " / ".join(short(rtype.columns[c].metadata["type"], getattr(row, c), lang) for c in _value_columns(rtype))


@dataclass(frozen=True)
class RowDiff:
    """One row of a keyed table that differs: present in one variant only, or changed."""

    key: str
    a: Any  # the row, or None when the table has no row with this key
    b: Any


def _row_diffs(rtype: RowT, a_rows, b_rows) -> tuple[RowDiff, ...]:
    if not rtype.key or a_rows in (None, ABSENT) or b_rows in (None, ABSENT):
        return ()

    def keyed(rows):
        return {tuple(getattr(r, k) for k in rtype.key): r for r in rows}

    ka, kb = keyed(a_rows), keyed(b_rows)
    out = []
    order = list(ka) + [k for k in kb if k not in ka]
    for key in order:
        ra, rb = ka.get(key), kb.get(key)
        if ra is not None and rb is not None and _same(rtype, (ra,), (rb,)):
            continue
        out.append(RowDiff(row_key_text(rtype, ra if ra is not None else rb), ra, rb))
    return tuple(out)


# --- the rule diff ------------------------------------------------------------------------

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


def _side(v: m.Variant) -> Side:
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
    def behavioural(self) -> bool:
        """Does the difference change how the game is played (so engines can disagree)?"""
        return self.section not in NON_BEHAVIOURAL_SECTIONS and self.path not in NON_BEHAVIOURAL

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
        return _prose(self, lang)

    def to_json(self, lang: str = "en") -> dict:
        def origin(which):
            o = self.origin(which)
            return None if o is None else {"variant": o.variant, "line": o.pos.line, "cites": list(o.cites)}
        out = {
            "rule": self.path, "section": self.section, "field": self.field, "zh": self.zh, "en": self.en,
            "behavioural": self.behavioural,
            "a": {"value": _json_value(self.vtype, self.a_value), "shown": self.short("a", lang), "origin": origin("a")},
            "b": {"value": _json_value(self.vtype, self.b_value), "shown": self.short("b", lang), "origin": origin("b")},
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
    sa, sb = _side(a), _side(b)
    out: list[RuleDiff] = []
    for cls in m.SECTIONS:
        sec_a, sec_b = _section_of(a, cls), _section_of(b, cls)
        if sec_a is ABSENT and sec_b is ABSENT:
            continue
        for f in dataclasses.fields(cls):
            vtype = f.metadata["type"]
            va = ABSENT if sec_a is ABSENT else getattr(sec_a, f.name)
            vb = ABSENT if sec_b is ABSENT else getattr(sec_b, f.name)
            if _same(vtype, va, vb):
                continue
            path = f"{cls.NAME}.{f.name}"
            rows = _row_diffs(vtype, va, vb) if isinstance(vtype, RowT) else ()
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


# --- prose ----------------------------------------------------------------------------------

def _p(en: str, zh: str) -> dict:
    return {"en": en, "zh": zh}


def _yes_no(en_yes, zh_yes, en_no, zh_no) -> dict:
    return {True: _p(en_yes, zh_yes), False: _p(en_no, zh_no)}


def _tribute_kinds(value, lang: str) -> str:
    names = {"men": "闷贡", "shao": "烧贡", "dian": "点贡", "luo": "落贡"}
    text = " > ".join(names[k] for k in value)
    return f"进贡顺序为 {text}" if lang == "zh" else f"pays {text} (in that order)"


def _circles(value, lang: str, chaos: bool) -> str:
    if lang == "zh":
        return (f"四户乱缠中过{value}圈无人管即重新发牌" if chaos else
                f"非级牌要过{value}圈无人管才重新发牌" + ("（让两圈）" if value == 2 else ""))
    circles = "one full circle" if value == 1 else f"{value} full circles"
    return (f"returns the lead in 四户乱缠 after {circles} of passes" if chaos else
            f"gives the lead to a standing non-级牌 play after {circles} of passes")


# Predicates, said of a variant ("Zaozhuang ..."; "枣庄六副够级..."): a dict by
# value (bools, policies, None), a dict of format strings with {v}, or a callable.
PHRASES: dict[str, Any] = {
    "table.decks": _p("shuffles {v} decks together", "用{v}副牌"),
    "table.cards_per_player": _p("deals {v} cards to each player", "每人{v}张"),
    "table.players": _p("seats {v} players", "{v}人玩"),
    "table.direction": {"clockwise": _p("plays clockwise (a label only: seats follow playing order)", "顺时针出牌（仅为标注）"),
                        "counter_clockwise": _p("plays counter-clockwise (a label only: seats follow playing order)",
                                                "逆时针出牌（仅为标注）")},
    "table.first_leader": {"random": _p("draws the first leader of every game at random", "每局随机决定谁上班"),
                           "previous_first": _p("lets the previous game's first player out lead first", "由上局头科上班")},
    "plays.big_joker_doubling": _yes_no("needs two big jokers to answer each big joker",
                                        "一个大王要用两个大王打",
                                        "compares big jokers like any other card (no doubling)",
                                        "大王不翻倍，逐张比较"),
    "plays.same_size": _yes_no("answers a play only with as many cards", "压牌张数必须相同",
                               "lets an answer have a different number of cards", "压牌张数可以不同"),
    "plays.jokers_alone": _yes_no("allows plays of jokers only", "可以单出王", "forbids plays of jokers only", "不能单出王"),
    "plays.fillers_alone": _yes_no("allows plays of 2s only (rank 2)", "可以单出2", "forbids plays of 2s only", "不能单出2"),
    "gouji.jokers_make_gouji": _yes_no("makes every play with a joker a 级牌", "带王的牌都是级牌",
                                       "does not make a play a 级牌 for its jokers", "带王不一定是级牌"),
    "gouji.fillers_count": _yes_no("counts filler 2s towards a 级牌's size", "贴2计入级牌张数",
                                   "does not count filler 2s towards a 级牌's size", "贴2不计入级牌张数"),
    "threes.threes_last": _yes_no("lets 3s go only as a player's last play, 3s alone (憋三)", "憋三：3只能最后单独出",
                                  "lets 3s be played at any time", "3可以随时出（不憋三）"),
    "threes.buy_three": _yes_no("lets a player dealt no 3 buy one from the opposite (买3)", "没有3的玩家可以向对家买3",
                                "has no 买3", "没有买3"),
    "threes.ask_three": _yes_no("lets a teammate give a 3 when the opposite cannot sell one (要3)", "对家不能卖3时可以向联邦要3",
                                "has no 要3", "没有要3"),
    "threes.seller_min_threes": _p("sells a 3 only from an opposite holding at least {v}", "对家至少有{v}张3才卖"),
    "flow.gouji_answer": {"opposite_only": _p("lets only the opposite answer a 级牌 (burns and 无头 aside)",
                                              "级牌只有对家能管（烧牌、无头除外）"),
                          "anyone": _p("lets anyone answer a 级牌", "级牌任何人都可以管")},
    "flow.defer": _yes_no("lets the opposite defer (让牌) so that the next two act first", "对家可以让牌，让下两家先出",
                          "has no 让牌", "不能让牌"),
    "flow.defer_to": {"non_gouji": _p("allows 让牌 on non-级牌 plays only", "只有非级牌可以让"),
                      "any_play": _p("allows 让牌 on any play", "任何牌都可以让")},
    "flow.pass_rule": {"round_except_opposite": _p("takes a passing player's right to play in the round, except against their opposite",
                                                   "过牌后本轮无权再出，对头的牌除外"),
                       "round": _p("takes a passing player's right to play for the rest of the round", "过牌后本轮无权再出")},
    "flow.lead_return_circles": lambda v, lang: _circles(v, lang, chaos=False),
    "flow.going_out_gouji": {
        "anyone_answers": _p("lets anyone answer a 级牌 with which a player goes out (底牌), and that is no burn",
                             "走科的级牌（底牌）任何人都可以打，不算烧"),
        "opposite_answers": _p("lets only the opposite answer a 级牌 with which a player goes out (anyone once the opposite is out)",
                               "走科的级牌只有对家能打（对家已走科则任何人）"),
        "loses_status": _p("strips a 级牌 with which a player goes out of its 级牌 status (接风)", "走科的级牌失去级牌作用（接风）")},
    "flow.take_over": {"next_player": _p("lets the next player lead after a standing last play", "走科后由下家接风"),
                       "partner": _p("lets the partner of a player who went out lead", "走科后由对家接风")},
    "chaos.starts_at": _p("starts 四户乱缠 when at most {v} players hold cards", "剩{v}家时开始四户乱缠"),
    "chaos.after_first_out_with_revolution": _yes_no(
        "starts 四户乱缠 as soon as the first player is out in a game with a revolutionary", "有人革命时头科一出即开始四户乱缠",
        "starts 四户乱缠 as usual in a game with a revolutionary", "有人革命时四户乱缠照常开始"),
    "chaos.lead_return_circles": lambda v, lang: _circles(v, lang, chaos=True),
    "chaos.pass_keeps_right": _yes_no("lets a player who passed in 四户乱缠 still play later in the round", "四户乱缠中过牌后本轮仍可再出",
                                      "takes a passing player's right in 四户乱缠 too", "四户乱缠中过牌后本轮无权再出"),
    "burning.allowed": _yes_no("allows burning (烧牌)", "可以烧牌", "has no burning", "不能烧牌"),
    "burning.condition": lambda v, lang: (
        ("余牌除最后一手外每手都能带王即可烧（带王规则，D12）" if lang == "zh" else
         "lets a player burn when the cards left can go out with a joker in every play but the last (carry rule, D12)")
        if v.text == "carry_rule(rest)" else
        (f"满足 {v.text} 即可烧牌" if lang == "zh" else f"lets a player burn when {v.text}")),
    "burning.teammates_may_burn": _yes_no("lets the 级牌 player's teammates burn it", "联邦也可以烧",
                                          "lets only opponents burn", "只有对方可以烧"),
    "burning.after_pass": _yes_no("lets a player who passed still burn", "过牌后仍可烧", "takes the burn from a player who passed",
                                  "过牌后不能再烧"),
    "burning.priority": {"team_first": _p("lets the 级牌 player's teammates burn first, then the first in playing order",
                                          "烧牌联邦优先，同一方按出牌顺序"),
                         "nearest": _p("lets the burner nearest after the burned player go first", "烧牌就近优先（被烧者之后最近的一家）")},
    "burning.first_play_needs_joker": _yes_no("needs a joker in the burning play itself", "烧牌的第一手必须带王",
                                              "needs no joker in the burning play itself", "烧牌的第一手不必带王"),
    "burning.failure_leader": {
        "burned_player": _p("gives the lead back to the burned player after a failed burn (the opposite may still answer)",
                            "烧牌失败后由被烧者重新发牌（对家仍可管）"),
        "next_player": _p("lets the next player lead after a failed burn", "烧牌失败后由下家接风")},
    "burning.lift": _yes_no("lifts a burn when any play of the burner is beaten (解烧)", "烧牌者的牌被管即解烧",
                            "keeps a burn when the burner's play is beaten", "烧牌者被管不解烧"),
    "burning.counter_burn": _yes_no("lets the burned player burn back (反烧)", "被烧者可以反烧", "has no 反烧", "不能反烧"),
    "headless.cause": {"opposite_out": _p("makes a player 无头 when their opposite is out", "对家走科即为无头"),
                       "opposite_out_or_revolution": _p("makes a player 无头 when their opposite is out or sits out in 革命",
                                                        "对家走科或革命即为无头"),
                       "opposite_of_first_out": _p("makes only the opposite of the first player out 无头", "只有头科的对家是无头")},
    "headless.scope": {"gouji_plays": _p("lets a 无头 player answer, and be answered, on 级牌 only", "无头只在级牌上可以互管"),
                       "any_play": _p("lets a 无头 player answer any play, and anyone answer theirs", "无头可以管任何牌，任何人也可以管无头的牌")},
    "headless.pass_loses_gouji": _yes_no("takes a 无头 player's right to answer 级牌 once they passed a plain play",
                                         "无头过了非级牌后本轮不能再管级牌",
                                         "keeps a 无头 player's right to answer 级牌 after a pass", "无头过牌后仍可管级牌"),
    "open.method": {"survives": _p("opens (开点) a player whose 级牌 was neither beaten by their opposite nor burned",
                                   "级牌未被对头管、未被烧即开点"),
                    "wins_lead": _p("opens (开点) a player whose 级牌 won them the lead", "级牌赢得发牌权才开点")},
    "open.counts": lambda v, lang: (f"计入开点的牌：{v.text}" if lang == "zh" else f"counts plays with {v.text} towards 开点"),
    "open.declare": _yes_no("has 宣点", "有宣点", "has no 宣点", "没有宣点"),
    "revolution.allowed": _yes_no("allows 革命 (sitting out a deal)", "可以革命", "has no 革命", "没有革命"),
    "revolution.auto_open": _yes_no("counts a revolutionary as not open and their opposite as open (自动认点)",
                                    "革命自动认点：革命者不开点，其对家开点",
                                    "does not settle 开点 for a revolution", "革命不自动认点"),
    "revolution.place": _p("gives a revolutionary place {v}", "革命者名次为{v}"),
    "revolution.redeal_at": _p("deals again when {v} players revolt", "{v}人革命即重新发牌"),
    "info.report_at": {None: _p("never shows card counts", "不报牌"),
                       "*": _p("shows a player's card count once they hold at most {v} (报牌)", "剩{v}张及以下报牌")},
    "info.show_team_at": {None: _p("has no 看牌", "不能看牌"),
                          "*": _p("lets a player holding at most {v} cards show them to their teammates (看牌)",
                                  "剩{v}张及以下可以给联邦看牌")},
    "info.watch_after_out": _yes_no("lets a player who is out watch a teammate's hand", "走科后可以看联邦的牌",
                                    "lets nobody watch after going out", "走科后不能看牌"),
    "end.sweep": _yes_no("ends the game at once when a team takes places 1-3 (串三户)", "一方包揽前三名即结束（串三户）",
                         "has no 串三户", "没有串三户"),
    "tribute.enabled": _yes_no("lets tribute cards change hands (进贡)", "进贡换牌",
                               "lets no tribute cards change hands", "不进贡也不还贡"),
    "tribute.order": _tribute_kinds,
    "tribute.sweep_luo": {"as_usual": _p("pays 落贡 as usual after a 串三户", "串三户落贡照常"),
                          "to_own_opposite": _p("has each loser give one card to their own opposite after a 串三户",
                                                "串三户时各输家向自己的对家进一张")},
    "tribute.dian_max_level": {1: _p("keeps 点贡 at one level", "点贡不升级"),
                               "*": _p("raises 点贡 up to level {v} over consecutive games", "点贡连续最多升到{v}级")},
    "tribute.dian_graduation": _yes_no("opens a payer automatically after a top-level 点贡 (毕业)", "点贡到顶后下局自动开点（毕业）",
                                       "has no 点贡毕业", "没有点贡毕业"),
    "tribute.shao": {0: _p("owes no 烧贡", "没有烧贡"), "*": _p("owes {v} card(s) of 烧贡 per successful burn", "每次烧成烧贡{v}张")},
    "tribute.men": {0: _p("owes no 闷贡", "没有闷贡"), "*": _p("owes {v} card(s) of 闷贡", "闷贡{v}张")},
    "tribute.returned": _yes_no("has tribute returned (还贡)", "要还贡", "has no 还贡", "不还贡"),
    "tribute.mutual_dian_returned": _yes_no("returns mutual 点贡", "互进点贡要还", "does not return mutual 点贡", "互进点贡不还"),
    "tribute.return_limit": {"none": _p("lets any card be returned", "还贡不限"),
                             "not_above_received": _p("returns no card above the lowest card received", "还贡不能大于所进贡的牌")},
    "tribute.return_from_dealt": _yes_no("pays and returns tribute only from a player's dealt cards", "进贡还贡只用自己原有的牌",
                                         "pays and returns from any cards held", "进贡还贡不限原有的牌"),
    "tribute.no_single_return": _yes_no("forbids returning a rank the payer does not hold (不还单张)", "不还单张",
                                        "allows returning any rank", "可以还单张"),
    "scoring.open_points": {0: _p("gives no 点贡 score", "没有点贡分"),
                            "*": _p("scores ±{v} for opening against a not-open opposite", "点贡分±{v}")},
    "scoring.sweep_multiplier": _p("multiplies place points by {v} after a 串三户", "串三户名次分乘{v}"),
    "room.mode": {"normal": _p("is played in an ordinary room", "在普通房间"), "haixuan": _p("is played in a 海选 heat room", "在海选房间")},
    "room.min_games": {0: _p("has no minimum number of games", "没有最少局数"), "*": _p("requires {v} games before leaving", "最少打{v}局")},
    "room.leave_penalty": {0: _p("has no penalty for leaving early", "提前离场不罚分"),
                           "*": _p("fines an early leaver {v} times the game's score", "提前离场罚{v}倍分")},
    "room.penalty_first_leaver_only": _yes_no("fines only the first player to leave", "只罚第一个离场的人",
                                              "fines every early leaver", "每个提前离场的人都罚"),
}


def _predicate(path: str, value: Any, lang: str) -> str | None:
    entry = PHRASES.get(path)
    if entry is None or value is ABSENT:
        return None
    if callable(entry):
        return None if value is None else entry(value, lang)
    if "en" in entry and isinstance(entry["en"], str):
        return None if value is None else entry[lang].format(v=value)
    if value in entry:
        return entry[value][lang].format(v=value)
    if "*" in entry and value is not None:
        return entry["*"][lang].format(v=value)
    return None


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _table_prose(d: RuleDiff, lang: str) -> str:
    A, B = d.a.label(lang, d.b), d.b.label(lang, d.a)
    zh = lang == "zh"
    name = d.zh if zh else f"{d.zh} ({d.path})"
    va, vb = d.a_value, d.b_value
    rtype = d.vtype
    if va in (None, ABSENT) or vb in (None, ABSENT) or not va or not vb or not d.rows:
        if zh:
            return f"{name}：{A}{d.short('a', lang)}，{B}{d.short('b', lang)}。"
        return f"{name}: {A} {d.short('a', lang)}, {B} {d.short('b', lang)}."
    parts = []
    for r in d.rows[:4]:
        if zh:
            parts.append(f"{r.key}：{A} {row_value_text(rtype, r.a, lang)}，{B} {row_value_text(rtype, r.b, lang)}")
        else:
            parts.append(f"{r.key}: {A} {row_value_text(rtype, r.a, lang)}, {B} {row_value_text(rtype, r.b, lang)}")
    more = len(d.rows) - 4
    if zh:
        tail = f"；另有{more}行不同" if more > 0 else ""
        return (f"{name}有{len(d.rows)}行不同（按 {'/'.join(rtype.key)}，值为 {' / '.join(_value_columns(rtype))}）："
                + "；".join(parts) + tail + "。")
    tail = f"; and {more} more" if more > 0 else ""
    rows = "row differs" if len(d.rows) == 1 else "rows differ"
    return (f"{name}: {len(d.rows)} {rows} (by {'/'.join(rtype.key)}, giving {' / '.join(_value_columns(rtype))}): "
            + "; ".join(parts) + tail + ".")


def _prose(d: RuleDiff, lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    zh = lang == "zh"
    A, B = d.a.label(lang, d.b), d.b.label(lang, d.a)
    group = [d] + list(d.related) if not d.merged_into else list(d.related[:1]) + [d] + list(d.related[1:])
    if len(group) > 1:
        if group[0].path == "table.decks" and all(isinstance(v, int) for g in group for v in (g.a_value, g.b_value)):
            decks, cards = group[0], group[1]
            if zh:
                return (f"{A}用{decks.a_value}副牌，每人{cards.a_value}张；"
                        f"{B}用{decks.b_value}副牌，每人{cards.b_value}张。")
            return (f"{A} deals {decks.a_value} decks, {cards.a_value} cards each; "
                    f"{B} {decks.b_value} decks, {cards.b_value} each.")
        return ("" if zh else " ").join(_single_prose(g, lang) for g in group)
    return _single_prose(d, lang)


def _single_prose(d: RuleDiff, lang: str) -> str:
    zh = lang == "zh"
    A, B = d.a.label(lang, d.b), d.b.label(lang, d.a)
    if isinstance(d.vtype, RowT):
        return _table_prose(d, lang)
    pa, pb = _predicate(d.path, d.a_value, lang), _predicate(d.path, d.b_value, lang)
    if pa is not None and pb is not None:
        return f"{A}{pa}；{B}{pb}。" if zh else f"{A} {pa}; {B} {pb}."
    va, vb = d.short("a", lang), d.short("b", lang)
    inner = d.vtype.inner if isinstance(d.vtype, OptionalT) else d.vtype
    if isinstance(inner, StrT):
        va, vb = ((f"「{va}」", f"「{vb}」") if zh else (f"“{va}”", f"“{vb}”"))
    if zh:
        return f"{d.zh}：{A}为{va}，{B}为{vb}。"
    return f"{_cap(d.en)}: {A} {va}, {B} {vb}."


# --- engines and hybrids --------------------------------------------------------------------------

# Model fields read by the card and result functions of an engine (classify,
# beats, answers, can_burn, opens, may_revolt, tributes, score); every other
# behavioural field reaches the game flow only through `game_settings`.
_CARD_FUNCTION_FIELDS = {
    "table.players", "table.teams", "table.opposites", "open.declare", "open.counts", "end.sweep",
    "threes.threes_last", "burning.allowed", "burning.condition", "burning.first_play_needs_joker",
    "revolution.condition",
}
_CARD_FUNCTION_SECTIONS = {"cards", "plays", "gouji", "tribute", "scoring"}


def _pure_setting(path: str) -> bool:
    return path not in _CARD_FUNCTION_FIELDS and path.split(".")[0] not in _CARD_FUNCTION_SECTIONS


def _generated_engine(ws: Workspace, name: str):
    """The variant's generated engine: shipped for a standard variant, else built in memory."""
    from gouji_dsl.engines import generated_engine

    return generated_engine(ws, name)


class _Engine:
    """One variant as the search sees it: its generated engine (shipped, or built
    in memory for a user's file), the engine's game `Rules`, and its model."""

    def __init__(self, name: str, model: m.Variant, engine):
        self.name = name
        self.model = model
        self.engine = engine
        self._reference = None

    @property
    def reference(self):
        """The reference interpreter of the model, for hybrids (built when first needed)."""
        if self._reference is None:
            from gouji_dsl.backends.reference import Reference

            self._reference = Reference(self.model)
        return self._reference

    @property
    def rules(self):
        return self.engine.RULES


def _replace_rules(model: m.Variant, changes: dict[str, Any]) -> m.Variant:
    sections = dict(model.sections)
    for path, value in changes.items():
        sec, name = path.split(".")
        sections[sec] = dataclasses.replace(sections[sec], **{name: value})
    return dataclasses.replace(model, sections=sections)


class _Hybrid:
    """A variant with some rules set to the other variant's values: evaluated
    by the reference interpreter, and in games by the flow with the changed
    settings (the engine's own card functions kept when they are unaffected)."""

    def __init__(self, base: _Engine, changes: dict[str, Any]):
        from gouji_dsl.backends.reference import Reference
        from gouji_dsl.model.semantics import game_settings

        self.base = base
        self.model = _replace_rules(base.model, changes)
        self.reference = Reference(self.model)
        self.pure = all(_pure_setting(p) for p in changes)
        if self.pure:
            self.rules = dataclasses.replace(base.rules, **game_settings(self.model))
        else:
            self.rules = _memo_rules(self.reference.rules())


def _memo(fn, key):
    cache: dict = {}

    def wrapper(*args):
        k = key(*args)
        if k not in cache:
            cache[k] = fn(*args)
        return cache[k]
    return wrapper


def _memo_rules(rules):
    """The reference interpreter's card functions, remembered: a game asks the same questions often."""
    def hand_key(hand, *rest):
        return (tuple(hand),) + tuple(tuple(r) if isinstance(r, list) else r for r in rest)

    return dataclasses.replace(
        rules,
        classify=_memo(rules.classify, lambda c: tuple(c)),
        is_gouji=_memo(rules.is_gouji, lambda p: p),
        answers=_memo(rules.answers, hand_key),
        plays=_memo(rules.plays, hand_key),
        lead_actions=_memo(rules.lead_actions, hand_key),
        can_burn=_memo(rules.can_burn, hand_key),
        counts_for_open=_memo(rules.counts_for_open, lambda p: p),
        may_revolt=_memo(rules.may_revolt, hand_key),
    )


# --- card and result situations ------------------------------------------------------------------

def _plays_of_size(size: int) -> list[tuple]:
    """Every one-rank shaped multiset of `size` cards (count vectors), simplest first."""
    out = []
    for rank in [None] + list(range(12)):
        naturals = range(1, size + 1) if rank is not None else [0]
        for n in naturals:
            rest = size - n
            for f in range(rest + 1):
                for s in range(rest - f + 1):
                    b = rest - f - s
                    counts = [0] * 15
                    if rank is not None:
                        counts[rank] += n
                    counts[12] += f
                    counts[13] += s
                    counts[14] += b
                    if sum(counts):
                        out.append(tuple(counts))
    out = sorted(set(out), key=lambda c: (sum(1 for x in c if x), [i for i, x in enumerate(c) for _ in range(x)]))
    return out


_HAND_KINDS = (0, 1, 2, 6, 9, 10, 11, 12, 13, 14)  # 3 4 5 9 Q K A 2 SJ BJ


def _hands(max_size: int) -> Iterator[tuple]:
    for size in range(1, max_size + 1):
        for combo in itertools.combinations_with_replacement(_HAND_KINDS, size):
            counts = [0] * 15
            for c in combo:
                counts[c] += 1
            yield tuple(counts)


def _cards(counts) -> str:
    return rt.format_cards(counts)


def _card_cases(check: str, pair: "_Pair") -> Iterator[dict]:
    """Candidate cases of a card check, simplest first."""
    if check == "hand":
        for size in range(1, 6):
            for c in _plays_of_size(size):
                yield {"check": "hand", "cards": _cards(c)}
    elif check == "opens":
        for size in range(1, 6):
            for c in _plays_of_size(size):
                yield {"check": "opens", "cards": _cards(c)}
    elif check == "beats":
        plays = {k: _plays_of_size(k) for k in range(1, 5)}
        pairs = sorted(((sl, sp) for sl in range(1, 4) for sp in range(1, 5)), key=lambda p: (p[0] + p[1], p[0]))
        for sl, sp in pairs:
            for lead in plays[sl]:
                for play in plays[sp]:
                    yield {"check": "beats", "lead": _cards(lead), "play": _cards(play)}
    elif check == "answers":
        leads = [c for k in (1, 2) for c in _plays_of_size(k)]
        for hand in _hands(4):
            for lead in leads:
                yield {"check": "answers", "hand": _cards(hand), "lead": _cards(lead)}
    elif check == "can_burn":
        targets = []
        for k in (1, 2, 3):
            for c in _plays_of_size(k):
                text = _cards(c)
                if any(e.engine.classify(c).valid and e.engine.classify(c).gouji for e in (pair.a, pair.b)):
                    targets.append(text)
        targets = targets[:16]
        for hand in _hands(5):
            for target in targets:
                yield {"check": "can_burn", "hand": _cards(hand), "target": target}


_FINISHES = ([1, 2, 3, 4, 5, 6], [1, 3, 5, 2, 4, 6], [1, 4, 2, 5, 3, 6], [2, 1, 4, 3, 6, 5],
             [1, 2, 4, 3, 5, 6], [4, 1, 2, 3, 5, 6])


def _subsets(seats: Iterable[int]) -> list[list[int]]:
    seats = list(seats)
    out = [sorted(c) for k in range(len(seats) + 1) for c in itertools.combinations(seats, k)]
    return sorted(out, key=lambda s: (-len(s), s))  # everyone open first: the usual game


def _result_cases(check: str, players: int = 6) -> Iterator[dict]:
    """Candidate game results (CONFORMANCE.md `result`), simplest first: plain results,
    eight at a time, then one each with a burn, with 宣点, with a 闷 pair and with
    earlier games of the match, so that every kind comes early."""
    seats = range(1, players + 1)
    opened_sets = _subsets(seats)
    opposite = {s: (s + players // 2 - 1) % players + 1 for s in seats}

    def case(**result):
        return {"check": check, "result": result}

    def plain():
        for opened in opened_sets:
            for finish in _FINISHES:
                yield case(finish=finish, opened=opened)

    def burns():
        for opened in opened_sets[:8]:
            for finish in _FINISHES[:3]:
                for burned in [s for s in finish[1:] if s != opposite[finish[0]]][:2]:
                    yield case(finish=finish, opened=opened, burns=[[finish[0], burned]])

    def declared():
        for opened in opened_sets:
            for declared in ([1], [4], [1, 4], [1, 2, 3, 4, 5, 6]):
                for finish in _FINISHES[:3]:
                    yield case(finish=finish, opened=opened, declared=declared)

    def men():
        for opened in opened_sets[:8]:
            for finish in _FINISHES[:3]:
                for pair in ([finish[5], finish[0]], [finish[4], finish[1]]):
                    yield case(finish=finish, opened=opened, men=[pair])

    def previous():
        for opened in opened_sets[1:16]:
            for finish in _FINISHES[:2]:
                for k in (1, 2, 3):
                    yield case(finish=finish, opened=opened, previous=[{"opened": opened}] * k)

    streams = [plain(), burns(), declared(), men(), previous()]
    while streams:
        for i, stream in enumerate(list(streams)):
            taken = list(itertools.islice(stream, 8 if i == 0 and stream is streams[0] else 1))
            if not taken:
                streams.remove(stream)
            yield from taken


def _same_answer(check: str, x, y) -> bool:
    return matches(check, x, y) and matches(check, y, x)


def _answer(engine, case: dict):
    """The engine's answer, or None when it rejects the case (a result no game of it could produce)."""
    try:
        return evaluate(engine, case)
    except (rt.ResultError, rt.CardError):
        return None


# --- game situations ---------------------------------------------------------------------------------

def _rules_of(x):
    """The game `Rules` of a generated module, a reference engine, or Rules itself."""
    if hasattr(x, "RULES"):
        return x.RULES
    if hasattr(x, "rules") and callable(x.rules):
        cached = getattr(x, "_diff_rules", None)
        if cached is None:
            cached = x.rules()
            x._diff_rules = cached
        return cached
    return x


@dataclass(frozen=True)
class Situation:
    """A game set-up, plus actions: a position (`new_position`) or a deal (`new_game`)."""

    kind: str                      # "position" or "deal"
    hands: tuple = ()              # ((seat, "cards"), ...) for a position
    leader: int = 0
    out: tuple = ()                # ((seat, place), ...)
    opened: tuple = ()
    seed: int | None = None        # for a deal
    previous: tuple = ()           # earlier games of the match (result dicts as JSON text), for a deal
    actions: tuple = ()            # action strings, applied in turn

    def start(self, rules_or_engine):
        """The game at the set-up, before the actions: on a generated engine module,
        a reference engine, or a game `Rules`."""
        from gouji_dsl.runtime import game as gm

        module = rules_or_engine if hasattr(rules_or_engine, "RULES") else None
        rules = _rules_of(rules_or_engine)
        if self.kind == "position":
            hands = dict(self.hands)
            if module is not None:
                return module.new_position(hands, self.leader, out=dict(self.out) or None, opened=self.opened)
            return gm.new_position(rules, hands, self.leader, None, dict(self.out) or None, self.opened)
        match = gm.Match(results=[json.loads(r) for r in self.previous]) if self.previous else None
        if module is not None:
            return module.new_game(seed=self.seed, match=match)
        return gm.new_game(rules, self.seed, match)

    def run(self, rules_or_engine):
        """The game after every action; raises IllegalAction if one is refused."""
        g = self.start(rules_or_engine)
        for action in self.actions:
            g.apply_action(action)
        return g

    def to_json(self) -> dict:
        if self.kind == "position":
            out = {"kind": "position", "hands": {str(s): c for s, c in self.hands}, "leader": self.leader}
            if self.out:
                out["out"] = {str(s): p for s, p in self.out}
            if self.opened:
                out["opened"] = list(self.opened)
        else:
            out = {"kind": "deal", "seed": self.seed}
            if self.previous:
                out["previous"] = [json.loads(r) for r in self.previous]
        out["actions"] = list(self.actions)
        return out


_CORE = ("phase", "player", "actions", "table", "opened", "declared", "places", "returns")


def _core(g) -> dict:
    obs = g.observation(1)
    core = {"phase": g.phase, "player": g.current_player(), "actions": tuple(g.legal_actions()),
            "table": None if obs["table"] is None else (obs["table"]["seat"], obs["table"]["cards"]),
            "opened": tuple(obs["opened"]), "declared": tuple(obs["declared"]),
            "places": tuple(sorted(obs["places"].items()))}
    if g.is_terminal():
        core["returns"] = tuple(g.returns())
    return core


def _seen(g) -> dict:
    out = {}
    for seat in range(1, g.r.players + 1):
        obs = g.observation(seat)
        out[f"seen {seat}"] = tuple(sorted(obs["hands"].items()))
        out[f"counts {seat}"] = tuple(sorted(obs["card_counts"].items()))
    return out


def signature(g) -> dict:
    """What a game shows at this point: phase, who acts, the legal actions,
    the table, opened and declared seats, places, at the end the scores, and
    what each seat sees (its hand, teammates' hands, card counts)."""
    return {**_core(g), **_seen(g)}


def _info(g) -> tuple:
    r = g.r
    return (r.report_at, r.show_team_at, r.watch_after_out, r.teams, r.players)


def _differences(g1, g2) -> dict:
    """The components of `signature` on which two games differ: key -> (value 1, value 2).
    What the seats see is compared only when it can differ (hands, places or 报牌 / 看牌 rules)."""
    c1, c2 = _core(g1), _core(g2)
    out = {k: (c1.get(k), c2.get(k)) for k in _CORE if c1.get(k) != c2.get(k)}
    if (g1.hands != g2.hands or g1.place_of != g2.place_of or g1.terminal != g2.terminal
            or g1.finish_order != g2.finish_order or _info(g1) != _info(g2)):
        s1, s2 = _seen(g1), _seen(g2)
        out.update({k: (s1[k], s2.get(k)) for k in s1 if s1[k] != s2.get(k)})
    return out


def _component_order(key: str) -> tuple:
    order = list(_CORE)
    if key in order:
        return (order.index(key), 0)
    kind, seat = key.split()
    return (len(order) + (0 if kind == "seen" else 1), int(seat))


_KINDS = list(range(15))
_KIND_WEIGHTS = (1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3)  # 3..9 rare, high cards, 2s and jokers common
# Position styles: (groups of cards per hand, cards per group, seats already out).
_STYLES = (((1, 2, 2, 3), (1, 1, 2, 2, 3), (0, 0, 0, 1, 1, 1, 2, 3)),
           ((2, 3, 3, 4), (1, 1, 2, 2, 3), (0, 1, 1, 1, 2)))
# How walks choose: the chance of passing when a pass is allowed (None: like any other action).
_PASS_RATES = (None, 0.1, 0.5)


def _random_position(rng: random.Random, players: int, teams: dict, style: int = 0) -> Situation:
    groups, sizes, outs = _STYLES[style % len(_STYLES)]
    seats = list(range(1, players + 1))
    while True:
        out_seats = rng.sample(seats, rng.choice(outs))
        holders = [s for s in seats if s not in out_seats]
        if len({teams[s] for s in holders}) == 2:
            break
    hands = []
    for s in holders:
        counts = [0] * 15
        for _ in range(rng.choice(groups)):
            kind = rng.choices(_KINDS, _KIND_WEIGHTS)[0]
            counts[kind] += rng.choice((1, 1, 2)) if kind >= 13 else rng.choice(sizes)
        hands.append((s, rt.format_cards(counts)))
    out = tuple((s, i + 1) for i, s in enumerate(out_seats))
    return Situation("position", tuple(hands), rng.choice(holders), tuple(sorted(out)))


_PREVIOUS_RESULTS = (
    {"finish": [1, 2, 3, 4, 5, 6], "opened": [1, 2, 3, 5, 6], "declared": [], "burns": [], "men": []},
    {"finish": [1, 3, 5, 2, 4, 6], "opened": [1, 2, 3, 4, 5, 6], "declared": [], "burns": [], "men": []},
    {"finish": [2, 1, 4, 3, 6, 5], "opened": [2, 3, 4, 6], "declared": [], "burns": [], "men": []},
)

# Settings of game.Rules that act only while dealing and between games (set-up,
# 宣点, 买3, 革命, tribute): positions cannot show them, dealt games can.
_DEAL_SETTINGS = {"decks", "cards_per_player", "first_leader", "buy_three", "buy_with", "seller_min_threes",
                  "ask_three", "revolution", "redeal_at", "revolution_place", "auto_open", "declare",
                  "tribute_enabled", "returned", "mutual_dian_returned", "return_not_above_received",
                  "return_from_dealt", "no_single_return", "dian_max_level", "dian_graduation",
                  "chaos_after_first_out_with_revolution", "place_names"}
_RESULT_SECTIONS = {"tribute", "scoring"}


@dataclass
class Budget:
    """How hard to look for a counterexample of one rule (per side of the pair)."""

    card_candidates: int = 30000     # card cases tried per check
    result_candidates: int = 3000    # game results tried per check
    relevance_checks: int = 300      # hybrid evaluations per rule and check
    positions: int = 300             # random positions walked per side
    position_steps: int = 14
    position_hits: int = 3           # separating positions collected before keeping the smallest
    deals: int = 16                  # dealt games walked per side
    deal_steps: int = 24
    matches: int = 6                 # dealt games after a previous game of a match, per side


# --- counterexamples -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Counterexample:
    """A situation on which the engines of `a` and `b` disagree, for rule `rule`.

    kind "case": a card or result check of CONFORMANCE.md (`to_case` makes it
    a cross-variant case); kind "game": a game position or deal plus actions,
    after which the engines differ in `components` (who acts, legal actions,
    what a seat sees, ...). `isolated` is False for a game situation where
    the two variants also differ for other reasons on the same components;
    `alone` then says what the rule by itself changes there."""

    rule: str                      # the rule (group) it separates: "plays.big_joker_doubling"
    rules: tuple[str, ...]         # every rule of the group
    a: str
    b: str
    kind: str
    check: str                     # a conformance check, or "game"
    case: dict | None = None       # the case without "expect" (kind "case")
    a_answer: Any = None
    b_answer: Any = None
    situation: Situation | None = None
    components: tuple[str, ...] = ()
    a_state: dict | None = field(default=None, compare=False, repr=False)
    b_state: dict | None = field(default=None, compare=False, repr=False)
    seats: tuple = ()              # the seat of each action
    isolated: bool = True         # the rule alone explains the disagreement (see the module docstring)
    alone: tuple = ()              # (variant, {component: (its value, the value with the rule changed)})
    zh: str = ""                   # the rule's Chinese name
    a_cites: tuple[str, ...] = ()
    b_cites: tuple[str, ...] = ()
    engines: str = "generated"

    @property
    def is_case(self) -> bool:
        return self.kind == "case"

    def to_case(self) -> dict:
        """The cross-variant conformance case (CONFORMANCE.md): one line, both answers."""
        if not self.is_case:
            raise ValueError(f"a game situation is not a conformance case (rule {self.rule})")
        out = {"check": self.check}
        out.update({k: v for k, v in self.case.items() if k != "check"})
        out["expect"] = {self.a: self.a_answer, self.b: self.b_answer}
        return out

    def verify(self, engine_a=None, engine_b=None) -> bool:
        """Run both engines again, from scratch: True when they really disagree as stated."""
        ea = engine_a or _load_for_verify(self.a)
        eb = engine_b or _load_for_verify(self.b)
        if self.is_case:
            x, y = _answer(ea, self.case), _answer(eb, self.case)
            return x is not None and y is not None and not _same_answer(self.check, x, y) \
                and _same_answer(self.check, x, self.a_answer) and _same_answer(self.check, y, self.b_answer)
        sa, sb = signature(self.situation.run(ea)), signature(self.situation.run(eb))
        return bool(self.components) and all(
            sa.get(k) != sb.get(k) and sa.get(k) == self.a_state[k] and sb.get(k) == self.b_state[k]
            for k in self.components)

    def text(self, lang: str = "en") -> str:
        return _example_text(self, lang)

    def to_json(self, lang: str = "en") -> dict:
        out = {"rule": self.rule, "rules": list(self.rules), "kind": self.kind, "check": self.check,
               "text": self.text(lang)}
        out["isolated"] = self.isolated
        if self.is_case:
            out["case"] = self.to_case()
        else:
            out["situation"] = self.situation.to_json()
            out["seats"] = list(self.seats)
            out["differs_in"] = list(self.components)
            out["states"] = {self.a: {k: _component_json(k, self.a_state.get(k), self.b_state.get(k))
                                      for k in self.components},
                             self.b: {k: _component_json(k, self.b_state.get(k), self.a_state.get(k))
                                      for k in self.components}}
            if self.alone:
                name, states = self.alone
                out["rule_alone"] = {"variant": name,
                                     "as_is": {k: _component_json(k, v[0], v[1]) for k, v in states.items()},
                                     "with_the_rule_changed": {k: _component_json(k, v[1], v[0])
                                                               for k, v in states.items()}}
        return out


def _component_json(key: str, value, other):
    """A component's value as JSON; a long list of legal actions (a leader's
    hundreds of plays) as its count and the actions the other variant lacks."""
    if key == "actions" and value is not None and len(value) > 40:
        theirs = set(other or ())
        only = [str(a) for a in value if a not in theirs]
        return {"count": len(value), "only_here": only[:20], "only_here_count": len(only)}
    return _state_json(value)


def _state_json(value):
    if isinstance(value, tuple) and hasattr(value, "kind") and hasattr(value, "play"):  # a game Action
        return str(value)
    if isinstance(value, tuple):
        return [_state_json(v) for v in value]
    return value


def _load_for_verify(name: str):
    import gouji_dsl
    return gouji_dsl.engine(name)


@dataclass(frozen=True)
class Reason:
    """Why a behavioural difference has no counterexample, in both languages."""

    en: str
    zh: str

    def text(self, lang: str = "en") -> str:
        return self.zh if lang == "zh" else self.en

    def __str__(self) -> str:
        return self.en


class CounterexampleList(list):
    """The counterexamples found, plus `unfound`: rule -> the Reason none is given
    (and `note`: how the search was done, when not with the generated engines)."""

    def __init__(self, items=(), unfound: dict | None = None, note: Reason | None = None, searched: bool = True):
        super().__init__(items)
        self.unfound: dict[str, Reason] = dict(unfound or {})
        self.note = note
        self.searched = searched  # False when the pair cannot be searched at all (see `note`)


@dataclass
class _Pair:
    a: _Engine
    b: _Engine
    budget: Budget
    hybrids: dict = field(default_factory=dict)
    used_cases: set = field(default_factory=set)
    rejected: dict = field(default_factory=dict)   # variant -> reasons it rejected candidate results
    searched: dict = field(default_factory=dict)   # rule -> the kinds of game situation walked
    touched: dict = field(default_factory=dict)    # rule -> walks in which the rule changed the game at all

    def other(self, side: _Engine) -> _Engine:
        return self.b if side is self.a else self.a

    def hybrid(self, side: _Engine, paths: tuple[str, ...]) -> _Hybrid | None:
        key = (side.name, paths)
        if key not in self.hybrids:
            other = self.other(side)
            changes = {p: getattr(other.model.sections[p.split(".")[0]], p.split(".")[1]) for p in paths}
            try:
                self.hybrids[key] = _Hybrid(side, changes)
            except Exception:  # noqa: BLE001 - a combination the engines cannot run: not searched
                self.hybrids[key] = None
        return self.hybrids[key]


# Tribute rules that act only when cards change hands, not on what is owed.
_RETURN_RULES = {"tribute.returned", "tribute.mutual_dian_returned", "tribute.return_limit",
                 "tribute.return_from_dealt", "tribute.no_single_return"}


def _checks_for(path: str) -> tuple[list[str], bool]:
    """Which conformance checks can show a rule, and whether games can."""
    section = path.split(".")[0]
    if section in ("cards", "plays"):
        return ["hand", "beats", "answers", "can_burn", "opens"], True
    if section == "gouji":
        return ["hand", "opens", "can_burn", "beats"], True
    if path == "threes.threes_last":
        return ["hand", "can_burn", "answers"], True
    if path in ("burning.allowed", "burning.condition", "burning.first_play_needs_joker"):
        return ["can_burn"], True
    if path == "open.counts":
        return ["opens"], True
    if section == "scoring":
        return ["score"], False
    if path in _RETURN_RULES:
        return [], True
    if section == "tribute":
        return ["tribute", "score"], True
    if path in ("end.sweep", "table.players", "table.teams", "table.opposites"):
        return ["tribute", "score"], True
    return [], True


_CARD_CHECKS = ("hand", "beats", "answers", "opens", "can_burn")


def _search_case(pair: _Pair, paths: tuple[str, ...], check: str) -> tuple[dict, Any, Any, bool] | None:
    """The first candidate case of `check` where the engines disagree and the rule
    matters. Preferred: one where the rule alone explains the disagreement (the
    variant with only this rule changed answers like the other variant), and one
    not already used for another rule; else the first that merely shows the rule."""
    budget = pair.budget
    card = check in _CARD_CHECKS
    cap = budget.card_candidates if card else budget.result_candidates
    candidates = _card_cases(check, pair) if card else _result_cases(check, pair.a.model.table.players)
    checks_left = budget.relevance_checks
    fallback = None
    for case in itertools.islice(candidates, cap):
        x, y = _answer(pair.a.engine, case), _answer(pair.b.engine, case)
        if x is None or y is None:
            for side, got in ((pair.a, x), (pair.b, y)):
                if got is None:
                    try:
                        evaluate(side.engine, case)
                    except (rt.ResultError, rt.CardError) as exc:
                        reasons = pair.rejected.setdefault(side.name, [])
                        if str(exc) not in reasons:
                            reasons.append(str(exc))
            continue
        if _same_answer(check, x, y):
            continue
        if checks_left <= 0:
            break
        checks_left -= 1
        shown = _matters(pair, paths, check, case, {pair.a.name: y, pair.b.name: x})
        if shown is None:
            continue
        key = json.dumps(case, sort_keys=True)
        if shown and key not in pair.used_cases:
            pair.used_cases.add(key)
            return case, x, y, True
        fallback = fallback or (case, x, y, shown)
    if fallback is not None:
        pair.used_cases.add(json.dumps(fallback[0], sort_keys=True))
    return fallback


def _matters(pair: _Pair, paths: tuple[str, ...], check: str, case: dict, others: dict) -> bool | None:
    """Does setting the rule to the other variant's value change either variant's
    answer? None: no; False: yes; True: yes, to exactly the other variant's answer."""
    result = None
    for side in (pair.a, pair.b):
        hyb = pair.hybrid(side, paths)
        if hyb is None:
            continue
        try:
            base, changed = _answer(side.reference, case), _answer(hyb.reference, case)
        except Exception:  # noqa: BLE001 - the hybrid cannot answer: the rule is not shown here
            continue
        if base is not None and changed is not None and not _same_answer(check, base, changed):
            if _same_answer(check, changed, others[side.name]):
                return True
            result = False
    return result


def _situations(kind: str, pair: _Pair, side: _Engine, rule: str) -> Iterator[tuple[Situation, int, random.Random, Any]]:
    """Seeded situations to walk: (set-up, most actions, the walk's random generator, its pass rate)."""
    budget = pair.budget
    teams = side.rules.teams
    players = side.rules.players
    if kind == "position":
        for i in range(budget.positions):
            rng = random.Random(f"position|{rule}|{side.name}|{i}")
            situation = _random_position(rng, players, teams, style=i % len(_STYLES))
            yield situation, budget.position_steps, rng, _PASS_RATES[(i // len(_STYLES)) % len(_PASS_RATES)]
    elif kind == "deal":
        for seed in range(budget.deals):
            yield (Situation("deal", seed=seed), budget.deal_steps, random.Random(f"deal|{rule}|{side.name}|{seed}"),
                   _PASS_RATES[seed % len(_PASS_RATES)])
    elif kind == "match":
        for i in range(budget.matches):
            previous = _PREVIOUS_RESULTS[i % len(_PREVIOUS_RESULTS)]
            text = json.dumps(previous, sort_keys=True)
            yield (Situation("deal", seed=i, previous=(text,)), 2,
                   random.Random(f"match|{rule}|{side.name}|{i}"), None)


@dataclass(frozen=True)
class _Hit:
    situation: Situation
    components: tuple[str, ...]
    isolated: bool

    def size(self) -> tuple:
        cards = sum(len(c.split()) for _s, c in self.situation.hands)
        return (len(self.situation.actions), cards)


def _separation(games, touched: list | None = None) -> tuple[tuple[str, ...], bool] | None:
    """Where the rule shows: components on which the hybrid differs from the base
    and the other variant differs from the base too. Isolated when on some of
    them the hybrid looks exactly like the other variant (the rule alone
    explains the difference there); then only those are kept."""
    base, hyb, other = games
    changed = _differences(base, hyb)
    if not changed:
        return None
    if touched is not None:
        touched.append(True)
    against = _differences(base, other)
    relevant = [k for k in changed if k in against]
    if not relevant:
        return None
    exact = [k for k in relevant if changed[k][1] == against[k][1]]
    keys = exact or relevant
    return tuple(sorted(keys, key=_component_order)), bool(exact)


def _choose(rng: random.Random, actions: list, pass_rate):
    """A random action; with a pass rate, pass with that chance when passing is allowed."""
    if pass_rate is not None and len(actions) > 1 and actions[0].kind == "pass":
        return actions[0] if rng.random() < pass_rate else rng.choice(actions[1:])
    return rng.choice(actions)


def _walk(situation: Situation, steps: int, rng: random.Random, rules, touched: list | None = None,
          pass_rate=None) -> _Hit | None:
    """Play the situation in lockstep on the base, hybrid and other rules (only
    actions all three allow) until the rule shows; None if it does not."""
    from gouji_dsl.runtime.game import IllegalAction

    try:
        games = [situation.start(r) for r in rules]
    except (ValueError, IllegalAction):
        return None
    actions = []
    for _ in range(steps + 1):
        found = _separation(games, touched)
        if found is not None:
            return _Hit(dataclasses.replace(situation, actions=tuple(actions)), *found)
        if any(g.is_terminal() for g in games) or len({g.current_player() for g in games}) != 1:
            return None
        legal = [set(g.legal_actions()) for g in games[1:]]
        common = [a for a in games[0].legal_actions() if all(a in s for s in legal)]
        if not common:
            return None
        action = _choose(rng, common, pass_rate)
        try:
            for g in games:
                g.apply_action(action)
        except IllegalAction:
            return None
        actions.append(str(action))
    return None


def _replay_separation(situation: Situation, rules):
    from gouji_dsl.runtime.game import IllegalAction

    try:
        games = [situation.run(r) for r in rules]
    except (ValueError, IllegalAction):
        return None
    return _separation(games)


def _shrink(hit: _Hit, rules) -> _Hit:
    """Fewer cards: drop single cards while the situation still shows the rule as well."""
    situation = hit.situation
    if situation.kind != "position":
        return hit
    changed = True
    while changed:
        changed = False
        for i, (seat, cards) in enumerate(situation.hands):
            tokens = cards.split()
            if len(tokens) <= 1:
                continue
            for j in range(len(tokens)):
                hands = situation.hands[:i] + ((seat, " ".join(tokens[:j] + tokens[j + 1:])),) + situation.hands[i + 1:]
                trial = dataclasses.replace(situation, hands=hands)
                found = _replay_separation(trial, rules)
                if found is not None and found[1] >= hit.isolated:
                    situation, hit = trial, _Hit(trial, *found)
                    changed = True
                    break
            if changed:
                break
    return hit


def _game_kinds(pair: _Pair, side: _Engine, hyb: _Hybrid, rule: str) -> list[str]:
    from gouji_dsl.model.semantics import game_settings

    base_settings = game_settings(side.model)
    changed = {k for k, v in game_settings(hyb.model).items() if base_settings.get(k) != v}
    if rule.split(".")[0] in _RESULT_SECTIONS or rule == "end.sweep":
        return ["match"]
    if hyb.pure and not changed:
        return []  # the rule never reaches the game flow
    if hyb.pure and changed <= _DEAL_SETTINGS:
        return ["deal", "match"]
    return ["position", "deal"]


def _search_game(pair: _Pair, paths: tuple[str, ...]) -> Counterexample | None:
    """A game situation (position or deal, plus actions) that shows the rule,
    preferring one where the rule alone explains the difference."""
    rule = paths[0]
    partial = None
    for side in (pair.a, pair.b):
        hyb = pair.hybrid(side, paths)
        if hyb is None:
            continue
        rules = (side.rules, hyb.rules, pair.other(side).rules)
        for kind in _game_kinds(pair, side, hyb, rule):
            pair.searched.setdefault(rule, [])
            if kind not in pair.searched[rule]:
                pair.searched[rule].append(kind)
            hits = []
            for situation, steps, rng, pass_rate in _situations(kind, pair, side, rule):
                touched: list = []
                hit = _walk(situation, steps, rng, rules, touched, pass_rate)
                if touched:
                    pair.touched[rule] = pair.touched.get(rule, 0) + 1
                if hit is None:
                    continue
                if not hit.isolated:
                    partial = partial or (side, hit)
                    continue
                hits.append(hit)
                if kind != "position" or len(hits) >= pair.budget.position_hits:
                    break
            if hits:
                best = _shrink(min(hits, key=_Hit.size), rules)
                example = _game_example(pair, paths, side, best)
                if example is not None:
                    return example
    if partial is not None:
        side, hit = partial
        hyb = pair.hybrid(side, paths)
        return _game_example(pair, paths, side, _shrink(hit, (side.rules, hyb.rules, pair.other(side).rules)))
    return None


def _game_example(pair: _Pair, paths: tuple[str, ...], side: _Engine, hit: _Hit) -> Counterexample | None:
    """Run the situation on both engines, from scratch, and keep it if they differ as found."""
    from gouji_dsl.runtime.game import IllegalAction

    situation = hit.situation
    try:
        ga = situation.run(pair.a.engine)
        gb = situation.run(pair.b.engine)
        gh = situation.run(pair.hybrid(side, paths).rules)
    except (ValueError, IllegalAction):
        return None
    sa, sb, sh = signature(ga), signature(gb), signature(gh)
    components = tuple(k for k in hit.components if sa.get(k) != sb.get(k))
    if not components:
        return None
    g = situation.start(pair.a.rules)
    seats = []
    for action in situation.actions:
        seats.append(g.current_player())
        g.apply_action(action)
    own = sa if side is pair.a else sb
    alone = () if hit.isolated else (side.name, {k: (own.get(k), sh.get(k)) for k in components})
    return Counterexample(paths[0], paths, pair.a.name, pair.b.name, "game", "game", situation=situation,
                          components=components, a_state={k: sa.get(k) for k in components},
                          b_state={k: sb.get(k) for k in components}, seats=tuple(seats),
                          isolated=hit.isolated, alone=alone)


def _engine(ws: Workspace, name: str) -> _Engine:
    """Every concrete Gouji variant has a generated engine (a user's, built in memory)."""
    model = Compilation(ws, name).checked
    return _Engine(name, model, _generated_engine(ws, name))


def searchable(a: m.Variant, b: m.Variant) -> Reason | None:
    """Why no counterexample search is possible for this pair, or None."""
    for v in (a, b):
        if v.abstract:
            return Reason(f"{v.name} is abstract: abstract variants are compared by their rules only",
                          f"{v.name} 是抽象变体：抽象变体只比较规则")
        if v.game != "gouji" or v.sections["plays"].shape != "one_rank":
            return Reason(f"{v.name} has no engine (engines exist for Gouji variants only)",
                          f"{v.name} 没有引擎（只有够级变体有引擎）")
    return None


def counterexamples(name_a: str, name_b: str, diffs: list[RuleDiff], ws: Workspace | None = None,
                    budget: Budget | None = None) -> CounterexampleList:
    """For each behavioural difference, a verified situation where the engines disagree.

    Deterministic: the same variants and diffs give the same counterexamples.
    Rules without one are listed in the result's `unfound`, with the reason."""
    ws = ws or Workspace()
    budget = budget or Budget()
    model_a, model_b = Compilation(ws, name_a).checked, Compilation(ws, name_b).checked
    why_not = searchable(model_a, model_b)
    groups: dict[str, list[RuleDiff]] = {}
    for d in diffs:
        if d.behavioural:
            groups.setdefault(d.group, []).append(d)
    if why_not:
        return CounterexampleList([], {g: why_not for g in groups}, note=why_not, searched=False)
    ea, eb = _engine(ws, name_a), _engine(ws, name_b)
    pair = _Pair(ea, eb, budget)
    engines = "generated"
    note = None
    found: list[Counterexample] = []
    unfound: dict[str, str] = {}
    for group, members in groups.items():
        paths = tuple(d.path for d in members)
        head = members[0]
        checks, games = _checks_for(group)
        example = None
        for check in checks:
            hit = _search_case(pair, paths, check)
            if hit is not None:
                case, x, y, isolated = hit
                example = Counterexample(group, paths, name_a, name_b, "case", check, case=case, a_answer=x,
                                         b_answer=y, isolated=isolated, engines=engines)
                break
        if example is None and games:
            example = _search_game(pair, paths)
        if example is None:
            unfound[group] = _unfound_reason(pair, group, checks, games)
            continue
        example = dataclasses.replace(example, zh=head.zh, a_cites=_cites(members, "a"), b_cites=_cites(members, "b"),
                                      engines=engines)
        # Verified: both engines run again, from scratch, and disagree as stated.
        if not example.verify(ea.engine, eb.engine):
            raise AssertionError(f"counterexample for {group} does not separate {name_a} and {name_b}")
        found.append(example)
    return CounterexampleList(found, unfound, note)


def _cites(members: list[RuleDiff], which: str) -> tuple[str, ...]:
    out: list[str] = []
    for d in members:
        out.extend(c for c in d.cites(which) if c not in out)
    return tuple(out)


def _unfound_reason(pair: _Pair, group: str, checks: list[str], games: bool) -> Reason:
    b = pair.budget
    en, zh = [], []
    if checks:
        en.append(f"{' and '.join(checks)} cases")
        zh.append(f"{'、'.join(checks)} 用例")
    kinds = pair.searched.get(group, []) if games else []
    walks = {"position": (f"{b.positions} random positions (up to {b.position_steps} actions)",
                          f"{b.positions}个随机局面（最多{b.position_steps}步）"),
             "deal": (f"{b.deals} dealt games (up to {b.deal_steps} actions)", f"{b.deals}局发牌对局（最多{b.deal_steps}步）"),
             "match": (f"{b.matches} games dealt after a previous game of a match", f"{b.matches}局接上一局的发牌")}
    if kinds:
        en.append(" and ".join(walks[k][0] for k in kinds) + " per variant")
        zh.append("每个变体" + "和".join(walks[k][1] for k in kinds))
    if not en:
        return Reason("no search applies: the rule does not reach the engines' answers or the game flow",
                      "无可搜索之处：这条规则不影响引擎的回答和出牌流程")
    reason_en = "none found within the search budget (" + "; ".join(en) + ")"
    reason_zh = "在搜索范围内未找到（" + "；".join(zh) + "）"
    if kinds:
        touched = pair.touched.get(group, 0)
        if not touched:
            reason_en += "; with the rule alone set to the other value, no searched game went differently at all"
            reason_zh += "；只改这条规则时，所搜索的对局没有任何不同"
        else:
            reason_en += (f"; the rule alone changed the course of {touched} searched game(s), but never at a point "
                          "both variants reach by the same actions and differ on")
            reason_zh += f"；只改这条规则时有{touched}局对局进程不同，但都不在两个变体以相同动作到达且确有差别的地方"
    if any(c in ("tribute", "score") for c in checks):
        for name, why in sorted(pair.rejected.items()):
            reason_en += f"; results {name} cannot produce are not cases ({'; '.join(why)})"
            reason_zh += f"；{name} 不可能出现的终局不能作为用例（{'; '.join(why)}）"
    return Reason(reason_en, reason_zh)


# --- counterexample prose ------------------------------------------------------------------------------

def _result_text(result: dict, lang: str) -> str:
    zh = lang == "zh"
    parts = [("名次 " if zh else "finish ") + " ".join(map(str, result["finish"]))]
    opened = result.get("opened", [])
    parts.append(("开点 " if zh else "opened ") + (" ".join(map(str, opened)) if opened else ("无" if zh else "none")))
    if result.get("declared"):
        parts.append(("宣点 " if zh else "declared ") + " ".join(map(str, result["declared"])))
    if result.get("burns"):
        parts.append(("烧牌 " if zh else "burns ") + ", ".join(f"{x}>{y}" for x, y in result["burns"]))
    if result.get("men"):
        parts.append(("闷 " if zh else "men ") + ", ".join(f"{x}<{y}" for x, y in result["men"]))
    if result.get("previous"):
        prev = ("；" if zh else "; ").join(" ".join(map(str, g["opened"])) or "-" for g in result["previous"])
        parts.append((f"此前各局开点 {prev}" if zh else f"opened in the previous games: {prev}"))
    return ("，" if zh else ", ").join(parts)


def _tributes_text(entries, lang: str) -> str:
    if not entries:
        return "无" if lang == "zh" else "nothing"
    if lang == "zh":
        names = {"men": "闷贡", "shao": "烧贡", "dian": "点贡", "luo": "落贡"}
        return "，".join(f"{names[e['kind']]} {e['from']}→{e['to']} {e['count']}张" for e in entries)
    return ", ".join(f"{e['kind']} {e['from']}→{e['to']} ×{e['count']}" for e in entries)


def _example_text(ex: Counterexample, lang: str) -> str:
    zh = lang == "zh"
    a, b = ex.a, ex.b
    if not ex.is_case:
        return _game_text(ex, lang)
    c, x, y = ex.case, ex.a_answer, ex.b_answer
    if ex.check == "hand":
        def desc(v):
            if not v["valid"]:
                return "不是合法的一手" if zh else "not a legal play"
            if v["gouji"]:
                return "是合法的级牌" if zh else "a legal play and a 级牌"
            return "是合法的一手，不是级牌" if zh else "a legal play, not a 级牌"
        return (f"牌 {c['cards']}：{a} {desc(x)}；{b} {desc(y)}" if zh else
                f"cards {c['cards']}: {desc(x)} in {a}; {desc(y)} in {b}")
    if ex.check in ("beats", "opens", "can_burn"):
        yes, no = (a, b) if x else (b, a)
        if ex.check == "beats":
            return (f"首出 {c['lead']}，应 {c['play']}：{yes} 管得上，{no} 管不上" if zh else
                    f"lead {c['lead']}, answer {c['play']}: beats in {yes}, not in {no}")
        if ex.check == "opens":
            return (f"以 {c['cards']} 赢得发牌权：{yes} 算开点，{no} 不算" if zh else
                    f"winning the lead with {c['cards']}: opens (开点) in {yes}, not in {no}")
        return (f"手牌 {c['hand']} 烧 {c['target']}：{yes} 可以烧，{no} 不可以" if zh else
                f"hand {c['hand']} may burn {c['target']} in {yes}, not in {no}")
    if ex.check == "answers":
        return (f"手牌 {c['hand']} 应 {c['lead']}：{a} 有 {x} 种管法，{b} 有 {y} 种" if zh else
                f"hand {c['hand']} against lead {c['lead']}: {x} different answers in {a}, {y} in {b}")
    if ex.check == "tribute":
        r = _result_text(c["result"], lang)
        return (f"终局 {r}：{a} 进贡 {_tributes_text(x, lang)}；{b} 进贡 {_tributes_text(y, lang)}" if zh else
                f"result {r}: {a} owes {_tributes_text(x, lang)}; {b} owes {_tributes_text(y, lang)}")
    if ex.check == "score":
        r = _result_text(c["result"], lang)
        return (f"终局 {r}：{a} 得分 {x}；{b} 得分 {y}" if zh else f"result {r}: {a} scores {x}; {b} scores {y}")
    return json.dumps(ex.to_case(), ensure_ascii=False)


def _setup_text(s: Situation, lang: str) -> str:
    zh = lang == "zh"
    if s.kind == "position":
        hands = "；".join(f"{seat}号 {cards}" for seat, cards in s.hands) if zh else \
            "; ".join(f"seat {seat} {cards}" for seat, cards in s.hands)
        parts = [f"局面：{hands}" if zh else f"position: {hands}"]
        if s.out:
            outs = "、".join(f"{seat}号第{place}名" for seat, place in s.out) if zh else \
                ", ".join(f"seat {seat} (place {place})" for seat, place in s.out)
            parts.append(f"已走科 {outs}" if zh else f"out: {outs}")
        if s.opened:
            parts.append(("已开点 " if zh else "opened: ") + " ".join(map(str, s.opened)))
        parts.append(f"{s.leader}号先出" if zh else f"seat {s.leader} leads")
        return ("，".join(parts) if zh else ", ".join(parts))
    text = f"新的一局，种子 {s.seed}" if zh else f"a new game dealt with seed {s.seed}"
    if s.previous:
        prev = json.loads(s.previous[0])
        r = _result_text(prev, lang)
        text += f"，上一局 {r}" if zh else f", after a previous game ({r})"
    return text


def _actions_text(ex: Counterexample, lang: str) -> str:
    zh = lang == "zh"
    steps = [f"{seat}号 {action}" if zh else f"seat {seat} {action}" for seat, action in zip(ex.seats, ex.situation.actions)]
    if not steps:
        return ""
    return ("；动作：" + "，".join(steps)) if zh else ("; actions: " + ", ".join(steps))


def _list_actions(actions, lang: str, limit: int = 8) -> str:
    names = [str(a) for a in actions]
    if not names:
        return "无" if lang == "zh" else "none"
    if len(names) > limit:
        more = len(names) - limit
        return ", ".join(names[:limit]) + (f" 等共{len(names)}种" if lang == "zh" else f", … ({more} more)")
    return ", ".join(names)


def _cards_delta(x: str, y: str) -> tuple[str, str]:
    cx, cy = rt.parse_cards(x), rt.parse_cards(y)
    return (rt.format_cards(tuple(max(p - q, 0) for p, q in zip(cx, cy))),
            rt.format_cards(tuple(max(q - p, 0) for p, q in zip(cx, cy))))


def _plain_component(key: str, va, vb, a: str, b: str, lang: str) -> str:
    """One component on which two games differ, said plainly (not what seats see)."""
    zh = lang == "zh"
    if key == "player":
        def who(v):
            return ("对局结束" if zh else "the game is over") if v == -1 else (f"{v}号行动" if zh else f"seat {v} acts")
        return f"{a}：{who(va)}；{b}：{who(vb)}" if zh else f"{a}: {who(va)}; {b}: {who(vb)}"
    if key == "actions":
        va, vb = va or (), vb or ()
        if len(va) <= 8 and len(vb) <= 8:
            return (f"可选动作：{a} {_list_actions(va, lang)}；{b} {_list_actions(vb, lang)}" if zh else
                    f"legal actions: {a} {_list_actions(va, lang)}; {b} {_list_actions(vb, lang)}")
        sa, sb = set(va), set(vb)
        common = sum(1 for x in va if x in sb)
        only_a = [x for x in va if x not in sb]
        only_b = [x for x in vb if x not in sa]
        return (f"可选动作（共同{common}种）：仅{a}有 {_list_actions(only_a, lang, 5)}；仅{b}有 {_list_actions(only_b, lang, 5)}"
                if zh else
                f"legal actions ({common} in common): only {a} allows {_list_actions(only_a, lang, 5)}; "
                f"only {b} allows {_list_actions(only_b, lang, 5)}")
    if key == "phase":
        names = {"declare": ("宣点", "宣点 (declaring)"), "revolt": ("革命", "革命 (revolution)"), "play": ("出牌", "play")}
        def ph(v):
            return names.get(v, (v, v))[0 if zh else 1]
        return f"阶段：{a} {ph(va)}；{b} {ph(vb)}" if zh else f"phase: {a} {ph(va)}, {b} {ph(vb)}"
    names = {"opened": ("开点", "opened seats"), "declared": ("宣点", "declared seats"), "places": ("名次", "places"),
             "returns": ("得分", "scores"), "table": ("桌面", "on the table")}[key]

    def show(v):
        if v in (None, ()):
            return "无" if zh else "none"
        if key == "places":
            return ", ".join(f"{s}:{p}" for s, p in v)
        if key == "table":
            return f"{v[0]}号的 {v[1]}" if zh else f"seat {v[0]}'s {v[1]}"
        return " ".join(map(str, v))
    return f"{names[0]}：{a} {show(va)}；{b} {show(vb)}" if zh else f"{names[1]}: {a} {show(va)}; {b} {show(vb)}"


def _seen_parts(key: str, va, vb, a: str, b: str, lang: str) -> list[tuple[str, int]]:
    """What seat `key` sees differently: (text without the viewer, viewer)."""
    zh = lang == "zh"
    kind, viewer = key.split()
    viewer = int(viewer)
    da, db = dict(va or ()), dict(vb or ())
    if kind == "counts":
        def counts(d):
            if not d:
                return "不显示" if zh else "none shown"
            return ", ".join(f"{s}号{n}张" if zh else f"seat {s}: {n}" for s, n in sorted(d.items()))
        return [(f"看到的张数：{a} {counts(da)}；{b} {counts(db)}" if zh else
                 f"is told card counts: {a} {counts(da)}; {b} {counts(db)}", viewer)]
    parts = []
    for other in sorted(set(da) | set(db)):
        x, y = da.get(other), db.get(other)
        if x == y:
            continue
        own = other == viewer
        whose = ("自己的牌" if zh else "own hand") if own else (f"{other}号的牌" if zh else f"seat {other}'s hand")
        if x is None or y is None:
            unseen = "看不到" if zh else "not seen"
            parts.append((f"看{whose}：{a} {x or unseen}；{b} {y or unseen}" if zh else
                          f"sees {whose}: {a} {x or unseen}; {b} {y or unseen}", viewer))
            continue
        nx, ny = len(x.split()), len(y.split())
        if nx != ny:
            parts.append((f"{whose}：{a} {nx}张，{b} {ny}张" if zh else f"{whose}: {nx} cards in {a}, {ny} in {b}", viewer))
        else:
            more, less = _cards_delta(x, y)
            parts.append((f"{whose}：{a} 是 {more}，{b} 是 {less}" if zh else
                          f"{whose}: {a} holds {more} where {b} holds {less}", viewer))
    return parts


def _components_text(keys, state_a: dict, state_b: dict, a: str, b: str, lang: str, limit: int = 3) -> str:
    """The differences, most telling first: who acts, what they may do, the table, then what seats see."""
    zh = lang == "zh"
    keys = list(keys)
    plain = [k for k in keys if k in _CORE]
    if "player" in plain and "actions" in plain and (len(state_a["actions"]) > 8 or len(state_b["actions"]) > 8):
        plain.remove("actions")
    texts = [_plain_component(k, state_a.get(k), state_b.get(k), a, b, lang) for k in plain]
    grouped: dict[str, list[int]] = {}
    for k in keys:
        if k in _CORE:
            continue
        for text, viewer in _seen_parts(k, state_a.get(k), state_b.get(k), a, b, lang):
            grouped.setdefault(text, []).append(viewer)
    for text, viewers in grouped.items():
        if zh:
            who = "、".join(f"{v}号" for v in viewers)
            texts.append(f"{who}{text}" if text[0] == "看" else f"{who}：{text}")
        else:
            who = f"seat {viewers[0]}" if len(viewers) == 1 else "seats " + ", ".join(map(str, viewers))
            texts.append(f"{who}: {text}")
    more = len(texts) - limit
    texts = texts[:limit]
    if more > 0:
        texts.append(f"另有{more}处不同" if zh else f"and {more} more difference{'s' if more > 1 else ''}")
    return "；".join(texts) if zh else "; ".join(texts)


def _game_text(ex: Counterexample, lang: str) -> str:
    zh = lang == "zh"
    head = _setup_text(ex.situation, lang) + _actions_text(ex, lang)
    text = head + ("。然后 " if zh else ". Then ") + _components_text(ex.components, ex.a_state, ex.b_state, ex.a, ex.b, lang)
    if not ex.isolated and ex.alone:
        name, states = ex.alone
        rules = "、".join(ex.rules) if zh else ", ".join(ex.rules)
        changed = f"{name}（仅改{rules}）" if zh else f"{name} with only {rules} changed"
        alone = _components_text(ex.components, {k: v[0] for k, v in states.items()},
                                 {k: v[1] for k, v in states.items()}, name, changed, lang, limit=2)
        text += (f"。（两者在此处还有其他差别；单是这条规则的影响：{alone}）" if zh else
                 f". (The variants differ here for other reasons too; this rule alone: {alone}.)")
    return text


# --- conformance cases ---------------------------------------------------------------------------------

def write_cases(path: Path | str, examples: Iterable[Counterexample], refs: dict[str, str] | None = None) -> int:
    """Write the card and result counterexamples as a cross-variant .jsonl case
    file (CONFORMANCE.md), each rule's cases after a `#` comment naming the
    rule and its citations. Atomic. Returns the number of cases written.

    `refs` names a user's variant by its rule file, relative to the case file's
    folder (CONFORMANCE.md), so the cases run wherever the two files are kept."""
    refs = refs or {}
    examples = [e for e in examples if e.is_case]
    names = []
    for e in examples:
        for n in (e.a, e.b):
            if n not in names:
                names.append(n)
    lines = ["# Cross-variant conformance cases written by `gouji diff --emit-cases` (format: CONFORMANCE.md).",
             "# Each case is a situation on which the variants' engines disagree, found by search and verified.",
             f"# Variants: {', '.join(names) if names else '(none)'}."]
    by_rule: dict[str, list[Counterexample]] = {}
    for e in examples:
        by_rule.setdefault(e.rule, []).append(e)
    for rule, group in by_rule.items():
        e = group[0]
        lines.append("")
        cites = f"{e.a} {' '.join(e.a_cites) or '(no citation)'}; {e.b} {' '.join(e.b_cites) or '(no citation)'}"
        names_of = " + ".join(e.rules) if len(e.rules) > 1 else rule
        lines.append(f"# {names_of} ({e.zh}): {cites}")
        for ex in group:
            case = ex.to_case()
            case["expect"] = {refs.get(name, name): value for name, value in case["expect"].items()}
            lines.append(json.dumps(case, ensure_ascii=False))
    write_atomic(path, "\n".join(lines) + "\n")
    return len(examples)


# --- rendering: diff ------------------------------------------------------------------------------------

_WORDS = {
    "en": {"vs": "vs", "differ": "rules differ", "one_differs": "rule differs", "identical": "identical: no rule differs",
           "behavioural": "behavioural", "with_example": "with a counterexample", "without": "without one",
           "example": "counterexample", "no_example": "no counterexample", "descriptive": "no effect on play",
           "rows": "rows", "rule": "rule", "value": "value", "written": "written in", "key": "key",
           "not_searched": "counterexamples not searched"},
    "zh": {"vs": "对比", "differ": "条规则不同", "one_differs": "条规则不同", "identical": "相同：没有不同的规则",
           "behavioural": "影响玩法", "with_example": "有反例", "without": "无反例",
           "example": "反例", "no_example": "无反例", "descriptive": "不影响玩法",
           "rows": "行", "rule": "规则", "value": "值", "written": "出处", "key": "键",
           "not_searched": "未搜索反例"},
}


def _label(v) -> tuple[str, str]:
    if isinstance(v, m.Variant):
        return v.name, _side(v).title
    return str(v), ""


def _examples_by_rule(examples) -> dict[str, Counterexample]:
    return {e.rule: e for e in (examples or [])}


def _group_list(diffs: list[RuleDiff]) -> list[list[RuleDiff]]:
    groups: dict[str, list[RuleDiff]] = {}
    for d in diffs:
        groups.setdefault(d.group, []).append(d)
    return list(groups.values())


def _summary(diffs, examples, lang) -> str:
    w = _WORDS[lang]
    zh = lang == "zh"
    groups = _group_list(diffs)
    behavioural = [g for g in groups if g[0].behavioural]
    by_rule = _examples_by_rule(examples)
    with_ex = sum(1 for g in behavioural if g[0].group in by_rule)
    if not diffs:
        return w["identical"]
    if examples is None or not getattr(examples, "searched", True):
        if zh:
            return f"{len(diffs)}{w['differ']}（{len(behavioural)}组{w['behavioural']}；{w['not_searched']}）"
        return (f"{len(diffs)} {w['one_differs'] if len(diffs) == 1 else w['differ']} ({len(behavioural)} behavioural "
                f"difference{'s' if len(behavioural) != 1 else ''}; {w['not_searched']})")
    if zh:
        return (f"{len(diffs)}{w['differ']}（{len(behavioural)}组{w['behavioural']}：{with_ex}组{w['with_example']}，"
                f"{len(behavioural) - with_ex}组{w['without']}）")
    return (f"{len(diffs)} {w['one_differs'] if len(diffs) == 1 else w['differ']} ({len(behavioural)} behavioural "
            f"difference{'s' if len(behavioural) != 1 else ''}: {with_ex} {w['with_example']}, "
            f"{len(behavioural) - with_ex} {w['without']})")


def _no_example_text(group: list[RuleDiff], examples, lang: str) -> str | None:
    if not group[0].behavioural:
        return None
    unfound = getattr(examples, "unfound", {}) or {}
    reason = unfound.get(group[0].group)
    text = reason.text(lang) if isinstance(reason, Reason) else (str(reason) if reason else None)
    if lang == "zh":
        return "无反例：" + (text or "在搜索范围内未找到")
    return "no counterexample: " + (text or "none found within the search budget")


def _note(examples, lang: str) -> str:
    note = getattr(examples, "note", None)
    if note is None:
        return ""
    return note.text(lang) if isinstance(note, Reason) else str(note)


def render_diff(a, b, diffs: list[RuleDiff], examples=None, lang: str = "en", fmt: str = "text") -> str:
    """The diff of two variants as text, Markdown or JSON. `examples` is the
    result of `counterexamples` (or None when not searched)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected zh or en")
    if fmt == "text":
        return _render_text(a, b, diffs, examples, lang)
    if fmt == "md":
        return _render_md(a, b, diffs, examples, lang)
    if fmt == "json":
        return _render_json(a, b, diffs, examples, lang)
    raise ValueError(f"unknown format {fmt!r}: expected text, md or json")


def _header(a, b, lang) -> str:
    (na, ta), (nb, tb) = _label(a), _label(b)
    w = _WORDS[lang]
    la = f"{na} ({ta})" if ta else na
    lb = f"{nb} ({tb})" if tb else nb
    if lang == "zh":
        la = f"{na}（{ta}）" if ta else na
        lb = f"{nb}（{tb}）" if tb else nb
    return f"{la} {w['vs']} {lb}"


def _section_title(section: str, lang: str) -> str:
    cls = m.SECTION_BY_NAME[section]
    return f"[{section}] {cls.ZH}" if lang == "zh" else f"[{section}] {cls.ZH} - {cls.EN}"


def _rule_title(group: list[RuleDiff], lang: str) -> str:
    if lang == "zh":
        return "，".join(f"{d.path}（{d.zh}）" for d in group)
    return ", ".join(f"{d.path} ({d.zh})" for d in group)


def _render_text(a, b, diffs, examples, lang) -> str:
    w = _WORDS[lang]
    na, nb = _label(a)[0], _label(b)[0]
    out = [_header(a, b, lang) + ("：" if lang == "zh" else ": ") + _summary(diffs, examples, lang)]
    note = _note(examples, lang)
    if note:
        out.append(f"  （{note}）" if lang == "zh" else f"  ({note})")
    by_rule = _examples_by_rule(examples)
    width = max(len(na), len(nb))
    section = None
    for group in _group_list(diffs):
        head = group[0]
        if head.section != section:
            section = head.section
            out.append("")
            out.append(_section_title(section, lang))
        out.append(f"  {_rule_title(group, lang)}")
        out.append(f"    {head.prose(lang)}")
        for which, name in (("a", na), ("b", nb)):
            values = "; ".join(f"{d.field} = {d.short(which, lang)}" if len(group) > 1 else d.short(which, lang)
                               for d in group)
            wheres = "; ".join(f"{w['written']} {d.where(which, lang)}" if d.origin(which) else d.where(which, lang)
                               for d in group)
            where = f"（{wheres}）" if lang == "zh" else f"({wheres})"
            out.append(f"    {name.ljust(width)}  {values}    {where}")
        for d in group:
            if d.rows:
                cols = " / ".join(_value_columns(d.vtype))
                out.append(f"    {w['rows']}（{w['key']} {'/'.join(d.vtype.key)}；{cols}）：" if lang == "zh" else
                           f"    {w['rows']} ({w['key']} {'/'.join(d.vtype.key)}; {cols}):")
                kw = max(len(r.key) for r in d.rows)
                for r in d.rows:
                    out.append(f"      {r.key.ljust(kw)}  {na}: {row_value_text(d.vtype, r.a, lang)};  "
                               f"{nb}: {row_value_text(d.vtype, r.b, lang)}")
        if not head.behavioural:
            out.append(f"    （{w['descriptive']}）" if lang == "zh" else f"    ({w['descriptive']})")
        elif examples is not None and getattr(examples, "searched", True):
            ex = by_rule.get(head.group)
            if ex is not None:
                label = f"{w['example']} ({ex.check})" if lang == "en" else f"{w['example']}（{ex.check}）"
                out.append(f"    {label}: {ex.text(lang)}" if lang == "en" else f"    {label}：{ex.text(lang)}")
            else:
                out.append(f"    {_no_example_text(group, examples, lang)}")
    return "\n".join(out) + "\n"


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _render_md(a, b, diffs, examples, lang) -> str:
    w = _WORDS[lang]
    na, nb = _label(a)[0], _label(b)[0]
    out = [f"# {_header(a, b, lang)}", "", _summary(diffs, examples, lang) + ("。" if lang == "zh" else ".")]
    note = _note(examples, lang)
    if note:
        out += ["", f"_{note}_"]
    by_rule = _examples_by_rule(examples)
    section = None
    for group in _group_list(diffs):
        head = group[0]
        if head.section != section:
            section = head.section
            out += ["", f"## {_section_title(section, lang)}"]
        out += ["", "### " + ", ".join(f"`{d.path}` {d.zh}" for d in group), "", head.prose(lang), ""]
        out.append(f"| {w['rule']} | {na} | {nb} |")
        out.append("|---|---|---|")
        for d in group:
            out.append(f"| `{d.field}` | {_md_cell(d.short('a', lang))} | {_md_cell(d.short('b', lang))} |")
            out.append(f"| {w['written']} | {_md_cell(d.where('a', lang))} | {_md_cell(d.where('b', lang))} |")
            for r in d.rows:
                out.append(f"| {_md_cell(r.key)} | {_md_cell(row_value_text(d.vtype, r.a, lang))} | "
                           f"{_md_cell(row_value_text(d.vtype, r.b, lang))} |")
        if not head.behavioural:
            out += ["", f"_{w['descriptive']}_"]
        elif examples is not None and getattr(examples, "searched", True):
            ex = by_rule.get(head.group)
            out.append("")
            if ex is not None:
                out.append(f"**{w['example']}** ({ex.check}): {ex.text(lang)}")
                if ex.is_case:
                    out += ["", "```json", json.dumps(ex.to_case(), ensure_ascii=False), "```"]
            else:
                out.append(f"_{_no_example_text(group, examples, lang)}_")
    return "\n".join(out) + "\n"


def _render_json(a, b, diffs, examples, lang) -> str:
    na, nb = _label(a)[0], _label(b)[0]
    by_rule = _examples_by_rule(examples)
    rules = []
    for d in diffs:
        item = d.to_json(lang)
        if d.behavioural and examples is not None and getattr(examples, "searched", True) and not d.merged_into:
            ex = by_rule.get(d.group)
            if ex is not None:
                item["counterexample"] = ex.to_json(lang)
            else:
                item["counterexample"] = None
                item["no_counterexample"] = _no_example_text([d], examples, lang)
        rules.append(item)
    doc = {"a": na, "b": nb, "identical": not diffs, "summary": _summary(diffs, examples, lang),
           "searched": examples is not None and getattr(examples, "searched", True), "note": _note(examples, lang) or None, "rules": rules}
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


# --- rendering: the matrix ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class MatrixRow:
    path: str            # "plays.big_joker_doubling" or "tribute.dian[neither/me]"
    zh: str
    en: str
    section: str
    cells: tuple[str, ...]


def matrix_rows(variants: list[m.Variant], lang: str = "en") -> list[MatrixRow]:
    """Every rule (and table row) whose value is not the same in all the variants."""
    rows: list[MatrixRow] = []
    for cls in m.SECTIONS:
        if cls.NAME == "about":
            continue
        secs = [v.sections.get(cls.NAME, ABSENT) for v in variants]
        if all(s is ABSENT for s in secs):
            continue
        for f in dataclasses.fields(cls):
            vtype = f.metadata["type"]
            values = [ABSENT if s is ABSENT else getattr(s, f.name) for s in secs]
            if all(_same(vtype, values[0], v) for v in values[1:]):
                continue
            path = f"{cls.NAME}.{f.name}"
            keyed = isinstance(vtype, RowT) and vtype.key
            if keyed:
                expanded = _matrix_table_rows(cls, f, vtype, values, lang)
                if expanded is not None:
                    rows.extend(expanded)
                    continue
            rows.append(MatrixRow(path, f.metadata["zh"], f.metadata["en"], cls.NAME,
                                  tuple(short(vtype, v, lang) for v in values)))
    return rows


def _matrix_table_rows(cls, f, rtype: RowT, values, lang) -> list[MatrixRow] | None:
    tables = [{tuple(getattr(r, k) for k in rtype.key): r for r in v} if v not in (None, ABSENT) else None
              for v in values]
    keys: list[tuple] = []
    for t in tables:
        for k in (t or {}):
            if k not in keys:
                keys.append(k)
    differing = []
    for k in keys:
        cells = [None if t is None or k not in t else t[k] for t in tables]
        texts = {json.dumps(rtype.to_json((c,)) if c is not None else None, sort_keys=True, ensure_ascii=False) for c in cells}
        if len(texts) > 1:
            differing.append((k, cells))
    if not differing or len(differing) > 12 or any(t is None for t in tables) or any(not t for t in tables):
        return None
    out = []
    cols = " / ".join(_value_columns(rtype))
    for k, cells in differing:
        sample = next(c for c in cells if c is not None)
        key, shown = row_key_text(rtype, sample, "en"), row_key_text(rtype, sample, lang)
        meaning = f"{f.metadata['en']} ({cols})" if not out else f"(row {key}: {cols})"
        out.append(MatrixRow(f"{cls.NAME}.{f.name}[{key}]", f"{f.metadata['zh']}[{shown}]", meaning, cls.NAME,
                             tuple(row_value_text(rtype, c, lang) for c in cells)))
    return out


def family_order(models: list[m.Variant]) -> list[m.Variant]:
    """Variants in family order: each after its parent's other descendants' ancestors, children by name
    (lianzhong, huangjindao, lianzhong-bubiesan, qingdao, zaozhuang, zaozhuang-haixuan)."""
    def path(v: m.Variant) -> tuple:
        return tuple(reversed(v.lineage))
    return sorted(models, key=path)


def render_matrix(variants, lang: str = "en", fmt: str = "md", ws: Workspace | None = None) -> str:
    """The rule-by-variant table of every rule that differs among `variants`
    (models, or names resolved in `ws`): Markdown or HTML."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected zh or en")
    models = []
    for v in variants:
        if isinstance(v, str):
            ws = ws or Workspace()
            v = Compilation(ws, v).checked
        models.append(v)
    rows = matrix_rows(models, lang)
    if fmt == "md":
        return _matrix_md(models, rows, lang)
    if fmt == "html":
        return _matrix_html(models, rows, lang)
    raise ValueError(f"unknown format {fmt!r}: expected md or html")


def _matrix_md(models, rows, lang) -> str:
    zh = lang == "zh"
    names = [v.name for v in models]
    title = "规则对照表" if zh else "Rule matrix"
    out = [f"# {title}: {', '.join(names)}", ""]
    out.append(("变体：" if zh else "Variants: ") + "; ".join(
        f"`{v.name}` {_side(v).title}" + ("" if zh else f" ({_side(v).title_en})") for v in models))
    out.append("")
    if not rows:
        out.append("这些变体的规则完全相同。" if zh else "No rule differs among these variants.")
        return "\n".join(out) + "\n"
    out.append((f"{len(rows)} 条规则（或表格行）不同。" if zh else f"{len(rows)} rules (or table rows) differ."))
    out.append("")
    head = ["规则", "名称", "含义"] if zh else ["rule", "中文", "meaning"]
    out.append("| " + " | ".join(head + names) + " |")
    out.append("|" + "---|" * (len(head) + len(names)))
    section = None
    for r in rows:
        if r.section != section:
            section = r.section
            cls = m.SECTION_BY_NAME[section]
            label = f"**[{section}] {cls.ZH}**" if zh else f"**[{section}] {cls.ZH} - {cls.EN}**"
            out.append(f"| {label} |" + " |" * (len(head) - 1 + len(names)))
        out.append("| " + " | ".join([f"`{r.path}`", _md_cell(r.zh), _md_cell(r.en)] + [_md_cell(c) for c in r.cells]) + " |")
    return "\n".join(out) + "\n"


def _matrix_html(models, rows, lang) -> str:
    zh = lang == "zh"
    esc = html.escape
    names = [v.name for v in models]
    title = ("规则对照表" if zh else "Rule matrix") + ": " + ", ".join(names)
    out = ["<!DOCTYPE html>", f'<html lang="{"zh" if zh else "en"}">', "<head>", '<meta charset="utf-8">',
           f"<title>{esc(title)}</title>",
           "<style>table{border-collapse:collapse}th,td{border:1px solid #bbb;padding:2px 6px;vertical-align:top}"
           "th.section{background:#eee;text-align:left}td.differs{background:#fff3cd}</style>",
           "</head>", "<body>", f"<h1>{esc(title)}</h1>"]
    if not rows:
        out.append(f"<p>{esc('这些变体的规则完全相同。' if zh else 'No rule differs among these variants.')}</p>")
    else:
        out.append("<table>")
        head = ["规则", "名称"] if zh else ["rule", "中文"]
        cols = "".join(f'<th title="{esc(_side(v).title_en)}">{esc(v.name)}<br>{esc(_side(v).title)}</th>' for v in models)
        out.append("<thead><tr>" + "".join(f"<th>{esc(h)}</th>" for h in head) + cols + "</tr></thead>")
        out.append("<tbody>")
        section = None
        for r in rows:
            if r.section != section:
                section = r.section
                cls = m.SECTION_BY_NAME[section]
                label = f"[{section}] {cls.ZH}" + ("" if zh else f" - {cls.EN}")
                out.append(f'<tr><th class="section" colspan="{len(head) + len(models)}">{esc(label)}</th></tr>')
            common = max(set(r.cells), key=lambda c: (r.cells.count(c), -r.cells.index(c)))
            cells = "".join(f'<td class="differs">{esc(c)}</td>' if c != common else f"<td>{esc(c)}</td>" for c in r.cells)
            out.append(f'<tr><td title="{esc(r.en)}"><code>{esc(r.path)}</code></td><td>{esc(r.zh)}</td>{cells}</tr>')
        out.append("</tbody>")
        out.append("</table>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


# --- the command ------------------------------------------------------------------------------------------

def register(subparsers) -> argparse.ArgumentParser:
    """Add `gouji diff` to the CLI's subparsers."""
    p = subparsers.add_parser(
        "diff", help="what two variants do differently, rule by rule, with counterexamples (or --matrix)",
        description="Compare two variants rule by rule, with situations where their engines disagree; "
                    "or, with --matrix, print the rule-by-variant table. Exit status: 0 identical, 1 different, 2 error.")
    p.add_argument("variants", nargs="*", metavar="VARIANT|FILE")
    p.add_argument("--matrix", action="store_true", help="the table of every rule that differs among the variants "
                                                        "(all concrete variants by default)")
    p.add_argument("--lang", choices=LANGS, default="en", help="language of the prose (default en)")
    p.add_argument("--format", dest="fmt", choices=("text", "md", "json", "html"), default=None,
                   help="text, md or json for a diff (default text); md or html for --matrix (default md)")
    p.add_argument("--emit-cases", metavar="FILE", help="write the card and result counterexamples as a .jsonl case file")
    p.add_argument("--no-examples", action="store_true", help="compare rules only: do not search for counterexamples")
    p.set_defaults(run=handler)
    return p


def _report_errors(ws: Workspace, errors: RuleErrors) -> None:
    for text in render_report(errors.diagnostics, ws.sources):  # the first 100, then a count of the rest
        print(text, file=sys.stderr)
    print(f"gouji: {len(errors.diagnostics)} error(s)", file=sys.stderr)


def _case_refs(ws: Workspace, names: Iterable[str], case_file: Path) -> dict[str, str]:
    """A user's variants by their rule files, relative to the case file's folder."""
    folder = case_file.resolve().parent
    return {name: os.path.relpath(ws.path_of(name).resolve(), folder)
            for name in names if not ws.is_standard(name)}


def handler(args, ws: Workspace) -> int:
    fmt = args.fmt
    if args.emit_cases is not None:  # `--emit-cases ''` or a folder: refused before the search
        check_output_path(args.emit_cases, "case file (--emit-cases)")
    try:
        if args.matrix:
            if args.emit_cases is not None:
                raise UsageError("--emit-cases compares two variants: it does not go with --matrix")
            fmt = fmt or "md"
            if fmt not in ("md", "html"):
                raise UsageError(f"--matrix prints md or html, not {fmt}")
            if args.variants:
                names = [ws.resolve_argument(a) for a in args.variants]
                models = [Compilation(ws, n).checked for n in names]
            else:
                models = family_order([v for v in (Compilation(ws, n).checked for n in ws.names()) if not v.abstract])
            sys.stdout.write(render_matrix(models, args.lang, fmt))
            return EXIT_DIFFERENT if matrix_rows(models, args.lang) else EXIT_SAME
        fmt = fmt or "text"
        if fmt not in ("text", "md", "json"):
            raise UsageError(f"a diff prints text, md or json, not {fmt}", "html is for --matrix")
        if len(args.variants) != 2:
            raise UsageError(f"gouji diff compares two variants, {len(args.variants)} given",
                             "gouji diff A B, or gouji diff --matrix [VARIANT ...]")
        name_a, name_b = (ws.resolve_argument(a) for a in args.variants)
        a, b = Compilation(ws, name_a).checked, Compilation(ws, name_b).checked
    except RuleErrors as errors:
        _report_errors(ws, errors)
        return EXIT_ERROR
    diffs = diff_models(a, b)
    examples = None
    if not args.no_examples or args.emit_cases is not None:
        examples = counterexamples(name_a, name_b, diffs, ws=ws)
        if args.emit_cases is not None:
            if searchable(a, b):
                raise UsageError(f"--emit-cases needs two concrete Gouji variants: {searchable(a, b)}")
            write_cases(args.emit_cases, examples, _case_refs(ws, (name_a, name_b), Path(args.emit_cases)))
    sys.stdout.write(render_diff(a, b, diffs, examples, args.lang, fmt))
    return EXIT_DIFFERENT if diffs else EXIT_SAME
