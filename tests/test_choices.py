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
import re
from pathlib import Path

import pytest

from gouji_dsl.backends.codegen import engine_module, render_engine
from gouji_dsl.backends.oracle.predicates import seat_functions
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.model import schema as m
from gouji_dsl.model.expr import SEAT_FUNCTIONS, Choice, ChoiceT, predicate
from gouji_dsl.model.types import OptionalT
from gouji_dsl.phases import Compilation
from gouji_dsl.rules.burning import burned_back
from gouji_dsl.rules.chaos import chaos_answer
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
    if parent.game == "gouji" and parent.chaos.starts_at is not None and parent.chaos.answer is None:
        by_section.setdefault("chaos", []).append(f"answer = {chaos_answer(parent).text}")
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


# Issue 33's second uses nobody asked for: a house rule of a standard variant with a new construct,
# and what `gouji diff` says against its parent: (parent, the house rule's name, its rules, what the
# diff must say; at least one rule group with a counterexample).
SECOND_USES = [
    # 枣庄 where only players who have opened may burn.
    ("zaozhuang", "opened-burns", "[about]\ntitle = \"Opened players burn\"\n[burning]\nwho = opened(burner)\n",
     ["burning.who (谁能烧)",
      "lets anyone burn whom the burning rules let; Opened-burns lets a player burn only when opened(burner)"]),
    # 黄金岛 where a player 闷ed is out of play at once, in Chinese (section, rule and yes by their Chinese names).
    ("huangjindao", "黄金岛闷了就下", "[about]\ntitle = \"黄金岛：闷了就下\"\ntitle_en = \"Huangjindao, out when 闷ed\"\n"
     "[憋三]\n被闷出局 = 是\n",
     ["threes.men_out (被闷出局)", "Huangjindao keeps a player who is 闷ed in play; 黄金岛闷了就下 puts a player who is "
      "闷ed out of play at once, placed from the bottom"]),
    # 联众 where a player without a 3 buys it from the first player, counted from their next, holding
    # two, and pays a teammate too.
    ("lianzhong", "counted", "[about]\ntitle = \"Counted sellers\"\n[buy]\nsellers = [in_turn]\nteammates_paid = yes\n",
     ["buy.sellers (卖家)", "buy.teammates_paid (联邦也付)", "has a buyer pay a teammate who sells"]),
    # 枣庄 where each player only wins, draws or loses.
    ("zaozhuang", "win-draw-loss", (Path(__file__).parent / "conformance" / "win-draw-loss.gouji").read_text(
        encoding="utf-8").split("extends zaozhuang\n", 1)[1],
     ["scoring.outcome (结果)", "Zaozhuang scores each player points; Win-draw-loss gives each player only a win, a draw "
      "or a loss (the sign of their score).", "zaozhuang scores [2, -2, 2, -2, 2, -2]; win-draw-loss scores [1, -1, 1, -1, 1, -1]"]),
    # 枣庄 where a last play of jokers only goes out whatever the table holds.
    # 枣庄 where 开点 takes two steps (a 级牌 lead after the opening 级牌) and a player who forfeited it
    # (废点) may not burn.
    pytest.param("zaozhuang", "forfeit-burns", "[about]\ntitle = \"Forfeited players do not burn\"\n"
                 "[open]\nthen_lead = gouji(play)\n[burning]\nwho = not forfeited(burner)\n",
                 ["burning.who (谁能烧)", "open.then_lead (随后出牌)",
                  "Forfeit-burns lets a player burn only when not forfeited(burner)"],
                 marks=pytest.mark.wide, id="forfeit-burns"),  # about 3 s: the wide run
    pytest.param("zaozhuang", "jokers-go-out", "[about]\ntitle = \"王走\"\ntitle_en = \"Jokers go out\"\n"
                 "[plays]\nfinal_play = jokers(play) == size(play)\n",
                 ["plays.final_play (最后一手走)", "Zaozhuang lets a last play go only when it beats the table; Jokers-go-out "
                  "lets a player go out with all their cards as one play with jokers(play) == size(play), whatever the "
                  "table holds."], marks=pytest.mark.wide, id="jokers-go-out"),  # about 1.5 s: the wide run
]


@pytest.mark.parametrize("parent, name, rules, said", SECOND_USES,
                         ids=[case[1] if isinstance(case, tuple) else case.id for case in SECOND_USES])
def test_the_diff_finds_where_a_second_use_changes_a_game(tmp_path, capsys, monkeypatch, parent, name, rules, said):
    from gouji_dsl.cli import main

    monkeypatch.setenv("GOUJI_LANG", "en")
    path = tmp_path / f"{name}.gouji"
    path.write_text(f"variant {name} extends {parent}\n{rules}", encoding="utf-8")
    assert main(["diff", parent, str(path)]) == 1
    out = capsys.readouterr().out
    assert all(words in out for words in said), out
    assert re.search(r"\b[1-9]\d* with a counterexample", out)
