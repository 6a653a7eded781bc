"""Stage 1: source text -> syntax tree (`nodes.File`), or located diagnostics.

Rule files are untrusted: bytes that are not UTF-8, NUL bytes, absurd
nesting and numbers too large to mean anything all become diagnostics here,
never tracebacks.
"""
from __future__ import annotations

import codecs
import functools
import hashlib
import re
import unicodedata

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from gouji_dsl.lang import nodes as n
from gouji_dsl.diagnostics import Diagnostic, Pos, RuleErrors
from gouji_dsl.messages import Message, msg, suggest
from gouji_dsl.paths import grammar_path

MAX_DEPTH = 40          # brackets and operators nested inside one value
MAX_INT_DIGITS = 9      # no rule needs a number above 999,999,999
MAX_FILE_BYTES = 1_000_000
# Lines of a rule file, each line break (\n, \r\n or a bare \r) ending one: every line costs
# the excerpts, the formatter and the rulebook's source listing (a numbered, anchored row
# each) though it holds no token, so 1 MB of bare \r must not pass as a million lines.
# 50,000 is 230 times the longest standard file (gouji.gouji, 217 lines), room for a file
# that is mostly comments.
MAX_LINES = 50_000

# A token in words (a Message), or as it is written (a str: code, the same in every language).
_FRIENDLY: dict[str, Message | str] = {
    "NAME": msg("syntax.token_name"), "VNAME": msg("syntax.token_variant_name"), "INT": msg("syntax.token_number"),
    "STRING": msg("syntax.token_string"), "CITE": msg("syntax.token_citation"), "_NL": msg("syntax.end_of_line"),
    "$END": msg("syntax.end_of_file"),
    "LSQB": "'['", "RSQB": "']'", "LPAR": "'('", "RPAR": "')'", "COMMA": "','",
    "EQUAL": "'='", "PLUS_EQ": "'+='", "MINUS_EQ": "'-='", "VBAR": "'|'", "MINUS": "'-'",
    "ADD_OP": msg("syntax.token_add_op"), "MUL_OP": msg("syntax.token_mul_op"),
    "COMP_OP": msg("syntax.token_comparison"), "ABSTRACT": "'abstract'",
    "VARIANT": "'variant'", "_EXTENDS": "'extends'", "_AND": "'and'", "_OR": "'or'",
    "_NOT": "'not'", "__ANON_0": "'..'", "DOT": "'.'",
}


@functools.lru_cache(maxsize=1)
def _lark() -> Lark:
    return Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr",
                propagate_positions=True, maybe_placeholders=False)


# The start symbols of one statement read alone (parse_piece). A parser of their own: more start
# symbols change LALR's tables, and the whole-file parser's messages must not change with them.
PIECE_STARTS = {"header": "start", "section": "section_alone", "entry": "entry"}


@functools.lru_cache(maxsize=1)
def _piece_lark() -> Lark:
    return Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr", propagate_positions=True,
                maybe_placeholders=False, start=list(PIECE_STARTS.values()))


def _utf16(data: bytes) -> bool:
    """Is this text saved as UTF-16 (Windows editors' "Unicode")? A byte-order mark, or ASCII
    text with every other byte NUL: a header such as `variant club` starts with ASCII."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return True
    head = data[:64]
    return len(head) >= 8 and (head[1::2].count(0) == len(head) // 2 or head[0::2].count(0) == len(head) // 2)


def normalise_line_breaks(text: str) -> str:
    """`text` with every line break `\n`: `\r\n` and a bare `\r` (old Mac editors) each end a
    line, in the parser, its positions, the excerpts of messages and the rulebook alike."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _line_at(data: bytes, offset: int) -> int:
    """The line number of byte `offset`, counting line breaks as normalise_line_breaks does."""
    before = data[:offset]
    return before.count(b"\n") + before.count(b"\r") - before.count(b"\r\n") + 1


def _column_at(data: bytes, offset: int) -> int:
    return offset - max(data.rfind(b"\n", 0, offset), data.rfind(b"\r", 0, offset))


def decode(data: bytes, name: str) -> str:
    if len(data) > MAX_FILE_BYTES:
        raise RuleErrors([Diagnostic(Pos(name, 1, 1), msg("syntax.file_too_large", size=len(data), limit=MAX_FILE_BYTES))])
    if _utf16(data):
        raise RuleErrors([Diagnostic(Pos(name, 1, 1), msg("syntax.utf16"),
                                     hint=msg("syntax.utf16_hint"))])
    if b"\x00" in data:
        line = _line_at(data, data.index(b"\x00"))
        raise RuleErrors([Diagnostic(Pos(name, line, 1), msg("syntax.nul_byte"))])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _line_at(data, exc.start), _column_at(data, exc.start)
        raise RuleErrors([Diagnostic(Pos(name, line, col),
                                     msg("syntax.not_utf8", byte=data[exc.start]),
                                     hint=msg("syntax.save_as_utf8"))]) from None
    return text.removeprefix("\ufeff")


# Trees of files up to this size are kept, the newest CACHED_FILES of them: every workspace
# reads the standard variants' files (and a test suite or a long process makes many workspaces),
# and a tree is immutable (frozen dataclasses and tuples), so one parse serves them all. Larger
# files are parsed each time, so the cache stays small whatever files come.
CACHED_FILE_SIZE = 64 * 1024
CACHED_FILES = 64


def parse_text(text: str, name: str = "<string>") -> n.File:
    """The syntax tree of rule file text (`name` is how diagnostics cite it); raises RuleErrors."""
    if len(text) <= CACHED_FILE_SIZE:
        return _parse_cached(text, name)
    return _parse(text, name)


@functools.lru_cache(maxsize=CACHED_FILES)
def _parse_cached(text: str, name: str) -> n.File:
    return _parse(text, name)  # a RuleErrors raised is not kept: a bad file is parsed again


def _parse(text: str, name: str) -> n.File:
    text = normalise_line_breaks(text)
    _check_line_count(text, name)
    _check_characters(text, name)
    _check_full_width(text, name)
    _check_depth(text, name)
    try:
        tree = _lark().parse(text if text.endswith("\n") else text + "\n")
    except UnexpectedInput as exc:
        raise RuleErrors([_syntax_diagnostic(exc, text, name)]) from None
    except LarkError as exc:  # pragma: no cover - any other parser failure is still the file's fault
        raise RuleErrors([Diagnostic(Pos(name, 1, 1), msg("syntax.cannot_parse", error=str(exc)))]) from None
    builder = _Builder(name)
    file = builder.file(tree, comments_of(text), hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest())
    if builder.errors:
        raise RuleErrors(builder.errors)
    return file


Piece = n.File | n.Section | n.Entry


def parse_piece(text: str, name: str, kind: str) -> tuple[Piece, int]:
    """One statement of a rule file read alone, and how many tokens it holds (for the editor's
    error-tolerant parse, gouji_dsl/service/tolerant.py). `kind` is "header" (the header line and
    anything before the first section: a File without sections), "section" (a `[name]` line: a
    Section without entries) or "entry" (a setting, or a table with its rows). Line numbers count
    from the piece's first line. Raises RuleErrors with what the whole-file parser would say."""
    text = normalise_line_breaks(text)
    _check_characters(text, name)
    _check_full_width(text, name)
    tokens = _check_depth(text, name)
    try:
        tree = _piece_lark().parse(text if text.endswith("\n") else text + "\n", start=PIECE_STARTS[kind])
    except UnexpectedInput as exc:
        raise RuleErrors([_syntax_diagnostic(exc, text, name)]) from None
    except LarkError as exc:  # pragma: no cover - as in _parse
        raise RuleErrors([Diagnostic(Pos(name, 1, 1), msg("syntax.cannot_parse", error=str(exc)))]) from None
    builder = _Builder(name)
    piece: Piece
    if kind == "header":
        piece = builder.file(tree, comments_of(text), "")
    elif kind == "section":
        piece = n.Section(builder.pos(tree), n.Name(builder.pos(tree.children[0]), str(tree.children[0])), ())
    else:
        piece = builder.entry(tree)
    if builder.errors:
        raise RuleErrors(builder.errors)
    return piece, tokens


def check_size(text: str, name: str) -> None:
    """Refuse a text over the line cap (RuleErrors): what any parse of it checks first."""
    _check_line_count(text, name)


def _check_line_count(text: str, name: str) -> None:
    lines = text.count("\n") + (not text.endswith("\n"))
    if lines > MAX_LINES:
        raise RuleErrors([Diagnostic(Pos(name, MAX_LINES + 1, 1), msg("syntax.too_many_lines", lines=lines, limit=MAX_LINES),
                                     hint=msg("syntax.too_many_lines_hint"))])


def _check_characters(text: str, name: str) -> None:
    for lineno, line in enumerate(text.split("\n"), 1):
        for col, ch in enumerate(line, 1):
            if ch not in "\t\u3000" and not ch.isprintable():
                raise RuleErrors([Diagnostic(Pos(name, lineno, col),
                                             msg("syntax.control_character", code=ord(ch)))])


# Punctuation a Chinese input method types in full width: what it is called and
# the half-width character the rule language uses instead (None: none at all).
FULL_WIDTH: dict[str, tuple[Message, str | None]] = {
    "，": (msg("syntax.full_width_comma"), ","), "、": (msg("syntax.ideographic_comma"), ","),
    "＝": (msg("syntax.full_width_equals"), "="),
    "【": (msg("syntax.chinese_bracket"), "["), "】": (msg("syntax.chinese_bracket"), "]"),
    "“": (msg("syntax.chinese_quotation_mark"), '"'), "”": (msg("syntax.chinese_quotation_mark"), '"'),
    "‘": (msg("syntax.chinese_quotation_mark"), '"'), "’": (msg("syntax.chinese_quotation_mark"), '"'),
    "（": (msg("syntax.full_width_parenthesis"), "("), "）": (msg("syntax.full_width_parenthesis"), ")"),
    "：": (msg("syntax.full_width_colon"), ":"), "；": (msg("syntax.full_width_semicolon"), None),
    "。": (msg("syntax.ideographic_full_stop"), None),
    "｜": (msg("syntax.full_width_bar"), "|"), "＠": (msg("syntax.full_width_at_sign"), "@"),
    "＃": (msg("syntax.full_width_number_sign"), "#"),
    "\u3000": (msg("syntax.ideographic_space"), " "),
}
_QUOTES = "“”‘’"
MAX_FULL_WIDTH_REPORTS = 20  # a file typed wholly in full width needs no more to be understood


def _full_width(ch: str) -> tuple[Message, str | None] | None:
    """(name, half-width replacement) of a full-width character, else None."""
    if ch in FULL_WIDTH:
        return FULL_WIDTH[ch]
    if "\uff01" <= ch <= "\uff5e":  # the full-width forms of ASCII: ６, Ａ, ＜, ...
        return msg("syntax.full_width_character"), unicodedata.normalize("NFKC", ch)
    return None


def _full_width_hint(ch: str, half: str | None, before: str) -> Message:
    """What to type instead of `ch`, which follows `before` on its line."""
    if half is None:
        return suggest("syntax.remove_full_width", "", 1, char=ch)
    if half == " ":
        return suggest("syntax.use_ordinary_space", " ", 1, char=ch)
    words = before.split()
    if ch == "：" and not (words and words[-1].startswith(("@", "＠"))):
        # Not in a citation (@000:L15): `key：value`, and a setting is written with '='.
        return suggest("syntax.use_equals", "=", 1, char=ch)
    return suggest("syntax.use_half_width", half, 1, half=half, char=ch)


def _check_full_width(text: str, name: str) -> None:
    """Report full-width punctuation outside strings and comments, each with the
    half-width character to type instead. Inside strings and comments it is text."""
    found: list[Diagnostic] = []
    for lineno, line in enumerate(text.split("\n"), 1):
        quote = None  # the quote that opened the string we are in: '"' or a full-width one
        escaped = False
        for col, ch in enumerate(line, 1):
            if quote == '"':
                if escaped:
                    escaped = False
                elif ch == "\\":
                    escaped = True
                elif ch == '"':
                    quote = None
                continue
            if quote is None and ch == "#":
                break
            if quote is None and ch == '"':
                quote = '"'
                continue
            if quote is not None and ch not in _QUOTES:
                continue  # inside a string opened by a full-width quote: its text is fine
            what = _full_width(ch)
            if what is None:
                continue
            found.append(Diagnostic(Pos(name, lineno, col), msg("syntax.full_width_outside", what=what[0], char=ch),
                                    _full_width_hint(ch, what[1], line[:col - 1])))
            if ch in _QUOTES:
                # The author meant a string: its text is not punctuation to report.
                quote = None if quote is not None else ch
            elif ch == "＃":
                break  # the author meant a comment
            if len(found) >= MAX_FULL_WIDTH_REPORTS:
                raise RuleErrors(found)
    if found:
        raise RuleErrors(found)


# The tokens that matter to the nesting guard, as the grammar's lexer splits a
# line: a whole string (escapes included), the start of a comment or of an
# unterminated string (the rest of the line is never code), brackets,
# operators, numbers and names. Anything else is one character the parser
# will refuse on its own.
_GUARD_TOKEN = re.compile(r"""
    (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<stop>[#"])
  | (?P<open>[(\[])
  | (?P<close>[)\]])
  | (?P<assign>[+-]=)
  | (?P<op><=|>=|==|!=|[-+*<>])
  | [0-9]+
  | (?P<word>[A-Za-z_\u3400-\u9fff][A-Za-z0-9_\u3400-\u9fff]*)
  | .
""", re.VERBOSE)
_WORD_OPERATORS = {"and", "or", "not"}
MAX_OPERATORS = 4 * MAX_DEPTH  # per line: a value never spans lines
# The parse tree costs about 1 KB of memory and 50 microseconds per token, so the
# tokens of a file are bounded, not just its bytes: 20,000 is 16 times the largest
# standard file (gouji.gouji, about 1,250), and checks in about a second. Text in
# strings and comments costs almost nothing and does not count.
MAX_TOKENS = 20_000


def _check_depth(text: str, name: str) -> int:
    """Refuse pathological nesting, and files of absurd size, before the parser
    builds a deep or huge tree; return the number of tokens.

    Counts tokens, not characters: brackets and operators inside strings and
    comments are text and never count, and an escaped quote does not end a
    string, so nothing the parser sees as code escapes the count."""
    tokens = 0
    for lineno, line in enumerate(text.split("\n"), 1):
        depth = 0
        ops = 0
        for token in _GUARD_TOKEN.finditer(line):
            kind = token.lastgroup
            if kind == "stop":
                break
            col = token.start() + 1
            if not token.group().isspace():
                tokens += 1
                if tokens > MAX_TOKENS:
                    raise RuleErrors([Diagnostic(Pos(name, lineno, col),
                                                 msg("syntax.too_many_tokens", limit=MAX_TOKENS),
                                                 hint=msg("syntax.too_many_tokens_hint"))])
            if kind == "open":
                depth += 1
                if depth > MAX_DEPTH:
                    raise RuleErrors([Diagnostic(Pos(name, lineno, col),
                                                 msg("syntax.nested_too_deep", limit=MAX_DEPTH),
                                                 hint=msg("syntax.nested_too_deep_hint"))])
            elif kind == "close":
                depth = max(depth - 1, 0)  # a stray ')' is the parser's to report
            elif kind == "op" or (kind == "word" and token.group() in _WORD_OPERATORS):
                ops += 1
                if ops > MAX_OPERATORS:
                    raise RuleErrors([Diagnostic(Pos(name, lineno, col),
                                                 msg("syntax.too_many_operators", limit=MAX_OPERATORS),
                                                 hint=msg("syntax.too_many_operators_hint"),
                                                 span=len(token.group()))])
    return tokens


def comments_of(text: str) -> tuple[n.Comment, ...]:
    """Comments with their lines; strings never span lines, so a scan is exact."""
    found = []
    for lineno, line in enumerate(text.split("\n"), 1):
        in_string = False
        escaped = False
        for i, ch in enumerate(line):
            if in_string:
                if escaped:
                    escaped = False
                elif ch == "\\":
                    escaped = True
                elif ch == '"':
                    in_string = False
            elif ch == '"':
                in_string = True
            elif ch == "#":
                found.append(n.Comment(lineno, line[i:].rstrip(), bool(line[:i].strip())))
                break
    return tuple(found)


def _friendly(term: str) -> Message | str:
    if term in _FRIENDLY:
        return _FRIENDLY[term]
    return term.lower()


def _syntax_diagnostic(exc: UnexpectedInput, text: str, name: str) -> Diagnostic:
    lines = text.split("\n")
    line = getattr(exc, "line", None) or 1
    col = getattr(exc, "column", None) or 1
    if isinstance(exc, UnexpectedCharacters):
        ch = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else "?"
        hint = None
        if ch == "'":
            hint = msg("syntax.single_quotes_hint")
        elif ch == '"':
            hint = msg("syntax.unclosed_string_hint")
        elif ch == ":":
            hint = msg("syntax.use_equals", char=ch)
        elif ch == "." and text[exc.pos_in_stream - 1:exc.pos_in_stream].isdigit() \
                and text[exc.pos_in_stream + 1:exc.pos_in_stream + 2].isdigit():
            hint = msg("syntax.decimal_point_hint")
        return Diagnostic(Pos(name, line, col), msg("syntax.unexpected_character", char=ch), hint)
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        missing = _missing_value(exc, lines)
        if missing is not None:
            return Diagnostic(Pos(name, missing[0], missing[1]), msg("syntax.missing_value", name=missing[2]),
                              msg("syntax.missing_value_hint"))
        if tok.type == "$END":
            line = len(lines)
            col = len(lines[-1]) + 1 if lines else 1
            got: Message | str = msg("syntax.end_of_file")
        elif tok.type == "_NL":
            got = msg("syntax.end_of_line")
            # Point at the end of the line, not the start of the next.
            line = tok.line
            col = tok.column
        else:
            got = repr(str(tok))
        if "VARIANT" in exc.expected:
            message = msg("syntax.expected_header", got=got)
        elif "_NL" in exc.expected and tok.type not in ("_NL", "$END"):
            # A complete statement followed by more: the common case is two values.
            message = msg("syntax.expected_end_of_line", got=got)
        else:
            terms = set(exc.expected)
            if "EQUAL" in terms:  # `+=` and `-=` are for tables only; a plain '=' is what to suggest
                terms -= {"PLUS_EQ", "MINUS_EQ"}
            # Sorted as the English words are, so the list reads the same in every language.
            expected = sorted({_friendly(t) for t in terms if not t.startswith("__ANON") or t == "__ANON_0"},
                              key=lambda word: word.text("en") if isinstance(word, Message) else word)
            message = msg("syntax.unexpected_token", got=got, expected=_join(expected))
        hint = _syntax_hint(tok, exc.expected, lines, line)
        return Diagnostic(Pos(name, line, col), message, hint, span=max(len(str(tok)) if tok.type not in ("_NL", "$END") else 1, 1))
    if isinstance(exc, UnexpectedEOF):
        return Diagnostic(Pos(name, len(lines), 1), msg("syntax.unexpected_end_of_file"))
    return Diagnostic(Pos(name, line, col), msg("syntax.syntax_error"))


def _missing_value(exc: UnexpectedToken, lines: list[str]) -> tuple[int, int, str] | None:
    """(line, column, key) of a `key =` left without a value, when the parser, reading on for
    the table that may start on the next line, stops at that line: the mistake is on the line
    of the '=', not on the next."""
    if "VBAR" not in exc.expected or exc.token.type == "VBAR":
        return None
    # The line before the token's, counted from 0 (the end of the file has no line: its last line's).
    index = (exc.token.line if exc.token.type != "$END" and exc.token.line else len(lines) + 1) - 2
    while index >= 0 and not lines[index].split("#", 1)[0].strip():
        index -= 1  # blank lines and comments between the '=' and the next line
    if index < 0:
        return None
    code = lines[index].split("#", 1)[0].rstrip()
    if not code.endswith("=") or code.endswith(("+=", "-=")) or "=" in code[:-1]:
        return None
    return index + 1, len(code), code[:-1].strip()


def _syntax_hint(tok: Token, expected: set[str], lines: list[str], line: int) -> Message | None:
    if line == 1 or "VARIANT" in expected or "ABSTRACT" in expected:
        if "VARIANT" in expected:
            return msg("syntax.header_hint")
    if tok.type in ("NAME", "VNAME") and "LSQB" in expected:  # a word both may lex as
        return msg("syntax.section_hint")
    if "EQUAL" in expected:
        return msg("syntax.setting_hint")
    if "_NL" in expected and tok.type not in ("_NL", "$END"):
        return msg("syntax.one_value_hint")
    if "VBAR" in expected:
        return msg("syntax.table_row_hint")
    return None


def _join(items: list[Message | str]) -> Message | str:
    """"a, b or c": the words of `items`, in the reader's language when shown."""
    if not items:
        return msg("syntax.nothing")
    if len(items) == 1:
        return items[0]
    if len(items) > 8:
        items = items[:8] + [msg("syntax.and_more")]
    first = items[0]
    for item in items[1:-1]:
        first = msg("syntax.comma", first=first, then=item)
    return msg("syntax.or", first=first, last=items[-1])


class _Builder:
    """Lark tree -> nodes, checking literals on the way."""

    def __init__(self, name: str):
        self.name = name
        self.errors: list[Diagnostic] = []

    def pos(self, item: Tree | Token) -> Pos:
        if isinstance(item, Token):
            return Pos(self.name, item.line or 1, item.column or 1)
        meta = item.meta
        return Pos(self.name, getattr(meta, "line", 1) or 1, getattr(meta, "column", 1) or 1)

    def file(self, tree: Tree, comments: tuple[n.Comment, ...], digest: str) -> n.File:
        header_tree, *section_trees = tree.children
        header = self.header(header_tree)
        sections = tuple(self.section(t) for t in section_trees)
        return n.File(header.pos, header, sections, comments, digest)

    def header(self, tree: Tree) -> n.Header:
        abstract = False
        names: list[n.Name] = []
        cites: list[n.Cite] = []
        for child in tree.children:
            if isinstance(child, Token) and child.type == "ABSTRACT":
                abstract = True
            elif isinstance(child, Token) and child.type == "VNAME":
                names.append(n.Name(self.pos(child), str(child)))
            elif isinstance(child, Tree) and child.data == "cite":
                cites.append(self.cite(child))
        return n.Header(self.pos(tree), names[0], names[1] if len(names) > 1 else None, abstract, tuple(cites))

    def section(self, tree: Tree) -> n.Section:
        name_tok, *entries = tree.children
        return n.Section(self.pos(tree), n.Name(self.pos(name_tok), str(name_tok)),
                         tuple(self.entry(e) for e in entries))

    def entry(self, tree: Tree) -> n.Entry:
        key_tok, *rest = tree.children
        key = n.Name(self.pos(key_tok), str(key_tok))
        op, op_pos = n.REPLACE, None
        if rest and isinstance(rest[0], Token):  # `+=` or `-=`; a plain `=` leaves no token
            op, op_pos = str(rest[0]), self.pos(rest[0])
            rest = rest[1:]
        if tree.data == "setting":
            value = self.value(rest[0])
            cites = tuple(self.cite(c) for c in rest[1:])
            return n.Setting(self.pos(tree), key, value, cites, op, op_pos)
        cites = tuple(self.cite(c) for c in rest if c.data == "cite")
        rows = [self.row(c) for c in rest if c.data == "row"]
        header, body = rows[0], rows[1:]
        columns = []
        for cell, pos in zip(header.cells, [header.pos] * len(header.cells)):
            if isinstance(cell, n.Name):
                columns.append(cell)
            else:
                where = cell.pos if cell is not None else pos
                self.errors.append(Diagnostic(where, msg("syntax.column_names"),
                                              hint=msg("syntax.column_names_hint")))
                columns.append(n.Name(where, "?"))
        if header.cites:
            self.errors.append(Diagnostic(header.cites[0].pos, msg("syntax.column_row_citation"),
                                          hint=msg("syntax.column_row_citation_hint")))
        return n.Table(self.pos(tree), key, tuple(columns), tuple(body), cites, op, op_pos)

    def row(self, tree: Tree) -> n.Row:
        cells = []
        cites = []
        for child in tree.children:
            if child.data == "cell":
                cells.append(self.value(child.children[0]) if child.children else None)
            else:
                cites.append(self.cite(child))
        return n.Row(self.pos(tree), tuple(cells), tuple(cites))

    def cite(self, tree: Tree) -> n.Cite:
        tok = tree.children[0]
        m = re.fullmatch(r"@([A-Za-z0-9]+)(?::L([0-9]+)(?:-([0-9]+))?)?", str(tok))
        assert m is not None
        first = self.small_int(m.group(2), self.pos(tok)) if m.group(2) else None
        last = self.small_int(m.group(3), self.pos(tok)) if m.group(3) else None
        return n.Cite(self.pos(tok), m.group(1), first, last)

    def small_int(self, digits: str, pos: Pos) -> int:
        if len(digits) > MAX_INT_DIGITS:
            self.errors.append(Diagnostic(pos, msg("syntax.number_too_large", digits=len(digits), limit=MAX_INT_DIGITS)))
            return 0
        return int(digits)

    def value(self, item: Tree | Token) -> n.Expr:
        if isinstance(item, Token):  # pragma: no cover - every value is wrapped in a rule
            return n.Name(self.pos(item), str(item))
        kind = item.data
        pos = self.pos(item)
        kids = item.children
        if kind == "int_":
            return n.Int(pos, self.small_int(str(kids[0]), pos))
        if kind == "string":
            return n.Str(pos, self.string(kids[0]))
        if kind == "name":
            return n.Name(pos, str(kids[0]))
        if kind == "call":
            func = n.Name(self.pos(kids[0]), str(kids[0]))
            return n.Call(pos, func, tuple(self.value(k) for k in kids[1:]))
        if kind == "neg":
            return n.Unary(pos, "-", self.value(kids[0]))
        if kind == "not_":
            return n.Unary(pos, "not", self.value(kids[0]))
        if kind in ("binop", "compare"):
            return n.Binary(pos, str(kids[1]), self.value(kids[0]), self.value(kids[2]))
        if kind == "binop_and":
            return n.Binary(pos, "and", self.value(kids[0]), self.value(kids[1]))
        if kind == "binop_or":
            return n.Binary(pos, "or", self.value(kids[0]), self.value(kids[1]))
        if kind == "list":
            return n.List(pos, tuple(self.value(k) for k in kids))
        if kind == "range":
            return n.Range(pos, self.value(kids[0]), self.value(kids[1]))
        raise AssertionError(f"unknown parse node {kind}")  # pragma: no cover

    def string(self, tok: Token) -> str:
        body = str(tok)[1:-1]
        out = []
        i = 0
        while i < len(body):
            ch = body[i]
            if ch != "\\":
                out.append(ch)
                i += 1
                continue
            nxt = body[i + 1]
            if nxt in '"\\':
                out.append(nxt)
            elif nxt == "n":
                out.append("\n")
            elif nxt == "t":
                out.append("\t")
            else:
                self.errors.append(Diagnostic(Pos(self.name, tok.line, tok.column + i + 1),
                                              msg("syntax.unknown_escape", char=nxt),
                                              hint=msg("syntax.unknown_escape_hint")))
            i += 2
        return "".join(out)
