"""The players' terms: each Chinese term, its English rendering and its meanings (data only).

A template of the books names a term as [[级牌]] or [[级牌|gouji plays]] (`prose.text.T`
checks that the term is here); `docs.glossary` writes a variant's glossary from these.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Term:
    zh: str
    en: str
    zh_meaning: str
    en_meaning: str
    also: str = ""
    # The variant's own meaning where it differs by variant: (v, lang) -> meaning, or
    # None to keep the general one (Gouji's terms that vary get theirs from _VARIANT_MEANINGS).
    meaning: Callable | None = None

    def forms(self) -> tuple[str, ...]:
        """The Chinese words a book may use for the term: itself and its aliases."""
        return (self.zh,) + tuple(a for a in self.also.split("、") if a)


GLOSSARY: tuple[Term, ...] = (
    Term("联邦", "teammates", "同一方的另外两名玩家（隔座而坐）", "the two other players of your side (every other seat)"),
    Term("对家", "opposite", "正对面的玩家，永远是敌方", "the player facing you across the table; always an opponent", "对头、对门"),
    Term("一手", "play", "一次出的一组牌", "one set of cards played at once", "一套"),
    Term("发牌", "lead", "在空桌上先出一手；有发牌权就是轮到自己先出", "to play to an empty table; winning the lead"),
    Term("上班", "first lead", "每局的第一次出牌", "the first lead of a game"),
    Term("上牌", "beat", "用更大的牌打过上家的牌", "answer with a higher play", "顺牌、压牌"),
    Term("过牌", "pass", "不出牌", "decline to play"),
    Term("让牌", "defer", "让下两家先上牌", "let the next two players act first"),
    Term("扣牌", "close", "无人能打时收起这手牌（本引擎自动扣牌）", "close a play nobody can beat (automatic here)"),
    Term("贴2", "filler two", "2和其他点数一起出，当作那个点数", "a 2 played with another rank counts as that rank", "贴钱"),
    Term("挂王", "attached joker", "王和其他牌一起出", "jokers played together with a rank", "挂花"),
    Term("级牌", "gouji play", "够大的牌：通常只有对家可以打", "a big play that normally only the opposite may answer", "够级牌"),
    Term("烧牌", "burn", "打掉不是对家出的级牌", "beat the gouji play of someone who is not your opposite"),
    Term("解烧", "burn lifted", "烧牌者的牌被人打上，烧牌作废", "a play of the burner is beaten and the burn ends"),
    Term("反烧", "counter-burn", "被烧的人烧回烧牌者", "the burned player burns the burner back"),
    Term("无头", "headless", "对家已走科（或革命）的玩家", "a player whose opposite is out (or sits out)"),
    Term("开点", "open", "用级牌赢得发牌权（或按本玩法的定义）", "having won with a gouji play (as the variant defines it)"),
    Term("宣点", "declare", "断定对家这局开不了点", "declare that one's opposite will not open"),
    Term("走科", "go out", "出完手中的牌", "play one's last card"),
    Term("四户乱缠", "free-for-all", "最后几家不再按级牌、烧牌、让牌规则出牌", "the last players play without the gouji, burning and deferring rules"),
    Term("接风", "take over", "走科者的底牌没人打时，由别人接着发牌", "lead after a player went out and nobody answered"),
    Term("底牌", "last play", "走科时出的最后一手牌", "the play with which a player goes out"),
    Term("串三户", "sweep", "一方包揽前三名", "one team takes the first three places"),
    Term("进贡", "tribute", "下一局开始前给对方牌", "cards given before the next game"),
    Term("还贡", "return", "收贡者还给进贡者的牌", "cards the receiver gives back"),
    Term("点贡", "open tribute", "因没开点而进的贡", "tribute for not opening"),
    Term("落贡", "place tribute", "最后几名向前几名进的贡", "tribute of the last places to the first"),
    Term("烧贡", "burn tribute", "被烧者向成功的烧牌者进的贡", "tribute of the burned player to a successful burner"),
    Term("闷贡", "threes tribute", "憋三时最后一手3之前被打掉者进的贡", "tribute for being beaten before one's final 3s"),
    Term("憋三", "threes last", "3只能留到最后一手出", "3s may only be the last play"),
    Term("买3", "buying a 3", "没有3的玩家向对家买一张3", "a player with no 3 buys one from the opposite"),
    Term("要3", "asking for a 3", "向联邦要一张3", "a player with no 3 is given one by a teammate"),
    Term("买牌", "buying cards", "发牌后没有某点数的玩家按顺序向别人买一张", "after the deal a player with none of a rank buys one, asking players in a set order"),
    Term("重发", "redeal", "发完牌后手牌满足条件时收回重发", "the cards are dealt again when a dealt hand meets a condition"),
    Term("革命", "revolution", "手牌不好的玩家本局不出牌", "a player with a poor hand sits out the game"),
    Term("自动认点", "automatic opening", "革命者算没开点、其对家算开点", "the revolutionary counts as not open, their opposite as open"),
    Term("点贡毕业", "graduation", "按最高级进点贡后下一局自动开点", "after the top-level open tribute the payer is open next game"),
    Term("报牌", "card count", "剩牌少时显示张数", "a low card count is shown to all"),
    Term("看牌", "showing the hand", "把手牌给联邦看", "showing one's hand to teammates"),
    Term("名次", "place", "出完牌的先后", "the order in which players go out"),
)
GLOSSARY_BY_ZH = {t.zh: t for t in GLOSSARY}


# Shuangkou's own terms (a term Gouji shares keeps Gouji's entry, GLOSSARY_BY_ZH: what
# [[term]] in a template names). The play types, joker bombs and result classes come
# from the variant's rows (`_shuangkou_rows`).
SHUANGKOU_GLOSSARY: tuple[Term, ...] = (
    Term("对家", "partner", "正对面的玩家，是自己的搭档", "the player facing you: your partner", "搭档"),
    GLOSSARY_BY_ZH["一手"], GLOSSARY_BY_ZH["发牌"], GLOSSARY_BY_ZH["上班"], GLOSSARY_BY_ZH["上牌"],
    GLOSSARY_BY_ZH["过牌"],
    Term("要不起", "cannot beat", "打不过桌上的牌，只能过牌", "holding nothing that beats the play on the table, so passing"),
)
SHUANGKOU_BOMBS: tuple[Term, ...] = (
    Term("线数", "lines", "炸弹的大小：线数多的炸弹大", "a bomb's strength: more lines win", "线"),
)
SHUANGKOU_CHAINS = Term("连环炸", "chain bomb", "相连点数的几个炸弹一起出，算作一个炸弹", "bombs on consecutive ranks played together as one bomb", "连炸")
SHUANGKOU_WILDS = Term("百搭", "wild card", "在一手牌中可以当作别的牌的王", "a joker that may stand for another card inside a play")
# Shuangkou players go out (出完牌; 走科 is Gouji's word) and their partner (对家, 搭档) takes over.
SHUANGKOU_FLOW: tuple[Term, ...] = (
    Term("出完牌", "go out", "出完手中的牌", "play one's last card"),
    Term("接风", "take over", "出完牌的人最后一手一圈内没人要，由他的对家接着发牌",
         "after a player goes out and nobody beats their last play in a full circle, their partner leads"),
)
# The names of rules in a book of another game, where Gouji's names would be the wrong words
# (an endnote names its rule: Shuangkou has partners, 搭档, not teammates, 联邦).
RULE_NAMES_OF_GAME: dict[str, dict[str, str]] = {
    "shuangkou": {"table.teams": "搭档", "info.show_team_at": "看搭档的牌", "info.watch_after_out": "出完看牌"},
}
