"""`OracleGame`: the reference interpreter's whole game, with the public game API.

The API is the one every engine's games offer (OpenSpiel-like): `current_player()`,
`legal_actions()`, `apply_action(action, seat=None)`, `is_terminal()`, `history()`,
`transcript()`, `places()`, `result()`, `returns()`, `next_match()`, `clone()`,
`observation(seat)`, and the attributes `phase`, `top`, `opened`, `headless`,
`chaos`, `hands`, `tribute_log` ... that scenario tests read.

The game's state is `OracleState` (state.py): every attribute of a game is one of its
fields, with its type, and `clone` copies the game field by field. The hooks of
`gouji_dsl.rules` see the game as `facets.protocols.Game`, which the type checker holds it to.

Actions, their strings and validation (`runtime.actions`), `IllegalAction` and
`Match` are data shared with the fast flow; nothing of its flow is used.
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from gouji_dsl.facets.hooks import ask
from gouji_dsl.backends.oracle.setup import PHASE_DECLARE, PHASE_PLAY, PHASE_REVOLT, Setup
from gouji_dsl.backends.oracle.readings import offered_action
from gouji_dsl.backends.oracle.state import OracleResult, Play
from gouji_dsl.backends.oracle.table import Table
from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.actions import (BURN, DECLARE, DECLARE_ACTION, DEFER, DEFER_ACTION, PASS, PASS_ACTION, PLAY,
                                       REVOLT, REVOLT_ACTION, Action, IllegalAction, action_to_string, burn_action,
                                       check_seat, describe, play_action)
from gouji_dsl.runtime.state import Match

if TYPE_CHECKING:
    from gouji_dsl.backends.oracle.state import Ref
    from gouji_dsl.facets import protocols


@dataclass(frozen=True)
class Seating:
    """The table facts tools and tests read as `game.r` (the fast games' name for them)."""
    players: int
    decks: int
    teams: dict[int, int]
    opposite: dict[int, int]
    report_at: int | None
    show_team_at: int | None
    watch_after_out: bool
    tribute_enabled: bool
    pattern_plays: bool  # plays of runs, bombs and wilds (Shuangkou): runtime.patterns' play tuples


class OracleGame(Setup, Table):
    """One game, played by the rules of `ref.v` through their interpreter hooks."""

    def __init__(self, ref: Ref, seed: int | str | bytes | float | None = None, match: Match | None = None,
                 deal: bool = True, hands: object = None):
        if seed is not None and type(seed) not in (int, str, bytes, float):
            raise ValueError(f"a seed is an int or a string, not {describe(seed)}")
        if match is not None and not isinstance(match, Match):
            raise ValueError(f"match is a game.Match (from next_match()), not {describe(match)}")
        self.ref = ref
        self.v = ref.v
        self.seed = seed
        self.match = match or Match()
        self._history = []
        self.log = []
        self._rng = random.Random(seed)
        self.phase = PHASE_PLAY
        self.phase_seats = []
        self._legal = None
        self._given = None if hands is None else self._check_deal(hands)  # the first deal, instead of a shuffle
        if deal:
            self._deal()

    @property
    def r(self) -> Seating:
        v, seats = self.v, ask("table.players", self)
        return Seating(v.table.players, v.table.decks, {s: ask("table.teams", self, s) for s in seats},
                       {s: ask("table.opposites", self, s) for s in seats},
                       v.info.report_at, v.info.show_team_at, v.info.watch_after_out,
                       "tribute" in v.sections and v.tribute.enabled, self.ref.pattern_plays)

    # --- what may be done ----------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or -1 when the game is over."""
        return -1 if self.terminal else self.cur

    def is_terminal(self) -> bool:
        return self.terminal

    def legal_actions(self) -> list[Action]:
        """The current player's actions, sorted: pass, defer, declare, revolt, burns, plays."""
        if self._legal is None or self._legal[0] != len(self._history):  # computed once per position
            self._legal = (len(self._history), self._list_legal_actions())
        return list(self._legal[1])

    def legal_action_count(self) -> int:
        """`len(legal_actions())`."""
        return len(self.legal_actions())

    def legal_action(self, index: int) -> Action:
        """`legal_actions()[index]`."""
        legal = self.legal_actions()
        if index.__class__ is not int or not 0 <= index < len(legal):
            raise IndexError(f"{describe(index)} is not the index of a legal action: there are {len(legal)}")
        return legal[index]

    def _list_legal_actions(self) -> list[Action]:
        if self.terminal:
            return []
        if self.phase == PHASE_DECLARE:
            return [PASS_ACTION, DECLARE_ACTION]
        if self.phase == PHASE_REVOLT:
            return [PASS_ACTION, REVOLT_ACTION]
        seat = self.cur
        if self.top is None:
            return list(self.ref.lead_actions(tuple(self.hands[seat - 1])))
        actions = [PASS_ACTION]
        if ask("flow.defer", self, seat):
            actions.append(DEFER_ACTION)
        plays = sorted(self._beating_plays(seat))
        final = self._final_play(seat)  # 最后一手走: all its cards, whatever the top play is
        if seat in self.burners_pending:
            actions += [burn_action(p, self.ref.kinds) for p in ask("burning.first_play_needs_joker", self, plays)]
            return actions + ([play_action(final, self.ref.kinds)] if final is not None else [])
        if final is not None:
            # Asked for its final play, maybe only for it: its other plays only where it may beat the top.
            plays = sorted(set(plays if self._may_beat(seat) else []) | {final})
        actions += [play_action(p, self.ref.kinds) for p in plays]
        return actions

    # --- acting ----------------------------------------------------------------------------------

    def apply_action(self, action: Action | str, seat: int | None = None) -> None:
        """Apply the current player's action (`seat`, if given, must be theirs). Anything
        else raises IllegalAction and changes nothing: form first, then turn, then legality."""
        action = offered_action(action, self.ref)  # its own reading, not the fast engine's
        if self.terminal:
            raise IllegalAction("the game is over")
        if seat is not None and (seat.__class__ is not int or seat != self.cur):
            raise IllegalAction(self._not_your_turn(check_seat(seat, self.v.table.players, IllegalAction), action))
        legal = next((a for a in self.legal_actions() if a == action), None)
        if legal is None:
            raise IllegalAction(self._why_illegal(action))
        action = legal  # the game's own Action, as legal_actions gave it
        seat = self.cur
        self._history.append(action)
        self.log.append((seat, action))
        if self.phase in (PHASE_DECLARE, PHASE_REVOLT):
            self._phase_choice(seat, action.kind in (DECLARE, REVOLT))
        elif action.kind == PASS:
            self._pass(seat)
        elif action.kind == DEFER:
            self._defer(seat)
        else:
            assert action.play is not None  # a play or a burn: legal_actions gave it with its cards
            self._play(seat, action.play, burn=action.kind == BURN)

    def _not_your_turn(self, seat: int, action: Action) -> str:
        owner = self.top_seat
        if (self.phase == PHASE_PLAY and self.top is not None and action.kind in (PLAY, BURN)
                and self._gouji_in_force() and ask("flow.gouji_answer", self)):
            opposite = ask("table.opposites", self, owner)
            if seat != opposite and seat not in self.headless and owner not in self.headless:
                return f"seat {seat} may not answer a 级牌 of seat {owner}: only seat {opposite} (opposite) or a burner may"
        if seat in self.place_of:
            return f"seat {seat} has finished (place {self.place_of[seat]}) and plays no more"
        return f"it is seat {self.cur}'s turn, not seat {seat}'s"

    def _why_illegal(self, action: Action) -> str:
        seat = self.cur
        if self.phase in (PHASE_DECLARE, PHASE_REVOLT):
            choices = " or ".join(a.kind for a in self.legal_actions())
            return f"seat {seat} must choose {choices} now, not {action_to_string(action)}"
        if action.kind == PASS and self.top is None:
            return f"seat {seat} leads and may not pass"
        if action.kind == DEFER:
            return f"seat {seat} may not defer (让牌) now: only the opposite of a non-级牌 play, first to answer it, may"
        if action.play is not None:
            cards = self.ref.play_cards(action.play)
            shown = self.ref.format_cards(action.play)
            if not self.ref.is_play(action.play):
                return f"{shown} is not a legal play"
            if any(a > b for a, b in zip(cards, self.hands[seat - 1])):
                return f"seat {seat} does not hold {shown}"
            if self.top is not None and self._gouji_in_force() and action.kind == PLAY and seat in self.burners_pending:
                opposite = ask("table.opposites", self, self.top_seat)
                return (f"seat {seat} may answer the 级牌 of seat {self.top_seat} only by burning it "
                        f"('burn {shown}'): only seat {opposite} (opposite) answers it plainly")
            if action.kind == BURN:
                return f"seat {seat} may not burn (烧牌) this play: a burn answers a 级牌 of a player who is not one's opposite"
            broken = self._rank_rule_broken(self.hands[seat - 1], action.play)
            if broken:
                return broken
            final = self._final_play(seat) if self.top is not None else None
            if final is not None and not self._may_beat(seat):
                return (f"seat {seat} may not answer seat {self.top_seat}'s play: it may only go out with all its "
                        f"cards, 'play {self.ref.format_cards(final)}' ([plays] final_play)")
            if self.top is not None:
                return f"{shown} does not beat {self.ref.format_cards(self.top)}"
            if self.v.threes.threes_last and action.play[0] == 0:
                return "3s may only be played as one's last play, all of them together (憋三)"
        return f"{action_to_string(action)} is not allowed now"

    def _rank_rule_broken(self, hand: list[int], play: Play) -> str | None:
        """Why a play from the whole hand `hand` breaks its rank's row of [ranks] constraints."""
        count = sum(rt.cards_of(play))
        for row in self.v.ranks.constraints:
            if rt.INDEX[row.rank] != play[0]:
                continue
            r, natural = row.rank, play[1]
            if row.single and natural != 1:
                return f"{r}s may only be played one at a time ([ranks] single)"
            if row.bare and count != natural:
                return f"{r}s may only be played with no 2s or jokers attached ([ranks] bare)"
            if row.all_at_once and natural != hand[play[0]]:
                return f"{r}s may only be played all together, every {r} one holds ([ranks] all_at_once)"
            if row.last_only and count != sum(hand):
                return f"{r}s may only be played as one's last play ([ranks] last_only)"
        return None

    # --- what happened ---------------------------------------------------------------------------

    def history(self) -> list[Action]:
        return list(self._history)

    def transcript(self) -> list[str]:
        """The game so far, readable: deal, tributes, every action, burns, places, scores."""
        return [e if isinstance(e, str) else f"seat {e[0]}: {action_to_string(e[1])}" for e in self.log]

    def places(self) -> dict[int, int]:
        return dict(sorted(self.place_of.items()))

    def result(self) -> OracleResult:
        """The game as docs/conformance.md's `result`."""
        finish = sorted(self.place_of, key=lambda seat: self.place_of[seat])
        if self.ref.pattern_plays:
            return {"finish": finish, "bombs": [list(b) for b in self.bombs]}
        return {"finish": finish, "opened": sorted(self.opened),
                "declared": sorted(self.declared), "burns": [list(b) for b in self.burns_done],
                "men": [list(m) for m in self.men]}

    def returns(self) -> list[int | Fraction]:
        return list(self.scores) if self.terminal and self.scores is not None else [0] * self.v.table.players

    def next_match(self) -> Match:
        """The match after this finished game, for the next game's tribute and leader."""
        if not self.terminal:
            raise IllegalAction("the game is not over")
        redraw = bool(self.finish_order) and ask("results.redraw_after", self)  # S13: 明牌 again
        return Match(results=self.match.results + [self.result()],
                     first_out=self.finish_order[0] if self.finish_order and not redraw else None)

    def clone(self) -> OracleGame:
        """An independent copy, field by field of `OracleState`: lists, sets and dicts are copied
        (lists of lists one level deeper: hands), the random generator too; the rest (the
        reference and its model, the match, numbers, tuples) is shared, as nothing changes it."""
        other = OracleGame.__new__(OracleGame)
        for field in dataclasses.fields(self):
            setattr(other, field.name, _copied(getattr(self, field.name)))
        return other

    def observation(self, seat: int) -> dict[str, object]:
        """What `seat` may see: its hand, the table, and what 报牌 / 看牌 show.
        ValueError if `seat` is not one of the seats."""
        check_seat(seat, self.v.table.players)
        hands = {seat: self.ref.format_cards(self.hands[seat - 1])}
        counts: dict[int, int] = {}
        for other in ask("table.players", self):
            if other == seat:
                continue
            left = 0 if (self.terminal and other in self.place_of) else sum(self.hands[other - 1])
            if ask("info.report_at", self, left):
                counts[other] = left
            if ask("info.show_team_at", self, seat, other, left):
                hands[other] = self.ref.format_cards(self.hands[other - 1])
        watched = ask("info.watch_after_out", self, seat)
        if watched is not None:
            hands[watched] = self.ref.format_cards(self.hands[watched - 1])
        return {
            "seat": seat,
            "phase": self.phase,
            "current_player": self.current_player(),
            "hands": hands,
            "card_counts": counts,
            "table": None if self.top is None else {"seat": self.top_seat, "cards": self.ref.format_cards(self.top)},
            "places": self.places(),
            "opened": sorted(self.opened),
            "declared": sorted(self.declared),
        }


def _copied(value: object) -> object:
    """A field's value for a clone (OracleGame.clone)."""
    if isinstance(value, list):
        return [list(x) if isinstance(x, list) else x for x in value]
    if isinstance(value, set):
        return set(value)
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, random.Random):
        copy = random.Random()
        copy.setstate(value.getstate())
        return copy
    return value


if TYPE_CHECKING:
    def _as_hooks_see_it(game: OracleGame) -> protocols.Game:
        return game  # the type checker holds the game to the hooks' view of it (facets.protocols)
