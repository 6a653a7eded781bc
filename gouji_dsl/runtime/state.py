"""The data a game works on: the variant's `Rules`, the `Match` carried between
games, and the game's own state as one dataclass.

`State` lists every field of a game with its type, the value it has before the deal
and its scope: "game" fields are set once when the game is made, "deal" fields start
afresh at each deal (and redeal, and `new_position`), "round" fields when a round
starts. Resetting, `clone` and `_take_state` go over that list, so a field added here
is reset and copied without a second list, in the unspecialised flow and in every
specialised engine (backends/specialise writes those methods out from it).
"""
from __future__ import annotations

import dataclasses
import importlib
import operator
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, Any, SupportsIndex, TypedDict, TypeVar

from gouji_dsl.runtime import cards as rt
from gouji_dsl.runtime.actions import Action
from gouji_dsl.runtime.cards import mypyc_attr as mypyc_attr  # flow and setup import it from here

if TYPE_CHECKING:
    from gouji_dsl.runtime.flow import Game
    from gouji_dsl.runtime.pattern_kinds import PatternKinds, PatternPlay


# Caches kept per engine (keyed by its Rules or one of its functions) start afresh beyond this many
# engines: a long process building one house rule after another (an editor, a soak) would
# otherwise keep every engine it ever built alive through them.
MOST_ENGINES = 64

# The fields of `Rules` the engine that builds it fills with its card functions (not the rules'
# settings; tests/test_codegen.py tells the two apart by this list).
CARD_FUNCTIONS = ("classify", "is_gouji", "answers", "plays", "lead_actions", "can_burn", "counts_for_open",
                  "may_revolt", "redeal_if", "tributes", "score", "graduated", "final_play_of",
                  "then_lead_ok")


@dataclass(frozen=True)
class Rules:
    """Everything the flow needs from a variant, resolved once. The data fields are the rules'
    registered `spec.Setting`s, written between the marker lines below by `gouji build`
    (backends/rules_class.py; never edit them); the card functions come from the engine that
    builds the Rules."""

    name: str
    # The card functions (CARD_FUNCTIONS), typed as the flow calls them; each line says what the
    # function takes and gives.
    classify: Callable[[tuple[int, ...]], rt.Classified | PatternPlay]  # the counts of cards -> are they one play
    is_gouji: Callable[[tuple[int, ...]], bool]  # play tuple -> is it a 级牌
    answers: Callable[[list[int], tuple[int, ...]], list[tuple[int, ...]]]  # (hand, top) -> the plays beating top
    plays: Callable[[Sequence[int]], list[tuple[int, ...]]]  # hand -> every play of the hand
    lead_actions: Callable[[list[int]], list[Action]]  # hand -> a leader's sorted actions
    can_burn: Callable[[list[int], tuple[int, ...], list[tuple[int, ...]]], bool]  # (hand, top, answers) -> may it burn
    counts_for_open: Callable[[tuple[int, ...]], bool]  # play tuple -> does it count ([open] counts)
    may_revolt: Callable[[tuple[int, ...]], bool]  # hand -> may it revolt ([revolution] condition)
    redeal_if: Callable[[list[int]], bool]  # dealt hand -> is the deal dealt again ([table] redeal_if)
    tributes: Callable[[Mapping[str, object]], list[rt.Tribute]]  # result -> the tributes it owes
    score: Callable[[Mapping[str, object]], list[int | Fraction]]  # result -> each seat's score
    graduated: Callable[[list[GameResult]], set[int]]  # match results -> seats open by 点贡毕业
    # --- the settings: written by `gouji build` from the rules' spec.Settings (backends/rules_class.py) ---
    players: int  # table.players
    decks: int  # table.decks
    cards_per_player: int  # table.cards_per_player
    teams: dict[int, int]  # table.teams
    opposite: dict[int, int]  # table.opposites
    first_leader: str  # table.first_leader
    first_seat: int | None  # table.first_seat
    first_card: str | None  # table.first_card
    deck_counts: tuple[int, ...]  # table.copies
    card_kinds: tuple[str, ...]  # cards.extra
    gouji_answer_anyone: bool  # flow.gouji_answer
    defer: bool  # flow.defer
    defer_any_play: bool  # flow.defer_to
    pass_rule: str  # flow.pass_rule
    lead_return_circles: int  # flow.lead_return_circles
    going_out_gouji: str  # flow.going_out_gouji
    take_over: tuple[Any, ...]  # flow.take_over
    answer_play: tuple[Any, ...]  # flow.answer_play
    ends_all_out: bool  # end.ends_when
    remaining: tuple[Any, ...]  # end.remaining
    sweep_ends: bool  # end.sweep
    place_names: tuple[str, ...]  # end.places
    final_play: bool = False  # plays.final_play
    rank_rules: tuple[tuple[int, bool, bool, bool, bool], ...] = ()  # ranks.constraints
    threes_last: bool = False  # threes.threes_last
    men_out: bool = False  # threes.men_out
    buy_ranks: tuple[str, ...] = ()  # buy.ranks
    buy_sellers: tuple[str, ...] = ()  # buy.sellers
    buy_price: tuple[str, ...] = ()  # buy.price
    buy_no_price: str = 'no_sale'  # buy.no_price
    buy_seller_min: int = 0  # buy.seller_min
    buy_order: str = 'by_round'  # buy.order
    buy_count_from: tuple[Any, ...] = ('first', ('call', 'next', ('var', 'buyer')))  # buy.count_from
    buy_teammates_paid: bool = False  # buy.teammates_paid
    answer_gouji: tuple[Any, ...] = ('const', False)  # flow.answer_gouji
    chaos_starts_at: int | None = None  # chaos.starts_at
    chaos_after_first_out_with_revolution: bool = False  # chaos.after_first_out_with_revolution
    chaos_circles: int = 1  # chaos.lead_return_circles
    chaos_answer: tuple[Any, ...] = ('not', ('call', 'passed', ('var', 'answerer')))  # chaos.answer
    burn_allowed: bool = False  # burning.allowed
    teammates_may_burn: bool = False  # burning.teammates_may_burn
    burn_after_pass: bool = False  # burning.after_pass
    burn_ask_order: tuple[int | str, ...] = ()  # burning.ask_order
    first_play_needs_joker: bool = False  # burning.first_play_needs_joker
    failure_leader: tuple[Any, ...] = ('first', ('call', 'next', ('var', 'burner')))  # burning.failure_leader
    burned_back: bool = False  # burning.burned_back
    lift: tuple[Any, ...] = ('const', False)  # burning.lift
    counter_burn: bool = False  # burning.counter_burn
    joker_check_leads_only: bool = False  # burning.joker_check
    burn_can_fail: bool = False  # burning.can_fail
    burn_who: tuple[Any, ...] = ('const', False)  # burning.who
    burn_free_after_rounds: int | None = None  # burning.free_after_rounds
    headless_cause: str | None = None  # headless.cause
    open_method: str = 'none'  # open.method
    declare: bool = False  # open.declare
    open_then_lead: bool = False  # open.then_lead
    revolution: bool = False  # revolution.allowed
    redeal_at: int = 0  # revolution.redeal_at
    revolution_place: int = 0  # revolution.place
    auto_open: bool = False  # revolution.auto_open
    report_at: int | None = None  # info.report_at
    show_team_at: int | None = None  # info.show_team_at
    watch_after_out: bool = False  # info.watch_after_out
    returned: bool = False  # tribute.returned
    mutual_dian_returned: bool = False  # tribute.mutual_dian_returned
    return_not_above_received: bool = False  # tribute.return_limit
    return_from_dealt: bool = False  # tribute.return_from_dealt
    no_single_return: bool = False  # tribute.no_single_return
    win_draw_loss: bool = False  # scoring.outcome
    redraw_after_winners: tuple[tuple[int, ...], ...] = ()  # results.redraw_after
    # --- end of the settings ---
    # Plays of another shape than Gouji's one rank (Shuangkou's runs, bombs and wilds: [plays]
    # shape = patterns): the notation reads, writes and checks them (runtime.pattern_kinds:
    # `lead_ok(hand, play)` too), and a play tuple ends with the 15 counts of the cards it
    # takes from the hand. Set by the engine that builds the Rules.
    notation: PatternKinds | None = None
    # (hand, top) -> whether any play beats top, without listing them
    has_answer: Callable[[list[int], tuple[int, ...]], bool] | None = None
    # (hand, top) -> the sorted play Actions of `answers`
    answer_actions: Callable[[list[int], tuple[int, ...]], list[Action]] | None = None
    # hand -> the play of all its cards when it goes out whatever the table holds ([plays] final_play),
    # else None: given by an engine whose variant has the rule (the setting final_play says so)
    final_play_of: Callable[[list[int]], tuple[int, ...] | None] | None = None
    # play tuple -> does this lead complete a pending 开点 ([open] then_lead): given by an engine whose
    # variant has the rule (the setting open_then_lead says so)
    then_lead_ok: Callable[[tuple[int, ...]], bool] | None = None

    @property
    def pattern_plays(self) -> bool:
        return self.notation is not None

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[object, ...]:
        # A generated engine's Rules pickles (and deep-copies) as a reference to its module's
        # RULES: small, and the copy shares the engine's functions and notation. Other Rules
        # (the reference interpreter's) pickle field by field.
        module = sys.modules.get(getattr(self.classify, "__module__", "") or "")
        if module is not None and getattr(module, "RULES", None) is self:
            return (rules_of_module, (module.__name__,))
        return super().__reduce_ex__(protocol)


class GameResult(TypedDict, total=False):
    """A finished game as docs/conformance.md's `result` (`Game.result()`): a Gouji game's
    finish, opened, declared, burns and men; a pattern game's finish and bombs."""

    finish: list[int]           # seats in place order
    opened: list[int]
    declared: list[int]
    burns: list[list[int]]      # [burner, burned]
    men: list[list[int]]        # [seat, beater]
    bombs: list[list[int]]      # [seat, lines]


@dataclass
class Match:
    """What carries from one game of a match to the next."""

    results: list[GameResult] = field(default_factory=list)  # result dicts of finished games, oldest first
    first_out: int | None = None                     # 头科 of the previous game

    def previous(self) -> list[dict[str, list[int]]]:
        return [{"opened": list(r.get("opened", ()))} for r in self.results]


class Phase(str, Enum):
    """The part of the deal the game is in. The members are the strings users see
    (`observation(...)["phase"]`, `game.phase == "play"`) and print as them."""

    DECLARE = "declare"   # 宣点: each seat in turn declares or passes
    REVOLT = "revolt"     # 革命: each seat whose hand qualifies revolts or passes
    PLAY = "play"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return repr(self.value)


def _no_cards() -> list[int]:
    return [0] * 15


# The three kinds of field. Any, as in `dataclasses.field`, which they call: a default (or what a
# factory makes) is of its field's type, and what they return stands in the class body for a value
# of that type.
def _game(default: Any = dataclasses.MISSING, factory: Any = dataclasses.MISSING) -> Any:
    """A field set when the game is made (`_init_state`) and kept across deals."""
    return field(default=default, default_factory=factory, init=False, repr=False, metadata={"scope": "game"})


def _deal(default: Any = dataclasses.MISSING, factory: Any = dataclasses.MISSING) -> Any:
    """A field that starts afresh at each deal."""
    return field(default=default, default_factory=factory, init=False, repr=False, metadata={"scope": "deal"})


def _round(default: Any = dataclasses.MISSING, factory: Any = dataclasses.MISSING) -> Any:
    """A field that starts afresh at each round (each new lead)."""
    return field(default=default, default_factory=factory, init=False, repr=False, metadata={"scope": "round"})


def _copy_hands(hands: list[list[int]]) -> list[list[int]]:
    return [list(h) for h in hands]


def _copy_rng(rng: random.Random) -> random.Random:
    other = random.Random()
    other.setstate(rng.getstate())
    return other


def _copy_trail(trail: list[tuple[int, Game]] | None) -> list[tuple[int, Game]] | None:
    # The checkpoints themselves are shared: nothing changes them (undo starts from a copy).
    return None if trail is None else list(trail)


# How clone copies a field whose value is mutable; other fields are shared (ints,
# tuples, None, the Rules and the Match, which a game never changes). The random source
# is copied only before play: from the first lead on, nothing draws from it.
COPIERS: dict[str, Callable[..., object]] = {"hands": _copy_hands, "dealt": _copy_hands, "_rng": _copy_rng,
                                             "_trail": _copy_trail}


_Self = TypeVar("_Self", bound="State")  # the class of a game at hand (clone, unpickling)


@mypyc_attr(native_class=False)  # the unspecialised flow: a Python class, compiled or not
@dataclass(init=False, eq=False, repr=False)
class State:
    """Everything a game is at one moment. `Game` (runtime.flow) adds the moves.

    Every attribute a game has is a field here, with its type and its scope: "game" fields
    are set by `_init_state` and kept, "deal" and "round" fields start afresh (from their
    defaults) at each deal and each round. The methods that go over all the fields
    (`_reset_deal`, `_reset_round`, `clone`, `_take_state`) read this list; a specialised
    engine (backends/specialise) writes them out field by field from the same list."""

    # --- the game ---
    r: Rules = _game()
    seed: Any = _game(None)                      # Any: whatever the caller seeds random.Random with
    match: Match = _game()
    log: list[str | tuple[int, Action]] = _game()  # transcript events: strings, or (seat, action)
    _history: list[Action] = _game()             # the actions applied, in order
    _rng: random.Random = _game()
    # The variant's card notation: a runtime.cards.Kinds, or a pattern notation (runtime.pattern_kinds)
    # whose own methods (holds, lead_ok ...) the flow calls once the rules say the plays are patterns.
    # Any: the type does not follow from the flag, and a compiled engine looks those methods up by name.
    kinds: Any = _game()
    # Where `undo_action` starts again: the random state of the deal, or a copy of a set-up position.
    _start: tuple[Any, ...] | Game | None = _game(None)  # Any: random.Random.getstate's parts
    _given_deal: tuple[tuple[int, ...], ...] | None = _game(None)  # the first deal, when `new_game` was given one
    _deal_pending: bool = _game(False)           # the next deal is `_given_deal` (no shuffle)
    _page_at: tuple[int, int] = _game((0, 0))    # runtime.action_ids: (actions applied, page shown)
    _trail: list[tuple[int, Game]] | None = _game(None)  # undo checkpoints: [(actions applied, copy of the game)]

    # --- the deal ---
    phase: Phase = _deal(Phase.PLAY)
    phase_seats: list[int] = _deal(factory=list)     # seats still to choose in the declare / revolt phase
    hands: list[list[int]] = _deal(factory=list)     # per seat (index seat - 1), a 15-count list
    dealt: list[list[int]] = _deal(factory=list)     # the hands as dealt, before tribute
    dead: list[int] = _deal(factory=_no_cards)       # cards of failed burners, out of play
    played: list[int] = _deal(factory=_no_cards)     # cards played to the table this game
    tribute_log: list[dict[str, str | int]] = _deal(factory=list)  # kind, from, to, cards (as text)
    declared: set[int] = _deal(factory=set)
    revolters: list[int] = _deal(factory=list)
    revolutionary: int | None = _deal(None)
    place_of: dict[int, int] = _deal(factory=dict)   # seat -> place, for every seat without cards
    finish_order: list[int] = _deal(factory=list)    # seats as they went out normally
    failed: list[int] = _deal(factory=list)          # failed burners, in order
    opened: set[int] = _deal(factory=set)
    pending_open: set[int] = _deal(factory=set)      # 待开点: opened by a 级牌, waiting for the lead that completes it ([open] then_lead)
    forfeited: set[int] = _deal(factory=set)         # 废点: forfeited 开点 for this game ([open] then_lead)
    burns_done: list[list[int]] = _deal(factory=list)  # [burner, burned] of successful burns
    men: list[list[int]] = _deal(factory=list)       # [seat, beater] of 憋三 players beaten before their 3s
    headless: set[int] = _deal(factory=set)          # 无头 players
    chaos: bool = _deal(False)                       # 四户乱缠 has begun
    obligation: set[int] = _deal(factory=set)        # burners still bound by the joker-carry rule
    burn_of: dict[int, int] = _deal(factory=dict)    # burner -> the player they burned
    # burner -> the 级牌 they burned (back on the table if they fail, D15)
    burned_play: dict[int, tuple[int, ...]] = _deal(factory=dict)
    bombs: list[list[int]] = _deal(factory=list)     # [seat, lines] of every bomb played (plays with lines: Shuangkou)
    gouji_rounds: dict[int, int] = _deal(factory=dict)  # seat -> rounds in which it played a 级牌 in force (burn_free_after_rounds)
    terminal: bool = _deal(False)
    _legal: list[Action] | None = _deal(None)        # cache of the current legal actions
    _scores: list[int | Fraction] | None = _deal(None)

    # --- the round ---
    cur: int = _round(1)                             # the seat to act
    top: tuple[int, ...] | None = _round(None)       # the play to beat, None when leading
    top_seat: int | None = _round(None)
    top_gouji: bool = _round(False)
    top_free: bool = _round(False)                   # anyone may answer (底牌 of a player going out)
    top_opposite_only: bool = _round(False)
    top_out_gouji: bool = _round(False)              # a 级牌 that went out before 四户乱缠: it may still open (D26)
    passed: set[int] = _round(factory=set)
    passed_plain: set[int] = _round(factory=set)     # passes on non-级牌 plays (qingdao's 无头 rule)
    defer_used: set[int] = _round(factory=set)
    burners_pending: set[int] = _round(factory=set)
    burn_candidates: set[int] = _round(factory=set)
    before_threes: set[int] = _round(factory=set)    # players whose standing play comes right before their final 3s
    queue: list[int] = _round(factory=list)          # who is asked next about the top play
    circles: int = _round(0)
    played_in_round: set[int] = _round(factory=set)  # seats whose play stood on the table in this round (once_per_round)
    last_chance_used: bool = _round(False)           # once_per_round: the leader's opposite was asked again (F5)
    gouji_this_round: set[int] = _round(factory=set)  # seats that played a 级牌 in force in this round
    _answers_cache: dict[int, list[tuple[int, ...]]] = _round(factory=dict)  # seat -> its plays that beat the top

    def _init_state(self, rules: Rules, seed: Any, match: Match, log: list[str | tuple[int, Action]] | None = None,
                    rng: random.Random | None = None) -> None:
        """Every field: the game ones from the arguments, the deal and round ones from their defaults."""
        self.r = rules
        self.seed = seed
        self.match = match
        self.log = [] if log is None else log
        self._history = []
        self._rng = random.Random(seed) if rng is None else rng
        # The card notation of the variant: its extra card kinds included.
        self.kinds = rules.notation or rt.kinds(rules.card_kinds[15:])
        self._start = None
        self._given_deal = None
        self._deal_pending = False
        self._page_at = (0, 0)
        self._trail = None
        self._reset_deal()
        self._reset_round()

    def _reset_deal(self) -> None:
        """Every deal field back to its value before the deal."""
        fixed, made = _RESETS["deal"]
        values = self.__dict__
        values.update(fixed)
        for name, factory in made:
            values[name] = factory()

    def _reset_round(self) -> None:
        """Every round field back to its value before the round (a round starts often: one
        update for the immutable defaults)."""
        fixed, made = _RESETS["round"]
        values = self.__dict__
        values.update(fixed)
        for name, factory in made:
            values[name] = factory()

    def _new_deal(self, hands: Sequence[Sequence[int]]) -> None:
        """The one initialiser of a deal, shared by dealing and `new_position`:
        every deal and round field afresh, with these hands."""
        self._reset_deal()
        self._reset_round()
        if len(self.r.card_kinds) != 15:  # extra card kinds: longer vectors
            self.dead = [0] * len(self.r.card_kinds)
            self.played = [0] * len(self.r.card_kinds)
        self.hands = [list(h) for h in hands]
        self.dealt = [list(h) for h in hands]

    def _new_round(self, leader: int) -> None:
        self._reset_round()
        self.cur = leader

    def _holding(self, seat: int) -> bool:
        # Every seat without cards has a place (out, failed burner, or revolutionary).
        return seat not in self.place_of

    def _holders(self) -> list[int]:
        return [s for s in range(1, self.r.players + 1) if s not in self.place_of]

    def _next_holder(self, seat: int) -> int:
        for s in seats_after(self.r.players)[seat]:
            if s not in self.place_of:
                return s
        return seat

    # --- a player's state, as the rules' seat expressions ask it ---------------------------------
    # One method `_seat_<name>` for each function of model.expr.SEAT_FUNCTIONS (a test holds the
    # two lists equal); `_holds` evaluates a rule's expression (a Predicate: plain tuples, see
    # model/expr.py) over them. The specialiser writes a known expression into its caller, and
    # these one-line methods into the expression, so a generated engine carries no interpreter.

    def _seat_opposite(self, seat: int) -> int:
        return self.r.opposite[seat]

    def _seat_next(self, seat: int) -> int:
        return self._next_holder(seat)

    def _seat_previous(self, seat: int) -> int:
        for s in reversed(seats_after(self.r.players)[seat]):
            if s not in self.place_of:
                return s
        return seat

    def _seat_headless(self, seat: int) -> bool:
        return seat in self.headless

    def _seat_holds_top(self, seat: int) -> bool:
        return seat == self.top_seat

    def _seat_played(self, seat: int) -> bool:
        return seat in self.played_in_round

    def _seat_failed(self, seat: int) -> bool:
        return seat in self.failed

    def _seat_forfeited(self, seat: int) -> bool:
        return seat in self.forfeited

    def _seat_sits_out(self, seat: int) -> bool:
        return seat == self.revolutionary

    def _seat_opened(self, seat: int) -> bool:
        return seat in self.opened

    def _seat_passed(self, seat: int) -> bool:
        return seat in self.passed

    def _seat_passed_plain(self, seat: int) -> bool:
        return seat in self.passed_plain

    def _seat_out(self, seat: int) -> bool:
        return not self._holding(seat)

    def _seat_teammate(self, seat: int, other: int) -> bool:
        return self.r.teams[seat] == self.r.teams[other]

    def _seat_cards_left(self, seat: int) -> int:
        return sum(self.hands[seat - 1])

    def _seat_number(self, seat: int) -> int:
        return seat

    def _seat_distance(self, seat: int, other: int) -> int:
        return 0 if other == seat else seats_after(self.r.players)[seat].index(other) + 1

    def _holds(self, predicate: tuple[Any, ...], **seats: int) -> Any:
        """The value of a rule's expression `predicate` (a seat expression of model/expr.py in
        plain tuples) for the seats named by its variables, in this state."""
        op = predicate[0]
        if op == "const":
            return predicate[1]
        if op == "var":
            return seats[predicate[1]]
        if op == "call":
            method = getattr(self, "_seat_" + predicate[1])
            return method(*(self._holds(arg, **seats) for arg in predicate[2:]))
        if op == "first":  # a list of players: the first still holding cards, else the last
            for player in predicate[1:-1]:
                seat = self._holds(player, **seats)
                if not self._seat_out(seat):
                    return seat
            return self._holds(predicate[-1], **seats)
        if op == "keys":  # numbers to rank by
            return tuple(self._holds(key, **seats) for key in predicate[1:])
        if op == "not":
            return not self._holds(predicate[1], **seats)
        if op == "neg":
            return -self._holds(predicate[1], **seats)
        if op == "and":
            return self._holds(predicate[1], **seats) and self._holds(predicate[2], **seats)
        if op == "or":
            return self._holds(predicate[1], **seats) or self._holds(predicate[2], **seats)
        return _OPERATORS[op](self._holds(predicate[1], **seats), self._holds(predicate[2], **seats))

    def clone(self: _Self) -> _Self:
        """An independent copy: later moves on either leave the other unchanged."""
        other = object.__new__(type(self))
        values = other.__dict__
        values.update(self.__dict__)
        for name in _COPIED:
            copier = COPIERS.get(name)
            if copier is None:
                values[name] = values[name].copy()
            elif name != "_rng" or self.phase is not Phase.PLAY:
                values[name] = copier(values[name])
        return other

    def _take_state(self, other: "State") -> None:
        """Become `other` (its fields, not copies of them): `undo_action` replays into a new game
        and takes its state."""
        values = self.__dict__
        values.clear()
        values.update(other.__dict__)

    def __deepcopy__(self: _Self, memo: dict[int, object]) -> _Self:
        # `clone` copies what a game changes and shares what it never does (the Rules, the
        # Match, tuples): a deep copy that way is independent and some twenty times cheaper.
        return self.clone()

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled as its class and its fields' values, in FIELDS order (the Rules as a reference
        # to its engine's RULES): the same for the unspecialised and every specialised Game. Not
        # its undo checkpoints (copies of the game: the copy undoes by replaying, then keeps its own).
        return (restore_game, (type(self), tuple(None if f.name == "_trail" else getattr(self, f.name) for f in FIELDS)))


FIELDS = tuple(dataclasses.fields(State))


def restore_game(cls: type[_Self], values: tuple[object, ...]) -> _Self:
    """A game of class `cls` with these field values (in FIELDS order): unpickling."""
    if len(values) != len(FIELDS):
        raise ValueError(f"a pickled game holds {len(FIELDS)} fields, not {len(values)}: "
                         "it was pickled by another version of gouji-dsl")
    game = cls.__new__(cls)
    for f, value in zip(FIELDS, values):
        setattr(game, f.name, value)
    return game


def field_values(game: object) -> dict[str, Any]:  # Any: each field's value is of its own type
    """Every field of a game by name (its whole state: what `clone` copies)."""
    return {f.name: getattr(game, f.name) for f in FIELDS}


def _resets(scope: str) -> tuple[dict[str, object], tuple[tuple[str, Callable[[], object]], ...]]:
    """The fields of `scope`: {name: default} of those with a fixed default, and
    (name, factory) of those made afresh each time."""
    fields = [f for f in FIELDS if f.metadata["scope"] == scope]
    fixed = {f.name: f.default for f in fields if f.default_factory is dataclasses.MISSING}
    return fixed, tuple((f.name, f.default_factory) for f in fields if f.default_factory is not dataclasses.MISSING)


_RESETS = {"deal": _resets("deal"), "round": _resets("round")}
# The fields clone copies: those whose values can change in place.
_COPIED = tuple(f.name for f in FIELDS if f.name in COPIERS or f.default_factory in (list, set, dict, _no_cards)
                or f.name in ("log", "_history"))


def seat_after(seat: int, players: int) -> int:
    return seat % players + 1


# The operators of a rule's expression with two operands evaluated (and, or short-circuit).
_OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
    "+": operator.add, "-": operator.sub, "*": operator.mul}

_SEATS_AFTER: dict[int, dict[int, tuple[int, ...]]] = {}


def seats_after(players: int) -> dict[int, tuple[int, ...]]:
    """For each seat, the other seats in playing order starting after it."""
    table = _SEATS_AFTER.get(players)
    if table is None:
        table = _SEATS_AFTER[players] = {
            seat: tuple((seat + k - 1) % players + 1 for k in range(1, players)) for seat in range(1, players + 1)}
    return table


def rules_of_module(name: str) -> Rules:
    """The Rules of the generated engine module `name` (for unpickling a game): a standard
    variant's module is imported; a user's engine, built in memory, must be loaded already."""
    module = sys.modules.get(name)
    if module is None:
        try:
            module = importlib.import_module(name)
        except ImportError:
            raise ValueError(f"cannot find the engine {name!r} of this game: load its variant first "
                             "(an engine built from a rule file lives only in the process that built it)") from None
    rules: Rules = module.RULES  # a generated engine module's RULES
    return rules
