"""Plays and how they compare (one rank per play, filler 2s, jokers)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, check, dead, type_only, value_of
from gouji_dsl.facets.hooks import hook, reference_methods
from gouji_dsl.facets.sentences import add_inactive, check_columns, formula_blocks, said
from gouji_dsl.lang import nodes as _n  # the final-play check reads its formula
from gouji_dsl.messages import Message, msg
from gouji_dsl.model.expr import BOOL, ExprT, Formula, never
from gouji_dsl.model.fields import PLAY, Section, column, rule
from gouji_dsl.model.types import CARD_ALIASES, BoolT, CardT, EnumT, IntT, Member, OptionalT, RowT
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.document import Para, Table, TRow, anchor_of
from gouji_dsl.prose.text import LANGS, T, code, join, plain

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Game, Play, Said
    from gouji_dsl.prose.document import Block
    from gouji_dsl.prose.text import Text

# --- the rules ------------------------------------------------------------------

SHAPE = EnumT(Member("one_rank", "同点", "one rank, plus filler 2s and attached jokers; no straights"),
              Member("patterns", "牌型表", "the play types of the [patterns] section: runs, bombs, wild cards"))
COMPARE = EnumT(Member("card_by_card", "逐张比较",
                       "sort both plays high to low; every card of the answer must be higher than the card in the same position"),
                Member("top_card", "比最大牌", "same type and length; the higher top card wins"),
                # A beginners' house rule some platforms use. 随便管 ("answer with anything") is what a
                # Shandong table says; 任意压 reads as written Mandarin, and the book's word for
                # answering is 管 (管牌, 管得上).
                Member("any_play", "随便管",
                       "any legal play with as many cards as the play it answers beats it, whatever its ranks: nothing is compared"))


KILLERS = OptionalT(IntT(1, 4))

# 最后一手走: a condition on the play of all the cards a player holds; no (the default) for none.
FINAL_PLAY = ExprT(BOOL, PLAY)
NO_FINAL_PLAY = FINAL_PLAY.formula("no")


@dataclass(frozen=True)
class JokerKill:
    joker: str = column(CardT(("SJ", "BJ"), msg("rules.type_a_joker"), extras=True), "王", "a joker of the play being answered")
    by_higher: int | None = column(KILLERS, "以大杀小",
                                   "how many cards of one strictly higher joker kind kill it (none: not this way)", default=None)
    by_same: int | None = column(KILLERS, "同王杀", "how many jokers of its own kind kill it (二杀一: 2)", default=None)
    by_lower: int | None = column(KILLERS, "以小杀大", "how many jokers of the kind just below kill it (三杀一: 3)", default=None)


@dataclass(frozen=True)
class PlayRules(Section):
    NAME = "plays"
    ZH = "牌型"
    EN = "Plays and how they compare"
    GAMES = ("gouji", "shuangkou")
    shape: str = rule(SHAPE, "牌型", "what one play may contain")
    # The rules of one-rank plays are Gouji's; Shuangkou's patterns have their own section.
    jokers_alone: bool = rule(BoolT(), "纯王", "whether a play of jokers only is legal", default=True,
                              games=("gouji",), absent=True)
    jokers_one_kind: bool = rule(BoolT(), "纯王同种", "whether a play of jokers only must hold jokers of one kind",
                                 default=False, games=("gouji",), absent=False)
    fillers_alone: bool = rule(BoolT(), "纯贴牌", "whether a play of filler 2s (and jokers) only is legal; its rank is 2", default=True,
                               games=("gouji",), absent=True)
    compare: str = rule(COMPARE, "比较", "how an answer is compared with the play it answers")
    same_size: bool = rule(BoolT(), "张数相同", "whether an answer must have as many cards as the play it answers")
    joker_kills: tuple[JokerKill, ...] = rule(RowT(JokerKill, key=("joker",)), "杀王",
                              "how each joker of the play answered is killed by the answer's jokers; "
                              "a joker kind without a row cannot be beaten", default=(), games=("gouji",), absent=())
    jokers_rank_lowest: bool = rule(BoolT(), "纯王论小王",
                                    "whether a play of jokers only beats a play of jokers only only when its lowest "
                                    "joker is higher than the lead's lowest joker", default=False, games=("gouji",), absent=False)
    final_play: Formula = rule(FINAL_PLAY, "最后一手走",
                               "which play of all the cards a player holds goes out whatever the table holds, when it is "
                               "their turn to act on a play (no: none does)",
                               default=NO_FINAL_PLAY, games=("gouji",), absent=NO_FINAL_PLAY)


# --- checks -------------------------------------------------------------------


@check("plays.shape")
def check_shape(v: Variant, rep: Reporter) -> None:
    if v.game == "gouji" and value_of(v, "plays.shape") == "patterns":
        rep.error(at(v, "plays.shape"), msg("rules.gouji_shape"))


@check("plays.compare")
def check_compare(v: Variant, rep: Reporter) -> None:
    if v.game != "shuangkou" and value_of(v, "plays.compare") == "top_card":
        rep.error(at(v, "plays.compare"), msg("rules.gouji_compare"), hint=msg("rules.gouji_compare_hint"))
    elif v.game == "shuangkou" and value_of(v, "plays.compare") == "any_play":
        # Not clean in Shuangkou: an answer there is weighed by type, length, top card and a bomb's
        # lines and kind, and "any play answers" would leave unsaid which of them still count.
        rep.error(at(v, "plays.compare"), msg("rules.shuangkou_any_play"), hint=msg("rules.shuangkou_compare_hint"))
    elif v.game == "shuangkou" and value_of(v, "plays.compare") not in (None, "top_card"):
        rep.error(at(v, "plays.compare"), msg("rules.shuangkou_compare"), hint=msg("rules.shuangkou_compare_hint"))


@check("plays.same_size")
def check_same_size(v: Variant, rep: Reporter) -> None:
    if value_of(v, "plays.same_size") is False:
        message = msg("rules.gouji_same_size") if v.game != "shuangkou" else msg("rules.shuangkou_same_size")
        rep.error(at(v, "plays.same_size"), message, hint=msg("rules.same_size_hint"))


JOKER_KINDS = ("SJ", "BJ")   # lowest first: "higher" and "just below" in joker_kills follow this order


def joker_order(v: Variant) -> tuple[str, ...]:
    """The joker kinds lowest first: SJ, BJ, then the extra card kinds ([cards] extra, the
    eagle) as the order ranks them."""
    order = value_of(v, "cards.order") or ()
    extra = {row.token for row in value_of(v, "cards.extra") or ()}
    return JOKER_KINDS + tuple(card for card in order if card in extra)


@check("plays.joker_kills")
def check_joker_kills(v: Variant, rep: Reporter) -> None:
    """Every killing way names a kind that exists: a higher one, the one just below; kills are card-by-card rules."""
    rows = value_of(v, "plays.joker_kills")
    if not rows:
        return
    jokers = value_of(v, "cards.jokers")
    if value_of(v, "plays.compare") == "top_card":
        return  # the compare check refuses top_card in Gouji, and joker kills are Gouji's only
    if jokers is None:
        return  # [cards] jokers has an error of its own
    origin = v.origin("plays.joker_kills")
    if any(r.joker not in jokers for r in rows) and (origin is None or origin.variant != v.name):
        return  # an inherited table, and this variant changed its jokers: [cards] jokers says what is wrong
    kinds = joker_order(v)
    for i, row in enumerate(rows):
        if row.joker not in jokers or row.joker not in kinds:
            rep.error(at(v, f"plays.joker_kills[{i}]"), msg("rules.kill_not_a_joker", joker=row.joker),
                      hint=msg("rules.kill_jokers_hint", jokers=list(jokers)))
            continue
        kind = kinds.index(row.joker)
        if row.by_higher and not any(j in kinds and kinds.index(j) > kind for j in jokers):
            rep.error(at(v, f"plays.joker_kills[{i}]"), msg("rules.no_higher_joker", joker=row.joker),
                      hint=msg("rules.no_higher_joker_hint"))
        elif row.by_lower and (kind == 0 or kinds[kind - 1] not in jokers):
            rep.error(at(v, f"plays.joker_kills[{i}]"), msg("rules.no_lower_joker", joker=row.joker),
                      hint=msg("rules.no_lower_joker_hint"))


def _all_of_one_kind(node: _n.Expr) -> str | None:
    """The card kind a condition on the play requires the whole play to be ("jokers" for
    `jokers(play) == size(play)`, "3" for `count(play, 3) == size(play)`), as a term of an `and`."""
    if isinstance(node, _n.Binary) and node.op == "and":
        return _all_of_one_kind(node.left) or _all_of_one_kind(node.right)
    if not (isinstance(node, _n.Binary) and node.op == "=="):
        return None
    for part, other in ((node.left, node.right), (node.right, node.left)):
        if not (isinstance(other, _n.Call) and other.func.id == "size" and isinstance(part, _n.Call)):
            continue
        if part.func.id == "jokers":
            return "jokers"
        if part.func.id == "count":
            card = part.args[1]
            word = str(card.value) if isinstance(card, _n.Int) else card.id if isinstance(card, _n.Name) else ""
            return CARD_ALIASES.get(word, word)
    return None


@check("plays.final_play")
def check_final_play(v: Variant, rep: Reporter) -> None:
    """A final play must be one legal play: asking for a play of jokers only where jokers may
    not go alone, or of fillers only where they may not, asks for a play that never exists."""
    formula = value_of(v, "plays.final_play")
    if formula is None or never(formula):
        return
    kind = _all_of_one_kind(formula.node)
    jokers, filler = value_of(v, "cards.jokers") or (), value_of(v, "cards.filler")
    if (kind == "jokers" or kind in jokers) and value_of(v, "plays.jokers_alone") is False:
        alone = "plays.jokers_alone"
    elif kind is not None and kind == filler and value_of(v, "plays.fillers_alone") is False:
        alone = "plays.fillers_alone"
    else:
        return
    never_message = msg("rules.final_play_never_jokers", rule=alone.split(".")[1]) if kind == "jokers" else \
        msg("rules.final_play_never", card=kind, rule=alone.split(".")[1])
    rep.error(at(v, "plays.final_play"), never_message,
              hint=msg("rules.final_play_never_hint", rule=alone.split(".")[1]),
              notes=[(at(v, alone), msg("rules.set_here"))])


type_only("plays.jokers_alone", "plays.fillers_alone", "plays.jokers_rank_lowest", "plays.jokers_one_kind")


def any_play(v: Variant) -> bool:
    """Does any play of as many cards answer ([plays] compare = any_play)? Then nothing is
    compared: no joker of the play answered needs killing, and no play of jokers has a rank."""
    return bool(value_of(v, "plays.compare") == "any_play")


def _nothing_compared(v: Variant) -> tuple[str, Message] | None:
    return ("plays.compare", msg("model.dead_any_play")) if any_play(v) else None


dead("plays.joker_kills", "[plays] joker_kills", _nothing_compared)
dead("plays.jokers_rank_lowest", "[plays] jokers_rank_lowest", _nothing_compared)


# --- engine -------------------------------------------------------------------

# shape and same_size have one engine realisation each (the checker refuses the others in a
# concrete Gouji variant): one-rank plays of the lead's size. compare has two: card by card (with
# the joker kills), and any_play, where the card functions ask the size alone (the template's
# `any_play` branch, backends/codegen.py `engine_context`; Reference._beats).
spec.register("plays.shape", "engine", spec.CardFunction(("classify", "plays", "lead_actions")))
spec.register("plays.jokers_alone", "engine", spec.CardFunction(("classify", "answers", "plays", "lead_actions")))
spec.register("plays.jokers_one_kind", "engine", spec.CardFunction(("classify", "answers", "plays", "lead_actions")))
spec.register("plays.fillers_alone", "engine", spec.CardFunction(("classify", "answers", "plays", "lead_actions")))
spec.register("plays.compare", "engine", spec.CardFunction(("beats", "answers")))
spec.register("plays.same_size", "engine", spec.CardFunction(("beats", "answers")))
spec.register("plays.joker_kills", "engine", spec.CardFunction(("beats", "answers")))
spec.register("plays.jokers_rank_lowest", "engine", spec.CardFunction(("beats", "answers")))
# 最后一手走: the flow offers the play where a player is asked about a play on the table; the
# engine compiles the condition into `_final_play_of` (Rules.final_play_of), written only with the rule.
spec.register("plays.final_play", "engine", spec.Setting("final_play", lambda v: not never(v.plays.final_play), ("_final_play_of",),
                                                         absent=False, annotation="bool",
                                                         realised_in=("runtime/flow.py:Game._final_play", "runtime/flow.py:Game._advance")))


# --- interpreter --------------------------------------------------------------

reference_methods(("classify",), "plays.shape", "plays.jokers_alone", "plays.fillers_alone", "plays.jokers_one_kind")  # shape: one_rank only
reference_methods(("beats", "answers"), "plays.compare", "plays.same_size", "plays.joker_kills", "plays.jokers_rank_lowest")


@hook("plays.final_play", absent=lambda g, seat: None)
def final_play(g: Game, seat: int) -> Play | None:
    """最后一手走: the play of all of `seat`'s cards, when it is one legal play meeting the rule's
    condition (the Reference's `final_play`), else None. The oracle asks it of a player whose
    turn it is on a play on the table: that play then goes out whatever the table holds."""
    if never(g.v.plays.final_play):
        return None
    return g.ref.final_play(tuple(g.hands[seat - 1]))


# --- rulebook -----------------------------------------------------------------

book.group("plays", "一手牌", "What a play is")
book.enum_rule("plays.shape", "plays", {
    "one_rank": ("[[一手]]（一套牌）由同一点数的若干张牌组成，可以加上任意张贴牌和王。不能出顺子，两种点数也不能一起出。",
                 "A [[一手|play]] is any number of cards of one rank, plus any number of fillers and jokers. There are no straights, and two different ranks never make one play."),
    "patterns": ("一手牌必须是牌型表中的一种牌型（见牌型表）。", "A play must be one of the play types listed in the play-type table."),
})
book.bool_rule("plays.jokers_alone", "plays",
               ("只出王（不带别的牌）也是合法的一手。", "A play of jokers only is legal."),
               ("不能只出王：王必须挂在别的牌上。该先出牌的人手里若只剩王（或不能单出的牌），就把剩下的牌一次出完。",
                "Jokers may not be played on their own: they must join a rank. A leader left with nothing else "
                "to lead plays all their remaining cards at once."))
book.bool_rule("plays.jokers_one_kind", "plays",
               ("只出王时只能出同一种王（如两张小王、一张大王），大小王不能混在一起单出；挂在别的点数上的王不受此限。",
                "A play of jokers only holds one kind of joker (two small jokers, one big joker): small and big jokers "
                "never go out together on their own; jokers joining a rank may be mixed."),
               ("只出王时大小王可以混在一起出。", "A play of jokers only may mix small and big jokers."),
               inactive=lambda ctx: None if ctx.v.plays.jokers_alone else ("本玩法不能只出王。", "This variant forbids plays of jokers only."))
book.bool_rule("plays.fillers_alone", "plays",
               ("只出2（可以带王）也是合法的一手，这时它的点数就是2。", "A play of 2s only (jokers may join) is legal; its rank is then 2."),
               ("2不能单独出，只能贴在别的点数上。该先出牌的人手里若只剩2（或不能单出的牌），就把剩下的牌一次出完。",
                "2s may not be played on their own, only with another rank. A leader left with nothing else "
                "to lead plays all their remaining cards at once."),
               inactive=lambda ctx: None if ctx.v.cards.filler else ("本玩法没有贴牌。", "This variant has no fillers."))

book.group("plays", "比大小", "How plays compare")
book.enum_rule("plays.compare", "plays", {
    "card_by_card": ("**逐张比较**：把两手牌各自从大到小排好（贴牌已当作所贴的点数），管牌的每一张都必须比对方同一位置的牌大。",
                     "**Card by card**: sort both plays from highest to lowest (fillers counted as the rank they join); every card of the answer must be higher than the card in the same position of the play it answers."),
    "top_card": ("**比最大牌**：牌型和张数相同时，最大的牌大者胜。", "**Top card**: {en}."),
    "any_play": ("**随便管**：张数和对方一样的任何一手合法的牌都管得上，不比点数，王和2也不比（新手场的玩法）。"
                 "谁能管、级牌、烧牌、让牌、开点照样按其他规则。",
                 "**Any play answers** (随便管): any legal play with as many cards as the play it answers beats it, "
                 "whatever its ranks: nothing is compared, jokers and 2s neither (a beginners' house rule). Who may "
                 "answer, gouji plays, burning, deferring and opening still follow the other rules."),
})


def _any_play_note(ctx: book.Ctx) -> tuple[str, str] | None:
    """The not-in-play note of the rules only a comparison reads."""
    if ctx.v.plays.compare != "any_play":
        return None
    return ("本玩法随便管，不比大小，此条不起作用。", "Here any play of as many cards answers and nothing is compared, so this rule does not apply.")


def extra_killers(v: Variant) -> bool:
    """Do the joker kills ever take more cards than the jokers they kill? (Never where nothing is
    compared: compare = any_play kills no joker.)"""
    return v.plays.compare != "any_play" and any((r.by_higher or 0) > 1 or r.by_same or r.by_lower for r in v.plays.joker_kills)


@book.rule("plays.same_size", "plays")
def _(ctx: book.Ctx, value: bool) -> Said:
    if value and ctx.v.plays.shape == "patterns":
        return said(T("上牌必须与所打的牌牌型相同、长度相同；炸弹除外：炸弹可以打任何不是炸弹的牌。"),
                    T("An answer must be of the same type and length as the play it answers, except a bomb, which beats any play that is not a bomb."))
    if value:
        zh = T("上牌必须与所打的牌张数相同")
        en = T("An answer must have exactly as many cards as the play it answers")
        if extra_killers(ctx.v):
            zh += T("（杀王多用的王除外，见下条）")
            en += T(" (apart from the extra jokers that kill a joker, below)")
        return said(zh + plain("。"), en + plain("."))
    return said(T("上牌的张数可以与所打的牌不同。"), T("An answer need not have as many cards as the play it answers."))


JOKER_NAMES = {"SJ": ("小王", "small joker"), "BJ": ("大王", "big joker")}


def joker_names(v: Variant) -> dict[str, tuple[str, str]]:
    """Each joker kind's (Chinese, English) name, the extra card kinds' ([cards] extra) among them."""
    return JOKER_NAMES | {row.token: (row.zh, row.en) for row in v.cards.extra}


def _kill_ways(row: JokerKill, v: Variant, lang: str) -> list[Text]:
    """The ways a row kills its joker, in words."""
    zh = lang == "zh"
    jokers, kinds, names = v.cards.jokers, joker_order(v), joker_names(v)
    kind = kinds.index(row.joker)
    name = names[row.joker][0 if zh else 1]
    ways = []
    if row.by_higher:
        higher = [names[j][0 if zh else 1] for j in kinds[kind + 1:] if j in jokers]
        if zh:
            ways.append(T("{n}张更大的王（{h}）", n=row.by_higher, h="或".join(higher)))
        elif row.by_higher == 1:
            ways.append(T("one higher joker ({h})", h=" or ".join(higher)))
        else:
            ways.append(T("{n} higher jokers of one kind ({h})", n=row.by_higher, h=" or ".join(higher)))
    if row.by_same:
        ways.append(T("{n}张{k}", n=row.by_same, k=name) if zh else T("{n} {k}s", n=row.by_same, k=name))
    if row.by_lower:
        lower = names[kinds[kind - 1]][0 if zh else 1]
        ways.append(T("{n}张{k}", n=row.by_lower, k=lower) if zh else T("{n} {k}s", n=row.by_lower, k=lower))
    return ways


@book.rule("plays.joker_kills", "plays")
def _(ctx: book.Ctx, rows: tuple[JokerKill, ...]) -> Said:
    key = "plays.joker_kills"
    check_columns(JokerKill, ("joker", "by_higher", "by_same", "by_lower"), key)
    jokers = ctx.v.cards.jokers
    listed = {r.joker for r in rows}
    out = []
    for lang in LANGS:
        zh = lang == "zh"
        head = [plain("王" if zh else "joker (王)"), plain("用什么杀" if zh else "killed by")]
        trows = []
        for i, r in enumerate(rows):
            ways = _kill_ways(r, ctx.v, lang)
            name = joker_names(ctx.v)[r.joker][0 if zh else 1]
            cell = join(ways, lang, "或", "or") if ways else (T("谁也杀不了") if zh else T("nothing"))
            # A Chinese book names the joker (小王); an English one writes it as the examples do.
            trows.append(TRow([plain(name) if zh else code(r.joker) + plain(f" ({name})"), cell], anchor_of(f"{key}[{i}]")))
        if zh:
            parts: list[Block] = [Para(T("**杀王**：对方牌中的每一张王，都要用自己的王单独杀掉，杀法如下表："))]
        else:
            parts = [Para(T("**Joker kills** (杀王): each joker of the play answered must be killed by jokers of the answer "
                            "set aside for it, in one of these ways:"))]
        if trows:
            parts.append(Table(head, trows))
        unkilled = [j for j in jokers if j not in listed]   # a row without a way says "nothing" itself
        if unkilled:
            names = join([plain(joker_names(ctx.v)[j][0]) if zh else code(j) for j in unkilled], lang)
            parts.append(Para(T("{j}谁也杀不了：带这种王的牌打不过。", j=names) if zh else
                              T("Nothing kills {j}: a play holding one cannot be beaten.", j=names)))
        parts.append(Para(T("杀王用去的王以外，其余的牌张数必须与对方其余的牌相同，再逐张比较（剩下的王比任何点数都大）。") if zh else
                          T("Apart from the killing jokers, the rest of the answer must have as many cards as the rest of "
                            "the play and beat it card by card (a joker left over beats any rank).")))
        out.append(parts)
    return add_inactive((out[0], out[1]), _any_play_note(ctx))


book.bool_rule("plays.jokers_rank_lowest", "plays",
               ("只出王的牌，点数按其中最小的王算：打只出王的牌时，自己最小的王必须比对方最小的王大（两张大王打不过一张大王）。",
                "A play of jokers only ranks as its lowest joker: it beats a play of jokers only only when its lowest joker is "
                "higher than that play's lowest joker (two big jokers do not beat one)."),
               ("只出王的牌不另比点数：杀掉对方的王就算打过。",
                "A play of jokers only has no rank of its own: killing the jokers of a play of jokers only beats it."),
               inactive=lambda ctx: _any_play_note(ctx) or (None if extra_killers(ctx.v) else
               ("本玩法杀王不多用王，只出王的牌按张比较即可。", "This variant's kills never take extra jokers: plays of jokers only compare card by card.")))


book.group("plays", "最后一手", "A player's last play")
book.quiet_default("plays.final_play")  # at no, a last play is answered like any other: nothing to say


@book.rule("plays.final_play", "plays")
def _(ctx: book.Ctx, value: Formula) -> Said:
    if never(value):
        return said(T("最后一手和别的牌一样，要管得上桌上的牌才能出。"),
                    T("A player's last play, like any other, must beat the play on the table."))
    return formula_blocks("plays.final_play", value, (
        "**最后一手走**：轮到自己要牌时，手里的牌如果正好是合法的一手，而且{w}，就可以一次出完走人，"
        "不管桌上是什么牌、是谁出的（过了牌的人，这一轮能管这手牌时才可以）。这一手不是烧牌，像别的管牌一样留在桌上。",
        "**Final play** (最后一手走): when it is a player's turn on a play on the table and all the cards they hold make "
        "one legal play, and {w}, they may play them all and go out, whatever the table holds and whoever played "
        "it (a player who passed in this round, only where they may still answer that play). It is no burn, and stands "
        "on the table like any answer."))


# --- diff ---------------------------------------------------------------------


dp.phrase("plays.shape", {
    "one_rank": dp.said("每手只出同一点数（可贴2、带王），没有顺子", "plays one rank at a time (with filler 2s and jokers), no straights"),
    "patterns": dp.said("按牌型表出牌：连牌、炸弹、百搭", "plays the types of its [patterns] section: runs, bombs, wild cards"),
})
dp.phrase("plays.compare", {
    "card_by_card": dp.said("逐张比较：管牌的每张都要大过对应的牌", "compares card by card: every card of an answer must beat the card in its place"),
    "top_card": dp.said("同牌型同长度比最大的牌", "compares plays of one type and length by their top card"),
    "any_play": dp.said("随便管：张数一样的任何牌都管得上，不比大小", "lets any play of as many cards answer, whatever its ranks"),
})


def _phrase_kills(rows: tuple[JokerKill, ...], lang: str) -> str:
    shown = []
    for r in rows:
        ways = [w for w in (f"{r.by_higher}×higher" if r.by_higher else "", f"{r.by_same}×{r.joker}" if r.by_same else "",
                            f"{r.by_lower}×lower" if r.by_lower else "") if w]
        if lang == "zh":
            ways = [w.replace("higher", "更大的王").replace("lower", "下一级王") for w in ways]
        shown.append(f"{r.joker}: {' / '.join(ways) if ways else ('杀不了' if lang == 'zh' else 'never')}")
    if lang == "zh":
        return f"杀王方式为 {'；'.join(shown)}" if rows else "王都杀不了"
    return f"kills jokers with {'; '.join(shown)}" if rows else "lets no joker be killed"


dp.phrase("plays.joker_kills", _phrase_kills)
dp.phrase("plays.jokers_rank_lowest", dp.yes_no(
    "纯王按最小的王比大小", "ranks a play of jokers only by its lowest joker",
    "纯王不按最小的王比大小", "gives a play of jokers only no rank of its own"))


def _phrase_final_play(formula: Formula, lang: str) -> str:
    if never(formula):
        return "最后一手也要管得上才能出" if lang == "zh" else "lets a last play go only when it beats the table"
    if lang == "zh":
        return f"最后一手走：全部手牌是一手且 {formula.text} 时，不管桌上什么牌都能走"
    return f"lets a player go out with all their cards as one play with {formula.text}, whatever the table holds"


dp.phrase("plays.final_play", _phrase_final_play)
dp.phrase("plays.same_size", dp.yes_no(
    "压牌张数必须相同", "answers a play only with as many cards",
    "压牌张数可以不同", "lets an answer have a different number of cards"))
dp.phrase("plays.jokers_alone", dp.yes_no(
    "可以单出王", "allows plays of jokers only",
    "不能单出王", "forbids plays of jokers only"))
dp.phrase("plays.jokers_one_kind", dp.yes_no(
    "单出王只能出同一种王", "allows plays of jokers only of one kind",
    "单出王可以大小王混出", "allows plays of jokers only to mix kinds"))
dp.phrase("plays.fillers_alone", dp.yes_no(
    "可以单出2", "allows plays of 2s only (rank 2)",
    "不能单出2", "forbids plays of 2s only"))
