"""The diff's prose: a table rule's rows (at most four spelled out, then a count), the deck
sentence, a game counterexample's legal actions, and the matrix of variants that do not differ."""
from __future__ import annotations

import pytest

from gouji_dsl.cli import main
from gouji_dsl.diff.explain import _plain_component
from gouji_dsl.diff.matrix import matrix_rows, render_matrix
from gouji_dsl.phases import Compilation

from helpers import scratch_workspace

ROWS = {"10": 5, "J": 4, "Q": 3, "K": 2, "A": 2, "2": 1}  # zaozhuang's thresholds


def thresholds_file(tmp_path, changed: int):
    """A house rule raising the first `changed` thresholds of zaozhuang by one."""
    lines = [f"  | {rank} | {n + 1 if i < changed else n} |" for i, (rank, n) in enumerate(ROWS.items())]
    path = tmp_path / "house.gouji"
    path.write_text("variant house extends zaozhuang\n\n[gouji]\nthresholds =\n  | rank | at_least |\n"
                    + "\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def thresholds_line(capsys, path, lang):
    assert main(["diff", "--no-examples", "--lang", lang, "zaozhuang", path]) == 1
    marks = ("row differs", "rows differ", "行不同")
    return next(line.strip() for line in capsys.readouterr().out.splitlines() if any(m in line for m in marks))


@pytest.mark.parametrize("changed,tail", [(1, ""), (4, ""), (5, "; and 1 more"), (6, "; and 2 more")])
def test_english_rows_and_the_rest_counted(tmp_path, capsys, changed, tail):
    line = thresholds_line(capsys, thresholds_file(tmp_path, changed), "en")
    rows = "row differs" if changed == 1 else "rows differ"
    assert f": {changed} {rows} (by rank, giving at_least): 10: Zaozhuang 5, House 6" in line
    assert line.endswith(f"{tail}.") and line.count(": Zaozhuang") == min(changed, 4)
    if not tail:
        assert "more" not in line


@pytest.mark.parametrize("changed,tail", [(4, ""), (5, "；另有1行不同")])
def test_chinese_rows_and_the_rest_counted(tmp_path, capsys, changed, tail):
    line = thresholds_line(capsys, thresholds_file(tmp_path, changed), "zh")
    assert f"有{changed}行不同" in line and line.endswith(f"{tail}。")
    if not tail:
        assert "另有" not in line


# --- the deck count and cards each, said in one sentence only when both are numbers ------------

def test_decks_and_cards_each_in_one_sentence(capsys):
    assert main(["diff", "--no-examples", "--lang", "en", "zaozhuang", "lianzhong"]) == 1
    out = capsys.readouterr().out
    assert "Zaozhuang deals 6 decks, 54 cards each; Lianzhong 4 decks, 36 each." in out


def test_an_unset_deck_count_is_said_rule_by_rule(capsys):
    # The abstract base sets neither: no "deals None decks", each rule says its own value.
    assert main(["diff", "--no-examples", "--lang", "en", "gouji", "zaozhuang"]) == 1
    out = capsys.readouterr().out
    assert ("Number of 54-card decks shuffled together: Gouji not set, Zaozhuang 6. "
            "Cards dealt to each player: Gouji not set, Zaozhuang 54.") in out
    assert "deals" not in out


# --- a game counterexample's legal actions: listed when short, else what only one side allows ---

def test_short_action_lists_are_listed_whole():
    text = _plain_component("actions", ("pass", "3", "4"), ("pass",), "A", "B", "en")
    assert text == "legal actions: A pass, 3, 4; B pass"


@pytest.mark.parametrize("long_side", ["a", "b"])
def test_a_long_action_list_shows_only_what_one_side_allows(long_side):
    nine, three = tuple(str(c) for c in range(3, 12)), ("pass", "3", "4")
    va, vb = (nine, three) if long_side == "a" else (three, nine)
    text = _plain_component("actions", va, vb, "A", "B", "en")
    assert text.startswith("legal actions (2 in common): only A allows ")
    only_a, only_b = [x for x in va if x not in vb], [x for x in vb if x not in va]
    assert text == (f"legal actions (2 in common): only A allows {', '.join(only_a[:5])}"
                    + (f", … ({len(only_a) - 5} more)" if len(only_a) > 5 else "")
                    + f"; only B allows {', '.join(only_b[:5])}" + (f", … ({len(only_b) - 5} more)" if len(only_b) > 5 else ""))


# --- the matrix of variants that do not differ ---------------------------------------------------

@pytest.mark.parametrize("lang,sentence", [("en", "No rule differs among these variants."), ("zh", "这些变体的规则完全相同。")])
def test_a_matrix_of_identical_variants_says_so(tmp_path, lang, sentence):
    ws = scratch_workspace(tmp_path, {"same": "variant same extends zaozhuang\n"})
    models = [Compilation(ws, name).checked for name in ("zaozhuang", "same")]
    for fmt in ("md", "html"):
        out = render_matrix(models, lang, fmt)
        assert sentence in out and "<table>" not in out and "| rule" not in out


def _thresholds_house(differing: int) -> str:
    """Zaozhuang's six thresholds each raised by one, plus new rows from 3 up: `differing` rows differ."""
    raised = {"10": 6, "J": 5, "Q": 4, "K": 3, "A": 3, "2": 2}
    added = [f"  | {r} | 6 |\n" for r in ("3", "4", "5", "6", "7", "8", "9")[:differing - len(raised)]]
    return ("variant house extends zaozhuang\n[gouji]\nthresholds =\n  | rank | at_least |\n" + "".join(added)
            + "".join(f"  | {r} | {k} |\n" for r, k in raised.items()))


@pytest.mark.parametrize("differing", [12, 13])
def test_the_matrix_spells_out_at_most_twelve_differing_rows(tmp_path, differing):
    ws = scratch_workspace(tmp_path, {"house": _thresholds_house(differing)})
    models = [Compilation(ws, name).checked for name in ("zaozhuang", "house")]
    rows = [r for r in matrix_rows(models, "en") if r.path.startswith("gouji.thresholds")]
    if differing <= 12:
        assert len(rows) == differing and rows[0].path == "gouji.thresholds[10]" and rows[0].cells == ("5", "6")
        assert rows[-1].path == "gouji.thresholds[8]" and rows[-1].cells == ("—", "6")
    else:   # too many to list: the whole table in one row
        assert [(r.path, r.cells) for r in rows] == [("gouji.thresholds", ("6 rows", "13 rows"))]


@pytest.mark.parametrize("lang,text", [("en", "places: A 1:1, 4:2; B 1:1"), ("zh", "名次：A 1:1, 4:2；B 1:1")])
def test_places_in_a_game_counterexample_read_seat_colon_place(lang, text):
    assert _plain_component("places", ((1, 1), (4, 2)), ((1, 1),), "A", "B", lang) == text
