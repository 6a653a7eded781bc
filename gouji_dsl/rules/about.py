"""About a variant: its game, titles, sources and recorded decisions."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.fields import Section, column, rule
from gouji_dsl.model.types import EnumT, Member, RowT, StrT


# --- the rules ------------------------------------------------------------------

@dataclass(frozen=True)
class Source:
    key: str = column(StrT(40), "编号", "the seed's key, as cited: @000:L15")
    file: str = column(StrT(200), "文件", "the file under sources/")
    title: str = column(StrT(400), "标题", "what the document is")


@dataclass(frozen=True)
class Decision:
    id: str = column(StrT(20), "编号", "the decision's name in RULES.md, e.g. D12")
    summary: str = column(StrT(1000), "内容", "what was decided")


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


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
