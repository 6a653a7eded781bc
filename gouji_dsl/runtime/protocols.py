"""Protocols for the type checker: what runtime code asks of objects whose class it does not name.

Nothing imports this module at run time (the modules that use it import it under TYPE_CHECKING),
and a protocol is erased by a compiled (mypyc) module: a cast to one checks nothing.

`GameView` is a game as the research API's mixins see it. The mixins of runtime.flow's `Game`
(`ActionIds`, `Resampling`, `Observing`, `Bounded`) and the functions they call take their game
as one: the unspecialised Game, or a generated engine's specialised `Game`, which is no subclass
of theirs but calls their methods with itself (backends/specialise writes those delegates). Both
have every field of runtime.state's `State`; GameView lists the fields and methods the mixins
read, with State's types, and the mixins' own methods they call on one another.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

if TYPE_CHECKING:
    import random
    from fractions import Fraction
    from types import ModuleType

    from gouji_dsl.runtime.actions import Action
    from gouji_dsl.runtime.cards import Kinds
    from gouji_dsl.runtime.flow import Game
    from gouji_dsl.runtime.observe import Observation
    from gouji_dsl.runtime.public_record import _Public
    from gouji_dsl.runtime.state import Phase, Rules
    from gouji_dsl.runtime.tensor_layout import Floats, _Spec


class OwnPlays(Protocol):
    """A card notation with plays of its own (`own_plays`: runtime.pattern_kinds' PatternNotation
    and its subclasses): what runtime.actions and PatternNotation's own methods ask of it besides
    a Kinds'."""

    def play_problem(self, play: object, most: int | None, most_jokers: int | None) -> str | None: ...

    def play_of(self, written: tuple[int, ...]) -> tuple[int, ...] | None: ...

    def parse_hand(self, text: str) -> tuple[int, ...]: ...


class NotationAction(Protocol):
    """The Action class of a notation with extra card kinds or plays of its own (runtime.actions'
    kinds_tables makes it)."""

    KINDS: ClassVar[Kinds]


class Replayed(Protocol):
    """A game, as runtime.actions' replay_history drives it."""

    def apply_action(self, action: Action | str) -> None: ...


ReplayedGame = TypeVar("ReplayedGame", bound=Replayed)
_View = TypeVar("_View", bound="GameView")


class GameView(Protocol):
    """What the research API's mixins read and change of a game (see the module docstring)."""

    # State's fields (runtime/state.py), with its types
    r: Rules
    kinds: Any  # as State's: a card notation whose methods depend on the rules
    log: list[str | tuple[int, Action]]
    _history: list[Action]
    _rng: random.Random
    _start: tuple[Any, ...] | Game | None
    _page_at: tuple[int, int]
    _trail: list[tuple[int, Game]] | None
    phase: Phase
    phase_seats: list[int]
    hands: list[list[int]]
    dealt: list[list[int]]
    tribute_log: list[dict[str, str | int]]
    revolutionary: int | None
    place_of: dict[int, int]
    finish_order: list[int]
    failed: list[int]
    men: list[list[int]]
    opened: set[int]
    forfeited: set[int]
    declared: set[int]
    headless: set[int]
    obligation: set[int]
    chaos: bool
    terminal: bool
    _legal: list[Action] | None
    cur: int
    top: tuple[int, ...] | None
    top_seat: int | None
    top_free: bool
    top_opposite_only: bool
    passed: set[int]
    played_in_round: set[int]
    _answers_cache: dict[int, list[tuple[int, ...]]]

    # the flow's (runtime/flow.py, runtime/state.py)
    def clone(self: _View) -> _View: ...

    def _legal_actions(self) -> list[Action]: ...

    def _in_force(self) -> bool: ...

    def apply_action(self, action: Action | str, seat: int | None = None) -> None: ...

    def observation(self, seat: int) -> Observation: ...

    def returns(self) -> list[int | Fraction]: ...

    # ActionIds' (runtime/action_ids.py)
    def _page(self) -> int: ...

    def _page_view(self) -> tuple[list[Action], int, bool]: ...

    def legal_action_ids(self) -> list[int]: ...

    def id_to_action(self, action_id: int) -> Action | None: ...

    def action_id_features(self, action_id: int) -> tuple[int, ...]: ...

    # Observing's (runtime/observe.py)
    def _shown_seats(self, seat: int) -> list[int]: ...

    def _statuses(self) -> list[int]: ...

    def _trick(self) -> list[tuple[int, str]]: ...

    def observe(self, seat: int) -> Observation: ...

    def _fill_observation(self, seat: int, spec: _Spec, out: Floats, base: int, public: _Public,
                          np: ModuleType) -> None: ...

    def _fill_head(self, seat: int, spec: _Spec, out: Floats, public: _Public, np: ModuleType) -> None: ...
