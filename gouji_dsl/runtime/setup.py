"""Before play: the deal, tribute and its return, buying 3s, 宣点 and 革命.

`SetUp` is the base of `runtime.flow.Game` that holds these steps; it starts
the play phase through the Game's `_check_chaos` and round methods.
"""
from __future__ import annotations

from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.actions import describe
from gouji_dsl.runtime.state import Phase, Rules, State, seat_after


class SetUp(State):
    """The steps of a deal before the first lead."""

    def _start_deal(self) -> None:
        r = self.r
        n = r.players
        deck = [i for i in range(13) for _ in range(4 * r.decks)] + [rt.SMALL] * r.decks + [rt.BIG] * r.decks
        self._rng.shuffle(deck)
        hands = []
        for p in range(n):
            counts = [0] * 15
            for card in deck[p * r.cards_per_player:(p + 1) * r.cards_per_player]:
                counts[card] += 1
            hands.append(counts)
        self._new_deal(hands)  # every deal and round field afresh; play starts after the pre-play phases
        self.log.append(f"deal (seed {describe(self.seed)})")
        self._pay_tributes()
        if r.declare:
            self.phase = Phase.DECLARE
            self.phase_seats = list(range(1, n + 1))
            self.cur = self.phase_seats[0]
        else:
            self._after_declare()

    def _after_declare(self) -> None:
        if self.r.buy_three:
            self._buy_threes()
        if self.r.revolution:
            self.phase = Phase.REVOLT
            self.phase_seats = [s for s in range(1, self.r.players + 1) if self.r.may_revolt(tuple(self.hands[s - 1]))]
            if self.phase_seats:
                self.cur = self.phase_seats[0]
                return
        self._begin_play()

    def _pay_tributes(self) -> None:
        """Tributes owed by the previous game of the match: highest cards, then returns."""
        if not self.match.results:
            return
        r = self.r
        previous = self.match.results[-1]
        result = dict(previous, previous=[{"opened": list(g["opened"])} for g in self.match.results[:-1]])
        entries = r.tributes(result)
        received: dict[int, list[int]] = {}
        by_pair: dict[tuple, list[int]] = {}
        for e in entries:
            payer, receiver = e["from"], e["to"]
            cards = []
            for _ in range(e["count"]):
                card = self._highest(payer)
                if card is None:
                    break
                self.hands[payer - 1][card] -= 1
                self.hands[receiver - 1][card] += 1
                cards.append(card)
            received.setdefault(receiver, []).extend(cards)
            by_pair.setdefault((e["kind"], payer, receiver), []).extend(cards)
            self.tribute_log.append({"kind": e["kind"], "from": payer, "to": receiver, "cards": rt.format_cards(_counts(cards))})
            self.log.append(f"tribute {e['kind']}: seat {payer} gives seat {receiver} {rt.format_cards(_counts(cards)) or 'nothing'}")
        if not r.returned:
            return
        for (kind, payer, receiver), cards in by_pair.items():
            if not cards:
                continue
            if kind == "dian" and not r.mutual_dian_returned and ("dian", receiver, payer) in by_pair:
                continue  # mutual 点贡 is not returned (D20)
            back = self._return_cards(receiver, payer, cards, received.get(receiver, []))
            for card in back:
                self.hands[receiver - 1][card] -= 1
                self.hands[payer - 1][card] += 1
            self.tribute_log.append({"kind": "return", "from": receiver, "to": payer, "cards": rt.format_cards(_counts(back))})
            self.log.append(f"return: seat {receiver} gives seat {payer} {rt.format_cards(_counts(back)) or 'nothing'}")

    def _highest(self, seat: int) -> int | None:
        hand = self.hands[seat - 1]
        for card in range(14, -1, -1):
            if hand[card]:
                return card
        return None

    def _return_cards(self, receiver: int, payer: int, cards: list[int], received: list[int]) -> list[int]:
        """The receiver's lowest cards that may go back (D20)."""
        r = self.r
        allowed = returnable(r, self.hands[receiver - 1], _counts(received), _counts(cards),
                             self.hands[payer - 1], r.teams[receiver] == r.teams[payer])
        back: list[int] = []
        for card in range(15):
            back += [card] * min(allowed[card], len(cards) - len(back))
        return back

    def _buy_threes(self) -> None:
        """买3 / 要3 (D22), automatic."""
        r = self.r
        for seat in range(1, r.players + 1):
            hand = self.hands[seat - 1]
            if hand[0]:
                continue
            opp = r.opposite[seat]
            pay = next((c for c in (rt.INDEX[x] for x in r.buy_with) if hand[c]), None)
            if pay is not None and self.hands[opp - 1][0] >= r.seller_min_threes:
                hand[pay] -= 1
                self.hands[opp - 1][pay] += 1
                self.hands[opp - 1][0] -= 1
                hand[0] += 1
                self.log.append(f"seat {seat} buys a 3 from seat {opp} for {rt.CARDS[pay]}")
                continue
            if not r.ask_three:
                continue
            giver = None
            other = seat
            for _ in range(r.players - 1):
                other = seat_after(other, r.players)
                if r.teams[other] == r.teams[seat] and self.hands[other - 1][0] >= r.seller_min_threes:
                    giver = other
                    break
            if giver is not None:
                self.hands[giver - 1][0] -= 1
                hand[0] += 1
                self.log.append(f"seat {seat} is given a 3 by teammate {giver}")

    def _begin_play(self) -> None:
        r = self.r
        self.phase = Phase.PLAY
        if self.revolutionary is not None:
            self.place_of[self.revolutionary] = r.revolution_place
            if r.auto_open:
                self.opened.add(r.opposite[self.revolutionary])
            if r.headless_cause == "opposite_out_or_revolution":
                self.headless.add(r.opposite[self.revolutionary])
        self.opened |= r.graduated(self.match.results)
        if r.first_leader == "fixed_seat":
            leader = r.first_seat
        elif r.first_leader == "previous_first" and self.match.first_out:
            leader = self.match.first_out
        else:
            leader = self._rng.randint(1, r.players)
        if not self._holding(leader):
            leader = self._next_holder(leader)
        self._new_round(leader)
        self._check_chaos()


def returnable(rules: Rules, hand, received, given, payer_hand=None, teammates: bool = False) -> tuple:
    """D20: how many of each card (a 15-count vector) a receiver holding `hand` may
    return to the payer who gave them `given`; `received` is every tribute card
    they received in this deal (not their own dealt cards), `payer_hand` what the
    payer holds now, `teammates` whether the two are on one team. The game returns
    the lowest of these; a platform with manual returns offers exactly these."""
    allowed = [max(0, int(n)) for n in hand]
    if rules.return_from_dealt:
        allowed = [max(0, n - int(got)) for n, got in zip(allowed, received)]
    if rules.return_not_above_received and any(given):
        limit = min(card for card in range(15) if given[card])
        allowed = [n if card <= limit else 0 for card, n in enumerate(allowed)]
    if rules.no_single_return and not teammates and payer_hand is not None:
        allowed = [n if payer_hand[card] else 0 for card, n in enumerate(allowed)]
    return tuple(allowed)


def _counts(cards: list[int]) -> tuple:
    counts = [0] * 15
    for c in cards:
        counts[c] += 1
    return tuple(counts)
