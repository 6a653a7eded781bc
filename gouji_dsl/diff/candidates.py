"""Candidate card and result cases (docs/conformance.md checks), simplest first, and the engines' answers to them
(Gouji's one-rank plays, and Shuangkou's patterns: `pattern_card_cases`, `pattern_result_cases`)."""
from __future__ import annotations

import functools
import itertools
from typing import Iterable, Iterator

from gouji_dsl.play.conform import evaluate, matches
from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.pattern_kinds import PatternPlay


def _plays_of_size(size: int) -> list[tuple]:
    """Every one-rank shaped multiset of `size` cards (count vectors), simplest first."""
    out = []
    for rank in [None] + list(range(12)):
        naturals = range(1, size + 1) if rank is not None else [0]
        for n in naturals:
            rest = size - n
            for f in range(rest + 1):
                for s in range(rest - f + 1):
                    b = rest - f - s
                    counts = [0] * 15
                    if rank is not None:
                        counts[rank] += n
                    counts[12] += f
                    counts[13] += s
                    counts[14] += b
                    out.append(tuple(counts))
    out = sorted(set(out), key=lambda c: (sum(1 for x in c if x), [i for i, x in enumerate(c) for _ in range(x)]))
    return out


_HAND_KINDS = (0, 1, 2, 6, 9, 10, 11, 12, 13, 14)  # 3 4 5 9 Q K A 2 SJ BJ


def _hands(max_size: int) -> Iterator[tuple]:
    for size in range(1, max_size + 1):
        for combo in itertools.combinations_with_replacement(_HAND_KINDS, size):
            counts = [0] * 15
            for c in combo:
                counts[c] += 1
            yield tuple(counts)


def card_cases(check: str, engines: tuple) -> Iterator[dict]:
    """Candidate cases of a card check, simplest first (`can_burn` targets: plays that are a 级牌 in one of `engines`)."""
    if check == "hand":
        for size in range(1, 6):
            for c in _plays_of_size(size):
                yield {"check": "hand", "cards": rt.format_cards(c)}
    elif check == "opens":
        for size in range(1, 6):
            for c in _plays_of_size(size):
                yield {"check": "opens", "cards": rt.format_cards(c)}
    elif check == "beats":
        plays = {k: _plays_of_size(k) for k in range(1, 5)}
        pairs = sorted(((sl, sp) for sl in range(1, 4) for sp in range(1, 5)), key=lambda p: (p[0] + p[1], p[0]))
        for sl, sp in pairs:
            for lead in plays[sl]:
                for play in plays[sp]:
                    yield {"check": "beats", "lead": rt.format_cards(lead), "play": rt.format_cards(play)}
    elif check == "answers":
        leads = [c for k in (1, 2) for c in _plays_of_size(k)]
        for hand in _hands(4):
            for lead in leads:
                yield {"check": "answers", "hand": rt.format_cards(hand), "lead": rt.format_cards(lead)}
    elif check == "can_burn":
        targets = []
        for k in (1, 2, 3):
            for c in _plays_of_size(k):
                text = rt.format_cards(c)
                if any(e.classify(c).valid and e.classify(c).gouji for e in engines):
                    targets.append(text)
        targets = targets[:16]
        for hand in _hands(5):
            for target in targets:
                yield {"check": "can_burn", "hand": rt.format_cards(hand), "target": target}


_FINISHES = ([1, 2, 3, 4, 5, 6], [1, 3, 5, 2, 4, 6], [1, 4, 2, 5, 3, 6], [2, 1, 4, 3, 6, 5],
             [1, 2, 4, 3, 5, 6], [4, 1, 2, 3, 5, 6])


def _subsets(seats: Iterable[int]) -> list[list[int]]:
    seats = list(seats)
    out = [sorted(c) for k in range(len(seats) + 1) for c in itertools.combinations(seats, k)]
    return sorted(out, key=lambda s: (-len(s), s))  # everyone open first: the usual game


def result_cases(check: str, players: int = 6) -> Iterator[dict]:
    """Candidate game results (docs/conformance.md `result`), simplest first: plain results,
    eight at a time, then one each with a burn, with 宣点, with a 闷 pair and with
    earlier games of the match, so that every kind comes early."""
    seats = range(1, players + 1)
    opened_sets = _subsets(seats)
    opposite = {s: (s + players // 2 - 1) % players + 1 for s in seats}

    def case(**result):
        return {"check": check, "result": result}

    def plain():
        for opened in opened_sets:
            for finish in _FINISHES:
                yield case(finish=finish, opened=opened)

    def burns():
        for opened in opened_sets[:8]:
            for finish in _FINISHES[:3]:
                for burned in [s for s in finish[1:] if s != opposite[finish[0]]][:2]:
                    yield case(finish=finish, opened=opened, burns=[[finish[0], burned]])

    def declared():
        for opened in opened_sets:
            for declared in ([1], [4], [1, 4], [1, 2, 3, 4, 5, 6]):
                for finish in _FINISHES[:3]:
                    yield case(finish=finish, opened=opened, declared=declared)

    def men():
        for opened in opened_sets[:8]:
            for finish in _FINISHES[:3]:
                for pair in ([finish[5], finish[0]], [finish[4], finish[1]]):
                    yield case(finish=finish, opened=opened, men=[pair])

    def previous():
        for opened in opened_sets[1:16]:
            for finish in _FINISHES[:2]:
                for k in (1, 2, 3):
                    yield case(finish=finish, opened=opened, previous=[{"opened": opened}] * k)

    streams = [plain(), burns(), declared(), men(), previous()]
    while streams:
        for i, stream in enumerate(list(streams)):
            taken = list(itertools.islice(stream, 8 if i == 0 else 1))  # the first stream left: 8 a round
            if not taken:
                streams.remove(stream)
            yield from taken


def same_answer(check: str, x, y) -> bool:
    return matches(check, x, y) and matches(check, y, x)


def evaluate_case(engine, case: dict):
    """The engine's answer to a case, in the shape of its `expect` (docs/conformance.md):
    a Shuangkou `hand` answer is {"valid", "type", "lines"} ({"valid": false} alone
    for cards that make no play), every other answer is `play.conform.evaluate`'s."""
    if case["check"] == "hand":
        c = engine.classify(engine.parse_cards(case["cards"]))
        if isinstance(c, PatternPlay):
            return {"valid": True, "type": c.type, "lines": c.lines} if c.valid else {"valid": False}
    return evaluate(engine, case)


def answer(engine, case: dict):
    """The engine's answer, or None when it rejects the case (a result no game of it could produce)."""
    try:
        return evaluate_case(engine, case)
    except (rt.ResultError, rt.CardError):
        return None


# --- Shuangkou: plays are patterns (runs, bombs, chains, wild jokers) -----------------

_RUN_STARTS = (2, 9, 0)       # blocks of ranks from 5 up, from Q up (to reach A and 2), and from 3 up
_MOST_CARDS = 14              # the largest hand drawn (the engines' plays of it are the play cases)
_MOST_ANSWER_HAND = 8         # answers hands stay small: the reference interpreter is brute force
_MOST_ANSWER_LEAD = 5


def pattern_hands(most: int = _MOST_CARDS) -> list[tuple]:
    """Hands of a game of patterns, simplest first: jokers alone, or a block of
    consecutive ranks, every rank `width` cards (one of them a card more, for
    chains of unequal bombs), with up to two of each joker (wild or not)."""
    out = []
    for sj in range(3):
        for bj in range(3):
            if sj + bj:
                out.append(_counts({}, sj, bj))
    for start in _RUN_STARTS:
        for length in range(1, 6):
            for width in range(1, 7):
                for longer in ([None] if length == 1 else [None, length - 1, length // 2]):
                    ranks = {start + i: width + (i == longer) for i in range(length) if start + i < 13}
                    for sj in range(3):
                        for bj in range(3):
                            out.append(_counts(ranks, sj, bj))
    unique = [c for c in dict.fromkeys(out) if 0 < sum(c) <= most]
    return sorted(unique, key=lambda c: (sum(c), c[13] + c[14]))  # fewer jokers first; else in the order made


def _counts(ranks: dict, sj: int, bj: int) -> tuple:
    counts = [0] * 15
    for rank, n in ranks.items():
        counts[rank] = n
    counts[13], counts[14] = sj, bj
    return tuple(counts)


def _is_wild(engine, joker: str) -> bool:
    """Whether `joker` stands for a card in the engine's variant: it makes a pair, triple or bomb
    with natural 3s (as `gouji conform` asks it)."""
    return any(engine.classify(engine.parse_cards(" ".join(["3"] * n + [f"{joker}=3"]))).valid for n in (1, 2, 3, 4))


def _written_for_all(wild: set, text: str) -> bool:
    """Whether every engine's variant may be asked about the written cards: a stand-in (`BJ=9`)
    only of a joker wild in all of them (`wild`; docs/conformance.md, and `gouji conform` refuses any other)."""
    return all(token.partition("=")[0] in wild for token in text.split() if "=" in token)


@functools.lru_cache(maxsize=8)  # every rule and check of a pair walks the same plays
def _pattern_plays(engines: tuple) -> tuple[tuple[str, int, tuple], ...]:
    """Every play either engine can make from `pattern_hands()`, once each, as (text,
    cards, the hand it came from): hand by hand, the new plays of a hand fewest cards first.
    Plays with a stand-in of a joker that is not wild in both variants are left out: no
    case may write one (the `answers` cases show such a wild joker through the hand)."""
    wild = {joker for joker in ("SJ", "BJ") if all(_is_wild(engine, joker) for engine in engines)}
    seen: set[str] = set()
    out = []
    for hand in pattern_hands():
        new = {}
        for engine in engines:
            for play in engine.plays(hand):
                text = engine.format_cards(play)
                if text not in seen and text not in new and _written_for_all(wild, text):
                    new[text] = sum(play[-15:])
        for text, size in sorted(new.items(), key=lambda item: item[1]):
            seen.add(text)
            out.append((text, size, hand))
    return tuple(out)


def _deck(engines: tuple) -> tuple:
    """The fewest copies of each card kind any of the engines' decks holds."""
    return tuple(min(column) for column in zip(*(engine.deck()[0] for engine in engines)))


def _fits(deck: tuple, *texts: str) -> bool:
    """Cards that the decks hold together (docs/conformance.md: a case never holds more)."""
    counts = [0] * 15
    for text in texts:
        for token in text.split():
            counts[rt.INDEX[token.split("=")[0]]] += 1
    return all(n <= most for n, most in zip(counts, deck))


def _shapes(engines: tuple, text: str) -> tuple:
    """What each engine makes of written cards: None, or (type, length, lines)."""
    out = []
    for engine in engines:
        c = engine.classify(engine.parse_cards(text))
        out.append((c.type, c.play[1], c.lines) if c.valid else None)
    return tuple(out)


def _comparable(lead: tuple, play: tuple) -> bool:
    """Whether some engine could say `play` beats `lead` (their `_shapes`): both plays,
    and a bomb among them or the same type and length (any other pair is refused by all)."""
    return any(a is not None and b is not None and (a[2] or b[2] or a[:2] == b[:2]) for a, b in zip(lead, play))


def pattern_card_cases(check: str, engines: tuple) -> Iterator[dict]:
    """Candidate cases of a card check of a game of patterns (Shuangkou: hand, beats,
    answers), simplest first: the plays the engines make from `pattern_hands`."""
    if check == "hand":
        for text, _size, _hand in _pattern_plays(engines):
            yield {"check": "hand", "cards": text}
    elif check == "beats":  # every two plays, fewest cards together first
        deck = _deck(engines)
        by_size: dict[int, list] = {}
        for text, size, _hand in _pattern_plays(engines):
            by_size.setdefault(size, []).append((text, _shapes(engines, text)))
        most = max(by_size, default=0)
        for total in range(2, 2 * most + 1):
            for lead_size in range(max(1, total - most), min(most, total - 1) + 1):
                for lead, lead_shapes in by_size.get(lead_size, ()):
                    for play, play_shapes in by_size.get(total - lead_size, ()):
                        if play != lead and _comparable(lead_shapes, play_shapes) and _fits(deck, lead, play):
                            yield {"check": "beats", "lead": lead, "play": play}
    elif check == "answers":
        deck = _deck(engines)
        # Leads every engine can play (a lead one of them refuses says nothing the hand check does not).
        leads = [text for text, size, _hand in _pattern_plays(engines)
                 if size <= _MOST_ANSWER_LEAD and None not in _shapes(engines, text)]
        for hand in pattern_hands(_MOST_ANSWER_HAND):
            written = rt.format_cards(hand)
            for lead in leads:
                if _fits(deck, written, lead):
                    yield {"check": "answers", "hand": written, "lead": lead}


_PATTERN_FINISHES = ([1, 3], [1, 2, 3], [1, 2, 4], [2, 4], [3, 1], [1, 4, 3], [2, 1, 4], [4, 3, 2])
_PATTERN_BOMBS = ([], [[1, 4]], [[1, 5]], [[1, 6]], [[1, 7]], [[1, 8]], [[2, 6]], [[3, 7]], [[1, 4], [1, 4]],
                  [[1, 6], [1, 6]], [[1, 5], [3, 9]], [[1, 4], [1, 4], [1, 4]], [[2, 8], [4, 10]], [[1, 12]])


def pattern_result_cases(check: str = "score") -> Iterator[dict]:
    """Candidate Shuangkou results (docs/conformance.md `score`), simplest first: each finish
    with each set of bombs, then with a 底分 of 2, with 无翻倍, and with 底分 1 and 翻倍 written
    out (a variant that never doubles still doubles when the result says so), a few of each kind a round."""
    def case(**result):
        return {"check": check, "result": result}

    def plain():
        for bombs in _PATTERN_BOMBS:
            for finish in _PATTERN_FINISHES:
                yield case(finish=finish, bombs=bombs)

    def staked():
        for bombs in _PATTERN_BOMBS:
            for finish in _PATTERN_FINISHES[:3]:
                yield case(finish=finish, bombs=bombs, base=2)

    def undoubled():
        for bombs in _PATTERN_BOMBS[1:]:
            for finish in _PATTERN_FINISHES[:3]:
                yield case(finish=finish, bombs=bombs, no_doubling=True)

    def outright():  # 底分 1 and 翻倍 written out: only the tables tell two variants apart
        for bombs in _PATTERN_BOMBS[1:]:
            for finish in _PATTERN_FINISHES[:3]:
                yield case(finish=finish, bombs=bombs, base=1, no_doubling=False)

    streams = [plain(), staked(), undoubled(), outright()]
    while streams:
        for i, stream in enumerate(list(streams)):
            taken = list(itertools.islice(stream, 8 if i == 0 else 2))
            if not taken:
                streams.remove(stream)
            yield from taken

