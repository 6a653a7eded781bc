"""The rule model: every rule a variant states, as typed, immutable data.

Each section of a rule file is a frozen dataclass below; each field is one
rule, and its metadata says how the rule is written (value type, Chinese
alias) and what it means (English and Chinese descriptions, used by `show`
and the rulebooks). The dataclasses *are* the schema: the builder reads
them, so adding a rule is adding a field here.

A field left unset is None. Abstract variants (`gouji`, `shuangkou`) may
leave rules unset for their children to state; a concrete variant must set
every field that has no default.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping

from .diagnostics import Pos
from .expr import BOOL, CARDS_T, INT, ExprT, Formula, Var
from .types import (CARDS, NUMBER_RANKS, BoolT, CardT, EnumT, IntT, ListT, Member, OptionalT,
                    RangeT, RowT, StrT)

_UNSET = object()


def rule(vtype, zh: str, en: str, default: Any = _UNSET):
    """A rule field. Without a default the rule must be set (in a concrete variant)."""
    meta = {"type": vtype, "zh": zh, "en": en, "required": default is _UNSET}
    return field(default=None if default is _UNSET else default, metadata=meta)


def column(vtype, zh: str, en: str, default: Any = dataclasses.MISSING):
    meta = {"type": vtype, "zh": zh, "en": en}
    if default is dataclasses.MISSING:
        return field(metadata=meta)
    return field(default=default, metadata=meta)


SEAT = IntT(1, 12)
PLACE = IntT(1, 12)
RANK_3_A = CardT(NUMBER_RANKS, "a rank from 3 to A")
ANY_CARD = CardT(CARDS, "a card")
HAND = Var("hand", CARDS_T, "手牌", "the player's whole hand")
REST = Var("rest", CARDS_T, "余牌", "the cards left after the burning play")
PLAY = Var("play", CARDS_T, "这手牌", "the play")
LEVEL = Var("level", INT, "级数", "the 点贡 level of this game (1 + earlier games with the same outcome, capped)")


# --- table rows ----------------------------------------------------------------

@dataclass(frozen=True)
class Source:
    key: str = column(StrT(40), "编号", "the seed's key, as cited: @000:L15")
    file: str = column(StrT(200), "文件", "the file under sources/")
    title: str = column(StrT(400), "标题", "what the document is")


@dataclass(frozen=True)
class Decision:
    id: str = column(StrT(20), "编号", "the decision's name in RULES.md, e.g. D12")
    summary: str = column(StrT(1000), "内容", "what was decided")


@dataclass(frozen=True)
class Threshold:
    rank: str = column(CardT(CARDS[:13], "a rank from 3 to 2"), "点数", "the effective rank of the play")
    at_least: int = column(IntT(1, 100), "张数", "the least number of cards that makes it a 级牌")


@dataclass(frozen=True)
class Place:
    place: int = column(PLACE, "名次", "finishing position, 1 = first out")
    zh: str = column(StrT(20), "中文", "the Chinese name")
    en: str = column(StrT(40), "英文", "the English name")


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


@dataclass(frozen=True)
class PlayerRank:
    title: str = column(StrT(20), "级别", "the rank's name")
    points_min: int = column(IntT(0, 10**9), "积分下限", "least points (积分) for this rank")
    coins_min: int = column(IntT(0, 10**9), "游戏币下限", "least coins and silver for this rank")


@dataclass(frozen=True)
class PatternType:
    name: str = column(StrT(40), "名称", "the play type's identifier")
    zh: str = column(StrT(40), "中文", "its Chinese name")
    width: int = column(IntT(1, 12), "每组张数", "cards of each rank in the play")
    min_length: int = column(IntT(1, 13), "最少组数", "least number of consecutive ranks")
    max_length: int = column(IntT(1, 13), "最多组数", "most number of consecutive ranks")


@dataclass(frozen=True)
class JokerBomb:
    name: str = column(StrT(40), "名称", "the bomb's identifier")
    zh: str = column(StrT(40), "中文", "its Chinese name")
    jokers: int = column(IntT(1, 16), "王数", "how many jokers")
    lines: int = column(IntT(1, 64), "线数", "its strength in lines")


@dataclass(frozen=True)
class ChainRule:
    smallest_bomb: int = column(IntT(1, 64), "最小炸弹张数", "bombs of at least this many cards")
    largest_bomb: int = column(IntT(1, 64), "最大炸弹张数", "and at most this many")
    min_bombs: int = column(IntT(2, 13), "最少连数", "make a chain of at least this many bombs")


# --- sections --------------------------------------------------------------------

@dataclass(frozen=True)
class Section:
    NAME: ClassVar[str] = ""
    ZH: ClassVar[str] = ""
    EN: ClassVar[str] = ""
    GAMES: ClassVar[tuple[str, ...]] = ("gouji",)


GAME = EnumT(Member("gouji", "够级", "Gouji: six players, one rank per play, 级牌 and burning"),
             Member("shuangkou", "双扣", "Shuangkou: four players, straights and bombs"))


@dataclass(frozen=True)
class About(Section):
    NAME = "about"
    ZH = "简介"
    EN = "About this variant"
    GAMES = ("gouji", "shuangkou")
    game: str = rule(GAME, "游戏", "which game of the family this is")
    title: str = rule(StrT(200), "名称", "the variant's Chinese title")
    title_en: str = rule(StrT(200), "英文名称", "the variant's English title")
    region: str = rule(StrT(200), "地区", "where or on which platform it is played")
    summary: str = rule(StrT(2000), "说明", "a sentence on what makes this variant what it is", default="")
    summary_zh: str = rule(StrT(2000), "中文说明", "the same sentence in Chinese, for the Chinese rulebook", default="")
    sources: tuple = rule(RowT(Source, key=("key",)), "出处", "the source documents rules cite")
    decisions: tuple = rule(RowT(Decision, key=("id",)), "决定", "decisions taken where the sources are silent or contradict each other", default=())


DIRECTION = EnumT(Member("counter_clockwise", "逆时针", "counter-clockwise"),
                  Member("clockwise", "顺时针", "clockwise"))
FIRST_LEADER = EnumT(Member("random", "随机", "drawn at random for every game (上班)"),
                     Member("previous_first", "上局头科", "the first player out of the previous game; drawn at random for the first game"))


@dataclass(frozen=True)
class TableRules(Section):
    NAME = "table"
    ZH = "牌桌"
    EN = "Players and cards"
    GAMES = ("gouji", "shuangkou")
    players: int = rule(IntT(2, 12), "人数", "number of players; seats are numbered 1.. in playing order")
    decks: int = rule(IntT(1, 12), "副数", "number of 54-card decks shuffled together")
    cards_per_player: int = rule(IntT(1, 1000), "每人张数", "cards dealt to each player")
    teams: tuple = rule(ListT(ListT(SEAT, 1, 12, unique=True), 2, 2), "联邦", "the two teams, as lists of seats")
    opposites: tuple = rule(ListT(ListT(SEAT, 2, 2, unique=True), 1, 6), "对家", "pairs of seats facing each other (对家 / 对头)")
    direction: str = rule(DIRECTION, "方向", "the direction of play, as players see it (seat numbers always follow playing order)")
    first_leader: str = rule(FIRST_LEADER, "上班", "who leads first in a game")


@dataclass(frozen=True)
class CardRules(Section):
    NAME = "cards"
    ZH = "牌"
    EN = "Cards"
    GAMES = ("gouji", "shuangkou")
    order: tuple = rule(ListT(ANY_CARD, 15, 15, unique=True), "大小", "every card kind from lowest to highest; suits never matter")
    filler: str | None = rule(OptionalT(CardT(CARDS[:13], "a rank from 3 to 2")), "贴牌",
                              "a rank that, played with another rank, counts as that rank (贴2)")
    jokers: tuple = rule(ListT(CardT(("SJ", "BJ"), "a joker"), 0, 2, unique=True), "王", "the jokers")


SHAPE = EnumT(Member("one_rank", "同点", "one rank, plus filler 2s and attached jokers; no straights"),
              Member("patterns", "牌型表", "the play types of the [patterns] section: runs, bombs, wild cards"))
COMPARE = EnumT(Member("card_by_card", "逐张比较",
                       "sort both plays high to low; every card of the answer must be higher than the card in the same position"),
                Member("top_card", "比最大牌", "same type and length; the higher top card wins"))


@dataclass(frozen=True)
class PlayRules(Section):
    NAME = "plays"
    ZH = "牌型"
    EN = "Plays and how they compare"
    GAMES = ("gouji", "shuangkou")
    shape: str = rule(SHAPE, "牌型", "what one play may contain")
    jokers_alone: bool = rule(BoolT(), "纯王", "whether a play of jokers only is legal", default=True)
    fillers_alone: bool = rule(BoolT(), "纯贴牌", "whether a play of filler 2s (and jokers) only is legal; its rank is 2", default=True)
    compare: str = rule(COMPARE, "比较", "how an answer is compared with the play it answers")
    same_size: bool = rule(BoolT(), "张数相同", "whether an answer must have as many cards as the play it answers")
    big_joker_doubling: bool = rule(BoolT(), "大王翻倍",
                                    "each big joker in the play must be answered by two big jokers (一个大王用两个大王打)", default=False)


@dataclass(frozen=True)
class PatternRules(Section):
    NAME = "patterns"
    ZH = "牌型表"
    EN = "Play types, bombs and wild cards"
    GAMES = ("shuangkou",)
    types: tuple = rule(RowT(PatternType, key=("name",), min_rows=1), "牌型", "the non-bomb play types: runs of equal groups")
    run_ranks: tuple = rule(RangeT(RANK_3_A), "连牌范围", "the ranks a run may use")
    bomb_min: int = rule(IntT(2, 64), "炸弹张数", "least cards of one rank that make a bomb")
    bomb_lines: Formula = rule(ExprT(INT, Var("cards", INT, "张数", "cards in the bomb")), "炸弹线数", "a bomb's strength in lines")
    joker_bombs: tuple = rule(RowT(JokerBomb, key=("name",)), "王炸", "bombs made of jokers only")
    chains: bool = rule(BoolT(), "连环炸", "whether bombs on consecutive ranks make one chain bomb", default=False)
    chain_rules: tuple = rule(RowT(ChainRule), "连环炸条件", "which bombs make a chain", default=())
    chain_lines: Formula | None = rule(OptionalT(ExprT(INT, Var("smallest", INT, "最小线数", "lines of the chain's smallest bomb"),
                                                      Var("bombs", INT, "连数", "number of bombs in the chain"))),
                                       "连环炸线数", "a chain's strength in lines", default=None)
    chain_unequal: bool = rule(BoolT(), "不等连炸", "whether the bombs of a chain may differ in size", default=False)
    bomb_ties: tuple = rule(ListT(EnumT(Member("joker_bomb", "王炸", "a joker bomb"), Member("chain", "连环炸", "a chain bomb"),
                                        Member("bomb", "炸弹", "a bomb of one rank")), 3, 3, unique=True),
                            "同线大小", "at equal lines, which kind of bomb wins, strongest first")
    wilds: tuple = rule(ListT(CardT(("SJ", "BJ"), "a joker"), 0, 2, unique=True), "百搭", "cards that stand for any card from 3 to 2 inside a play", default=())


@dataclass(frozen=True)
class GoujiRules(Section):
    NAME = "gouji"
    ZH = "级牌"
    EN = "级牌 (gouji plays)"
    thresholds: tuple = rule(RowT(Threshold, key=("rank",), min_rows=1), "门槛", "the least size at which a rank makes a 级牌")
    jokers_make_gouji: bool = rule(BoolT(), "带王即级", "whether every play containing a joker is a 级牌")
    fillers_count: bool = rule(BoolT(), "贴牌计数", "whether filler 2s count towards the size of the rank they join")


@dataclass(frozen=True)
class ThreesRules(Section):
    NAME = "threes"
    ZH = "憋三"
    EN = "Threes last (憋三)"
    threes_last: bool = rule(BoolT(), "憋三", "3s may only be played as a player's last play, and that play must be 3s only")
    buy_three: bool = rule(BoolT(), "买3", "a player dealt no 3 buys one from the opposite")
    buy_with: tuple = rule(ListT(ANY_CARD, 0, 3, unique=True), "买3用牌", "what the buyer pays, first choice first")
    seller_min_threes: int = rule(IntT(1, 24), "卖3条件", "the least 3s the opposite must hold to sell one")
    ask_three: bool = rule(BoolT(), "要3", "if the opposite cannot sell, a teammate holding enough 3s gives one for nothing")


GOUJI_ANSWER = EnumT(Member("opposite_only", "仅对家", "only the player's opposite (except burns and 无头)"),
                     Member("anyone", "任何人", "anyone, like any other play"))
DEFER_TO = EnumT(Member("non_gouji", "非级牌", "plays that are not 级牌"), Member("any_play", "任何牌", "any play"))
PASS_RULE = EnumT(Member("round_except_opposite", "除对头牌外本轮无权",
                         "a player who passes may not play again in this round, except to answer their opposite"),
                  Member("round", "本轮无权", "a player who passes may not play again in this round"))
GOING_OUT = EnumT(Member("anyone_answers", "底牌任何人可打", "anyone may answer it, and that is not a burn (底牌)"),
                  Member("opposite_answers", "仅对家可打", "only the opposite may answer it (anyone, if the opposite is out)"),
                  Member("loses_status", "失去级牌作用", "it loses its 级牌 status and is answered like any play"))
TAKE_OVER = EnumT(Member("next_player", "下家接风", "the next player holding cards leads"),
                  Member("partner", "对家接风", "the partner of the player who went out leads"))


@dataclass(frozen=True)
class FlowRules(Section):
    NAME = "flow"
    ZH = "出牌"
    EN = "The course of play"
    gouji_answer: str = rule(GOUJI_ANSWER, "级牌应答", "who may answer a 级牌")
    defer: bool = rule(BoolT(), "让牌", "the opposite of the player may defer (让牌): the next two act first")
    defer_to: str = rule(DEFER_TO, "让牌范围", "which plays may be deferred")
    pass_rule: str = rule(PASS_RULE, "过牌", "what a pass loses")
    lead_return_circles: int = rule(IntT(1, 3), "让圈", "full circles of passes after which a player whose non-级牌 play stands leads again")
    going_out_gouji: str = rule(GOING_OUT, "底牌", "who may answer a 级牌 with which a player goes out")
    take_over: str = rule(TAKE_OVER, "接风", "who leads when a player's last play is not answered")


@dataclass(frozen=True)
class ChaosRules(Section):
    NAME = "chaos"
    ZH = "四户乱缠"
    EN = "Free-for-all (四户乱缠)"
    starts_at: int = rule(IntT(2, 12), "人数", "the free-for-all starts when at most this many players hold cards")
    after_first_out_with_revolution: bool = rule(BoolT(), "革命后头科即乱缠", "in a game with a revolutionary it starts as soon as the first player is out")
    lead_return_circles: int = rule(IntT(1, 3), "过圈", "full circles of passes after which the last player leads again")
    pass_keeps_right: bool = rule(BoolT(), "过牌可再上", "a player who passed may still play later in the round")


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


HEADLESS_CAUSE = EnumT(Member("opposite_out", "对家走科", "their opposite has gone out"),
                       Member("opposite_out_or_revolution", "对家走科或革命", "their opposite has gone out or sits out in revolution"),
                       Member("opposite_of_first_out", "头科的对家", "they are the opposite of the first player out"))
HEADLESS_SCOPE = EnumT(Member("gouji_plays", "级牌", "they may answer anyone's 级牌, and anyone may answer theirs; neither is a burn"),
                       Member("any_play", "任何牌", "they may answer any play of anyone, and anyone may answer any play of theirs; no burns"))


@dataclass(frozen=True)
class HeadlessRules(Section):
    NAME = "headless"
    ZH = "无头"
    EN = "Headless (无头)"
    cause: str = rule(HEADLESS_CAUSE, "成因", "who is 无头 before the free-for-all")
    scope: str = rule(HEADLESS_SCOPE, "范围", "what a 无头 player may answer and have answered")
    pass_loses_gouji: bool = rule(BoolT(), "过牌失权", "a 无头 player who passed a non-级牌 play may no longer answer others' 级牌 in that round")


OPEN_RULE = EnumT(Member("survives", "未被对头灭或烧", "they played a 级牌 that was neither beaten by their opposite nor burned"),
                  Member("wins_lead", "赢得发牌权", "a 级牌 of theirs won them the lead"))


@dataclass(frozen=True)
class OpenRules(Section):
    NAME = "open"
    ZH = "开点"
    EN = "Opening (开点) and declaring (宣点)"
    method: str = rule(OPEN_RULE, "规则", "how a player opens, before the free-for-all")
    counts: Formula = rule(ExprT(BOOL, PLAY), "计入", "which plays count towards opening")
    declare: bool = rule(BoolT(), "宣点", "after the deal a player may declare that their opposite will not open")


@dataclass(frozen=True)
class RevolutionRules(Section):
    NAME = "revolution"
    ZH = "革命"
    EN = "Revolution (革命)"
    allowed: bool = rule(BoolT(), "革命", "a player may sit out a deal (革命)")
    condition: Formula = rule(ExprT(BOOL, HAND), "条件", "which dealt hands may revolt")
    redeal_at: int = rule(IntT(2, 12), "重发", "this many revolutionaries cause a redeal")
    place: int = rule(PLACE, "名次", "the place a revolutionary takes")
    auto_open: bool = rule(BoolT(), "自动认点", "the revolutionary counts as not open and their opposite as open")


@dataclass(frozen=True)
class InfoRules(Section):
    NAME = "info"
    ZH = "报牌看牌"
    EN = "What players see (报牌, 看牌)"
    report_at: int | None = rule(OptionalT(IntT(1, 1000)), "报牌", "a player's card count is shown once they hold at most this many")
    show_team_at: int | None = rule(OptionalT(IntT(1, 1000)), "看牌", "a player holding at most this many may show their hand to their teammates")
    watch_after_out: bool = rule(BoolT(), "走科看牌", "a player who is out may watch one teammate's hand")


ENDS_WHEN = EnumT(Member("one_team_left", "只剩一方", "every player still holding cards is on one team"),
                  Member("all_out", "全部出完", "all cards are played"))


@dataclass(frozen=True)
class EndRules(Section):
    NAME = "end"
    ZH = "终局"
    EN = "End of the game"
    ends_when: str = rule(ENDS_WHEN, "结束", "when a game ends")
    remaining_by_cards: bool = rule(BoolT(), "按剩牌排名", "players left holding cards are placed by cards left, fewer first; ties in playing order after the last player out")
    sweep: bool = rule(BoolT(), "串三户", "a team taking places 1-3 ends the game at once (串三户)")
    places: tuple = rule(RowT(Place, key=("place",), min_rows=2), "名次", "the names of the places")


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
    order: tuple = rule(ListT(TRIBUTE_KIND, 1, 4, unique=True), "顺序", "which tributes exist, in the order they are paid")
    luo: tuple = rule(RowT(LuoTribute, key=("payer", "receiver")), "落贡", "place tribute: who pays whom how many")
    sweep_luo: str = rule(SWEEP_LUO, "串三户落贡", "place tribute after a sweep (串三户)")
    dian: tuple = rule(RowT(DianRow, key=("declared", "opened")), "点贡",
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


@dataclass(frozen=True)
class ScoringRules(Section):
    NAME = "scoring"
    ZH = "计分"
    EN = "Scoring"
    place_points: tuple = rule(ListT(IntT(-1000, 1000), 2, 12), "名次分", "points for places 1, 2, ...")
    team_sum: bool = rule(BoolT(), "联邦合计", "each player scores the sum of their team's place points")
    sweep_multiplier: int = rule(IntT(1, 10), "串三户倍数", "place points are multiplied by this after a sweep")
    open_points: int = rule(IntT(0, 1000), "点贡分", "a player who opened against an opposite who did not scores this, the opposite loses it")
    zero_sum: bool = rule(BoolT(), "零和", "scores of a game must add up to zero")


ROOM_MODE = EnumT(Member("normal", "普通", "an ordinary room"), Member("haixuan", "海选", "a competition heat room (海选)"))
RANK_BY = EnumT(Member("points", "积分", "by points (积分)"), Member("coins", "游戏币", "by coins"))


@dataclass(frozen=True)
class RoomRules(Section):
    NAME = "room"
    ZH = "房间"
    EN = "Room rules"
    mode: str = rule(ROOM_MODE, "房间", "the kind of room")
    min_games: int = rule(IntT(0, 1000), "最少局数", "games a player must finish before leaving without penalty")
    leave_penalty: int = rule(IntT(0, 1000), "离场罚分倍数", "a player leaving early loses this many times the game's score")
    penalty_first_leaver_only: bool = rule(BoolT(), "仅罚首个离场", "only the first player to leave is penalised")
    rank_by: str = rule(RANK_BY, "级别依据", "what the player rank table is looked up by", default="points")
    ranks: tuple = rule(RowT(PlayerRank, key=("title",)), "级别", "the player rank table (列兵 ... 上将)", default=())


SECTIONS: tuple[type[Section], ...] = (
    About, TableRules, CardRules, PlayRules, PatternRules, GoujiRules, ThreesRules, FlowRules,
    ChaosRules, BurnRules, HeadlessRules, OpenRules, RevolutionRules, InfoRules, EndRules,
    TributeRules, ScoringRules, RoomRules,
)
SECTION_BY_NAME = {s.NAME: s for s in SECTIONS}
SECTION_ALIASES = {s.ZH: s.NAME for s in SECTIONS}
# The attribute of `Variant` that holds each section.
ATTR = {s.NAME: s.NAME for s in SECTIONS}


@dataclass(frozen=True)
class Origin:
    """Where a rule was written: file position, and the sources it cites."""

    pos: Pos
    variant: str
    cites: tuple[str, ...]


@dataclass(frozen=True)
class Variant:
    name: str
    parent: str | None
    abstract: bool
    file: str
    lineage: tuple[str, ...]  # self first, then ancestors
    sections: Mapping[str, Section]
    origins: Mapping[str, Origin]
    # Every citation written in the lineage's files, for checking.
    citations: tuple = ()
    # The rule file of each variant in the lineage, as messages and rulebooks name it
    # (`variants/zaozhuang.gouji` for a standard variant, `club.gouji` for a user's).
    files: Mapping[str, str] = field(default_factory=dict)

    def file_of(self, variant: str) -> str:
        return self.files.get(variant, f"variants/{variant}.gouji")

    def __getattr__(self, item: str) -> Any:
        sections = self.__dict__.get("sections")
        if sections is not None and item in sections:
            return sections[item]
        raise AttributeError(item)

    @property
    def game(self) -> str:
        return self.sections["about"].game

    def origin(self, path: str) -> Origin | None:
        return self.origins.get(path)


def section_fields(cls: type[Section]) -> list[dataclasses.Field]:
    return list(dataclasses.fields(cls))


def applicable(cls: type[Section], game: str, shape: str | None) -> bool:
    if game not in cls.GAMES:
        return False
    if cls is PatternRules:
        return shape == "patterns"
    return True
