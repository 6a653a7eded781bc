"""One default language for every command that writes prose (gouji doc, gouji diff): --lang,
then GOUJI_LANG and the locale, then the rule files named, else Chinese (gouji_dsl/language.py)."""
from __future__ import annotations

import pytest

from gouji_dsl.cli import main
from gouji_dsl.language import reader_language

CHINESE = "variant club extends lianzhong\n[简介]\n名称 = \"俱乐部\"\n[出牌]\n让圈 = 2\n"
ENGLISH = "variant club extends lianzhong\n[about]\ntitle = \"Club\"\n[flow]\nlead_return_circles = 2\n"


@pytest.mark.parametrize("explicit, environ, text, expected", [
    ("en", {"GOUJI_LANG": "zh"}, CHINESE, "en"),                 # --lang first
    (None, {"GOUJI_LANG": "en", "LANG": "zh_CN.UTF-8"}, CHINESE, "en"),  # then GOUJI_LANG
    (None, {"GOUJI_LANG": "fr", "LANG": "zh_CN.UTF-8"}, ENGLISH, "zh"),  # one it does not know says nothing
    (None, {"LANG": "en_US.UTF-8"}, CHINESE, "en"),               # then the locale
    (None, {"LC_ALL": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, ENGLISH, "zh"),  # LC_ALL before LANG
    (None, {"LANG": "C.UTF-8"}, CHINESE, "zh"),                   # C says nothing: the file
    (None, {"LANG": "C.UTF-8"}, ENGLISH, "en"),
    (None, {}, None, "zh"),                                       # nothing at all: Chinese
])
def test_the_language_follows_the_flag_the_environment_then_the_file(tmp_path, explicit, environ, text, expected):
    files = []
    if text is not None:
        files = [tmp_path / "club.gouji"]
        files[0].write_text(text, encoding="utf-8")
    assert reader_language(explicit, files, environ) == expected


def test_a_file_that_cannot_be_read_says_nothing(tmp_path):
    bad = tmp_path / "bad.gouji"
    bad.write_bytes(b"\xff\xfe\x00junk")
    assert reader_language(None, [tmp_path / "missing.gouji", bad], {}) == "zh"


def test_doc_and_diff_choose_alike(tmp_path, monkeypatch, capsys, no_language_set):
    monkeypatch.chdir(tmp_path)  # the locale is C (conftest): the files decide
    (tmp_path / "club.gouji").write_text(ENGLISH, encoding="utf-8")
    assert main(["doc", "club.gouji", "--changes"]) == 0
    assert capsys.readouterr().out.startswith("# Club: ")  # an English file: English
    assert main(["diff", "lianzhong", "club.gouji", "--no-examples"]) == 1
    assert " vs club (Club): " in capsys.readouterr().out
    (tmp_path / "club.gouji").write_text(CHINESE, encoding="utf-8")
    assert main(["diff", "lianzhong", "club.gouji", "--no-examples"]) == 1
    assert " 对比 club（俱乐部）：" in capsys.readouterr().out
    monkeypatch.setenv("GOUJI_LANG", "en")
    assert main(["doc", "qingdao"]) == 0
    assert capsys.readouterr().out.startswith("# Qingdao Gouji: the rules")
