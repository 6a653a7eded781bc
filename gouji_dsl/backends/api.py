"""The engine API: what a generated module and the reference interpreter both provide.

Here, apart from `gouji_dsl.engines` (which loads engines), so that the code
generator can list it as a generated module's `__all__` without importing the loader.

Read in this order:

- `Engine`         a variant and its games: what most callers need (one screen);
- `Game`           one game, as `new_game`, `replay` and `new_position` return it (both engines);
- `ResearchGame`   the research API of a generated engine's game: action ids, tensors, resampling,
                   taking a move back (the reference's games have none of it);
- `CardFunctions`  the variant's card functions (what a play is, what beats what, a hand's plays);
- `Accounts`       what a finished game is worth: tributes, scores, the room's rules;
- `EngineModule`   all three of the engine's: what a generated module (its `__all__`) and the
                   reference interpreter provide, and what `engines.load` returns.
"""
from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Game(Protocol):
    """One game of a variant, in either engine: whose turn, what they may do, doing it, and what
    each seat sees and gets."""

    tribute_log: list   # the tributes and returns of the deal: {"kind", "from", "to", "cards"}

    def current_player(self) -> int: ...           # the seat to act (1-based); 0 when the game is over
    def is_terminal(self) -> bool: ...
    def legal_actions(self) -> list: ...            # the Actions the seat to act may take, sorted
    def apply_action(self, action: Any, seat: int | None = None) -> None: ...  # an Action or its text
    def history(self) -> list: ...                  # the Actions applied, in order
    def observation(self, seat: int) -> dict: ...   # what `seat` sees (never another seat's cards)
    def transcript(self) -> list[str]: ...          # the game told in words (each engine its own)
    def places(self) -> dict[int, int]: ...         # seat -> place, once decided
    def result(self) -> dict: ...                   # the finished game (docs/conformance.md `result`)
    def returns(self) -> list: ...                  # each seat's score of the finished game
    def next_match(self) -> Any: ...                # what carries to the next game of the match
    def clone(self) -> Game: ...


@runtime_checkable
class ResearchGame(Game, Protocol):
    """A generated engine's game for search and learning (OpenSpiel, PettingZoo use it)."""

    def legal_action_ids(self) -> list[int]: ...
    def apply_action_id(self, action_id: int) -> Any: ...
    def action_to_id(self, action: Any) -> int: ...
    def id_to_action(self, action_id: int) -> Any: ...
    def num_distinct_actions(self) -> int: ...
    def observation_tensor(self, seat: int, out: Any = None) -> Any: ...
    def information_state_tensor(self, seat: int, out: Any = None) -> Any: ...
    def resample_from_infostate(self, seat: int, rng: Any = None) -> ResearchGame: ...
    def undo_action(self) -> Any: ...


@runtime_checkable
class Engine(Protocol):
    """A variant and its games."""

    VARIANT: str
    PLAYERS: int

    def parse_cards(self, text: str) -> tuple: ...
    def format_cards(self, cards) -> str: ...
    def new_game(self, seed=None, match=None, deal=None) -> Game: ...  # deal: one hand per seat, instead of a shuffle
    def replay(self, history, seed=None, match=None) -> Game: ...
    def new_position(self, hands, leader, seed=None, out=None, opened=(), headless=None) -> Game: ...


@runtime_checkable
class CardFunctions(Protocol):
    """The variant's cards: what one play is, what beats what, a hand's plays, the deal."""

    def classify(self, cards) -> Any: ...
    def is_gouji(self, play) -> bool: ...
    def beats(self, play, lead) -> bool: ...
    def answers(self, hand, lead) -> list: ...
    def plays(self, hand) -> list: ...
    def lead_actions(self, hand) -> list: ...
    def opens(self, play) -> bool: ...
    def can_burn(self, hand, target, beating=None) -> bool: ...
    def returnable(self, hand, received, given, payer_hand=None, teammates=False) -> tuple: ...
    def deck(self) -> tuple: ...          # (count of each card kind in the whole deck, cards dealt to each)
    def redeal_if(self, hand) -> bool: ... # does this dealt hand make the deal be dealt again ([table] redeal_if)?
    def first_leader(self, hands) -> int | None: ...  # who leads first with these hands (None: drawn, or the previous game)
    def buy(self, hands) -> tuple: ...    # [buy] on dealt hands: (hands after the trades, the trades' log lines)


@runtime_checkable
class Accounts(Protocol):
    """What a finished game is worth, and the room's rules around the games."""

    ROOM_MODE: str

    def graduated(self, results) -> set: ...
    def tributes(self, result) -> list: ...
    def score(self, result) -> list: ...
    def leave_penalty(self, game_score, games_played, first_leaver=True) -> int: ...
    def player_rank(self, points, coins) -> str | None: ...


@runtime_checkable
class EngineModule(Engine, CardFunctions, Accounts, Protocol):
    """Everything an engine provides: a generated module's `__all__` (with codegen.EXTRA_API) and
    the reference interpreter's methods."""


# The protocols a generated module's `__all__` lists, in this order.
MODULE_PROTOCOLS = (Engine, CardFunctions, Accounts)
