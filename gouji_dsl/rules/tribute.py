"""进贡 and 还贡: tributes owed after a game and the cards returned."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, TypeVar

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, check, dead, type_only, value_of
from gouji_dsl.facets.hooks import hook, reference_methods
from gouji_dsl.facets.sentences import add_inactive, blocks, cell, check_columns, inactive_note, no_sentence, said
from gouji_dsl.messages import Message, msg
from gouji_dsl.model.expr import INT, ExprT, Formula
from gouji_dsl.model.fields import LEVEL, PLACE, Section, column, rule
from gouji_dsl.model.semantics import DECLARED_CASES, OPENED_CASES, dian_cell
from gouji_dsl.model.types import BoolT, EnumT, IntT, ListT, Member, RowT
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.document import Note, Para, Table, TRow, anchor_of
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.prose.explain import explain, used_names
from gouji_dsl.prose.text import LANGS, T, Text, cards_en, join, plain

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Game, Said
    from gouji_dsl.model.types import VType
    from gouji_dsl.prose.document import Block

    # A tribute rule's sentences, as tribute_rule takes them: a Text or blocks in each language.
    Sentences = tuple[Text | list[Block], ...]

# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class LuoTribute:
    payer: int = column(PLACE, "进贡者", "the place that pays")
    receiver: int = column(PLACE, "收贡者", "the place that receives")
    count: int = column(IntT(0, 20), "张数", "how many cards")


DECLARED = EnumT(
    Member("neither", "都不宣", "neither player of the pair declared 宣点"),
    Member("both", "都宣", "both declared"),
    Member("me", "我宣", "only 'me' declared"),
    Member("opp", "对家宣", "only the opposite declared"),
)
OPENED = EnumT(
    Member("me", "我开", "only 'me' opened (开点)"),
    Member("opp", "对家开", "only the opposite opened"),
    Member("both", "都开", "both opened"),
    Member("neither", "都不开", "neither opened"),
)


@dataclass(frozen=True)
class DianRow:
    declared: str = column(DECLARED, "宣点", "who of the opposite pair declared 宣点")
    opened: str = column(OPENED, "开点", "who of the pair opened (开点)")
    me_gives: Formula = column(ExprT(INT, LEVEL), "我进", "cards 'me' gives the opposite")
    opp_gives: Formula = column(ExprT(INT, LEVEL), "对家进", "cards the opposite gives 'me'")


TRIBUTE_KIND = EnumT(Member("men", "闷贡", "闷贡: the player whose play before their final 3s was beaten"),
                     Member("shao", "烧贡", "烧贡: for a successful burn"),
                     Member("dian", "点贡", "点贡: for not opening"),
                     Member("luo", "落贡", "落贡: for the last places"))
SWEEP_LUO = EnumT(Member("as_usual", "照常", "as in any game"),
                  Member("to_own_opposite", "各向对家", "each loser gives one card to their own opposite"))
RETURN_LIMIT = EnumT(Member("none", "不限", "any card"),
                     Member("not_above_received", "不超过进贡点数", "no card above the lowest card received from that payer"))


@dataclass(frozen=True)
class TributeRules(Section):
    NAME = "tribute"
    ZH = "进贡"
    EN = "Tribute (进贡) and return (还贡)"
    enabled: bool = rule(BoolT(), "进贡", "whether tribute cards change hands before the next deal")
    order: tuple[str, ...] = rule(ListT(TRIBUTE_KIND, 1, 4, unique=True), "顺序", "which tributes exist, in the order they are paid")
    luo: tuple[LuoTribute, ...] = rule(RowT(LuoTribute, key=("payer", "receiver")), "落贡", "place tribute: who pays whom how many")
    sweep_luo: str = rule(SWEEP_LUO, "串三户落贡", "place tribute after a sweep (串三户)")
    dian: tuple[DianRow, ...] = rule(RowT(DianRow, key=("declared", "opened")), "点贡",
                       "open tribute between opposites: by who declared and who opened; rows for 'opp' are mirrored from 'me'")
    dian_max_level: int = rule(IntT(1, 10), "点贡级数", "the highest 点贡 level over consecutive games")
    dian_graduation: bool = rule(BoolT(), "点贡毕业", "after paying at the highest level, the payer is open in the next game")
    shao: int = rule(IntT(0, 10), "烧贡", "cards the burned player gives the burner per successful burn")
    men: int = rule(IntT(0, 10), "闷贡", "cards a player owes for being beaten before their final 3s")
    returned: bool = rule(BoolT(), "还贡", "the receiver returns as many cards to the same payer")
    mutual_dian_returned: bool = rule(BoolT(), "互进点贡还贡", "whether cards exchanged when neither opened are returned")
    return_limit: str = rule(RETURN_LIMIT, "还贡限制", "which cards may be returned")
    return_from_dealt: bool = rule(BoolT(), "还贡限自摸", "tribute and return come only from the player's dealt cards")
    no_single_return: bool = rule(BoolT(), "不还单张", "the receiver may not return a rank the payer does not hold (not between teammates)")


# --- checks -------------------------------------------------------------------


@check("tribute.order", "tribute.shao", "tribute.men")
def check_tribute_kinds(v: Variant, rep: Reporter) -> None:
    """闷贡 and 烧贡 are in the order exactly when they cost cards, and need 憋三 and burning."""
    sec = v.sections.get("tribute")
    if not isinstance(sec, TributeRules) or sec.order is None:
        return
    for kind, amount, needs, needed_name in (("men", sec.men, value_of(v, "threes.threes_last"), "[threes] threes_last"),
                                             ("shao", sec.shao, value_of(v, "burning.allowed"), "[burning] allowed")):
        if amount is None:
            continue
        if amount > 0 and kind not in sec.order:
            rep.error(at(v, f"tribute.{kind}"), msg("rules.tribute_not_in_order", kind=kind, amount=amount),
                      hint=msg("rules.tribute_not_in_order_hint", kind=kind))
        rest = ", ".join(k for k in sec.order if k != kind)
        if amount == 0 and kind in sec.order:
            rep.error(at(v, "tribute.order"), msg("rules.tribute_in_order_but_zero", kind=kind),
                      notes=[(at(v, f"tribute.{kind}"), msg("rules.rule_set_here", rule=kind))],
                      hint=msg("rules.tribute_out_of_order", kind=kind, rest=rest))
        if amount > 0 and needs is False:
            # A house rule that turns off 憋三 or burning meets this in its parent's tribute:
            # say where the switch was turned off, and the two lines that follow from it.
            rep.error(at(v, f"tribute.{kind}"), msg("rules.tribute_contradicts", kind=kind, amount=amount, needed=needed_name),
                      notes=[(at(v, needed_name.split()[0].strip("[]") + "." + needed_name.split()[1]),
                              msg("rules.rule_off_here", rule=needed_name.split()[1]))],
                      hint=msg("rules.no_such_tribute_order", kind=kind, rest=rest) if kind in sec.order
                      else msg("rules.no_such_tribute", kind=kind))


@check("tribute.luo")
def check_luo_table(v: Variant, rep: Reporter) -> None:
    """Each 落贡 row names two different places that exist; the order's 'luo' needs rows."""
    sec = v.sections.get("tribute")
    if not isinstance(sec, TributeRules):
        return
    players = value_of(v, "table.players")
    if sec.luo and players:
        for i, row in enumerate(sec.luo):
            for place in (row.payer, row.receiver):
                if place > players:
                    rep.error(at(v, f"tribute.luo[{i}]"), msg("rules.luo_no_such_place", place=place, players=players))
                    break
            else:
                if row.payer == row.receiver:
                    rep.error(at(v, f"tribute.luo[{i}]"), msg("rules.luo_to_itself", place=row.payer))
    if sec.luo is not None and "luo" in (sec.order or ()) and not sec.luo:
        rep.error(at(v, "tribute.luo"), msg("rules.luo_table_empty"))


# Each case of the 点贡 table seen from the other player of the pair.
SWAPPED = {"me": "opp", "opp": "me", "both": "both", "neither": "neither"}


@check("tribute.dian")
def check_dian_table(v: Variant, rep: Reporter) -> None:
    """The 点贡 table agrees with its mirror image, covers every case, and has rows
    for declaring only when players may declare."""
    sec = v.sections.get("tribute")
    if not isinstance(sec, TributeRules) or sec.dian is None:
        return
    declare = value_of(v, "open.declare")
    # A table the tribute order leaves out pays nothing: its declaring rows are not wrong, only unused.
    paid = "dian" in (value_of(v, "tribute.order") or ("dian",))
    rows = {(r.declared, r.opened): (i, r) for i, r in enumerate(sec.dian)}
    for (declared, opened), (i, row) in rows.items():
        if declared != "neither" and declare is False and paid:
            rep.error(at(v, f"tribute.dian[{i}]"), msg("rules.dian_row_without_declaring", declared=declared))
        mirror = rows.get((SWAPPED[declared], SWAPPED[opened]))
        if mirror is not None:
            j, other = mirror
            if (row.me_gives.text, row.opp_gives.text) != (other.opp_gives.text, other.me_gives.text):
                if (declared, opened) == (SWAPPED[declared], SWAPPED[opened]):
                    rep.error(at(v, f"tribute.dian[{i}]"), msg("rules.dian_symmetric_row", declared=declared, opened=opened))
                elif i < j:
                    rep.error(at(v, f"tribute.dian[{j}]"),
                              msg("rules.dian_mirror_contradicts", declared=declared, opened=opened),
                              notes=[(at(v, f"tribute.dian[{i}]"), msg("rules.dian_mirror_here"))])
    if declare is None:
        return
    declared_cases = ("neither", "both", "me", "opp") if declare else ("neither",)
    missing = [f"declared = {d}, opened = {o}" for d in declared_cases for o in ("me", "opp", "both", "neither")
               if (d, o) not in rows and (SWAPPED[d], SWAPPED[o]) not in rows]
    if missing:
        message = msg("rules.dian_missing_cases", case=missing[0], more=len(missing) - 1) if len(missing) > 1 \
            else msg("rules.dian_missing_case", case=missing[0])
        rep.error(at(v, "tribute.dian"), message, hint=msg("rules.dian_every_case"))


@check("tribute.dian_graduation")
def check_graduation(v: Variant, rep: Reporter) -> None:
    if value_of(v, "tribute.dian_graduation") and value_of(v, "tribute.dian_max_level") == 1:
        rep.error(at(v, "tribute.dian_graduation"), msg("rules.graduation_needs_levels"))


type_only("tribute.enabled", "tribute.sweep_luo", "tribute.dian_max_level", "tribute.returned",
          "tribute.mutual_dian_returned", "tribute.return_limit", "tribute.return_from_dealt", "tribute.no_single_return")


# When a rule of the tribute cannot matter (a warning where the variant's own file writes it).
def _kind_off(kind: str, zh: str) -> Callable[[Variant], tuple[str, Message] | None]:
    def kills(v: Variant) -> tuple[str, Message] | None:
        if value_of(v, "tribute.enabled") is False:
            return "tribute.enabled", msg("model.dead_no_tribute")
        order = value_of(v, "tribute.order")
        if order is not None and kind not in order:
            return "tribute.order", msg("model.dead_kind_not_in_order", kind=kind, zh=zh)
        return None
    return kills


def _sweep_luo_unread(v: Variant) -> tuple[str, Message] | None:
    """sweep_luo says how 落贡 is paid after a 串三户: it needs both."""
    found = _kind_off("luo", "落贡")(v)
    if found is None and value_of(v, "end.sweep") is False:
        return "end.sweep", msg("model.dead_no_sweep")
    return found


dead("tribute.dian", msg("model.dead_dian_table"), _kind_off("dian", "点贡"))
dead("tribute.luo", msg("model.dead_luo_table"), _kind_off("luo", "落贡"))
dead("tribute.sweep_luo", "[tribute] sweep_luo", _sweep_luo_unread)


# --- engine -------------------------------------------------------------------

# Who owes what after a game is compiled into `tributes` (the flow pays what it
# returns); the 点贡 levels also decide who opens by graduation and the open points.
for _name in ("enabled", "order", "luo", "sweep_luo", "dian", "shao", "men"):
    spec.register(f"tribute.{_name}", "engine", spec.CardFunction(("tributes",)))
spec.register("tribute.dian_max_level", "engine", spec.CardFunction(("tributes", "graduated", "score")))
spec.register("tribute.dian_graduation", "engine", spec.CardFunction(("tributes", "graduated", "score")))
# Which cards go back is the flow's (D20), through runtime.setup.returnable; with
# return_from_dealt (000:L60) the flow gives no received card, in tribute or in return.
spec.register("tribute.returned", "engine", spec.Setting("returned", lambda v: v.tribute.returned, absent=False,
                                                         annotation="bool", realised_in=("runtime/setup.py:SetUp._pay_tributes",)))
spec.register("tribute.mutual_dian_returned", "engine",
              spec.Setting("mutual_dian_returned", lambda v: v.tribute.mutual_dian_returned, absent=False,
                           annotation="bool", realised_in=("runtime/setup.py:SetUp._pay_tributes",)))
spec.register("tribute.return_limit", "engine",
              spec.Setting("return_not_above_received", lambda v: v.tribute.return_limit == "not_above_received", absent=False,
                           annotation="bool", realised_in=("runtime/setup.py:returnable",)))
spec.register("tribute.return_from_dealt", "engine", spec.Setting("return_from_dealt", lambda v: v.tribute.return_from_dealt, absent=False,
                                                                  annotation="bool", realised_in=("runtime/setup.py:SetUp._pay_tributes", "runtime/setup.py:returnable")))
spec.register("tribute.no_single_return", "engine", spec.Setting("no_single_return", lambda v: v.tribute.no_single_return, absent=False,
                                                                 annotation="bool", realised_in=("runtime/setup.py:returnable",)))


# --- interpreter --------------------------------------------------------------


@hook("tribute.returned", "tribute.mutual_dian_returned", absent=lambda g, kind, payer, receiver, paid: False)
def is_returned(g: Game, kind: str, payer: int, receiver: int, paid: dict[tuple[str, int, int], list[int]]) -> bool:
    """还贡 (D20): does `receiver` return cards for the tribute of this kind from `payer`?
    Not at all without returned; not for 点贡 paid both ways between a pair (`paid`:
    (kind, payer, receiver) -> cards of this deal) without mutual_dian_returned."""
    t = g.v.tribute
    if not t.returned:
        return False
    return not (kind == "dian" and not t.mutual_dian_returned and ("dian", receiver, payer) in paid)


@hook("tribute.return_from_dealt", absent=lambda g, seat: tuple(g.hands[seat - 1]))
def givable(g: Game, seat: int) -> tuple[int, ...]:
    """000:L60 「進貢和還貢的牌，只僅限于自己的發牌時摸到手牌」: how many of each card `seat` may
    give now, in tribute or in return. With the rule, only cards it was dealt and has not
    given (`g.tribute_given`: what it gave in this deal), never a card received in this
    deal; without it, its whole hand."""
    if not g.v.tribute.return_from_dealt:
        return tuple(g.hands[seat - 1])
    return tuple(dealt - gone for dealt, gone in zip(g.dealt[seat - 1], g.tribute_given[seat - 1]))


reference_methods(("tributes",), "tribute.enabled", "tribute.order", "tribute.luo", "tribute.sweep_luo",
                  "tribute.dian", "tribute.dian_max_level", "tribute.shao", "tribute.men")
reference_methods(("tributes", "graduated"), "tribute.dian_graduation")
reference_methods(("returnable",), "tribute.return_limit", "tribute.no_single_return")


# --- rulebook -----------------------------------------------------------------

# Who declared / opened, as an English cell of the 点贡 table (the heads say what).
_WHO_EN = {"neither": "neither", "both": "both", "me": "only 'me'", "opp": "only the opposite"}

_TRIBUTE_EN = {"men": "threes tribute", "shao": "burn tribute", "dian": "open tribute", "luo": "place tribute"}


def tribute_name(kind: str, lang: str) -> Text:
    """A tribute kind's name (the worked examples use it too)."""
    member = TRIBUTE_KIND.members[kind]
    if lang == "zh":
        return plain(member.zh)
    if kind not in _TRIBUTE_EN:
        raise RulebookError(msg("rules.tribute_kind_without_english", kind=kind))
    return T("{e} ({z})", e=_TRIBUTE_EN[kind], z=member.zh)


def _no_tribute(ctx: book.Ctx) -> tuple[str, str] | None:
    if not ctx.v.tribute.enabled:
        return ("本玩法不进贡，此条不起作用。", "No tribute changes hands here, so this rule does not apply.")
    return None


def _graduation_counts(ctx: book.Ctx) -> tuple[str, str] | None:
    """Without tribute, 点贡 levels still count where they graduate a player (open next game)."""
    if not ctx.v.tribute.enabled and ctx.v.tribute.dian_graduation:
        return ("本玩法不进贡，但点贡级数照常累计：按最高级“应进”点贡的玩家，下一局照样自动算开点（影响点贡分）。",
                "No cards change hands here, but the levels are still counted: a player who would pay at the top level is open in the next game (which counts for the open points).")
    return None


_V = TypeVar("_V")  # the value of the rule a tribute_rule says


def tribute_rule(key: str, members: tuple[str, ...] | None = None,
                 note: Callable[[book.Ctx], tuple[str, str] | None] | None = None,
                 ) -> Callable[[Callable[[book.Ctx, _V], Sentences]], Callable[[book.Ctx, _V], Sentences]]:
    """A tribute rule: its sentences, then `note(ctx)` as a reading if it gives one, else
    the not-in-play note when no tribute changes hands."""
    def deco(fn: Callable[[book.Ctx, _V], Sentences]) -> Callable[[book.Ctx, _V], Sentences]:
        def wrapped(ctx: book.Ctx, value: _V) -> Said:
            zh, en = fn(ctx, value)
            zh, en = blocks(zh), blocks(en)
            reading = note(ctx) if note else None
            if reading:
                zh.append(Note("reading", plain("注意"), T(reading[0])))
                en.append(Note("reading", plain("Mind"), T(reading[1])))
                return zh, en
            return add_inactive((zh, en), _no_tribute(ctx))
        book.rule(key, "tribute", members)(wrapped)
        return fn
    return deco


book.group("tribute", None)


@book.rule("tribute.enabled", "tribute")
def _(ctx: book.Ctx, value: bool) -> Said:
    if value:
        return said(T("**[[进贡]]**：从第二局起，发完牌后、出牌前，按上一局的结果进贡：进贡者把手中最大的牌交给收贡者。[[还贡]]见本章后面。"),
                    T("**[[进贡|Tribute]]**: from the second game on, after the deal and before play, tribute is paid according to the previous game: the payer hands their highest cards to the receiver. The [[还贡|return]] of cards is described at the end of this chapter."))
    return said(T("**不进贡**：本玩法没有进贡和还贡，牌不易手。"), T("**No tribute**: in this variant no tribute or return cards change hands."))


@tribute_rule("tribute.order")
def _(ctx: book.Ctx, value: tuple[str, ...]) -> Sentences:
    return (T("进贡的种类和先后顺序：") + join([tribute_name(k, "zh") for k in value], "zh", "、") + plain("。"),
            T("The kinds of tribute, in the order they are paid: ") + join([tribute_name(k, "en") for k in value], "en", ",", "then") + plain("."))


book.group("tribute", "落贡", "Place tribute (落贡)")


@tribute_rule("tribute.luo")
def _(ctx: book.Ctx, rows: tuple[LuoTribute, ...]) -> Sentences:
    key = "tribute.luo"
    check_columns(LuoTribute, ("payer", "receiver", "count"), key)
    active = "luo" in ctx.v.tribute.order
    out = []
    for lang in LANGS:
        zh = lang == "zh"
        head = [plain("进贡者" if zh else "payer (进贡者)"), plain("收贡者" if zh else "receiver (收贡者)"),
                plain("张数" if zh else "cards (张数)")]
        trows = [TRow([plain(f"{ctx.place_zh(r.payer)}（第{r.payer}名）") if zh else ctx.place_en(r.payer),
                       plain(f"{ctx.place_zh(r.receiver)}（第{r.receiver}名）") if zh else ctx.place_en(r.receiver),
                       plain(r.count)], anchor_of(f"{key}[{i}]")) for i, r in enumerate(rows)]
        intro = (T("**[[落贡]]**：后几名向前几名进贡，每人进最大的牌：") if zh else
                 T("**[[落贡|Place tribute]]**: the last places pay the first, each their highest cards:"))
        parts: list[Block] = [Para(intro), Table(head, trows, numeric=(2,))] if rows else [Para(T("没有落贡。") if zh else T("There is no place tribute."))]
        if not active and rows:
            parts.append(inactive_note(lang, "落贡不在进贡种类中，此表不起作用。" if zh else "Place tribute is not among the tribute kinds, so this table does not apply."))
        out.append(parts)
    return tuple(out)


@tribute_rule("tribute.sweep_luo", members=("as_usual", "to_own_opposite"))
def _(ctx: book.Ctx, value: str) -> Sentences:
    if value == "as_usual":
        zh, en = T("串三户时落贡照常。"), T("After a sweep (串三户) the place tribute is paid as usual.")
    elif value == "to_own_opposite":
        zh, en = (T("串三户时不按上表：输的三家各向自己的对家进一张落贡。"),
                  T("After a sweep (串三户) the table above does not apply: each of the three losers gives one card to their own opposite."))
    else:
        raise no_sentence("tribute.sweep_luo", value)
    return add_inactive(said(zh, en), None if ctx.v.end.sweep else
                        ("本玩法没有串三户，此条不起作用。", "There is no sweep here, so this rule does not apply."))


book.group("tribute", "点贡", "Open tribute (点贡)")


@tribute_rule("tribute.dian")
def _(ctx: book.Ctx, rows: tuple[DianRow, ...]) -> Sentences:
    key = "tribute.dian"
    check_columns(DianRow, ("declared", "opened", "me_gives", "opp_gives"), key)
    v = ctx.v
    declared_cases = DECLARED_CASES if v.open.declare else ("neither",)
    cases = [(d, o) for d in declared_cases for o in OPENED_CASES]
    index = {(r.declared, r.opened): i for i, r in enumerate(rows)}
    dtype, otype = DianRow.__dataclass_fields__["declared"].metadata["type"], DianRow.__dataclass_fields__["opened"].metadata["type"]
    etype = DianRow.__dataclass_fields__["me_gives"].metadata["type"]
    active = "dian" in v.tribute.order
    out = []
    for lang in LANGS:
        zh = lang == "zh"

        def who(vtype: VType, value: str, said_en: dict[str, str]) -> Text:
            # The column heads name 宣点 and 开点; an English cell says only who.
            return cell(vtype, value, lang) if zh else plain(said_en[value])

        def cards(formula: Formula) -> Text:
            return plain(explain(formula.node, lang, etype))   # "0", "1", "点贡的级数"
        # Every case the table can meet, each as players see it (a row of the rule file seen from
        # the other player is shown like any other); then, muted, the rows no case reaches (宣点
        # rows where nobody declares).
        head = [plain("宣点" if zh else "declared (宣点)"), plain("开点" if zh else "opened (开点)"),
                plain("我进（给对家）" if zh else "I give (我进)"), plain("对家进（给我）" if zh else "my opposite gives (对家进)")]
        trows = []
        for d, o in cases:
            cell_ = dian_cell(rows, d, o)
            if cell_ is None:
                raise RulebookError(msg("rules.dian_case_missing_in_book", declared=d, opened=o))
            me, opp = cell_
            anchor = anchor_of(f"{key}[{index[(d, o)]}]") if (d, o) in index else None
            trows.append(TRow([who(dtype, d, _WHO_EN), who(otype, o, _WHO_EN), cards(me), cards(opp)], anchor))
        reached = {index[c] for c in cases if c in index}
        unused = [(i, r) for i, r in enumerate(rows) if i not in reached]   # rows for 宣点 where nobody declares
        for i, r in unused:
            trows.append(TRow([who(dtype, r.declared, _WHO_EN), who(otype, r.opened, _WHO_EN), cards(r.me_gives),
                               cards(r.opp_gives)], anchor_of(f"{key}[{i}]"), muted=True))
        if zh:
            intro = T("**[[点贡]]**在每一对对家之间结算。下表从“我”（一对对家中的任一方）看：按谁宣了点、谁开了点，我给对家几张，对家给我几张。")
        else:
            intro = T("**[[点贡|Open tribute]]** is settled within each pair of opposites. The table is seen from 'me' (either player of the pair): by who declared and who opened, how many cards I give my opposite and my opposite gives me.")
        parts = [Para(intro), Table(head, trows, numeric=(2, 3))]
        if unused:
            parts.append(Para(T("表末{n}行要有人宣点才用得上；本玩法不宣点，用不到。", n=len(unused)) if zh else
                              T("The last {n} rows apply only when someone declares; nobody declares in this variant.",
                                n=len(unused))))
        if any("level" in used_names(f.node)[1] for r in rows for f in (r.me_gives, r.opp_gives)):
            parts.append(Para(T("点贡的级数：1加上此前连续结果相同的局数，不超过最高级（见下条）。") if zh else
                              T("The open tribute level: 1 plus the earlier games in a row with the same outcome, up to the top level (below).")))
        if any(r.me_gives.text != "0" and r.opp_gives.text != "0" for r in rows):  # 互进 (D28)
            parts.append(Para(T("两人互相进点贡（互进）是交换：两人都从互进之前的手牌里拿出最大的牌，不会把刚收到的牌又进回去。") if zh else
                              T("When the two players of a pair both give (互进), it is an exchange: each gives their highest cards from the hand they held before it, never the card just received.")))
        if not active:
            parts.append(inactive_note(lang, "点贡不在进贡种类中，此表不起作用。" if zh else "Open tribute is not among the tribute kinds, so this table does not apply."))
        out.append(parts)
    return tuple(out)


@tribute_rule("tribute.dian_max_level", note=_graduation_counts)
def _(ctx: book.Ctx, value: int) -> Sentences:
    if value == 1:
        return T("点贡不分级：每次都按1级计。"), T("The open tribute has a single level: it is always 1.")
    return (T("**点贡升级**：同一对对家连续几局都是一方开点、另一方没开，点贡的级数每局加1，最多{n}级。", n=value),
            T("**Rising levels**: when a pair of opposites has the same outcome (one open, the other not) in consecutive games, the open tribute level rises by one each game, up to {n}.", n=value))


@tribute_rule("tribute.dian_graduation", note=_graduation_counts)
def _(ctx: book.Ctx, value: bool) -> Sentences:
    if value:
        return (T("**[[点贡毕业]]**：按最高级（{n}级）进过点贡的玩家，下一局自动算开点。", n=ctx.v.tribute.dian_max_level),
                T("**[[点贡毕业|Graduation]]**: a player who paid the open tribute at the top level ({n}) counts as open in the next game.", n=ctx.v.tribute.dian_max_level))
    return T("没有点贡毕业。"), T("There is no graduation (点贡毕业).")


book.group("tribute", "烧贡与闷贡", "Burn tribute and threes tribute")
book.absent("tribute.shao", lambda v, value: value == 0 or "shao" not in v.tribute.order, "不进[[烧贡]]", "no [[烧贡|burn tribute]]")
book.absent("tribute.men", lambda v, value: value == 0 or "men" not in v.tribute.order, "不进[[闷贡]]", "no [[闷贡|threes tribute]]")


@tribute_rule("tribute.shao")
def _(ctx: book.Ctx, value: int) -> Sentences:
    if value == 0 or "shao" not in ctx.v.tribute.order:
        return T("没有烧贡。"), T("There is no burn tribute (烧贡).")
    return (T("**[[烧贡]]**：每成功烧牌一次（烧牌者按规则出完），被烧者向烧牌者进{n}张。", n=value),
            T("**[[烧贡|Burn tribute]]**: for each successful burn (the burner went out under the rule), the burned player gives the burner {c}.", c=cards_en(value)))


@tribute_rule("tribute.men")
def _(ctx: book.Ctx, value: int) -> Sentences:
    if value == 0 or "men" not in ctx.v.tribute.order:
        return T("没有闷贡。"), T("There is no threes tribute (闷贡).")
    return (T("**[[闷贡]]**：憋三时，最后一手3之前的那手牌被人打掉（被“闷”住）的玩家，向打掉它的人进{n}张。", n=value),
            T("**[[闷贡|Threes tribute]]**: in threes-last play, a player whose play before their final 3s was beaten gives the player who beat it {c}.", c=cards_en(value)))


book.group("tribute", "还贡", "Returning (还贡)")


@tribute_rule("tribute.returned")
def _(ctx: book.Ctx, value: bool) -> Sentences:
    if value:
        return T("**[[还贡]]**：收了谁的贡，就要还给谁，收几张还几张。"), T("**[[还贡|Return]]**: the receiver gives the same payer back as many cards as they received.")
    return T("收贡者不还贡。"), T("Receivers return nothing.")


@tribute_rule("tribute.mutual_dian_returned")
def _(ctx: book.Ctx, value: bool) -> Sentences:
    if value:
        return T("双方都没开点而互进的点贡也要还。"), T("Open tribute exchanged when neither opened is returned too.")
    return T("双方都没开点而互进的点贡不还。"), T("Open tribute exchanged when neither opened is not returned.")


@tribute_rule("tribute.return_limit", members=("none", "not_above_received"))
def _(ctx: book.Ctx, value: str) -> Sentences:
    if value == "none":
        return T("还贡可以还任何牌。"), T("Any card may be returned.")
    if value == "not_above_received":
        return T("还的牌不能大于从该进贡者处收到的最小的一张。"), T("No returned card may be higher than the lowest card received from that payer.")
    raise no_sentence("tribute.return_limit", value)


@tribute_rule("tribute.return_from_dealt")
def _(ctx: book.Ctx, value: bool) -> Sentences:
    if value:
        return (T("进贡和还贡的牌只能是自己发牌时摸到的牌：这一局收到的牌（贡牌或还回来的牌）不能再进出去，比如大落刚收到点贡的王，进落贡时不能把它进出去。"),
                T("Tribute and return cards come only from the player's own dealt cards, never from cards received in this deal (tribute or returned cards): a last place (大落) who has just received a joker as open tribute may not pass it on as place tribute."))
    return T("进贡和还贡可以用手中任何牌，包括收到的贡牌。"), T("Tribute and return may use any card in hand, received cards included.")


@tribute_rule("tribute.no_single_return")
def _(ctx: book.Ctx, value: bool) -> Sentences:
    if value:
        return (T("**不还单张**：收贡者不能还进贡者手中没有的点数（联邦之间除外）。"),
                T("**No singles back**: the receiver may not return a rank the payer does not hold (except between teammates)."))
    return T("还贡不受“不还单张”的限制。"), T("There is no restriction on returning singles (不还单张).")


# --- diff ---------------------------------------------------------------------


def _phrase_order(kinds: tuple[str, ...], lang: str) -> str:
    text = " > ".join(TRIBUTE_KIND.members[k].zh for k in kinds)
    return f"进贡顺序为 {text}" if lang == "zh" else f"pays {text} (in that order)"


def _phrase_luo(rows: tuple[LuoTribute, ...], lang: str) -> str:
    if not rows:
        return "没有落贡" if lang == "zh" else "has no 落贡"
    if lang == "zh":
        return "落贡为 " + "、".join(f"第{r.payer}名进第{r.receiver}名{r.count}张" for r in rows)
    return "pays 落贡 " + ", ".join(f"from place {r.payer} to place {r.receiver} ×{r.count}" for r in rows)


def _phrase_dian(rows: tuple[DianRow, ...], lang: str) -> str:
    if not rows:
        return "没有点贡表" if lang == "zh" else "has no 点贡 table"
    if lang == "zh":
        return f"点贡表有{len(rows)}行（按宣点、开点）"
    return f"has a 点贡 table of {len(rows)} row{'s' if len(rows) != 1 else ''} (by who declared and who opened)"


dp.phrase("tribute.enabled", dp.yes_no(
    "进贡换牌", "lets tribute cards change hands (进贡)",
    "不进贡也不还贡", "lets no tribute cards change hands"))
dp.phrase("tribute.order", _phrase_order)
dp.phrase("tribute.luo", _phrase_luo)
dp.phrase("tribute.sweep_luo", {
    "as_usual": dp.said("串三户落贡照常", "pays 落贡 as usual after a 串三户"),
    "to_own_opposite": dp.said("串三户时各输家向自己的对家进一张", "has each loser give one card to their own opposite after a 串三户"),
})
dp.phrase("tribute.dian", _phrase_dian)
dp.phrase("tribute.dian_max_level", {
    1: dp.said("点贡不升级", "keeps 点贡 at one level"),
    "*": dp.said("点贡连续最多升到{v}级", "raises 点贡 up to level {v} over consecutive games"),
})
dp.phrase("tribute.dian_graduation", dp.yes_no(
    "点贡到顶后下局自动开点（毕业）", "opens a payer automatically after a top-level 点贡 (毕业)",
    "没有点贡毕业", "has no 点贡毕业"))
dp.phrase("tribute.shao", {
    0: dp.said("没有烧贡", "owes no 烧贡"),
    "*": dp.said("每次烧成烧贡{v}张", "owes {v} card(s) of 烧贡 per successful burn"),
})
dp.phrase("tribute.men", {
    0: dp.said("没有闷贡", "owes no 闷贡"),
    "*": dp.said("闷贡{v}张", "owes {v} card(s) of 闷贡"),
})
dp.phrase("tribute.returned", dp.yes_no(
    "要还贡", "has tribute returned (还贡)",
    "不还贡", "has no 还贡"))
dp.phrase("tribute.mutual_dian_returned", dp.yes_no(
    "互进点贡要还", "returns mutual 点贡",
    "互进点贡不还", "does not return mutual 点贡"))
dp.phrase("tribute.return_limit", {
    "none": dp.said("还贡不限", "lets any card be returned"),
    "not_above_received": dp.said("还贡不能大于所进贡的牌", "returns no card above the lowest card received"),
})
dp.phrase("tribute.return_from_dealt", dp.yes_no(
    "进贡还贡只用自己原有的牌", "pays and returns tribute only from a player's dealt cards",
    "进贡还贡不限原有的牌", "pays and returns from any cards held"))
dp.phrase("tribute.no_single_return", dp.yes_no(
    "不还单张", "forbids returning a rank the payer does not hold (不还单张)",
    "可以还单张", "allows returning any rank"))
