"""The course of play: who answers a 级牌, 让牌, passing, 让两圈, 底牌, 接风."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from gouji_dsl.diagnostics import Reporter
from gouji_dsl.facets import phrases as dp
from gouji_dsl.facets import sentences as book
from gouji_dsl.facets import spec
from gouji_dsl.facets.checks import at, at_nearest, check, dead, switched_off, type_only, value_of
from gouji_dsl.facets.hooks import ask, hook
from gouji_dsl.facets.sentences import add_inactive, said
from gouji_dsl.messages import Message, msg
from gouji_dsl.model.expr import BOOL, SEAT, SEATS, Choice, ChoiceT, Shorthand, Var
from gouji_dsl.model.fields import Section, rule
from gouji_dsl.model.types import BoolT, EnumT, IntT, Member, OptionalT
from gouji_dsl.model.variant import Variant
from gouji_dsl.prose.text import T, circles

if TYPE_CHECKING:
    from gouji_dsl.facets.protocols import Game, Said

# --- the rules ------------------------------------------------------------------

GOUJI_ANSWER = EnumT(Member("opposite_only", "仅对家", "only the player's opposite (except burns and 无头)"),
                     Member("anyone", "任何人", "anyone, like any other play"))
DEFER_TO = EnumT(Member("non_gouji", "非级牌", "plays that are not 级牌"), Member("any_play", "任何牌", "any play"))
PASS_RULE = EnumT(Member("round_except_opposite", "除对头牌外本轮无权",
                         "a player who passes may not play again in this round, except to answer their opposite"),
                  Member("round", "本轮无权", "a player who passes may not play again in this round"),
                  Member("none", "过牌不失权",
                         "a pass loses nothing: a player who passed may play later in the round, which ends when "
                         "every other player holding cards has passed since the last play"),
                  Member("once_per_round", "一轮一次",
                         "a play, like a pass, ends one's part in the round: each player beats or passes once, except that "
                         "a 级牌 gives its player's opposite, if they passed, their turn back, and the leader's opposite "
                         "who passed gets a last chance at a lead nobody beat; a 让牌 overtaken by a play is a pass"))
GOING_OUT = EnumT(Member("anyone_answers", "底牌任何人可打", "anyone may answer it, and that is not a burn (底牌)"),
                  Member("opposite_answers", "仅对家可打", "only the opposite may answer it (anyone, if the opposite is out)"),
                  Member("loses_status", "失去级牌作用", "it loses its 级牌 status and is answered like any play"),
                  Member("as_usual", "照常", "it keeps its 级牌 status and is answered like any 级牌, burns included"))
WINNER = Var("winner", SEAT, "赢牌者", "the player whose play won the round, who has gone out")
TAKE_OVER = ChoiceT(SEATS, WINNER, fallback="next(winner)", shorthands=(
    Shorthand(Member("next_player", "下家接风", "the next player holding cards leads"), "[next(winner)]"),
    # The value's name is Shuangkou's, where the opposite is the partner; in Gouji the
    # opposite (对头) is an opponent, so the words say "opposite", which holds in both.
    Shorthand(Member("partner", "对家接风", "the player opposite the one who went out leads"),
              "[opposite(winner), next(winner)]")))

# Who may answer the top play in turn (a burn aside), as conditions on the player asked and the
# player whose play it is. Unset, each follows the rules it grew out of: answer_play the pass
# rule and [headless] scope, answer_gouji [headless] pass_loses_gouji (see answer_play() and
# answer_gouji() below); a file that writes one says it whole.
ANSWERER = Var("answerer", SEAT, "管牌者", "the player asked whether they may answer the play on the table")
OWNER = Var("owner", SEAT, "牌主", "the player whose play is on the table")
ANSWER_PLAY = ChoiceT(BOOL, ANSWERER, OWNER, shorthands=(
    Shorthand(Member("except_opposite", "除对头牌外", "a player who passed in this round may answer only their opposite"),
              "not passed(answerer) or answerer == opposite(owner)"),
    Shorthand(Member("not_after_passing", "过牌后无权", "a player who passed in this round may not answer again"),
              "not passed(answerer)"),
    Shorthand(Member("anyone", "任何人", "anyone, passed or not"), "yes")))
ANSWER_GOUJI = ChoiceT(BOOL, ANSWERER, OWNER, shorthands=(
    Shorthand(Member("opposite_or_headless", "对家或无头",
                     "the opposite; anyone, on a 无头 player's 级牌; a 无头 player, unless they passed on a play "
                     "that was no 级牌 in this round"),
              "answerer == opposite(owner) or headless(owner) or (headless(answerer) and not passed_plain(answerer))"),
    Shorthand(Member("opposite_or_any_headless", "对家或任何无头",
                     "the opposite; anyone, on a 无头 player's 级牌; a 无头 player, passed or not"),
              "answerer == opposite(owner) or headless(owner) or headless(answerer)")))


@dataclass(frozen=True)
class FlowRules(Section):
    NAME = "flow"
    ZH = "出牌"
    EN = "The course of play"
    # Shuangkou shares the rules of passing and 接风; those about 级牌 and 让牌 are Gouji's.
    GAMES = ("gouji", "shuangkou")
    gouji_answer: str = rule(GOUJI_ANSWER, "级牌应答", "who may answer a 级牌", games=("gouji",), absent="anyone")
    defer: bool = rule(BoolT(), "让牌", "the opposite of the player may defer (让牌): the next two act first",
                       games=("gouji",), absent=False)
    defer_to: str = rule(DEFER_TO, "让牌范围", "which plays may be deferred", games=("gouji",), absent="non_gouji")
    pass_rule: str = rule(PASS_RULE, "过牌", "what a pass loses")
    lead_return_circles: int = rule(IntT(1, 3), "让圈", "full circles of passes after which a player whose non-级牌 play stands leads again")
    going_out_gouji: str = rule(GOING_OUT, "底牌", "who may answer a 级牌 with which a player goes out",
                                games=("gouji",), absent="loses_status")
    take_over: Choice = rule(TAKE_OVER, "接风", "who leads when a player's last play is not answered")
    answer_play: Choice | None = rule(OptionalT(ANSWER_PLAY), "谁能管",
                                      "who may answer a play that is no 级牌 in force, a condition on the answerer and "
                                      "the owner of the play (none: as pass_rule and [headless] scope say)", default=None)
    answer_gouji: Choice | None = rule(OptionalT(ANSWER_GOUJI), "谁能管级牌",
                                       "who besides a burner may answer a 级牌 in force that only the opposite may "
                                       "answer, a condition on the answerer and the owner (none: as [headless] "
                                       "pass_loses_gouji says)", default=None, games=("gouji",), absent=None)


# The answer rule each pass rule grew out of (once_per_round's other parts stay the pass rule's).
_PASSING = {"round_except_opposite": "except_opposite", "round": "not_after_passing",
            "once_per_round": "not_after_passing", "none": "anyone"}


def answer_play(v: Variant) -> Choice:
    """Who may answer a play that is no 级牌 in force: as written, else the pass rule's
    shorthand, which [headless] scope = any_play widens to 无头 players and their plays."""
    written: Choice | None = v.flow.answer_play
    if written is not None:
        return written
    passing = ANSWER_PLAY.expand(_PASSING[v.flow.pass_rule])
    if value_of(v, "headless.scope") != "any_play" or passing.always():
        return passing
    return ANSWER_PLAY.parse(f"headless(owner) or headless(answerer) or {passing.text}")


def answer_gouji(v: Variant) -> Choice:
    """Who besides a burner may answer a 级牌 in force: as written, else as [headless]
    pass_loses_gouji says."""
    written: Choice | None = v.flow.answer_gouji
    if written is not None:
        return written
    loses = value_of(v, "headless.pass_loses_gouji")
    return ANSWER_GOUJI.expand("opposite_or_any_headless" if loses is False else "opposite_or_headless")


# --- checks -------------------------------------------------------------------


@check("flow.gouji_answer")
def check_gouji_answer(v: Variant, rep: Reporter) -> None:
    """A 级牌 anyone may answer cannot be burned: the engines would ignore the burning rules."""
    if v.game != "shuangkou" and value_of(v, "flow.gouji_answer") == "anyone" and value_of(v, "burning.allowed"):
        rep.error(at_nearest(v, "flow.gouji_answer", "burning.allowed"), msg("rules.gouji_answer_anyone_with_burning"),
                  hint=msg("rules.switch_off_burning_too"),
                  notes=[(at(v, "burning.allowed"), msg("rules.burning_allowed_here"))])


type_only("flow.defer", "flow.defer_to", "flow.pass_rule", "flow.lead_return_circles", "flow.going_out_gouji",
          "flow.take_over", "flow.answer_play", "flow.answer_gouji")


def answer_written(path: str) -> Callable[[Variant], tuple[str, Message] | None]:
    """A reason that holds where the file writes the answer rule `path` (flow.answer_play, ...,
    chaos.answer), which then says who may answer whole: the rules it is otherwise made from
    cannot matter there."""
    def kills(v: Variant) -> tuple[str, Message] | None:
        if value_of(v, path) is None:
            return None
        return path, msg("model.dead_answer_written", rule=f"[{path.replace('.', '] ')}")
    return kills


def _anyone_answers_gouji(v: Variant) -> tuple[str, Message] | None:
    return ("flow.gouji_answer", msg("model.dead_anyone_answers_gouji")) if value_of(v, "flow.gouji_answer") == "anyone" else None


dead("flow.answer_gouji", "[flow] answer_gouji", _anyone_answers_gouji)


dead("flow.defer_to", "[flow] defer_to", switched_off("flow.defer", msg("model.dead_nobody_defers")))


# --- engine -------------------------------------------------------------------

spec.register("flow.gouji_answer", "engine",
              spec.Setting("gouji_answer_anyone", lambda v: v.flow.gouji_answer == "anyone",
                           annotation="bool", realised_in=("runtime/flow.py:Game._may_answer", "runtime/flow.py:Game._restricted")))
spec.register("flow.defer", "engine", spec.Setting("defer", lambda v: v.flow.defer,
                                                   annotation="bool", realised_in=("runtime/bounds.py:_asks_after_play", "runtime/flow.py:Game._can_defer")))
spec.register("flow.defer_to", "engine", spec.Setting("defer_any_play", lambda v: v.flow.defer_to == "any_play",
                                                      annotation="bool", realised_in=("runtime/flow.py:Game._can_defer",)))
spec.register("flow.pass_rule", "engine", spec.Setting("pass_rule", lambda v: v.flow.pass_rule,
                                                       annotation="str", realised_in=("runtime/bounds.py:_asks_after_play", "runtime/flow.py:Game._advance", "runtime/flow.py:Game._may_answer", "runtime/flow.py:Game._may_burn", "runtime/flow.py:Game._set_queue_after_play")))
spec.register("flow.lead_return_circles", "engine",
              spec.Setting("lead_return_circles", lambda v: v.flow.lead_return_circles,
                           annotation="int", realised_in=("runtime/bounds.py:_asks_after_play", "runtime/flow.py:Game._advance")))
spec.register("flow.going_out_gouji", "engine", spec.Setting("going_out_gouji", lambda v: v.flow.going_out_gouji,
                                                             annotation="str", realised_in=("runtime/flow.py:Game._go_out",)))
spec.register("flow.take_over", "engine", spec.Setting("take_over", lambda v: TAKE_OVER.plain(v.flow.take_over),
                                                       annotation="tuple[Any, ...]", realised_in=("runtime/flow.py:Game._win_round",)))
spec.register("flow.answer_play", "engine", spec.Setting("answer_play", lambda v: ANSWER_PLAY.plain(answer_play(v)),
                                                         annotation="tuple[Any, ...]",
                                                         realised_in=("runtime/flow.py:Game._may_answer", "runtime/bounds.py:_asks_after_play")))
spec.register("flow.answer_gouji", "engine", spec.Setting("answer_gouji", lambda v: ANSWER_GOUJI.plain(answer_gouji(v))
                                                          if v.flow.gouji_answer == "opposite_only" else ("const", False),
                                                          absent=("const", False), annotation="tuple[Any, ...]",
                                                          realised_in=("runtime/flow.py:Game._may_answer",)))


# --- interpreter --------------------------------------------------------------


@hook("flow.gouji_answer", absent=lambda g: False)
def gouji_restricts(g: Game) -> bool:
    """opposite_only: a 级牌 in force is answered only by its player's opposite (burns and
    无头 players aside); anyone: in turn, like any play."""
    f: FlowRules = g.v.flow
    return f.gouji_answer == "opposite_only"


@hook("flow.defer", "flow.defer_to", absent=lambda g, seat: False)
def may_defer(g: Game, seat: int) -> bool:
    """让牌: the opposite of the top play's player, once a round, outside 四户乱缠, not on a
    play someone went out with that anyone or only the opposite may answer (底牌), and on
    a 级牌 only with defer_to = any_play."""
    f: FlowRules = g.v.flow
    if not f.defer or g.chaos or seat in g.defer_used or g.top_free or g.top_opposite_only:
        return False
    if seat != ask("table.opposites", g, g.top_seat):
        return False
    return f.defer_to == "any_play" or not g.top_gouji


@hook("flow.pass_rule")
def pass_rule(g: Game, question: str, seat: int) -> bool:
    """What passing and playing cost `seat` in a round (outside 四户乱缠), asked as `question`
    (whether a player who passed may beat a play is the answer rules', which follow this one
    unless a file writes them: answer_play below):

    "played"      `seat` played in this round: may it still beat (or burn) a later play?
                  once_per_round: no (a play ends one's part in the round); otherwise yes.
    "turn_back"   `seat` passed, and its opposite's 级牌 has just been put on the table:
                  is its turn given back? once_per_round: yes, unless `seat` played in the round.
    "last_chance" `seat` passed, and the play it passed on went round unbeaten: is it asked
                  once more? once_per_round: yes, once a round, when that play is the
                  round's lead (nobody else played) of `seat`'s opposite.
    "deferred"    `seat` deferred (让牌) and has not acted since, and another player has just
                  played: has `seat` passed? once_per_round: yes (the 让牌 was its turn).
    """
    rule: str = g.v.flow.pass_rule
    if question == "played":
        return rule != "once_per_round"
    if rule != "once_per_round" or g.chaos:
        return False
    if question == "turn_back":
        return seat not in g.played_in_round and g._gouji_in_force()
    if question == "last_chance":
        return not g.last_chance_used and g.played_in_round == {g.top_seat}
    if question == "deferred":
        return True
    raise ValueError(f"no such pass_rule question: {question}")


@hook("flow.lead_return_circles")
def circles_to_win(g: Game) -> int:
    """Full circles of passes the top play needs to win the round: one for a 级牌 in force
    or a play someone went out with; else lead_return_circles (让两圈), in 四户乱缠 the chaos rule's."""
    if g._gouji_in_force() or g.top_free or g.top_opposite_only:
        return 1
    needed: int = ask("chaos.lead_return_circles", g) if g.chaos else g.v.flow.lead_return_circles
    return needed


@hook("flow.going_out_gouji", absent=lambda g: None)
def gouji_goes_out(g: Game) -> None:
    """A 级牌 someone went out with (底牌, before 四户乱缠): anyone may answer it, only the
    opposite may (anyone if the opposite is out), it is a plain play, or (as_usual) it
    stays a 级牌 like any other: answered by the opposite, burned, 无头 as usual."""
    how = g.v.flow.going_out_gouji
    if how == "anyone_answers":
        g.top_free = True
    elif how == "opposite_answers":
        g.top_opposite_only = True
    elif how == "loses_status":
        g.top_gouji = False
    elif how != "as_usual":
        raise ValueError(f"no such going_out_gouji: {how}")


@hook("flow.answer_play")
def may_answer_play(g: Game, seat: int) -> bool:
    """May `seat` beat the top play, no 级牌 in force, in turn (outside 四户乱缠, its part in
    the round not over)? The answer rule, or what the pass rule and [headless] scope make it."""
    assert g.top_seat is not None  # asked only about a play on the table
    return bool(g.holds(answer_play(g.v), answerer=seat, owner=g.top_seat))


@hook("flow.answer_gouji", absent=lambda g, seat: False)
def may_answer_gouji(g: Game, seat: int) -> bool:
    """May `seat` beat the 级牌 in force on the table, which only the opposite may answer, other
    than by burning it? The answer rule, or what [headless] pass_loses_gouji makes it."""
    assert g.top_seat is not None  # asked only about a play on the table
    return bool(g.holds(answer_gouji(g.v), answerer=seat, owner=g.top_seat))


@hook("flow.take_over")
def next_leader(g: Game, owner: int) -> int:
    """Who leads after `owner`'s play won the round: `owner`; if it is out, the first player of
    the rule's list still holding cards (接风): the next one (next_player), or its opposite before
    him (partner, named for Shuangkou, where the opposite is the partner)."""
    if g._holds_cards(owner):
        return owner
    return g.first_holding(TAKE_OVER.alternatives(g.v.flow.take_over), winner=owner)


# --- rulebook -----------------------------------------------------------------

book.group("flow", "出牌顺序", "Leading and answering")   # the group table.first_leader opened
book.enum_rule("flow.gouji_answer", "course", {
    "opposite_only": ("**级牌只有出牌人的对家可以打**（烧牌和无头的情况除外，见后两章）。其他牌任何人都可以按顺序[[上牌]]。",
                      "**Only the player's opposite may answer a gouji play** (except by burning, or when someone is headless: see the next two chapters). Any other play may be [[上牌|beaten]] by anyone in turn."),
    "anyone": ("级牌和其他牌一样，任何人都可以打。", "Anyone may answer a gouji play, like any other play."),
})
book.enum_rule("flow.pass_rule", "course", {
    "round_except_opposite": ("**[[过牌]]**：轮到自己不出就是过牌。过牌后本轮不能再出牌，但对家出的牌仍然可以打。",
                              "**[[过牌|Passing]]**: a player who does not play passes. After passing they may not play again in this round, except to answer their opposite."),
    "round": ("**[[过牌]]**：过牌后本轮不能再出牌。", "**[[过牌|Passing]]**: {en}."),
    # K5 (Shuangkou, O12): a pass is for this turn only.
    "none": ("**[[过牌]]**：过牌只管这一次，轮到自己时仍然可以出牌；出牌后其余还有牌的人都接连过牌，这一轮才结束，由最后出牌的人重新出牌。",
             "**[[过牌|Passing]]**: a pass is for that turn only: a player who passed may still play when their turn comes round again. "
             "The round ends when every other player still holding cards has passed in a row after the last play, and that play's player leads anew."),
    # F2-F5 of lamb-cn: the peer's exception B is followed as it acts there, where a play ends
    # one's part: only on a lead nobody beat (decision written here and in the member's text).
    "once_per_round": ("**[[过牌]]**：每轮每人只有一次机会：轮到自己时上牌或过牌，无论上牌还是过牌，本轮都不能再上牌；上过牌的人本轮也不能再烧牌（过牌后还能不能烧牌，按烧牌的规则）。让牌后，如果再轮到自己之前有人上了牌，就算过牌。"
                       "例外有两个：有人出级牌时，他的对家如果已经过牌、本轮又没有出过牌，可以重新轮到一次；"
                       "发牌人的牌一圈下来没有人管时，发牌人的对家如果过了牌，可以再决定一次管不管（每轮仅此一次）。",
                       "**[[过牌|Passing]]**: each player has one turn in a round: they beat the play on the table or pass, and either way they may not beat another play in that round; a player who has played may not burn in it either (whether one who passed may still burn is for the burning rules to say). A player who deferred has passed if someone plays before their turn comes back. "
                       "Two exceptions: when someone plays a gouji play, their opposite, if they passed and have not played in the round, gets their turn back; "
                       "and when a round's lead goes round with nobody beating it, the leader's opposite, who passed on it, is asked once more (once a round)."),
})


@book.rule("flow.defer", "course")
def _(ctx: book.Ctx, value: bool) -> Said:
    if value:
        return said(T("**[[让牌]]**：对家出的牌轮到你时，如果既不想过牌、又不想马上上牌，可以声明让牌：你的下两家先上牌；他们都过牌后，再由你决定上牌还是过牌。"),
                    T("**[[让牌|Deferring]]**: when your opposite's play comes to you and you want neither to pass nor to answer at once, you may defer: your next two players act first, and if both pass, you decide whether to answer or pass."))
    return said(T("不能让牌。"), T("There is no deferring (让牌)."))


book.enum_rule("flow.defer_to", "course", {
    "non_gouji": ("只有对家的非级牌可以让牌。", "Only plays that are not gouji plays may be deferred."),
    "any_play": ("对家的任何牌都可以让牌。", "Any play of the opposite may be deferred."),
}, after=lambda ctx, v: add_inactive(([], []), None if ctx.v.flow.defer else
                                     ("本玩法不能让牌，此条不起作用。", "There is no deferring here, so this rule does not apply.")))


@book.rule("flow.lead_return_circles", "course")
def _(ctx: book.Ctx, value: int) -> Said:
    if ctx.v.game != "gouji":  # no 级牌, no 四户乱缠
        if value == 1:
            return said(T("出牌的人，要等其他持牌人都过牌（一圈）后，才重新获得发牌权。"),
                        T("A player whose play stands wins the lead again once every other player holding cards has passed (one circle)."))
        return said(T("**让{c}**：出牌的人要重新获得发牌权，需要其他持牌人全部过牌{c}；其间有人出牌，就重新计算。", c=circles(value, "zh")),
                    T("**Letting {c} pass** (让{z}): a player whose play stands wins the lead again only after {c} in which every other player holding cards passed; any play in between starts the count again.",
                      z=circles(value, "zh"), c=circles(value, "en")))
    if value == 1:
        return said(T("出非级牌的人，要等其他持牌人都过牌（一圈）后，才重新获得发牌权。"),
                    T("A player whose non-gouji play stands wins the lead again once every other player holding cards has passed (one circle)."))
    if ctx.v.chaos.starts_at is None:
        return said(T("**让{c}**：出非级牌的人要重新获得发牌权，需要其他持牌人全部过牌{c}；其间有人出牌，就重新计算。", c=circles(value, "zh")),
                    T("**Letting {c} pass** (让{z}): a player whose non-gouji play stands wins the lead again only after {c} in which every other player holding cards passed; any play in between starts the count again.",
                      z=circles(value, "zh"), c=circles(value, "en")))
    return said(T("**让{c}**：四户乱缠之前，出非级牌的人要重新获得发牌权，需要其他持牌人全部过牌{c}；其间有人出牌，就重新计算。", c=circles(value, "zh")),
                T("**Letting {c} pass** (让{z}): before the free-for-all, a player whose non-gouji play stands wins the lead again only after {c} in which every other player holding cards passed; any play in between starts the count again.",
                  z=circles(value, "zh"), c=circles(value, "en")))


book.group("flow", "走科与接风", "Going out and taking over")
book.enum_rule("flow.going_out_gouji", "course", {
    "anyone_answers": ("**[[底牌]]**：用级牌[[走科]]时，这手牌其他人都可以打，不算烧牌；如果都过牌，由下家接着发牌。",
                       "**[[底牌|Last play]]**: when a player [[走科|goes out]] with a gouji play, anyone may answer it, and that is not a burn; if all pass, the next player leads."),
    "opposite_answers": ("**[[底牌]]**：用级牌[[走科]]时，只有对家可以打（对家已走科时任何人都可以打，不算烧牌）。",
                         "**[[底牌|Last play]]**: when a player [[走科|goes out]] with a gouji play, only their opposite may answer it (anyone, if the opposite is out; that is not a burn)."),
    "loses_status": ("**[[底牌]]**：用级牌[[走科]]时，这手牌失去级牌的作用，像普通牌一样谁都可以打。",
                     "**[[底牌|Last play]]**: when a player [[走科|goes out]] with a gouji play, it loses its gouji status and anyone may answer it like any play."),
    "as_usual": ("**[[底牌]]**：用级牌[[走科]]时，这手牌仍然是级牌，和平时的级牌一样应答：谁可以打、能不能烧牌，都照常。",
                 "**[[底牌|Last play]]**: when a player [[走科|goes out]] with a gouji play, it stays a gouji play and is answered as usual: who may answer it, and whether it may be burned, are as for any gouji play."),
})
book.choice_rule("flow.take_over", "course", {
    "next_player": ("**[[接风]]**：走科者的最后一手牌没有人打时，由他的下家（下一个还有牌的人）接风发牌。",
                    "**[[接风|Taking over]]**: when nobody answers a player's last play, the next player still holding cards leads."),
    "partner": ("**[[接风]]**：一个人出完了牌，他的最后一手一圈内没人要，就由坐在他对面的对家接风发牌（对家已出完则由下一个还有牌的人）。",
                "**[[接风|Taking over]]**: when a player goes out and nobody beats their last play in a full circle, the player sitting opposite them leads (if the opposite is out too, the next player still holding cards)."),
}, expression=("**[[接风]]**：走科者的最后一手牌没有人打时，由下面第一个还有牌的人接风发牌：{w}；都没有牌了，就由他的下家。",
               "**[[接风|Taking over]]**: when nobody answers a player's last play, the first of these still holding cards"
               " leads: {w}; if none is, the next player still holding cards."))
book.choice_rule("flow.answer_play", "course", {
    "except_opposite": ("**谁能管**：本轮过了牌的人，只能再管自己对头的牌。",
                        "**Who may answer**: a player who passed in this round may answer only their opposite's play."),
    "not_after_passing": ("**谁能管**：本轮过了牌的人，本轮不能再管。",
                          "**Who may answer**: a player who passed in this round may not answer again in it."),
    "anyone": ("**谁能管**：过牌不失权，轮到谁谁都能管。", "**Who may answer**: a pass loses nothing: anyone may answer in turn."),
}, expression=("**谁能管**：一手牌（不是起作用的级牌）轮到谁，要{w}，才能管。",
               "**Who may answer**: a play that is no gouji play in force may be answered in turn only if {w}."),
   unset=(answer_play, ("（按过牌和无头的规定。）", "(As the passing and headless rules make it.)")))
book.choice_rule("flow.answer_gouji", "course", {
    "opposite_or_headless": ("**谁能管级牌**：只许对家管的级牌，除了烧牌，只有对家能管；无头的人出的级牌谁都能管；"
                             "无头的人也能管，但本轮在非级牌上过过牌就不能了。",
                             "**Who may answer a gouji play**: a gouji play only the opposite may answer is answered, burns aside,"
                             " by the opposite; anyone may answer a headless player's; a headless player may answer too,"
                             " unless they passed on a play that was no gouji play in this round."),
    "opposite_or_any_headless": ("**谁能管级牌**：只许对家管的级牌，除了烧牌，只有对家能管；无头的人出的级牌谁都能管；"
                                 "无头的人也能管，过没过牌都行。",
                                 "**Who may answer a gouji play**: a gouji play only the opposite may answer is answered, burns"
                                 " aside, by the opposite; anyone may answer a headless player's; a headless player may answer"
                                 " too, passed or not."),
}, expression=("**谁能管级牌**：只许对家管的级牌，除了烧牌，轮到谁，要{w}，才能管。",
               "**Who may answer a gouji play**: a gouji play only the opposite may answer may be answered in turn,"
               " burns aside, only if {w}."),
   unset=(answer_gouji, ("（按无头的规定。）", "(As the headless rules make it.)")),
   after=lambda ctx, v: add_inactive(([], []), None if ctx.v.flow.gouji_answer != "anyone" else
                                     ("级牌谁都能管，此条不起作用。", "Anyone may answer a gouji play here, so this rule does not apply.")))


# --- diff ---------------------------------------------------------------------


def _phrase_lead_return_circles(value: int, lang: str) -> str:
    if lang == "zh":
        return f"非级牌要过{value}圈无人管才重新发牌" + ("（让两圈）" if value == 2 else "")
    circles = "one full circle" if value == 1 else f"{value} full circles"
    return f"gives the lead to a standing non-级牌 play after {circles} of passes"


dp.phrase("flow.gouji_answer", {
    "opposite_only": dp.said("级牌只有对家能管（烧牌、无头除外）", "lets only the opposite answer a 级牌 (burns and 无头 aside)"),
    "anyone": dp.said("级牌任何人都可以管", "lets anyone answer a 级牌"),
})
dp.phrase("flow.defer", dp.yes_no(
    "对家可以让牌，让下两家先出", "lets the opposite defer (让牌) so that the next two act first",
    "不能让牌", "has no 让牌"))
dp.phrase("flow.defer_to", {
    "non_gouji": dp.said("只有非级牌可以让", "allows 让牌 on non-级牌 plays only"),
    "any_play": dp.said("任何牌都可以让", "allows 让牌 on any play"),
})
dp.phrase("flow.pass_rule", {
    "round_except_opposite": dp.said("过牌后本轮无权再出，对头的牌除外", "takes a passing player's right to play in the round, except against their opposite"),
    "round": dp.said("过牌后本轮无权再出", "takes a passing player's right to play for the rest of the round"),
    "none": dp.said("过牌后本轮仍可出牌，其余人接连过牌才结束一轮", "lets a player who passed play later in the round, which ends when all others pass in a row"),
    "once_per_round": dp.said("每人每轮只能上牌或过牌一次（对家出级牌、首家的牌无人管时例外）",
                              "gives each player one turn a round, a play or a pass (an opposite's 级牌 and an unbeaten lead aside)"),
})
dp.phrase("flow.lead_return_circles", _phrase_lead_return_circles)
dp.phrase("flow.going_out_gouji", {
    "anyone_answers": dp.said("走科的级牌（底牌）任何人都可以打，不算烧", "lets anyone answer a 级牌 with which a player goes out (底牌), and that is no burn"),
    "opposite_answers": dp.said("走科的级牌只有对家能打（对家已走科则任何人）", "lets only the opposite answer a 级牌 with which a player goes out (anyone once the opposite is out)"),
    "loses_status": dp.said("走科的级牌失去级牌作用（接风）", "strips a 级牌 with which a player goes out of its 级牌 status (接风)"),
    "as_usual": dp.said("走科的级牌照常是级牌，照常应答和烧牌", "keeps a 级牌 with which a player goes out a 级牌, answered and burned as usual"),
})
dp.phrase("flow.take_over", dp.choice({
    "next_player": dp.said("走科后由下家接风", "lets the next player lead after a standing last play"),
    "partner": dp.said("走科后由对家接风", "lets the player opposite a player who went out lead"),
}, "走科后由 {v} 中第一个还有牌的人接风", "lets the first still holding cards of {v} lead after a standing last play"))
dp.phrase("flow.answer_play", dp.choice({
    "except_opposite": dp.said("过牌后只能再管对头的牌", "lets a player who passed answer only their opposite"),
    "not_after_passing": dp.said("过牌后本轮不能再管", "lets nobody who passed answer again in the round"),
    "anyone": dp.said("过牌不失权，谁都能管", "lets anyone answer, passed or not"),
}, "要 {v} 才能管", "lets a player answer only when {v}",
    unset=dp.said("谁能管按过牌的规定", "lets the passing rules say who may answer")))
dp.phrase("flow.answer_gouji", dp.choice({
    "opposite_or_headless": dp.said("级牌只有对家和无头的人能管（无头的人过过非级牌就不能）",
                                    "lets the opposite and 无头 players answer a 级牌 (not a 无头 player who passed a plain play)"),
    "opposite_or_any_headless": dp.said("级牌只有对家和无头的人能管", "lets the opposite and any 无头 player answer a 级牌"),
}, "级牌要 {v} 才能管", "lets a player answer a 级牌 only when {v}",
    unset=dp.said("谁能管级牌按无头的规定", "lets the 无头 rules say who may answer a 级牌")))
