"""Candidate card and result cases (CONFORMANCE.md checks), simplest first, and the engines' answers to them."""
from __future__ import annotations

import itertools
from typing import Iterable, Iterator

from gouji_dsl.play.conform import evaluate, matches
from gouji_dsl.runtime import cards as rt


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
    """Candidate game results (CONFORMANCE.md `result`), simplest first: plain results,
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


def answer(engine, case: dict):
    """The engine's answer, or None when it rejects the case (a result no game of it could produce)."""
    try:
        return evaluate(engine, case)
    except (rt.ResultError, rt.CardError):
        return None

