"""The round: a play stands on the table until every other player has passed it.

After each play the players after it are asked in turn (burners first where
a 级牌 restricts who may answer). A player who may not or cannot beat the
play passes without being asked. When everyone asked has passed, the play
wins the round, unless the rules give the others more circles; its player
(or whoever takes over) leads the next round.

The round's state (the top play and its player, who passed, deferred or may burn, who is
still to be asked ...) is the fields under "the round" of `OracleState` (state.py), each
with its type and meaning; `_empty_table` sets them afresh. The hooks read them too.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from gouji_dsl.backends.oracle.predicates import seat_functions
from gouji_dsl.backends.oracle.state import OracleState, Play
from gouji_dsl.facets.hooks import ask
from gouji_dsl.model.expr import Formula, evaluate

if TYPE_CHECKING:
    from gouji_dsl.backends.oracle.state import OracleResult


class Table(OracleState):
    """The play part of `OracleGame` (a mixin: the state is `OracleState`'s fields)."""

    if TYPE_CHECKING:  # OracleGame's, which the score of a finished game is reckoned from
        def result(self) -> OracleResult: ...

    # --- seats ---------------------------------------------------------------------------------

    def _holds_cards(self, seat: int) -> bool:
        """Still in play: every seat without a place holds cards (out, failed burners
        and the revolutionary have places)."""
        return seat not in self.place_of

    def _after(self, seat: int) -> list[int]:
        """The other seats in playing order, starting after `seat`."""
        seats: list[int] = ask("table.players", self)
        i = seats.index(seat)
        return seats[i + 1:] + seats[:i]

    def _next_holder(self, seat: int) -> int:
        return next((s for s in self._after(seat) if self._holds_cards(s)), seat)

    def _holders(self) -> list[int]:
        return [s for s in ask("table.players", self) if self._holds_cards(s)]

    def _bottom_place(self) -> int:
        """The lowest place no seat has taken: a failed burner's (D15), or one 闷ed out of play's."""
        return max(p for p in range(1, len(ask("table.players", self)) + 1) if p not in self.place_of.values())

    def holds(self, formula: Formula, **seats: int) -> Any:
        """The value of a rule's seat expression (who may lift a burn, ...) for the players its
        variables name, in this state."""
        return evaluate(formula, seats, seat_functions(self))

    def first_holding(self, players: Sequence[Formula], **seats: int) -> int:
        """Of a rule's list of players (ChoiceT.alternatives: who takes over, ...), the first who
        still holds cards; the last (the rule's fallback) if none does."""
        for formula in players[:-1]:
            seat: int = self.holds(formula, **seats)
            if self._holds_cards(seat):
                return seat
        last: int = self.holds(players[-1], **seats)
        return last

    # --- the state of the top play ------------------------------------------------------------

    def _empty_table(self, leader: int) -> None:
        """A new round: `leader` leads; nobody has passed or deferred."""
        self.top = self.top_seat = None
        self.top_gouji = self.top_free = self.top_opposite_only = self.top_out_gouji = False
        self.passed, self.passed_plain, self.defer_used = set(), set(), set()
        self.burners_pending, self.burn_candidates = set(), set()
        self.before_threes = set()
        self.queue = []
        self.circles = 0
        self.played_in_round, self.last_chance_used = set(), False
        self.cur = leader
        self.round_number += 1

    def _gouji_in_force(self) -> bool:
        """Do the 级牌 rules (who answers, burning, 开点) apply to the top play?"""
        return self.top_gouji and not self.chaos and not self.top_free and not self.top_opposite_only

    def _beating_plays(self, seat: int) -> list[Play]:
        """Every play of `seat` that beats the top play (the Reference's `answers`)."""
        return self.ref.answers(tuple(self.hands[seat - 1]), self.top)

    def _may_beat(self, seat: int) -> bool:
        """May `seat` beat the top play in turn (a burn aside)?"""
        owner = self.top_seat
        opposite = ask("table.opposites", self, owner)
        if self.chaos:
            return bool(ask("chaos.answer", self, seat))
        if self._part_over(seat):
            return False
        if self.top_opposite_only:
            return seat == opposite or not self._holds_cards(opposite)
        if self.top_free:
            return True
        if self._gouji_in_force() and ask("flow.gouji_answer", self):
            return bool(ask("flow.answer_gouji", self, seat))
        return bool(ask("flow.answer_play", self, seat))

    def _final_play(self, seat: int) -> Play | None:
        """最后一手走: the play of all of `seat`'s cards that goes out whatever the top play is
        ([plays] final_play), if `seat` is still in the round, so that its turn on the top play
        is a turn to act: it has not passed in it and its part is not over, or it may beat the
        top play all the same."""
        play: Play | None = ask("plays.final_play", self, seat)
        if play is None:
            return None
        in_round = seat not in self.passed and not self._part_over(seat)
        return play if in_round or self._may_beat(seat) else None

    def _part_over(self, seat: int) -> bool:
        """Has `seat` played in this round, and does the pass rule end its part with that?"""
        return seat in self.played_in_round and not ask("flow.pass_rule", self, "played", seat)

    # --- moves -------------------------------------------------------------------------------------

    def _pass(self, seat: int) -> None:
        self._mark_passed(seat)
        self._ask_next()

    def _mark_passed(self, seat: int) -> None:
        self.passed.add(seat)
        if not self._gouji_in_force():
            self.passed_plain.add(seat)
        self.burners_pending.discard(seat)

    def _defer(self, seat: int) -> None:
        """让牌: the next two players act first; if both pass, the deferrer is asked again."""
        self.defer_used.add(seat)
        self.queue.insert(min(2, len(self.queue)), seat)
        self._ask_next()

    def _play(self, seat: int, play: Play, burn: bool) -> None:
        beaten, beaten_seat = self.top, self.top_seat
        was_in_force = beaten is not None and self._gouji_in_force()
        if (beaten is not None and not burn and play == ask("plays.final_play", self, seat)
                and not (self._may_beat(seat) and play in self._beating_plays(seat))):
            # All its cards, which only the final-play rule lets go over the top play (最后一手走).
            self.log.append(f"seat {seat} goes out over the table with its final play (最后一手走)")
        cards = self.ref.play_cards(play)
        hand = self.hands[seat - 1]
        for card in range(self.ref.kinds.size):
            hand[card] -= cards[card]
            self.played[card] += cards[card]
        if self.ref.pattern_plays and play[3]:
            self.bombs.append([seat, play[3]])  # a bomb, with its lines: the score counts them
        menned_out = False
        if beaten is not None:
            assert beaten_seat is not None  # a play on the table has its player
            menned_out = self._settle_beaten(seat, beaten, beaten_seat, burn, was_in_force)
        out = not any(hand)
        if burn:
            assert beaten is not None and beaten_seat is not None  # a burn answers the play on the table
            self.obligation.add(seat)
            self.burn_of[seat] = beaten_seat
            self.burned_play[seat] = beaten
            self.log.append(f"seat {seat} burns seat {beaten_seat}'s 级牌 (烧牌)")
        elif seat in self.obligation and ask("burning.joker_check", self, play, out, beaten is None):
            self._fail_burn(seat, play)
            return
        if beaten is None and seat in self.pending_open:
            self._second_step(seat, play)
        if ask("threes.threes_last", self, seat, out):
            self.before_threes.add(seat)
        else:
            self.before_threes.discard(seat)
        self.top, self.top_seat = play, seat
        self.top_gouji = self.ref.is_gouji(play)
        self.top_free = self.top_opposite_only = self.top_out_gouji = False
        self.circles = 0
        if self._gouji_in_force():
            self.gouji_plays.append((seat, self.round_number))  # burning.free_after_rounds counts their rounds
        if out:
            self._go_out(seat)
            if self.terminal:
                return
        elif menned_out:  # one player fewer in play: the game may be decided, 四户乱缠 begun
            self._maybe_end()
            if self.terminal:
                return
            self._maybe_start_chaos()
        self._ask_about_top(seat)

    def _settle_beaten(self, seat: int, beaten: Play, beaten_seat: int, burn: bool, was_in_force: bool) -> bool:
        """What beating a play settles: 解烧, 闷 (D22) and 开点 (D16, D26). True when the 闷ed
        player is out of play at once ([threes] men_out): whether that ends the game is asked
        once the beating play has taken its effect."""
        menned_out = False
        if beaten_seat in self.obligation and ask("burning.lift", self, beaten_seat, seat):
            self.obligation.discard(beaten_seat)
            self.log.append(f"seat {beaten_seat}'s burn is lifted (解烧)")
        if beaten_seat in self.before_threes and seat != beaten_seat:
            self.men.append([beaten_seat, seat])
            self.before_threes.discard(beaten_seat)
            place = ask("threes.men_out", self, beaten_seat)
            if place is not None:
                self.place_of[beaten_seat] = place
                self.obligation.discard(beaten_seat)  # out of play: a burn of theirs is neither won nor lost
                self.log.append(f"seat {beaten_seat} is 闷ed (闷) and takes place {place}")
                if beaten_seat in self.pending_open:
                    self._forfeit(beaten_seat)  # out of play without going out: the opening is lost
                menned_out = True
        ask("open.method", self, beaten_seat, beaten, seat, burn, was_in_force)
        return menned_out

    def _open(self, seat: int, before_chaos: bool = False) -> None:
        """开点 for `seat`, unless 四户乱缠 has begun (`before_chaos`: the 级牌 was played before it, D26)
        or they forfeited it (废点). Where it takes two steps ([open] then_lead) a player still
        holding cards is pending (待开点) until their next lead."""
        if seat in self.opened or seat in self.forfeited or not (before_chaos or not self.chaos):
            return
        if ask("open.then_lead", self, seat, None):
            self._complete_open(seat)
        elif self._holds_cards(seat):
            self.pending_open.add(seat)
        else:
            self._forfeit(seat)  # out of play without going out (闷ed, a failed burner): no lead to come

    def _complete_open(self, seat: int) -> None:
        self.pending_open.discard(seat)
        self.opened.add(seat)
        self.log.append(f"seat {seat} opens (开点)")

    def _second_step(self, seat: int, lead: Play) -> None:
        """The lead of a pending player (待开点): it completes their opening or forfeits it."""
        if ask("open.then_lead", self, seat, lead):
            self._complete_open(seat)
        else:
            self._forfeit(seat)

    def _forfeit(self, seat: int) -> None:
        """废点: `seat`'s pending opening fails, and no 级牌 of theirs opens them in this game."""
        self.pending_open.discard(seat)
        self.forfeited.add(seat)
        self.log.append(f"seat {seat} forfeits 开点 (废点)")

    def _ask_about_top(self, seat: int) -> None:
        """Line up who is asked about `seat`'s new top play, and ask the first."""
        order = [s for s in self._after(seat) if self._holds_cards(s)]
        self.burners_pending, self.burn_candidates = set(), set()
        self.played_in_round.add(seat)
        for deferrer in self.defer_used - self.played_in_round - self.passed:
            if ask("flow.pass_rule", self, "deferred", deferrer):
                self.passed.add(deferrer)  # the 让牌 was their turn: a play came first, so they passed
        opposite = ask("table.opposites", self, seat)
        if opposite in self.passed and ask("flow.pass_rule", self, "turn_back", opposite):
            self.passed.discard(opposite)  # their turn back: no longer counted as having passed
            self.log.append(f"seat {opposite} gets its turn back")
        if self._gouji_in_force() and ask("flow.gouji_answer", self) and seat not in self.headless:
            before, after = ask("burning.ask_order", self, seat)
            self.burn_candidates = set(before + after)
            order = before + [s for s in order if s not in self.burn_candidates] + after
        self.queue = order
        self._ask_next()

    def _ask_next(self) -> None:
        """Ask the next player who may act on the top play; when nobody is left, the
        circle is complete: another circle, or the top play wins the round."""
        while True:
            while self.queue:
                seat = self.queue.pop(0)
                if not self._holds_cards(seat):
                    continue
                if seat in self.burn_candidates:
                    self.burn_candidates.discard(seat)
                    if not self._part_over(seat) and ask("burning.allowed", self, seat):
                        self.burners_pending.add(seat)
                        self.cur = seat
                        return
                elif self._may_beat(seat) and self._beating_plays(seat):
                    self.cur = seat
                    return
                if self._final_play(seat) is not None:
                    self.cur = seat  # its turn: it may go out with all its cards over the top play
                    return
                self._mark_passed(seat)  # may not, or cannot: passes unasked (要不起), not even offered 让牌
            owner = self.top_seat
            assert owner is not None  # the players are asked about a play on the table
            opposite = ask("table.opposites", self, owner)
            if (opposite in self.passed and self._holds_cards(opposite)
                    and ask("flow.pass_rule", self, "last_chance", opposite)):
                self.last_chance_used = True
                self.passed.discard(opposite)
                self.queue = [opposite]
                self.log.append(f"seat {opposite} is asked once more")
                continue
            self.circles += 1
            if self.circles < ask("flow.lead_return_circles", self) and self._holds_cards(owner):
                self.queue = [s for s in self._after(owner) if self._holds_cards(s)]
                self.burners_pending, self.burn_candidates = set(), set()
                if any((self._may_beat(s) and self._beating_plays(s)) or self._final_play(s) is not None
                       for s in self.queue):
                    continue
            self._win_round(owner)
            return

    def _win_round(self, owner: int) -> None:
        ask("open.method", self, owner, self.top, None, False, False)
        leader = ask("flow.take_over", self, owner)
        self.log.append(f"seat {leader} leads")
        self._empty_table(leader)

    # --- going out, failed burns, 四户乱缠, the end -------------------------------------------

    def _go_out(self, seat: int) -> None:
        place = min(p for p in range(1, len(ask("table.players", self)) + 1) if p not in self.place_of.values())
        self.place_of[seat] = place
        self.finish_order.append(seat)
        self.log.append(f"seat {seat} goes out, place {place}")
        if seat in self.pending_open:
            self._complete_open(seat)  # no lead of theirs is to come: going out (走科) completes the opening
        if seat in self.obligation:
            self.obligation.discard(seat)
            self.burns_done.append([seat, self.burn_of[seat]])
            self.log.append(f"seat {seat}'s burn succeeds")
        if self.top_gouji and not self.chaos:
            self.top_out_gouji = True
            ask("flow.going_out_gouji", self)
        ask("headless.cause", self, seat, "out")
        self._maybe_end()
        if not self.terminal:
            self._maybe_start_chaos()

    def _fail_burn(self, seat: int, play: Play) -> None:
        """D15: a burner's play that is neither their last nor carries a joker fails the
        burn: they take the lowest free place and their cards leave play."""
        self.obligation.discard(seat)
        place = self._bottom_place()
        self.place_of[seat] = place
        self.failed.append(seat)
        cards, hand = self.ref.play_cards(play), self.hands[seat - 1]
        for card in range(self.ref.kinds.size):
            self.played[card] -= cards[card]  # the failing play is not played: it is dead with the rest
            self.dead[card] += hand[card] + cards[card]
            hand[card] = 0
        self.log.append(f"seat {seat} fails the burn (烧牌失误) and takes place {place}")
        if seat in self.pending_open:
            self._forfeit(seat)  # out of play without going out: the opening is lost
        self._maybe_end()
        if self.terminal:
            return
        self._maybe_start_chaos()
        ask("burning.failure_leader", self, seat)

    def _restore_burned(self, seat: int, play: Play) -> None:
        """D15: the burned 级牌 is back on the table, answered (or burned) as when it was played."""
        self._empty_table(seat)
        self.top, self.top_seat = play, seat
        self.top_gouji = self.ref.is_gouji(play)
        self.log.append(f"seat {seat}'s {self.ref.format_cards(play)} is back on the table")
        self._ask_about_top(seat)

    def _maybe_start_chaos(self) -> None:
        if not self.chaos and ask("chaos.starts_at", self):
            self.chaos = True
            self.headless.clear()
            self.log.append("四户乱缠 (free-for-all) begins")
            for seat in sorted(self.pending_open):
                self._forfeit(seat)  # 开点 is settled before the free-for-all: a lead after it is too late

    def _maybe_end(self) -> None:
        if not ask("end.ends_when", self):
            return
        holders = self._holders()
        order = [s for s in self._after(self._last_out()) if s in holders]
        if self._last_out() in holders:
            order.append(self._last_out())
        order = ask("end.remaining", self, order, self._last_out())
        free = sorted(p for p in range(1, len(ask("table.players", self)) + 1) if p not in self.place_of.values())
        for seat, place in zip(order, free):
            self.place_of[seat] = place
        self.terminal = True
        self.log.append("game over: " + ", ".join(f"seat {s} place {p}" for s, p in sorted(self.place_of.items())))
        result = self.result()
        self.scores = self.ref.score(result if self.ref.pattern_plays else dict(result, previous=self.match.previous()))
        self.log.append("scores: [" + ", ".join(str(x) for x in self.scores) + "]")  # exact: 2/3, not Fraction(2, 3)

    def _last_out(self) -> int:
        """D10: players left holding cards are placed in playing order from the seat after this one:
        the last to go out; if nobody has, the last placed from the bottom (a failed burner, or a
        player 闷ed out of play): of those, the one holding the highest place, as each took the
        lowest place free at the time."""
        if self.finish_order:
            return self.finish_order[-1]
        from_bottom = [s for s in self.failed + [m[0] for m in self.men] if s in self.place_of]
        return min(from_bottom, key=lambda s: self.place_of[s]) if from_bottom else 1
