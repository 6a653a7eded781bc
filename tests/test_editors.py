"""The editor set-ups of editors/ (docs/editors.md) against the language server's contract and
the Pygments lexer: the VS Code extension's manifest names the language `gouji`, the extension
`.gouji` and the command `gouji lsp`; its TextMate grammar compiles and, run by a small tokenizer
here, colours the comments, section headers, keys, citations (and variant names, strings,
numbers, constants, function calls, and/or/not) of every standard variant where the Pygments
lexer (gouji_dsl/lang/lexer.py) does; the Helix and Neovim files start `gouji lsp` for `*.gouji`."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pygments.token import Comment, Keyword, Name, Number, Operator, String

from gouji_dsl.lang.lexer import GoujiLexer
from gouji_dsl.paths import variants_dir

ROOT = Path(__file__).resolve().parent.parent
EDITORS = ROOT / "editors"
VSCODE = EDITORS / "vscode"
GRAMMAR = VSCODE / "syntaxes" / "gouji.tmLanguage.json"
SERVER = ["gouji", "lsp"]


def _json(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


# --- VS Code: the manifest -------------------------------------------------------------------------

def test_the_vscode_manifest_names_the_language_its_files_and_the_server():
    manifest = _json(VSCODE / "package.json")
    assert manifest["main"] == "./extension.js" and (VSCODE / "extension.js").is_file()
    assert "onLanguage:gouji" in manifest["activationEvents"]
    assert manifest["dependencies"]["vscode-languageclient"]
    contributes = manifest["contributes"]
    [language] = contributes["languages"]
    assert language["id"] == "gouji" and language["extensions"] == [".gouji"]
    configuration = _json(VSCODE / language["configuration"].removeprefix("./"))
    assert configuration["comments"] == {"lineComment": "#"}
    assert ["[", "]"] in configuration["brackets"] and ["(", ")"] in configuration["brackets"]
    [grammar] = contributes["grammars"]
    assert grammar["language"] == "gouji" and VSCODE / grammar["path"] == GRAMMAR
    assert grammar["scopeName"] == _json(GRAMMAR)["scopeName"] == "source.gouji"
    setting = contributes["configuration"]["properties"]["gouji.server.command"]
    assert setting["type"] == "array" and setting["default"] == SERVER
    # extension.js reads that setting, falls back on the same command, and talks over stdio
    # (an executable's default transport in vscode-languageclient)
    script = (VSCODE / "extension.js").read_text(encoding="utf-8")
    assert "get('server.command')" in script and "['gouji', 'lsp']" in script
    assert "require('vscode-languageclient/node')" in script and "language: 'gouji'" in script
    commands = {c["command"] for c in contributes["commands"]}
    assert {f"'{c}'" for c in commands} <= set(re.findall(r"'gouji\.\w+'", script))
    assert "'gouji/effectiveRules'" in script


def test_the_vscode_lock_file_pins_what_the_manifest_asks_and_node_modules_is_not_committed():
    lock = _json(VSCODE / "package-lock.json")
    assert lock["packages"][""]["dependencies"] == _json(VSCODE / "package.json")["dependencies"]
    assert "node_modules/vscode-languageclient" in lock["packages"]
    assert "node_modules/" in (VSCODE / ".gitignore").read_text(encoding="utf-8").split()


# --- VS Code: the TextMate grammar -----------------------------------------------------------------
# A tokenizer of the TextMate kind, enough for this grammar: `match` with `captures`, `begin`/`end`
# with their captures and inner `patterns`, `include` of the repository. At each position the
# pattern whose match starts first wins, the first listed on a tie (an open rule's `end` first);
# lines are matched one at a time, with their newline, as VS Code does. Checked once against VS Code's
# own tokenizer (vscode-textmate with vscode-oniguruma, on 2026-12-06): the same scopes for every
# character of every standard variant and of HOUSE_RULE below.

def python_regex(pattern: str) -> re.Pattern:
    """Oniguruma's `\\x{HHHH}` is Python's `\\uHHHH`; the grammar keeps to what both read alike
    otherwise."""
    return re.compile(re.sub(r"\\x\{([0-9A-Fa-f]{4})\}", r"\\u\1", pattern))


class TextMate:
    def __init__(self, grammar: dict):
        self.grammar = grammar
        self.regex: dict[str, re.Pattern] = {}

    def compiled(self, pattern: str) -> re.Pattern:
        if pattern not in self.regex:
            self.regex[pattern] = python_regex(pattern)
        return self.regex[pattern]

    def rules(self, patterns: list[dict]) -> list[dict]:
        """The patterns with their includes expanded, in order."""
        out = []
        for rule in patterns:
            if "include" in rule:
                target = rule["include"]
                included = self.grammar if target == "$self" else self.grammar["repository"][target.removeprefix("#")]
                out += self.rules(included["patterns"] if "match" not in included and "begin" not in included
                                  else [included])
            else:
                out.append(rule)
        return out

    def every_regex(self) -> list[str]:
        found = []

        def walk(node):
            if isinstance(node, dict):
                for key, value in node.items():
                    if key in ("match", "begin", "end") and isinstance(value, str):
                        found.append(value)
                    walk(value)
            elif isinstance(node, list):
                for value in node:
                    walk(value)
        walk(self.grammar)
        return found

    def tokenize(self, text: str) -> list[tuple[str, ...]]:
        """The scopes of each character of the text (its newlines included)."""
        scopes: list[tuple[str, ...]] = []
        stack = [(self.grammar, (self.grammar["scopeName"],))]  # open rules, with the scopes inside them
        for line in text.splitlines(keepends=True):
            scopes += self._line(line, stack)
        return scopes

    def _line(self, line: str, stack: list) -> list[tuple[str, ...]]:
        out: list[tuple[str, ...]] = []
        cache: dict[str, re.Match | None] = {}  # a pattern's first match at or after pos
        pos = 0
        while pos < len(line):
            rule, inside = stack[-1]
            candidates = ([("end", rule, rule["end"])] if "end" in rule else [])
            candidates += [("rule", r, r.get("match") or r["begin"]) for r in self.rules(rule["patterns"])]
            best = None
            for kind, r, pattern in candidates:
                m = cache.get(pattern, False)
                if m is False or (m is not None and m.start() < pos):
                    m = cache[pattern] = self.compiled(pattern).search(line, pos)
                if m is not None and (best is None or m.start() < best[2].start()):
                    best = (kind, r, m)
            if best is None:
                break
            kind, r, m = best
            out += [inside] * (m.start() - pos)
            if kind == "end":
                out += self._captured(m, inside, rule.get("endCaptures", {}))
                stack.pop()
            elif "begin" in r:
                within = inside + ((r["name"],) if "name" in r else ())
                out += self._captured(m, within, r.get("beginCaptures", {}))
                stack.append((r, within))
            else:
                out += self._captured(m, inside + ((r["name"],) if "name" in r else ()), r.get("captures", {}))
                if m.end() == m.start():  # an empty match that opens nothing: step over a character
                    out.append(inside)
                    pos += 1
            pos = max(pos, m.end())
        out += [stack[-1][1]] * (len(line) - len(out))
        return out

    @staticmethod
    def _captured(m: re.Match, scopes: tuple[str, ...], captures: dict) -> list[tuple[str, ...]]:
        chars = [scopes] * (m.end() - m.start())
        for group in sorted(captures, key=int):
            if m.start(int(group)) < 0:
                continue
            for i in range(m.start(int(group)), m.end(int(group))):
                chars[i - m.start()] = chars[i - m.start()] + (captures[group]["name"],)
        return chars


@pytest.fixture(scope="module")
def textmate() -> TextMate:
    return TextMate(_json(GRAMMAR))


# The classes compared: a Pygments token type and the TextMate scope the grammar gives it.
CLASSES = [
    ("comment", Comment, ("comment.line.number-sign.gouji",)),
    ("section header", Name.Namespace, ("entity.name.section.gouji",)),
    ("key", Name.Attribute, ("variable.other.key.gouji",)),
    ("citation", Name.Decorator, ("storage.type.annotation.citation.gouji",)),
    ("variant name", Name.Class, ("entity.name.type.variant.gouji", "entity.other.inherited-class.variant.gouji")),
    ("string", String, ("string.quoted.double.gouji",)),
    ("number", Number, ("constant.numeric.integer.gouji",)),
    ("constant", Keyword.Constant, ("constant.language.gouji",)),
    ("function", Name.Function, ("entity.name.function.gouji",)),
    ("and/or/not", Operator.Word, ("keyword.operator.logical.gouji",)),
]


def pygments_classes(text: str) -> list[str | None]:
    """Each character's class by the Pygments lexer."""
    out: list[str | None] = []
    for ttype, value in GoujiLexer(stripnl=False, ensurenl=False).get_tokens(text):
        out += [next((name for name, token, _ in CLASSES if ttype in token), None)] * len(value)
    return out


SCOPE_CLASSES: dict[tuple[str, ...], str | None] = {}


def scope_class(scopes: tuple[str, ...]) -> str | None:
    """The class of a character's scopes: that of the innermost scope that has one."""
    if scopes not in SCOPE_CLASSES:
        SCOPE_CLASSES[scopes] = next((name for scope in reversed(scopes) for name, _, names in CLASSES
                                      if any(scope == s or scope.startswith(s + ".") for s in names)), None)
    return SCOPE_CLASSES[scopes]


def textmate_classes(textmate: TextMate, text: str) -> list[str | None]:
    return [scope_class(scopes) for scopes in textmate.tokenize(text)]


def differences(textmate: TextMate, text: str, label: str) -> tuple[list[str], set[str | None]]:
    """Where the lexer and the grammar class a character differently, and the classes seen."""
    pygments, grammar = pygments_classes(text), textmate_classes(textmate, text)
    assert len(pygments) == len(grammar) == len(text)
    out = []
    for i, (a, b) in enumerate(zip(pygments, grammar)):
        if a != b:
            line = text.count("\n", 0, i) + 1
            column = i - (text.rfind("\n", 0, i) + 1) + 1
            out.append(f"{label}:{line}:{column} {text[i]!r}: Pygments {a}, TextMate {b}")
    return out, set(grammar)


def test_every_regex_of_the_grammar_compiles(textmate):
    patterns = textmate.every_regex()
    assert len(patterns) > 15
    for pattern in patterns:
        # Python's re and Oniguruma differ in more than \x{HHHH}; the grammar keeps to the common part
        assert not re.search(r"\\[hHAzZGKpPk]|\(\?[<]?[a-zA-Z]|\\x[0-9A-Fa-f]{2}|\(\?<[=!]", pattern), pattern
        python_regex(pattern)


STANDARD = sorted(variants_dir().glob("*.gouji")) + sorted(variants_dir().glob("peers/*.gouji"))


def test_the_grammar_colours_every_standard_variant_as_the_pygments_lexer_does(textmate):
    assert len(STANDARD) >= 12
    seen: set[str | None] = set()
    failures = []
    for path in STANDARD:
        found, classes = differences(textmate, path.read_text(encoding="utf-8"), path.name)
        failures += found
        seen |= classes
    assert not failures, "\n".join(failures[:20])
    assert {"comment", "section header", "key", "citation", "variant name", "string", "number", "constant"} <= seen


HOUSE_RULE = '''\
# 我们俱乐部的够级 "not a string" @not:L1
abstract variant 俱乐部-二 extends lianzhong-bubiesan  @000:L15
[简介]   # 名称
名称 = "我们俱乐部的\\"够级\\""
[ flow ]
让圈 = 2 @D12 @001:L61-67
让牌 = 否
报牌=有
sellers = [opposite, teammate_after]
order = [luo]
burn_needs = sets(hand) - jokers(hand) <= 2 and not 买3 or 无
ranks = 3..A
thresholds +=
  | rank | at_least |
  | 10   | 5        |  @000:L22
thresholds -=
  | 10 |
note = "unterminated
yes_or_no = none
'''


def test_the_grammar_and_the_lexer_agree_on_a_house_rule_with_every_kind_of_token(textmate):
    failures, seen = differences(textmate, HOUSE_RULE, "house rule")
    assert not failures, "\n".join(failures)
    assert {name for name, _, _ in CLASSES} <= seen
    classes = textmate_classes(textmate, HOUSE_RULE)

    def class_of(word: str, line: str = "") -> str | None:
        """The class of `word` (a whole word) on the first line that holds `line`."""
        start = next(i for i in range(len(HOUSE_RULE)) if HOUSE_RULE.startswith(line, i))
        start = HOUSE_RULE.rfind("\n", 0, start) + 1
        return classes[re.compile(rf"(?<![\w@-]){re.escape(word)}(?![\w-])").search(HOUSE_RULE, start).start()]
    assert class_of("flow") == class_of("简介") == "section header"
    assert class_of("thresholds", "+=") == class_of("thresholds", "-=") == class_of("报牌") == "key"
    assert class_of("@001:L61-67") == class_of("@D12") == "citation" and class_of("@not:L1") == "comment"
    assert class_of("俱乐部-二") == class_of("lianzhong-bubiesan") == "variant name"
    assert class_of("luo") is None  # a list, not a section
    assert class_of("否") == class_of("无") == class_of("none") == "constant" and class_of("买3") is None
    assert class_of("sets") == "function" and class_of("and") == class_of("not", "burn_needs") == "and/or/not"
    assert class_of("hand") is None and class_of("yes_or_no") == "key"


# --- Helix and Neovim ------------------------------------------------------------------------------

def test_the_helix_languages_file_starts_gouji_lsp_for_gouji_files():
    try:
        import tomllib
    except ImportError:  # Python 3.10
        tomllib = pytest.importorskip("tomli")
    config = tomllib.loads((EDITORS / "helix" / "languages.toml").read_text(encoding="utf-8"))
    [language] = config["language"]
    assert language["name"] == "gouji" and language["file-types"] == ["gouji"]
    assert language["comment-token"] == "#" and language["language-servers"] == ["gouji-lsp"]
    server = config["language-server"]["gouji-lsp"]
    assert [server["command"], *server["args"]] == SERVER


def test_the_neovim_snippet_starts_gouji_lsp_for_gouji_files():
    lua = (EDITORS / "neovim" / "gouji.lua").read_text(encoding="utf-8")
    assert re.search(r"extension\s*=\s*\{\s*gouji\s*=\s*['\"]gouji['\"]", lua)
    assert re.search(r"cmd\s*=\s*\{\s*['\"]gouji['\"]\s*,\s*['\"]lsp['\"]\s*\}", lua)
    for needed in ("vim.lsp.start", "vim.lsp.config", "vim.lsp.enable", "FileType", ".gouji"):
        assert needed in lua, needed


# --- VS Code: the package docs/editors.md says to build ---------------------------------------------

@pytest.mark.slow
@pytest.mark.skipif(shutil.which("npm") is None or shutil.which("npx") is None, reason="needs Node.js and npm")
def test_the_vscode_extension_packages_as_docs_editors_md_says(tmp_path):
    """`npm ci` and `vsce package` in a copy of editors/vscode (they download from the npm registry)."""
    work = tmp_path / "vscode"
    shutil.copytree(VSCODE, work, ignore=shutil.ignore_patterns("node_modules", "*.vsix"))
    for command in (["npm", "ci", "--no-audit", "--no-fund"],
                    ["npx", "--yes", "@vscode/vsce", "package", "--allow-missing-repository", "--skip-license"]):
        done = subprocess.run(command, cwd=work, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stdout + done.stderr
    version = _json(VSCODE / "package.json")["version"]
    assert (work / f"gouji-dsl-{version}.vsix").stat().st_size > 10_000
