"""Scoring: place points, team sums, sweeps, open points."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, check, dead, type_only, value_of
from gouji_dsl.facets.hooks import reference_methods
from gouji_dsl.facets.sentences import add_inactive, said
from gouji_dsl.messages import Message, msg
from gouji_dsl.model.fields import Section, rule
from gouji_dsl.model.types import BoolT, EnumT, IntT, ListT, Member, RatioT
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.document import Para, Table, TRow
from gouji_dsl.prose.text import LANGS, T, plain

if TYPE_CHECKING:
    from fractions import Fraction

    from gouji_dsl.facets.protocols import Said

# --- the rules ------------------------------------------------------------------

OUTCOME = EnumT(Member("points", "计分", "each player scores the points of the rules above"),
                Member("win_draw_loss", "胜平负", "each player's result is a win (1), a draw (0) or a loss (-1): "
                       "the sign of the score the rules above would give them"))


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
    outcome: str = rule(OUTCOME, "结果", "what a game gives each player: its points, or only a win, a draw or a loss",
                        default="points")


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


type_only("scoring.team_sum", "scoring.sweep_multiplier", "scoring.open_points", "scoring.zero_sum", "scoring.scale",
          "scoring.outcome")


# When a rule of the scoring cannot matter (a warning where the variant's own file writes it): a win, a
# draw or a loss is the sign of the score, which no positive factor of the whole score changes.
def _signs_only(v: Variant) -> tuple[str, Message] | None:
    """scale multiplies every score by a positive number."""
    if value_of(v, "scoring.outcome") == "win_draw_loss":
        return "scoring.outcome", msg("model.dead_signs_scaled")
    return None


def _signs_of_place_points(v: Variant) -> tuple[str, Message] | None:
    """sweep_multiplier multiplies every place point (so every team sum) by the same number: only
    the open points, which it leaves alone, can then change a sign."""
    if value_of(v, "scoring.outcome") == "win_draw_loss" and value_of(v, "scoring.open_points") == 0:
        return "scoring.outcome", msg("model.dead_signs_swept")
    return None


dead("scoring.scale", "[scoring] scale", _signs_only)
dead("scoring.sweep_multiplier", "[scoring] sweep_multiplier", _signs_of_place_points)


# --- engine -------------------------------------------------------------------

for _name in ("place_points", "team_sum", "sweep_multiplier", "open_points", "scale"):
    spec.register(f"scoring.{_name}", "engine", spec.CardFunction(("score",)))
spec.register("scoring.zero_sum", "engine",
              spec.NoPlay("a promise about the scoring table that the checker verifies; play never reads it"))
# Compiled into score (the sign of the score); the setting tells the score bounds (runtime/bounds.py)
# that the scores are signs, whose extremes and sum no sum of a finish's and an opened set's terms gives.
spec.register("scoring.outcome", "engine",
              spec.Setting("win_draw_loss", lambda v: v.scoring.outcome == "win_draw_loss", ("score",), absent=False,
                           annotation="bool", realised_in=("runtime/bounds.py:_gouji_score_facts",)))


# --- interpreter --------------------------------------------------------------

reference_methods(("score",), "scoring.place_points", "scoring.team_sum", "scoring.sweep_multiplier", "scoring.open_points",
                  "scoring.scale", "scoring.outcome")
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


def _before_results(ctx: book.Ctx, value: bool) -> dict[str, str]:
    """With win_draw_loss zero_sum is still about the points (the checker adds up the place points):
    the results they give need not add up to zero."""
    signs = ctx.v.scoring.outcome == "win_draw_loss"
    return {"x": "（定胜平负之前）" if signs else "", "y": " (before they decide win, draw or loss)" if signs else ""}


book.bool_rule("scoring.zero_sum", "scoring",
               ("每局所有人的得分{x}加起来为零。", "The scores of a game{y} always add up to zero."),
               ("每局的得分{x}之和不一定为零。", "The scores of a game{y} need not add up to zero."),
               extra=_before_results)


def _who_wins(ctx: book.Ctx, value: str) -> dict[str, str]:
    """What decides a player's result under win_draw_loss, from the rules above: {x} in Chinese, {y} in English."""
    sc = ctx.v.scoring
    if sc.open_points:
        return {"x": "点贡分也算在得分里，可能改变胜平负。", "y": " The open points count in the score and may turn a result."}
    if sc.team_sum:
        return {"x": "所以同一联邦的人同胜、同平或同负。", "y": " So a whole team wins, draws or loses together."}
    draw = 0 in sc.place_points
    return {"x": "所以每人只看自己的名次：名次分为正的胜，" + ("为零的平，" if draw else "") + "为负的负。",
            "y": " So each player's own place decides: positive place points win, "
                 + ("0 draws, " if draw else "") + "negative place points lose."}


book.enum_rule("scoring.outcome", "scoring", {
    "points": ("每局结束，每人得上面算出的分数。", "At the end of a game each player scores the points computed above."),
    "win_draw_loss": ("**胜平负**：不记分数，只论胜负。上面算出的得分为正的人记胜（1），为零的记平（0），为负的记负（−1），"
                      "名次分只用来定胜平负。{x}",
                      "**Win, draw or loss**: no points are kept. A player whose score computed above is positive wins (1), "
                      "zero draws (0), negative loses (−1): the place points only decide who wins, draws or loses.{y}"),
}, extra=_who_wins)


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
dp.phrase("scoring.outcome", {
    "points": dp.said("按分数结算", "scores each player points"),
    "win_draw_loss": dp.said("只论胜平负（得分的正负）", "gives each player only a win, a draw or a loss (the sign of their score)"),
})
