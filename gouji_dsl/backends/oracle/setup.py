"""Before play: the deal, tribute and return, buying 3s, 宣点 and 革命, and the first lead.

The random procedure is documented so that any engine deals the same hands
from a seed: one `random.Random(seed)` per game; each deal shuffles the whole
deck once (the `table.decks` hook; again while the `table.redeal_if` hook names a
hand, right after the deal, before tribute), and the first leader of a game, when it
is drawn, is drawn after the last shuffle (the `table.first_leader` hook).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from gouji_dsl.backends.oracle.state import OracleState
from gouji_dsl.facets.hooks import ask
from gouji_dsl.runtime.actions import describe

if TYPE_CHECKING:
    from gouji_dsl.backends.pattern_reference import OracleKinds

PHASE_DECLARE: Final = "declare"
PHASE_REVOLT: Final = "revolt"
PHASE_PLAY: Final = "play"
MAX_REDEALS = 1000  # [table] redeal_if: this many redeals in a row stop the game with an error
MAX_REVOLUTION_REDEALS = 10  # 革命: this many redeals in one game stop it with an error (as the fast flow)


def counts_of(cards: list[int], size: int = 15) -> tuple[int, ...]:
    """A list of card indexes as a count vector of `size` kinds (15, and one per extra card kind)."""
    return tuple(cards.count(card) for card in range(size))


class Setup(OracleState):
    """The pre-play part of `OracleGame` (a mixin: the state is `OracleState`'s fields)."""

    if TYPE_CHECKING:  # Table's, which OracleGame joins with this
        def _empty_table(self, leader: int) -> None: ...

        def _maybe_start_chaos(self) -> None: ...

        def _next_holder(self, seat: int) -> int: ...

    def _deal(self) -> None:
        """A fresh deal: every per-deal field starts empty (a redeal starts here too)."""
        given, self._given = self._given, None  # a game's given deal is its first only
        self.hands = [list(h) for h in given] if given is not None else ask("table.decks", self)
        for _ in range(MAX_REDEALS):
            seat = ask("table.redeal_if", self, self.hands)
            if seat is None:
                break
            self.log.append(f"redeal: seat {seat}'s hand meets [table] redeal_if")
            self.hands = ask("table.decks", self)
        else:
            raise RuntimeError(f"[table] redeal_if held for {MAX_REDEALS} deals in a row: the cards are never dealt to stand")
        self.dealt = [list(h) for h in self.hands]
        self._clear_for_play()
        self.tribute_log = []
        self.log.append(f"deal (seed {self._seed_text()})")
        self._empty_table(1)
        self._pay_tributes()
        self.phase_seats = ask("open.declare", self)
        if self.phase_seats:
            self.phase = PHASE_DECLARE
            self.cur = self.phase_seats[0]
        else:
            self._after_declaring()

    def _check_deal(self, hands: object) -> list[tuple[int, ...]]:
        """A deal given to `new_game`: one hand per seat of the deal's size, together within
        the deck. ValueError otherwise."""
        counts, each = self.ref.deck()
        players = self.v.table.players
        kinds = self.ref.kinds
        if not isinstance(hands, (list, tuple)) or len(hands) != players:
            raise ValueError(f"a deal is a list of {players} hands, one per seat, not {describe(hands)}")
        vectors = []
        for seat, hand in enumerate(hands, 1):
            if isinstance(hand, str):
                # A notation with plays of its own is the pattern reference's.
                hand = cast("OracleKinds", kinds).parse_hand(hand) if kinds.own_plays else kinds.parse_cards(hand)
            elif not (isinstance(hand, (list, tuple)) and len(hand) == len(counts)
                      and all(type(n) is int and n >= 0 for n in hand)):
                raise ValueError(f"seat {seat}'s cards {describe(hand)} are neither a card string nor {len(counts)} counts")
            if sum(hand) != each:
                raise ValueError(f"seat {seat} is dealt {sum(hand)} cards, not {each}")
            vectors.append(tuple(hand))
        for kind, copies in enumerate(counts):
            if sum(hand[kind] for hand in vectors) > copies:
                raise ValueError(f"the deal holds more of a card than the deck's {copies}")
        return vectors

    def _clear_for_play(self) -> None:
        """Everything a game records from the deal on, empty (the hands are dealt)."""
        self.tribute_given = [[0] * self.ref.kinds.size for _ in self.hands]
        self.dead = [0] * self.ref.kinds.size   # a count per card kind, extra kinds (the eagle) included
        self.played = [0] * self.ref.kinds.size
        self.declared = set()
        self.revolters = []
        self.revolutionary = None
        self.place_of = {}
        self.finish_order = []
        self.failed = []
        self.opened = set()
        self.pending_open = set()
        self.forfeited = set()
        self.burns_done = []
        self.men = []
        self.bombs = []  # [seat, lines] of every bomb played (plays with lines: Shuangkou)
        self.headless = set()
        self.chaos = False
        self.obligation = set()
        self.burn_of = {}
        self.burned_play = {}
        self.gouji_plays = []
        self.round_number = 0
        self.before_threes = set()
        self.terminal = False
        self.scores = None

    # --- tribute and return (D17-D20) -------------------------------------------------------------

    def _pay_tributes(self) -> None:
        """What the previous game of the match owes: each payer gives their highest
        cards, entry by entry; then each receiver returns as many of their lowest
        allowed cards to the same payer, where the rules say so. Who may give which
        cards is the `tribute.return_from_dealt` hook's (000:L60: only one's own dealt
        cards). A mutual 点贡 (互进: each of a pair pays the other) is one exchange, D28:
        both payers choose from their hands as they were before it."""
        results = self.match.results
        if not results:
            return
        previous = dict(results[-1], previous=[{"opened": list(r.get("opened", ()))} for r in results[:-1]])
        size = self.ref.kinds.size
        received: dict[int, list[int]] = {}
        paid: dict[tuple[str, int, int], list[int]] = {}   # (kind, payer, receiver) -> cards, in payment order
        entries = self.ref.tributes(previous)
        exchange: list[int | None] = [None] * len(entries)    # the other half of a mutual 点贡, paid together with it
        for i, entry in enumerate(entries):
            for j in range(i + 1, len(entries)):
                other = entries[j]
                if entry["kind"] == other["kind"] == "dian" and (other["from"], other["to"]) == (entry["to"], entry["from"]) \
                        and exchange[i] is None and exchange[j] is None:
                    exchange[i], exchange[j] = j, i
        chosen: dict[int, list[int]] = {}
        for i, entry in enumerate(entries):
            if i not in chosen:  # both halves of an exchange are chosen before either is paid
                half = exchange[i]
                for k in (i,) if half is None else (i, half):
                    chosen[k] = self._highest_givable(entries[k]["from"], entries[k]["count"])
            kind, payer, receiver = entry["kind"], entry["from"], entry["to"]
            cards = chosen[i]
            for card in cards:
                self._give(payer, receiver, card)
            received.setdefault(receiver, []).extend(cards)
            paid.setdefault((kind, payer, receiver), []).extend(cards)
            shown = self.ref.format_cards(counts_of(cards, size))
            self.tribute_log.append({"kind": kind, "from": payer, "to": receiver, "cards": shown})
            self.log.append(f"tribute {kind}: seat {payer} gives seat {receiver} {shown or 'nothing'}")
        for (kind, payer, receiver), cards in paid.items():
            if not cards or not ask("tribute.returned", self, kind, payer, receiver, paid):
                continue
            allowed = self.ref.returnable(ask("tribute.return_from_dealt", self, receiver), (0,) * size,
                                          counts_of(cards, size), self.hands[payer - 1],
                                          ask("table.teams", self, receiver) == ask("table.teams", self, payer))
            back: list[int] = []
            for card in range(size):  # the lowest allowed cards, as many as were paid
                while len(back) < len(cards) and back.count(card) < allowed[card]:
                    back.append(card)
            for card in back:
                self._give(receiver, payer, card)
            shown = self.ref.format_cards(counts_of(back, size))
            self.tribute_log.append({"kind": "return", "from": receiver, "to": payer, "cards": shown})
            self.log.append(f"return: seat {receiver} gives seat {payer} {shown or 'nothing'}")

    def _highest_givable(self, seat: int, count: int) -> list[int]:
        """The `count` highest cards `seat` may give now (fewer if it has fewer), highest first."""
        givable = list(ask("tribute.return_from_dealt", self, seat))
        cards: list[int] = []
        for card in range(len(givable) - 1, -1, -1):
            while len(cards) < count and givable[card] > 0:
                givable[card] -= 1
                cards.append(card)
        return cards

    def _give(self, giver: int, taker: int, card: int) -> None:
        self._move(giver, taker, card)
        self.tribute_given[giver - 1][card] += 1

    def _move(self, giver: int, taker: int, card: int) -> None:
        self.hands[giver - 1][card] -= 1
        self.hands[taker - 1][card] += 1

    # --- 宣点, 买3, 革命 -----------------------------------------------------------------------------

    def _after_declaring(self) -> None:
        ask("buy.ranks", self)  # 买牌 of [buy]: 买3 / 要3 (D22), 买4 ...
        self.phase = PHASE_REVOLT
        self.phase_seats = ask("revolution.allowed", self)
        if self.phase_seats:
            self.cur = self.phase_seats[0]
        else:
            self._start_play()

    def _phase_choice(self, seat: int, chose: bool) -> None:
        """A 宣点 or 革命 choice by the seat asked; the phase ends after the last seat."""
        if self.phase == PHASE_DECLARE:
            if chose:
                self.declared.add(seat)
        elif chose:
            self.revolters.append(seat)
        self.phase_seats = self.phase_seats[1:]
        if self.phase_seats:
            self.cur = self.phase_seats[0]
        elif self.phase == PHASE_DECLARE:
            self._after_declaring()
        elif ask("revolution.redeal_at", self):
            self.log.append(f"{len(self.revolters)} revolutionaries: redeal")
            redeals = sum(1 for line in self.log if isinstance(line, str) and line.endswith("revolutionaries: redeal"))
            if redeals >= MAX_REVOLUTION_REDEALS:
                raise RuntimeError(f"革命 redealt the cards {redeals} times: the cards are never dealt to stand")
            self._deal()
        else:
            if self.revolters:
                self.revolutionary = self.revolters[0]
                self.log.append(f"seat {self.revolutionary} sits out (革命)")
            self._start_play()

    def _start_play(self) -> None:
        self.phase = PHASE_PLAY
        seat = self.revolutionary
        if seat is not None:
            self.place_of[seat] = ask("revolution.place", self)
            ask("revolution.auto_open", self, seat)
            ask("headless.cause", self, seat, "revolution")
        self.opened |= self.ref.graduated(self.match.results)
        leader = ask("table.first_leader", self)
        if leader in self.place_of:
            leader = self._next_holder(leader)
        self._empty_table(leader)
        self._maybe_start_chaos()

    def _seed_text(self) -> str:
        return describe(self.seed)
