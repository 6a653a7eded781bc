"""Rulebooks of house-rule files that switch options no shipped variant switches: the
sentences and the worked examples for them are rendered, and true of the engines."""
from __future__ import annotations

import pytest

from gouji_dsl import engines
from gouji_dsl.docs import examples
from gouji_dsl.docs import rulebook as rb
from gouji_dsl.phases import Compilation

from helpers import scratch_workspace


def house(tmp_path, text: str, base: str = "zaozhuang"):
    ws = scratch_workspace(tmp_path, {"house": f"variant house extends {base}\n" + text})
    return ws, Compilation(ws, "house").checked


def test_a_burn_that_must_carry_a_joker_is_shown_with_a_joker(tmp_path):
    ws, v = house(tmp_path, "[burning]\nfirst_play_needs_joker = yes\n")
    burn = examples.examples_for(v).burn
    e = engines.from_model(v, "reference")
    target = e.classify(e.parse_cards(burn["target"])).play
    for hand, detail, verdict in (("good", "good_detail", True), ("bad", "bad_detail", False)):
        assert bool(e.can_burn(e.parse_cards(burn[hand]), target)) == verdict == burn[detail]["ok"]
        play = e.classify(e.parse_cards(burn[detail]["play"])).play
        assert play[3] or play[4], f"the {hand} hand's burning play {burn[detail]['play']} carries no joker"
    assert burn["good_detail"]["play"] == "K K BJ"   # a big joker alone is enough (no small joker needed)
    md = rb.render_rulebook(v, "en", "md", ws)
    assert "The burning play itself must carry a joker, and so must every later play but the last." in md
    assert f"After `{burn['good_detail']['play']}` beats `{burn['target']}`" in md


@pytest.mark.parametrize("lang,needle", [
    ("en", "The burning play itself must carry a joker"),
    ("zh", "打掉级牌的那一手也必须挂王"),
])
def test_both_languages_say_the_burning_play_needs_a_joker(tmp_path, lang, needle):
    ws, v = house(tmp_path, "[burning]\nfirst_play_needs_joker = yes\n")
    assert needle in rb.render_rulebook(v, lang, "md", ws)
    assert needle not in rb.render_rulebook(Compilation(ws, "zaozhuang").checked, lang, "md", ws)
