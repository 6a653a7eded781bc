"""Formulas in words: a rule file's formula as a sentence a player would say, in Chinese
or English, and a legend of the functions and variables it uses, all in the book's language.

    explain(node, lang, etype) -> "手里没有王，也没有2" / "the hand has no jokers and no 2s"

A condition is read as facts about a pile of cards (the hand, the rest, the play):
"the hand has no jokers", "the play has at least 2 cards", "the play is a gouji play";
facts joined by `and` about the same pile are said once for the pile. What does not fit
(arithmetic, min, a function added later) is said term by term: correct, if plainer.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from gouji_dsl.lang import nodes as n
from gouji_dsl.messages import msg
from gouji_dsl.model.expr import FUNCTIONS, ExprT
from gouji_dsl.model.types import CARDS
from gouji_dsl.prose.document import Bullets
from gouji_dsl.prose.errors import RulebookError
from gouji_dsl.prose.text import T

# A pile of cards a formula speaks of: (zh noun, zh "in it" form, en noun).
_PILES = {
    "hand": ("手牌", "手里", "the hand"),
    "rest": ("剩下的牌", "剩下的牌里", "the rest of the hand"),
    "play": ("这手牌", "这手牌里", "the play"),
}
# A number a formula speaks of (a variable of an int formula): (zh, en).
_NUMBERS = {
    "level": ("点贡的级数", "the open tribute level"),
    "cards": ("炸弹的张数", "the number of cards in the bomb"),
    "smallest": ("最小那个炸弹的线数", "the lines of the smallest bomb"),
    "bombs": ("连着的炸弹个数", "the number of bombs in the chain"),
}
# What the legend says of each variable, in each language (the model's own English
# descriptions may quote a Chinese term; a book's legend may not).
_VAR_LEGEND = {
    "hand": ("玩家手里的全部牌", "the player's whole hand"),
    "rest": ("出了烧牌的那手以后剩下的牌", "the cards left after the burning play"),
    "play": ("这一手出的牌", "the play"),
    "level": ("本局点贡的级数：1加上此前结果相同的局数，不超过最高级", "the open tribute level of this game: 1 plus the earlier games with the same outcome, capped"),
    "cards": ("炸弹的张数", "the number of cards in the bomb"),
    "smallest": ("连环炸里最小那个炸弹的线数", "the lines of the chain's smallest bomb"),
    "bombs": ("连环炸由几个炸弹连成", "the number of bombs in the chain"),
}
_FN_LEGEND = {
    "size": ("牌的张数", "the number of cards"),
    "jokers": ("王的张数（小王、大王，以及鹰这类加牌）", "the number of jokers (small and big jokers, and any extra card kind such as the eagle)"),
    "count": ("某个点数的张数", "the number of cards of one rank"),
    "count_from": ("某个点数及以上的张数（连王）：比如从J数起，就数J、Q、K、A、2和王",
                   "the number of cards of one rank or higher (jokers included): count_from(hand, J) counts J, Q, K, A, 2 and the jokers"),
    "sets": ("套数：3到A中有几种点数（2和王贴在套上，不另算）", "the number of sets: distinct ranks 3..A (2s and jokers attach to sets and are not counted)"),
    "gouji": ("这些牌作为一手出时是不是级牌", "whether the cards, played as one play, are a gouji play"),
    "carry_rule": ("这些牌能不能除最后一手外每手都带王出完", "whether the cards can be played out with a joker in every play but the last"),
    "min": ("两数中较小的", "the smaller of two numbers"),
    "max": ("两数中较大的", "the larger of two numbers"),
}
_CARD_NAMES = {"SJ": ("小王", "small joker"), "BJ": ("大王", "big joker")}

# Plain readings of operators, for what the pile sentences do not cover.
_OPS = {
    "<": ("{0}小于{1}", "{0} is less than {1}"),
    "<=": ("{0}不超过{1}", "{0} is at most {1}"),
    ">": ("{0}大于{1}", "{0} is more than {1}"),
    ">=": ("{0}不少于{1}", "{0} is at least {1}"),
    "==": ("{0}等于{1}", "{0} is {1}"),
    "!=": ("{0}不等于{1}", "{0} is not {1}"),
    "+": ("{0}加{1}", "{0} plus {1}"),
    "-": ("{0}减{1}", "{0} minus {1}"),
    "*": ("{0}乘{1}", "{0} times {1}"),
    "and": ("{0}，并且{1}", "{0}, and {1}"),
    "or": ("{0}，或者{1}", "{0}, or {1}"),
}
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
_NEGATE = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}


@dataclass(frozen=True)
class _Count:
    """A count of cards in a pile: size, jokers, count(R), count_from(R), sets."""
    pile: str
    zh: str         # what is counted: 王, 2, J及以上的牌（连王）
    unit: str       # its measure word: 张, 套
    en_one: str     # one of it: joker, 2, set
    en_many: str    # several: jokers, 2s, sets


@dataclass(frozen=True)
class _Fact:
    """A statement about a pile, said with or without the pile."""
    pile: str
    zh: str         # without the pile: 没有王 / 是级牌
    en: str         # without the pile: has no jokers / is a gouji play
    none: bool = False   # a "has no X" fact (merged: 没有王，也没有2 / has no jokers and no 2s)
    zh_noun: bool = False  # said after the pile's noun (这手牌是级牌), not its "in it" form (手里没有王)


def _card_word(node) -> str:
    word = str(node.value) if isinstance(node, n.Int) else node.id
    return {"T": "10", "小王": "SJ", "大王": "BJ"}.get(word, word)


def _card_name(word: str, lang: str) -> str:
    names = _CARD_NAMES.get(word)
    if names:
        return names[0] if lang == "zh" else names[1]
    return word


def _pile_of(node, etype: ExprT) -> str | None:
    if isinstance(node, n.Name) and node.id in etype.variables and node.id in _PILES:
        return node.id
    return None


def _count_of(node, etype: ExprT) -> _Count | None:
    """A count of cards in a pile, when the node is one."""
    if not isinstance(node, n.Call) or not node.args:
        return None
    pile = _pile_of(node.args[0], etype)
    if pile is None:
        return None
    fn = node.func.id
    if fn == "size" and len(node.args) == 1:
        return _Count(pile, "牌", "张", "card", "cards")
    if fn == "jokers" and len(node.args) == 1:
        return _Count(pile, "王", "张", "joker", "jokers")
    if fn == "sets" and len(node.args) == 1:
        return _Count(pile, "牌", "套", "set", "sets")
    if fn == "count" and len(node.args) == 2:
        card = _card_word(node.args[1])
        name_zh, name_en = _card_name(card, "zh"), _card_name(card, "en")
        return _Count(pile, name_zh, "张", name_en, name_en + "s")
    if fn == "count_from" and len(node.args) == 2:
        card = _card_word(node.args[1])
        return _Count(pile, f"{card}及以上的牌（连王）", "张", f"card of {card} or higher, jokers included",
                      f"cards of {card} or higher, jokers included")
    return None


def _count_fact(count: _Count, op: str, k: int) -> _Fact:
    """"The hand has no jokers", "the play has at least 2 cards" ..."""
    many = count.en_one if k == 1 else count.en_many
    if op == "==" and k == 0:
        if count.pile == "play" and count.zh == "王":  # a play "carries" jokers (这手牌不带王)
            return _Fact(count.pile, "不带王", "has no jokers", none=True, zh_noun=True)
        return _Fact(count.pile, f"没有{count.zh}", f"has no {count.en_many}", none=True)
    if op == ">=" and k == 1 or op == ">" and k == 0:
        return _Fact(count.pile, f"有{count.zh}", f"has at least one {count.en_one}")
    zh_amount = {"==": "正好{k}{u}", ">=": "至少{k}{u}", ">": "超过{k}{u}", "<": "不到{k}{u}", "<=": "不超过{k}{u}",
                 "!=": "不是{k}{u}"}[op].format(k=k, u=count.unit)
    en_amount = {"==": "has exactly {k}", ">=": "has at least {k}", ">": "has more than {k}", "<": "has fewer than {k}",
                 "<=": "has at most {k}", "!=": "does not have exactly {k}"}[op].format(k=k)
    if count.zh == "牌":  # the pile's own size: 手牌不到5张, 这手牌至少2张
        return _Fact(count.pile, zh_amount, f"{en_amount} {many}", zh_noun=True)
    return _Fact(count.pile, f"{count.zh}{zh_amount}", f"{en_amount} {many}")


def _all_of(part, whole, etype: ExprT) -> _Count | None:
    """`part` counts some cards of a pile and `whole` is that pile's size: the count they make
    equal says the pile is all of those cards (jokers, 3s, cards of J or higher)."""
    if not (isinstance(whole, n.Call) and whole.func.id == "size" and len(whole.args) == 1):
        return None
    count, pile = _count_of(part, etype), _pile_of(whole.args[0], etype)
    if count is None or pile is None or count.pile != pile or count.zh == "牌":  # 牌: a size or sets, no kind of card
        return None
    return count


def _fact(node, etype: ExprT, negated: bool = False) -> _Fact | None:
    """A condition about one pile, when the node is one (`not` flips it)."""
    if isinstance(node, n.Unary) and node.op == "not":
        return _fact(node.operand, etype, not negated)
    if isinstance(node, n.Call) and len(node.args) == 1:
        pile = _pile_of(node.args[0], etype)
        if pile is None:
            return None
        if node.func.id == "gouji":
            return (_Fact(pile, "不是级牌", "is not a gouji play", zh_noun=True) if negated else
                    _Fact(pile, "是级牌", "is a gouji play", zh_noun=True))
        if node.func.id == "carry_rule":
            return (_Fact(pile, "不能除了最后一手每手都带王出完", "cannot be played out with a joker in every play but the last", zh_noun=True)
                    if negated else
                    _Fact(pile, "除了最后一手，每手都能带王出完", "can be played out with a joker in every play but the last", zh_noun=True))
        return None
    if isinstance(node, n.Binary) and node.op in ("==", "!="):
        whole = _all_of(node.left, node.right, etype) or _all_of(node.right, node.left, etype)
        if whole is not None:  # count(play, 3) == size(play): the play is all 3s
            if (node.op == "!=") != negated:
                return _Fact(whole.pile, f"不全是{whole.zh}", f"is not all {whole.en_many}", zh_noun=True)
            return _Fact(whole.pile, f"全是{whole.zh}", f"is all {whole.en_many}", zh_noun=True)
    if isinstance(node, n.Binary) and node.op in _FLIP:
        op = _NEGATE[node.op] if negated else node.op
        left, right = node.left, node.right
        if isinstance(left, n.Int) and not isinstance(right, n.Int):
            left, right, op = right, left, _FLIP[op]
        count = _count_of(left, etype)
        if count is not None and isinstance(right, n.Int) and right.value >= 0:
            return _count_fact(count, op, right.value)
    return None


def _facts(node, etype: ExprT) -> list[_Fact] | None:
    """The facts an `and` of pile conditions states, in order; None when it is anything else."""
    if isinstance(node, n.Binary) and node.op == "and":
        left, right = _facts(node.left, etype), _facts(node.right, etype)
        return left + right if left is not None and right is not None else None
    fact = _fact(node, etype)
    return [fact] if fact else None


def _say_facts(facts: list[_Fact], lang: str) -> str:
    """Facts about piles: each pile named once, its facts joined the way one says them."""
    groups: list[list[_Fact]] = []
    for fact in facts:
        if groups and groups[-1][0].pile == fact.pile:
            groups[-1].append(fact)
        else:
            groups.append([fact])
    said = [_say_group(g, lang) for g in groups]
    if lang == "zh":
        return "，并且".join(said)
    return " and ".join(said) if len(said) <= 2 else ", ".join(said[:-1]) + " and " + said[-1]


def _say_group(facts: list[_Fact], lang: str) -> str:
    noun, inside, en_noun = _PILES[facts[0].pile]
    if lang == "en":
        parts: list[str] = []
        for fact in facts:
            if fact.none and parts and parts[-1].startswith("has no "):
                parts[-1] += " and " + fact.en[len("has "):]   # has no jokers and no 2s
            else:
                parts.append(fact.en)
        body = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        return f"{en_noun} {body}"
    first = facts[0]
    out = (noun if first.zh_noun else inside) + first.zh
    for prev, fact in zip(facts, facts[1:]):
        if fact.none and prev.none:
            out += "，也" + fact.zh  # 手里没有王，也没有2
        else:
            out += "，" + ("而且" if fact is facts[-1] and len(facts) > 1 else "") + fact.zh
    return out


def conditions(node: n.Expr, etype: ExprT) -> list[tuple[str, str, str]] | None:
    """A condition as the facts it states about its piles, in order: (pile, zh, en) each,
    said without the pile ("是级牌", "is a gouji play"; "至少2张", "has at least 2 cards");
    None when it is not an `and` of such facts (a rule then says it with `explain`)."""
    facts = _facts(node, etype)
    return None if facts is None else [(f.pile, f.zh, f.en) for f in facts]


def _amount_zh(count: _Count) -> str:
    """What a count counts, as a Chinese noun: 张数, 套数, 王的张数."""
    if count.zh == "牌":
        return "套数" if count.unit == "套" else "张数"
    return f"{count.zh}的张数"


def explain(node: n.Expr, lang: str, etype: ExprT) -> str:
    """A formula in words."""
    facts = _facts(node, etype)
    if facts:
        return _say_facts(facts, lang)
    return _plain(node, lang, etype)


def _plain(node: n.Expr, lang: str, etype: ExprT) -> str:
    """A formula term by term: for what the pile sentences do not cover."""
    zh = lang == "zh"

    def go(node) -> str:
        if isinstance(node, n.Int):
            return str(node.value)
        if isinstance(node, n.Name):
            if node.id in etype.variables:
                if node.id in _PILES:
                    return _PILES[node.id][0] if zh else _PILES[node.id][2]
                if node.id in _NUMBERS:
                    return _NUMBERS[node.id][0] if zh else _NUMBERS[node.id][1]
                var = etype.variables[node.id]
                return var.zh if zh else var.en
            if node.id in ("yes", "true", "是", "有"):
                return "成立" if zh else "true"
            if node.id in ("no", "false", "否", "无"):
                return "不成立" if zh else "false"
            if node.id in CARDS or node.id in ("T", "小王", "大王"):
                return _card_name(_card_word(node), lang)
            raise RulebookError(msg("commands.book.no_words_name", name=node.id))
        if isinstance(node, n.Call):
            fn = FUNCTIONS.get(node.func.id)
            if fn is None:
                raise RulebookError(msg("commands.book.no_words_function", name=node.func.id))
            count = _count_of(node, etype)
            if count is not None:
                noun, _inside, en_noun = _PILES[count.pile]
                amount = _amount_zh(count)
                joiner = "的" if amount in ("张数", "套数") else "中"   # 手牌的张数, 手牌中2的张数
                return f"{noun}{joiner}{amount}" if zh else f"the number of {count.en_many} in {en_noun}"
            fact = _fact(node, etype)
            if fact is not None:
                return _say_facts([fact], lang)
            args = [_card_name(_card_word(a), lang) if p == "rank" else go(a) for a, p in zip(node.args, fn.params)]
            if fn.name in ("min", "max"):
                which = ("较小的", "smaller") if fn.name == "min" else ("较大的", "larger")
                return f"{args[0]}和{args[1]}中{which[0]}" if zh else f"the {which[1]} of {args[0]} and {args[1]}"
            # A function added later: its own short name, in the book's language.
            legend_zh, legend_en = _FN_LEGEND.get(fn.name, (fn.zh, fn.en))
            return f"{fn.zh}（{'，'.join(args)}）" if zh else f"{legend_en} ({', '.join(args)})"
        if isinstance(node, n.Unary):
            if node.op == "not":
                fact = _fact(node, etype)
                if fact is not None:
                    return _say_facts([fact], lang)
                inner = go(node.operand)
                return f"不是“{inner}”这种情况" if zh else f"it is not so that {inner}"
            inner = go(node.operand)
            return f"负{inner}" if zh else f"minus {inner}"
        if isinstance(node, n.Binary):
            fact = _fact(node, etype)
            if fact is not None:
                return _say_facts([fact], lang)
            phrase = _OPS.get(node.op)
            if phrase is None:
                raise RulebookError(msg("commands.book.no_words_operator", op=node.op))
            left, right = _count_of(node.left, etype), _count_of(node.right, etype)
            if node.op in ("+", "-") and left and right and left.pile == right.pile:
                # Two counts of one pile: the pile said once (手牌的套数减去王的张数).
                noun, _inside, en_noun = _PILES[left.pile]
                if zh:
                    return f"{noun}的{_amount_zh(left)}{'加上' if node.op == '+' else '减去'}{_amount_zh(right)}"
                return f"the number of {left.en_many} {'plus' if node.op == '+' else 'minus'} the number of {right.en_many} in {en_noun}"
            return (phrase[0] if zh else phrase[1]).format(go(node.left), go(node.right))
        raise RulebookError(msg("commands.book.no_words_node", kind=type(node).__name__))

    return go(node)


def used_names(node: n.Expr) -> tuple[list[str], list[str]]:
    """(functions, variables) a formula uses, in order of first use."""
    fns: list[str] = []
    names: list[str] = []

    def go(node):
        if isinstance(node, n.Name):
            if node.id not in names:
                names.append(node.id)
        elif isinstance(node, n.Call):
            if node.func.id not in fns:
                fns.append(node.func.id)
            for a in node.args:
                go(a)
        elif isinstance(node, n.Unary):
            go(node.operand)
        elif isinstance(node, n.Binary):
            go(node.left)
            go(node.right)
    go(node)
    return fns, names


def legend(nodes: Iterable[n.Expr], etype: ExprT, lang: str) -> Bullets | None:
    """What each function and variable of the formulas means, in the book's language only."""
    zh = lang == "zh"
    fns: list[str] = []
    names: list[str] = []
    for node in nodes:
        f, v = used_names(node)
        fns += [x for x in f if x not in fns]
        names += [x for x in v if x not in names]
    items = []
    for name in names:
        if name in etype.variables:
            var = etype.variables[name]
            zh_text, en_text = _VAR_LEGEND.get(name, (var.zh, var.en))
            items.append(T("`{n}`：{d}", n=name, d=zh_text) if zh else T("`{n}`: {d}", n=name, d=en_text))
    for name in fns:
        fn = FUNCTIONS[name]
        params = ", ".join({"cards": "cards", "int": "n", "rank": "RANK"}.get(p, p) for p in fn.params)
        sig = f"{name}({params})"
        zh_text, en_text = _FN_LEGEND.get(name, (fn.zh, fn.en))
        items.append(T("`{s}`：{d}", s=sig, d=zh_text) if zh else T("`{s}`: {d}", s=sig, d=en_text))
    return Bullets(items) if items else None
