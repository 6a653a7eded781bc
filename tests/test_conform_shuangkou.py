"""Shuangkou in `gouji conform` (docs/conformance.md, section "Shuangkou"): the case files
tests/conformance/shuangkou*.jsonl cover what the section asks, and the runner reports a
Shuangkou case that breaks the format (a Gouji check, a stand-in for a joker that is not
wild, more cards than the decks, a 级牌 asked of a Shuangkou hand) as a located error, on
both engines, while Gouji cases keep their answers and messages."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from gouji_dsl.cli import main

CASE_FILES = sorted((Path(__file__).parent / "conformance").glob("shuangkou*.jsonl"))
VARIANTS = {"shuangkou", "shuangkou-baibian", "shuangkou-qianbian"}
# docs/conformance.md "Shuangkou": the type names of a hand (docs/rulings.md K2, K3).
TYPES = {"single", "pair", "pair_run", "triple", "triple_run", "straight", "bomb", "chain_bomb", "joker_bomb"}


def _cases() -> list[dict]:
    return [json.loads(line) for path in CASE_FILES for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.strip().startswith("#")]


def _runs(case: dict) -> list[tuple[str, object]]:
    """(variant, expected) of each run of a case."""
    return [(case["variant"], case["expect"])] if "variant" in case else list(case["expect"].items())


def test_shuangkou_cases_cover_every_check_type_and_mode():
    cases = _cases()
    assert len(cases) >= 150
    assert {c["check"] for c in cases} == {"hand", "beats", "answers", "score"}
    assert {v for c in cases for v, _ in _runs(c)} == VARIANTS
    hands = [e for c in cases if c["check"] == "hand" for _, e in _runs(c)]
    assert {e["type"] for e in hands if e.get("valid")} == TYPES
    assert {e["lines"] for e in hands if e.get("type") in ("bomb", "chain_bomb", "joker_bomb")} >= set(range(4, 13))
    assert any("=" in c.get("cards", "") + c.get("lead", "") + c.get("play", "") for c in cases)  # stand-ins
    def answers_of(c: dict) -> set[str]:
        return {json.dumps(e) for _, e in _runs(c)}
    for check in ("hand", "beats", "answers"):  # the modes disagree on the same cards
        assert any(len(answers_of(c)) > 1 for c in cases if c["check"] == check), check
    assert any(len(answers_of(c)) == 3 for c in cases if c["check"] == "answers")  # all three apart: 0, 1, 2
    scores = [c for c in cases if c["check"] == "score"]
    assert any(c["result"].get("no_doubling") for c in scores) and any(c["result"].get("base", 1) != 1 for c in scores)


SHUANGKOU_ERRORS = [  # (a case line, what the runner says about it); the first line passes
    ('{"check": "hand", "cards": "5 6 7 8 BJ=9", "variant": "shuangkou-baibian", "expect": {"type": "straight"}}', None),
    ('{"check": "opens", "cards": "2", "variant": "shuangkou", "expect": false}',
     "shuangkou: opens: this game has no 开点: a game whose plays are patterns (Shuangkou) runs the checks "
     "hand, beats, answers and score (docs/conformance.md) [error]"),
    ('{"check": "can_burn", "hand": "BJ K K K", "target": "Q Q Q", "variant": "shuangkou-baibian", "expect": false}',
     "shuangkou-baibian: can_burn: this game has no burning (烧牌): "),
    ('{"check": "tribute", "variant": "shuangkou-qianbian", "result": {"finish": [1, 2, 3, 4]}, "expect": []}',
     "shuangkou-qianbian: tribute: this game has no tribute (进贡): "),
    ('{"check": "hand", "cards": "5 6 7 8 BJ=9", "variant": "shuangkou", "expect": {"valid": false}}',
     "shuangkou: hand: field 'cards': 'BJ=9' (token 5): BJ is not wild in this variant, so it stands for no card [error]"),
    ('{"check": "beats", "lead": "8 8", "play": "9 SJ=9", "variant": "shuangkou-baibian", "expect": true}',
     "shuangkou-baibian: beats: field 'play': 'SJ=9' (token 2): SJ is not wild in this variant"),
    ('{"check": "hand", "cards": "BJ BJ BJ", "variant": "shuangkou-baibian", "expect": {"valid": false}}',
     "shuangkou-baibian: hand: field 'cards' holds 3 of the card BJ; the decks have 2 [error]"),
    ('{"check": "beats", "lead": "9 9 9 9", "play": "9 9 9 9 9", "variant": "shuangkou", "expect": true}',
     "shuangkou: beats: fields 'lead' and 'play' hold 9 of the card 9; the decks have 8 [error]"),
    ('{"check": "answers", "hand": "SJ SJ 3", "lead": "SJ", "variant": "shuangkou-qianbian", "expect": 0}',
     "shuangkou-qianbian: answers: fields 'hand' and 'lead' hold 3 of the card SJ; the decks have 2 [error]"),
    ('{"check": "answers", "hand": "9 9 9 BJ=9", "lead": "8 8 8 8", "variant": "shuangkou-baibian", "expect": 1}',
     "shuangkou-baibian: answers: field 'hand': 'BJ=9' (token 4): a hand holds cards as they are: write BJ"),
    ('{"check": "hand", "cards": "9 9", "variant": "shuangkou", "expect": {"valid": true, "gouji": false}}',
     'shuangkou: hand: a Shuangkou hand is never a 级牌: ask "valid", "type" and/or "lines" [error]'),
    ('{"check": "hand", "cards": "9 9", "variant": "qingdao", "expect": {"valid": true, "type": "pair"}}',
     'qingdao: hand: a Gouji hand is asked "valid" and "gouji"; "type" and "lines" are asked of a game whose plays'),
    ('{"check": "hand", "cards": "9 9", "variant": "shuangkou", "expect": {"type": "pair", "lines": "4"}}',
     "expect.lines must be a bomb's line count (a whole number), or null for a play that is no bomb [error]"),
    ('{"check": "hand", "cards": "9 9", "variant": "shuangkou", "expect": {"type": "pair", "valid": 1}}',
     "expect.valid must be true or false [error]"),
    ('{"check": "hand", "cards": "9 9", "variant": "shuangkou", "expect": {"type": 2}}', "expect.type must be a type name"),
    ('{"check": "hand", "cards": "9 9", "variant": "shuangkou", "expect": {"type": "pair", "kind": "x"}}',
     "expect must be an object with one or more of valid, type, lines (unknown key 'kind') [error]"),
    ('{"check": "hand", "cards": "9 BJ=SJ", "variant": "shuangkou-baibian", "expect": {"valid": false}}',
     "field 'cards': 'BJ=SJ' (token 2): a joker stands for a card from 3 to 2, not for a joker [error]"),
    ('{"check": "hand", "cards": "9 9 X=9", "variant": "shuangkou-baibian", "expect": {"valid": false}}',
     "field 'cards': 'X=9' (token 3): only a joker (SJ or BJ) can stand for another card [error]"),
    ('{"check": "beats", "lead": "8", "play": "9 BJ=Z", "variant": "shuangkou-baibian", "expect": false}',
     "field 'play': 'BJ=Z' (token 2): unknown card 'Z' after '=' [error]"),
    ('{"check": "score", "variant": "shuangkou", "result": {"finish": [1, 2, 3, 4, 5, 6]}, "expect": [0, 0, 0, 0]}',
     "shuangkou: score: result.finish "),
    ('{"check": "hand", "cards": "9 BJ=9", "expect": {"shuangkou": {"valid": false}, "shuangkou-baibian": {"valid": true}}}',
     "shuangkou: hand: field 'cards': 'BJ=9' (token 2): BJ is not wild in this variant"),
    ('{"check": "beats", "lead": "8 8", "play": "大王=T T", "variant": "shuangkou-baibian", "expect": false}',
     'shuangkou-baibian: beats: expected false, got true'),
]


@pytest.mark.parametrize("engine", ["generated", "reference"])
def test_shuangkou_case_errors_are_located(tmp_path, capsys, engine):
    path = tmp_path / "shuangkou.jsonl"
    path.write_text("\n".join(line for line, _ in SHUANGKOU_ERRORS) + "\n", encoding="utf-8")
    assert main(["conform", "--engine", engine, str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    # The cross-variant line passes for 百变 and fails for 经典: one of its two runs.
    assert out[-1] == f"2 passed, {len(SHUANGKOU_ERRORS) - 1} failed"
    assert len(out) == len(SHUANGKOU_ERRORS)
    for number, (line, (_case, message)) in enumerate(zip(out, SHUANGKOU_ERRORS[1:]), 2):
        assert line.startswith(f"{path}:{number}: ") and message in line, (number, line)
        assert line.endswith("[error]") is not message.endswith("got true"), line  # an answer is no [error]
        assert "INTERNAL" not in line


def test_gouji_cases_keep_their_messages(tmp_path, capsys):
    """A stand-in means nothing in Gouji: the card is unknown, as before Shuangkou; a Gouji hand's
    expectation is still {"valid", "gouji"}."""
    path = tmp_path / "gouji.jsonl"
    path.write_text("\n".join([
        '{"check": "hand", "cards": "5 6 7 8 BJ=9", "variant": "qingdao", "expect": {"valid": false}}',
        '{"check": "hand", "cards": "2", "variant": "qingdao", "expect": {"valid": [true]}}',
        '{"check": "hand", "cards": "2", "variant": "qingdao", "expect": {"gouji": true, "valid": true}}',
        '{"check": "hand", "cards": "5 BJ=5", "expect": {"qingdao": {"valid": true}, "shuangkou-baibian": {"valid": true}}}',
    ]) + "\n", encoding="utf-8")
    assert main(["conform", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:1: field 'cards': unknown card 'BJ=9' (token 5): expected one of "
        "3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ (or T, 小王, 大王) [error]",
        f'{path}:2: expect must be an object with "valid" and/or "gouji" set to true or false [error]',
        f"{path}:4: qingdao: hand: unknown card 'BJ=5' (token 2): expected one of "
        "3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ (or T, 小王, 大王) [error]",
        "2 passed, 3 failed"]


# A position of Shuangkou (docs/conformance.md, "gouji-dsl's extensions"): plays that only the variant's engine reads
# as one play (a straight, a wild joker written as the card it stands for), in actions and in expect.legal.
SK_POSITION = ('{"check": "position", "variant": "shuangkou-baibian", "hands": {"1": "5 6 7 8 BJ 3", "2": "6 7 8 9 10 J", '
               '"3": "4", "4": "6"}, "leader": 1, %s"expect": %s}')
SK_POSITION_LINES = [  # (the fields after "leader", expect, what the runner says); the first two pass
    ('"actions": ["play BJ=9 5 6 7 8"], ', '{"to_move": 2, "legal": ["pass", "play 6 7 8 9 T", "play 7 8 9 10 J"], '
     '"log": ["seat 1: play 5 6 7 8 BJ=9"]}', None),
    ('', '{"legal": ["play 3", "play 5", "play 6", "play 7", "play 8", "play BJ", "play BJ=3 3", "play 3 BJ=4 5 6 7", '
     '"play 3 BJ=4 5 6 7 8", "play 5 6 7 8 BJ=9", "play 5 大王=5", "play 6 BJ=6", "play 7 BJ=7", "play 8 BJ=8", '
     '"play BJ=4 5 6 7 8"]}', None),
    ('"actions": ["play 5 6 7 8 SJ=9"], ', '{"to_move": 2}', "field 'actions', action 1: '5 6 7 8 SJ=9' is not one play [error]"),
    ('"actions": ["play 5 6 7 9 10"], ', '{"to_move": 2}', "field 'actions', action 1: '5 6 7 9 10' is not one play [error]"),
    ('"actions": ["play 5 BJ=SJ"], ', '{"to_move": 2}',
     "field 'actions', action 1: 'BJ=SJ' (token 2): a joker stands for a card from 3 to 2, not for a joker [error]"),
    ('', '{"legal": ["play BJ=3 3", "play 3 BJ=3"]}', "expect.legal lists 'play 3 BJ=3' twice [error]"),
    ('"actions": ["play 5 6 7 8 BJ=9"], ', '{"legal": ["pass"]}',
     'shuangkou-baibian: position: expected {"legal": ["pass"]}, got {"legal": ["pass", "play 6 7 8 9 10", "play 7 8 9 10 J"]}'),
]


@pytest.mark.parametrize("engine", ["generated", "reference"])
def test_shuangkou_positions_read_their_plays(tmp_path, capsys, engine):
    path = tmp_path / "position.jsonl"
    path.write_text("\n".join(SK_POSITION % (fields, expect) for fields, expect, _ in SK_POSITION_LINES) + "\n",
                    encoding="utf-8")
    assert main(["conform", "--engine", engine, str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == f"2 passed, {len(SK_POSITION_LINES) - 2} failed"
    for number, (line, (_f, _e, message)) in enumerate(zip(out, SK_POSITION_LINES[2:]), 3):
        assert line == f"{path}:{number}: {message}", (number, line)
