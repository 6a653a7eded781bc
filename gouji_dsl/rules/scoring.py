"""Scoring: place points, team sums, sweeps, open points."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, check, type_only, value_of
from gouji_dsl.facets.hooks import reference_methods
from gouji_dsl.facets.sentences import add_inactive, said
from gouji_dsl.messages import msg
from gouji_dsl.model.fields import Section, rule
from gouji_dsl.model.types import BoolT, IntT, ListT, RatioT
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.document import Para, Table, TRow
from gouji_dsl.prose.text import LANGS, T, plain

if TYPE_CHECKING:
    from fractions import Fraction

    from gouji_dsl.facets.protocols import Said

# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class ScoringRules(Section):
    NAME = "scoring"
    ZH = "计分"
    EN = "Scoring"
    place_points: tuple[int, ...] = rule(ListT(IntT(-1000, 1000), 2, 12), "名次分", "points for places 1, 2, ...")
    team_sum: bool = rule(BoolT(), "联邦合计", "each player scores the sum of their team's place points")
    sweep_multiplier: int = rule(IntT(1, 10), "串三户倍数", "place points are multiplied by this after a sweep")
    open_points: int = rule(IntT(0, 1000), "点贡分", "a player who opened against an opposite who did not scores this, the opposite loses it")
    zero_sum: bool = rule(BoolT(), "零和", "scores of a game must add up to zero")
    scale: int | Fraction = rule(RatioT(), "得分倍率", "every score of a game (place points, sweep, open points) is multiplied by this "
                      "number, whole or a fraction such as 1/3; scores that do not come out whole are exact fractions",
                      default=1)


# --- checks -------------------------------------------------------------------


@check("scoring.place_points")
def check_place_points(v: Variant, rep: Reporter) -> None:
    """One number per place, never rising from a better place to a worse one, adding up to 0 if zero-sum."""
    points, players = value_of(v, "scoring.place_points"), value_of(v, "table.players")
    if points is None or players is None:
        return
    if len(points) != players:
        rep.error(at(v, "scoring.place_points"), msg("rules.place_points_count", count=len(points), players=players))
        return
    if list(points) != sorted(points, reverse=True):
        rep.error(at(v, "scoring.place_points"), msg("rules.place_points_rising"))
    if value_of(v, "scoring.zero_sum") and sum(points) != 0:
        rep.error(at(v, "scoring.place_points"), msg("rules.place_points_not_zero_sum", total=sum(points)),
                  notes=[(at(v, "scoring.zero_sum"), msg("rules.zero_sum_here"))])


type_only("scoring.team_sum", "scoring.sweep_multiplier", "scoring.open_points", "scoring.zero_sum", "scoring.scale")


# --- engine -------------------------------------------------------------------

for _name in ("place_points", "team_sum", "sweep_multiplier", "open_points", "scale"):
    spec.register(f"scoring.{_name}", "engine", spec.CardFunction(("score",)))
spec.register("scoring.zero_sum", "engine",
              spec.NoPlay("a promise about the scoring table that the checker verifies; play never reads it"))


# --- interpreter --------------------------------------------------------------

reference_methods(("score",), "scoring.place_points", "scoring.team_sum", "scoring.sweep_multiplier", "scoring.open_points",
                  "scoring.scale")
spec.register("scoring.zero_sum", "interpreter",
              spec.NoPlay("a promise about the scoring table that the checker verifies; scores never read it"))


# --- rulebook -----------------------------------------------------------------

book.group("scoring", None)


@book.rule("scoring.place_points", "scoring")
def _(ctx: book.Ctx, value: tuple[int, ...]) -> Said:
    out = []
    for lang in LANGS:
        zh = lang == "zh"
        head = [plain("名次" if zh else "place"), plain("名称" if zh else "name"), plain("名次分" if zh else "points")]
        rows = [TRow([plain(i), plain(ctx.place_zh(i)) if zh else ctx.place_en(i), plain(f"{p:+d}" if p else "0")])
                for i, p in enumerate(value, 1)]
        intro = T("**名次分**：") if zh else T("**Place points**:")
        out.append([Para(intro), Table(head, rows, numeric=(0, 2))])
    return tuple(out)


book.bool_rule("scoring.team_sum", "scoring",
               ("每人的得分是本方所有人名次分之和{x}。", "Each player scores the sum of their team's place points{y}."),
               ("每人只得自己的名次分{x}。", "Each player scores their own place points{y}."),
               extra=lambda ctx, v: {"x": "（再加下面的点贡分）" if ctx.v.scoring.open_points else "",
                                     "y": " (plus the open points below)" if ctx.v.scoring.open_points else ""})


@book.rule("scoring.sweep_multiplier", "scoring")
def _(ctx: book.Ctx, value: int) -> Said:
    if value == 1:
        zh, en = T("串三户时名次分不变。"), T("A sweep does not change the place points.")
    else:
        zh = T("串三户时名次分乘以{n}{x}。", n=value, x="（翻倍）" if value == 2 else "")
        en = T("After a sweep the place points are multiplied by {n}.", n=value)
    return add_inactive(said(zh, en), None if ctx.v.end.sweep else
                        ("本玩法没有串三户，此条不起作用。", "There is no sweep here, so this rule does not apply."))


@book.rule("scoring.open_points", "scoring")
def _(ctx: book.Ctx, value: int) -> Said:
    if value == 0:
        return said(T("开点不计分。"), T("Opening scores nothing."))
    zh = T("**点贡分**：自己开点而对家没开，得{n}分；自己没开而对家开了，扣{n}分；都开或都没开，不得分也不扣分。", n=value)
    en = T("**Open points**: opening while your opposite did not scores +{n}; the reverse scores −{n}; both or neither open, 0.", n=value)
    if not ctx.v.tribute.enabled:
        zh += T("（点贡只记分，不进贡。）")
        en += T(" (The open tribute is scored, though no cards change hands.)")
    return said(zh, en)


@book.rule("scoring.scale", "scoring")
def _(ctx: book.Ctx, value: int | Fraction) -> Said:
    if value == 1:
        return said(T("得分就按上面算出的分数，不再折算。"), T("Scores are as computed above, not scaled."))
    shown = str(value)  # 3, or 1/3
    if isinstance(value, int):
        return said(T("**得分倍率**：上面算出的得分最后都乘以{s}。", s=shown),
                    T("**Score scale**: every score computed above is multiplied by {s}.", s=shown))
    sc = ctx.v.scoring
    if value.numerator == 1:
        whose = ("联邦合计" + ("加点贡分" if sc.open_points else "")) if sc.team_sum else "上面算出的分数"
        whose_en = ("their team's sum" + (" plus their open points" if sc.open_points else "")) if sc.team_sum \
            else "the score computed above"
        zh = T("**得分倍率**：每人得分为{w}的{s}", w=whose, s=shown)
        en = T("**Score scale**: each player scores {s} of {w}", w=whose_en, s=shown)
    else:
        zh = T("**得分倍率**：上面算出的得分最后都乘以{s}", s=shown)
        en = T("**Score scale**: every score computed above is multiplied by {s}", s=shown)
    zh += T("；除不尽时，得分记为分数（如{e}），不四舍五入。", e=str(2 * value if (2 * value).denominator != 1 else value))
    en += T("; a score that does not come out whole is kept as an exact fraction (such as {e}), never rounded.",
            e=str(2 * value if (2 * value).denominator != 1 else value))
    return said(zh, en)


book.bool_rule("scoring.zero_sum", "scoring",
               ("每局所有人的得分加起来为零。", "The scores of a game always add up to zero."),
               ("每局的得分之和不一定为零。", "The scores of a game need not add up to zero."))


# --- diff ---------------------------------------------------------------------


def _phrase_place_points(points: tuple[int, ...], lang: str) -> str:
    shown = " ".join(map(str, points))
    return f"名次分依次为 {shown}" if lang == "zh" else f"gives places 1 to {len(points)} the points {shown}"


dp.phrase("scoring.place_points", _phrase_place_points)
dp.phrase("scoring.team_sum", dp.yes_no(
    "每人得本方名次分之和", "scores each player the sum of their team's place points",
    "每人只得自己的名次分", "scores each player their own place points"))
dp.phrase("scoring.zero_sum", dp.yes_no(
    "每局得分之和必须为零", "requires a game's scores to add up to zero",
    "不要求每局得分之和为零", "lets a game's scores add up to other than zero"))
dp.phrase("scoring.open_points", {
    0: dp.said("没有点贡分", "gives no 点贡 score"),
    "*": dp.said("点贡分±{v}", "scores ±{v} for opening against a not-open opposite"),
})
dp.phrase("scoring.scale", {
    1: dp.said("得分不折算", "does not scale scores"),
    "*": dp.said("得分最后乘以{v}（除不尽记为分数）", "multiplies every score by {v} (exact fractions where it does not divide)"),
})
dp.phrase("scoring.sweep_multiplier", dp.said("串三户名次分乘{v}", "multiplies place points by {v} after a 串三户"))
