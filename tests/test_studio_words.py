"""The table's events and refusals in the page's language (gouji_dsl/studio/words.py): every line
format the engines write has its pattern (found in whole games of every kind, and in the runtime's
source), the Chinese fills every value and says the common events without English, the English is
the engine's own line, the engines' refusals on real positions come out in Chinese, and a line
or reason no pattern knows comes back unchanged."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import gouji_dsl
from gouji_dsl.bots import make_bot
from gouji_dsl.messages import Message
from gouji_dsl.runtime.flow import _RANK_RULE_WHY
from gouji_dsl.runtime.state import Match
from gouji_dsl.studio.table import Table, TableError, _event
from gouji_dsl.studio.words import (EVENT_PATTERNS, REFUSAL_PATTERNS, event_words, reason_named, refusal_words,
                                    transcript_words)

RUNTIME = Path(gouji_dsl.__file__).resolve().parent / "runtime"
VARIANTS = ("lianzhong", "zaozhuang", "qingdao", "huangjindao", "shuangkou", "shuangkou-qianbian")
CJK = re.compile(r"[\u3400-\u9fff]")
# What may stay as the engine writes it in a Chinese line: the cards (SJ, BJ, a stand-in BJ=9),
# the rule names quoted in brackets, a quoted action text.
CARD = re.compile(r"(?<![A-Za-z])(?:SJ|BJ|[2-9JQKAT]|10|Y)(?:=\w+)?(?![A-Za-z])")
LEFT_AS_WRITTEN = re.compile(r"\[[^\]]*\]|'[^']*'|\"[^\"]*\"|\([^)]*\)|（[^）]*）")
ENGLISH = re.compile(r"[A-Za-z]{2,}")
# Lines that read the same in both languages: none (a line of the engines is English, or names a
# term the Chinese says otherwise).
SAME_IN_BOTH: frozenset[str] = frozenset()


def _english_left(chinese: str) -> list[str]:
    return ENGLISH.findall(CARD.sub("", LEFT_AS_WRITTEN.sub("", chinese)))


def _games() -> dict[str, list[list[str]]]:
    """Two matches of three games of every variant (greedy bots; the first legal action): the
    transcripts, tributes and returns of the later games included."""
    games: dict[str, list[list[str]]] = {}
    for name in VARIANTS:
        engine = gouji_dsl.engine(name)
        for way in ("greedy", "first"):
            match = Match()
            bots = {s: make_bot("greedy", s) for s in range(1, engine.PLAYERS + 1)}
            for number in range(3):
                game = engine.new_game(seed=1000 * number + 7, match=match)
                while not game.is_terminal():
                    game.apply_action(game.legal_actions()[0] if way == "first" else bots[game.current_player()].act(game))
                games.setdefault(name, []).append(game.transcript())
                match = game.next_match()
    return games


GAMES = _games()


def _matched(table, text: str) -> str | None:
    return next((key for pattern, key in table if pattern.fullmatch(text)), None)


@pytest.mark.parametrize("name", VARIANTS)
def test_every_line_of_whole_games_has_its_pattern(name):
    engine = gouji_dsl.engine(name)
    game = "shuangkou" if engine.RULES.pattern_plays else "gouji"
    for lines in GAMES[name]:
        said = transcript_words(lines, "zh", game=game, places=engine.RULES.place_names, players=engine.PLAYERS,
                                declare=engine.RULES.declare, revolution=engine.RULES.revolution)
        assert transcript_words(lines, "en") == lines  # the English is the engine's own line
        for line, chinese in zip(lines, said):
            assert _matched(EVENT_PATTERNS, line), f"{name}: no pattern for {line!r}"
            assert chinese != line or line in SAME_IN_BOTH, f"{name}: {line!r} is not said in Chinese"
            assert "{" not in chinese and "}" not in chinese and CJK.search(chinese), (line, chinese)
            assert event_words(line, "en") == line


def _sample(node: ast.AST, values: dict[str, str]) -> str | None:
    """A line a `log.append` or a reason of the runtime's source writes, its values filled with
    samples (`values` by the expression's source, else "3"); None for what is not a text."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        out = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                out.append(str(part.value))
            elif isinstance(part, ast.FormattedValue):
                value = values.get(ast.unparse(part.value), "3")
                out.append(repr(value) if part.conversion == ord("r") else value)
        return "".join(out)
    if isinstance(node, ast.BinOp):  # "game over: " + ", ".join(...), "scores: [" + ... + "]"
        left, right = _sample(node.left, values), _sample(node.right, values)
        if left is None or right is None:
            return None
        return left + right
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join":
        return values.get(ast.unparse(node), "3")
    return None


LOG_VALUES = {"e['kind']": "dian",
              "', '.join((f'seat {s} place {p}' for s, p in sorted(self.place_of.items())))":
                  "seat 1 place 2, seat 2 place 1",
              "', '.join(map(str, self._scores))": "4, -4, 2/3, 0"}


def _log_lines(path: Path) -> list[str]:
    """The lines `self.log.append(...)` writes in a module (the actions, appended as tuples, left out)."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "append"
                and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "log" and node.args
                and not isinstance(node.args[0], ast.Tuple)):
            line = _sample(node.args[0], LOG_VALUES)
            assert line is not None, f"{path.name}:{node.lineno}: a log line the test cannot read"
            lines.append(line)
    return lines


def test_every_format_the_runtime_logs_has_its_pattern():
    lines = [line for path in sorted(RUNTIME.glob("*.py")) for line in _log_lines(path)]
    assert len(lines) >= 21
    # the generated engines the studio plays with write the runtime's lines, specialised
    lines += [line for name in VARIANTS for line in _log_lines(Path(gouji_dsl.engine(name).__file__))]
    # the values the lines fall back on ("... or 'nothing'"), and the actions as `transcript()` writes them
    lines += ["tribute luo: seat 6 gives seat 1 nothing", "return: seat 1 gives seat 6 nothing",
              "seat 3 buys a 3 from seat 2 for nothing"]
    lines += ["seat 3: play 3 3", "seat 3: burn 2 2 BJ", "seat 3: pass", "seat 3: defer", "seat 3: declare",
              "seat 3: revolt", "seat 3: play 9 9 BJ=9"]
    for line in lines:
        chinese = event_words(line, "zh")
        assert _matched(EVENT_PATTERNS, line), f"no pattern for the runtime's {line!r}"
        assert chinese != line and CJK.search(chinese) and "{" not in chinese, (line, chinese)
        assert event_words(line, "en") == line
    for lines_of_game in GAMES.values():  # every pattern is one the runtime writes
        lines += [line for transcript in lines_of_game for line in transcript]
    unused = {key for _pattern, key in EVENT_PATTERNS} - {_matched(EVENT_PATTERNS, line) for line in lines}
    assert not unused


@pytest.mark.parametrize("line, chinese", [
    ("seat 4: play J J", "4号出 J J"),
    ("seat 4: burn 2 2 BJ", "4号用 2 2 BJ 烧牌"),
    ("seat 4: pass", "4号过"),
    ("seat 5 opens (开点)", "5号开点"),
    ("seat 2 goes out, place 3", "2号走科（三科）"),
    ("seat 2 goes out, place 6", "2号走科（大落）"),
    ("四户乱缠 (free-for-all) begins", "开始四户乱缠"),
    ("seat 3 burns seat 2's 级牌 (烧牌)", "3号烧了2号的级牌"),
    ("seat 3's burn succeeds", "3号烧牌成功"),
    ("seat 3 fails the burn (烧牌失误) and takes place 6", "3号烧牌失误，名次是大落"),
    ("seat 1 leads", "没人再管，1号得发牌权"),
    ("game over: seat 1 place 6, seat 2 place 1", "一局打完：1号大落、2号头科"),
    ("scores: [-4, 4, 2/3, 0]", "得分：1号-4分、2号+4分、3号+2/3分、4号0分"),
    ("tribute dian: seat 1 gives seat 4 BJ", "点贡：1号进给4号 BJ"),
    ("tribute luo: seat 6 gives seat 1 nothing", "落贡：6号该进给1号，但没有牌可进"),
    ("return: seat 4 gives seat 1 3", "还贡：4号还给1号 3"),
    ("seat 2 buys a 3 from seat 5 for 4", "买牌：2号用 4 向5号买了一张 3"),
    ("seat 2 buys a 3 from seat 5 for nothing", "买牌：2号没有牌可付，白得了5号的一张 3"),
    ("seat 3 is given a 3 by teammate 5", "要牌：联邦5号给3号一张 3"),
])
def test_the_common_events_in_chinese(line, chinese):
    assert event_words(line, "zh") == chinese
    assert event_words(line, "en") == line
    assert not _english_left(chinese), chinese


def test_the_events_of_whole_games_leave_no_english_in_chinese():
    common = re.compile(r"seat \d+: (play|pass|burn)|seat \d+ (leads|goes out|opens|burns)|game over|scores")
    seen = set()
    for name in VARIANTS:
        for lines in GAMES[name]:
            for line in lines:
                if common.match(line):
                    seen.add(common.match(line).group(0).split(" ")[-1])
                    assert not _english_left(event_words(line, "zh")), line
    assert {"play", "pass", "leads", "out", "opens", "over", "scores"} <= seen  # burns: the cases above


def test_a_shuangkou_player_goes_out_with_the_variants_place_names():
    assert event_words("seat 2 goes out, place 1", "zh", game="shuangkou") == "2号出完牌（上游）"
    places = gouji_dsl.engine("shuangkou").RULES.place_names
    assert event_words("seat 2 goes out, place 4", "zh", game="shuangkou", places=places) == "2号出完牌（下游）"
    qingdao = gouji_dsl.engine("qingdao").RULES.place_names
    assert event_words("seat 2 goes out, place 5", "zh", places=qingdao) == "2号走科（小落）"
    assert event_words("game over: seat 1 place 7", "zh") == "一局打完：1号第 7 名"


def test_plays_are_said_as_leads_or_answers_and_passes_by_their_phase():
    lines = ["deal (seed 7)", "seat 1: pass", "seat 2: declare", "seat 3: pass", "seat 4: pass", "seat 5: pass",
             "seat 6: pass", "seat 2: revolt", "seat 2 sits out (革命)", "seat 4: play 5 5", "seat 5: pass",
             "seat 6: play 9 9", "seat 1: pass", "seat 6 leads", "seat 6: play K", "seat 1: burn 2"]
    said = transcript_words(lines, "zh", declare=True, revolution=True)
    assert said == ["发牌（种子 7）", "1号不宣点", "2号宣点", "3号不宣点", "4号不宣点", "5号不宣点", "6号不宣点", "2号革命",
                    "2号革命，这局不出牌", "4号先出 5 5", "5号过牌", "6号管 9 9", "1号过牌", "没人再管，6号得发牌权", "6号先出 K",
                    "1号用 2 烧牌"]
    revolt_only = transcript_words(["deal (seed 7)", "seat 3: pass", "seat 4: revolt"], "zh", revolution=True)
    assert revolt_only[1] == "3号不革命"
    assert transcript_words(lines, "en") == lines


def test_an_unknown_line_or_reason_comes_back_unchanged():
    for text in ("seat 3 dances", "", "seat 3: juggle 3 3", "tribute: nobody", "game over: everyone", "scores",
                 "{seat}"):
        assert event_words(text, "zh") == text and event_words(text, "en") == text
        assert refusal_words(text, "zh") == text and refusal_words(text, "en") == text
    assert event_words("tribute xyz: seat 1 gives seat 2 3", "zh") == "xyz：1号进给2号 3"  # a kind of no rule's
    assert _event("seat 3 dances", "zh") == {"seat": 3, "text": "seat 3 dances", "line": "seat 3 dances", "kind": "info"}


REFUSAL_SAMPLES = [
    "the game is over",
    "it is seat 2's turn, not seat 1's",
    "seat 1 has finished (place 2) and plays no more",
    "seat 1 may not answer a 级牌 of seat 2: only seat 5 (opposite) or a burner may",
    "seat 1 must choose pass or declare now, not play 3 3",
    "seat 1 must choose pass or revolt now, not burn 2",
    "seat 1 leads and may not pass",
    "seat 1 may not defer (让牌) now: only the opposite of a non-级牌 play, first to answer it, may",
    "3 SJ is not a legal play",
    "seat 1 does not hold 5 5 5",
    "seat 3 may not burn (烧牌): this game has no burning",
    "9 9 does not beat J J",
    "seat 1 may answer the 级牌 of seat 2 only by burning it ('burn 2 2'): only seat 5 (opposite) answers it plainly",
    "seat 2 may not answer seat 1's play: it may only go out with all its cards, 'play 3 3' ([plays] final_play)",
    "seat 1 may not burn (烧牌) this play: a burn answers a 级牌 of a player who is not one's opposite",
    "2s may only be played one at a time ([ranks] single)",
    "2s may only be played with no 2s or jokers attached ([ranks] bare)",
    "Ks may only be played all together, every K one holds ([ranks] all_at_once)",
    "3s may only be played as one's last play ([ranks] last_only)",
    "3s may only be played as one's last play, all of them together (憋三)",
    "declare is not allowed now",
    "empty action",
    "cannot read action 'dance': expected 'play CARDS', 'burn CARDS', 'pass', 'defer', 'declare' or 'revolt'",
    "'3 4' is not one play",
    "'play ...' holds more of a card than 4 deck(s) have",
    "an action of 5,000 characters is no action (at most 4,000)",
    "3 is not an action string",
    "unknown card 'X' (token 1): expected one of 3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ (or T, 小王, 大王)",
    "unknown card 'X' (token 1): expected one of 3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ",
    "unknown card 'X' (token 2)",
    "'3=4' (token 1): only a joker (SJ or BJ) can stand for another card",
    "'BJ=X' (token 1): unknown card 'X' after '='",
    "'BJ=BJ' (token 1): a joker stands for a card from 3 to 2, not for a joker",
    "cards must be written as a string of tokens, not int",
    "a hand holds cards as they are: write BJ, not BJ=9 (a stand-in is chosen when playing)",
]


def _chinese_reason(reason: str) -> str:
    chinese = refusal_words(reason, "zh")
    assert chinese != reason and CJK.search(chinese) and "{" not in chinese, (reason, chinese)
    assert refusal_words(reason, "en") == reason
    return chinese


def test_every_refusal_format_has_its_pattern():
    for reason in REFUSAL_SAMPLES:
        assert _english_left(_chinese_reason(reason)) in ([], ["int"]), reason  # int: a value's Python type
    unused = {key for _pattern, key in REFUSAL_PATTERNS} - {_matched(REFUSAL_PATTERNS, r) for r in REFUSAL_SAMPLES}
    assert not unused
    assert refusal_words("seat 1 must choose pass or declare now, not burn 3", "zh") == "1号现在只能选不宣点或宣点，不能烧牌 3"
    assert refusal_words("seat 1 leads and may not pass", "zh") == "该1号先出，不能过牌"
    assert refusal_words("3 SJ is not a legal play", "zh") == "3 SJ 不是一手能出的牌"
    clipped = "unknown card '" + "X" * 150 + "' (token 1): expected one of 3 4 5 6 7 8 9 10 J Q K A 2 SJ BJ (or T..."
    assert _chinese_reason(clipped).startswith("没有 'XXX")  # a card error clipped at 200 characters


REASON_VALUES = {"' or '.join((a.kind for a in self.legal_actions()))": "pass or declare",
                 "action_to_string(action)": "play 3 3", "describe(text)": "'dance'", "len(text)": "5,000",
                 "MAX_ACTION_TEXT": "4,000", "self._expected": "3 4 5 (or T, 小王, 大王)",
                 "type(text).__name__": "int"}


def _reasons(path: Path, functions: tuple[str, ...], raised: str) -> list[str]:
    """The reasons the runtime's `functions` return or raise (as `raised`) in a module, filled with samples."""
    reasons = []
    for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(function, ast.FunctionDef) or (functions and function.name not in functions):
            continue
        for node in ast.walk(function):
            text = None
            if isinstance(node, ast.Return) and node.value is not None and function.name.startswith("_why"):
                text = _sample(node.value, REASON_VALUES)
            elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and ast.unparse(node.exc.func) == raised \
                    and node.exc.args:
                text = _sample(node.exc.args[0], REASON_VALUES)
            if text is not None:
                reasons.append(text)
    return reasons


def test_every_reason_the_runtime_gives_for_an_action_has_its_pattern():
    reasons = (_reasons(RUNTIME / "flow.py", ("apply_action", "_why_illegal", "_why_not_seat"), "IllegalAction")
               + _reasons(RUNTIME / "actions.py", ("string_to_action", "read_action"), "IllegalAction")
               + [r for name in ("cards.py", "patterns.py", "pattern_kinds.py")
                  for r in _reasons(RUNTIME / name, (), "CardError")]
               + [why.format(r="K") for why in _RANK_RULE_WHY.values()])
    assert len(reasons) >= 25
    for reason in reasons:
        _chinese_reason(reason)


def _refusals(name: str, most: int = 400) -> dict[str, str]:
    """Illegal actions tried on the positions of a real game (greedy bots): the engine's reasons
    by their pattern's key."""
    engine = gouji_dsl.engine(name)
    game = engine.new_game(seed=3)
    bots = {s: make_bot("greedy", s) for s in range(1, engine.PLAYERS + 1)}
    found: dict[str, str] = {}
    for _ in range(most):
        if game.is_terminal():
            break
        seat = game.current_player()
        hand = engine.format_cards(engine.parse_cards(game.observation(seat)["hands"][seat])).split()
        tries = ["pass", "defer", "declare", "burn 3", "play 3 4", "play X", "", f"play {hand[0]} {hand[-1]}",
                 f"play {' '.join([hand[0]] * (hand.count(hand[0]) + 1))}", f"play {hand[0]}"]
        for action in tries:
            try:
                game.clone().apply_action(action, seat)
            except ValueError as exc:
                found.setdefault(_matched(REFUSAL_PATTERNS, str(exc)) or str(exc), str(exc))
        game.apply_action(bots[seat].act(game))
    return found


@pytest.mark.parametrize("name", ["lianzhong", "shuangkou"])
def test_refusals_on_real_positions_come_out_in_chinese(name):
    found = _refusals(name)
    assert all(key.startswith("studio.table.refusal.") for key in found), found  # every reason has its pattern
    assert len(found) >= 6
    for reason in found.values():
        assert not _english_left(_chinese_reason(reason)), reason


def test_the_table_says_its_events_and_refusals_in_the_asked_language():
    engine = gouji_dsl.engine("lianzhong")
    table = Table(engine, seed=2, lang="zh")
    view = table.view()
    lines = table.game.transcript()
    assert [e["line"] for e in view["events"]] == ["deal" if line.startswith("deal (seed") else line for line in lines]
    assert view["events"][0] == {"seat": None, "text": "发牌", "line": "deal", "kind": "info"}
    assert all(CJK.search(e["text"]) for e in view["events"])
    english = table.view(lang="en")["events"]
    assert [e["text"] for e in english] == [e["line"] for e in english]
    assert [e["kind"] for e in english] == [e["kind"] for e in view["events"]]
    while table.view()["phase"] != "play":
        table.act("pass")
    assert any(e["text"].endswith("号不宣点") for e in table.view()["events"])
    before = table.view()
    card = before["hand"][0]
    more = " ".join([card] * (before["hand"].count(card) + 1))
    for action in (f"play {more}", "play X", "dance", ""):
        with pytest.raises(TableError) as refused:
            table.act(action)
        engine_says = refused.value.message
        assert isinstance(engine_says, str) and refused.value.text("en") == engine_says
        assert refused.value.text("zh") == refusal_words(engine_says, "zh") != engine_says
        assert CJK.search(refused.value.text("zh")) and refused.value.view == before


def test_a_replayed_history_with_an_illegal_action_says_its_reason_in_chinese():
    engine = gouji_dsl.engine("lianzhong")
    table = Table(engine, seed=2, lang="zh")
    history = table.history()
    history["games"][0]["history"].append("play X")
    with pytest.raises(TableError) as refused:
        Table.replayed(lambda _variant: engine, history)
    assert isinstance(refused.value.message, Message)
    assert "没有 'X' 这张牌" in refused.value.text("zh")
    assert "unknown card 'X'" in refused.value.text("en")
    assert reason_named("the game is over").text("zh") == "这局已经打完了"
