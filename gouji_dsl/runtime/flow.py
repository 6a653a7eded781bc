"""The game flow: whose turn it is, what they may do, and what each action does.

`Game` is the fast flow every generated engine drives (the reference interpreter
has its own, in backends/oracle). What differs between variants comes from the
`Rules` object, bound at construction; the flow never consults the rule model.
Where the sources leave a rule open, the code cites the ruling (docs/rulings.md) (D15, D26 ...).
"""
from __future__ import annotations

import operator
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.actions import (BURN, DECLARE, DECLARE_ACTION, DEFER, DEFER_ACTION, KNOWN, PASS, PASS_ACTION,
                                       PLAY, PLAY_ACTIONS, REVOLT, REVOLT_ACTION, Action, IllegalAction,
                                       action_to_string, burn_action, check_seat, describe, kinds_tables, play_action,
                                       read_action)
from gouji_dsl.runtime.action_ids import ActionIds
from gouji_dsl.runtime.bounds import Bounded
from gouji_dsl.runtime.observe import Observation, Observing
from gouji_dsl.runtime.resample import Resampling
from gouji_dsl.runtime.setup import SetUp, check_redeals, given_deal
from gouji_dsl.runtime.state import MOST_ENGINES, GameResult, Match, Phase, Rules, mypyc_attr, seats_after

if TYPE_CHECKING:
    from gouji_dsl.runtime.pattern_kinds import PatternNotation

# Why a play breaks a column of [ranks] constraints.
_RANK_RULE_WHY = {
    "single": "{r}s may only be played one at a time ([ranks] single)",
    "bare": "{r}s may only be played with no 2s or jokers attached ([ranks] bare)",
    "all_at_once": "{r}s may only be played all together, every {r} one holds ([ranks] all_at_once)",
    "last_only": "{r}s may only be played as one's last play ([ranks] last_only)",
}

_BY_PLACE = operator.itemgetter(1)  # (seat, place) items by place: mypyc cannot compile a lambda in Game

# The phases as module globals: a global is read several times faster than an Enum member.
_DECLARING, _REVOLTING, _PLAYING = Phase.DECLARE, Phase.REVOLT, Phase.PLAY
# Actions between two checkpoints of a game that `undo_action` has been used on.
UNDO_EVERY = 4
# Per engine (its classify function): play -> whether it is a lead of the variant's shape.
_LEAD_SHAPES: dict[Callable[..., object], dict[tuple[int, ...] | None, bool]] = {}


@mypyc_attr(native_class=False)  # like State, its base
class Game(SetUp, ActionIds, Resampling, Observing, Bounded):
    """One game. Create with `new_game` (or `new_position`)."""

    def __init__(self, rules: Rules | None = None, seed: int | float | str | bytes | None = None,
                 match: Match | None = None, deal: Sequence[str | Sequence[int]] | None = None) -> None:
        if rules is None:
            # A blank game, its fields set by whoever made it (clone, unpickling, a position): a
            # compiled game's `Game.__new__(Game)` comes here, as a Python one's does not.
            return
        if seed is not None and type(seed) not in (int, str, bytes, float):
            raise ValueError(f"a seed is an int or a string, not {describe(seed)}")
        if match is not None and not isinstance(match, Match):
            raise ValueError(f"match is a game.Match (from next_match()), not {describe(match)}")
        self._init_state(rules, seed, match or Match(), rng=random.Random(seed))
        if deal is not None:  # a deal chosen by the caller (a framework's chance nodes): no first shuffle
            self._given_deal = given_deal(rules, deal)
            self._deal_pending = True
        # Where `undo_action` starts again: the random state the deal is drawn from (the
        # rules, seed and match never change), cheaper to keep than a copy of the dealt game.
        self._start = self._rng.getstate()
        self._start_deal()

    def keep_start(self) -> None:
        """Remember the game as it is now, before any action (a position set up by hand):
        `undo_action` replays from a copy of it."""
        self._start = None  # the copy below must not hold an older start
        self._start = self.clone()

    def _at_start(self) -> "Game":
        """A new copy of this game before its first action."""
        start = self._start
        if isinstance(start, tuple):  # a dealt game: deal again from the same random state
            game = type(self).__new__(type(self))
            rng = random.Random()
            rng.setstate(start)
            game._init_state(self.r, self.seed, self.match, rng=rng)
            if self._given_deal is not None:
                game._given_deal = self._given_deal
                game._deal_pending = True
            game._start_deal()
            return game
        if TYPE_CHECKING:  # asked only of a game that keeps its start (undo_action checks)
            assert start is not None
        return start.clone()

    # --- the round --------------------------------------------------------------------

    def _in_force(self) -> bool:
        """Do the 级牌 rules apply to the current top play?"""
        return self.top_gouji and not self.chaos and not self.top_free and not self.top_opposite_only

    def _restricted(self) -> bool:
        """May only the opposite (or a burner, or 无头 players) answer the top play?
        With gouji_answer = anyone a 级牌 is answered in turn like any play."""
        return self._in_force() and not self.r.gouji_answer_anyone

    def _may_burn(self, seat: int) -> bool:
        r = self.r
        x = self.top_seat
        if TYPE_CHECKING:  # asked only about a top play
            assert x is not None
            assert self.top is not None
        # The opposite, 无头 players and (without teammates_may_burn) teammates are never
        # candidates: _set_queue_after_play leaves them out.
        if not r.burn_allowed:
            return False
        if seat in self.passed and not r.burn_after_pass:
            return False
        if seat in self.played_in_round and r.pass_rule == "once_per_round":
            return False  # a burn is a play too: it ends one's part in the round
        if not r.counter_burn and x in self.obligation and self.burn_of.get(x) == seat:
            return False  # no 反烧: the burned player may not burn the burner back
        if not self._holds(r.burn_who, burner=seat, burned=x):
            return False  # [burning] who: only players in a stated state burn
        if not self._has_answer(seat):
            return False  # a burn is a play that beats the top: asked first, without listing them
        free = r.burn_free_after_rounds
        if free is not None and self.gouji_rounds.get(x, 0) - (x in self.gouji_this_round) >= free:
            # x has played 级牌 in that many earlier rounds: the condition is waived (B4),
            # but the burn still needs a play to burn with.
            if r.first_play_needs_joker:
                return any(any(p[3:]) for p in self._answers_of(seat))
            return bool(self._answers_of(seat))
        return r.can_burn(self.hands[seat - 1], self.top, self._answers_of(seat))

    def _may_answer(self, seat: int) -> bool:
        """May `seat` beat the current top now (not counting a burn)?"""
        r = self.r
        x = self.top_seat
        if TYPE_CHECKING:  # asked only about a top play
            assert x is not None
        if self.chaos:
            return bool(self._holds(r.chaos_answer, answerer=seat, owner=x))  # [chaos] answer
        if seat in self.played_in_round and r.pass_rule == "once_per_round":
            return False  # a play ends one's part in the round
        if self.top_opposite_only:
            return seat == r.opposite[x] or not self._holding(r.opposite[x])
        if self.top_free:
            return True
        # Who may answer: [flow] answer_gouji and answer_play, or what the pass rule and the
        # 无头 rules make them (rules/flow.py). Answering a 无头 player's 级牌 is no burn.
        if self.top_gouji and not r.gouji_answer_anyone:  # _restricted(): the other conditions are ruled out above
            return bool(self._holds(r.answer_gouji, answerer=seat, owner=x))
        return bool(self._holds(r.answer_play, answerer=seat, owner=x))

    def _has_answer(self, seat: int) -> bool:
        """Does `seat` hold a play that beats the top? (Listing them waits for its turn where
        the engine can tell without: Shuangkou's wild hands hold thousands.)"""
        if self.r.has_answer is None or seat in self._answers_cache:
            return bool(self._answers_of(seat))
        if TYPE_CHECKING:  # asked only about a top play
            assert self.top is not None
        return self.r.has_answer(self.hands[seat - 1], self.top)

    def _answers_of(self, seat: int) -> list[tuple[int, ...]]:
        """The plays of `seat` that beat the top (cached until the top changes).

        No 3s filter is needed in 憋三: a play that beats anything holds a rank
        above the lead's or only jokers, so it is never a play of 3s."""
        cache = self._answers_cache
        plays = cache.get(seat)
        if plays is None:
            if TYPE_CHECKING:  # asked only about a top play
                assert self.top is not None
            plays = cache[seat] = self.r.answers(self.hands[seat - 1], self.top)
        return plays

    def _final_play(self, seat: int) -> tuple[int, ...] | None:
        """最后一手走 ([plays] final_play): the play of all of `seat`'s cards that goes out whatever the
        top play is, offered when it is `seat`'s turn on it: `seat` has not passed in this round (nor
        ended its part in it with a play), or may answer this play all the same (its opposite's,
        after a pass). None otherwise, and always without the rule."""
        r = self.r
        if not r.final_play:
            return None
        final_play_of = r.final_play_of
        if TYPE_CHECKING:  # an engine with the rule gives its card function
            assert final_play_of is not None
        play = final_play_of(self.hands[seat - 1])
        if play is None:
            return None
        if seat in self.passed or (seat in self.played_in_round and r.pass_rule == "once_per_round"):
            return play if self._may_answer(seat) else None
        return play

    # --- public API ---------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or -1 when the game is over."""
        return -1 if self.terminal else self.cur

    def is_terminal(self) -> bool:
        return self.terminal

    def history(self) -> list[Action]:
        return list(self._history)

    def seat_history(self) -> list[tuple[int, Action]]:
        """The actions so far, each with the seat that took it (every action is public)."""
        return [entry for entry in self.log if entry.__class__ is tuple]

    def undo_action(self) -> Action:
        """Take back the last action and return it: the game is then exactly as it was before
        that action (deal and chance come from the kept random state, never drawn anew).

        The first undo replays the game from its start, keeping a checkpoint (a copy of the game)
        every UNDO_EVERY actions; from then on the game keeps them as it goes, and an undo starts
        again from the last checkpoint before the action undone: a copy and at most
        UNDO_EVERY - 1 actions replayed, however long the game (a search that applies and undoes
        pays that, not the game's length)."""
        history = self._history
        if not history:
            raise IllegalAction("there is no action to undo: none has been applied")
        start = self._start
        if start is None:
            raise IllegalAction("this game was resampled (resample_from_infostate): its actions cannot be undone")
        last = history[-1]
        target = len(history) - 1
        trail = self._trail
        if trail is None:
            trail = []
        while trail and trail[-1][0] > target:
            trail.pop()
        if trail:
            at, checkpoint = trail[-1]
            game = checkpoint.clone()
        else:
            at, game = 0, self._at_start()
        game._trail = trail  # the actions replayed keep their checkpoints too
        for action in history[at:target]:
            game.apply_action(action)
        self._take_state(game)
        self._start = start
        return last

    def _checkpoint(self) -> None:
        """Keep a copy of the game as it is now, for `undo_action` (every UNDO_EVERY actions)."""
        trail = self._trail
        at = len(self._history)
        if trail and trail[-1][0] == at:
            return  # kept already: undo drops only the checkpoints after the actions it keeps
        self._trail = None  # the copy keeps no trail of its own
        copy = self.clone()
        self._trail = trail
        if TYPE_CHECKING:  # apply_action checkpoints only a game that keeps a trail
            assert trail is not None
        trail.append((at, copy))

    def legal_actions(self) -> list[Action]:
        """The actions the current player may take, sorted (a new list each call)."""
        return list(self._legal_actions())

    def legal_action_count(self) -> int:
        """How many legal actions there are (`len(legal_actions())`, without copying them): with
        `legal_action(i)`, what an agent that samples needs."""
        return len(self._legal_actions())

    def legal_action(self, index: int) -> Action:
        """`legal_actions()[index]` (0 <= index < legal_action_count()), without copying the list."""
        legal = self._legal_actions()
        if index.__class__ is not int or not 0 <= index < len(legal):
            raise IndexError(f"{describe(index)} is not the index of a legal action: there are {len(legal)}")
        return legal[index]

    def _legal_actions(self) -> list[Action]:
        if self.terminal:
            return []
        if self.phase is _DECLARING:
            return [PASS_ACTION, DECLARE_ACTION]
        if self.phase is _REVOLTING:
            return [PASS_ACTION, REVOLT_ACTION]
        seat = self.cur
        if self._legal is not None:
            return self._legal
        if self.top is None:
            self._legal = self.r.lead_actions(self.hands[seat - 1])
            return self._legal
        actions = [PASS_ACTION]
        if self._can_defer(seat):
            actions.append(DEFER_ACTION)
        if self.r.final_play:
            final = self._final_play(seat)
            if final is not None:
                self._legal = actions = self._with_final_play(seat, actions, final)
                return actions
        if seat in self.burners_pending:
            actions += self._burn_actions(seat)
        elif self.r.answer_actions is not None:  # the engine lists them itself, sorted
            actions += self.r.answer_actions(self.hands[seat - 1], self.top)
        else:
            answers = sorted(self._answers_of(seat))
            kinds = self.kinds
            found = list(map((PLAY_ACTIONS if kinds is rt.STANDARD else kinds_tables(kinds)[0]).get, answers))
            if None in found:  # a play not met before: its shared action is made now
                found = [a if a is not None else play_action(p, kinds) for a, p in zip(found, answers)]
            actions += found  # type: ignore[arg-type]  # no None is left: each was made just above
        self._legal = actions
        return actions

    def _burn_actions(self, seat: int) -> list[Action]:
        """The burns `seat` may make of the top play, sorted (with a joker, where the first play of
        a burn needs one)."""
        answers = self._answers_of(seat)
        if self.r.first_play_needs_joker:
            answers = [p for p in answers if any(p[3:])]
        return [burn_action(p, self.kinds) for p in sorted(answers)]

    def _with_final_play(self, seat: int, actions: list[Action], final: tuple[int, ...]) -> list[Action]:
        """The actions of `seat`, offered its final play `final` ([plays] final_play) on the top
        play: `actions` (pass, 让牌), then its burns, if it may burn, and its final play after them;
        or the plays beating the top, if it may answer the top, with its final play among them in
        order; or its final play alone."""
        if seat in self.burners_pending:
            return actions + self._burn_actions(seat) + [play_action(final, self.kinds)]
        plays = self._answers_of(seat) if self._may_answer(seat) else []
        if final not in plays:
            plays = plays + [final]
        return actions + [play_action(p, self.kinds) for p in sorted(plays)]

    def _is_legal(self, action: Action) -> bool:
        if self.phase is _PLAYING and self.top is None:
            # A lead: any legal play the hand holds (3s only as the last play in 憋三).
            # Checked directly: the list of leads can run to a thousand plays.
            play = action.play
            if self.r.notation is not None:  # pattern plays (a property call costs more)
                if action.kind != PLAY:
                    return False
                hand = self.hands[self.cur - 1]
                if TYPE_CHECKING:  # a play has cards; a game of pattern plays, its rules' pattern notation
                    assert play is not None and isinstance(self.kinds, PatternNotation)
                if id(action) in KNOWN and getattr(type(action), "KINDS", None) is self.kinds:
                    if TYPE_CHECKING:  # as above (the test of identity narrows it otherwise)
                        assert isinstance(self.kinds, PatternNotation)
                    # One of this engine's own actions: a play of the variant by construction.
                    return self.kinds.holds(hand, play)
                return self.kinds.lead_ok(hand, play)
            if action.kind != PLAY or play is None or len(play) != len(self.r.card_kinds) - 10:
                return False
            hand = self.hands[self.cur - 1]
            rank, natural, fillers = play[0], play[1], play[2]
            if rank >= 0 and natural and hand[rank] < natural:
                return False
            if hand[12] < fillers or hand[13] < play[3] or hand[14] < play[4] or min(play[1:]) < 0:
                return False
            if len(self.r.card_kinds) > 15 and any(hand[kind + 10] < play[kind] for kind in range(5, len(play))):
                return False  # extra card kinds
            # 憋三 (D22): 3s only as the last play, and all of them in it.
            if self._lead_shape(action) and not (self.r.threes_last and rank == 0 and not (sum(hand) == hand[0] == natural)):
                # [ranks]: a lead breaking all_at_once or last_only is legal only when they lapse
                # (no lead keeps them): then it is on the list of leads.
                if not self.r.rank_rules or self._breaks_rank_rule(hand, play) is None:
                    return True
            # Not a lead on its own: legal only as the whole hand of a leader who has
            # nothing else to lead (D27), which is then the one lead on the list.
            return action in self._legal_actions()
        legal = self._legal_actions()
        for candidate in legal:
            if candidate is action:
                return True
        return action in legal

    def _lead_shape(self, action: Action) -> bool:
        """Is the play of `action` one play of the variant, as its notation writes it (whoever
        holds it)? Kept per engine for its shared actions: every lead asks it."""
        shapes = _LEAD_SHAPES.get(self.r.classify)
        if shapes is None:
            if len(_LEAD_SHAPES) >= MOST_ENGINES:
                _LEAD_SHAPES.clear()
            shapes = _LEAD_SHAPES[self.r.classify] = {}
        play = action.play
        ok = shapes.get(play)
        if ok is None:
            if TYPE_CHECKING:  # asked only of a play action
                assert play is not None
            c = self.r.classify(rt.cards_of(play))
            ok = c.valid and c.play == play
            if id(action) in KNOWN:  # a shared action: one of a bounded number of plays
                shapes[play] = ok
        return ok

    def _breaks_rank_rule(self, hand: list[int], play: tuple[int, ...]) -> str | None:
        """The column of [ranks] constraints a play from the whole hand `hand` breaks, if any."""
        rank, natural, fillers = play[:3]
        jokers = sum(play[3:])  # small, big and any extra kinds
        for row_rank, single, last_only, all_at_once, bare in self.r.rank_rules:
            if row_rank != rank:
                continue
            if single and natural != 1:
                return "single"
            if bare and (fillers or jokers):
                return "bare"
            if all_at_once and natural != hand[rank]:
                return "all_at_once"
            if last_only and natural + fillers + jokers != sum(hand):
                return "last_only"
        return None

    def _can_defer(self, seat: int) -> bool:
        r = self.r
        if not r.defer or self.chaos or seat in self.defer_used:
            return False
        if TYPE_CHECKING:  # asked only about a top play
            assert self.top_seat is not None
        if seat != r.opposite[self.top_seat] or self.top_free or self.top_opposite_only:
            return False
        return r.defer_any_play or not self.top_gouji

    def apply_action(self, action: Action | str, seat: int | None = None) -> None:
        """Apply the current player's action. A platform may name the seat that
        acts: an action by any other seat is refused with the reason. Anything
        but a legal action (malformed ones included) raises IllegalAction and
        changes nothing: the form is checked first, then legality, then the move."""
        if id(action) not in KNOWN:  # not one of the engine's own actions: check its form first
            action = read_action(action, self.r.decks, self.kinds)
        if TYPE_CHECKING:  # KNOWN holds the ids of the engine's shared Actions
            assert isinstance(action, Action)
        if self.terminal:
            raise IllegalAction("the game is over")
        if seat is not None and (seat.__class__ is not int or seat != self.cur):  # not True or 1.0 for seat 1
            raise IllegalAction(self._why_not_seat(check_seat(seat, self.r.players, IllegalAction), action))
        if not self._is_legal(action):
            raise IllegalAction(self._why_illegal(action))
        if self._trail is not None and not len(self._history) % UNDO_EVERY:
            self._checkpoint()  # a game that has been undone keeps its checkpoints
        self._history.append(action)
        self._legal = None
        seat = self.cur
        self.log.append((seat, action))  # rendered by transcript(); formatting here would cost every step
        if self.phase is _DECLARING:
            if action.kind == DECLARE:
                self.declared.add(seat)
            self.phase_seats.pop(0)
            if self.phase_seats:
                self.cur = self.phase_seats[0]
            else:
                self._after_declare()
            return
        if self.phase is _REVOLTING:
            if action.kind == REVOLT:
                self.revolters.append(seat)
            self.phase_seats.pop(0)
            if self.phase_seats:
                self.cur = self.phase_seats[0]
                return
            if len(self.revolters) >= self.r.redeal_at:
                self.log.append(f"{len(self.revolters)} revolutionaries: redeal")
                check_redeals(self.log)
                self._start_deal()
                return
            if self.revolters:
                self.revolutionary = self.revolters[0]
                self.log.append(f"seat {self.revolutionary} sits out (革命)")
            self._begin_play()
            return
        if action.kind == PASS:
            self._pass(seat)
        elif action.kind == DEFER:
            # 让牌: the next two act first; if both pass, the deferrer is asked again.
            self.defer_used.add(seat)
            self.queue.insert(min(2, len(self.queue)), seat)
            self._advance(seat)
        else:
            if TYPE_CHECKING:  # a play or a burn: it has cards
                assert action.play is not None
            self._play(seat, action.play, burn=action.kind == BURN)

    def _why_not_seat(self, seat: int, action: Action) -> str:
        r = self.r
        if self.phase is _PLAYING and self.top is not None and action.kind in (PLAY, BURN) and self._restricted():
            x = self.top_seat
            if TYPE_CHECKING:  # the top play's seat
                assert x is not None
            if seat != r.opposite[x] and seat not in self.headless and x not in self.headless:
                return (f"seat {seat} may not answer a 级牌 of seat {x}: only seat {r.opposite[x]} (opposite) "
                        f"or a burner may")
        if seat in self.place_of:
            return f"seat {seat} has finished (place {self.place_of[seat]}) and plays no more"
        return f"it is seat {self.cur}'s turn, not seat {seat}'s"

    def _why_illegal(self, action: Action) -> str:
        seat = self.cur
        if self.phase is not _PLAYING:
            return f"seat {seat} must choose {' or '.join(a.kind for a in self.legal_actions())} now, not {action_to_string(action)}"
        if action.kind == PASS and self.top is None:
            return f"seat {seat} leads and may not pass"
        if action.kind == DEFER:
            return f"seat {seat} may not defer (让牌) now: only the opposite of a non-级牌 play, first to answer it, may"
        if action.play is not None and self.r.pattern_plays:
            shown = self.kinds.format_cards(action.play)
            if not self.kinds.is_play(action.play):
                return f"{shown} is not a legal play"
            if not self.kinds.holds(self.hands[seat - 1], action.play):
                return f"seat {seat} does not hold {shown}"
            if action.kind == BURN:
                return f"seat {seat} may not burn (烧牌): this game has no burning"
            if self.top is not None:
                return f"{shown} does not beat {self.kinds.format_cards(self.top)}"
        elif action.play is not None:
            c = self.r.classify(rt.cards_of(action.play))
            if not c.valid:
                return f"{self.kinds.format_cards(action.play)} is not a legal play"
            hand = self.hands[seat - 1]
            if any(a > b for a, b in zip(rt.cards_of(action.play), hand)):
                return f"seat {seat} does not hold {self.kinds.format_cards(action.play)}"
            if self.top is not None and self._in_force() and action.kind == PLAY and seat in self.burners_pending:
                if TYPE_CHECKING:  # the top play's seat
                    assert self.top_seat is not None
                return (f"seat {seat} may answer the 级牌 of seat {self.top_seat} only by burning it "
                        f"('burn {self.kinds.format_cards(action.play)}'): only seat {self.r.opposite[self.top_seat]} (opposite) answers it plainly")
            if action.kind == BURN:
                return f"seat {seat} may not burn (烧牌) this play: a burn answers a 级牌 of a player who is not one's opposite"
            broken = self._breaks_rank_rule(hand, action.play)
            if broken:
                return _RANK_RULE_WHY[broken].format(r=rt.CARDS[action.play[0]])
            if self.top is not None and self.r.final_play and not self._may_answer(seat):
                final = self._final_play(seat)
                if final is not None:
                    return (f"seat {seat} may not answer seat {self.top_seat}'s play: it may only go out with all its "
                            f"cards, 'play {self.kinds.format_cards(final)}' ([plays] final_play)")
            if self.top is not None:
                return f"{self.kinds.format_cards(action.play)} does not beat {self.kinds.format_cards(self.top)}"
            if self.r.threes_last and action.play[0] == 0:
                return "3s may only be played as one's last play, all of them together (憋三)"
        return f"{action_to_string(action)} is not allowed now"

    # --- moves ------------------------------------------------------------------------------

    def _set_queue_after_play(self, seat: int) -> None:
        """Who is asked about the new top play, and in which order."""
        r = self.r
        place_of = self.place_of
        self.played_in_round.add(seat)
        if r.pass_rule == "once_per_round" and not self.chaos:
            for s in self.defer_used:  # a 让牌 overtaken by a play was the deferrer's pass (F7)
                if s != seat and s not in self.played_in_round:
                    self.passed.add(s)
            opp = r.opposite[seat]
            if opp in self.passed and opp not in self.played_in_round and self._in_force():
                self.passed.discard(opp)  # a 级牌 gives its player's opposite, who passed, their turn back (F4)
                self.log.append(f"seat {opp} gets its turn back")
        order = [s for s in seats_after(r.players)[seat] if s not in place_of]
        self.burners_pending.clear()  # emptied in place: a game's containers are its own (clone copies them)
        self.burn_candidates.clear()
        if self._restricted() and seat not in self.headless:
            # Who might burn, in ask_order: those it lists before the opposite are asked
            # before the others (the opposite, 无头 players) in playing order, those after
            # it last. Whether they can burn is decided when their turn comes.
            opp = r.opposite[seat]
            after = seats_after(r.players)[seat]
            first: list[int] = []
            last: list[int] = []
            side = first
            for k in r.burn_ask_order:
                if k == "opposite":
                    side = last
                    continue
                if TYPE_CHECKING:  # the other entries are seat counts
                    assert isinstance(k, int)
                s = after[k - 1]
                if (s not in place_of and s != opp and s not in self.headless
                        and (r.teammates_may_burn or r.teams[s] != r.teams[seat])):
                    side.append(s)
            self.burn_candidates = set(first + last)
            self.queue = first + [s for s in order if s not in self.burn_candidates] + last
        else:
            self.queue = order

    def _play(self, seat: int, play: tuple[int, ...], burn: bool) -> None:
        r = self.r
        hand = self.hands[seat - 1]
        previous_top, previous_seat = self.top, self.top_seat
        was_in_force = self._in_force() if previous_top is not None else False
        if r.final_play and previous_top is not None and not burn and not (self._may_answer(seat) and play in self._answers_of(seat)):
            self.log.append(f"seat {seat} goes out over the table with its final play (最后一手走)")
        played = self.played
        if r.notation is not None:  # pattern plays
            # Runs, bombs and wilds ([plays] shape = patterns): the play ends with the counts of its
            # cards, and a bomb is recorded with its lines (the score counts them). The Gouji rules
            # below (burns, 憋三, 开点, 级牌) hold their absent values in these games and do nothing.
            for kind, count in enumerate(play[4:]):
                if count:
                    hand[kind] -= count
                    played[kind] += count
            if play[3]:
                self.bombs.append([seat, play[3]])
        else:
            rank, natural, fillers, small, big = play[:5]
            if natural:
                hand[rank] -= natural
                played[rank] += natural
            hand[12] -= fillers
            hand[13] -= small
            hand[14] -= big
            played[12] += fillers
            played[13] += small
            played[14] += big
            for kind in range(5, len(r.card_kinds) - 10):  # extra card kinds ([cards] extra): longer plays
                hand[kind + 10] -= play[kind]
                played[kind + 10] += play[kind]
        # Beaten: lifts a burn (解烧), and settles 开点 of the beaten 级牌.
        if previous_top is not None:
            if TYPE_CHECKING:  # a top play has its seat
                assert previous_seat is not None
            if previous_seat in self.obligation and self._holds(r.lift, burner=previous_seat, beater=seat):
                self.obligation.discard(previous_seat)
                self.log.append(f"seat {previous_seat}'s burn is lifted (解烧)")
            if previous_seat in self.before_threes and seat != previous_seat:
                self.men.append([previous_seat, seat])
                self.before_threes.discard(previous_seat)
                if r.men_out:
                    self._place_menned(previous_seat)
            if ((was_in_force or self.top_out_gouji) and r.open_method == "survives" and seat != r.opposite[previous_seat]
                    and not burn and r.counts_for_open(previous_top)):
                self._open(previous_seat, before_chaos=self.top_out_gouji)
        out = not any(hand)
        if burn:
            if TYPE_CHECKING:  # a burn answers a top play
                assert previous_seat is not None and previous_top is not None
            self.obligation.add(seat)
            self.burn_of[seat] = previous_seat
            self.burned_play[seat] = previous_top
            self.log.append(f"seat {seat} burns seat {previous_seat}'s 级牌 (烧牌)")
        elif (r.burn_can_fail and seat in self.obligation and not out and not any(play[3:])
              and (previous_top is None or not r.joker_check_leads_only)):
            self._fail_burn(seat, play)
            return
        if r.open_then_lead and previous_top is None and seat in self.pending_open:
            # The second step of 开点: this lead completes it if it meets [open] then_lead, else 废点.
            then_lead_ok = r.then_lead_ok
            if TYPE_CHECKING:  # an engine with the rule gives its card function
                assert then_lead_ok is not None
            if then_lead_ok(play):
                self._complete_open(seat)
            else:
                self._forfeit_open(seat)
        if r.threes_last and not out and hand[0] and sum(hand) == hand[0]:
            self.before_threes.add(seat)
        else:
            self.before_threes.discard(seat)
        self.top, self.top_seat = play, seat
        self._answers_cache = {}
        self.top_gouji = r.is_gouji(play)
        self.top_free = False
        self.top_opposite_only = False
        self.top_out_gouji = False
        self.circles = 0
        if r.burn_free_after_rounds is not None and seat not in self.gouji_this_round and self._in_force():
            self.gouji_this_round.add(seat)
            self.gouji_rounds[seat] = self.gouji_rounds.get(seat, 0) + 1
        if out:
            self._go_out(seat, play)
            if self.terminal:
                return
        elif r.men_out and previous_seat in self.place_of:
            # The play put a 闷ed player out (or beat the play someone went out with: then
            # nothing has changed since that was asked): is the game decided, 四户乱缠 begun?
            self._check_end()
            if self.terminal:
                return
            self._check_chaos()
        self._set_queue_after_play(seat)
        self._advance(seat)

    def _open(self, seat: int, before_chaos: bool = False) -> None:
        """`before_chaos`: the 级牌 was played before 四户乱缠 began, even if going out with it began it (D26)."""
        if self.r.open_method == "none":
            return
        if seat not in self.opened and (before_chaos or not self.chaos):
            if self.r.open_then_lead and seat not in self.finish_order:
                self._first_step(seat)
                return
            self.opened.add(seat)
            self.log.append(f"seat {seat} opens (开点)")

    def _first_step(self, seat: int) -> None:
        """开点 in two steps ([open] then_lead): a 级牌 that would open `seat`, who did not go out
        with it, leaves them pending (待开点) until their next lead; never one who forfeited it (废点)."""
        if seat in self.forfeited or seat in self.pending_open:
            return
        if seat in self.place_of:
            self._forfeit_open(seat)  # out of play without going out (闷, a failed burn): no lead to come
        else:
            self.pending_open.add(seat)

    def _complete_open(self, seat: int) -> None:
        """The opening of a pending player (待开点) completes."""
        self.pending_open.discard(seat)
        self.opened.add(seat)
        self.log.append(f"seat {seat} opens (开点)")

    def _forfeit_open(self, seat: int) -> None:
        """废点 ([open] then_lead): the opening `seat` waited to complete is lost, and no 级牌 of
        theirs opens them again in this game."""
        self.pending_open.discard(seat)
        self.forfeited.add(seat)
        self.log.append(f"seat {seat} forfeits 开点 (废点)")

    def _go_out(self, seat: int, play: tuple[int, ...]) -> None:
        r = self.r
        place = min(p for p in range(1, r.players + 1) if p not in self.place_of.values())
        self.place_of[seat] = place
        self.finish_order.append(seat)
        self.log.append(f"seat {seat} goes out, place {place}")
        if r.open_then_lead and seat in self.pending_open:
            self._complete_open(seat)  # 走科 before the lead that was to complete it: nothing left to fail, it stands
        if seat in self.obligation:
            self.obligation.discard(seat)
            self.burns_done.append([seat, self.burn_of[seat]])
            self.log.append(f"seat {seat}'s burn succeeds")
        if self.top_gouji and not self.chaos:
            self.top_out_gouji = True
            if r.going_out_gouji == "anyone_answers":
                self.top_free = True
            elif r.going_out_gouji == "opposite_answers":
                self.top_opposite_only = True
            elif r.going_out_gouji == "loses_status":
                self.top_gouji = False  # it loses its 级牌 status (接风)
            else:
                pass  # as_usual: it stays a 级牌 in force, answered (and burned) like any other
        self._update_headless(seat)
        self._check_end()
        if not self.terminal:
            self._check_chaos()

    def _place_menned(self, seat: int) -> None:
        """[threes] men_out: a player 闷ed (D22) is out of play at once and takes the lowest free
        place, as a failed burner does (no 无头 for their opposite: they did not go out). They keep
        their 3s, never played; their burn, if they were bound by one, neither succeeds nor fails.
        The play that beat them stands; `_play` asks whether the game is decided once it has."""
        self.obligation.discard(seat)
        place = self._bottom_place()
        self.place_of[seat] = place
        self.log.append(f"seat {seat} is 闷ed (闷) and takes place {place}")
        if self.r.open_then_lead and seat in self.pending_open:
            self._forfeit_open(seat)

    def _bottom_place(self) -> int:
        """The lowest place still free: what a player out of play without going out takes (a
        failed burner, D15; one 闷ed out, [threes] men_out)."""
        return max(p for p in range(1, self.r.players + 1) if p not in self.place_of.values())

    def _update_headless(self, seat: int) -> None:
        r = self.r
        opp = r.opposite[seat]
        if r.headless_cause is None:
            return  # a game without 无头 (Shuangkou)
        if r.headless_cause == "opposite_of_first_out":
            if len(self.finish_order) == 1:
                self.headless.add(opp)
        else:
            self.headless.add(opp)

    def _fail_burn(self, seat: int, play: tuple[int, ...]) -> None:
        """D15: a non-last play without a joker after burning: the burner takes the lowest free place."""
        r = self.r
        self.obligation.discard(seat)
        place = self._bottom_place()
        self.place_of[seat] = place
        self.failed.append(seat)
        hand = self.hands[seat - 1]
        for i, c in enumerate(rt.cards_of(play)):
            self.played[i] -= c           # the failing play does not count as played
            self.dead[i] += hand[i] + c
            hand[i] = 0
        self.log.append(f"seat {seat} fails the burn (烧牌失误) and takes place {place}")
        if r.open_then_lead and seat in self.pending_open:
            self._forfeit_open(seat)
        self._check_end()
        if self.terminal:
            return
        self._check_chaos()
        # The first of [burning] failure_leader's players still holding cards has the table; the
        # burned player, with burned_back, with the burned 级牌 back on it.
        burned = self.burn_of.get(seat, seat)
        leader = self._holds(r.failure_leader, burner=seat, burned=burned)
        self._new_round(leader)
        if r.burned_back and leader == burned and burned != seat:
            self._restore_burned(burned, self.burned_play[seat])

    def _restore_burned(self, seat: int, play: tuple[int, ...]) -> None:
        """D15: the burned 级牌 is back on the table. Its player's opposite may answer it and
        others may burn it, as when it was played; if nobody does, its player leads."""
        self.top, self.top_seat = play, seat
        self.top_gouji = self.r.is_gouji(play)
        self.log.append(f"seat {seat}'s {self.kinds.format_cards(play)} is back on the table")
        self._set_queue_after_play(seat)
        self._advance(seat)

    def _check_chaos(self) -> None:
        r = self.r
        if self.chaos or r.chaos_starts_at is None:
            return  # begun already, or there is no 四户乱缠
        holders = len(self._holders())
        if holders <= r.chaos_starts_at or (r.chaos_after_first_out_with_revolution and self.revolutionary is not None
                                             and self.finish_order):
            self.chaos = True
            self.headless.clear()
            self.log.append("四户乱缠 (free-for-all) begins")
            if r.open_then_lead:
                for seat in sorted(self.pending_open):
                    self._forfeit_open(seat)  # 开点 is settled before the free-for-all

    def _check_end(self) -> None:
        r = self.r
        holders = self._holders()
        if not self._game_over(holders):
            return
        self._place_holders(holders)
        self.terminal = True
        self.log.append("game over: " + ", ".join(f"seat {s} place {p}" for s, p in sorted(self.place_of.items())))
        result = self.result()
        self._scores = r.score(result if r.pattern_plays else dict(result, previous=self.match.previous()))
        self.log.append("scores: [" + ", ".join(map(str, self._scores)) + "]")  # a fraction as 2/3

    def _game_over(self, holders: list[int]) -> bool:
        """[end] ends_when and sweep: is the game decided?"""
        r = self.r
        if r.sweep_ends and self._swept():
            return True
        if r.ends_all_out:
            return len(holders) <= 1
        return len({r.teams[s] for s in holders}) <= 1

    def _swept(self) -> bool:
        """串三户: places 1-3 are taken, all by one team."""
        seat_at = {p: s for s, p in self.place_of.items()}
        top = [seat_at.get(p) for p in (1, 2, 3)]
        return None not in top and len({self.r.teams[s] for s in top}) == 1  # type: ignore[index]  # no None: just checked

    def _place_holders(self, holders: list[int]) -> None:
        """Players still holding cards take the free places ([end] remaining), ranked by the
        rule's numbers of each (by_cards: cards left, then playing order from the seat after the
        last player out, D10), in that playing order between equals."""
        r = self.r
        if r.men_out and not self.finish_order:
            # Nobody went out: the last placed from the bottom, a failed burner or a player 闷ed
            # out of play (each took the lowest place then free: the last of them the highest).
            bottom = self.failed + [m[0] for m in self.men if m[0] in self.place_of]
            last = min(bottom, key=self.place_of.__getitem__)
        else:
            # A game ends only once someone is out: went out, or failed a burn.
            last = self.finish_order[-1] if self.finish_order else self.failed[-1]
        order = [s for s in seats_after(r.players)[last] if s in holders]
        if last in holders:
            order.append(last)
        # Ranked by the rule's numbers of each player, smallest first (stable: ties keep playing order).
        keys = {s: self._holds(r.remaining, player=s, last=last) for s in order}  # no lambda: mypyc cannot compile it here
        order.sort(key=keys.__getitem__)
        free = sorted(p for p in range(1, r.players + 1) if p not in self.place_of.values())
        for s, p in zip(order, free):
            self.place_of[s] = p

    def _pass(self, seat: int) -> None:
        self.passed.add(seat)
        if not self._in_force():
            self.passed_plain.add(seat)
        self.burners_pending.discard(seat)
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        """Find the next seat to act; end the round when it has gone round enough."""
        r = self.r
        place_of = self.place_of
        queue = self.queue
        has_answer = r.has_answer
        while True:
            # What the asking below reads: the same for every seat asked (a pass changes none of it).
            plain = not self._in_force()
            candidates, passed, top, hands, cache = self.burn_candidates, self.passed, self.top, self.hands, self._answers_cache
            if TYPE_CHECKING:  # seats are asked about a top play
                assert top is not None
            while queue:
                nxt = queue.pop(0)
                if nxt in place_of:
                    continue
                if nxt in candidates:
                    candidates.discard(nxt)
                    if self._may_burn(nxt):
                        self.burners_pending.add(nxt)
                        self.cur = nxt
                        return
                elif self._may_answer(nxt) and (has_answer(hands[nxt - 1], top) if has_answer is not None and nxt not in cache
                                                else bool(self._answers_of(nxt))):  # _has_answer, inlined
                    self.cur = nxt
                    return
                if r.final_play and self._final_play(nxt) is not None:
                    self.cur = nxt  # to go out with all its cards, if it will ([plays] final_play)
                    return
                # Cannot or may not answer: passes without being asked (要不起). A player who
                # cannot beat the top is not offered 让牌 either: whatever beats the top later
                # in the round beats it too, so deferring could change nothing (issue 10).
                passed.add(nxt)
                self.burners_pending.discard(nxt)
                if plain:
                    self.passed_plain.add(nxt)
            # A full circle with no play.
            if r.pass_rule == "once_per_round" and self._last_chance():
                queue = self.queue
                continue
            self.circles += 1
            owner = self.top_seat
            if TYPE_CHECKING:  # the top play's seat
                assert owner is not None
            need = 1
            if not self._in_force() and not self.top_free and not self.top_opposite_only:
                need = r.chaos_circles if self.chaos else r.lead_return_circles
            if self.circles < need and owner not in place_of:
                queue = self.queue = [s for s in seats_after(r.players)[owner] if s not in place_of]
                self.burners_pending.clear()
                self.burn_candidates.clear()
                if any(self._may_answer(s) and self._has_answer(s) for s in queue):
                    continue
                if r.final_play and any(self._final_play(s) is not None for s in queue):
                    continue
            self._win_round(owner)
            return

    def _last_chance(self) -> bool:
        """once_per_round (F5): nobody beat the round's lead, so the leader's opposite, who
        passed on it, is asked once more (once a round, not in 四户乱缠). True: they are next."""
        owner = self.top_seat
        if TYPE_CHECKING:  # the round's lead, on the table
            assert owner is not None
        opp = self.r.opposite[owner]
        if (self.chaos or self.last_chance_used or opp not in self.passed or not self._holding(opp)
                or self.played_in_round != {owner}):
            return False
        self.last_chance_used = True
        self.passed.discard(opp)
        self.queue = [opp]
        self.log.append(f"seat {opp} is asked once more")
        return True

    def _win_round(self, owner: int) -> None:
        r = self.r
        top = self.top
        was_gouji = self.top_gouji and not self.top_free and not self.top_opposite_only
        if top is not None and was_gouji and not self.chaos and r.counts_for_open(top):
            self._open(owner)
        elif top is not None and self.top_out_gouji and r.open_method == "survives" and r.counts_for_open(top):
            self._open(owner, before_chaos=True)  # D26: the going-out 级牌 nobody beat
        # The winner leads; one who has gone out hands the lead on (接风, flow.take_over).
        leader = owner if self._holding(owner) else self._holds(r.take_over, winner=owner)
        self.log.append(f"seat {leader} leads")
        self._new_round(leader)

    # --- results --------------------------------------------------------------------------

    def transcript(self) -> list[str]:
        """The game so far, readable: deal, tributes, every action, burns, places, scores."""
        return [e if isinstance(e, str) else f"seat {e[0]}: {action_to_string(e[1])}" for e in self.log]

    def places(self) -> dict[int, int]:
        return dict(sorted(self.place_of.items()))

    def standings(self) -> list[tuple[str, int]]:
        """(place name, seat) of every seat placed so far, first place first, e.g.
        ("头科", 3): the places as the variant's [end] places names them."""
        names = self.r.place_names
        return [(names[place - 1], seat) for seat, place in sorted(self.place_of.items(), key=_BY_PLACE)]

    def result(self) -> GameResult:
        """The finished game as docs/conformance.md's `result`."""
        finish = [s for s, _p in sorted(self.place_of.items(), key=_BY_PLACE)]
        if self.r.pattern_plays:
            return {"finish": finish, "bombs": [list(b) for b in self.bombs]}
        return {"finish": finish, "opened": sorted(self.opened), "declared": sorted(self.declared),
                "burns": [list(b) for b in self.burns_done], "men": [list(m) for m in self.men]}

    def returns(self) -> list[int | Fraction]:
        if not self.terminal:
            return [0] * self.r.players
        if TYPE_CHECKING:  # a finished game has its scores
            assert self._scores is not None
        return list(self._scores)

    def next_match(self) -> Match:
        """The match state after this (finished) game, for the next game's tribute."""
        if not self.terminal:
            raise IllegalAction("the game is not over")
        first = self.finish_order[0] if self.finish_order else None
        if first is not None and self.r.redraw_after_winners:
            # [results] redraw_after (S13): after these results the first leader is drawn anew (明牌).
            team = self.r.teams[first]
            places = tuple(sorted(p for s, p in self.place_of.items() if self.r.teams[s] == team))
            if places in self.r.redraw_after_winners:
                first = None
        return Match(results=self.match.results + [self.result()], first_out=first)

    def observation(self, seat: int) -> Observation:
        """What `seat` may see: its hand, the table, and what 报牌 / 看牌 show.
        ValueError if `seat` is not one of the seats 1..players."""
        r = self.r
        check_seat(seat, r.players)
        counts = {}
        hands = {seat: self.kinds.format_cards(self.hands[seat - 1])}
        for other in range(1, r.players + 1):
            if other == seat:
                continue
            left = sum(self.hands[other - 1]) if other not in self.place_of or not self.terminal else 0
            if r.report_at is not None and left <= r.report_at:
                counts[other] = left
            if r.teams[other] == r.teams[seat] and self._holding(other):
                if r.show_team_at is not None and left <= r.show_team_at:
                    hands[other] = self.kinds.format_cards(self.hands[other - 1])
        if r.watch_after_out and seat in self.place_of and seat in self.finish_order:
            mates = [o for o in range(1, r.players + 1) if o != seat and r.teams[o] == r.teams[seat] and self._holding(o)]
            if mates:
                hands[mates[0]] = self.kinds.format_cards(self.hands[mates[0] - 1])
        return {
            "seat": seat,
            "phase": self.phase.value,
            "current_player": self.current_player(),
            "hands": hands,
            "card_counts": counts,
            "table": None if self.top is None else {"seat": self.top_seat, "cards": self.kinds.format_cards(self.top)},
            "places": self.places(),
            "opened": sorted(self.opened),
            "declared": sorted(self.declared),
        }
