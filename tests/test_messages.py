"""The message catalogue (gouji_dsl/messages): every sentence in both languages, the same
placeholders in both, every key the code names in the catalogue and every key of the catalogue
named by the code, and no sentence written into the code outside it."""
from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from gouji_dsl.messages import Message, msg, use_language
from gouji_dsl.messages.catalogue import CATALOGUE

PACKAGE = Path(__file__).resolve().parent.parent / "gouji_dsl"
CATALOGUE_DIR = PACKAGE / "messages" / "catalogue"
SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if CATALOGUE_DIR not in p.parents)
CJK = re.compile(r"[\u3400-\u9fff]")


def _fields(template: str) -> set[str]:
    """The names a template fills in: {name} (str.format) and %(name)s or %s (argparse's own)."""
    names = {f[1].split(".")[0].split("[")[0] for f in string.Formatter().parse(template) if f[1] is not None}
    names |= set(re.findall(r"%\((\w+)\)", template)) | ({"%s"} if "%s" in template else set())
    return names


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_message_has_both_languages_with_the_same_placeholders(key):
    english, chinese = CATALOGUE[key]
    assert english.strip() and chinese.strip(), f"{key}: a language is missing"
    assert _fields(english) == _fields(chinese), f"{key}: the two texts fill in different names"
    if re.search(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}|`[^`]*`|'[^']*'|\[[^\]]*\]|%\(\w+\)\w|gouji\S*", "", english)):
        assert CJK.search(chinese), f"{key}: the Chinese text is not Chinese: {chinese!r}"


def test_every_key_is_well_formed_and_in_its_area():
    areas = {p.stem for p in CATALOGUE_DIR.glob("*.py") if p.stem != "__init__"}
    for key in CATALOGUE:
        assert re.fullmatch(r"[a-z]+(\.[a-z0-9_]+)+", key), key
        assert key.split(".")[0] in areas, f"{key}: no catalogue module for its area"


# Keys the code makes from a prefix and a value: f"core.{severity}", ARGPARSE_WORDS's values.
DYNAMIC = re.compile(r"""(?:msg|text)\(\s*f["']([a-z_.]+)\{""")


# The studio's page names its words in its own sources (JavaScript, built into gouji_dsl/studio/static).
PAGE_SOURCES = sorted((PACKAGE.parent / "studio-web" / "src").glob("*.js"))


def _named_keys() -> tuple[set[str], set[str]]:
    keys, prefixes = set(), set()
    for path in PAGE_SOURCES:
        keys |= set(re.findall(r"""["'](studio\.page\.[a-z0-9_.]+)["']""", path.read_text(encoding="utf-8")))
    for path in SOURCES:
        source = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r"""["']((?:core|cli|syntax|model|rules|show|commands|service|studio)\.[a-z0-9_.]+)["']""", source))
        prefixes |= set(DYNAMIC.findall(source))
    return keys, prefixes


def test_every_key_the_code_names_is_in_the_catalogue():
    keys, _ = _named_keys()
    missing = sorted(k for k in keys if k not in CATALOGUE and not any(c.startswith(k + ".") for c in CATALOGUE))
    assert not missing, f"named in the code, not in the catalogue: {missing}"


def test_every_key_of_the_catalogue_is_named_by_the_code():
    keys, prefixes = _named_keys()
    unused = sorted(k for k in CATALOGUE if k not in keys and not any(k.startswith(p) for p in prefixes))
    assert not unused, f"in the catalogue, named nowhere in the code: {unused}"


# Calls that show their first argument to a person: it must come from the catalogue.
SHOWN = {"error", "warning", "UsageError", "Diagnostic", "OutputError", "RuleError", "ReplayError",
         "BotSpecError", "RulebookError", "CaseError", "SimulateError"}


def _sentence(node: ast.AST) -> bool:
    """A string literal or f-string with words in it: a sentence written in the code (a command
    line to type, "gouji build --compiled", is not one)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return not node.value.startswith("gouji ") and bool(re.search(r"[A-Za-z]{3,}\s+[A-Za-z]{2,}|[\u3400-\u9fff]{2,}", node.value))
    if isinstance(node, ast.JoinedStr):
        return any(_sentence(v) for v in node.values)
    if isinstance(node, ast.BinOp):
        return _sentence(node.left) or _sentence(node.right)
    return False


def _callee(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


# The engines' exceptions (IllegalAction ...) are the Python API's, raised to a program, in English
# as Python's own are; the commands that show one to a person frame it with a catalogue sentence.
ENGINE = PACKAGE / "runtime"


def test_no_sentence_is_shown_from_outside_the_catalogue():
    found = []
    for path in (p for p in SOURCES if ENGINE not in p.parents):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _callee(node)
            shown = node.args[:2] if name in SHOWN else node.args if name == "print" else []
            shown += [k.value for k in node.keywords if k.arg in ("hint", "message")] if name in SHOWN else []
            for arg in shown:
                if _sentence(arg):
                    found.append(f"{path.relative_to(PACKAGE.parent)}:{arg.lineno}")
    assert not found, "sentences written into the code, not taken from the catalogue:\n" + "\n".join(found)


def test_a_message_is_put_into_words_in_the_language_asked_for():
    message = msg("cli.no_such_file", file="俱乐部.gouji")
    assert message.text("en") == "no such file: 俱乐部.gouji"
    assert message.text("zh") == "没有这个文件：俱乐部.gouji"
    with use_language("zh"):
        assert str(message) == "没有这个文件：俱乐部.gouji"
    with use_language("en"):
        assert str(message) == "no such file: 俱乐部.gouji"


def test_a_message_inside_a_message_takes_the_same_language():
    outer = msg("cli.replay.not_history", file="h.json", reason=msg("cli.replay.too_deep"))
    assert outer.text("zh") == "gouji：h.json：不是对局记录文件：JSON 嵌套太深"
    assert outer.text("en") == "gouji: h.json: not a history file: the JSON is nested too deeply"


def test_an_unknown_key_is_refused_where_the_message_is_made():
    with pytest.raises(KeyError, match="no message 'cli.nothing'"):
        msg("cli.nothing")
    assert isinstance(msg("core.hint"), Message)


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        with use_language("fr"):
            pass


def test_a_diagnostic_or_a_usage_error_takes_only_a_message_of_the_catalogue():
    from gouji_dsl.diagnostics import Diagnostic, Pos, UsageError
    with pytest.raises(TypeError, match="must be a Message"):
        Diagnostic(Pos("f.gouji", 1, 1), "an English sentence")
    with pytest.raises(TypeError, match="must be a Message"):
        UsageError("an English sentence")
    rendered = Diagnostic(Pos("f.gouji", 1, 1), msg("syntax.syntax_error"), hint="gouji fmt f.gouji")
    assert rendered.render(language="zh") == "f.gouji:1:1: 错误: 语法错误\n  提示: gouji fmt f.gouji"
    assert rendered.render(language="en") == "f.gouji:1:1: error: syntax error\n  hint: gouji fmt f.gouji"
