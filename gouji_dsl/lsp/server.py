"""`gouji lsp`: the language service (gouji_dsl/service) over the Language Server Protocol.

pygls speaks the protocol (JSON-RPC over stdio, the documents' texts and their edits) with
lsprotocol's types; this module only translates: a request's URI and position to the service's
path and (line, code point), its answer back to the protocol's types, in the position encoding
the client chose (UTF-16 unless it asks otherwise). Editing a file re-checks the files that extend
it, open or in the editor's folders.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from gouji_dsl import __version__
from gouji_dsl.messages import msg
from gouji_dsl.service import TOKEN_TYPES, LanguageService
from gouji_dsl.service import answers as a

NAME = "gouji-lsp"
EFFECTIVE_RULES = "gouji/effectiveRules"  # a request of ours: the rules after inheritance

_SEVERITY = {"error": lsp.DiagnosticSeverity.Error, "warning": lsp.DiagnosticSeverity.Warning}
_COMPLETION_KIND = {"section": lsp.CompletionItemKind.Module, "rule": lsp.CompletionItemKind.Property,
                    "value": lsp.CompletionItemKind.EnumMember, "variant": lsp.CompletionItemKind.Class,
                    "column": lsp.CompletionItemKind.Field, "citation": lsp.CompletionItemKind.Reference}
_SYMBOL_KIND = {"variant": lsp.SymbolKind.Class, "section": lsp.SymbolKind.Namespace,
                "rule": lsp.SymbolKind.Property, "table": lsp.SymbolKind.Struct}
LEGEND = lsp.SemanticTokensLegend(token_types=list(TOKEN_TYPES), token_modifiers=[])


class GoujiServer(LanguageServer):
    """The server: a pygls LanguageServer holding one LanguageService."""

    def __init__(self, folders: list[Path] | None = None, language: str | None = None) -> None:
        super().__init__(NAME, __version__, text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental)
        self.folders = list(folders or ())  # `gouji lsp --path DIR`: searched before the editor's folders
        self.service = LanguageService(self.folders, language=language)  # `gouji lsp --lang`

    # --- from the protocol's terms to the service's, and back ----------------------------

    def path(self, uri: str) -> Path:
        found = to_fs_path(uri)
        # A document that is no file (an untitled buffer) is checked as a file of its own name
        # in no folder: it can extend the standard variants, and nothing can extend it.
        return Path(found) if found else Path("/untitled") / Path(uri.split(":", 1)[-1]).name

    def lines(self, path: Path) -> list[str]:
        return self.service.text(path).split("\n")

    def position(self, uri: str, position: lsp.Position) -> tuple[Path, int, int]:
        path = self.path(uri)
        found = self.workspace.position_codec.position_from_client_units(self.lines(path), position)
        return path, found.line, found.character

    def range(self, path: Path, span: a.Span, lines: list[str] | None = None) -> lsp.Range:
        lines = lines if lines is not None else self.lines(path)
        codec = self.workspace.position_codec
        return lsp.Range(start=codec.position_to_client_units(lines, lsp.Position(line=span.start_line, character=span.start_char)),
                         end=codec.position_to_client_units(lines, lsp.Position(line=span.end_line, character=span.end_char)))

    def span(self, path: Path, range_: lsp.Range) -> a.Span:
        found = self.workspace.position_codec.range_from_client_units(self.lines(path), range_)
        return a.Span(found.start.line, found.start.character, found.end.line, found.end.character)

    def location(self, location: a.Location) -> lsp.Location:
        return lsp.Location(uri=from_fs_path(str(location.path)) or str(location.path),
                            range=self.range(location.path, location.span))

    def diagnostic(self, path: Path, issue: a.Issue, lines: list[str]) -> lsp.Diagnostic:
        message = issue.message
        if issue.hint:
            message += "\n" + msg("service.hint", hint=issue.hint).text(self.service.language(path))
        return lsp.Diagnostic(range=self.range(path, issue.span, lines), message=message,
                              severity=_SEVERITY[issue.severity], code=issue.code, source="gouji",
                              related_information=[lsp.DiagnosticRelatedInformation(location=self.location(note.location), message=note.message)
                                                   for note in issue.notes] or None)

    def edit(self, edits: tuple[a.Edit, ...] | list[a.Edit]) -> lsp.WorkspaceEdit:
        changes: dict[str, list[lsp.TextEdit]] = {}
        for edit in edits:
            uri = from_fs_path(str(edit.path)) or str(edit.path)
            changes.setdefault(uri, []).append(lsp.TextEdit(range=self.range(edit.path, edit.span), new_text=edit.text))
        return lsp.WorkspaceEdit(changes=changes)

    def publish(self, uri: str) -> None:
        """Check the document and every file that extends it; publish what each has."""
        path = self.path(uri)
        self.service.set_folders(self.folders + [Path(p) for folder in self.workspace.folders.values()
                                                 if (p := to_fs_path(folder.uri)) is not None])
        for target in [path, *self.service.dependants(path)]:
            lines = self.lines(target)
            diagnostics = [self.diagnostic(target, issue, lines) for issue in self.service.diagnostics(target)]
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
                uri=uri if target == path else (from_fs_path(str(target)) or str(target)), diagnostics=diagnostics))


def build_server(folders: list[Path] | None = None, language: str | None = None) -> GoujiServer:
    server = GoujiServer(folders, language)

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: GoujiServer, params: lsp.DidOpenTextDocumentParams) -> None:
        ls.service.open(ls.path(params.text_document.uri), params.text_document.text)
        ls.publish(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: GoujiServer, params: lsp.DidChangeTextDocumentParams) -> None:
        document = ls.workspace.get_text_document(params.text_document.uri)  # pygls applied the edits
        ls.service.change(ls.path(params.text_document.uri), document.source)
        ls.publish(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: GoujiServer, params: lsp.DidSaveTextDocumentParams) -> None:
        ls.service.files_changed()
        ls.publish(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: GoujiServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.service.close(ls.path(params.text_document.uri))
        ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

    @server.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def files_changed(ls: GoujiServer, params: lsp.DidChangeWatchedFilesParams) -> None:
        ls.service.files_changed()

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: GoujiServer, params: lsp.HoverParams) -> lsp.Hover | None:
        path, line, char = ls.position(params.text_document.uri, params.position)
        found = ls.service.hover(path, line, char)
        if found is None:
            return None
        return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=found.markdown),
                         range=ls.range(path, found.span))

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=["[", "=", "|", "@"]))
    def completion(ls: GoujiServer, params: lsp.CompletionParams) -> lsp.CompletionList:
        path, line, char = ls.position(params.text_document.uri, params.position)
        items = [lsp.CompletionItem(label=c.label, kind=_COMPLETION_KIND[c.kind], detail=c.detail or None,
                                    documentation=c.documentation or None, insert_text=c.insert_text)
                 for c in ls.service.completion(path, line, char)]
        return lsp.CompletionList(is_incomplete=False, items=items)

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: GoujiServer, params: lsp.DefinitionParams) -> list[lsp.Location]:
        path, line, char = ls.position(params.text_document.uri, params.position)
        return [ls.location(found) for found in ls.service.definition(path, line, char)]

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def symbols(ls: GoujiServer, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
        path = ls.path(params.text_document.uri)
        lines = ls.lines(path)

        def convert(symbol: a.Symbol) -> lsp.DocumentSymbol:
            return lsp.DocumentSymbol(name=symbol.name, kind=_SYMBOL_KIND[symbol.kind], detail=symbol.detail or None,
                                      range=ls.range(path, symbol.span, lines),
                                      selection_range=ls.range(path, symbol.selection, lines),
                                      children=[convert(child) for child in symbol.children])
        return [convert(symbol) for symbol in ls.service.symbols(path)]

    @server.feature(lsp.TEXT_DOCUMENT_FOLDING_RANGE)
    def folding(ls: GoujiServer, params: lsp.FoldingRangeParams) -> list[lsp.FoldingRange]:
        path = ls.path(params.text_document.uri)
        return [lsp.FoldingRange(start_line=f.start_line, end_line=f.end_line) for f in ls.service.folding(path)]

    @server.feature(lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)
    def semantic_tokens(ls: GoujiServer, params: lsp.SemanticTokensParams) -> lsp.SemanticTokens:
        path = ls.path(params.text_document.uri)
        lines = ls.lines(path)
        codec = ls.workspace.position_codec
        data: list[int] = []
        previous_line = previous_start = 0
        for token in ls.service.semantic_tokens(path):
            start = codec.position_to_client_units(lines, lsp.Position(line=token.line, character=token.char)).character
            end = codec.position_to_client_units(lines, lsp.Position(line=token.line, character=token.char + token.length)).character
            delta_line = token.line - previous_line
            data += [delta_line, start - (previous_start if delta_line == 0 else 0), end - start,
                     TOKEN_TYPES.index(token.type), 0]
            previous_line, previous_start = token.line, start
        return lsp.SemanticTokens(data=data)

    @server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
    def formatting(ls: GoujiServer, params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit]:
        path = ls.path(params.text_document.uri)
        return [lsp.TextEdit(range=ls.range(path, e.span), new_text=e.text) for e in ls.service.formatting(path)]

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION, lsp.CodeActionOptions(
        code_action_kinds=[lsp.CodeActionKind.QuickFix, lsp.CodeActionKind.RefactorRewrite]))
    def code_action(ls: GoujiServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        path = ls.path(params.text_document.uri)
        lines = ls.lines(path)
        return [lsp.CodeAction(title=fix.title, kind=fix.kind, is_preferred=fix.preferred or None,
                               diagnostics=[ls.diagnostic(path, issue, lines) for issue in fix.fixes] or None,
                               edit=ls.edit(fix.edits))
                for fix in ls.service.code_actions(path, ls.span(path, params.range))]

    @server.feature(EFFECTIVE_RULES)
    def effective_rules(ls: GoujiServer, params: Any) -> dict[str, Any] | None:
        uri = params.textDocument.uri if hasattr(params, "textDocument") else params["textDocument"]["uri"]
        found = ls.service.effective_rules(ls.path(uri))
        if found is None:
            return None
        return {"variant": found.variant, "lineage": list(found.lineage),
                "rules": [{"section": r.section, "rule": r.rule, "value": r.value, "set_in": r.variant,
                           "file": from_fs_path(str(r.location.path)) if r.location else None,
                           "line": r.location.span.start_line + 1 if r.location else 0} for r in found.rules]}

    return server


def serve(folders: list[Path] | None = None, language: str | None = None) -> None:
    """Speak the protocol over stdin and stdout until the client says exit."""
    build_server(folders, language).start_io()
