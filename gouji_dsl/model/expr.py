"""Small typed expressions: burn conditions, 开点 counts, tribute amounts, and who may act.

An expression is checked once against the names its setting provides
(`hand`, `rest`, `play`, `level`, `burner`, ...) and the functions of its scope:
card formulas use `FUNCTIONS` (cards and numbers), the flow's choices of a player
use `SEAT_FUNCTIONS` (a player's state and seat relations). The checked `Formula`
keeps its syntax tree, so the reference interpreter can evaluate it and the code
generator can translate it. Nothing in a formula is ever handed to Python's eval:
evaluation walks the tree, and generation maps each node to a fixed template.

A `ChoiceT` rule (who may lift a burn, ...) takes an expression or one of its named
shorthands (`opposite_or_headless`), which stands for a fixed expression: the
shorthand is what the file says and what the books and diff say, the expression is
what the engines carry out (`Choice`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping

from gouji_dsl.diagnostics import Reporter, did_you_mean, one_of
from gouji_dsl.lang import nodes as n
from gouji_dsl.lang.parser import parse_piece
from gouji_dsl.messages import Message, msg
from gouji_dsl.model.types import CARD_ALIASES, CARDS, INVALID, TRUE_WORDS, CardT, Context, Member, Sentinel, VType, quote

INT, BOOL, CARDS_T, RANK, SEAT = "int", "bool", "cards", "rank", "seat"
SEATS = "seats"  # a ChoiceT's list of players in order of preference: the first still holding cards
KEYS = "keys"    # a ChoiceT's list of numbers players are ranked by: smallest first, the next on ties
_ITEM = {SEATS: SEAT, KEYS: INT}  # what each item of a ChoiceT list gives

_TYPE_WORDS = {INT: msg("model.type_word_number"), BOOL: msg("model.type_word_condition"),
               CARDS_T: msg("model.type_word_cards"), RANK: msg("model.type_word_card"),
               SEAT: msg("model.type_word_seat"), SEATS: msg("model.type_word_seats"), KEYS: msg("model.type_word_keys")}
TYPE_WORDS = _TYPE_WORDS  # for `gouji show --rules`, which describes expressions in the same words


@dataclass(frozen=True)
class Function:
    name: str
    params: tuple[str, ...]
    result: str
    zh: str
    en: str


FUNCTIONS: dict[str, Function] = {f.name: f for f in (
    Function("size", (CARDS_T,), INT, "张数", "the number of cards"),
    Function("jokers", (CARDS_T,), INT, "王数", "the number of jokers (小王 and 大王, and any extra card kind such as 鹰)"),
    Function("count", (CARDS_T, RANK), INT, "某点张数", "the number of cards of one rank"),
    Function("count_from", (CARDS_T, RANK), INT, "某点及以上张数",
             "the number of cards of one kind or higher in the card order (jokers included): count_from(hand, J) counts J, Q, K, A, 2 and the jokers"),
    Function("sets", (CARDS_T,), INT, "套数", "the number of distinct ranks 3..A (2s and jokers attach to sets and are not counted)"),
    Function("gouji", (CARDS_T,), BOOL, "是级牌", "whether the cards, played as one play, are a 级牌"),
    Function("carry_rule", (CARDS_T,), BOOL, "带王规则",
             "whether the cards can be played out with a joker in every play but the last (docs/rulings.md D12)"),
    Function("min", (INT, INT), INT, "较小者", "the smaller of two numbers"),
    Function("max", (INT, INT), INT, "较大者", "the larger of two numbers"),
)}

# The functions of a player's state and seat relations, for the flow's choices of a player
# (`burning.lift`, ...). Both engines carry out each one: the reference interpreter binds
# them to its state (backends/oracle/predicates.py), the fast flow has a method `_seat_<name>`
# for each (runtime/state.py's State), which the specialiser writes into its callers.
SEAT_FUNCTIONS: dict[str, Function] = {f.name: f for f in (
    Function("opposite", (SEAT,), SEAT, "对家", "the player sitting opposite"),
    Function("next", (SEAT,), SEAT, "下家",
             "the next player after them in playing order who still holds cards (themself, if nobody else does)"),
    Function("previous", (SEAT,), SEAT, "上家",
             "the nearest player before them in playing order who still holds cards (themself, if nobody else does)"),
    Function("headless", (SEAT,), BOOL, "无头", "whether the player is 无头 (their opposite is gone: see [headless])"),
    Function("holds_top", (SEAT,), BOOL, "桌上是他的牌", "whether the play on the table is the player's"),
    Function("played", (SEAT,), BOOL, "本轮出过牌", "whether a play of the player has stood on the table in this round"),
    Function("failed", (SEAT,), BOOL, "烧牌失败", "whether the player has failed a burn (烧牌失误) in this game"),
    Function("sits_out", (SEAT,), BOOL, "革命不出牌", "whether the player sits out this game after a 革命"),
    Function("opened", (SEAT,), BOOL, "已开点", "whether the player has opened (开点) in this game"),
    Function("forfeited", (SEAT,), BOOL, "废点",
             "whether the player has forfeited 开点 for this game: their opening waited for a lead that did not "
             "meet [open] then_lead (or 四户乱缠 came first, or they left play without going out)"),
    Function("passed", (SEAT,), BOOL, "本轮已过", "whether the player has passed in this round"),
    Function("passed_plain", (SEAT,), BOOL, "过过非级牌",
             "whether the player has passed, in this round, on a play that was no 级牌 in force"),
    Function("out", (SEAT,), BOOL, "已走", "whether the player has gone out, failed a burn, was 闷ed out of play or sits out (holds no place to play for)"),
    Function("teammate", (SEAT, SEAT), BOOL, "同伙", "whether the two players are on the same team (a player is their own teammate)"),
    Function("cards_left", (SEAT,), INT, "剩牌数", "the number of cards the player still holds"),
    Function("number", (SEAT,), INT, "座位号", "the player's seat number (1 to the number of players)"),
    Function("distance", (SEAT, SEAT), INT, "相隔",
             "how many seats after the first player the second sits, in playing order (0: the same player)"),
)}
ALL_FUNCTIONS: dict[str, Function] = {**FUNCTIONS, **SEAT_FUNCTIONS}
assert len(ALL_FUNCTIONS) == len(FUNCTIONS) + len(SEAT_FUNCTIONS), "a function name in two scopes"

_ARITH = {"+", "-", "*"}
_COMPARE = {"<", "<=", ">", ">=", "==", "!="}


@dataclass(frozen=True)
class Formula:
    """A checked expression: its canonical text, tree and result type."""

    text: str
    node: n.Expr
    type: str

    def __str__(self) -> str:
        return self.text


def is_call(formula: Formula, function: str, *variables: str) -> bool:
    """Is `formula`, as a tree, exactly `function(variable, ...)`: a call of one of the language's
    functions on variables, however it was spelled (a Chinese variable name, spaces, parentheses)?
    What a code generator chooses a fast path by, not the formula's text."""
    node = formula.node
    return (isinstance(node, n.Call) and node.func.id == function and len(node.args) == len(variables)
            and all(isinstance(arg, n.Name) and arg.id == name for arg, name in zip(node.args, variables)))


@dataclass(frozen=True)
class Var:
    name: str
    type: str
    zh: str
    en: str


class ExprT(VType):
    """A value type for settings that hold an expression: its result type, its variables
    (the rule's own names) and the functions it may call (card or seat functions)."""

    def __init__(self, result: str, *variables: Var, functions: Mapping[str, Function] = FUNCTIONS):
        self.result = result
        self.variables = {v.name: v for v in variables}
        self.aliases = {v.zh: v.name for v in variables}
        self.zh = {v.name: v.zh for v in variables}
        self.functions = functions
        # A function may be called by its Chinese name too (对家(烧牌者)); the canonical text is English.
        self.function_aliases = {f.zh: f.name for f in functions.values()}

    def expected(self) -> Message:
        return msg("model.type_expression", gives=_TYPE_WORDS[self.result])

    def convert(self, node, ctx):
        checker = _Checker(self, ctx)
        got = checker.check(node)
        if got is INVALID:
            return INVALID
        if got != self.result:
            ctx.reporter.error(node.pos, msg("model.expression_gives", got=_TYPE_WORDS[got], needs=_TYPE_WORDS[self.result]))
            return INVALID
        canonical = _canonical(node, self.aliases, self.function_aliases)
        return Formula(unparse(canonical), canonical, self.result)

    def formula(self, text: str) -> Formula:
        """`text` checked as a value of this type: a rule's default, written as a file writes it."""
        reporter = Reporter()
        value = self.convert(_value_node(text), Context(reporter))
        if reporter.failed or not isinstance(value, Formula):  # the defaults are ours: the rule's module imports it
            raise ValueError(f"{text!r} is not a value of this expression type: {reporter.diagnostics}")
        return value

    def to_json(self, value):
        return value.text

    def show(self, value):
        return value.text


def never(formula: Formula) -> bool:
    """Is the condition `formula` the word no (false, 否, 无) itself: a rule switched off?"""
    node = formula.node
    return isinstance(node, n.Name) and TRUE_WORDS.get(node.id) is False


@dataclass(frozen=True)
class Choice(Formula):
    """A `ChoiceT` rule's value: the expression the engines carry out and, when the file named
    one of the rule's shorthands, that name (what the books, the diff and `gouji show` say)."""

    shorthand: str | None = None

    def always(self) -> bool:
        """Is it a condition that holds whatever the players (`yes`)?"""
        return self.type == BOOL and predicate(self) == ("const", True)


@dataclass(frozen=True)
class Shorthand:
    """A named value of a `ChoiceT` rule: the member (its name, Chinese name and meaning, as an
    enumeration's) and the expression it stands for, in the rule's own names."""

    member: Member
    expansion: str


class ChoiceT(ExprT):
    """An expression of a player's state and seats, or one of the rule's named shorthands.

    What the flow asks of a player (may this beater lift the burn?) is an expression over the
    rule's variables (`burner`, `beater`, ...) and `SEAT_FUNCTIONS`; the values a rule had as an
    enumeration stay as shorthands, so every file that names one still reads as it did.

    A rule that names a player (who leads after a player goes out) gives SEATS: a list of player
    expressions, `[opposite(winner), next(winner)]`, of which the first still holding cards is
    the one; `fallback` is the player when none of them is (also what a single player written
    without brackets falls back to). A rule that ranks players (the players left at the end)
    gives KEYS: a list of numbers of each player, `[cards_left(player), distance(last, player)]`,
    the smallest first, the next number deciding between equals."""

    def __init__(self, result: str, *variables: Var, shorthands: tuple[Shorthand, ...], fallback: str | None = None):
        super().__init__(result, *variables, functions=SEAT_FUNCTIONS)
        assert (result == SEATS) == (fallback is not None), "a list of players has a fallback, and only it"
        self.fallback = fallback
        self.shorthands = {s.member.name: s for s in shorthands}
        self.members = {s.member.name: s.member for s in shorthands}
        self.shorthand_aliases = {s.member.zh: s.member.name for s in shorthands}
        self.shorthand_zh = {s.member.name: s.member.zh for s in shorthands}
        self._expanded: dict[str, Choice] = {}
        self._fallback: Formula | None = None  # parsed when first asked for (not at import)

    def expected(self) -> Message:
        return msg("model.type_choice", names=one_of(self.members, self.shorthand_zh),
                   gives=_TYPE_WORDS[self.result])

    def expand(self, name: str) -> Choice:
        """The shorthand `name` as the checked expression it stands for."""
        if name not in self._expanded:
            self._expanded[name] = replace(self.parse(self.shorthands[name].expansion), shorthand=name)
        return self._expanded[name]

    def parse(self, text: str) -> Choice:
        """An expression of ours (a shorthand's, or one a rule module builds from other rules),
        checked: a wrong one is an internal error."""
        reporter = Reporter()
        choice = self._checked(_value_node(text), Context(reporter))
        if reporter.failed or not isinstance(choice, Choice):  # ours: a test checks every one
            raise ValueError(f"{text!r} is a wrong expression for this rule: {reporter.diagnostics}")
        return choice

    def convert(self, node, ctx):
        if isinstance(node, n.Name):
            name = self.shorthand_aliases.get(node.id, node.id)
            if name in self.shorthands:
                return self.expand(name)
            if name not in TRUE_WORDS and self.aliases.get(name, name) not in self.variables:
                known = list(self.members) + list(self.variables)
                ctx.reporter.error(node.pos, msg("model.unknown_value", value=node.id, expected=self.expected()),
                                   did_you_mean(node.id, known, {**self.shorthand_zh, **self.zh}))
                return INVALID
        return self._checked(node, ctx)

    def _checked(self, node: n.Expr, ctx: Context) -> Choice | Sentinel:
        """An expression of the file's own (or a shorthand's), checked as the rule's result needs."""
        if self.result in _ITEM:
            return self._list(node, ctx)
        formula = super().convert(node, ctx)
        if formula is INVALID:
            return INVALID
        return Choice(formula.text, formula.node, formula.type)

    def _list(self, node: n.Expr, ctx: Context) -> Choice | Sentinel:
        """A list of player expressions or ranking numbers (a single one is a list of one)."""
        items = node.items if isinstance(node, n.List) else (node,)
        checker = _Checker(self, ctx)
        ok = bool(items)
        if not items:
            ctx.reporter.error(node.pos, msg("model.empty_choice_list"))
        want = _ITEM[self.result]
        for item in items:
            got = checker.check(item)
            if got is INVALID:
                ok = False
            elif got != want:
                ctx.reporter.error(item.pos, msg("model.expression_gives", got=_TYPE_WORDS[got], needs=_TYPE_WORDS[want]))
                ok = False
        if not ok:
            return INVALID
        canonical = n.List(node.pos, tuple(_canonical(i, self.aliases, self.function_aliases) for i in items))
        return Choice(unparse(canonical), canonical, self.result)

    def items(self, value: Choice) -> tuple[Formula, ...]:
        """A list's items as formulas, in order."""
        assert self.result in _ITEM and isinstance(value.node, n.List)
        return tuple(Formula(unparse(item), item, _ITEM[self.result]) for item in value.node.items)

    def alternatives(self, value: Choice) -> tuple[Formula, ...]:
        """A list of players as the formulas of its players in order, the fallback last: the first
        still holding cards is the one, else the last. A `next(...)` player always holds cards,
        so the list ends there."""
        assert self.result == SEATS and self.fallback is not None
        items: list[Formula] = []
        for item in self.items(value):
            items.append(item)
            if isinstance(item.node, n.Call) and item.node.func.id == "next":
                return tuple(items)  # the next player holding cards always holds cards: the rest is never reached
        items.append(self._fallback_formula())
        return tuple(items)

    def _fallback_formula(self) -> Formula:
        if self._fallback is None:
            assert self.fallback is not None
            node = _canonical(_value_node(self.fallback), self.aliases, self.function_aliases)
            self._fallback = Formula(unparse(node), node, SEAT)
        return self._fallback

    def plain(self, value: Choice) -> Predicate:
        """The value as an engine setting holds it: its Predicate, for a list of players
        ("first", player, ..., fallback)."""
        if self.result == SEATS:
            return ("first", *(predicate(f) for f in self.alternatives(value)))
        if self.result == KEYS:
            return ("keys", *(predicate(f) for f in self.items(value)))
        return predicate(value)

    def to_json(self, value):
        return value.shorthand or value.text

    def show(self, value):
        """A shorthand with the expression it stands for: `opposite_or_headless (= beater == ...)`."""
        return f"{value.shorthand} (= {value.text})" if value.shorthand else value.text


def _value_node(text: str) -> n.Expr:
    """The expression `text` as the parser reads a rule's value."""
    entry, _tokens = parse_piece(f"value = {text}\n", "<shorthand>", "entry")
    assert isinstance(entry, n.Setting)
    return entry.value


class _Checker:
    def __init__(self, etype: ExprT, ctx: Context):
        self.etype = etype
        self.ctx = ctx

    def error(self, node: n.Node, message: Message, hint: Message | None = None):
        self.ctx.reporter.error(node.pos, message, hint)
        return INVALID

    def check(self, node: n.Expr):
        if isinstance(node, n.Int):
            return INT
        if isinstance(node, n.Str):
            return self.error(node, msg("model.string_in_expression"))
        if isinstance(node, n.Name):
            name = self.etype.aliases.get(node.id, node.id)
            if name in self.etype.variables:
                return self.etype.variables[name].type
            if node.id in TRUE_WORDS:
                return BOOL
            if node.id in self.etype.functions:
                return self.error(node, msg("model.call_the_function", name=node.id))
            known = list(self.etype.variables) + list(TRUE_WORDS)
            scope = one_of(self.etype.variables, self.etype.zh)
            unknown = (msg("model.unknown_name", name=node.id, names=scope) if scope
                       else msg("model.unknown_name_none_here", name=node.id))
            return self.error(node, unknown, did_you_mean(node.id, known, self.etype.zh))
        if isinstance(node, n.Call):
            functions = self.etype.functions
            fn = functions.get(self.etype.function_aliases.get(node.func.id, node.func.id))
            if fn is None:
                zh = {f.name: f.zh for f in functions.values()}
                return self.error(node.func, msg("model.unknown_function", name=node.func.id, names=one_of(functions, zh)),
                                  did_you_mean(node.func.id, functions, zh))
            if len(node.args) != len(fn.params):
                return self.error(node, msg("model.argument_count", function=fn.name, count=len(fn.params),
                                            given=len(node.args)))
            ok = True
            for arg, param in zip(node.args, fn.params):
                if param == RANK:
                    if CardT(CARDS, extras=True).convert(arg, self.ctx) is INVALID:
                        ok = False
                    continue
                got = self.check(arg)
                if got is INVALID:
                    ok = False
                elif got != param:
                    self.error(arg, msg("model.argument_type", function=fn.name, needs=_TYPE_WORDS[param], got=_TYPE_WORDS[got]))
                    ok = False
            return fn.result if ok else INVALID
        if isinstance(node, n.Unary):
            got = self.check(node.operand)
            want = INT if node.op == "-" else BOOL
            if got is INVALID:
                return INVALID
            if got != want:
                return self.error(node, msg("model.operand_type", op=node.op, needs=_TYPE_WORDS[want], got=_TYPE_WORDS[got]))
            return want
        if isinstance(node, n.Binary):
            left, right = self.check(node.left), self.check(node.right)
            if INVALID in (left, right):
                return INVALID
            if node.op == "/":
                return self.error(node, msg("model.no_division"))
            if node.op in _ARITH:
                if left != INT or right != INT:
                    return self.error(node, msg("model.needs_numbers", op=node.op))
                return INT
            if node.op in _COMPARE:
                if node.op in ("==", "!=") and left == right and left in (INT, BOOL, SEAT):
                    return BOOL
                if left != INT or right != INT:
                    return self.error(node, msg("model.compares_numbers", op=node.op, left=_TYPE_WORDS[left],
                                                right=_TYPE_WORDS[right]))
                return BOOL
            if left != BOOL or right != BOOL:
                return self.error(node, msg("model.joins_conditions", op=node.op, left=_TYPE_WORDS[left],
                                            right=_TYPE_WORDS[right]))
            return BOOL
        return self.error(node, msg("model.list_in_expression"))


# --- canonical text ----------------------------------------------------------

_PRECEDENCE = {"or": 1, "and": 2, "not": 3, "<": 4, "<=": 4, ">": 4, ">=": 4, "==": 4, "!=": 4,
               "+": 5, "-": 5, "*": 6, "/": 6}


def _canonical(node: n.Expr, aliases: Mapping[str, str], functions: Mapping[str, str] | None = None) -> n.Expr:
    """Replace Chinese variable aliases (and, given `functions`, function aliases) with their
    canonical names."""
    if isinstance(node, n.Name) and node.id in aliases:
        return n.Name(node.pos, aliases[node.id])
    if isinstance(node, n.Call):
        func = node.func
        if functions and func.id in functions:
            func = n.Name(func.pos, functions[func.id])
        return n.Call(node.pos, func, tuple(_canonical(a, aliases, functions) for a in node.args))
    if isinstance(node, n.Unary):
        return n.Unary(node.pos, node.op, _canonical(node.operand, aliases, functions))
    if isinstance(node, n.Binary):
        return n.Binary(node.pos, node.op, _canonical(node.left, aliases, functions),
                        _canonical(node.right, aliases, functions))
    if isinstance(node, n.List):
        return n.List(node.pos, tuple(_canonical(item, aliases, functions) for item in node.items))
    return node


def unparse(node: n.Expr, aliases: Mapping[str, str] | None = None) -> str:
    """Canonical text of a value or expression, with minimal parentheses."""
    aliases = aliases or {}

    def go(node: n.Expr, parent: int = 0, right: bool = False) -> str:
        if isinstance(node, n.Int):
            return str(node.value)
        if isinstance(node, n.Str):
            return quote(node.value)
        if isinstance(node, n.Name):
            return aliases.get(node.id, node.id)
        if isinstance(node, n.Call):
            return f"{node.func.id}(" + ", ".join(go(a) for a in node.args) + ")"
        if isinstance(node, n.List):
            return "[" + ", ".join(go(a) for a in node.items) + "]"
        if isinstance(node, n.Range):
            return f"{go(node.low, 9)}..{go(node.high, 9)}"
        if isinstance(node, n.Unary):
            prec = _PRECEDENCE["not"] if node.op == "not" else 7
            inner = go(node.operand, prec)
            text = f"not {inner}" if node.op == "not" else f"-{inner}"
            return f"({text})" if prec < parent else text
        if isinstance(node, n.Binary):
            prec = _PRECEDENCE[node.op]
            # Comparisons do not chain: parenthesise a comparison inside one.
            left = go(node.left, prec + (1 if prec == 4 else 0))
            right_text = go(node.right, prec + 1)
            text = f"{left} {node.op} {right_text}"
            return f"({text})" if prec < parent else text
        raise AssertionError(node)  # pragma: no cover

    return go(node)


# --- evaluation (the reference interpreter's way) ------------------------------

def evaluate(formula: Formula, variables: Mapping[str, Any], functions: Mapping[str, Callable]) -> Any:
    """Evaluate by walking the tree. `functions` supplies the variant-bound
    built-ins (gouji, carry_rule); the plain ones are defined here."""

    def go(node: n.Expr):
        if isinstance(node, n.Int):
            return node.value
        if isinstance(node, n.Name):
            if node.id in variables:
                return variables[node.id]
            return TRUE_WORDS[node.id]
        if isinstance(node, n.Call):
            fn = ALL_FUNCTIONS[node.func.id]
            args = []
            for arg, param in zip(node.args, fn.params):
                if param == RANK:
                    args.append(_card_of(arg))
                else:
                    args.append(go(arg))
            return functions[fn.name](*args)
        if isinstance(node, n.Unary):
            value = go(node.operand)
            return -value if node.op == "-" else not value
        if isinstance(node, n.Binary):
            if node.op == "and":
                return go(node.left) and go(node.right)
            if node.op == "or":
                return go(node.left) or go(node.right)
            a, b = go(node.left), go(node.right)
            return {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
                    "<": lambda: a < b, "<=": lambda: a <= b, ">": lambda: a > b,
                    ">=": lambda: a >= b, "==": lambda: a == b, "!=": lambda: a != b}[node.op]()
        raise AssertionError(node)  # pragma: no cover

    return go(formula.node)


def _card_of(node: n.Expr) -> str:
    word = str(node.value) if isinstance(node, n.Int) else node.id
    return CARD_ALIASES.get(word, word)


# --- the plain form the fast engines read -------------------------------------------

# A checked expression as nested tuples of strings and numbers: what a `Rules` setting holds (it
# prints as a literal in a generated engine, and the specialiser folds it into the code).
#   ("var", name) · ("const", value) · ("not", a) · ("neg", a) · (op, a, b) for and, or, ==, !=,
#   <, <=, >, >=, +, -, * · ("call", function, a, ...) · ("first", player, ..., fallback): the first
#   player still holding cards, else the last (a ChoiceT's list of players, `ChoiceT.plain`) ·
#   ("keys", number, ...): the numbers as a tuple, to rank players by
Predicate = tuple


def predicate(formula: Formula) -> Predicate:
    """`formula` as the plain tuples of a `Predicate`."""

    def go(node: n.Expr) -> Predicate:
        if isinstance(node, n.Int):
            return ("const", node.value)
        if isinstance(node, n.Name):
            if node.id in TRUE_WORDS:
                return ("const", TRUE_WORDS[node.id])
            return ("var", node.id)
        if isinstance(node, n.Call):
            return ("call", node.func.id, *(go(a) for a in node.args))
        if isinstance(node, n.Unary):
            return ("not" if node.op == "not" else "neg", go(node.operand))
        if isinstance(node, n.Binary):
            return (node.op, go(node.left), go(node.right))
        raise AssertionError(node)  # pragma: no cover - the checker admits nothing else

    return go(formula.node)
