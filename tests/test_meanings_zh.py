"""The Chinese meanings of the rules (gouji_dsl/docs/meanings_zh.py): every rule, column,
choice, expression name and function the rule model declares has its Chinese, and no
Chinese is left for one it no longer declares."""
from __future__ import annotations

import re

import pytest

from gouji_dsl.docs.meanings_zh import MEANINGS_ZH, meaning, meaning_keys

CHINESE = re.compile(r"[\u4e00-\u9fff]")
# ASCII punctuation touching a Chinese character: Chinese text takes the full-width forms.
HALF_WIDTH = re.compile(r"[\u4e00-\u9fff][,.;:!?()]|[,;:!?(][\u4e00-\u9fff]")


def test_every_meaning_has_its_chinese():
    missing = [key for key in meaning_keys() if not MEANINGS_ZH.get(key, "").strip()]
    assert not missing, f"meanings without Chinese in gouji_dsl/docs/meanings_zh.py: {missing}"
    not_chinese = [key for key in meaning_keys() if not CHINESE.search(MEANINGS_ZH[key])]
    assert not not_chinese, f"Chinese meanings without Chinese characters: {not_chinese}"


def test_no_chinese_meaning_is_left_over():
    stale = sorted(set(MEANINGS_ZH) - set(meaning_keys()))
    assert not stale, f"Chinese meanings of rules, columns, choices or names that no longer exist: {stale}"


def test_the_meanings_follow_the_order_of_the_sections_and_fields():
    order = [key for key in meaning_keys() if key in MEANINGS_ZH]
    assert [key for key in MEANINGS_ZH if key in order] == order


def test_the_chinese_uses_full_width_punctuation():
    wrong = {key: zh for key, zh in MEANINGS_ZH.items() if HALF_WIDTH.search(zh) or zh != zh.strip()}
    assert not wrong


@pytest.mark.parametrize("key", ["flow.lead_return_circles", "tribute.luo.payer", "flow.take_over=partner",
                                 "tribute.dian.opened=me", "burning.condition:rest", "tribute.dian.me_gives:level",
                                 "burning.ask_order=opposite", "table.cards_per_player=all", "buy.sellers=opposite",
                                 "function:count_from"])
def test_each_kind_of_key_is_enumerated(key):
    assert key in meaning_keys()


def test_meaning_gives_the_readers_language():
    english = meaning_keys()["flow.take_over"]
    assert meaning("flow.take_over", english, "zh") == MEANINGS_ZH["flow.take_over"]
    assert meaning("flow.take_over", english, "en") == english
    assert meaning("no.such_rule", "something", "zh") == "something"
