"""The specialiser (gouji_dsl/backends/specialise): each stage on small functions, table-driven,
then what it makes of the whole flow for every variant."""
from __future__ import annotations

import ast
import inspect
import textwrap

import pytest

import gouji_dsl
from gouji_dsl.backends.specialise import constants, emit, fold, inline, known, locals as local_names, trees
from gouji_dsl.runtime import flow
from gouji_dsl.runtime.state import FIELDS
from strategies import ALL_ENGINE_VARIANTS, every_variant


def _known(variant: str = "lianzhong") -> known.Known:
    """What is known of a variant, as before its game was specialised: its module without the
    constants the specialiser made (`_RULE_OPPOSITE`, `_SEATS_AFTER_6`)."""
    namespace = dict(vars(gouji_dsl.engine(variant)))
    return known.Known({k: v for k, v in namespace.items() if not (k.startswith(("_RULE_", "_SEATS_AFTER")))})


def _settled(source: str, variant: str = "lianzhong") -> str:
    """One function through the stages a method goes through (without inlining), as text."""
    fn = ast.parse(textwrap.dedent(source)).body[0]
    known.settings_and_constants(fn, {}, set())
    k = _known(variant)
    while True:
        found = trees.names(fn)
        propagated, dropped = local_names.settle_locals(fn, found)
        if not (fold.fold_function(fn, k, found.local) | propagated | dropped):
            break
    body = "\n".join(ast.unparse(s) for s in fn.body)
    constants = "".join(f"\n# {name} = {text}" for name, text in sorted(k.constants.items()))
    return body + constants


# (what the function reads, the variant, what is left). Lianzhong: pass_rule round_except_opposite,
# defer yes, threes_last yes, no [ranks] constraints, 6 players; Shuangkou: no burning, no 无头.
FOLDS = [
    ("def f(self):\n    if self.r.pass_rule == 'once_per_round':\n        return 1\n    return 2", "lianzhong",
     "return 2"),
    ("def f(self, x):\n    r = self.r\n    return r.defer and x", "lianzhong", "return x"),
    ("def f(self, x):\n    return x and self.r.defer", "lianzhong", "return x and True"),  # the value of x may be the result
    ("def f(self, x):\n    if x and self.r.defer:\n        return 1\n    return 0", "lianzhong",
     "if x:\n    return 1\nreturn 0"),  # only its truth matters in a test
    ("def f(self, x, y):\n    return x if self.r.threes_last else y", "lianzhong", "return x"),
    ("def f(self):\n    return len(self.r.card_kinds) != 15", "lianzhong", "return False"),
    ("def f(self, hand):\n    for row in self.r.rank_rules:\n        hand = row\n    return hand", "lianzhong",
     "return hand"),
    ("def f(self, seat):\n    return seats_after(self.r.players)[seat]", "lianzhong",
     "return _SEATS_AFTER_6[seat]\n# _SEATS_AFTER_6 = seats_after(6)"),
    ("def f(self, hand, top):\n    has_answer = self.r.has_answer\n    if has_answer is None:\n        return 0\n"
     "    return has_answer(hand, top)", "lianzhong", "return _has_answer(hand, top)"),
    ("def f(self):\n    if not self.r.burn_allowed:\n        return False\n    return self.g()", "shuangkou",
     "return False"),
    ("def f(self, seat):\n    opp = self.r.opposite[seat]\n    return opp", "lianzhong",
     "opp = _RULE_OPPOSITE[seat]\nreturn opp\n# _RULE_OPPOSITE = RULES.opposite"),
    ("def f(self, x):\n    if self.r.headless_cause is None:\n        return\n    self.h(x)", "shuangkou", "return"),
    ("def f(self, x):\n    y = 3\n    if x:\n        pass\n    return y", "lianzhong", "return 3"),
    ("def f(self, x):\n    if self.r.chaos_starts_at is not None and x:\n        self.g()", "lianzhong",
     "if x:\n    self.g()"),
    # A rule's seat expression (burning.lift): lianzhong's is `yes`, zhoujxmt's opposite_or_headless;
    # written out with the seat functions' methods (which the inline stage then writes in).
    ("def f(self, a, b):\n    if a and self._holds(self.r.lift, burner=a, beater=b):\n        self.g()", "lianzhong",
     "if a:\n    self.g()"),
    ("def f(self, a, b):\n    return self._holds(self.r.lift, burner=a, beater=b)", "zhoujxmt",
     "return b == self._seat_opposite(a) or self._seat_headless(b)"),
    # An argument that is not a plain name stays with the interpreter.
    ("def f(self, a, b):\n    return self._holds(self.r.lift, burner=a, beater=b[0])", "zhoujxmt",
     "return self._holds(('or', ('==', ('var', 'beater'), ('call', 'opposite', ('var', 'burner'))), "
     "('call', 'headless', ('var', 'beater'))), burner=a, beater=b[0])"),
]


@pytest.mark.parametrize("source, variant, left", FOLDS)
def test_fold(source, variant, left):
    assert _settled(source, variant) == left


INLINES = [
    # (the methods, the caller's body after inlining)
    ({"_holding": "def _holding(self, seat):\n    return seat not in self.place_of",
      "f": "def f(self, x):\n    if not self._holding(x):\n        return 1"},
     "if not x not in self.place_of:\n    return 1"),
    # An argument with an effect is never moved into the expression.
    ({"_holding": "def _holding(self, seat):\n    return seat not in self.place_of",
      "f": "def f(self, q):\n    return self._holding(q.pop())"},
     "return self._holding(q.pop())"),
    # A parameter read twice takes a plain argument only.
    ({"_twice": "def _twice(self, s):\n    return s + s", "f": "def f(self, x):\n    return self._twice(x[0])"},
     "return self._twice(x[0])"),
    ({"_twice": "def _twice(self, s):\n    return s + s", "f": "def f(self, x):\n    return self._twice(x)"},
     "return x + x"),
    # A method that does nothing: its calls with plain arguments go.
    ({"_nothing": "def _nothing(self, s):\n    return", "f": "def f(self, x):\n    self._nothing(x)\n    return x"},
     "return x"),
    # if-return chains are one expression.
    ({"_pick": "def _pick(self, s):\n    if s:\n        return 1\n    return 2", "f": "def f(self, x):\n    return self._pick(x)"},
     "return 1 if x else 2"),
    # The expression's free names must not be the caller's locals.
    ({"_g": "def _g(self):\n    return answers", "f": "def f(self, answers):\n    return self._g()"},
     "return self._g()"),
]


@pytest.mark.parametrize("methods, left", INLINES)
def test_inline(methods, left):
    trees_ = {name: ast.parse(text).body[0] for name, text in methods.items()}
    inline.inline_methods(trees_)
    assert "\n".join(ast.unparse(s) for s in trees_["f"].body) == left


def test_emit_keeps_comments_and_breaks_long_lines():
    source = textwrap.dedent('''
        def f(self, x):
            # why this is done
            y = x  # and a note
            return (self.first_long_attribute_name and self.second_long_attribute_name
                    and self.third_long_attribute_name and self.fourth_long_attribute_name)
        ''')
    fn = ast.parse(source).body[0]
    for node in ast.walk(fn):
        if isinstance(node, ast.stmt):
            node.origin = "m"
    from gouji_dsl.backends.specialise.source import _comments

    printer = emit.Printer({"m": _comments(source)})
    printer.function(fn, "")
    lines = printer.lines
    assert lines[1] == "    # why this is done" and lines[2] == "    y = x  # and a note"
    assert all(len(line) <= emit.WIDTH for line in lines)
    assert ast.dump(ast.parse("\n".join(lines))) == ast.dump(ast.parse(source))


@pytest.mark.parametrize("name", every_variant(ALL_ENGINE_VARIANTS))
def test_every_setting_read_is_folded(name):
    """In the specialised game nothing reads a setting at run time: neither self.r.<x> nor
    RULES.<x> is left (RULES passed whole to a runtime function, as `returnable(RULES, ...)`, is)."""
    engine = gouji_dsl.engine(name)
    tree = ast.parse(inspect.getsource(engine.Game))
    for fn in tree.body[0].body:
        if isinstance(fn, ast.FunctionDef) and fn.name in ("clone", "_take_state"):
            fn.body = []  # they copy the field r itself, as every other field
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            assert not (node.value.id == "self" and node.attr == "r" and isinstance(node.ctx, ast.Load)), \
                f"{name}: self.r read at line {node.lineno}"
            assert node.value.id != "RULES", f"{name}: RULES.{node.attr} read at line {node.lineno}"


def _unused(module: ast.Module) -> list[str]:
    """Locals bound by an assignment and never read in their function, and names imported and
    never read in the module: what folding left behind."""
    found = []
    read_anywhere = {n.id for n in ast.walk(module) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    exported = {e.value for n in module.body if isinstance(n, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "__all__" for t in n.targets)
                for e in getattr(n.value, "elts", []) if isinstance(e, ast.Constant)}
    for node in module.body:
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            found += [f"import {a.asname or a.name}" for a in node.names
                      if (a.asname or a.name) not in read_anywhere | exported]
    for fn in ast.walk(module):
        if not isinstance(fn, ast.FunctionDef):
            continue
        reads = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        for statement in ast.walk(fn):
            if isinstance(statement, ast.Assign):
                for target in statement.targets:
                    # A tuple's names only from a tuple of values: unpacking a result names its parts.
                    if isinstance(target, ast.Tuple) and not isinstance(statement.value, ast.Tuple):
                        continue
                    names = target.elts if isinstance(target, ast.Tuple) else [target]
                    found += [f"{fn.name}: {t.id} (line {t.lineno})" for t in names
                              if isinstance(t, ast.Name) and t.id not in reads and t.id != "_"]
    return found


@pytest.mark.parametrize("name", every_variant(ALL_ENGINE_VARIANTS))
def test_the_generated_module_keeps_no_dead_local_or_import(name):
    """Folding leaves no binding nothing reads (`seats = range(1, 7)` of a buy the variant does not
    have, `burned = self.burn_of.get(seat)`, the unread names of a tuple assignment) and no import
    of a helper whose only caller was cut."""
    module = ast.parse(inspect.getsource(gouji_dsl.engine(name)))
    assert _unused(module) == []


def test_the_dead_binding_check_finds_them():
    assert _unused(ast.parse("from m import a, b\ndef f(self):\n    (x, y) = (self.p, self.q)\n    return a(x)\n")) \
        == ["import b", "f: y (line 3)"]


def test_unread_names_of_a_tuple_assignment_go_and_the_rest_stays():
    fn = ast.parse(textwrap.dedent("""
        def f(self):
            (a, b, c) = (self.x, self.burn_of.get(1), range(1, 7))
            seats = range(1, 7)
            return a
    """)).body[0]
    local_names.settle_locals(fn, trees.names(fn))
    assert ast.unparse(fn).splitlines()[1:] == ["    a = self.x", "    return a"]


@pytest.mark.parametrize("name", ALL_ENGINE_VARIANTS)
def test_the_specialised_game_has_the_api_of_the_flow(name):
    game = gouji_dsl.engine(name).Game
    public = {n for n, v in vars(flow.Game).items() if callable(v) and not n.startswith("_")}
    for base in flow.Game.__mro__[1:]:
        public |= {n for n, v in vars(base).items() if callable(v) and not n.startswith("_")}
    missing = {n for n in public if not callable(getattr(game, n, None))}
    assert not missing


def test_a_variant_without_burning_keeps_none_of_its_methods():
    game = gouji_dsl.engine("shuangkou").Game
    assert not any(hasattr(game, n) for n in ("_may_burn", "_restore_burned", "_last_chance", "_breaks_rank_rule"))
    assert all(hasattr(gouji_dsl.engine("lianzhong").Game, n) for n in ("_may_burn", "_restore_burned"))


def test_the_specialised_module_says_where_its_game_comes_from():
    text = inspect.getsource(gouji_dsl.engine("zaozhuang"))
    assert "# --- the game ---" in text and "gouji_dsl/runtime/flow.py's Game specialised" in text
    assert "class Game:" in text


def test_functions_that_return_a_constant_are_found_in_the_module_source():
    source = 'def a(x):\n    """doc"""\n    return False\n\n\ndef b(x):\n    return x\n\n\ndef c():\n    return (1, "2")\n'
    assert constants.constant_functions(source) == {"a": False, "c": (1, "2")}


def test_fields_never_changed_are_found_and_read_as_their_values():
    methods = {
        "_a": ast.parse("def _a(self, x):\n    self.chaos = False\n    self.top_free = x\n"
                        "    return x in self.before_threes and self.chaos").body[0],
        # filled through a local alias: never taken for empty
        "_b": ast.parse("def _b(self, s):\n    used = self.defer_used\n    used.add(s)\n    return s in self.defer_used").body[0],
        "_c": ast.parse("def _c(self, s):\n    self.obligation.discard(s)\n    if self.obligation:\n        return 1").body[0],
    }
    found = constants.constant_fields(methods)
    assert found["chaos"] == ("scalar", False) and "top_free" not in found
    assert found["before_threes"][0] == "empty" and found["obligation"][0] == "empty" and "defer_used" not in found
    for fn in methods.values():
        constants.read_constant_fields(fn, found)
    assert ast.unparse(methods["_a"].body[-1]) == "return x in () and False"
    # discarding from a container never filled changes nothing: gone; its truth read as an empty tuple's
    assert ast.unparse(methods["_c"]) == "def _c(self, s):\n    if ():\n        return 1"
    assert "self.chaos" not in ast.unparse(methods["_a"])  # storing its one value changes nothing


def test_a_field_set_outside_the_flow_is_never_constant():
    """new_position (runtime/game.py) sets `opened` and `headless` of a position."""
    assert {"opened", "headless", "place_of", "finish_order"} <= constants.stored_outside()


def test_in_an_empty_container_folds():
    assert _settled("def f(self, x):\n    return x in ()") == "return False"
    assert _settled("def f(self, x):\n    return x not in ()") == "return True"


def test_a_shuangkou_game_has_none_of_the_gouji_rules_code():
    """is_gouji returns False there, so the 级牌 flags never change, and all they guard is gone."""
    text = inspect.getsource(gouji_dsl.engine("shuangkou-qianbian").Game._advance)
    assert "top_gouji" not in text and "_may_answer" not in text and "passed_plain" in text


# Objects outside the flow whose attributes share names with a game's fields, and why they are
# not games: (module, receiver).
NOT_GAMES = {
    ("runtime/public_record.py", "self"),   # _Public (the public record)
    ("runtime/public_record.py", "other"),  # a copy of a _Public
    ("runtime/observe.py", "self"),   # _View (a seat's tensor blocks)
    ("runtime/observe.py", "view"),   # a _View
    ("runtime/pattern_moves.py", "self"),  # Moves (its own tables)
    ("bots/heuristic.py", "self"),    # the bot
    ("play/conform.py", "self"),      # the conformance runner's records
    ("play/conform.py", "report"),
    ("integrations/openspiel.py", "self"),  # the pyspiel state's deal
    ("integrations/pettingzoo.py", "self"),  # the environment
}


def test_every_change_of_a_game_field_outside_the_flow_is_known_to_the_specialiser():
    """The specialiser takes a field nothing changes for constant: a change it does not see
    (a game reached through a name it does not know) would be a wrong engine. Every change of an
    attribute named like a field is either on a game it sees or on an object known not to be one."""
    fields = {f.name for f in FIELDS}
    seen = set(constants.stored_outside())
    unknown = []
    for path, tree in constants._game_user_trees():
        module = str(path.relative_to(constants.PACKAGE))
        mixins = constants._mixin_classes(tree)
        in_mixins = {id(n) for c in tree.body if isinstance(c, ast.ClassDef) and c.name in mixins for n in ast.walk(c)}
        for node in ast.walk(tree):
            name = constants._changed_attribute(node)
            if name not in fields:
                continue
            receiver = dict(constants.changes(node)).get(name) if not isinstance(node, ast.Call) else \
                ast.unparse(node.func.value.value)
            counted = receiver in constants.GAME_NAMES or (receiver == "self" and id(node) in in_mixins)
            if counted:
                assert name in seen
            elif (module, receiver) not in NOT_GAMES:
                unknown.append((module, node.lineno, name, receiver))
    assert not unknown, "changes of game fields the specialiser does not see: " + repr(unknown)
