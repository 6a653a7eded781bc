"""The conformance cases of tests/conformance/ against both engines, and the
runner's handling of broken case files."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gouji_dsl.cli import main
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.paths import sources_dir
from gouji_dsl.phases import Compilation
from strategies import ENGINE_VARIANTS

CASES = sorted((Path(__file__).parent / "conformance").glob("*.jsonl"))


def _case_lines():
    for path in CASES:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.strip().startswith("#"):
                yield json.loads(line)


@pytest.mark.parametrize("engine", ["generated", "reference"])
def test_all_cases_pass(engine, capsys):
    assert CASES, "no conformance case files"
    code = main(["conform", "--engine", engine, *map(str, CASES)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.rstrip().splitlines()[-1].endswith(" 0 failed")


def test_case_files_cover_every_check_and_variant():
    cases = list(_case_lines())
    assert len(cases) >= 200
    checks = {c["check"] for c in cases}
    # The seven of docs/conformance.md, and gouji-dsl's extensions (docs/conformance.md, "gouji-dsl's extensions").
    assert checks == {"hand", "beats", "opens", "can_burn", "answers", "tribute", "score",
                      "position", "deck", "redeal", "buy", "first_leader", "tribute_cards"}
    named = {c["variant"] for c in cases if "variant" in c} | {v for c in cases if "variant" not in c for v in c["expect"]}
    assert set(ENGINE_VARIANTS) <= named
    cross = [c for c in cases if "variant" not in c]
    assert len(cross) >= 50
    for check in checks:
        assert any(c["check"] == check for c in cross), f"no cross-variant case for {check}"


# A seed line as the rule files cite it (the '@' is optional in a comment): 001:L40, 004:L75-79.
SEED_LINE = re.compile(r"@?\b(\d{3}):L(\d+)(?:-(\d+))?\b")
DECISION = re.compile(r"\b([DK]\d+)\b")
# A line of an outside engine's code (cases of variants/peers): room_end.go:L264, judger.py:L93-133.
PEER_LINE = re.compile(r"\b([\w.-]+\.(?:go|py)):L(\d+)(?:-(\d+))?\b")
PEER_NOTES = Path(__file__).resolve().parent.parent / "research" / "peers"


def _peer_files() -> set[str]:
    """The code files of the outside engines, as the research notes name them."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(PEER_NOTES.glob("*.md")))
    return set(re.findall(r"\b[\w.-]+\.(?:go|py)\b", text))


def _known_citations() -> tuple[dict[str, int], set[str]]:
    """Lines in each seed (by key), and the decisions the standard variants record."""
    ws = Workspace()
    lines, decisions = {}, set()
    for name in ws.names():
        about = Compilation(ws, name).model.about
        decisions |= {d.id for d in about.decisions}
        for source in about.sources:
            lines[source.key] = len((sources_dir() / source.file).read_text(encoding="utf-8").splitlines())
    return lines, decisions


def citation_problems(comment: str, lines: dict[str, int], decisions: set[str],
                      peer_files: set[str] = frozenset()) -> list[str]:
    """What is wrong with the citations of one comment: none at all, or one that cites nothing real.
    A case of an outside engine's variant cites that engine's code (`peer_files`: the files its
    research notes read)."""
    problems = []
    peers = PEER_LINE.findall(comment)
    problems += [f"cites {name}, which no research note of an outside engine reads"
                 for name, _first, _last in peers if name not in peer_files]
    seeds = SEED_LINE.findall(comment)
    for key, first, last in seeds:
        if key not in lines:
            problems.append(f"cites seed {key}, which no variant lists as a source")
        elif not 1 <= int(first) <= int(last or first) <= lines[key]:
            problems.append(f"cites {key}:L{first}{'-' + last if last else ''}, but seed {key} has {lines[key]} lines")
    named = DECISION.findall(comment)
    problems += [f"cites decision {d}, which no variant records" for d in named if d not in decisions]
    if not seeds and not named and not peers:
        problems.append("cites no seed line (NNN:LNN), no decision (D12) and no peer code line (judger.py:L93)")
    return problems


def test_citation_problems_are_found():
    lines, decisions = {"001": 60}, {"D3"}
    assert citation_problems("# comparison 001:L40 (T10, T11); D3", lines, decisions) == []
    assert citation_problems("# @001:L40-42", lines, decisions) == []
    assert citation_problems("# Jokers: T12-T15", lines, decisions) == [
        "cites no seed line (NNN:LNN), no decision (D12) and no peer code line (judger.py:L93)"]
    assert citation_problems("# kills: judger.py:L93-133", lines, decisions, {"judger.py"}) == []
    assert citation_problems("# kills: judge.py:L93", lines, decisions, {"judger.py"}) == [
        "cites judge.py, which no research note of an outside engine reads"]
    assert citation_problems("# 001:L61", lines, decisions) == ["cites 001:L61, but seed 001 has 60 lines"]
    assert citation_problems("# 001:L50-49", lines, decisions) == ["cites 001:L50-49, but seed 001 has 60 lines"]
    assert citation_problems("# 009:L1", lines, decisions) == ["cites seed 009, which no variant lists as a source"]
    assert citation_problems("# D99", lines, decisions) == ["cites decision D99, which no variant records"]


def test_every_case_group_cites_its_source():
    lines, decisions = _known_citations()
    peer_files = _peer_files()
    assert {"judger.py", "room_end.go"} <= peer_files
    problems = []
    for path in CASES:
        previous_comment = None
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            text = line.strip()
            if text.startswith("#"):
                previous_comment = (number, text)
            elif text:
                if previous_comment is None:
                    problems.append(f"{path.name}:{number}: case before any citing comment")
                    continue
                where, comment = previous_comment
                problems += [f"{path.name}:{where}: {p}" for p in citation_problems(comment, lines, decisions, peer_files)]
    assert not problems, "\n".join(dict.fromkeys(problems))


@pytest.mark.parametrize("engine", ["generated", "reference"])
def test_an_extra_card_token_is_refused_for_a_variant_without_it(tmp_path, capsys, engine):
    """docs/conformance.md: the token of an extra card kind (the eagle Y of tests/conformance/eagle.gouji)
    is valid only in cases run for a variant that declares it; elsewhere the case fails, named."""
    (tmp_path / "eagle.gouji").write_text((Path(__file__).parent / "conformance" / "eagle.gouji").read_text(encoding="utf-8"),
                                           encoding="utf-8")
    path = tmp_path / "y.jsonl"
    path.write_text('# the eagle, declared by eagle.gouji only\n'
                    '{"check": "hand", "cards": "Y", "expect": {"eagle.gouji": {"valid": true}, "zaozhuang": {"valid": true}}}\n'
                    '{"check": "beats", "lead": "7 Y", "play": "8 Q", "variant": "lianzhong", "expect": false}\n'
                    '{"check": "hand", "cards": "Z", "variant": "eagle.gouji", "expect": {"valid": true}}\n', encoding="utf-8")
    assert main(["conform", "--engine", engine, str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "1 passed, 3 failed"
    assert f"{path}:2: zaozhuang: hand: unknown card 'Y' (token 1): expected one of " \
           "3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ (or T, 小王, 大王) [error]" in out
    assert f"{path}:3: field 'lead': unknown card 'Y' (token 2): expected one of " \
           "3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ (or T, 小王, 大王) [error]" in out
    assert f"{path}:4: field 'cards': unknown card 'Z' (token 1): expected one of " \
           "3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ Y (or T, 小王, 大王) [error]" in out


def test_broken_case_file_reports_located_errors_and_runs_the_rest(tmp_path, capsys):
    path = tmp_path / "broken.jsonl"
    path.write_text("\n".join([
        "# a comment",
        '{"check": "hand", "cards": "2", "variant": "qingdao", "expect": {"gouji": true}}',
        "{not json",
        '{"check": "hand", "cards": "2 X", "variant": "qingdao", "expect": {"valid": true}}',
        '{"check": "hand", "cards": "2", "variant": "qingdaoo", "expect": {"valid": true}}',
        '{"check": "hand", "card": "2", "variant": "qingdao", "expect": {"valid": true}}',
        '{"check": "beats", "lead": "2", "variant": "qingdao", "expect": true}',
        '{"check": "size", "cards": "2", "variant": "qingdao", "expect": 1}',
        '{"check": "answers", "hand": "2", "lead": "3", "variant": "qingdao", "expect": "one"}',
        '{"check": "tribute", "variant": "qingdao", "result": {"finish": [1, 1, 2, 3, 4, 5]}, "expect": []}',
        '{"check": "beats", "lead": "BJ", "play": "BJ BJ", "expect": {"zaozhuang": true, "lianzhong": true}}',
    ]) + "\n", encoding="utf-8")
    assert main(["conform", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "2 passed, 9 failed"
    where = str(path)
    assert out[0].startswith(f"{where}:3: not valid JSON:")
    assert out[1].startswith(f"{where}:4: field 'cards': unknown card 'X' (token 2)")
    assert out[2] == f"{where}:5: unknown variant 'qingdaoo'; did you mean 'qingdao'? [error]"
    assert out[3] == f"{where}:6: unknown field 'card' for check 'hand'; did you mean 'cards'? [error]"
    assert out[4] == f"{where}:7: missing field 'play' for check 'beats' [error]"
    assert out[5].startswith(f"{where}:8: unknown check 'size'")
    assert out[6] == f"{where}:9: expect must be a count (a whole number, 0 or more) [error]"
    assert out[7] == f"{where}:10: qingdao: tribute: result.finish must list each of the 6 seats once [error]"
    assert out[8] == f"{where}:11: lianzhong: beats: expected true, got false"


def test_missing_case_file_is_a_usage_error(capsys):
    assert main(["conform", "no/such/file.jsonl"]) == 2


# --- the extension check "position" (docs/conformance.md, "gouji-dsl's extensions") -----------------------

POSITION = ('{"check": "position", "variant": "zhoujxmt", "hands": {"1": "Q Q Q 4", "2": "5", "3": "K K K 6", '
            '"4": "7", "5": "8", "6": "9"}, "leader": 1, %s"expect": %s}')
POSITION_ERRORS = [  # (the fields after "leader", expect, what the runner says) for one broken position line
    ('"actions": ["play Q Q Q"], ', '{"to_move": 3, "legal": ["pass", "burn K K K"], "log": ["seat 1: play Q Q Q"]}',
     None),  # a good line: passes
    ('', '{}', "expect must be an object with one or more of to_move, legal, log, places"),
    ('', '{"to_mvoe": 1}', "(unknown key 'to_mvoe'; did you mean 'to_move'?)"),
    ('', '{"to_move": true}', "expect.to_move must be a seat, or null when the game is over"),
    ('', '{"legal": "pass"}', "expect.legal must be a list of action strings"),
    ('', '{"legal": ["pass", "fly"]}', "expect.legal, action 2: cannot read action 'fly'"),
    ('', '{"legal": ["play 10 10", "play T T"]}', "expect.legal lists 'play 10 10' twice"),
    ('', '{"log": [1]}', "expect.log must be a list of transcript lines (strings)"),
    ('', '{"places": {"one": 1}}', 'expect.places must map seats to places, e.g. {"4": 1}'),
    ('', '{"places": {"1": "1"}}', 'expect.places must map seats to places, e.g. {"4": 1}'),
    ('"actions": "play Q Q Q", ', '{"to_move": 1}', "field 'actions' must be a list of action strings"),
    ('"actions": ["play Q Q X"], ', '{"to_move": 1}', "field 'actions', action 1: unknown card 'X'"),
    ('"actions": ["pass"], "out": {"2": 1}, ', '{"to_move": 1}', "seat 2 is out but holds cards in field 'hands'"),
    ('"out": [4], ', '{"to_move": 1}', "field 'out' must map seats to their places"),
    ('"outs": {}, ', '{"to_move": 1}', "unknown field 'outs' for check 'position'; did you mean 'out'?"),
    ('"actions": ["pass"], ', '{"to_move": 1}', "zhoujxmt: position: action 1 ('pass', seat 1 to move) is refused: "
     "seat 1 leads and may not pass"),
    ('"actions": ["play Q Q Q", "play K K K"], ', '{"to_move": 1}',
     "action 2 ('play K K K', seat 3 to move) is refused: seat 3 may answer the 级牌 of seat 1 only by burning it"),
    ('', '{"to_move": 2}', 'zhoujxmt: position: expected {"to_move": 2}, got {"to_move": 1}'),
]


@pytest.mark.parametrize("engine", ["generated", "reference"])
def test_position_case_errors_are_located(tmp_path, capsys, engine):
    lines = [POSITION % (fields, expect) for fields, expect, _ in POSITION_ERRORS]
    lines += [
        POSITION.replace('"leader": 1', '"leader": 7') % ("", '{"to_move": 1}'),
        POSITION.replace('"leader": 1', '"leader": "1"') % ("", '{"to_move": 1}'),
        POSITION.replace('"hands": {"1"', '"hands": {"01"') % ("", '{"to_move": 1}'),
        POSITION.replace('"6": "9"', '"6": 9') % ("", '{"to_move": 1}'),
        POSITION.replace('"6": "9"', '"6": "9 X"') % ("", '{"to_move": 1}'),
        POSITION.replace(', "6": "9"', "") % ("", '{"to_move": 1}'),
        POSITION.replace('"6": "9"', '"6": "9"}, "out": {"6": 1, "5": 1') % ("", '{"to_move": 1}'),
        POSITION.replace('"leader": 1', '"leader": 1, "actions": ["pass"]').replace('"variant": "zhoujxmt"',
                                                                                       '"variant": "gouji"')
        % ("", '{"to_move": 1}'),
        # Shuangkou plays positions on the Gouji flow: four seats (docs/conformance.md "Shuangkou").
        POSITION.replace('"variant": "zhoujxmt"', '"variant": "shuangkou"') % ("", '{"to_move": 1}'),
    ]
    messages = [m for _, _, m in POSITION_ERRORS if m] + [
        "zhoujxmt: position: 7 is not a seat: the seats are 1 to 6 [error]",
        "field 'leader' must be a seat (a whole number) [error]",
        "field 'hands' must map seats to cards",
        "field 'hands': seat 6's cards must be a string of cards [error]",
        "field 'hands': seat 6: unknown card 'X' (token 2)",
        "zhoujxmt: position: seat 6 holds no cards: give it cards, or list it in `out` with its place [error]",
        "field 'out' gives place 1 to two seats [error]",
        "gouji: variant 'gouji' has no engine: it is abstract [error]",
        "shuangkou: position: 5 is not a seat: the seats are 1 to 4 [error]",
    ]
    path = tmp_path / "position.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["conform", "--engine", engine, str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == f"1 passed, {len(lines) - 1} failed"
    assert len(out) == len(lines)
    for number, (line, message) in enumerate(zip(out, messages), 2):
        assert line.startswith(f"{path}:{number}: "), (number, line)
        assert message in line, (number, line)
        # A broken line is an [error]; an action the engine refuses, or another answer, is a plain failure.
        plain = re.search(r": zhoujxmt: position: (action \d+ \(.*\) is refused:|expected )", line) is not None
        assert line.endswith("[error]") is not plain, line
        assert "INTERNAL" not in line


def test_position_cases_cover_each_flow_construct():
    """tests/conformance/flow.jsonl plays every flow construct of issue 12 on a position, and at
    least once across variants that differ in it."""
    cases = [c for c in _case_lines() if c["check"] == "position"]
    named = {v for c in cases for v in ([c["variant"]] if "variant" in c else c["expect"])}
    assert {"zhoujxmt", "lamb-cn", "lianzhong-bubiesan", "zaozhuang", "flow-every-play.gouji"} <= named
    assert sum("variant" not in c for c in cases) >= 15
    asked = {key for c in cases for e in ([c["expect"]] if "variant" in c else c["expect"].values()) for key in e}
    assert asked == {"to_move", "legal", "log", "places"}


# --- the extension checks "deck" and "redeal" -------------------------------------------------------------

DEAL_ERRORS = [  # (a case line, what the runner says)
    ('{"check": "deck", "variant": "lamb-cn", "expect": {"copies": {"3": 6}, "total": 312, "cards_per_player": 52}}', None),
    ('{"check": "deck", "variant": "lamb-cn", "expect": {}}', "expect must be an object with one or more of copies, total, cards_per_player [error]"),
    ('{"check": "deck", "variant": "lamb-cn", "expect": {"size": 1}}', "(unknown key 'size') [error]"),
    ('{"check": "deck", "variant": "lamb-cn", "expect": {"total": -1}}', "expect.total must be a count (a whole number, 0 or more) [error]"),
    ('{"check": "deck", "variant": "lamb-cn", "expect": {"copies": []}}', "expect.copies must map cards to counts"),
    ('{"check": "deck", "variant": "lamb-cn", "expect": {"copies": {"X": 1}}}', "expect.copies: unknown card 'X' [error]"),
    ('{"check": "deck", "variant": "lamb-cn", "expect": {"copies": {"3": "6"}}}', "expect.copies: the count of 3 must be a whole number"),
    ('{"check": "deck", "variant": "lamb-cn", "hand": "3", "expect": {"total": 306}}', "unknown field 'hand' for check 'deck'"),
    ('{"check": "deck", "variant": "lamb-cn", "expect": {"copies": {"T": 6}}}',
     'lamb-cn: deck: expected {"copies": {"T": 6}}, got {"copies": {"3": 6, '),
    ('{"check": "redeal", "variant": "zhoujxmt", "expect": true}', "missing field 'hand' for check 'redeal' [error]"),
    ('{"check": "redeal", "variant": "zhoujxmt", "hand": "J Y", "expect": true}', "field 'hand': unknown card 'Y' (token 2)"),
    ('{"check": "redeal", "variant": "zhoujxmt", "hand": "J", "expect": "yes"}', "expect must be true or false [error]"),
    ('{"check": "redeal", "variant": "zhoujxmt", "hand": "J", "expect": false}', "zhoujxmt: redeal: expected false, got true"),
    ('{"check": "buy", "variant": "lianzhong", "hands": [], "expect": {"log": []}}', "field 'hands' must map seats to cards"),
    ('{"check": "buy", "variant": "lianzhong", "hands": {"1": "3 X"}, "expect": {"log": []}}', "lianzhong: buy: unknown card 'X' (token 2)"),
    ('{"check": "buy", "variant": "lianzhong", "hands": {"1": "3"}, "expect": {}}',
     "expect must be an object with one or more of hands, log [error]"),
    ('{"check": "buy", "variant": "lianzhong", "hands": {"1": "3"}, "expect": {"hands": {"1": 3}}}',
     "expect.hands must map seats to cards"),
    ('{"check": "buy", "variant": "lianzhong", "hands": {"1": "3"}, "expect": {"log": "x"}}', "expect.log must be a list of log lines"),
    ('{"check": "buy", "variant": "lianzhong", "hands": {"1": "3", "2": "4", "3": "5", "4": "6", "5": "7", "6": "8", "7": "9"}, '
     '"expect": {"log": []}}', "lianzhong: buy: 7 is not a seat: the seats are 1 to 6 [error]"),
    ('{"check": "buy", "variant": "lianzhong", "hands": {"1": "2 5", "2": "3 5", "3": "3", "4": "3 3", "5": "3", "6": "3"}, '
     '"expect": {"hands": {"1": "2 5"}}}', 'lianzhong: buy: expected {"hands": {"1": "2 5"}}, got'),
    ('{"check": "first_leader", "variant": "lamb-cn", "hands": {"1": "3"}, "expect": "1"}',
     "expect must be a seat, or null where the previous game or a draw decides [error]"),
    ('{"check": "first_leader", "variant": "lamb-cn", "hands": {"1": "3"}, "expect": 1}',
     "lamb-cn: first_leader: seat 2 holds no cards: give it cards, or list it in `out` with its place [error]"),
    ('{"check": "first_leader", "variant": "lamb-cn", "hands": {"1": "3", "2": "4", "3": "5", "4": "6", "5": "7", "6": "8"}, '
     '"expect": 2}', "lamb-cn: first_leader: expected 2, got 1"),
    ('{"check": "tribute_cards", "variant": "zaozhuang", "result": {"finish": [1, 2, 3, 4, 5, 6]}, "expect": {"log": []}}',
     "a tribute_cards case deals its game from field 'hands' or from field 'seed': give one of them [error]"),
    ('{"check": "tribute_cards", "variant": "zaozhuang", "seed": 1, "hands": {"1": "3"}, "result": {"finish": [1, 2, 3, 4, 5, 6]}, '
     '"expect": {"log": []}}', "a tribute_cards case deals its game from field 'hands' or from field 'seed'"),
    ('{"check": "tribute_cards", "variant": "zaozhuang", "seed": "1", "result": {"finish": [1, 2, 3, 4, 5, 6]}, "expect": {"log": []}}',
     "field 'seed' must be a whole number [error]"),
    ('{"check": "tribute_cards", "variant": "zaozhuang", "seed": 1, "result": {"finish": [1, 2, 3]}, "expect": {"log": []}}',
     "zaozhuang: tribute_cards: result.finish must list each of the 6 seats once [error]"),
    ('{"check": "tribute_cards", "variant": "zaozhuang", "hands": {"1": "3 3"}, "result": {"finish": [1, 2, 3, 4, 5, 6]}, '
     '"expect": {"log": []}}', "zaozhuang: tribute_cards: seat 1 is dealt 2 cards, not 54 [error]"),
    ('{"check": "tribute_cards", "variant": "shuangkou", "seed": 1, "result": {"finish": [1, 2, 3, 4]}, "expect": {"log": []}}',
     "shuangkou: tribute_cards: "),
    ('{"check": "tribute_cards", "variant": "zaozhuang", "seed": 1, "result": {"finish": [1, 2, 3, 4, 5, 6]}, "expect": {"log": []}}',
     'zaozhuang: tribute_cards: expected'),
]


@pytest.mark.parametrize("engine", ["generated", "reference"])
def test_deck_and_redeal_case_errors_are_located(tmp_path, capsys, engine):
    path = tmp_path / "deal.jsonl"
    path.write_text("\n".join(line for line, _ in DEAL_ERRORS) + "\n", encoding="utf-8")
    assert main(["conform", "--engine", engine, str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == f"1 passed, {len(DEAL_ERRORS) - 1} failed"
    for number, (line, (_case, message)) in enumerate(zip(out, DEAL_ERRORS[1:]), 2):
        assert line.startswith(f"{path}:{number}: ") and message in line, (number, line)
        assert "INTERNAL" not in line
