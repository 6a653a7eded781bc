"""Cards: their order, the filler rank (贴牌), the jokers, extra card kinds (the eagle 鹰)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, check, value_of
from gouji_dsl.facets.hooks import reference_methods
from gouji_dsl.facets.sentences import check_columns, said
from gouji_dsl.lang import nodes as _n
from gouji_dsl.messages import msg
from gouji_dsl.model.fields import Section, column, rule
from gouji_dsl.model.semantics import extra_kinds
from gouji_dsl.model.types import CARD_ALIASES, CARDS, INVALID, CardT, IntT, ListT, OptionalT, RowT, StrT, VType
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.document import Para, Table, TRow, anchor_of
from gouji_dsl.prose.text import LANGS, T, code, join, plain
from gouji_dsl.runtime import cards as _rt

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Said
    from gouji_dsl.model.types import Context, Sentinel

# --- the rules ------------------------------------------------------------------

MAX_EXTRA = 4      # extra card kinds a variant may declare
_TOKEN = _rt.EXTRA_TOKEN


class KindTokenT(VType):
    """The notation token of a new card kind: 1 to 4 ASCII letters, the first a capital,
    that is not a card or an alias already (it reaches the card notation and generated code)."""

    label = msg("rules.type_card_token")

    def convert(self, node: _n.Expr, ctx: Context) -> str | Sentinel:
        word = node.id if isinstance(node, _n.Name) else str(node.value) if isinstance(node, _n.Int) else None
        if word is None:
            return self.wrong(node, ctx)
        if word in CARDS or word in CARD_ALIASES:
            ctx.reporter.error(node.pos, msg("rules.token_is_a_card", word=word), hint=msg("rules.pick_unused_token"))
            return INVALID
        if not _TOKEN.fullmatch(word):
            ctx.reporter.error(node.pos, msg("rules.not_a_card_token", word=word, expected=self.label))
            return INVALID
        return word


@dataclass(frozen=True)
class ExtraKind:
    token: str = column(KindTokenT(), "记号", "how the card is written in hands and plays, e.g. Y")
    zh: str = column(StrT(12), "中文名", "its Chinese name, e.g. \"鹰\"")
    en: str = column(StrT(30), "英文名", "its English name, e.g. \"eagle\"")
    copies: int = column(IntT(1, 1000), "张数", "how many cards of the kind the whole shuffled deck holds")


KIND = CardT(CARDS, msg("model.type_a_card"), extras=True)

@dataclass(frozen=True)
class CardRules(Section):
    NAME = "cards"
    ZH = "牌"
    EN = "Cards"
    GAMES = ("gouji", "shuangkou")
    order: tuple[str, ...] = rule(ListT(KIND, 15, 15 + MAX_EXTRA, unique=True), "大小",
                        "every card kind from lowest to highest; suits never matter")
    filler: str | None = rule(OptionalT(CardT(CARDS[:13], msg("rules.type_rank_3_to_2"))), "贴牌",
                              "a rank that, played with another rank, counts as that rank (贴2)")
    jokers: tuple[str, ...] = rule(ListT(CardT(("SJ", "BJ"), msg("rules.type_a_joker"), extras=True), 0, 2 + MAX_EXTRA, unique=True), "王", "the jokers")
    extra: tuple[ExtraKind, ...] = rule(RowT(ExtraKind, key=("token",)), "加牌",
                        "card kinds beyond the 54-card deck (the eagle 鹰 of some six-deck games), ranked above the big "
                        "joker and played as jokers", default=())


# --- checks -------------------------------------------------------------------


@check("cards.order", "cards.jokers")
def check_order_and_jokers(v: Variant, rep: Reporter) -> None:
    """The jokers top the order; Gouji engines play the standard order with both jokers."""
    order = value_of(v, "cards.order")
    jokers = value_of(v, "cards.jokers")
    if order is not None and jokers is not None and jokers:
        top = set(order[len(order) - len(jokers):])
        if top != set(jokers):
            rep.error(at(v, "cards.order"), msg("rules.jokers_not_highest"))
            return
    if v.game == "shuangkou":
        # runtime.patterns indexes the standard kinds: 3..A run, then 2, SJ, BJ.
        if order is not None and tuple(order) != CARDS:
            rep.error(at(v, "cards.order"), msg("rules.shuangkou_order"), hint=msg("rules.order_hint", cards=", ".join(CARDS)))
        if jokers is not None and tuple(jokers) != ("SJ", "BJ"):
            rep.error(at(v, "cards.jokers"), msg("rules.shuangkou_both_jokers"), hint=msg("rules.jokers_hint", cards="SJ, BJ"))
        return
    if v.game != "gouji":
        return
    # The Gouji engines deal whole 54-card decks and rank 3 < ... < A < 2 < SJ < BJ
    # (runtime.CARDS), then any extra card kinds (check_extra): another order or fewer
    # jokers would be accepted but not played.
    if order is not None and tuple(order[:12]) != CARDS[:12]:
        rep.error(at(v, "cards.order"), msg("rules.gouji_number_order"))
    elif order is not None and tuple(order[:len(CARDS)]) != CARDS:
        rep.error(at(v, "cards.order"), msg("rules.gouji_top_order"),
                  hint=msg("rules.order_hint", cards=", ".join(CARDS + tuple(c for c in order if c not in CARDS))))
    if jokers is not None and not {"SJ", "BJ"} <= set(jokers):
        rep.error(at(v, "cards.jokers"), msg("rules.gouji_both_jokers"), hint=msg("rules.jokers_hint", cards="SJ, BJ"))


@check("cards.extra")
def check_extra(v: Variant, rep: Reporter) -> None:
    """Extra card kinds (Gouji only) rank above the big joker, in the order, and play as jokers;
    the order and the jokers name no other card."""
    rows = value_of(v, "cards.extra")
    order = value_of(v, "cards.order")
    jokers = value_of(v, "cards.jokers")
    if rows is None:
        return
    if rows and v.game != "gouji":
        rep.error(at(v, "cards.extra"), msg("rules.extra_unsupported", game=v.game))
        return
    if len(rows) > MAX_EXTRA:
        rep.error(at(v, "cards.extra"), msg("rules.extra_too_many", count=len(rows), most=MAX_EXTRA))
    for i, row in enumerate(rows):
        for text in (row.zh, row.en):
            if not text.strip() or not text.isprintable() or any(c in text for c in "<>[]`*_|\\"):
                rep.error(at(v, f"cards.extra[{i}]"), msg("rules.extra_name_not_plain", name=text, token=row.token),
                          hint=msg("rules.extra_name_example"))
    declared = [row.token for row in rows]
    if order is not None:
        top = list(order[len(CARDS):])
        for i, row in enumerate(rows):
            if row.token not in order:
                rep.error(at(v, "cards.order"), msg("rules.order_leaves_out", token=row.token),
                          hint=msg("rules.order_hint", cards=", ".join(CARDS + tuple(declared))))
            elif row.token not in top:
                rep.error(at(v, "cards.order"), msg("rules.extra_below_big_joker", token=row.token),
                          hint=msg("rules.order_hint", cards=", ".join(CARDS + tuple(declared))))
    if jokers is not None:
        for token in declared:
            if token not in jokers:
                rep.error(at(v, "cards.jokers"), msg("rules.extra_not_a_joker", token=token),
                          hint=msg("rules.jokers_hint", cards=", ".join(("SJ", "BJ") + tuple(declared))))


@check("cards.filler")
def check_filler(v: Variant, rep: Reporter) -> None:
    """The Gouji engines know 2 as the only filler."""
    filler = value_of(v, "cards.filler")
    if v.game != "shuangkou" and filler not in (None, "2"):
        rep.error(at(v, "cards.filler"), msg("rules.gouji_filler", filler=filler), hint=msg("rules.gouji_filler_hint"))
    elif v.game == "shuangkou" and filler is not None:
        rep.error(at(v, "cards.filler"), msg("rules.shuangkou_filler", filler=filler),
                  hint=msg("rules.shuangkou_filler_hint"))


# --- engine -------------------------------------------------------------------

# The checker holds a Gouji variant to the standard order and both jokers, which
# the generated card functions build in; the filler decides which plays exist.
_CARD_FUNCTIONS = ("classify", "beats", "answers", "plays", "lead_actions")
spec.register("cards.order", "engine", spec.CardFunction(_CARD_FUNCTIONS))
spec.register("cards.filler", "engine", spec.CardFunction(_CARD_FUNCTIONS))
spec.register("cards.jokers", "engine", spec.CardFunction(_CARD_FUNCTIONS))


def card_kinds(v: Variant) -> tuple[str, ...]:
    """Every card kind in vector order: the 15 standard kinds, then the extra kinds ([cards] extra)."""
    return CARDS + extra_kinds(v)


# Extra kinds lengthen the card vectors and the play tuples (a count per joker kind): the flow
# reads its notation (parse, format) from card_kinds, the card functions the joker kinds.
spec.register("cards.extra", "engine", spec.Setting("card_kinds", card_kinds,
                                                    annotation="tuple[str, ...]", realised_in=("runtime/flow.py:Game._is_legal", "runtime/flow.py:Game._play", "runtime/setup.py:SetUp._counts", "runtime/setup.py:given_deal")))


# --- interpreter --------------------------------------------------------------

# The checker holds the order to 3 < 4 < ... < A < 2 < SJ < BJ with both jokers in
# play: the order in which the Reference compares cards.
reference_methods(("classify", "beats", "answers"), "cards.order", "cards.jokers")
reference_methods(("classify", "is_gouji", "answers", "plays"), "cards.filler")
reference_methods(("parse_cards", "classify", "is_gouji", "beats", "answers", "plays"), "cards.extra")


# --- rulebook -----------------------------------------------------------------

book.group("cards", "牌", "The cards")   # the group table.decks opened: no second heading


@book.rule("cards.order", "players")
def _(ctx: book.Ctx, value: tuple[str, ...]) -> Said:
    names_zh = {"SJ": "小王", "BJ": "大王"} | {row.token: row.zh for row in ctx.v.cards.extra}
    zh = T("牌只论点数，不论花色。点数从小到大：") + plain(" < ".join(names_zh.get(c, c) for c in value)) + plain("。")
    en = T("Only ranks matter, never suits. From lowest to highest: ") + code(" < ".join(value)) + plain(".")
    return said(zh, en)


@book.rule("cards.jokers", "players")
def _(ctx: book.Ctx, value: tuple[str, ...]) -> Said:
    if not value:
        return said(T("不用王。"), T("No jokers are used."))
    names = {"SJ": ("小王", "small joker"), "BJ": ("大王", "big joker")} | {r.token: (r.zh, r.en) for r in ctx.v.cards.extra}
    zh = T("王：") + join([plain(names[c][0]) for c in value], "zh")   # how the examples write them: the first chapter's opening
    en = T("Jokers: ") + join([T("the {e} ({z}, written `{c}`)", e=names[c][1], z=names[c][0], c=c) for c in value], "en")
    if "patterns" in ctx.v.sections:  # Shuangkou: a joker is itself, or a wild card's stand-in
        zh += T("。王只能单独出或几张王一起出，不能和别的牌一起出（百搭见牌型与炸弹一章）。")
        en += T(". Jokers are played alone or together with jokers only, never with other cards (wild cards: see Play types and bombs).")
        return said(zh, en)
    zh += T("。王可以和其他牌一起出，称为[[挂王]]（挂花）。")
    en += T(". Jokers may be played together with a rank: an [[挂王|attached joker]].")
    return said(zh, en)


@book.rule("cards.extra", "players")
def _(ctx: book.Ctx, rows: tuple[ExtraKind, ...]) -> Said:
    if not rows:
        return said(T("除54张一副的牌外，没有别的牌。"), T("There are no cards beyond the 54-card decks."))
    key = "cards.extra"
    check_columns(ExtraKind, ("token", "zh", "en", "copies"), key)
    out = []
    for lang in LANGS:
        zh = lang == "zh"
        # A Chinese book names the card (how the examples write it: the first chapter's opening).
        head = [plain("牌" if zh else "card")] + ([] if zh else [plain("written")]) + [plain("张数" if zh else "copies")]
        trows = [TRow([plain(r.zh if zh else f"{r.en} ({r.zh})")] + ([] if zh else [code(r.token)]) + [plain(str(r.copies))],
                      anchor_of(f"{key}[{i}]"))
                 for i, r in enumerate(rows)]
        if zh:
            intro = Para(T("**加牌**：除了整副牌，另加下表的牌。它们比大王还大，当王用：可以挂在任何一手牌上，也可以像王一样单独出；"
                           "凡是讲王的规则（级牌、杀王、带王）都包括它们。"))
        else:
            intro = Para(T("**Extra cards** (加牌): besides the decks, the deck holds the cards below. They rank above the big "
                           "joker and play as jokers: they attach to any play and may go alone as jokers may; every rule about "
                           "jokers (级牌, joker kills, carrying a joker) applies to them."))
        out.append([intro, Table(head, trows)])
    return tuple(out)


@book.rule("cards.filler", "players")
def _(ctx: book.Ctx, value: str | None) -> Said:
    if value is None:
        return said(T("没有贴牌：每张牌只代表它自己的点数。"), T("There are no filler cards: every card stands for its own rank."))
    return said(T("**[[贴2]]**（也叫贴钱）：{r}和别的点数一起出时，每张{r}都当作那个点数。", r=value),
                T("**[[贴2|Filler twos]]**: a {r} played together with another rank counts as that rank.", r=value))


# --- diff ---------------------------------------------------------------------


def _phrase_order(kinds: tuple[str, ...], lang: str) -> str:
    return f"牌从小到大为 {' '.join(kinds)}" if lang == "zh" else f"ranks the cards {' < '.join(kinds)}"


def _phrase_jokers(jokers: tuple[str, ...], lang: str) -> str:
    if lang == "zh":
        return f"王为 {' '.join(jokers)}" if jokers else "不用王"
    return f"plays with the jokers {' '.join(jokers)}" if jokers else "plays without jokers"


dp.phrase("cards.order", _phrase_order)
dp.phrase("cards.filler", {
    None: dp.said("没有贴牌", "has no filler rank"),
    "*": dp.said("{v}可以贴在别的点数上（贴{v}）", "lets {v}s join another rank as fillers (贴{v})"),
})
dp.phrase("cards.jokers", _phrase_jokers)


def _phrase_extra(rows: tuple[ExtraKind, ...], lang: str) -> str:
    if not rows:
        return "不另加牌" if lang == "zh" else "uses no card kind beyond the 54-card decks"
    if lang == "zh":
        return "另加" + "、".join(f"{r.zh}（{r.token}）{r.copies}张" for r in rows) + "，比大王大，当王用"
    return "adds " + ", ".join(f"{r.copies} {r.en}s ({r.token})" for r in rows) + " above the big joker, played as jokers"


dp.phrase("cards.extra", _phrase_extra)
