"""Going to definitions, the outline, folding and the semantic tokens of a document.

Definition: `extends NAME` goes to the parent's file (a standard variant's too, inside the
installed package); a rule this file overrides goes to the line where the parent set it; a
citation goes to the source's line, or to the ruling's row in `[about] decisions`.
The semantic tokens are the highlighter's (lang/lexer.py, the lexer of the rulebooks), so the
editor and the books colour a file alike.
"""
from __future__ import annotations

from gouji_dsl.diagnostics import RuleErrors
from gouji_dsl.lang import nodes as n
from gouji_dsl.lang.lexer import GoujiLexer
from gouji_dsl.lang.highlight import css_class
from gouji_dsl.model.expr import unparse
from gouji_dsl.paths import sources_dir
from gouji_dsl.service.analysis import Analysis
from gouji_dsl.service.answers import Fold, Location, Span, Symbol, Token
from gouji_dsl.service.locate import spot_at


def definition(analysis: Analysis, line: int, char: int) -> list[Location]:
    spot = spot_at(analysis.parsed, line, char)
    if spot is None:
        return []
    if spot.kind == "parent" and analysis.model is not None and analysis.model.parent is not None:
        path = analysis.ws.path_of(analysis.model.parent)
        if path is None:
            return []
        try:  # the parent's header line (a file may open with comments)
            name = analysis.ws.parse(path).header.name
        except RuleErrors:
            return [Location(path, Span.at(0, 0, 0))]
        return [Location(path, Span.at(name.pos.line - 1, name.pos.col - 1, len(name.id)))]
    if spot.kind == "rule" and spot.section is not None and spot.rule is not None:
        parent = analysis.parent_model
        origin = parent.origin(f"{spot.section.NAME}.{spot.rule.name}") if parent is not None else None
        found = analysis.location(origin.pos, len(spot.rule.name)) if origin is not None else None
        return [found] if found is not None else []
    if spot.kind == "cite" and isinstance(spot.node, n.Cite):
        return _cited(analysis, spot.node)
    return []


def _cited(analysis: Analysis, cite: n.Cite) -> list[Location]:
    if analysis.model is None:
        return []
    about = analysis.model.sections.get("about")
    source = next((s for s in getattr(about, "sources", None) or () if s.key == cite.source), None)
    if source is not None:
        path = sources_dir() / source.file
        first = max((cite.first_line or 1) - 1, 0)
        last = max((cite.last_line or cite.first_line or 1) - 1, first)
        return [Location(path, Span(first, 0, last + 1, 0))] if path.is_file() else []
    decisions = getattr(about, "decisions", None) or ()
    for i, decision in enumerate(decisions):
        if decision.id == cite.source:
            origin = analysis.model.origin(f"about.decisions[{i}]")
            found = analysis.location(origin.pos, 1) if origin is not None else None
            return [found] if found is not None else []
    return []


def symbols(analysis: Analysis) -> list[Symbol]:
    """The outline: the variant, its sections, their rules (a table with its row count)."""
    last = len(analysis.lines) - 1
    sections = []
    ends = _section_ends(analysis)
    for section, end in zip(analysis.parsed.sections, ends):
        rules = []
        for entry in section.entries:
            end_line = entry.rows[-1].pos.line - 1 if isinstance(entry, n.Table) and entry.rows else entry.pos.line - 1
            detail = (f"| {len(entry.rows)} |" if isinstance(entry, n.Table) else _short(unparse(entry.value)))
            rules.append(Symbol(entry.key.id, "table" if isinstance(entry, n.Table) else "rule",
                                Span(entry.pos.line - 1, 0, end_line, len(analysis.lines[end_line])),
                                _name(entry.key), detail))
        sections.append(Symbol(section.name.id, "section", Span(section.pos.line - 1, 0, end, len(analysis.lines[end])),
                               _name(section.name), children=tuple(rules)))
    file = analysis.file
    if file is None:
        return sections
    detail = f"extends {file.header.parent.id}" if file.header.parent is not None else ""
    return [Symbol(file.header.name.id, "variant", Span(0, 0, last, len(analysis.lines[last])), _name(file.header.name),
                   detail, tuple(sections))]


SHORT = 40  # characters of a value shown beside its rule in the outline


def _short(text: str) -> str:
    return text if len(text) <= SHORT else text[:SHORT - 1] + "…"


def _name(node: n.Name) -> Span:
    return Span.at(node.pos.line - 1, node.pos.col - 1, len(node.id))


def _section_ends(analysis: Analysis) -> list[int]:
    """The last non-blank line (0-based) of each section: the line before the next one starts."""
    starts = [s.pos.line - 1 for s in analysis.parsed.sections] + [len(analysis.lines)]
    ends = []
    for start, following in zip(starts, starts[1:]):
        end = following - 1
        while end > start and not analysis.lines[end].strip():
            end -= 1
        ends.append(end)
    return ends


def folding(analysis: Analysis) -> list[Fold]:
    """Each section, and each table of more than one line."""
    folds = [Fold(section.pos.line - 1, end) for section, end in zip(analysis.parsed.sections, _section_ends(analysis))
             if end > section.pos.line - 1]
    for section in analysis.parsed.sections:
        folds += [Fold(entry.pos.line - 1, entry.rows[-1].pos.line - 1) for entry in section.entries
                  if isinstance(entry, n.Table) and entry.rows and entry.rows[-1].pos.line > entry.pos.line]
    return sorted(folds, key=lambda fold: (fold.start_line, fold.end_line))


# The highlighter's CSS classes (lang/highlight.py) as LSP's semantic token types.
_TOKEN_TYPES = {"g-comment": "comment", "g-keyword": "keyword", "g-constant": "enumMember", "g-variant": "class",
                "g-section": "namespace", "g-key": "property", "g-cite": "decorator", "g-function": "function",
                "g-string": "string", "g-escape": "string", "g-number": "number", "g-word": "operator",
                "g-operator": "operator"}


def semantic_tokens(analysis: Analysis) -> list[Token]:
    tokens = []
    line, char = 0, 0
    for _index, token, value in GoujiLexer().get_tokens_unprocessed(analysis.text):
        kind = _TOKEN_TYPES.get(css_class(token) or "")
        for i, piece in enumerate(value.split("\n")):
            if i:
                line, char = line + 1, 0
            if kind is not None and piece.strip():
                tokens.append(Token(line, char, len(piece), kind))
            char += len(piece)
    return tokens
