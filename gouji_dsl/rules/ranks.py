"""Per-rank play constraints: ranks that go out only singly, only last, all at once, or bare."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, check, value_of
from gouji_dsl.facets.hooks import reference_methods
from gouji_dsl.facets.sentences import check_columns
from gouji_dsl.messages import msg
from gouji_dsl.model.fields import RANK_3_A, Section, column, rule
from gouji_dsl.model.types import BoolT, RowT
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.document import Para, Table, TRow, anchor_of
from gouji_dsl.prose.text import LANGS, T, code, plain
from gouji_dsl.runtime import cards as _cards

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Said
    from gouji_dsl.prose.document import Block

# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class RankConstraint:
    rank: str = column(RANK_3_A, "点数", "the rank (3 to A) whose plays are constrained")
    single: bool = column(BoolT(), "单张", "a play holds exactly one card of the rank", default=False)
    last_only: bool = column(BoolT(), "最后出", "a play of the rank must be the player's last play (empty the hand)",
                             default=False)
    all_at_once: bool = column(BoolT(), "一次出完", "a play of the rank holds all the cards of the rank the player holds",
                               default=False)
    bare: bool = column(BoolT(), "不贴不挂", "a play of the rank carries no filler 2s and no jokers", default=False)


@dataclass(frozen=True)
class RankRules(Section):
    NAME = "ranks"
    ZH = "点数限制"
    EN = "Constrained ranks"
    constraints: tuple[RankConstraint, ...] = rule(RowT(RankConstraint, key=("rank",)), "出法限制",
                              "how plays of these ranks may be made, looking at the player's whole hand", default=())


# What each column asks of a play (rank, natural, fillers, small, big) of its rank,
# the hand being the player's whole hand before the play. `single` and `bare` look at
# the play alone (classify refuses the rest: a `hand` case's answer); `last_only` and
# `all_at_once` look at the hand, and hold by themselves when the cards are the whole hand.
# A leader whose every lead would break a hand column may lead, that once, any play the
# other rules allow (the hand columns lapse), so no constraint leaves a leader stuck.


# --- checks -------------------------------------------------------------------


@check("ranks.constraints")
def check_constraints(v: Variant, rep: Reporter) -> None:
    """Every row constrains something, `single` and `all_at_once` do not meet (they would
    allow a play only to a player holding one card of the rank), and 3s under 憋三 are
    [threes]' business (D22 already fixes how they go out, and 闷贡 hangs on it)."""
    rows = value_of(v, "ranks.constraints")
    if not rows:
        return
    for i, row in enumerate(rows):
        where = at(v, f"ranks.constraints[{i}]")
        if not (row.single or row.last_only or row.all_at_once or row.bare):
            rep.error(where, msg("rules.constraint_row_empty", rank=row.rank),
                      hint=msg("rules.remove_constraint_row", rank=row.rank))
        if row.single and row.all_at_once:
            rep.error(where, msg("rules.single_and_all_at_once", rank=row.rank), hint=msg("rules.keep_one_column"))
        if row.rank == "3" and value_of(v, "threes.threes_last"):
            rep.error(where, msg("rules.constraint_row_for_threes"),
                      notes=[(at(v, "threes.threes_last"), msg("rules.threes_last_here"))],
                      hint=msg("rules.constraint_row_for_threes_hint"))


# --- engine -------------------------------------------------------------------


def rank_rules(v: Variant) -> tuple[tuple[int, bool, bool, bool, bool], ...]:
    """The table as the engines read it: (rank index, single, last_only, all_at_once, bare)
    per row, sorted by rank."""
    # A variant's section named "ranks" is this module's RankRules (model.fields.SECTION_TYPES).
    rows = cast(RankRules, v.sections["ranks"]).constraints if "ranks" in v.sections else ()
    return tuple(sorted((_cards.INDEX[r.rank], r.single, r.last_only, r.all_at_once, r.bare) for r in rows))


# The play columns are compiled into classify (and so plays, answers, can_burn); the hand
# columns into answers and lead_actions; the flow reads the setting to check a lead it
# is given directly and to say why a lead is refused.
spec.register("ranks.constraints", "engine",
              spec.Setting("rank_rules", rank_rules, ("classify", "plays", "answers", "lead_actions", "can_burn"), absent=(),
                           annotation="tuple[tuple[int, bool, bool, bool, bool], ...]", realised_in=("runtime/flow.py:Game._breaks_rank_rule", "runtime/flow.py:Game._is_legal")))


# --- interpreter --------------------------------------------------------------

# The Reference reads the table in classify (single, bare), answers (the hand columns
# against the hand given) and lead_actions (the hand columns, lapsing for a leader left
# with no lead); the oracle's games take their leads and answers from these.
reference_methods(("classify", "answers", "lead_actions"), "ranks.constraints")


# --- rulebook -----------------------------------------------------------------

book.group("ranks", "点数限制", "Constrained ranks")

_SAY = {
    "single": ("只能单张出", "one card at a time"),
    "last_only": ("只能作为最后一手出（出完手里就没牌了）", "only as the player's last play (it empties the hand)"),
    "all_at_once": ("手里的这种牌要一次全部出完", "all of them at once, every one the player holds"),
    "bare": ("不能贴2、不能挂王", "with no 2s and no jokers attached"),
}
_COLUMNS = ("single", "last_only", "all_at_once", "bare")


@book.rule("ranks.constraints", "plays")
def _(ctx: book.Ctx, rows: tuple[RankConstraint, ...]) -> Said:
    key = "ranks.constraints"
    check_columns(RankConstraint, ("rank",) + _COLUMNS, key)
    out: list[list[Block]] = []
    for lang in LANGS:
        zh = lang == "zh"
        if not rows:
            out.append([Para(T("出牌不受点数限制：每种点数都按一般的牌型规则出。") if zh else
                             T("No rank is constrained: every rank is played by the general rules of plays."))])
            continue
        head = [plain("点数" if zh else "rank (点数)"), plain("出法" if zh else "how it may be played")]
        trows = []
        for i, r in enumerate(rows):
            said_ = [_SAY[c][0 if zh else 1] for c in _COLUMNS if getattr(r, c)]
            trows.append(TRow([code(r.rank), plain(("，".join(said_) + "。") if zh else ("; ".join(said_) + "."))],
                              anchor_of(f"{key}[{i}]")))
        parts = [Para(T("下列点数的牌出法受限（出牌、管牌都一样）：") if zh else
                      T("Plays of these ranks are constrained, when leading and when answering alike:")),
                 Table(head, trows),
                 Para(T("“一次出完”和“最后出”看的是出牌人手里的全部牌；单问一手牌能不能出时，把这手牌当作出牌人手里的全部牌。"
                        "该先出牌的玩家如果手里没有一手满足这些限制的牌，这一次可以不受“一次出完”和“最后出”的限制（但仍须单张、不贴不挂），免得无牌可出。"
                        "在憋三的玩法里，3怎么出由“憋三”一节规定，这张表不能再列3。") if zh else
                      T("All at once and last only look at the player's whole hand; asked of one play alone, the play is taken "
                        "as the player's whole hand. A leader holding no play that keeps these constraints may, for that lead, "
                        "ignore all at once and last only (single and bare still hold), so no one is left with nothing to lead. "
                        "Where threes are kept for last (憋三), the threes section says how 3s are played, and this table may not list 3."))]
        out.append(parts)
    return tuple(out)


# --- diff ---------------------------------------------------------------------


def _phrase_constraints(rows: tuple[RankConstraint, ...], lang: str) -> str:
    if not rows:
        return "出牌不受点数限制" if lang == "zh" else "constrains no rank's plays"
    shown = []
    for r in rows:
        said_ = [_SAY[c][0 if lang == "zh" else 1].split("（")[0].split(" (")[0] for c in _COLUMNS if getattr(r, c)]
        shown.append(f"{r.rank}{'、'.join(said_)}" if lang == "zh" else f"{r.rank}s {', '.join(said_)}")
    if lang == "zh":
        return "限制点数出法：" + "；".join(shown)
    return "constrains plays of " + "; ".join(shown)


dp.phrase("ranks.constraints", _phrase_constraints)
