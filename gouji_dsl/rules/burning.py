"""烧牌: beating a 级牌 out of turn, and what follows."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal, Sequence, cast

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, check, type_only, value_of
from gouji_dsl.facets.hooks import ask, hook, reference_methods
from gouji_dsl.facets.sentences import add_inactive, formula_blocks, no_sentence, said
from gouji_dsl.lang import nodes as n
from gouji_dsl.messages import msg
from gouji_dsl.model.expr import BOOL, SEAT, SEATS, Choice, ChoiceT, ExprT, Formula, Shorthand, Var
from gouji_dsl.model.fields import HAND, REST, Section, rule
from gouji_dsl.model.types import BoolT, EnumT, IntT, ListT, Member, NumberOrNameT, OptionalT
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.seats import say
from gouji_dsl.prose.text import T, Text, join

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Game, Play, Said

# --- the rules ------------------------------------------------------------------

OPPOSITE: Final = "opposite"  # Final: its literal type lets `== OPPOSITE` tell ask_order's seat counts from it
MAX_AFTER = 11  # a table has at most 12 seats: the others sit 1..11 seats after a player


# A seat counted in playing order from the 级牌 player (1 = the next player), or his opposite.
ASK_ORDER = ListT(NumberOrNameT(1, MAX_AFTER, Member(OPPOSITE, "对家", "the 级牌 player's opposite, who answers here")),
                  1, MAX_AFTER + 1, unique=True)
BURNER = Var("burner", SEAT, "烧牌者", "the burner, whose play is beaten")
BEATER = Var("beater", SEAT, "打牌者", "the player beating the burner's play")
LIFT = ChoiceT(BOOL, BURNER, BEATER, shorthands=(
    Shorthand(Member("anyone", "任何人", "any play of the burner beaten by anyone lifts the burn"), "yes"),
    Shorthand(Member("opposite_or_headless", "对家或无头",
                     "a play of the burner lifts the burn when the burner's opposite or a 无头 player beats it"),
              "beater == opposite(burner) or headless(beater)"),
    Shorthand(Member("no", "不解烧", "a burn is never lifted"), "no")))
BURNED = Var("burned", SEAT, "被烧者", "the player of the 级牌 to be burned")
CANDIDATE = Var("burner", SEAT, "烧牌者", "the player who would burn")
WHO = ChoiceT(BOOL, CANDIDATE, BURNED, shorthands=(
    Shorthand(Member("anyone", "任何人", "anyone the other burning rules let burn"), "yes"),))
JOKER_CHECK = EnumT(Member("every_play", "每手", "every play of the burner but the last must carry a joker"),
                    Member("leads_only", "只查发牌", "only the burner's leads (but the last play) must carry a joker; answers need none"))
FAILED_BURNER = Var("burner", SEAT, "烧牌者", "the burner who failed")
BURNED_ONE = Var("burned", SEAT, "被烧者", "the player whose 级牌 was burned")
# Who has the table after a failed burn: the first of the list still holding cards. Whether the
# burned 级牌 is back on it when that is the burned player is burned_back's (by default, as the
# shorthand says: burned_player brings it back).
FAIL_LEADER = ChoiceT(SEATS, FAILED_BURNER, BURNED_ONE, fallback="next(burner)", shorthands=(
    Shorthand(Member("burned_player", "被烧者重新发牌",
                     "the burned 级牌 may still be burned or answered by the opposite, else the burned player leads"),
              "[burned, next(burner)]"),
    Shorthand(Member("next_player", "下家接风", "the next player leads"), "[next(burner)]"),
    Shorthand(Member("burned_player_leads", "被烧者发新牌",
                     "the burned player leads a new round (the next player holding cards after them, if they are out); "
                     "the burned 级牌 stays out of play"), "[burned, next(burned)]")))
BRINGS_BACK = "burned_player"  # the shorthand whose burned 级牌 comes back unless burned_back says otherwise


@dataclass(frozen=True)
class BurnRules(Section):
    NAME = "burning"
    ZH = "烧牌"
    EN = "Burning (烧牌)"
    allowed: bool = rule(BoolT(), "烧牌", "whether a player may beat a 级牌 of someone not their opposite")
    condition: Formula = rule(ExprT(BOOL, HAND, REST), "条件", "when a player who can beat the 级牌 may burn")
    teammates_may_burn: bool = rule(BoolT(), "联邦可烧", "whether the 级牌 player's own teammates may burn it")
    after_pass: bool = rule(BoolT(), "过牌后可烧", "whether a player who passed in this round may still burn")
    ask_order: tuple[int | Literal["opposite"], ...] = rule(ASK_ORDER, "烧牌顺序",
                            "who is asked to burn, in order, as seats counted after the 级牌 player; "
                            "the opposite answers where `opposite` stands")
    first_play_needs_joker: bool = rule(BoolT(), "首手带王", "whether the burning play itself must carry a joker")
    failure_leader: Choice = rule(FAIL_LEADER, "失败后", "who has the table after a failed burn (the burner takes the "
                                  "lowest free place): the first of these still holding cards")
    burned_back: bool | None = rule(OptionalT(BoolT()), "被烧牌回桌",
                                    "whether the burned 级牌 is back on the table when the burned player has it after a "
                                    "failed burn (its opposite may answer it, others burn it); none: as failure_leader "
                                    "says (yes for burned_player)", default=None)
    lift: Choice = rule(LIFT, "解烧", "whose beating a play of the burner lifts the burn, without penalty")
    counter_burn: bool = rule(BoolT(), "反烧", "the burned player may burn back the burner's play")
    joker_check: str = rule(JOKER_CHECK, "挂王检查", "which plays of a burner must carry a joker",
                            default="every_play")
    can_fail: bool = rule(BoolT(), "会失败", "whether a burner's play without a joker (before their last) fails the "
                          "burn; no: a burn never fails, the burner plays on freely until out", default=True)
    who: Choice = rule(WHO, "谁能烧", "who may burn, besides what the other burning rules require: a condition "
                       "on the burner and the burned player", default=WHO.expand("anyone"))
    free_after_rounds: int | None = rule(OptionalT(IntT(1, 99)), "免条件轮数",
                                         "once a player has played 级牌 in this many earlier rounds of the game, "
                                         "his 级牌 may be burned without the burn condition", default=None)


# --- checks -------------------------------------------------------------------


@check("burning.counter_burn")
def check_counter_burn(v: Variant, rep: Reporter) -> None:
    if value_of(v, "burning.allowed") is False and value_of(v, "burning.counter_burn"):
        rep.error(at(v, "burning.counter_burn"), msg("rules.counter_burn_without_burning"))


@check("burning.ask_order")
def check_ask_order(v: Variant, rep: Reporter) -> None:
    """The opposite has its place in the order; every seat counted is at the table and
    is not, for every player, the opposite (then it must be written `opposite`)."""
    order = value_of(v, "burning.ask_order")
    if order is None:
        return
    pos = at(v, "burning.ask_order")
    if OPPOSITE not in order:
        rep.error(pos, msg("rules.ask_order_without_opposite"), hint=msg("rules.ask_order_example"))
    players = value_of(v, "table.players")
    if players is None:
        return
    beyond = [k for k in order if k != OPPOSITE and k >= players]
    if beyond:
        rep.error(pos, msg("rules.ask_order_beyond_table", seat=beyond[0], players=players, most=players - 1))
        return
    opposites = value_of(v, "table.opposites")
    k = opposite_distance(players, opposites) if opposites is not None else None
    if k in order:
        rep.error(pos, msg("rules.ask_order_opposite_by_number", seats=k))


def opposite_distance(players: int, opposites: tuple[tuple[int, ...], ...]) -> int | None:
    """How many seats after every player their opposite sits (3 at six seats), or None
    when that differs from seat to seat."""
    facing = {a: b for a, b in opposites} | {b: a for a, b in opposites}
    found = {(facing[s] - s) % players for s in range(1, players + 1) if s in facing}
    return found.pop() if len(found) == 1 and len(facing) == players else None


def burned_back(v: Variant) -> bool:
    """Is the burned 级牌 back on the table when its player has it after a failed burn?"""
    written: bool | None = v.burning.burned_back
    return written if written is not None else bool(v.burning.failure_leader.shorthand == BRINGS_BACK)


@check("burning.burned_back")
def check_burned_back(v: Variant, rep: Reporter) -> None:
    """burned_back = yes needs the burned player in failure_leader's list: else it never acts."""
    back, leader = value_of(v, "burning.burned_back"), value_of(v, "burning.failure_leader")
    if back and leader is not None and not any(isinstance(i, n.Name) and i.id == "burned" for i in leader.node.items):
        rep.error(at(v, "burning.burned_back"), msg("rules.burned_back_never", leader=leader.text))


@check("burning.joker_check")
def check_joker_check(v: Variant, rep: Reporter) -> None:
    """With lift = anyone (an expression always true) every beaten play lifts a burn, so a burner still bound always leads:
    leads_only would check the same plays as every_play."""
    lift = value_of(v, "burning.lift")
    if value_of(v, "burning.joker_check") == "leads_only" and lift is not None and lift.always():
        rep.error(at(v, "burning.joker_check"), msg("rules.joker_check_with_lift_anyone"),
                  hint=msg("rules.joker_check_lift_hint"))


@check("burning.free_after_rounds")
def check_free_after_rounds(v: Variant, rep: Reporter) -> None:
    """A player plays 级牌 in at most as many rounds as he holds cards: beyond, the rule never acts."""
    rounds, cards = value_of(v, "burning.free_after_rounds"), value_of(v, "table.cards_per_player")
    if isinstance(rounds, int) and isinstance(cards, int) and rounds >= cards:
        rep.error(at(v, "burning.free_after_rounds"), msg("rules.free_after_rounds_never", rounds=rounds, cards=cards))


type_only("burning.who", "burning.failure_leader", "burning.can_fail", "burning.allowed", "burning.condition", "burning.teammates_may_burn", "burning.after_pass",
          "burning.first_play_needs_joker", "burning.lift")


# --- engine -------------------------------------------------------------------

spec.register("burning.allowed", "engine", spec.Setting("burn_allowed", lambda v: v.burning.allowed,
                                                                ("can_burn", "tributes", "score"), absent=False,
                                                        annotation="bool", realised_in=("runtime/flow.py:Game._may_burn",)))
spec.register("burning.condition", "engine", spec.CardFunction(("can_burn",)))  # the formula, translated
spec.register("burning.teammates_may_burn", "engine",
              spec.Setting("teammates_may_burn", lambda v: v.burning.teammates_may_burn, absent=False,
                           annotation="bool", realised_in=("runtime/flow.py:Game._set_queue_after_play",)))
spec.register("burning.after_pass", "engine", spec.Setting("burn_after_pass", lambda v: v.burning.after_pass, absent=False,
                                                           annotation="bool", realised_in=("runtime/flow.py:Game._may_burn",)))
spec.register("burning.ask_order", "engine", spec.Setting("burn_ask_order", lambda v: v.burning.ask_order, absent=(),
                                                          annotation="tuple[int | str, ...]", realised_in=("runtime/flow.py:Game._set_queue_after_play",)))
# Also compiled into can_burn (a burn needs a joker-carrying answer).
spec.register("burning.first_play_needs_joker", "engine",
              spec.Setting("first_play_needs_joker", lambda v: v.burning.first_play_needs_joker, ("can_burn",), absent=False,
                           annotation="bool", realised_in=("runtime/flow.py:Game._burn_actions", "runtime/flow.py:Game._may_burn")))
spec.register("burning.failure_leader", "engine",
              spec.Setting("failure_leader", lambda v: FAIL_LEADER.plain(v.burning.failure_leader),
                           absent=("first", ("call", "next", ("var", "burner"))),
                           annotation="tuple[Any, ...]", realised_in=("runtime/flow.py:Game._fail_burn",)))
spec.register("burning.burned_back", "engine", spec.Setting("burned_back", burned_back, absent=False,
                                                            annotation="bool", realised_in=("runtime/flow.py:Game._fail_burn",)))
spec.register("burning.lift", "engine", spec.Setting("lift", lambda v: LIFT.plain(v.burning.lift), absent=("const", False),
                                                     annotation="tuple[Any, ...]", realised_in=("runtime/flow.py:Game._play",)))
spec.register("burning.who", "engine", spec.Setting("burn_who", lambda v: WHO.plain(v.burning.who), absent=("const", False),
                                                    annotation="tuple[Any, ...]", realised_in=("runtime/flow.py:Game._may_burn",)))
spec.register("burning.can_fail", "engine", spec.Setting("burn_can_fail", lambda v: v.burning.can_fail, absent=False,
                                                         annotation="bool", realised_in=("runtime/flow.py:Game._play",)))
spec.register("burning.joker_check", "engine",
              spec.Setting("joker_check_leads_only", lambda v: v.burning.joker_check == "leads_only", absent=False,
                           annotation="bool", realised_in=("runtime/flow.py:Game._play",)))
spec.register("burning.free_after_rounds", "engine",
              spec.Setting("burn_free_after_rounds", lambda v: v.burning.free_after_rounds, absent=None,
                           annotation="int | None", realised_in=("runtime/flow.py:Game._may_burn", "runtime/flow.py:Game._play")))
spec.register("burning.counter_burn", "engine", spec.Setting("counter_burn", lambda v: v.burning.counter_burn, absent=False,
                                                             annotation="bool", realised_in=("runtime/flow.py:Game._may_burn",)))


# --- interpreter --------------------------------------------------------------


@hook("burning.allowed", "burning.after_pass", "burning.counter_burn", "burning.free_after_rounds", "burning.who",
      absent=lambda g, seat: False)
def may_burn(g: Game, seat: int) -> bool:
    """May `seat`, one of `burners_in_order`, burn (烧牌) the 级牌 on the table now? Where
    burning is allowed: after passing in this round only with after_pass, never back at
    one's burner without counter_burn (反烧), only where `who` holds of the two players; and its
    cards must meet the condition
    (the Reference's can_burn), unless the 级牌 player has played 级牌 in free_after_rounds
    earlier rounds: then any play it may burn with will do (B4)."""
    b: BurnRules = g.v.burning
    owner = g.top_seat
    if not b.allowed:
        return False
    if seat in g.passed and not b.after_pass:
        return False
    if not b.counter_burn and owner in g.obligation and g.burn_of.get(owner) == seat:
        return False
    if owner is None or not g.holds(b.who, burner=seat, burned=owner):  # (always a top play to burn)
        return False
    if b.free_after_rounds is not None:
        earlier = {number for player, number in g.gouji_plays if player == owner and number < g.round_number}
        if len(earlier) >= b.free_after_rounds:
            return bool(burning_plays(g, g._beating_plays(seat)))
    return g.ref.can_burn(tuple(g.hands[seat - 1]), g.top, g._beating_plays(seat))


@hook("burning.ask_order", "burning.teammates_may_burn", absent=lambda g, seat: ([], []))
def burners_in_order(g: Game, seat: int) -> tuple[list[int], list[int]]:
    """Who is asked whether to burn `seat`'s 级牌: the seats ask_order counts from `seat` in
    playing order, in its order, split where it names the opposite (those before are asked
    before the opposite answers, those after once he has passed). Left out: seats without
    cards, the opposite, 无头 players, and its teammates unless they may burn. (A 无头
    player's 级牌 is never burned: the flow does not ask.)"""
    b: BurnRules = g.v.burning
    own, opposite = ask("table.teams", g, seat), ask("table.opposites", g, seat)
    around = g._after(seat)
    before: list[int] = []
    after: list[int] = []
    side = before
    for entry in b.ask_order:
        if entry == OPPOSITE:
            side = after
            continue
        s = around[entry - 1]
        if (g._holds_cards(s) and s != opposite and s not in g.headless
                and (b.teammates_may_burn or ask("table.teams", g, s) != own)):
            side.append(s)
    return before, after


@hook("burning.first_play_needs_joker", absent=lambda g, plays: plays)
def burning_plays(g: Game, plays: list[Play]) -> list[Play]:
    """The plays a burner may burn with: all that beat the 级牌, or only those with a joker."""
    return [p for p in plays if any(p[3:])] if g.v.burning.first_play_needs_joker else list(plays)


@hook("burning.failure_leader", "burning.burned_back", absent=lambda g, burner: None)
def after_failed_burn(g: Game, burner: int) -> None:
    """D15: after a failed burn, the first of failure_leader's players still holding cards has the
    table (the next player holding cards after the burner, by default); when that is the burned
    player and burned_back holds (burned_player), the burned 级牌 is back on the table, else a
    new round. burned_player_leads (zhoujxMT B7): the burned player, else the first holder after them."""
    burned = g.burn_of.get(burner, burner)
    leader = g.first_holding(FAIL_LEADER.alternatives(g.v.burning.failure_leader), burner=burner, burned=burned)
    if leader == burned and burned != burner and burned_back(g.v):
        g._restore_burned(burned, g.burned_play[burner])
    else:
        g._empty_table(leader)


@hook("burning.lift", absent=lambda g, burner, beater: False)
def burn_lifted(g: Game, burner: int, beater: int) -> bool:
    """解烧: does `beater`, beating a play of `burner`, end its burn (without penalty)? When the
    rule's expression (a shorthand's, or the file's own) holds for these two players."""
    return bool(g.holds(g.v.burning.lift, burner=burner, beater=beater))


@hook("burning.joker_check", "burning.can_fail", absent=lambda g, play, out, lead: False)
def burn_fails(g: Game, play: Play, out: bool, lead: bool) -> bool:
    """D15: does this play of a burner fail the burn? Not their last play and no joker in
    it; with joker_check = leads_only, only when it is a lead (B6); never where burns cannot fail."""
    if not g.v.burning.can_fail or out or any(play[3:]):  # a joker of any kind, an extra kind (the eagle) included
        return False
    return g.v.burning.joker_check == "every_play" or lead


reference_methods(("can_burn",), "burning.condition")


# --- rulebook -----------------------------------------------------------------


def _no_burning(ctx: book.Ctx) -> tuple[str, str] | None:
    if not ctx.v.burning.allowed:
        return ("本玩法不能烧牌，此条不起作用。", "There is no burning here, so this rule does not apply.")
    return None


def _cannot_fail(ctx: book.Ctx) -> tuple[str, str] | None:
    if not ctx.v.burning.can_fail:
        return ("本玩法烧牌不会失败，此条不起作用。", "Burns cannot fail here, so this rule does not apply.")
    return None


def burn_bool(key: str, yes: tuple[str, str], no: tuple[str, str]) -> None:
    book.bool_rule(key, "burning", yes, no, inactive=_no_burning)


book.group("burning", "谁可以烧", "Who may burn")
book.bool_rule("burning.allowed", "burning",
               ("**[[烧牌]]**：打掉不是自己对家出的级牌，称为烧牌。烧牌不按出牌顺序：级牌一出，先问可以烧牌的人要不要烧，再轮到对家。",
                "**[[烧牌|Burning]]**: beating a gouji play of someone who is not your opposite is called burning. A burn does not wait for its turn: when a gouji play is made, those who may burn are asked first, then the opposite."),
               ("不能烧牌：级牌只有对家可以打。", "There is no burning: only the opposite may answer a gouji play."))


@book.rule("burning.condition", "burning")
def _(ctx: book.Ctx, value: Formula) -> Said:
    constant = value.node.id if isinstance(value.node, n.Name) else None   # `yes` or `no`: no formula to say
    if constant in ("yes", "true", "是", "有"):
        return add_inactive(said(T("烧牌不另设条件：手中有一手牌能打过这手级牌，就可以烧。"),
                                 T("You may burn whenever a play from your hand beats the gouji play: there is no further condition.")),
                            _no_burning(ctx))
    if constant in ("no", "false", "否", "无"):
        return add_inactive(said(T("烧牌的条件永远不成立：即使打得过这手级牌也不能烧。"),
                                 T("The burn condition never holds: nobody may burn, even with a play that beats the gouji play.")),
                            _no_burning(ctx))
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
def _ordinal_en(k: int) -> str:
    return f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'}"


def _counted_seats(ctx: book.Ctx, ks: Sequence[int]) -> tuple[Text, Text]:
    """'出级牌人之后第2家（联邦）、第4家（联邦）' / 'the 2nd (teammate) and 4th (teammate) player after ...':
    a side is named when it is the same from every seat."""
    t = ctx.v.table
    team = {s: i for i, members in enumerate(t.teams) for s in members}
    zh, en = [], []
    for k in ks:
        sides = {team.get(s) == team.get((s + k - 1) % t.players + 1) for s in range(1, t.players + 1)}
        # The k-th player is a teammate of every seat, or an opponent of every seat, or neither.
        side_zh, side_en = {True: ("（联邦）", " (a teammate)"), False: ("（敌方）", " (an opponent)")}.get(
            sides.pop(), ("", "")) if len(sides) == 1 else ("", "")
        zh.append(T("第{k}家{s}", k=k, s=side_zh))
        en.append(T("the {k} player{s}", k=_ordinal_en(k), s=side_en))
    return join(zh, "zh", "、"), join(en, "en", last_en="then")


@book.rule("burning.ask_order", "burning")
def _(ctx: book.Ctx, value: tuple[int | Literal["opposite"], ...]) -> Said:
    cut = value.index(OPPOSITE)
    # `opposite` stands in the order once (a list of unique entries): the others count seats.
    before, after = cast("tuple[int, ...]", value[:cut]), cast("tuple[int, ...]", value[cut + 1:])
    zh = T("**烧牌顺序**：座位从出级牌的人往后按出牌顺序数（下家是第1家）。")
    en = T("**Who is asked to burn**: seats are counted from the gouji player in playing order (the next player is the 1st).")
    if before:
        b_zh, b_en = _counted_seats(ctx, before)
        zh += T("级牌一出，先依次问{b}要不要烧；都不烧，才轮到对家。", b=b_zh)
        en += T(" When a gouji play is made, {b} after him are asked in turn whether to burn it; only if none does is it the opposite's turn.", b=b_en)
    else:
        zh += T("级牌一出，先由对家接。")
        en += T(" When a gouji play is made, the opposite answers first.")
    if after:
        a_zh, a_en = _counted_seats(ctx, after)
        zh += T("对家不要，再依次问{a}要不要烧。", a=a_zh)
        en += T(" If the opposite passes, {a} after the gouji player are asked in turn whether to burn it.", a=a_en)
    t = ctx.v.table
    unlisted = [k for k in range(1, t.players) if k not in value and k != opposite_distance(t.players, t.opposites)]
    if unlisted:
        u_zh, u_en = _counted_seats(ctx, unlisted)
        zh += T("{u}不能烧。", u=u_zh)
        en += T(" Of the others, {u} after him may not burn it.", u=u_en)
    return add_inactive(said(zh, en), _no_burning(ctx))


book.group("burning", "烧牌之后", "After the burn")
def _later_plays(ctx: book.Ctx, value: bool) -> dict[str, str]:
    """The plays of a burner the joker check covers (burning.joker_check)."""
    if ctx.v.burning.joker_check == "leads_only":
        return {"later_zh": "每次发牌的那一手", "later_en": "every later lead", "each_en": "every lead"}
    return {"later_zh": "每一手", "later_en": "every later play", "each_en": "every play"}


book.bool_rule("burning.first_play_needs_joker", "burning",
               ("打掉级牌的那一手也必须挂王；以后{later_zh}（最后一手除外）都必须挂王。",
                "The burning play itself must carry a joker, and so must {later_en} but the last."),
               ("打掉级牌的那一手不必挂王；此后烧牌者{later_zh}（最后一手除外）都必须挂王，直到出完。",
                "The burning play itself needs no joker; after it, {each_en} of the burner but the last must carry a joker until they are out."),
               extra=_later_plays, inactive=_no_burning)


@book.rule("burning.failure_leader", "burning",
           members=("burned_player", "next_player", "burned_player_leads"))
def _(ctx: book.Ctx, value: Choice) -> Said:
    low = ctx.lowest_places()[:2]
    names_zh = "、然后".join(ctx.place_zh(p) for p in low)
    names_en = T("first ") + join([ctx.place_en(p) for p in low], "en", ",", "then")
    leads = ctx.v.burning.joker_check == "leads_only"
    when_zh, what_en = ("发牌时", "lead") if leads else ("", "play")
    zh = T("**烧牌失败**：烧牌者{when}有一手（最后一手除外）没有挂王，就是烧牌失败，判为最末的空余名次（先{p}），手中的牌作废，本局不再出牌。", p=names_zh, when=when_zh)
    en = T("**A failed burn**: a burner who makes a {what} without a joker before their last play has failed; they take the lowest free place, {p}, and their cards leave play.", p=names_en, what=what_en)
    if value.shorthand is None:
        who_zh = say(value.node, "zh", FAIL_LEADER)
        who_en = say(value.node, "en", FAIL_LEADER)
        zh += T("接着由下面第一个还有牌的人发新一轮牌：{w}；都没有牌了，就由烧牌者的下家。", w=who_zh)
        en += T(" Then the first of these still holding cards leads a new round: {w}; if none is, the next player"
                " holding cards after the burner.", w=who_en)
        if burned_back(ctx.v):
            zh += T("轮到被烧者时，被烧的级牌回到桌上：仍然可以被别人烧或由对家打，否则由被烧者重新发牌。")
            en += T(" When that is the burned player, the burned gouji play is back on the table first: it may still be"
                    " burned or answered by the opposite; otherwise the burned player leads.")
        return add_inactive(said(zh, en), _no_burning(ctx))
    shorthand = value.shorthand
    if shorthand == "burned_player" and not burned_back(ctx.v):
        zh += T("被烧者还有牌就由他发新一轮牌（被烧的级牌不回到桌上），否则由烧牌者的下家发牌。")
        en += T(" The burned player, if still holding cards, leads a new round (the burned gouji play does not come"
                " back); otherwise the next player after the burner leads.")
    elif shorthand == "burned_player":
        zh += T("被烧的级牌仍然可以被别人烧或由对家打，否则由被烧者重新发牌。")
        en += T(" The burned gouji play may still be burned or answered by the opposite; otherwise the burned player leads.")
    elif shorthand == "next_player":
        zh += T("接着由下家发牌。")
        en += T(" The next player leads.")
    elif shorthand == "burned_player_leads" and burned_back(ctx.v):
        zh += T("接着由被烧者发牌（被烧者已出完时，由他之后的下一个有牌的人发新一轮牌）：被烧的级牌回到桌上，仍然可以被别人烧或由对家打。")
        en += T(" Then the burned player has the table (if they are out, the next player holding cards after them leads"
                " a new round): the burned gouji play is back on it, and may still be burned or answered by the opposite.")
    elif shorthand == "burned_player_leads":
        zh += T("接着由被烧者发新一轮牌（被烧者已出完时，由他之后的下一个有牌的人发牌）；被烧的级牌不再回到桌上。")
        en += T(" The burned player then leads a new round (if they are out, the next player holding cards after them);"
                " the burned gouji play does not come back.")
    else:
        raise no_sentence("burning.failure_leader", shorthand)
    return add_inactive(said(zh, en), _no_burning(ctx))


book.quiet_default("burning.can_fail")  # at yes, the failed-burn sentence has said it
book.bool_rule("burning.can_fail", "burning",
               ("烧牌者不挂王出牌（最后一手除外）就算烧牌失败，见上文。", "A burner's play without a joker (but the last) fails the burn, as said above."),
               ("**烧牌不会失败**：烧牌者此后出牌不必挂王，一直出到走科（或被解烧）为止，烧牌都算成功。",
                "**Burns cannot fail**: a burner need not carry a joker in later plays; the burn succeeds once they go out"
                " (unless it is lifted first)."), inactive=_no_burning)


@book.rule("burning.burned_back", "burning")
def _(ctx: book.Ctx, value: bool | None) -> Said:
    back = burned_back(ctx.v)
    zh = "被烧者在烧牌失败后接手时，被烧的级牌" + ("回到桌上。" if back else "不再回到桌上。")
    en = "When the burned player has the table after a failed burn, the burned gouji play " + (
        "is back on it." if back else "does not come back.")
    if value is None:
        zh += "（按“失败后”一条的写法。）"
        en += " (As the rule for a failed burn says.)"
    return add_inactive(said(T(zh), T(en)), _no_burning(ctx))


book.choice_rule("burning.lift", "burning", {
    "anyone": ("**[[解烧]]**：烧牌后，烧牌者出的任何一手牌被任何人打上，就算解烧，烧牌者不受罚，照常出牌。",
               "**[[解烧|Lifting a burn]]**: if anyone beats any play of the burner, the burn is lifted without penalty and the burner plays on as usual."),
    "opposite_or_headless": ("**[[解烧]]**：烧牌后，烧牌者出的牌被他自己的对家或无头的人打上，才算解烧，烧牌者不受罚，照常出牌；被别人打上不解烧。",
                             "**[[解烧|Lifting a burn]]**: only when the burner's own opposite or a headless player beats a play of the burner is the burn lifted, without penalty; a beat by anyone else does not lift it."),
    "no": ("烧牌不能被解除：烧牌者必须按规则出完。", "A burn cannot be lifted: the burner must play out under the burn rule."),
}, expression=("**[[解烧]]**：烧牌后，烧牌者出的牌被人打上时，如果{w}，就算解烧，烧牌者不受罚，照常出牌；否则不解烧。",
               "**[[解烧|Lifting a burn]]**: when someone beats a play of the burner, the burn is lifted without penalty"
               " if {w}; otherwise it is not."),
   after=lambda ctx, v: add_inactive(([], []), _no_burning(ctx)))
book.choice_rule("burning.who", "burning", {
    "anyone": ("谁能烧牌，只看上面这些烧牌的规定。", "Who may burn is decided by the burning rules above alone."),
}, expression=("**谁能烧**：除了上面这些烧牌的规定，还要{w}，才能烧牌。",
               "**Who may burn**: besides the burning rules above, a player may burn only if {w}."),
   after=lambda ctx, v: add_inactive(([], []), _no_burning(ctx)))
book.enum_rule("burning.joker_check", "burning", {
    "every_play": ("**挂王检查**：烧牌者此后出的每一手牌（接别人的牌也算，最后一手除外）都要查是否挂王。",
                   "**The joker check**: every later play of the burner but the last, answers included, must carry a joker."),
    "leads_only": ("**挂王检查**：只查烧牌者自己发牌（新一轮首出）的那一手是否挂王（最后一手除外）；他接别人的牌不必挂王。",
                   "**The joker check**: only the burner's leads (but the last play) must carry a joker; their answers to others' plays need none."),
}, after=lambda ctx, v: add_inactive(([], []), _no_burning(ctx) or _cannot_fail(ctx)))


@book.rule("burning.free_after_rounds", "burning")
def _(ctx: book.Ctx, value: int | None) -> Said:
    if value is None:
        out = said(T("出够级牌的轮数不影响烧牌：烧牌总要满足烧牌条件。"),
                   T("How many rounds a player has played gouji plays in does not change burning: a burn always needs the condition."))
    else:
        out = said(T("**{n}套后免条件**：一个人在{n}轮里出过级牌以后，从下一轮起，他出的级牌可以按烧牌顺序被人直接打上，不必满足烧牌条件；打上的人仍算烧牌，照样挂王。", n=value),
                   T("**After {n} rounds**: once a player has played gouji plays in {n} rounds, from the next round on those asked to burn his gouji plays may take them without meeting the burn condition; whoever does still burns, joker duty included.", n=value))
    return add_inactive(out, _no_burning(ctx))


burn_bool("burning.counter_burn",
          ("**[[反烧]]**：级牌被烧后，被烧的人还可以烧回烧牌者的牌。", "**[[反烧|Counter-burn]]**: the burned player may burn the burner's play back."),
          ("不能反烧：被烧的人不能烧回烧牌者。", "There is no counter-burn (反烧): the burned player may not burn the burner back."))


# --- diff ---------------------------------------------------------------------


def _phrase_condition(formula: Formula, lang: str) -> str:
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
def _phrase_ask_order(value: tuple[int | Literal["opposite"], ...], lang: str) -> str:
    cut = value.index(OPPOSITE)
    before, after = value[:cut], value[cut + 1:]
    if lang == "zh":
        first = f"烧牌先问出级牌人之后第{'、'.join(map(str, before))}家，再由对家接" if before else "级牌先由对家接"
        return first + (f"，对家不要再问第{'、'.join(map(str, after))}家" if after else "")
    first = (f"asks seats {', '.join(map(str, before))} after the 级牌 player (counted in playing order) whether to burn "
             f"before the opposite answers" if before else "lets the opposite answer a 级牌 first")
    return first + (f", and seats {', '.join(map(str, after))} after the 级牌 player once he passes" if after else "")


dp.phrase("burning.ask_order", _phrase_ask_order)
dp.phrase("burning.first_play_needs_joker", dp.yes_no(
    "烧牌的第一手必须带王", "needs a joker in the burning play itself",
    "烧牌的第一手不必带王", "needs no joker in the burning play itself"))
dp.phrase("burning.failure_leader", dp.choice({
    "burned_player": dp.said("烧牌失败后由被烧者重新发牌（对家仍可管）", "gives the lead back to the burned player after a failed burn (the opposite may still answer)"),
    "next_player": dp.said("烧牌失败后由下家接风", "lets the next player lead after a failed burn"),
    "burned_player_leads": dp.said("烧牌失败后由被烧者发新牌（被烧的级牌作废）",
                                   "lets the burned player lead a new round after a failed burn (the burned 级牌 stays out)"),
}, "烧牌失败后由 {v} 中第一个还有牌的人接手", "lets the first still holding cards of {v} have the table after a failed burn"))
dp.phrase("burning.can_fail", dp.yes_no(
    "烧牌者不挂王出牌即烧牌失败", "fails a burn when the burner plays without a joker before their last play",
    "烧牌不会失败", "never fails a burn"))
dp.phrase("burning.burned_back", {
    None: dp.said("被烧的级牌是否回桌按“失败后”的写法", "brings the burned 级牌 back as its failure_leader says"),
    True: dp.said("烧牌失败后被烧的级牌回到桌上", "brings the burned 级牌 back to the table after a failed burn"),
    False: dp.said("烧牌失败后被烧的级牌不回桌", "keeps the burned 级牌 out after a failed burn"),
})
dp.phrase("burning.lift", dp.choice({
    "anyone": dp.said("烧牌者的牌被管即解烧", "lifts a burn when any play of the burner is beaten (解烧)"),
    "opposite_or_headless": dp.said("烧牌者的牌被其对家或无头者管才解烧", "lifts a burn only when the burner's opposite or a 无头 player beats it (解烧)"),
    "no": dp.said("烧牌者被管不解烧", "keeps a burn when the burner's play is beaten"),
}, "烧牌者的牌被管时，满足 {v} 才解烧", "lifts a burn when a play of the burner is beaten and {v} (解烧)"))
dp.phrase("burning.who", dp.choice({
    "anyone": dp.said("谁能烧只看烧牌的规定", "lets anyone burn whom the burning rules let"),
}, "只有满足 {v} 的人才能烧牌", "lets a player burn only when {v}"))
dp.phrase("burning.joker_check", {
    "every_play": dp.said("烧牌者每手（最后一手除外）都须挂王", "checks every play of a burner but the last for a joker"),
    "leads_only": dp.said("烧牌者只有发牌须挂王", "checks only a burner's leads for a joker"),
})
dp.phrase("burning.free_after_rounds", {
    None: dp.said("烧牌总须满足条件", "always needs the burn condition"),
    "*": dp.said("出过{v}轮级牌后其级牌可免条件烧", "waives the burn condition on a player's 级牌 after {v} rounds with 级牌"),
})
dp.phrase("burning.counter_burn", dp.yes_no(
    "被烧者可以反烧", "lets the burned player burn back (反烧)",
    "不能反烧", "has no 反烧"))
