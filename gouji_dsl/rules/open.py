"""开点 (opening) and 宣点 (declaring)."""
from __future__ import annotations

from dataclasses import dataclass

from gouji_dsl.model.expr import BOOL, ExprT, Formula
from gouji_dsl.model.fields import PLAY, Section, rule
from gouji_dsl.model.types import BoolT, EnumT, Member


# --- the rules ------------------------------------------------------------------

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


# --- checks -------------------------------------------------------------------


# --- engine -------------------------------------------------------------------


# --- interpreter --------------------------------------------------------------


# --- rulebook -----------------------------------------------------------------


# --- diff ---------------------------------------------------------------------
