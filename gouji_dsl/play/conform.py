"""`gouji conform`: run conformance case files (docs/conformance.md).

A broken line (bad JSON, a missing or unknown field, a field of the wrong
type, an unknown variant, a card that cannot be read) is reported with its
file and line and counts as failed; every other case still runs. The run ends
with `N passed, M failed`. Case files are untrusted input: every field's type
is checked before it is used, and JSON too deep or with numbers too long to
read is a broken line like any other. Lines are split on `\n` only (`\r\n`
too), so a U+2028 or a lone `\r` inside a comment does not shift the line
numbers of what follows.

Shuangkou (docs/conformance.md, "Shuangkou"; any variant whose plays are patterns) runs
`hand` (answered as {"valid", "type", "lines"}), `beats`, `answers` and `score`, with
wild jokers written as the card they stand for (`BJ=9`). Asking it a Gouji check
(`opens`, `can_burn`, `tribute`) or a 级牌, writing a stand-in for a joker that is not
wild in the variant, or more of a card than its decks hold, is a broken line for that
variant (`check_applies`).

Besides the checks of docs/conformance.md, gouji-dsl runs one of its own, `position`
(docs/conformance.md, "gouji-dsl's extensions"): a position set up on the engine, its
actions played in order, and who is to move, the legal actions, the transcript and
the places compared. Other runners of the shared format need not support it. Its other
extensions state the deal (`deck`, `redeal`, `buy`, `first_leader`) and the cards that
tribute and its return move (`tribute_cards`).
"""
from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime import patterns as pt
from gouji_dsl.runtime.pattern_kinds import PatternPlay
from gouji_dsl.runtime.actions import IllegalAction, action_to_string, describe, shown, string_to_action
from gouji_dsl.diagnostics import did_you_mean
from gouji_dsl.messages import Message, msg, text

CHECK_FIELDS = {
    "hand": {"cards"},
    "beats": {"lead", "play"},
    "opens": {"cards"},
    "can_burn": {"hand", "target"},
    "answers": {"hand", "lead"},
    "tribute": {"result"},
    "score": {"result"},
    # gouji-dsl extensions (docs/conformance.md, "gouji-dsl's extensions"): a position played on
    # the engine; the whole deck and the deal size; whether a dealt hand makes the deal be dealt again.
    "position": {"hands", "leader"},
    "deck": set(),
    "redeal": {"hand"},
    "buy": {"hands"},
    "first_leader": {"hands"},
    "tribute_cards": {"result"},
}
BUY_EXPECT = ("hands", "log")
DECK_EXPECT = ("copies", "total", "cards_per_player")
OPTIONAL_FIELDS = {"position": {"out", "actions"}, "tribute_cards": {"hands", "seed"}}
COMMON = {"check", "variant", "expect"}
POSITION_EXPECT = ("to_move", "legal", "log", "places")
MAX_POSITION_ACTIONS = 1000  # a position case is a few moves; this bounds what one line can ask for
_SEAT_KEY = re.compile(r"[1-9][0-9]{0,2}")  # a seat written as an object key: "1", "6"
TRIBUTE_KINDS = {"dian", "luo", "shao", "men"}


class CaseError(Exception):
    """A case line that breaks the format."""


class NotForVariant(Exception):
    """A case that asks a variant what its game does not have (a 级牌 of a Shuangkou hand,
    Gouji's 开点 of a Shuangkou play) or writes cards it cannot hold (a stand-in for a
    joker that is not wild there, more of a card than its decks): a broken line for that
    variant, reported as an [error] with the variant and the check."""


class PositionRefused(Exception):
    """A `position` case whose actions the engine refuses: the case fails (not a broken line)."""


@dataclass
class Report:
    passed: int = 0
    failed: int = 0
    internal: int = 0  # cases on which gouji-dsl itself failed (a bug, counted as failed too)
    lines: list[str] = field(default_factory=list)

    def fail(self, text: str) -> None:
        self.failed += 1
        self.lines.append(text)


def _play(engine, text: str):
    c = engine.classify(engine.parse_cards(text))  # the variant's notation: its extra card kinds
    return c.play if c.valid else None


def _normal_tributes(entries) -> list:
    merged: dict[tuple, int] = {}
    for e in entries:
        key = (e["kind"], e["from"], e["to"])
        merged[key] = merged.get(key, 0) + e["count"]
    return sorted((k, v) for k, v in merged.items() if v)


def evaluate(engine, case: dict) -> Any:
    """The engine's answer to one case, in the shape of `expect`."""
    check = case["check"]
    if check == "hand":
        c = engine.classify(engine.parse_cards(case["cards"]))
        if isinstance(c, PatternPlay):  # docs/conformance.md, "Shuangkou": the type, and a bomb's lines
            return {"valid": c.valid, "type": c.type, "lines": c.lines}
        return {"valid": c.valid, "gouji": c.valid and c.gouji}
    if check == "beats":
        play, lead = _play(engine, case["play"]), _play(engine, case["lead"])
        return play is not None and lead is not None and engine.beats(play, lead)
    if check == "opens":
        play = _play(engine, case["cards"])
        return play is not None and engine.opens(play)
    if check == "can_burn":
        hand = engine.parse_cards(case["hand"])
        target = _play(engine, case["target"])
        return target is not None and engine.can_burn(hand, target)
    if check == "answers":
        hand = engine.parse_cards(case["hand"])
        lead = _play(engine, case["lead"])
        return 0 if lead is None else len(engine.answers(hand, lead))
    if check == "tribute":
        return engine.tributes(case["result"])
    if check == "score":
        return engine.score(case["result"])
    if check == "position":
        return _play_position(engine, case)
    if check == "deck":
        counts, each = engine.deck()
        # Each kind by its token in the variant's notation (extra card kinds such as the eagle Y too).
        names = [engine.format_cards(tuple(int(i == kind) for i in range(len(counts)))) for kind in range(len(counts))]
        return {"copies": dict(zip(names, counts)), "total": sum(counts), "cards_per_player": each}
    if check == "redeal":
        return engine.redeal_if(engine.parse_cards(case["hand"]))
    if check == "first_leader":
        try:
            return engine.first_leader(_seats(case["hands"]))
        except ValueError as exc:  # a seat out of range, a hand too big for the decks
            raise rt.CardError(str(exc)) from None
    if check == "tribute_cards":
        return _tribute_cards(engine, case)
    if check == "buy":
        try:
            hands, log = engine.buy(_seats(case["hands"]))
        except ValueError as exc:  # a seat out of range, a seat with no cards, a hand too big for the decks
            raise rt.CardError(str(exc)) from None  # the case is broken: reported as an [error] line
        return {"hands": {seat: engine.format_cards(cards) for seat, cards in hands.items()}, "log": log}
    raise CaseError(msg("commands.conform.unknown_check", check=check))  # pragma: no cover - validated before


# --- games whose plays are patterns (docs/conformance.md, "Shuangkou") ------------------------------------------

# The Gouji checks a game of patterns does not have, and what it lacks for them (the catalogue's words).
GOUJI_ONLY_CHECKS = {"opens": "commands.conform.lacks_opens", "can_burn": "commands.conform.lacks_burning",
                     "tribute": "commands.conform.lacks_tribute", "tribute_cards": "commands.conform.lacks_tribute"}
# The card fields of each check a game of patterns runs, read together against its decks.
PATTERN_CARD_FIELDS = {"hand": ("cards",), "beats": ("lead", "play"), "answers": ("hand", "lead")}
PATTERN_HAND_EXPECT = ("valid", "type", "lines")


def plays_patterns(engine) -> bool:
    """Whether the engine's game plays patterns (Shuangkou: runs, bombs in lines, wild jokers)
    rather than Gouji's hands: its `classify` answers a PatternPlay (type, lines)."""
    return isinstance(engine.classify(engine.parse_cards("3")), PatternPlay)


def check_applies(engine, case: dict, expected: Any) -> None:
    """NotForVariant when the case asks the engine's game what it does not have, or (in a game
    of patterns) writes cards the variant cannot hold; nothing otherwise."""
    check = case["check"]
    if not plays_patterns(engine):
        if check == "hand" and set(expected) & {"type", "lines"}:
            raise NotForVariant(msg("commands.conform.gouji_hand_keys"))
        return
    if check in GOUJI_ONLY_CHECKS:
        raise NotForVariant(msg("commands.conform.not_in_game", lacks=msg(GOUJI_ONLY_CHECKS[check])))
    if check == "hand" and "gouji" in expected:
        raise NotForVariant(msg("commands.conform.shuangkou_hand_keys"))
    if check in PATTERN_CARD_FIELDS:
        _check_pattern_cards(engine, case, PATTERN_CARD_FIELDS[check])


def _check_pattern_cards(engine, case: dict, fields: tuple[str, ...]) -> None:
    """Every stand-in (`BJ=9`) names a joker that is wild in the variant (docs/rulings.md K4), and the
    fields together hold no more of a card than the decks (docs/conformance.md: for `beats`, lead and
    play together; for `answers`, the hand and the lead)."""
    held = [0] * 15
    for name in fields:
        for position, token in enumerate(case[name].split(), 1):
            joker = token.partition("=")[0] if "=" in token else None
            if joker is not None and name == "hand":
                raise NotForVariant(msg("commands.conform.stand_in_in_hand", token=token, position=position,
                                        card=rt.CARDS[rt.INDEX[joker]]))
            if joker is not None and not _wild(engine, rt.CARDS[rt.INDEX[joker]]):
                raise NotForVariant(msg("commands.conform.not_wild", field=name, token=token, position=position,
                                        card=rt.CARDS[rt.INDEX[joker]]))
        held = [a + b for a, b in zip(held, engine.parse_cards(case[name])[:15])]
    copies = engine.deck()[0]
    for kind, (count, most) in enumerate(zip(held, copies)):
        if count > most:
            if len(fields) == 1:
                raise NotForVariant(msg("commands.conform.field_holds", field=fields[0], count=count,
                                        card=rt.CARDS[kind], most=most))
            raise NotForVariant(msg("commands.conform.fields_hold", fields=text("core.and").join(map(repr, fields)),
                                    count=count, card=rt.CARDS[kind], most=most))


def _wild(engine, joker: str) -> bool:
    """Whether `joker` (SJ or BJ) is wild in the engine's variant: whether it can stand for a 3
    beside natural 3s in some play (a pair, a triple, a bomb). A joker that is not wild never
    stands for a card, so no such play is valid."""
    return any(engine.classify(engine.parse_cards(" ".join(["3"] * n + [f"{joker}=3"]))).valid for n in (1, 2, 3, 4))


def check_cards(text: str) -> None:
    """CardError unless `text` is a card list some variant can read (rt.check_notation), a
    joker written as the card it stands for (`BJ=9`, docs/conformance.md "Shuangkou") included;
    whether that joker is wild is asked when the case runs (check_applies)."""
    if not isinstance(text, str) or "=" not in text:
        rt.check_notation(text)
        return
    tokens = text.split()
    for position, token in enumerate(tokens, 1):
        if "=" in token:
            try:
                pt.parse_written(token)
            except rt.CardError as exc:  # located at this token, not the first
                raise rt.CardError(str(exc).replace("(token 1)", f"(token {position})", 1)) from None
    rt.check_notation(" ".join(token.partition("=")[0] for token in tokens))


def _seats(mapping: dict) -> dict[int, Any]:
    """An object keyed by seats ("1": ...) as a dict keyed by ints (keys validated)."""
    return {int(seat): value for seat, value in mapping.items()}


def _notation(text: str) -> rt.Kinds:
    """A card notation that reads `text`: the standard tokens, and those an extra card kind
    could have (the variant's engine accepts or refuses them when the case runs)."""
    return rt.Kinds(tuple(dict.fromkeys(t for t in text.split() if t not in rt.INDEX and rt.EXTRA_TOKEN.fullmatch(t))))


def _action_text(text: str) -> str:
    """An action string as engines write it: "play T T" -> "play 10 10" (validated before)."""
    return action_to_string(string_to_action(text, _notation(text)))


# The aliases docs/conformance.md allows, as engines write the cards (on either side of a stand-in's "=").
_ALIASES = {"T": "10", "小王": "SJ", "大王": "BJ"}


def _action_key(text: str) -> str:
    """An action string to compare with an engine's: `_action_text` where Gouji's notation reads
    it as one play; else, for a play whose cards are readable (a Shuangkou straight, a stand-in
    such as `BJ=9`: only the variant's engine can tell whether they are one play), its verb and
    its cards in a fixed order, aliases written out. IllegalAction when the cards cannot be read."""
    try:
        return _action_text(text)
    except IllegalAction as exc:
        refused = exc
    words = text.split()
    if words[:1] not in (["play"], ["burn"]) or len(words) < 2:
        raise refused
    try:
        check_cards(" ".join(words[1:]))
    except rt.CardError as exc:  # a bad stand-in says what is wrong with it; other cards as Gouji says
        raise (IllegalAction(str(exc)) if "=" in text else refused) from None
    cards = ("=".join(_ALIASES.get(part, part) for part in word.split("=")) for word in words[1:])
    return " ".join([words[0], *sorted(cards)])


def _play_position(engine, case: dict) -> dict:
    """Set up the case's position, apply its actions in order, and read what `expect` can ask.
    A bad seat, place or hand is a CardError (the case is broken); a refused action, PositionRefused."""
    try:
        game = engine.new_position(_seats(case["hands"]), case["leader"], seed=0,
                                   out=_seats(case["out"]) if "out" in case else None)
    except ValueError as exc:  # a seat or place out of range, a hand too big for the decks, a seat with no cards
        raise rt.CardError(str(exc)) from None  # the case is broken: reported as an [error] line
    for number, action in enumerate(case.get("actions", ()), 1):
        seat = game.current_player()
        try:
            game.apply_action(action)
        except IllegalAction as exc:
            label = repr(action) if len(action) <= 80 else shown(action)
            raise PositionRefused(msg("commands.conform.refused_seat", number=number, action=label, seat=seat,
                                      reason=exc) if seat > 0 else
                                  msg("commands.conform.refused_over", number=number, action=label, reason=exc)) from None
    log = game.transcript()
    return {"to_move": None if game.is_terminal() else game.current_player(),
            "legal": sorted(action_to_string(a) for a in game.legal_actions()),
            "log": log[1:] if log[:1] == ["position"] else log,
            "places": game.places()}


def _tribute_cards(engine, case: dict) -> dict:
    """The next game of a match after the case's `result`, dealt `hands` (or from `seed`): its
    tribute and return lines, and each seat's hand after them (the deal plus what the lines
    move). A result or deal the engine refuses is a CardError or ResultError (the case is broken)."""
    from gouji_dsl.runtime.state import Match

    result = case["result"]
    engine.tributes(result)  # a result the engine cannot read is a ResultError, before any game
    earlier = [{"opened": list(game.get("opened", ()))} for game in result.get("previous", ())]
    finished = {"opened": [], "declared": [], "burns": [], "men": []}  # a list left out is empty, as a game writes it
    finished.update((k, v) for k, v in result.items() if k != "previous")
    match = Match(results=[*earlier, finished])
    try:
        if "hands" in case:
            seats = _seats(case["hands"])
            deal = [seats.get(seat, "") for seat in range(1, engine.PLAYERS + 1)]
            game = engine.new_game(seed=0, match=match, deal=deal)
        else:
            game = engine.new_game(seed=case["seed"], match=match)
    except ValueError as exc:  # a seat out of range or without its deal's cards, a hand too big for the decks
        raise rt.CardError(str(exc)) from None
    hands = [list(hand) for hand in game.dealt]
    for entry in game.tribute_log:
        for card, count in enumerate(engine.parse_cards(entry["cards"])):
            hands[entry["from"] - 1][card] -= count
            hands[entry["to"] - 1][card] += count
    log = [line for line in game.transcript() if line.startswith(("tribute ", "return: "))]
    return {"hands": {seat: engine.format_cards(tuple(hand)) for seat, hand in enumerate(hands, 1)}, "log": log}


def matches(check: str, expected: Any, got: Any) -> bool:
    if check == "position":
        return all(_position_matches(key, value, got[key]) for key, value in expected.items())
    if check == "hand":
        return all(got[k] == v for k, v in expected.items())
    if check == "tribute":
        return _normal_tributes(expected) == _normal_tributes(got)
    if check in ("buy", "tribute_cards"):  # hands compared as cards (any order), only the seats the case names
        return all((got["log"] == v if k == "log" else
                    all(sorted(got["hands"][int(seat)].split()) == sorted(_card_names(cards)) for seat, cards in v.items()))
                   for k, v in expected.items())
    if check == "deck":  # only the card kinds and keys the case names
        return all((got[k] == v if k != "copies" else
                    all(got["copies"].get(rt.CARDS[rt.INDEX[card]] if card in rt.INDEX else card) == n
                        for card, n in v.items()))
                   for k, v in expected.items())
    if check == "score":
        return len(expected) == len(got) and all(same_number(e, g) for e, g in zip(expected, got))
    return expected == got


def _gouji_reads(action: str) -> bool:
    """Whether Gouji's notation reads an action string (one play, a pass...)."""
    try:
        string_to_action(action, _notation(action))
        return True
    except IllegalAction:
        return False


def _position_matches(key: str, expected: Any, got: Any) -> bool:
    if key == "legal":  # Gouji's plays as engines write them; others (Shuangkou) in a fixed order (_action_key)
        return sorted(map(_action_key, expected)) == sorted(a if _gouji_reads(a) else _action_key(a) for a in got)
    if key == "places":
        return _seats(expected) == got
    return expected == got  # to_move (a seat or null), log (the exact transcript)


# An exact score written as a string: "2/3", "-7/2", "5" (docs/conformance.md).
_FRACTION = re.compile(r"-?[0-9]{1,30}(/[0-9]{1,30})?")


def score_number(value: Any) -> Fraction | float | None:
    """An expected score as a number: an int, a finite float, or a fraction string
    ("2/3"); None when it is none of these."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, Fraction)):  # a Fraction: an engine's own exact score (gouji diff compares two)
        return Fraction(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, str) and _FRACTION.fullmatch(value):
        number, _, denominator = value.partition("/")
        if denominator and int(denominator) == 0:
            return None
        return Fraction(int(number), int(denominator or 1))
    return None


def same_number(expected: Any, got: Any) -> bool:
    """An expected score and an engine's: exactly equal when both are exact (ints,
    fractions), else equal within a relative tolerance of 1e-9."""
    want = score_number(expected)
    if isinstance(got, bool) or not isinstance(got, (int, float, Fraction)):
        return False
    if isinstance(want, Fraction) and not isinstance(got, float):
        return want == got
    return math.isclose(float(want), float(got), rel_tol=1e-9)


def _validate_expect(check: str, value: Any, where: str) -> None:
    def bad(what: str):  # what: a catalogue key
        raise CaseError(msg("commands.conform.expect_must_be", where=where, what=msg(what)))
    if check == "hand" and isinstance(value, dict) and set(value) & {"type", "lines"}:
        _validate_pattern_hand_expect(value, where)
    elif check == "hand":
        if not isinstance(value, dict) or not value or not set(value) <= {"valid", "gouji"} \
                or not all(isinstance(v, bool) for v in value.values()):
            bad("commands.conform.expect_hand")
    elif check == "deck":
        _validate_deck_expect(value, where)
    elif check in ("buy", "tribute_cards"):
        _validate_buy_expect(value, where)
    elif check == "first_leader":
        if value is not None and not _is_int(value):
            bad("commands.conform.expect_first_leader")
    elif check in ("beats", "opens", "can_burn", "redeal"):
        if not isinstance(value, bool):
            bad("commands.conform.expect_bool")
    elif check == "answers":
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            bad("commands.conform.expect_count")
    elif check == "tribute":
        if not isinstance(value, list):
            bad("commands.conform.expect_tributes")
        for e in value:
            if not isinstance(e, dict) or set(e) != {"kind", "from", "to", "count"} \
                    or not isinstance(e["kind"], str) or e["kind"] not in TRIBUTE_KINDS \
                    or not all(isinstance(e[k], int) and not isinstance(e[k], bool) for k in ("from", "to", "count")):
                bad("commands.conform.expect_tribute_entries")
    elif check == "score":
        if not isinstance(value, list) or not all(score_number(v) is not None for v in value):
            bad("commands.conform.expect_scores")
    elif check == "position":
        _validate_position_expect(value, where)


def _validate_pattern_hand_expect(value: dict, where: str) -> None:
    """A Shuangkou `hand` expectation: {"valid": bool, "type": NAME, "lines": n or null}, any key left out."""
    unknown = sorted(set(value) - set(PATTERN_HAND_EXPECT))
    if unknown:
        raise CaseError(msg("commands.conform.expect_keys_unknown", where=where, keys=", ".join(PATTERN_HAND_EXPECT),
                            unknown=unknown[0]))
    if "valid" in value and not isinstance(value["valid"], bool):
        raise CaseError(msg("commands.conform.expect_valid", where=where))
    if "type" in value and value["type"] is not None and not isinstance(value["type"], str):
        raise CaseError(msg("commands.conform.expect_type", where=where))
    lines = value.get("lines")
    if lines is not None and (not _is_int(lines) or lines < 0):
        raise CaseError(msg("commands.conform.expect_lines", where=where))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _validate_deck_expect(value: Any, where: str) -> None:
    if not isinstance(value, dict) or not value or not set(value) <= set(DECK_EXPECT):
        unknown = sorted(set(value) - set(DECK_EXPECT)) if isinstance(value, dict) else []
        raise CaseError(msg("commands.conform.expect_keys_unknown", where=where, keys=", ".join(DECK_EXPECT),
                            unknown=unknown[0]) if unknown else
                        msg("commands.conform.expect_keys", where=where, keys=", ".join(DECK_EXPECT)))
    for key in ("total", "cards_per_player"):
        if key in value and (not _is_int(value[key]) or value[key] < 0):
            raise CaseError(msg("commands.conform.expect_key_count", where=where, field=key))
    copies = value.get("copies", {})
    if not isinstance(copies, dict) or not copies and "copies" in value:
        raise CaseError(msg("commands.conform.expect_copies", where=where))
    for card, count in copies.items():
        if rt.INDEX.get(card) is None and not rt.EXTRA_TOKEN.fullmatch(card):  # Y: an extra card kind's token
            raise CaseError(msg("commands.conform.expect_copies_card", where=where, card=card))
        if not _is_int(count) or count < 0:
            raise CaseError(msg("commands.conform.expect_copies_count", where=where, card=card))


def _validate_position_expect(value: Any, where: str) -> None:
    if not isinstance(value, dict) or not value or not set(value) <= set(POSITION_EXPECT):
        unknown = sorted(set(value) - set(POSITION_EXPECT)) if isinstance(value, dict) else []
        hint = did_you_mean(unknown[0], POSITION_EXPECT) if unknown else None
        keys = ", ".join(POSITION_EXPECT)
        raise CaseError(msg("commands.conform.expect_keys_unknown_hint", where=where, keys=keys, unknown=unknown[0],
                            hint=hint) if hint else
                        msg("commands.conform.expect_keys_unknown", where=where, keys=keys, unknown=unknown[0]) if unknown
                        else msg("commands.conform.expect_keys", where=where, keys=keys))
    if "to_move" in value and value["to_move"] is not None and not _is_int(value["to_move"]):
        raise CaseError(msg("commands.conform.expect_to_move", where=where))
    if "legal" in value:
        legal = value["legal"]
        if not isinstance(legal, list) or not all(isinstance(a, str) for a in legal):
            raise CaseError(msg("commands.conform.expect_legal", where=where))
        seen = set()
        for number, action_text in enumerate(legal, 1):
            try:
                action = _action_key(action_text)
            except IllegalAction as exc:
                raise CaseError(msg("commands.conform.problem_in", where=where,
                                    part=msg("commands.conform.at_legal_action", number=number), problem=exc)) from None
            if action in seen:
                raise CaseError(msg("commands.conform.expect_legal_twice", where=where, action=action))
            seen.add(action)
    if "log" in value and (not isinstance(value["log"], list) or not all(isinstance(x, str) for x in value["log"])):
        raise CaseError(msg("commands.conform.expect_log_transcript", where=where))
    if "places" in value:
        _validate_seat_map(value["places"], msg("commands.conform.at_expect_places", where=where),
                           msg("commands.conform.places"))


def _validate_seat_map(value: Any, what: Message, values: Message) -> None:
    """An object from seats ("1".."6") to places (whole numbers)."""
    if not isinstance(value, dict) or not all(isinstance(k, str) and _SEAT_KEY.fullmatch(k) for k in value) \
            or not all(_is_int(v) for v in value.values()):
        raise CaseError(msg("commands.conform.seat_map", what=what, values=values))


def _card_names(cards: str) -> list[str]:
    """A card list's tokens as engines write them: T as 10, 小王 / 大王 as SJ / BJ."""
    return [{"T": "10", "小王": "SJ", "大王": "BJ"}.get(token, token) for token in cards.split()]


def _validate_buy_expect(value: Any, where: str) -> None:
    if not isinstance(value, dict) or not value or not set(value) <= set(BUY_EXPECT):
        unknown = sorted(set(value) - set(BUY_EXPECT)) if isinstance(value, dict) else []
        raise CaseError(msg("commands.conform.expect_keys_unknown", where=where, keys=", ".join(BUY_EXPECT),
                            unknown=unknown[0]) if unknown else
                        msg("commands.conform.expect_keys", where=where, keys=", ".join(BUY_EXPECT)))
    hands = value.get("hands", {})
    if not isinstance(hands, dict) or not all(isinstance(k, str) and _SEAT_KEY.fullmatch(k) for k in hands) \
            or not all(isinstance(c, str) for c in hands.values()):
        raise CaseError(msg("commands.conform.expect_hands", where=where))
    for seat, cards in hands.items():
        try:
            rt.check_notation(cards)
        except rt.CardError as exc:
            raise CaseError(msg("commands.conform.expect_hands_seat", where=where, seat=seat, problem=exc)) from None
    if "log" in value and (not isinstance(value["log"], list) or not all(isinstance(x, str) for x in value["log"])):
        raise CaseError(msg("commands.conform.expect_log_lines", where=where))


def _validate_hands(case: dict, where: str) -> None:
    """Field `hands` (position and buy cases): seats mapped to card lists."""
    hands = case["hands"]
    if not isinstance(hands, dict) or not hands \
            or not all(isinstance(k, str) and _SEAT_KEY.fullmatch(k) for k in hands):
        raise CaseError(msg("commands.conform.hands", where=where))
    for seat, cards in hands.items():
        if not isinstance(cards, str):
            raise CaseError(msg("commands.conform.hands_not_string", where=where, seat=seat))
        try:  # the tokens of extra card kinds are read by the variant's engine
            rt.check_notation(cards)
        except rt.CardError as exc:
            raise CaseError(msg("commands.conform.problem_in", where=where,
                                part=msg("commands.conform.at_hands_seat", seat=seat), problem=exc)) from None


def _validate_tribute_deal(case: dict, where: str) -> None:
    """A `tribute_cards` case deals its game from `hands` (every seat's cards) or from `seed`."""
    if ("hands" in case) == ("seed" in case):
        raise CaseError(msg("commands.conform.hands_or_seed", where=where))
    if "hands" in case:
        _validate_hands(case, where)
    elif not _is_int(case["seed"]):
        raise CaseError(msg("commands.conform.seed", where=where))


def _validate_position(case: dict, where: str) -> None:
    """The fields of a `position` case (a gouji-dsl extension); seats and places are checked
    against the variant's table when the position is set up."""
    _validate_hands(case, where)
    hands = case["hands"]
    if not _is_int(case["leader"]):
        raise CaseError(msg("commands.conform.leader", where=where))
    if "out" in case:
        out = case["out"]
        _validate_seat_map(out, msg("commands.conform.at_field_out", where=where), msg("commands.conform.their_places"))
        places = sorted(out.values())
        twice = [p for p, q in zip(places, places[1:]) if p == q]
        if twice:
            raise CaseError(msg("commands.conform.place_twice", where=where, place=twice[0]))
        holding = sorted(set(out) & {seat for seat, cards in hands.items() if cards.split()}, key=int)
        if holding:
            raise CaseError(msg("commands.conform.out_holds_cards", where=where, seat=holding[0]))
    if "actions" in case:
        actions = case["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise CaseError(msg("commands.conform.actions", where=where))
        if len(actions) > MAX_POSITION_ACTIONS:
            raise CaseError(msg("commands.conform.too_many_actions", where=where, count=len(actions),
                                most=MAX_POSITION_ACTIONS))
        for number, action_text in enumerate(actions, 1):
            try:  # whether readable cards are one play is the variant's to say (_play_problem)
                _action_key(action_text)
            except IllegalAction as exc:
                raise CaseError(msg("commands.conform.problem_in", where=where,
                                    part=msg("commands.conform.at_action", number=number), problem=exc)) from None


def parse_json(text: str, where: str) -> Any:
    """One line's JSON, or a CaseError: bad syntax, an integer too long for
    Python to read (over 4300 digits), or nesting too deep to parse."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CaseError(msg("commands.conform.not_json", where=where, reason=exc.msg, column=exc.colno)) from None
    except RecursionError:
        raise CaseError(msg("commands.conform.too_deep", where=where)) from None
    except ValueError as exc:  # int('9' * 4301): "Exceeds the limit (4300 digits) ..."
        raise CaseError(msg("commands.conform.not_a_case", where=where, reason=str(exc).split(";")[0])) from None


def _validated(case: Any, where: str, known: list[str], base: Path | None) -> list[tuple[str, Any]]:
    if not isinstance(case, dict):
        raise CaseError(msg("commands.conform.not_object", where=where))
    check = case.get("check")
    if not isinstance(check, str) or check not in CHECK_FIELDS:
        hint = did_you_mean(str(check), CHECK_FIELDS) if isinstance(check, str) else None
        what = msg("commands.conform.missing_check") if check is None else \
            msg("commands.conform.unknown_check", check=check) if isinstance(check, str) else \
            msg("commands.conform.check_not_string")
        checks = ", ".join(CHECK_FIELDS)
        raise CaseError(msg("commands.conform.bad_check_hint", where=where, what=what, checks=checks, hint=hint)
                        if hint else msg("commands.conform.bad_check", where=where, what=what, checks=checks))
    allowed = COMMON | CHECK_FIELDS[check] | OPTIONAL_FIELDS.get(check, set())
    unknown = sorted(set(case) - allowed)
    if unknown:
        hint = did_you_mean(unknown[0], allowed)
        raise CaseError(msg("commands.conform.unknown_field_hint", where=where, field=unknown[0], check=check,
                            hint=hint) if hint else
                        msg("commands.conform.unknown_field", where=where, field=unknown[0], check=check))
    missing = sorted(f for f in CHECK_FIELDS[check] | {"expect"} if f not in case)
    if missing:
        raise CaseError(msg("commands.conform.missing_field", where=where, field=missing[0], check=check))
    for name in CHECK_FIELDS[check]:
        if name in ("cards", "lead", "play", "hand", "target") and not isinstance(case[name], str):
            raise CaseError(msg("commands.conform.field_not_cards", where=where, field=name))
        if name in ("cards", "lead", "play", "hand", "target"):
            try:  # a token of an extra card kind is checked by the variant's engine (docs/conformance.md)
                check_cards(case[name])
            except rt.CardError as exc:
                raise CaseError(msg("commands.conform.problem_in", where=where,
                                    part=msg("commands.conform.at_field", field=name), problem=exc)) from None
        if name == "result" and not isinstance(case[name], dict):
            raise CaseError(msg("commands.conform.result_not_object", where=where))
    if check == "position":
        _validate_position(case, where)
    if check in ("buy", "first_leader"):
        _validate_hands(case, where)
    if check == "tribute_cards":
        _validate_tribute_deal(case, where)

    def variant_ok(name: Any) -> str:
        if isinstance(name, str) and name.endswith(".gouji"):
            # A user's rule file, relative to the folder of the case file (docs/conformance.md).
            if base is None or not _is_file(base / name):
                raise CaseError(msg("commands.conform.no_rule_file", where=where, file=name))
            return name
        if not isinstance(name, str) or name not in known:
            hint = did_you_mean(str(name), known)
            raise CaseError(msg("commands.conform.unknown_variant_hint", where=where, variant=name, hint=hint) if hint
                            else msg("commands.conform.unknown_variant", where=where, variant=name))
        return name

    if "variant" in case:
        variant = variant_ok(case["variant"])
        _validate_expect(check, case["expect"], where)
        return [(variant, case["expect"])]
    expect = case["expect"]
    if not isinstance(expect, dict) or not expect:
        raise CaseError(msg("commands.conform.expect_by_variant", where=where))
    runs = []
    for name, value in expect.items():
        _validate_expect(check, value, f"{where} ({name})")
        runs.append((variant_ok(name), value))
    return runs


def workspace_engines(ws, engine: str = "generated", show_errors: Callable[[list], None] = lambda d: None):
    """`engine_for(variant, folder)` for run_files: a case names a variant of the
    workspace, or a rule file relative to its case file's folder. Each engine is
    built once; a variant that has none (abstract, unknown, a rule file with
    errors, which `show_errors` reports) is a LookupError: that case fails."""
    from gouji_dsl import engines
    from gouji_dsl.diagnostics import RuleErrors, UsageError
    from gouji_dsl.lang.loader import EXTENSION

    built: dict[tuple, Any] = {}

    def engine_for(variant: str, folder: Path):
        key = (variant, folder) if variant.endswith(EXTENSION) else (variant, None)
        if key not in built:
            # A rule file in a workspace of its own: a/club.gouji and b/club.gouji, two files
            # of one name, each get their own engine, built from their own siblings.
            space = engines.apart(ws) if key[1] else ws
            try:
                name = space.resolve_argument(str(folder / variant) if key[1] else variant)
                built[key] = engines.load(space, name, engine)
            except RuleErrors as errors:
                show_errors(errors.diagnostics)
                raise LookupError(msg("commands.conform.rule_file_errors", count=len(errors.diagnostics))) from None
            except UsageError as exc:
                raise LookupError(exc.message) from None
        return built[key]
    return engine_for


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long for the system, or one holding a NUL
        return False


# A case file is read a line at a time, so memory follows its longest line, not its size; the
# cap on the whole bounds the time and the report (a line each failure). The longest case of
# tests/conformance is 2,262 bytes and the largest file 45 KB; a line is allowed far more, so a
# malformed one (nested 100,000 deep) still gets its own message.
MAX_CASE_LINE_BYTES = 1024 * 1024
MAX_CASE_FILE_BYTES = 8 * 1024 * 1024
TOO_LONG = object()  # case_lines' mark of a line over MAX_CASE_LINE_BYTES (skipped unread)


def _raw_lines(file, most: int):
    """The lines of a binary file split on `\n` (kept), each at most `most` bytes: a longer one
    is TOO_LONG, the rest of it read through in pieces of `most` and dropped."""
    while True:
        raw = file.readline(most + 1)
        if not raw:
            return
        if len(raw) > most and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = file.readline(most)
            yield TOO_LONG
            continue
        yield raw


def case_lines(file, most: int = MAX_CASE_LINE_BYTES):
    """(line number, text, None or TOO_LONG) of each line of a binary file: split on `\n`
    only, a trailing `\r` dropped; None for a line that is not UTF-8 (that line
    fails, not the whole file), TOO_LONG for one over `most` bytes. str.splitlines
    would also split on U+2028, U+0085, `\x0c`..., which a JSON string or a comment
    may hold, and shift every later line number."""
    for lineno, raw in enumerate(_raw_lines(file, most), 1):
        if raw is TOO_LONG:
            yield lineno, TOO_LONG
            continue
        if lineno == 1 and raw.startswith(b"\xef\xbb\xbf"):  # a byte-order mark
            raw = raw[3:]
        raw = raw.removesuffix(b"\n")
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            line = raw.decode("utf-8", "replace")
            if not line.strip().startswith("#"):  # a comment's bytes do not matter; a case's do
                yield lineno, None
                continue
        yield lineno, line[:-1] if line.endswith("\r") else line


def run_files(paths: list[Path], engine_for: Callable[[str, Path], Any], known: list[str]) -> Report:
    """Run every case; `engine_for(variant, folder of the case file)` gives an
    engine or raises LookupError."""
    report = Report()
    for path in paths:
        try:  # binary, not text mode: text mode would turn a lone \r into a line break
            with open(path, "rb") as file:
                size = os.fstat(file.fileno()).st_size
                if size > MAX_CASE_FILE_BYTES:
                    report.fail(text("commands.conform.file_too_large", path=path, size=size, limit=MAX_CASE_FILE_BYTES))
                    continue
                _run_file(report, path, file, engine_for, known)
        except OSError as exc:
            report.fail(text("commands.conform.cannot_read", path=path, reason=exc.strerror or exc))
    return report


def _run_file(report: Report, path: Path, file, engine_for, known: list[str]) -> None:
    for lineno, line in case_lines(file):
        if file.tell() > MAX_CASE_FILE_BYTES:  # a file that grew, or a device with no size to stat
            report.fail(text("commands.conform.file_too_large", path=path, size=file.tell(), limit=MAX_CASE_FILE_BYTES))
            return
        if line is TOO_LONG:
            report.fail(text("commands.conform.line_too_long", where=f"{path}:{lineno}", limit=MAX_CASE_LINE_BYTES))
            continue
        if line is None:
            report.fail(text("commands.conform.not_utf8", where=f"{path}:{lineno}"))
            continue
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        _run_line(report, stripped, f"{path}:{lineno}", path.parent, engine_for, known)


def _card_texts(case: dict, runs) -> list[tuple[Message | str, str]]:
    """(where, cards) of every card list of a case, its expectations' too."""
    texts: list = [(msg("commands.conform.at_field", field=name), case[name])
                   for name in ("cards", "lead", "play", "hand", "target") if name in case]
    if case.get("check") == "position":
        texts += [(msg("commands.conform.at_hands_seat", seat=seat), cards) for seat, cards in case["hands"].items()]
        for number, action in enumerate(case.get("actions", ()), 1):
            words = action.split()
            if words[:1] in (["play"], ["burn"]):
                texts.append((msg("commands.conform.at_action", number=number), " ".join(words[1:])))
    for _variant, expected in runs:
        if case.get("check") == "position":
            for number, action in enumerate(expected.get("legal", ()), 1):
                words = action.split()
                if words[:1] in (["play"], ["burn"]):
                    texts.append((msg("commands.conform.at_legal_action", number=number), " ".join(words[1:])))
        if case.get("check") == "deck":
            texts += [("expect.copies", card) for card in expected.get("copies", {}) if card not in rt.INDEX]
    return texts


def _card_problem(case: dict, runs, engine_for, folder: Path) -> Message | None:
    """A card list that no variant of the case can read (a token of an extra card kind that
    none of them declares), as the case's own error; a token only some of them declare fails
    those runs alone (docs/conformance.md)."""
    for where, cards in _card_texts(case, runs):
        refused = None
        for variant, _expected in runs:
            try:
                engine_for(variant, folder).parse_cards(cards)
                refused = None
                break
            except LookupError:
                continue  # the run reports it
            except rt.CardError as exc:
                refused = refused or exc
        if refused is not None:
            return msg("commands.conform.unknown_card", where=where, card=cards) if where == "expect.copies" else \
                msg("commands.conform.problem_at", where=where, problem=refused)
    return None


def _play_problem(case: dict, runs, engine_for, folder: Path) -> Message | None:
    """An action of a position case (or of its expect.legal) whose cards are one play in none of
    the case's variants: Gouji's plays as Gouji's notation reads them, a game of patterns'
    (Shuangkou) as its engine classifies them; the case's own error, as for unreadable cards."""
    if case.get("check") != "position":
        return None
    texts = [(msg("commands.conform.at_action", number=n), t) for n, t in enumerate(case.get("actions", ()), 1)]
    texts += [(msg("commands.conform.at_legal_action", number=n), t)
              for _v, e in runs for n, t in enumerate(e.get("legal", ()), 1)]
    for where, action in texts:
        words = action.split()
        if words[:1] not in (["play"], ["burn"]):
            continue
        refused = None
        for variant, _expected in runs:
            try:
                engine = engine_for(variant, folder)
                if plays_patterns(engine):
                    if engine.classify(engine.parse_cards(" ".join(words[1:]))).valid:
                        break
                    refused = refused or msg("commands.conform.not_one_play", cards=describe(" ".join(words[1:])))
                    continue
                string_to_action(action, _notation(action))
                break
            except LookupError:  # the run reports it
                refused = None
                break
            except (IllegalAction, rt.CardError) as exc:
                refused = refused or str(exc)
        else:
            if refused is not None:
                return msg("commands.conform.problem_at", where=where, problem=refused)
    return None


def _run_line(report: Report, line: str, where: str, folder: Path, engine_for, known: list[str]) -> None:
    try:
        case = parse_json(line, where)
        runs = _validated(case, where, known, folder)
    except CaseError as exc:
        report.fail(text("commands.conform.broken", problem=exc.args[0]))
        return
    problem = _card_problem(case, runs, engine_for, folder) or _play_problem(case, runs, engine_for, folder)
    if problem:
        report.fail(text("commands.conform.broken_at", where=where, problem=problem))
        return
    for variant, expected in runs:
        try:
            engine = engine_for(variant, folder)
            check_applies(engine, case, expected)
            got = evaluate(engine, case)
        except LookupError as exc:
            report.fail(text("commands.conform.broken_run", where=where, variant=variant, problem=exc))
            continue
        except (rt.ResultError, rt.CardError, NotForVariant) as exc:
            report.fail(text("commands.conform.broken_check", where=where, variant=variant, check=case["check"],
                             problem=exc))
            continue
        except PositionRefused as exc:  # the engine's answer: an action the case plays is not legal there
            report.fail(text("commands.conform.refused", where=where, variant=variant, check=case["check"],
                             problem=exc))
            continue
        except Exception as exc:  # noqa: BLE001 - a bug of ours must not cost the other cases their results
            report.internal += 1
            report.fail(text("commands.conform.internal", where=where, variant=variant, check=case["check"],
                             kind=type(exc).__name__, detail=exc))
            continue
        if matches(case["check"], expected, got):
            report.passed += 1
        else:
            if case["check"] == "position":  # show what the case asks about, not the whole game
                got = {key: got[key] for key in expected}
            # default=str: an exact fraction an engine scores is shown as the case would write it, "2/3".
            report.fail(text("commands.conform.mismatch", where=where, variant=variant, check=case["check"],
                             expected=json.dumps(expected, ensure_ascii=False),
                             got=json.dumps(got, ensure_ascii=False, default=str)))
