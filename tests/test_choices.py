"""Rules of a player's state (`ChoiceT`): shorthands are expressions, and nothing else.

A shorthand (`lift = opposite_or_headless`) stands for an expression of the rule's seats
(`beater == opposite(burner) or headless(beater)`). Every shipped variant written with its
shorthands spelt out as those expressions plays the same seeded games as the variant
itself, whose games are the fingerprinted ones of the enumerations before them
(tests/test_fingerprints.py): no game changes.
"""
from __future__ import annotations

import dataclasses
import inspect

import pytest

from gouji_dsl.backends.codegen import engine_module, render_engine
from gouji_dsl.backends.oracle.predicates import seat_functions
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.model import schema as m
from gouji_dsl.model.expr import SEAT_FUNCTIONS, Choice, ChoiceT, predicate
from gouji_dsl.model.types import OptionalT
from gouji_dsl.phases import Compilation
from gouji_dsl.rules.burning import burned_back
from gouji_dsl.rules.flow import answer_gouji, answer_play
from gouji_dsl.runtime.game import new_game
from gouji_dsl.runtime.state import State
from fingerprints import SHORT, expected, fingerprint
from strategies import ALL_ENGINE_VARIANTS, every_variant


def choice_rules() -> list[tuple[str, str, ChoiceT]]:
    """(section, rule, type) of every rule whose value is a ChoiceT."""
    out = []
    for cls in m.SECTIONS:
        for f in dataclasses.fields(cls):
            vtype = f.metadata["type"]
            while isinstance(vtype, OptionalT):
                vtype = vtype.inner
            if isinstance(vtype, ChoiceT):
                out.append((cls.NAME, f.name, vtype))
    return out


def test_there_are_choice_rules_and_every_shorthand_expands():
    assert ("burning", "lift") in [(s, r) for s, r, _t in choice_rules()]
    for _section, _rule, vtype in choice_rules():
        for name in vtype.members:
            choice = vtype.expand(name)
            assert choice.shorthand == name and choice.type == vtype.result


def test_both_engines_have_every_seat_function():
    fast = {name[len("_seat_"):] for name, _fn in inspect.getmembers(State, inspect.isfunction)
            if name.startswith("_seat_")}
    assert fast == set(SEAT_FUNCTIONS)
    assert set(seat_functions(None)) == set(SEAT_FUNCTIONS)  # type: ignore[arg-type]  # bound lazily: reads nothing yet


def spelt_out(tmp_path, name: str):
    """`name`'s child with every ChoiceT rule written as the expression its value stands for."""
    ws = Workspace()
    parent = Compilation(ws, name).checked
    by_section: dict[str, list[str]] = {}
    for section, rule, _vtype in choice_rules():
        value = getattr(parent.sections[section], rule, None) if section in parent.sections else None
        if isinstance(value, Choice):
            by_section.setdefault(section, []).append(f"{rule} = {value.text}")
    if isinstance(getattr(parent.sections.get("burning"), "failure_leader", None), Choice):
        # The shorthand burned_player also brings the burned 级牌 back (burned_back's default):
        # spelt out, that is written too.
        by_section["burning"].append(f"burned_back = {'yes' if burned_back(parent) else 'no'}")
    # Who may answer follows the pass rule and the 无头 rules while unset: spelt out, it is written.
    if parent.flow.answer_play is None:
        by_section.setdefault("flow", []).append(f"answer_play = {answer_play(parent).text}")
    if parent.game == "gouji" and parent.flow.answer_gouji is None and parent.flow.gouji_answer == "opposite_only":
        by_section.setdefault("flow", []).append(f"answer_gouji = {answer_gouji(parent).text}")
    lines = [f"variant spelt extends {name}"]
    for section, rules in by_section.items():
        lines += [f"[{section}]", *rules]
    path = tmp_path / "spelt.gouji"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return parent, Compilation(ws, ws.resolve_argument(str(path))).checked


@pytest.mark.parametrize("name", every_variant(ALL_ENGINE_VARIANTS))
def test_a_variant_with_its_shorthands_spelt_out_plays_the_fingerprinted_games(tmp_path, name):
    parent, child = spelt_out(tmp_path, name)
    for section, rule, vtype in choice_rules():
        theirs = getattr(parent.sections[section], rule, None) if section in parent.sections else None
        if isinstance(theirs, Choice):
            mine = getattr(child.sections[section], rule)
            assert mine.shorthand is None and vtype.plain(mine) == vtype.plain(theirs)
    assert child.flow.answer_play is not None and child.flow.answer_play.shorthand is None
    # The same specialised game, line for line ...
    game_of = lambda source: source[source.index("\nclass Game"):].replace("of spelt:", f"of {name}:")  # noqa: E731
    assert game_of(render_engine(child)) == game_of(render_engine(parent))
    # ... and the unspecialised flow, reading the expressions, plays the fingerprinted games.
    rules = dataclasses.replace(engine_module(child).RULES, name=name)
    assert fingerprint(lambda seed, match: new_game(rules, seed, match), SHORT) == expected(SHORT)[name]


def lift_of(tmp_path, text: str):
    path = tmp_path / "house.gouji"
    path.write_text(f"variant house extends zaozhuang\n[burning]\n{text}\n", encoding="utf-8")
    ws = Workspace()
    return Compilation(ws, ws.resolve_argument(str(path))).checked.burning.lift


def test_chinese_names_of_variables_functions_and_shorthands_are_the_english_ones(tmp_path):
    zh = lift_of(tmp_path, "解烧 = 打牌者 == 对家(烧牌者) or 无头(打牌者)")
    en = lift_of(tmp_path, "lift = beater == opposite(burner) or headless(beater)")
    assert zh.text == en.text == "beater == opposite(burner) or headless(beater)"
    assert predicate(zh) == predicate(en) == predicate(lift_of(tmp_path, "解烧 = 对家或无头"))
    assert lift_of(tmp_path, "解烧 = 对家或无头").shorthand == "opposite_or_headless"


SAID = [
    ("beater == opposite(burner) or headless(beater)",
     "打牌者是烧牌者的对家，或者打牌者无头",
     "the player beating it is the burner's opposite, or the player beating it is headless"),
    ("not (opened(beater) or passed(beater))",
     "打牌者还没开点，而且打牌者本轮还没过牌",
     "the player beating it has not opened (开点), and the player beating it has not passed in this round"),
    ("teammate(beater, next(burner)) and cards_left(beater) >= 3",
     "打牌者和烧牌者之后下一个有牌的人是同伙，而且打牌者的剩牌数不少于3",
     "the player beating it and the next player holding cards after the burner are on the same team,"
     " and the number of cards the player beating it holds is at least 3"),
    ("not out(opposite(burner)) and beater != burner",
     "烧牌者的对家还在牌局中，而且打牌者不是烧牌者",
     "the burner's opposite is still in play, and the player beating it is not the burner"),
]


@pytest.mark.parametrize("text, zh, en", SAID)
def test_a_seat_expression_in_words(tmp_path, text, zh, en):
    from gouji_dsl.prose.seats import say
    from gouji_dsl.rules.burning import LIFT

    lift = lift_of(tmp_path, f"lift = {text}")
    assert (say(lift.node, "zh", LIFT), say(lift.node, "en", LIFT)) == (zh, en)


def test_the_diff_finds_where_burning_only_after_opening_changes_a_game(tmp_path, capsys, monkeypatch):
    """Issue 33's second use nobody asked for: 枣庄 where only players who have opened may burn."""
    from gouji_dsl.cli import main

    monkeypatch.setenv("GOUJI_LANG", "en")
    path = tmp_path / "opened-burns.gouji"
    path.write_text('variant opened-burns extends zaozhuang\n[about]\ntitle = "Opened players burn"\n'
                    "[burning]\nwho = opened(burner)\n", encoding="utf-8")
    assert main(["diff", "zaozhuang", str(path)]) == 1
    out = capsys.readouterr().out
    assert "burning.who (谁能烧)" in out
    assert "lets anyone burn whom the burning rules let; Opened-burns lets a player burn only when opened(burner)" in out
    assert "1 with a counterexample" in out


@pytest.mark.wide
def test_the_diff_finds_where_a_forfeited_opening_stops_burning(tmp_path, capsys, monkeypatch):
    """Issue 33's second use of forfeited(x): 枣庄 where 开点 takes two steps (a 级牌 lead after
    the opening 级牌) and a player who forfeited it (废点) may not burn."""
    from gouji_dsl.cli import main

    monkeypatch.setenv("GOUJI_LANG", "en")
    path = tmp_path / "forfeit-burns.gouji"
    path.write_text('variant forfeit-burns extends zaozhuang\n[about]\ntitle = "Forfeited players do not burn"\n'
                    "[open]\nthen_lead = gouji(play)\n[burning]\nwho = not forfeited(burner)\n", encoding="utf-8")
    assert main(["diff", "zaozhuang", str(path)]) == 1
    out = capsys.readouterr().out
    assert "burning.who (谁能烧)" in out and "open.then_lead (随后出牌)" in out
    assert "Forfeit-burns lets a player burn only when not forfeited(burner)" in out
    assert "2 with a counterexample" in out


def test_the_diff_finds_where_a_player_out_when_menned_changes_a_game(tmp_path, capsys, monkeypatch):
    """Issue 33's second use of men_out: 黄金岛 where a player 闷ed is out of play at once, written
    in Chinese (the section and the rule by their Chinese names, 是 for yes)."""
    from gouji_dsl.cli import main

    monkeypatch.setenv("GOUJI_LANG", "en")
    path = tmp_path / "黄金岛闷了就下.gouji"
    path.write_text('variant 黄金岛闷了就下 extends huangjindao\n[about]\ntitle = "黄金岛：闷了就下"\n'
                    'title_en = "Huangjindao, out when 闷ed"\n[憋三]\n被闷出局 = 是\n', encoding="utf-8")
    assert main(["diff", "huangjindao", str(path)]) == 1
    out = capsys.readouterr().out
    assert "threes.men_out (被闷出局)" in out
    assert ("Huangjindao keeps a player who is 闷ed in play; 黄金岛闷了就下 puts a player who is 闷ed out of play at "
            "once, placed from the bottom") in out
    assert "1 with a counterexample" in out


def test_the_diff_finds_where_buying_from_the_first_seat_with_two_changes_a_game(tmp_path, capsys, monkeypatch):
    """Issue 33's second use of counted sellers and paid teammates: 连中 where a player without a 3
    buys it from the first player, counted from their next, holding two, and pays a teammate too."""
    from gouji_dsl.cli import main

    monkeypatch.setenv("GOUJI_LANG", "en")
    path = tmp_path / "counted.gouji"
    path.write_text('variant counted extends lianzhong\n[about]\ntitle = "Counted sellers"\n'
                    "[buy]\nsellers = [in_turn]\nteammates_paid = yes\n", encoding="utf-8")
    assert main(["diff", "lianzhong", str(path)]) == 1
    out = capsys.readouterr().out
    assert "buy.sellers (卖家)" in out and "buy.teammates_paid (联邦也付)" in out
    assert "has a buyer pay a teammate who sells" in out
    assert "with a counterexample" in out
