"""Before play: the deal, tribute and its return, buying 3s, 宣点 and 革命.

`SetUp` is the base of `runtime.flow.Game` that holds these steps; it starts
the play phase through the Game's `_check_chaos` and round methods.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.actions import Action, describe, position_hands
from gouji_dsl.runtime.state import Phase, Rules, State, mypyc_attr, seats_after

MAX_REDEALS = 1000  # [table] redeal_if: this many deals in a row meeting it stop the game with an error
# 革命's redeal (enough revolutionaries): this many redeals in one game stop it with an error. It
# makes every game finite, and short enough that the bounds (runtime/bounds.py) and a
# perfect-recall tensor sized by them stay small; a deal that calls for a redeal comes about once
# in a few hundred (two hands without jokers or 2s), so ten in a row never happen in play.
MAX_REVOLUTION_REDEALS = 10


def check_redeals(log: Iterable[str | tuple[int, Action]]) -> None:
    """RuntimeError once 革命 has redealt a game MAX_REVOLUTION_REDEALS times (its log says so)."""
    redeals = sum(1 for line in log if line.__class__ is str and line.endswith("revolutionaries: redeal"))
    if redeals >= MAX_REVOLUTION_REDEALS:
        raise RuntimeError(f"革命 redealt the cards {redeals} times: the cards are never dealt to stand")


@mypyc_attr(native_class=False)  # like State, its base
class SetUp(State):
    """The steps of a deal before the first lead."""

    _check_chaos: Callable[[], None]  # Game's method (runtime.flow): play starts through it

    def _start_deal(self) -> None:
        r = self.r
        n = r.players
        redeals = 0
        while True:
            hands = self._shuffle_and_deal()
            again = next((p + 1 for p in range(n) if r.redeal_if(hands[p])), None)  # [table] redeal_if
            if again is None:
                break
            redeals += 1
            if redeals == MAX_REDEALS:
                raise RuntimeError(f"[table] redeal_if held for {MAX_REDEALS} deals in a row: the cards are never dealt to stand")
            self.log.append(f"redeal: seat {again}'s hand meets [table] redeal_if")
        self._new_deal(hands)  # every deal and round field afresh; play starts after the pre-play phases
        self.log.append(f"deal (seed {describe(self.seed)})")
        self._pay_tributes()
        if r.declare:
            self.phase = Phase.DECLARE
            self.phase_seats = list(range(1, n + 1))
            self.cur = self.phase_seats[0]
        else:
            self._after_declare()

    def _shuffle_and_deal(self) -> list[list[int]]:
        """The deck (rules.deck_counts: how many of each card kind) shuffled once, and
        cards_per_player cards to each seat in turn; the first deal of a game given one
        (`new_game(..., deal=...)`) is that deal instead."""
        r = self.r
        if self._deal_pending:  # a redeal shuffles
            self._deal_pending = False
            if TYPE_CHECKING:  # a deal is pending only when new_game was given one
                assert self._given_deal is not None
            return [list(hand) for hand in self._given_deal]
        deck = [kind for kind, copies in enumerate(r.deck_counts) for _ in range(copies)]
        shuffle(self._rng, deck)
        each = r.cards_per_player
        hands = []
        for p in range(r.players):
            counts = [0] * len(r.deck_counts)
            for card in deck[p * each:(p + 1) * each]:
                counts[card] += 1
            hands.append(counts)
        return hands

    def _after_declare(self) -> None:
        if self.r.buy_ranks:
            self._buy_cards()
        if self.r.revolution:
            self.phase = Phase.REVOLT
            self.phase_seats = [s for s in range(1, self.r.players + 1) if self.r.may_revolt(tuple(self.hands[s - 1]))]
            if self.phase_seats:
                self.cur = self.phase_seats[0]
                return
        self._begin_play()

    def _pay_tributes(self) -> None:
        """Tributes owed by the previous game of the match: highest cards, then returns.
        With return_from_dealt (000:L60) no card received in this deal's tribute or return
        is given on; in a mutual 点贡 (互进, D28) the second payer chooses from the hand as it
        was before the first paid (never handing back the card just received)."""
        if not self.match.results:
            return
        r = self.r
        previous = self.match.results[-1]
        result = dict(previous, previous=[{"opened": list(g.get("opened", ()))} for g in self.match.results[:-1]])
        entries = r.tributes(result)
        received: dict[int, list[int]] = {}
        by_pair: dict[tuple[str, int, int], list[int]] = {}
        for e in entries:
            payer, receiver = e["from"], e["to"]
            # The cards the payer may not give: what it received (return_from_dealt), or in a
            # mutual 点贡 what its receiver just gave it (D28).
            kept = self._counts(received.get(payer, []) if r.return_from_dealt else
                                by_pair.get(("dian", receiver, payer), []) if e["kind"] == "dian" else [])
            cards = []
            for _ in range(e["count"]):
                card = self._highest(payer, kept)
                if card is None:
                    break
                self.hands[payer - 1][card] -= 1
                self.hands[receiver - 1][card] += 1
                cards.append(card)
            received.setdefault(receiver, []).extend(cards)
            by_pair.setdefault((e["kind"], payer, receiver), []).extend(cards)
            self.tribute_log.append({"kind": e["kind"], "from": payer, "to": receiver, "cards": self.kinds.format_cards(self._counts(cards))})
            self.log.append(f"tribute {e['kind']}: seat {payer} gives seat {receiver} {self.kinds.format_cards(self._counts(cards)) or 'nothing'}")
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
            received.setdefault(payer, []).extend(back)  # returned cards are received too (000:L60)
            self.tribute_log.append({"kind": "return", "from": receiver, "to": payer, "cards": self.kinds.format_cards(self._counts(back))})
            self.log.append(f"return: seat {receiver} gives seat {payer} {self.kinds.format_cards(self._counts(back)) or 'nothing'}")

    def _counts(self, cards: list[int]) -> tuple[int, ...]:
        """A list of card indexes as a count vector (as long as the variant's card kinds)."""
        counts = [0] * len(self.r.card_kinds)
        for c in cards:
            counts[c] += 1
        return tuple(counts)

    def _highest(self, seat: int, kept: tuple[int, ...]) -> int | None:
        """The seat's highest card beyond the `kept` counts (cards it may not give), or None."""
        hand = self.hands[seat - 1]
        for card in range(len(hand) - 1, -1, -1):
            if hand[card] > kept[card]:
                return card
        return None

    def _return_cards(self, receiver: int, payer: int, cards: list[int], received: list[int]) -> list[int]:
        """The receiver's lowest cards that may go back (D20)."""
        r = self.r
        allowed = returnable(r, self.hands[receiver - 1], self._counts(received), self._counts(cards),
                             self.hands[payer - 1], r.teams[receiver] == r.teams[payer])
        back: list[int] = []
        for card in range(len(allowed)):
            back += [card] * min(allowed[card], len(cards) - len(back))
        return back

    def _buy_cards(self) -> None:
        """[buy] 买牌 (买3 / 要3 of D22 among them), automatic: for each rank in turn, every seat holding none buys one."""
        r = self.r
        seats = range(1, r.players + 1)
        for name in r.buy_ranks:
            rank = rt.INDEX[name]
            if r.buy_order == "by_round":
                for position in r.buy_sellers:
                    for seat in seats:
                        if self.hands[seat - 1][rank] == 0:
                            self._buy_one(seat, position, rank)
            else:
                for seat in seats:
                    if self.hands[seat - 1][rank] == 0:
                        for position in r.buy_sellers:
                            if self._buy_one(seat, position, rank):
                                break

    def _seller_at(self, seat: int, position: str, rank: int) -> int | None:
        r = self.r
        if position == "in_turn":  # the first holding enough, counting on from count_from's player
            start = self._holds(r.buy_count_from, buyer=seat)
            after = seats_after(r.players)[seat]
            if start in after:
                at = after.index(start)
                after = after[at:] + after[:at]
            for other in after:
                if self.hands[other - 1][rank] >= r.buy_seller_min:
                    return other
            return None
        if position == "opposite":
            return r.opposite[seat]
        after = seats_after(r.players)[seat]
        if position == "next":
            return after[0]
        if position == "previous":
            return after[-1]
        mates = [s for s in after if r.teams[s] == r.teams[seat]]
        if not mates:
            return None
        return mates[0] if position == "teammate_after" else mates[-1]

    def _buy_one(self, seat: int, position: str, rank: int) -> bool:
        r = self.r
        seller = self._seller_at(seat, position, rank)
        if seller is None or self.hands[seller - 1][rank] < r.buy_seller_min:
            return False
        hand, other = self.hands[seat - 1], self.hands[seller - 1]
        if r.teams[seller] == r.teams[seat] and not r.buy_teammates_paid:
            other[rank] -= 1
            hand[rank] += 1
            self.log.append(f"seat {seat} is given a {rt.CARDS[rank]} by teammate {seller}")
            return True
        pay = next((c for c in r.buy_price if hand[rt.INDEX[c]]), None)
        if pay is None and r.buy_no_price == "no_sale":
            return False
        if pay is not None:
            hand[rt.INDEX[pay]] -= 1
            other[rt.INDEX[pay]] += 1
        other[rank] -= 1
        hand[rank] += 1
        self.log.append(f"seat {seat} buys a {rt.CARDS[rank]} from seat {seller} for {pay or 'nothing'}")
        return True

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
        leader = first_leader_of(r, self.hands, self.kinds)
        if leader is None and r.first_leader == "previous_first" and self.match.first_out:
            leader = self.match.first_out
        elif leader is None:
            leader = self._rng.randint(1, r.players)
        if not self._holding(leader):
            leader = self._next_holder(leader)
        self._new_round(leader)
        self._check_chaos()


def _randbelow(getrandbits: Callable[[int], int], n: int) -> int:
    """A random int in [0, n) as random.Random draws one (`_randbelow_with_getrandbits`)."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def _shuffle(rng: random.Random, x: list[int]) -> None:
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        j = _randbelow(getrandbits, i + 1)
        x[i], x[j] = x[j], x[i]


def _same_as_the_standard_library() -> bool:
    """Does `_shuffle` give random.Random.shuffle's permutation from the same random state (as it
    does in every Python so far)? Checked once: if a future Python shuffles otherwise, the deal
    uses random.Random.shuffle itself, and seeds keep meaning what that Python gives them."""
    mine, theirs = list(range(300)), list(range(300))
    _shuffle(random.Random(2026), mine)
    random.Random(2026).shuffle(theirs)
    return mine == theirs


_FAST_SHUFFLE = _same_as_the_standard_library()


def shuffle(rng: random.Random, x: list[int]) -> None:
    """`rng.shuffle(x)`: the same permutation, the same random state after it, without a Python
    method call per card (a deal shuffles 216 cards; compiled, this loop is native)."""
    if _FAST_SHUFFLE and type(rng) is random.Random:
        _shuffle(rng, x)
    else:
        rng.shuffle(x)


def first_leader_of(r: Rules, hands: Sequence[Sequence[int]], kinds: rt.Kinds) -> int | None:
    """The first leader the hands at the start of play decide ([table] first_leader):
    fixed_seat, first_seat; card_holder, the first seat from seat 1 holding first_card (every
    card is dealt, so some seat does); None when the previous game or a draw decides."""
    if r.first_leader == "fixed_seat":
        return r.first_seat
    if r.first_leader == "card_holder":
        if TYPE_CHECKING:  # a card holder leads: the rules name the card ([table] first_card)
            assert r.first_card is not None
        card = kinds.index[r.first_card]
        return next(seat for seat in range(1, r.players + 1) if hands[seat - 1][card])
    return None


def returnable(rules: Rules, hand: Sequence[int], received: Sequence[int], given: Sequence[int],
               payer_hand: Sequence[int] | None = None, teammates: bool = False) -> tuple[int, ...]:
    """D20: how many of each card (a 15-count vector) a receiver holding `hand` may
    return to the payer who gave them `given`; `received` is every card they
    received in this deal, in tribute or in return (not their own dealt cards), `payer_hand` what the
    payer holds now, `teammates` whether the two are on one team. The game returns
    the lowest of these; a platform with manual returns offers exactly these."""
    allowed = [max(0, int(n)) for n in hand]
    if rules.return_from_dealt:
        allowed = [max(0, n - int(got)) for n, got in zip(allowed, received)]
    if rules.return_not_above_received and any(given):
        limit = min(card for card in range(len(given)) if given[card])
        allowed = [n if card <= limit else 0 for card, n in enumerate(allowed)]
    if rules.no_single_return and not teammates and payer_hand is not None:
        allowed = [n if payer_hand[card] else 0 for card, n in enumerate(allowed)]
    return tuple(allowed)


def given_deal(r: Rules, deal: Sequence[str | Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """A deal given to `new_game`: one hand per seat (card text or count vectors), each of
    cards_per_player cards, together no more of a card than the deck has. ValueError otherwise."""
    if type(deal) not in (list, tuple) or len(deal) != r.players:
        raise ValueError(f"a deal is a list of {r.players} hands, one per seat, not {describe(deal)}")
    kinds = r.notation or rt.kinds(r.card_kinds[15:])
    vectors = position_hands(r.players, r.decks, dict(enumerate(deal, 1)), kinds, r.deck_counts)
    for seat, hand in vectors.items():
        if sum(hand) != r.cards_per_player:
            raise ValueError(f"seat {seat} is dealt {sum(hand)} cards, not {r.cards_per_player}")
    for kind, copies in enumerate(r.deck_counts):
        if sum(hand[kind] for hand in vectors.values()) > copies:
            raise ValueError(f"the deal holds {sum(hand[kind] for hand in vectors.values())} {kinds.format_cards([0] * kind + [1])}, "
                             f"more than the deck's {copies}")
    return tuple(vectors[seat] for seat in range(1, r.players + 1))
