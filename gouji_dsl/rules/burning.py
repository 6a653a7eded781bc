"""烧牌: beating a 级牌 out of turn, and what follows."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.expr import BOOL, ExprT, Formula
from gouji_dsl.model.fields import HAND, REST, Section, rule
from gouji_dsl.model.types import BoolT, EnumT, Member


# --- the rules ------------------------------------------------------------------

BURN_PRIORITY = EnumT(Member("team_first", "联邦优先",
                             "the burned player's teammates first; within a side, the first in playing order after the burned player"),
                      Member("nearest", "就近", "the burner nearest after the burned player in playing order"))
FAIL_LEADER = EnumT(Member("burned_player", "被烧者重新发牌", "the burned 级牌 may still be burned or answered by the opposite, else the burned player leads"),
                    Member("next_player", "下家接风", "the next player leads"))


@dataclass(frozen=True)
class BurnRules(Section):
    NAME = "burning"
    ZH = "烧牌"
    EN = "Burning (烧牌)"
    allowed: bool = rule(BoolT(), "烧牌", "whether a player may beat a 级牌 of someone not their opposite")
    condition: Formula = rule(ExprT(BOOL, HAND, REST), "条件", "when a player who can beat the 级牌 may burn")
    teammates_may_burn: bool = rule(BoolT(), "联邦可烧", "whether the 级牌 player's own teammates may burn it")
    after_pass: bool = rule(BoolT(), "过牌后可烧", "whether a player who passed in this round may still burn")
    priority: str = rule(BURN_PRIORITY, "优先", "who burns when several want to")
    first_play_needs_joker: bool = rule(BoolT(), "首手带王", "whether the burning play itself must carry a joker")
    failure_leader: str = rule(FAIL_LEADER, "失败后", "what follows a failed burn (the burner takes the lowest free place)")
    lift: bool = rule(BoolT(), "解烧", "any play of the burner beaten by anyone lifts the burn, without penalty")
    counter_burn: bool = rule(BoolT(), "反烧", "the burned player may burn back the burner's play")


# --- checks -------------------------------------------------------------------
from typing import TYPE_CHECKING  # noqa: E402

from gouji_dsl.diagnostics import Reporter  # noqa: E402
from gouji_dsl.model.checks import at, check, type_only, value_of  # noqa: E402

if TYPE_CHECKING:
    from gouji_dsl.model.schema import Variant


@check("burning.counter_burn")
def check_counter_burn(v: Variant, rep: Reporter) -> None:
    if value_of(v, "burning.allowed") is False and value_of(v, "burning.counter_burn"):
        rep.error(at(v, "burning.counter_burn"), "counter_burn = yes contradicts [burning] allowed = no")


type_only("burning.allowed", "burning.condition", "burning.teammates_may_burn", "burning.after_pass",
          "burning.priority", "burning.first_play_needs_joker", "burning.failure_leader", "burning.lift")


# --- engine -------------------------------------------------------------------
from gouji_dsl.rules import spec  # noqa: E402

spec.register("burning.allowed", "engine", spec.Setting("burn_allowed", lambda v: v.burning.allowed,
                                                                ("can_burn", "tributes", "score")))
spec.register("burning.condition", "engine", spec.CardFunction(("can_burn",)))  # the formula, translated
spec.register("burning.teammates_may_burn", "engine",
              spec.Setting("teammates_may_burn", lambda v: v.burning.teammates_may_burn))
spec.register("burning.after_pass", "engine", spec.Setting("burn_after_pass", lambda v: v.burning.after_pass))
spec.register("burning.priority", "engine", spec.Setting("burn_priority", lambda v: v.burning.priority))
# Also compiled into can_burn (a burn needs a joker-carrying answer).
spec.register("burning.first_play_needs_joker", "engine",
              spec.Setting("first_play_needs_joker", lambda v: v.burning.first_play_needs_joker, ("can_burn",)))
spec.register("burning.failure_leader", "engine", spec.Setting("failure_leader", lambda v: v.burning.failure_leader))
spec.register("burning.lift", "engine", spec.Setting("lift", lambda v: v.burning.lift))
spec.register("burning.counter_burn", "engine", spec.Setting("counter_burn", lambda v: v.burning.counter_burn))


# --- interpreter --------------------------------------------------------------
from gouji_dsl.backends.oracle.hooks import ask, hook, reference_methods  # noqa: E402


@hook("burning.allowed", "burning.after_pass", "burning.counter_burn")
def may_burn(g, seat: int) -> bool:
    """May `seat`, one of `burners_in_order`, burn (烧牌) the 级牌 on the table now? Where
    burning is allowed: after passing in this round only with after_pass, never back at
    one's burner without counter_burn (反烧); and its cards must meet the condition
    (the Reference's can_burn)."""
    b, owner = g.v.burning, g.top_seat
    if not b.allowed:
        return False
    if seat in g.passed and not b.after_pass:
        return False
    if not b.counter_burn and owner in g.obligation and g.burn_of.get(owner) == seat:
        return False
    return g.ref.can_burn(tuple(g.hands[seat - 1]), g.top, g._beating_plays(seat))


@hook("burning.priority", "burning.teammates_may_burn")
def burners_in_order(g, seat: int, order: list[int]) -> list[int]:
    """Who is asked first whether to burn `seat`'s 级牌 (`order`: the others in playing order):
    not its opposite, no 无头 player, its teammates only if they may burn; team_first:
    its teammates before its opponents. (A 无头 player's 级牌 is never burned: the flow
    does not ask.)"""
    b = g.v.burning
    own, opposite = ask("table.teams", g, seat), ask("table.opposites", g, seat)
    burners = [s for s in order if s != opposite and s not in g.headless
               and (b.teammates_may_burn or ask("table.teams", g, s) != own)]
    if b.priority == "team_first":
        burners.sort(key=lambda s: (ask("table.teams", g, s) != own, order.index(s)))
    return burners


@hook("burning.first_play_needs_joker")
def burning_plays(g, plays: list[tuple]) -> list[tuple]:
    """The plays a burner may burn with: all that beat the 级牌, or only those with a joker."""
    return [p for p in plays if p[3] or p[4]] if g.v.burning.first_play_needs_joker else list(plays)


@hook("burning.failure_leader")
def after_failed_burn(g, burner: int) -> None:
    """D15: after a failed burn, the burned 级牌 is back on the table (burned_player, if its
    player still holds cards), or the next player holding cards leads."""
    burned = g.burn_of.get(burner)
    if g.v.burning.failure_leader == "burned_player" and burned is not None and g._holds_cards(burned):
        g._restore_burned(burned, g.burned_play[burner])
    else:
        g._empty_table(g._next_holder(burner))


@hook("burning.lift")
def burn_lifted(g, burner: int) -> bool:
    """解烧: any play of `burner` beaten by anyone ends its burn, without penalty."""
    return g.v.burning.lift


reference_methods(("can_burn",), "burning.condition")


# --- rulebook -----------------------------------------------------------------
from gouji_dsl.docs import sentences as book  # noqa: E402
from gouji_dsl.docs.sentences import add_inactive, enum_member, formula_blocks, no_sentence, said  # noqa: E402
from gouji_dsl.docs.text import T, join, plain  # noqa: E402


def _no_burning(ctx):
    if not ctx.v.burning.allowed:
        return ("本玩法不能烧牌，此条不起作用。", "There is no burning here, so this rule does not apply.")
    return None


def burn_bool(key, yes, no):
    book.bool_rule(key, "burning", yes, no, inactive=_no_burning)


book.group("burning", "谁可以烧", "Who may burn")
book.bool_rule("burning.allowed", "burning",
               ("**[[烧牌]]**：打掉不是自己对家出的级牌，称为烧牌。烧牌不按出牌顺序：级牌一出，先问可以烧牌的人要不要烧，再轮到对家。",
                "**[[烧牌|Burning]]**: beating a gouji play of someone who is not your opposite is called burning. A burn does not wait for its turn: when a gouji play is made, those who may burn are asked first, then the opposite."),
               ("不能烧牌：级牌只有对家可以打。", "There is no burning: only the opposite may answer a gouji play."))


@book.rule("burning.condition", "burning")
def _(ctx, value):
    return add_inactive(formula_blocks("burning.condition", value,
                                       ("烧牌的条件：手中有一手牌能打过这手级牌，而且满足：",
                                        "You may burn when a play from your hand beats the gouji play and this holds:")),
                        _no_burning(ctx))


burn_bool("burning.teammates_may_burn",
          ("出级牌人的联邦（队友）也可以烧他的牌；除对家和无头者外，人人可以烧。", "The gouji player's own teammates may burn it too: anyone may burn except the opposite and headless players."),
          ("只有敌方（对家除外）可以烧，联邦不能烧自己人的牌。", "Only opponents other than the opposite may burn; teammates may not."))
burn_bool("burning.after_pass",
          ("本轮已经过牌的人仍然可以烧牌。", "A player who passed earlier in the round may still burn."),
          ("本轮已经过牌的人不能再烧牌。", "A player who passed in this round may not burn."))
book.enum_rule("burning.priority", "burning", {
    "team_first": ("**烧牌优先**：几个人都要烧时，如果两方都有人要烧，出级牌人的联邦优先；同一方里，按出牌顺序从出级牌人往后最近的一位优先。",
                   "**Priority**: when several want to burn and both teams are among them, the gouji player's teammates come first; within a team, the first in playing order after the gouji player."),
    "nearest": ("**烧牌优先**：几个人都要烧时，按出牌顺序离被烧者最近的人先烧。",
                "**Priority**: when several want to burn, the burner nearest after the burned player in playing order goes first."),
}, after=lambda ctx, v: add_inactive(([], []), _no_burning(ctx)))

book.group("burning", "烧牌之后", "After the burn")
burn_bool("burning.first_play_needs_joker",
          ("打掉级牌的那一手也必须挂王；以后每一手（最后一手除外）都必须挂王。",
           "The burning play itself must carry a joker, and so must every later play but the last."),
          ("打掉级牌的那一手不必挂王；此后烧牌者每一手（最后一手除外）都必须挂王，直到出完。",
           "The burning play itself needs no joker; after it, every play of the burner but the last must carry a joker until they are out."))


@book.rule("burning.failure_leader", "burning", members=("burned_player", "next_player"))
def _(ctx, value):
    low = ctx.lowest_places()[:2]
    names_zh = "、然后".join(ctx.place_zh(p) for p in low)
    names_en = T("first ") + join([plain(ctx.place_zh(p)) for p in low], "en", ",", "then")
    zh = T("**烧牌失败**：烧牌者有一手（最后一手除外）没有挂王，就是烧牌失败，判为最末的空余名次（先{p}），手中的牌作废，本局不再出牌。", p=names_zh)
    en = T("**A failed burn**: a burner who makes a play without a joker before their last has failed; they take the lowest free place ({p}), and their cards leave play.", p=names_en)
    enum_member("burning.failure_leader", value)
    if value == "burned_player":
        zh += T("被烧的级牌仍然可以被别人烧或由对家打，否则由被烧者重新发牌。")
        en += T(" The burned gouji play may still be burned or answered by the opposite; otherwise the burned player leads.")
    elif value == "next_player":
        zh += T("接着由下家发牌。")
        en += T(" The next player leads.")
    else:
        raise no_sentence("burning.failure_leader", value)
    return add_inactive(said(zh, en), _no_burning(ctx))


burn_bool("burning.lift",
          ("**[[解烧]]**：烧牌后，烧牌者出的任何一手牌被任何人打上，就算解烧，烧牌者不受罚，照常出牌。",
           "**[[解烧|Lifting a burn]]**: if anyone beats any play of the burner, the burn is lifted without penalty and the burner plays on as usual."),
          ("烧牌不能被解除：烧牌者必须按规则出完。", "A burn cannot be lifted: the burner must play out under the burn rule."))
burn_bool("burning.counter_burn",
          ("**[[反烧]]**：级牌被烧后，被烧的人还可以烧回烧牌者的牌。", "**[[反烧|Counter-burn]]**: the burned player may burn the burner's play back."),
          ("不能反烧：被烧的人不能烧回烧牌者。", "There is no counter-burn (反烧): the burned player may not burn the burner back."))



# --- diff ---------------------------------------------------------------------

from gouji_dsl.diff import phrases as dp  # noqa: E402


def _phrase_condition(formula, lang: str) -> str:
    if formula.text == "carry_rule(rest)":
        return ("余牌除最后一手外每手都能带王即可烧（带王规则，D12）" if lang == "zh" else
                "lets a player burn when the cards left can go out with a joker in every play but the last (carry rule, D12)")
    return f"满足 {formula.text} 即可烧牌" if lang == "zh" else f"lets a player burn when {formula.text}"


dp.phrase("burning.allowed", dp.yes_no(
    "可以烧牌", "allows burning (烧牌)",
    "不能烧牌", "has no burning"))
dp.phrase("burning.condition", _phrase_condition)
dp.phrase("burning.teammates_may_burn", dp.yes_no(
    "联邦也可以烧", "lets the 级牌 player's teammates burn it",
    "只有对方可以烧", "lets only opponents burn"))
dp.phrase("burning.after_pass", dp.yes_no(
    "过牌后仍可烧", "lets a player who passed still burn",
    "过牌后不能再烧", "takes the burn from a player who passed"))
dp.phrase("burning.priority", {
    "team_first": dp.said("烧牌联邦优先，同一方按出牌顺序", "lets the 级牌 player's teammates burn first, then the first in playing order"),
    "nearest": dp.said("烧牌就近优先（被烧者之后最近的一家）", "lets the burner nearest after the burned player go first"),
})
dp.phrase("burning.first_play_needs_joker", dp.yes_no(
    "烧牌的第一手必须带王", "needs a joker in the burning play itself",
    "烧牌的第一手不必带王", "needs no joker in the burning play itself"))
dp.phrase("burning.failure_leader", {
    "burned_player": dp.said("烧牌失败后由被烧者重新发牌（对家仍可管）", "gives the lead back to the burned player after a failed burn (the opposite may still answer)"),
    "next_player": dp.said("烧牌失败后由下家接风", "lets the next player lead after a failed burn"),
})
dp.phrase("burning.lift", dp.yes_no(
    "烧牌者的牌被管即解烧", "lifts a burn when any play of the burner is beaten (解烧)",
    "烧牌者被管不解烧", "keeps a burn when the burner's play is beaten"))
dp.phrase("burning.counter_burn", dp.yes_no(
    "被烧者可以反烧", "lets the burned player burn back (反烧)",
    "不能反烧", "has no 反烧"))
