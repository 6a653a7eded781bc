"""Seat expressions in words: who may lift a burn (and the flow's other choices of a player),
as a player would say it, in Chinese or English.

    say(node, lang, etype) -> "打牌者是烧牌者的对家，或者打牌者无头"
                            / "the player beating it is the burner's opposite, or the player beating it is 无头"

The card formulas have their own reader (prose/explain.py): its sentences are about piles of
cards; these are about players, their state and where they sit.
"""
from __future__ import annotations

from gouji_dsl.lang import nodes as n
from gouji_dsl.messages import msg
from gouji_dsl.model.expr import SEAT_FUNCTIONS, ExprT
from gouji_dsl.model.types import TRUE_WORDS
from gouji_dsl.prose.errors import RulebookError

# A player a rule's variable names: (zh, en, en possessive or None), as the subject of a sentence.
NOUNS: dict[str, tuple[str, str, str | None]] = {
    "burner": ("烧牌者", "the burner", "the burner's"),
    "beater": ("打牌者", "the player beating it", "the beating player's"),
    "winner": ("走科者", "the player who went out", None),
    "burned": ("被烧者", "the burned player", "the burned player's"),
    "player": ("这个人", "the player", None),
    "last": ("最后走的人", "the last player out", None),
    "buyer": ("买牌者", "the buyer", "the buyer's"),
    "answerer": ("管牌的人", "the player answering", None),
    "owner": ("桌上这手牌的主人", "the player whose play is on the table", None),
}
# A seat function giving a player: (zh, en, en with a possessive noun or None) with {0} for its argument.
_PLAYERS: dict[str, tuple[str, str, str | None]] = {
    "opposite": ("{0}的对家", "the opposite of {0}", "{0} opposite"),
    "next": ("{0}之后下一个有牌的人", "the next player holding cards after {0}", None),
    "previous": ("{0}之前最近一个有牌的人", "the nearest player holding cards before {0}", None),
}
# A seat function giving yes or no: (zh, en, zh negated, en negated).
_STATES = {
    "headless": ("{0}无头", "{0} is headless", "{0}不是无头", "{0} is not headless"),
    "opened": ("{0}已开点", "{0} has opened (开点)", "{0}还没开点", "{0} has not opened (开点)"),
    "forfeited": ("{0}已废点", "{0} has forfeited opening", "{0}没有废点", "{0} has not forfeited opening"),
    "holds_top": ("桌上是{0}的牌", "the play on the table is {0}'s", "桌上不是{0}的牌", "the play on the table is not {0}'s"),
    "played": ("{0}本轮出过牌", "{0} has played in this round", "{0}本轮还没出过牌", "{0} has not played in this round"),
    "failed": ("{0}烧牌失败了", "{0} has failed a burn", "{0}没有烧牌失败", "{0} has not failed a burn"),
    "sits_out": ("{0}因革命不出牌", "{0} sits out after a 革命", "{0}没有因革命不出牌", "{0} does not sit out"),
    "passed": ("{0}本轮已过牌", "{0} has passed in this round", "{0}本轮还没过牌", "{0} has not passed in this round"),
    "passed_plain": ("{0}本轮过过非级牌", "{0} has passed on a play that was no 级牌 in this round",
                     "{0}本轮没有过过非级牌", "{0} has not passed on a play that was no 级牌 in this round"),
    "out": ("{0}已经不在牌局中（走了、烧牌失败、被闷出局或不参加）", "{0} is out of play (gone out, a failed burner, 闷ed out, or sitting out)",
            "{0}还在牌局中", "{0} is still in play"),
    "teammate": ("{0}和{1}是同伙", "{0} and {1} are on the same team",
                 "{0}和{1}不是同伙", "{0} and {1} are on different teams"),
}
# A seat function giving a number: (zh, en).
_NUMBERS = {
    "cards_left": ("{0}的剩牌数", "the number of cards {0} holds"),
    "number": ("{0}的座位号", "the seat number of {0}"),
    "distance": ("按出牌顺序{1}在{0}之后第几家", "how many seats after {0} {1} sits in playing order"),
}
_COMPARE = {
    "<": ("{0}少于{1}", "{0} is less than {1}"),
    "<=": ("{0}不超过{1}", "{0} is at most {1}"),
    ">": ("{0}多于{1}", "{0} is more than {1}"),
    ">=": ("{0}不少于{1}", "{0} is at least {1}"),
    "==": ("{0}是{1}", "{0} is {1}"),
    "!=": ("{0}不是{1}", "{0} is not {1}"),
}
_ARITH = {"+": ("{0}加{1}", "{0} plus {1}"), "-": ("{0}减{1}", "{0} minus {1}"), "*": ("{0}乘{1}", "{0} times {1}")}
_JOIN = {"and": ("{0}，而且{1}", "{0}, and {1}"), "or": ("{0}，或者{1}", "{0}, or {1}")}

assert set(_PLAYERS) | set(_STATES) | set(_NUMBERS) == set(SEAT_FUNCTIONS), "every seat function has words"


def say(node: n.Expr, lang: str, etype: ExprT) -> str:
    """The seat expression `node` (checked against `etype`) in words."""
    pick = 0 if lang == "zh" else 1

    def noun(name: str) -> str:
        if name in NOUNS:
            return NOUNS[name][0] if pick == 0 else NOUNS[name][1]
        var = etype.variables.get(name)
        if var is None:
            raise RulebookError(msg("commands.book.no_words_name", name=name))
        return var.zh if pick == 0 else var.en

    def go(node: n.Expr, negated: bool = False) -> str:
        if isinstance(node, n.Unary) and node.op == "not":
            return go(node.operand, not negated)
        if negated and isinstance(node, n.Binary) and node.op in ("and", "or"):
            # not (a and b) is "not a, or not b"; not (a or b) is "neither a nor b"
            flipped = n.Binary(node.pos, "or" if node.op == "and" else "and", n.Unary(node.pos, "not", node.left),
                               n.Unary(node.pos, "not", node.right))
            return go(flipped)
        if negated and isinstance(node, n.Binary) and node.op in _COMPARE:
            opposite = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}[node.op]
            return go(n.Binary(node.pos, opposite, node.left, node.right))
        if isinstance(node, n.Name) and node.id in TRUE_WORDS and node.id not in etype.variables:
            true = TRUE_WORDS[node.id] != negated
            return ("总是如此", "always")[pick] if true else ("从不", "never")[pick]
        if isinstance(node, n.Call) and node.func.id in _STATES:
            args = [go(a) for a in node.args]
            return _STATES[node.func.id][pick + (2 if negated else 0)].format(*args)
        if negated:
            inner = go(node)
            return f"并非“{inner}”" if pick == 0 else f"it is not so that {inner}"
        if isinstance(node, n.List):  # players in order of preference
            return ("、", ", then ")[pick].join(go(item) for item in node.items)
        if isinstance(node, n.Int):
            return str(node.value)
        if isinstance(node, n.Name):
            return noun(node.id)
        if isinstance(node, n.Call) and node.func.id in _PLAYERS:
            (arg,) = node.args
            possessive = _PLAYERS[node.func.id][2]
            owner = NOUNS[arg.id][2] if isinstance(arg, n.Name) and arg.id in NOUNS else None
            if pick == 1 and possessive and owner:  # "the burner's opposite"
                return possessive.format(owner)
            return str(_PLAYERS[node.func.id][pick]).format(go(arg))
        if isinstance(node, n.Call) and node.func.id in _NUMBERS:
            return _NUMBERS[node.func.id][pick].format(*(go(a) for a in node.args))
        if isinstance(node, n.Unary):
            return ("负{0}", "minus {0}")[pick].format(go(node.operand))
        if isinstance(node, n.Binary):
            table = _JOIN if node.op in _JOIN else _COMPARE if node.op in _COMPARE else _ARITH
            if node.op not in table:
                raise RulebookError(msg("commands.book.no_words_operator", op=node.op))
            return table[node.op][pick].format(go(node.left), go(node.right))
        raise RulebookError(msg("commands.book.no_words_node", kind=type(node).__name__))

    return go(node)
