"""级牌: which plays are gouji plays."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, check, type_only, value_of
from gouji_dsl.facets.hooks import reference_methods
from gouji_dsl.facets.sentences import check_columns
from gouji_dsl.messages import msg
from gouji_dsl.model.fields import Section, column, rule
from gouji_dsl.model.types import CARDS, BoolT, CardT, IntT, RowT
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.document import Para, Table, TRow, anchor_of
from gouji_dsl.prose.text import LANGS, T, code, join, plain

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Said

# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class Threshold:
    rank: str = column(CardT(CARDS[:13], msg("rules.type_rank_3_to_2")), "点数", "the effective rank of the play")
    at_least: int = column(IntT(1, 100), "张数", "the least number of cards that makes it a 级牌")


@dataclass(frozen=True)
class GoujiRules(Section):
    NAME = "gouji"
    ZH = "级牌"
    EN = "级牌 (gouji plays)"
    thresholds: tuple[Threshold, ...] = rule(RowT(Threshold, key=("rank",), min_rows=1), "门槛", "the least size at which a rank makes a 级牌")
    jokers_make_gouji: bool = rule(BoolT(), "带王即级", "whether every play containing a joker is a 级牌")
    fillers_count: bool = rule(BoolT(), "贴牌计数", "whether filler 2s count towards the size of the rank they join")


# --- checks -------------------------------------------------------------------


@check("gouji.thresholds")
def check_thresholds(v: Variant, rep: Reporter) -> None:
    """Every threshold can be reached with the cards of the decks (fillers included if they count)."""
    thresholds = value_of(v, "gouji.thresholds")
    decks = value_of(v, "table.decks")
    if not thresholds or decks is None:
        return
    filler = value_of(v, "cards.filler")
    fillers = 4 * decks if value_of(v, "gouji.fillers_count") and filler else 0
    for i, row in enumerate(thresholds):
        most = 4 * decks + (fillers if row.rank != filler else 0)
        if row.at_least > most:
            rep.error(at(v, f"gouji.thresholds[{i}]"),
                      msg("rules.threshold_unreachable", at_least=row.at_least, rank=row.rank, decks=decks, most=most))


type_only("gouji.jokers_make_gouji", "gouji.fillers_count")


# --- engine -------------------------------------------------------------------

# The thresholds become the generated module's _THRESHOLD table.
spec.register("gouji.thresholds", "engine", spec.CardFunction(("is_gouji", "classify")))
spec.register("gouji.jokers_make_gouji", "engine", spec.CardFunction(("is_gouji", "classify")))
spec.register("gouji.fillers_count", "engine", spec.CardFunction(("is_gouji", "classify")))


# --- interpreter --------------------------------------------------------------

reference_methods(("is_gouji", "classify"), "gouji.thresholds", "gouji.jokers_make_gouji", "gouji.fillers_count")


# --- rulebook -----------------------------------------------------------------

book.group("gouji", "级牌", "Gouji plays (级牌)")


@book.rule("gouji.thresholds", "plays")
def _(ctx: book.Ctx, rows: tuple[Threshold, ...]) -> Said:
    key = "gouji.thresholds"
    check_columns(Threshold, ("rank", "at_least"), key)
    listed = {r.rank for r in rows}
    never = [c for c in CARDS[:13] if c not in listed]
    out = []
    for lang in LANGS:
        zh = lang == "zh"
        head = [plain("点数" if zh else "rank (点数)"), plain("至少张数" if zh else "at least (张数)"),
                plain("例" if zh else "for instance")]
        trows = []
        for i, r in enumerate(rows):
            trows.append(TRow([code(r.rank), plain(r.at_least) + plain(" 张及以上" if zh else " or more"),
                               code(" ".join([r.rank] * r.at_least))], anchor_of(f"{key}[{i}]")))
        parts = [Para(T("下列点数的牌达到相应张数，就是[[级牌]]（够级牌）：") if zh else
                      T("A play whose rank reaches the size below is a [[级牌|gouji play]]:")),
                 Table(head, trows, numeric=(1,))]
        if never:
            ranks = join([code(c) for c in never], lang)
            parts.append(Para(T("其余点数（{r}）无论多少张都不够级。", r=ranks) if zh else
                              T("Other ranks ({r}) are never gouji plays, however many.", r=ranks)))
        parts.append(Para(T("级牌通常只有出牌人的[[对家]]可以打（见“出牌”和“烧牌”）。") if zh else
                          T("A gouji play can normally be answered only by its player's opposite (see the course of play and burning).")))
        out.append(parts)
    return tuple(out)


book.bool_rule("gouji.jokers_make_gouji", "plays",
               ("凡是带王的牌，不论点数和张数，都是级牌。", "Every play holding a joker is a gouji play, whatever its rank and size."),
               ("王本身不使一手牌成为级牌：带王的牌也按上表判断。", "Jokers do not make a play a gouji play by themselves: plays with jokers go by the table too."))
book.bool_rule("gouji.fillers_count", "plays",
               ("贴上的2计入所贴点数的张数；但2不会让不在表中的点数变成级牌。",
                "Filler 2s count towards the size of the rank they join; they do not make a rank outside the table a gouji play."),
               ("贴上的2不计入张数：只数点数本身的牌。", "Filler 2s do not count towards the size: only the rank's own cards count."),
               inactive=lambda ctx: None if ctx.v.cards.filler else ("本玩法没有贴牌。", "This variant has no fillers."))


# --- diff ---------------------------------------------------------------------


def _phrase_thresholds(rows: tuple[Threshold, ...], lang: str) -> str:
    shown = [f"{r.rank}×{r.at_least}" for r in rows]
    if lang == "zh":
        return f"级牌门槛为 {'、'.join(shown)}（点数×最少张数）"
    return f"makes a 级牌 from {', '.join(shown)} (rank × least cards)"


dp.phrase("gouji.thresholds", _phrase_thresholds)
dp.phrase("gouji.jokers_make_gouji", dp.yes_no(
    "带王的牌都是级牌", "makes every play with a joker a 级牌",
    "带王不一定是级牌", "does not make a play a 级牌 for its jokers"))
dp.phrase("gouji.fillers_count", dp.yes_no(
    "贴2计入级牌张数", "counts filler 2s towards a 级牌's size",
    "贴2不计入级牌张数", "does not count filler 2s towards a 级牌's size"))
