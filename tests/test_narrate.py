"""The counterexamples of a house-rule sheet told as play (gouji_dsl/docs/narrate.py): two or
three sentences a player follows, in Chinese and English, never the engine's dump of hands,
action lists and seeds; each checked on the cookbook's house rules (docs/cookbook.zh.md),
and each kind of card check on a case made here."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from gouji_dsl import engines
from gouji_dsl.diff.compare import diff_models
from gouji_dsl.diff.counterexample import Counterexample
from gouji_dsl.diff.search import counterexamples
from gouji_dsl.docs.narrate import narrate
from gouji_dsl.docs.render import md_inline
from gouji_dsl.facets.sentences import Ctx
from gouji_dsl.prose.text import Seg, Text
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.phases import Compilation

DOCS = Path(__file__).resolve().parent.parent / "docs"
BLOCK = re.compile(r"^```gouji\n(.*?)^```", re.MULTILINE | re.DOTALL)
RECIPES = BLOCK.findall((DOCS / "cookbook.zh.md").read_text(encoding="utf-8"))
ZH_TITLES, EN_TITLES = ("联众够级", "本俱乐部"), ("Lianzhong", "our club")

# What the engine's dump said, and players never do: set-ups, action lists, legal actions, seeds,
# score lists in brackets, the rule file's values.
DUMP = re.compile(r"局面：|动作：|可选动作|种子|桌面：|行动；|position:|actions:|legal actions|seed|on the table:|acts;|\[|\]|"
                  r"\b(?:play|pass|defer|burn|declare|revolt) [0-9JQKAS]|\btrue\b|\bfalse\b|None")


def _recipe(tmp_path: Path, index: int):
    (tmp_path / "club.gouji").write_text(RECIPES[index - 1], encoding="utf-8")
    ws = Workspace.for_user([str(tmp_path)])
    v = Compilation(ws, "club").checked
    parent = Compilation(ws, v.lineage[1]).checked
    found = counterexamples(parent.name, v.name, diff_models(parent, v), ws=ws)
    return ws, parent, found


def _told(ws, parent, ex, markdown: bool = False) -> tuple[str, str]:
    """The story in both languages: as plain text, or as Markdown (card groups in backticks)."""
    engine = engines.load(ws, parent.name)
    out = (narrate(ex, "zh", ZH_TITLES, Ctx(parent), engine), narrate(ex, "en", EN_TITLES, Ctx(parent), engine))
    # A term's Chinese as the sheet resolves it (docs.document.resolve_terms), so that Markdown can say it.
    out = tuple(Text(tuple(Seg("text", g.text) if g.kind == "term" else g for g in t.segs)) for t in out)
    return tuple(md_inline(t) if markdown else t.plain() for t in out)


@pytest.mark.parametrize("index", range(1, len(RECIPES) + 1), ids=[f"recipe {i}" for i in range(1, len(RECIPES) + 1)])
def test_every_cookbook_counterexample_is_told_as_play(tmp_path, index):
    ws, parent, found = _recipe(tmp_path, index)
    assert found, f"recipe {index}: no counterexample to tell"
    for ex in found:
        zh, en = _told(ws, parent, ex, markdown=True)
        for text in (zh, en):
            assert not DUMP.search(text), (index, ex.rule, text)
            assert len(re.findall(r"[。.](?:\s|$)", text)) <= 4, (index, text)   # two or three sentences, not a log
        assert "联众够级：" in zh and "本俱乐部：" in zh and re.search(r"\b[Ii]n Lianzhong, ", en) and "in our club, " in en
        assert not re.search(r"[A-Za-z]{2,}", re.sub(r"`[^`]*`", "", zh)), zh   # no ASCII words in the Chinese, but cards


# The cookbook's house rules, told (docs/cookbook.zh.md): the issue's own example first.
TOLD = [
    (1, "一局打到后面：4号已经走科（头科）；1号手里有 3 10 10，2号有 5，3号有 J J A，5号有 SJ，6号有 SJ SJ。"
        "1号出 10 10，3号管 J J，6号过牌。这时，联众够级：没人再管，3号得了发牌权，重新先出；"
        "本俱乐部：桌上还是3号的 J J，轮到6号，6号可以管 SJ SJ、让牌或过牌。",
     "Late in a game: seat 4 is already out in first place (头科); seat 1 holds 3 10 10, seat 2 holds 5, seat 3 holds J J A, "
     "seat 5 holds SJ, seat 6 holds SJ SJ. Seat 1 leads 10 10, seat 3 beats it with J J, seat 6 passes. Then, in Lianzhong, "
     "nobody beats it, so seat 3 wins the lead and leads again; in our club, seat 3's J J is still on the table, and it is "
     "seat 6's turn, who may beat it with SJ SJ, defer or pass."),
    (3, "联众够级：没人报牌，谁也不知道别人剩几张；本俱乐部：报了牌：1号剩1张、2号剩1张、3号剩1张、4号剩1张、5号剩1张。",
     "In Lianzhong, nobody tells how many cards they hold; in our club, the card counts are told: seat 1 holds 1"),
    (7, "别人（不是你的对家）出了级牌 K K，你手里是 A A。联众够级：你可以烧；本俱乐部：你不能烧。",
     "Someone who is not your opposite plays the gouji play K K, and you hold A A. In Lianzhong, you may burn it; in our club, you may not."),
    (8, "新的一局发完牌。1号、2号宣点，3号、4号、5号、6号不宣点。这时，联众够级：接着问革命，先问5号，5号可以革命或不革命；"
        "本俱乐部：开始出牌，桌上没牌，3号先出。",
     "A new game is dealt. Seats 1 and 2 declare, seats 3, 4, 5 and 6 do not declare. Then, in Lianzhong, revolution (革命) "
     "is asked next, starting with seat 5, who may revolt or decline; in our club, play begins, the table is clear and seat 3 leads."),
    (12, "联众够级：6号给1号2张落贡、5号给2号1张落贡；本俱乐部：6号给1号3张落贡、5号给2号1张落贡。",
     "in our club, seat 6 gives seat 1 three cards of place tribute (落贡) and seat 5 gives seat 2 one card of place tribute (落贡)."),
]


@pytest.mark.parametrize("index,zh,en", TOLD, ids=[f"recipe {i}" for i, _z, _e in TOLD])
def test_a_cookbook_counterexample_reads_as_play(tmp_path, index, zh, en):
    ws, parent, found = _recipe(tmp_path, index)
    told = [_told(ws, parent, ex) for ex in found]
    assert any(zh in z for z, _e in told), told
    assert any(en in e for _z, e in told), told


def _case(check: str, case: dict, x, y) -> Counterexample:
    return Counterexample("x.y", ("x.y",), "a", "b", "case", check, case=case, a_answer=x, b_answer=y)


@pytest.mark.parametrize("ex,zh,en", [
    (_case("beats", {"lead": "7 7 SJ", "play": "8 8 SJ"}, True, False),
     "有人先出 7 7 SJ，另一家用 8 8 SJ 管。联众够级：管得上；本俱乐部：管不上。",
     "A player leads 7 7 SJ and another answers with 8 8 SJ. In Lianzhong, it beats the lead; in our club, it does not."),
    (_case("opens", {"cards": "4 4 SJ"}, False, True),
     "有人出 4 4 SJ，没人管得上。联众够级：这不算开点；本俱乐部：这就算开点。",
     "A player makes the play 4 4 SJ and nobody beats it. In Lianzhong, it does not open; in our club, that opens (开点)."),
    (_case("answers", {"lead": "3 3", "hand": "5 BJ"}, 0, 1),
     "有人先出 3 3，轮到的人手里是 5 BJ。联众够级：他管不上；本俱乐部：他有1种管法。",
     "A player leads 3 3, and the player to answer holds 5 BJ. In Lianzhong, they cannot beat it; in our club, they can beat it in 1 way."),
    (_case("hand", {"cards": "5 5 5 5 6 6 6 6"}, {"valid": False, "type": None, "lines": 0},
           {"valid": True, "type": "chain_bomb", "lines": 6}),
     "有人想把 5 5 5 5 6 6 6 6 作为一手出。联众够级：不行，这不是一手牌；本俱乐部：可以，是连环炸（6线）。",
     "A player wants to play 5 5 5 5 6 6 6 6 as one play. In Lianzhong, that is not a play; in our club, it is a chain bomb of 6 lines."),
])
def test_each_card_check_is_told_as_play(ex, zh, en):
    parent = Compilation(Workspace(), "lianzhong").checked
    assert narrate(ex, "zh", ZH_TITLES, Ctx(parent)).plain() == zh
    assert narrate(ex, "en", EN_TITLES, Ctx(parent)).plain() == en


def test_results_without_points_are_told_as_wins_and_losses():
    """[scoring] outcome = win_draw_loss: the club's scores are said as a win, a draw or a loss, not as points."""
    parent = Compilation(Workspace(), "lianzhong").checked
    ex = _case("score", {"result": {"finish": [1, 3, 5, 2, 4, 6], "opened": []}}, [12, -12, 12, -12, 12, -12],
               [1, -1, 1, -1, 1, -1])
    assert narrate(ex, "zh", ZH_TITLES, Ctx(parent), results=(False, True)).plain().endswith(
        "联众够级：得分是1号+12分、2号-12分、3号+12分、4号-12分、5号+12分、6号-12分；"
        "本俱乐部：结果是1号胜、2号负、3号胜、4号负、5号胜、6号负。")
    assert narrate(ex, "en", EN_TITLES, Ctx(parent), results=(False, True)).plain().endswith(
        "In Lianzhong, the scores are seat 1: +12, seat 2: -12, seat 3: +12, seat 4: -12, seat 5: +12, seat 6: -12; "
        "in our club, the results are seat 1: win, seat 2: loss, seat 3: win, seat 4: loss, seat 5: win, seat 6: loss.")
    draw = _case("score", {"result": {"finish": [1, 2, 4, 3, 6, 5], "opened": []}}, [0] * 6, [0] * 6)
    assert narrate(draw, "en", EN_TITLES, Ctx(parent), results=(True, True)).plain().endswith(
        "in our club, the results are seat 1: draw, seat 2: draw, seat 3: draw, seat 4: draw, seat 5: draw, seat 6: draw.")


def test_a_game_that_goes_on_where_the_other_has_ended_is_said_so_not_given_empty_scores(tmp_path, capsys, monkeypatch):
    """Where one variant's game ends and the other's goes on, the one going on has no scores yet."""
    from gouji_dsl.cli import main

    monkeypatch.setenv("GOUJI_LANG", "en")
    path = tmp_path / "menout.gouji"
    path.write_text('variant menout extends lianzhong\n[about]\ntitle = "Smothered out"\n[threes]\nmen_out = yes\n',
                    encoding="utf-8")
    assert main(["doc", str(path), "--changes", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "places: seat 1 place 3, seat 2 place 2, seat 3 place 4, seat 6 place 1, the game goes on;" in out
    assert not re.search(r"the scores are [;.]", out)
