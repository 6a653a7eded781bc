"""Writing the specialised game out: statements as `ast.unparse` writes them, compound statements
and docstrings as a person would, the comments of the flow's source kept above (or after) the
statements they were written for, and long lines broken at `and`/`or` and between arguments.

The same trees give the same text: the output depends on nothing but them and the source's
comments.
"""
from __future__ import annotations

import ast

from gouji_dsl.backends.specialise.source import Comments

WIDTH = 120
INDENT = "    "


class Printer:
    """Prints one function (or a class's methods) into lines."""

    def __init__(self, comments: dict[str, Comments]):
        self.comments = comments
        self.lines: list[str] = []
        self.shown: set[tuple[str, int]] = set()  # comment lines printed (never twice)

    # --- comments ----------------------------------------------------------------------

    def _above(self, statement: ast.stmt, indent: str) -> None:
        origin = getattr(statement, "origin", None)
        if origin is None or not hasattr(statement, "lineno"):
            return
        notes = self.comments[origin]
        for offset, text in enumerate(notes.above(statement.lineno)):
            line = statement.lineno - len(notes.above(statement.lineno)) + offset
            if (origin, line) not in self.shown:
                self.shown.add((origin, line))
                self.lines.append(indent + text)

    def _after(self, statement: ast.stmt) -> str:
        origin = getattr(statement, "origin", None)
        if origin is None or not hasattr(statement, "lineno"):
            return ""
        text = self.comments[origin].after(statement.lineno)
        if text is None or (origin, statement.lineno) in self.shown:
            return ""
        self.shown.add((origin, statement.lineno))
        return "  " + text

    # --- statements ----------------------------------------------------------------------

    def block(self, statements: list[ast.stmt], indent: str) -> None:
        for statement in statements:
            self.statement(statement, indent)

    def statement(self, s: ast.stmt, indent: str) -> None:
        self._above(s, indent)
        if isinstance(s, ast.FunctionDef):
            self.function(s, indent)
        elif isinstance(s, ast.If):
            self._if(s, indent, "if")
        elif isinstance(s, ast.While):
            self._header(s, indent, "while ", s.test, ":")
            self.block(s.body, indent + INDENT)
            self._else(s.orelse, indent)
        elif isinstance(s, ast.For):
            self._header(s, indent, f"for {ast.unparse(s.target)} in ", s.iter, ":")
            self.block(s.body, indent + INDENT)
            self._else(s.orelse, indent)
        elif isinstance(s, ast.With):
            items = ", ".join(ast.unparse(item) for item in s.items)
            self.lines.append(f"{indent}with {items}:{self._after(s)}")
            self.block(s.body, indent + INDENT)
        elif isinstance(s, ast.Try):
            self.lines.append(f"{indent}try:{self._after(s)}")
            self.block(s.body, indent + INDENT)
            for handler in s.handlers:
                head = "except"
                if handler.type is not None:
                    head += " " + ast.unparse(handler.type)
                if handler.name:
                    head += " as " + handler.name
                self.lines.append(f"{indent}{head}:")
                self.block(handler.body, indent + INDENT)
            self._else(s.orelse, indent)
            if s.finalbody:
                self.lines.append(f"{indent}finally:")
                self.block(s.finalbody, indent + INDENT)
        elif isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) and isinstance(s.value.value, str):
            self.lines.extend(docstring(s.value.value, indent))
        else:
            self.simple(s, indent)

    def _if(self, s: ast.If, indent: str, word: str) -> None:
        self._header(s, indent, word + " ", s.test, ":")
        self.block(s.body, indent + INDENT)
        if len(s.orelse) == 1 and isinstance(s.orelse[0], ast.If):  # `else: if` is `elif`
            self._above(s.orelse[0], indent)
            self._if(s.orelse[0], indent, "elif")
        else:
            self._else(s.orelse, indent)

    def _else(self, orelse: list[ast.stmt], indent: str) -> None:
        if orelse:
            self.lines.append(f"{indent}else:")
            self.block(orelse, indent + INDENT)

    def _header(self, s: ast.stmt, indent: str, head: str, expression: ast.expr, tail: str) -> None:
        after = self._after(s)
        for line in wrapped(indent, head, expression, tail, continuation=indent + 2 * INDENT):
            self.lines.append(line)
        self.lines[-1] += after

    def simple(self, s: ast.stmt, indent: str) -> None:
        after = self._after(s)
        head, expression = _split(s)
        if expression is None:
            text = ast.unparse(s)
            self.lines.extend(indent + line for line in text.splitlines())
        else:
            self.lines.extend(wrapped(indent, head, expression, "", continuation=indent + INDENT))
        self.lines[-1] += after

    def function(self, fn: ast.FunctionDef, indent: str) -> None:
        for decorator in fn.decorator_list:
            self.lines.append(f"{indent}@{ast.unparse(decorator)}")
        signature = ast.unparse(fn.args)
        returns = f" -> {ast.unparse(fn.returns)}" if fn.returns is not None else ""
        head = f"{indent}def {fn.name}({signature}){returns}:"
        if len(head) > WIDTH:
            head = f"{indent}def {fn.name}(\n{indent}{2 * INDENT}{signature}){returns}:"
        self.lines.append(head)
        self.block(fn.body, indent + INDENT)


def docstring(text: str, indent: str) -> list[str]:
    """A docstring as it was written (its continuation lines keep the indentation they had)."""
    if '"""' in text or "\\" in text or text.endswith('"'):
        return [indent + repr(text)]
    return (indent + '"""' + text + '"""').splitlines()


def _split(s: ast.stmt) -> tuple[str, ast.expr | None]:
    """A simple statement as (its text before the expression that may be wrapped, that expression)."""
    if isinstance(s, ast.Return) and s.value is not None:
        return "return ", s.value
    if isinstance(s, ast.Assign):
        return " = ".join(ast.unparse(t) for t in s.targets) + " = ", s.value
    if isinstance(s, ast.AugAssign):
        return f"{ast.unparse(s.target)} {_AUG[type(s.op)]}= ", s.value
    if isinstance(s, ast.Expr):
        return "", s.value
    if isinstance(s, ast.Raise) and s.exc is not None and s.cause is None:
        return "raise ", s.exc
    return "", None


# Operands that need parentheses inside `a and b` / `a or b`.
_LOOSER_THAN_AND = (ast.BoolOp, ast.IfExp, ast.Lambda, ast.NamedExpr)
_AUG = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
        ast.BitOr: "|", ast.BitAnd: "&", ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>", ast.Pow: "**"}


def wrapped(indent: str, head: str, expression: ast.expr, tail: str, continuation: str) -> list[str]:
    """`indent + head + expression + tail`, on one line if it fits, else broken: a boolean
    expression at its `and`s / `or`s (in parentheses), a call between its arguments."""
    text = ast.unparse(expression)
    line = indent + head + text + tail
    if len(line) <= WIDTH:
        return [line]
    if isinstance(expression, ast.BoolOp):
        word = " and " if isinstance(expression.op, ast.And) else " or "
        parts = [f"({ast.unparse(v)})" if isinstance(v, _LOOSER_THAN_AND) else ast.unparse(v) for v in expression.values]
        return _fill(indent + head + "(", [parts[0]] + [word.lstrip() + p for p in parts[1:]], ")" + tail,
                     continuation, " ")
    if isinstance(expression, ast.Call) and not expression.keywords and expression.args:
        start = indent + head + ast.unparse(expression.func) + "("
        parts = [ast.unparse(a) for a in expression.args]
        return _fill(start, [p + "," for p in parts[:-1]] + [parts[-1]], ")" + tail, " " * len(start), " ")
    if isinstance(expression, ast.Call) and expression.keywords:
        start = indent + head + ast.unparse(expression.func) + "("
        parts = [ast.unparse(a) for a in expression.args] + [ast.unparse(k) for k in expression.keywords]
        return _fill(start, [p + "," for p in parts[:-1]] + [parts[-1]], ")" + tail, " " * len(start), " ")
    return [line]


def _fill(start: str, parts: list[str], end: str, continuation: str, gap: str) -> list[str]:
    """The parts greedily filled into lines of at most WIDTH (a part longer than a line alone)."""
    lines = [start + parts[0]]
    for part in parts[1:]:
        if len(lines[-1]) + len(gap) + len(part) <= WIDTH:
            lines[-1] += gap + part
        else:
            lines.append(continuation + part)
    lines[-1] += end
    return lines
