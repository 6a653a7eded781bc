"""进贡 and 还贡: tributes owed after a game and the cards returned."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.expr import INT, ExprT, Formula
from gouji_dsl.model.fields import LEVEL, PLACE, Section, column, rule
from gouji_dsl.model.types import BoolT, EnumT, IntT, ListT, Member, RowT


# --- the rules ------------------------------------------------------------------

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


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
