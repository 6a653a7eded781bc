"""`gouji lsp` end to end: a real LSP client (pytest-lsp) talking to the server in a subprocess.

One server for the module (starting one costs about a second); each test opens its own files.
"""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types as lsp
from pygls.uris import from_fs_path
from pytest_lsp import ClientServerConfig, LanguageClient

from gouji_dsl.paths import variants_dir

pytestmark = pytest.mark.asyncio(loop_scope="module")

# A club's house rule, in Chinese, with a typo in a rule's name (过牌规则 for 过牌).
HOUSE_RULE = """variant 俱乐部 extends 联众

[简介]
名称 = "俱乐部够级"

[出牌]
过牌规则 = 一轮一次
"""


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "gouji_dsl", "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(lsp.InitializeParams(capabilities=lsp.ClientCapabilities()))
    yield
    await lsp_client.shutdown_session()


def _open(client: LanguageClient, path: Path, text: str, version: int = 1) -> str:
    """Save `text` at `path` and open it in the editor; its URI."""
    path.write_text(text, encoding="utf-8")
    uri = from_fs_path(str(path))
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(
        text_document=lsp.TextDocumentItem(uri=uri, language_id="gouji", version=version, text=text)))
    return uri


async def _diagnostics(client: LanguageClient, uri: str, until=lambda found: True) -> list[lsp.Diagnostic]:
    """The diagnostics published for `uri`, once they satisfy `until` (earlier publications, of
    this file or of others, may arrive first)."""
    async def wait() -> list[lsp.Diagnostic]:
        while uri not in client.diagnostics or not until(client.diagnostics[uri]):
            await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return list(client.diagnostics[uri])
    return await asyncio.wait_for(wait(), timeout=60)


def _apply(text: str, edits: list[lsp.TextEdit]) -> str:
    """Apply edits (on one-line ranges of BMP text, where UTF-16 units are characters)."""
    lines = text.split("\n")
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start, end = edit.range.start, edit.range.end
        head = "\n".join(lines[:start.line] + [lines[start.line][:start.character]])
        tail = "\n".join([lines[end.line][end.character:]] + lines[end.line + 1:])
        lines = (head + edit.new_text + tail).split("\n")
    return "\n".join(lines)


async def test_a_chinese_typo_is_reported_in_chinese_fixed_by_its_code_action_and_gone(client: LanguageClient, tmp_path):
    uri = _open(client, tmp_path / "俱乐部.gouji", HOUSE_RULE)
    found = await _diagnostics(client, uri)
    assert [(d.range.start.line, d.range.start.character, d.range.end.character, d.code) for d in found] == \
        [(6, 0, 4, "model.unknown_rule")]
    assert "没有规则 '过牌规则'" in found[0].message and "是不是要写 '过牌'" in found[0].message

    actions = await client.text_document_code_action_async(lsp.CodeActionParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), range=found[0].range,
        context=lsp.CodeActionContext(diagnostics=found)))
    fix = next(a for a in actions if a.kind == lsp.CodeActionKind.QuickFix)
    assert fix.title == "把“过牌规则”改成“过牌”" and fix.is_preferred
    fixed = _apply(HOUSE_RULE, fix.edit.changes[uri])
    assert fixed.splitlines()[6] == "过牌 = 一轮一次"

    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[lsp.TextDocumentContentChangePartial(range=e.range, text=e.new_text)
                         for e in fix.edit.changes[uri]]))
    assert await _diagnostics(client, uri, until=lambda found: not found) == []


async def test_hover_on_an_overridden_rule_says_the_parents_value_and_where_it_was_set(client: LanguageClient, tmp_path):
    uri = _open(client, tmp_path / "俱乐部.gouji", HOUSE_RULE.replace("过牌规则", "过牌"))
    await _diagnostics(client, uri)
    found = await client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), position=lsp.Position(line=6, character=1)))
    said = found.contents.value
    assert said.startswith("**pass_rule** (过牌)")
    assert "**覆盖了** lianzhong 的值 round\\_except\\_opposite \\(除对头牌外本轮无权\\)" in said
    assert "variants/gouji\\.gouji:" in said  # where the parent's value was set: its grandparent


async def test_a_value_completes_in_the_files_language_and_extends_goes_into_the_installed_package(
        client: LanguageClient, tmp_path):
    uri = _open(client, tmp_path / "俱乐部.gouji", "variant 俱乐部 extends 联众\n\n[出牌]\n过牌 = \n")
    await _diagnostics(client, uri)
    found = await client.text_document_completion_async(lsp.CompletionParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), position=lsp.Position(line=3, character=5)))
    labels = [item.label for item in found.items]
    assert labels[:4] == ["除对头牌外本轮无权", "本轮无权", "过牌不失权", "一轮一次"]

    places = await client.text_document_definition_async(lsp.DefinitionParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), position=lsp.Position(line=0, character=21)))
    assert [p.uri for p in places] == [from_fs_path(str(variants_dir() / "lianzhong.gouji"))]


async def test_editing_a_parent_rechecks_the_house_rule_that_extends_it(client: LanguageClient, tmp_path):
    parent = tmp_path / "club.gouji"
    child = tmp_path / "club-summer.gouji"
    parent_text = 'variant club extends lianzhong\n\n[about]\ntitle = "Club"\n\n[flow]\npass_rule = once_per_round\n'
    parent_uri = _open(client, parent, parent_text)
    child_uri = _open(client, child, 'variant club-summer extends club\n\n[about]\ntitle = "Club, summer"\n\n[flow]\ndefer = no\n')
    assert await _diagnostics(client, child_uri) == []

    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=parent_uri, version=2),
        content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=parent_text.replace("once_per_round", "oops"))]))
    found = await _diagnostics(client, child_uri, until=bool)
    assert [d.code for d in found] == ["service.error_in_parent"]
    assert found[0].range.start.line == 0 and found[0].related_information[0].location.uri == parent_uri

    rules = await client.protocol.send_request_async("gouji/effectiveRules", {"textDocument": {"uri": child_uri}})
    by_rule = {(r.section, r.rule): r for r in rules.rules}
    assert rules.lineage == ["club-summer", "club", "lianzhong", "gouji"]
    assert (by_rule["flow", "defer"].set_in, by_rule["flow", "defer"].line) == ("club-summer", 7)
